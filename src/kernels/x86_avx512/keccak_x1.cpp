// One Keccak-f[1600] permutation with AVX-512 (FIPS 202 §3.3): each plane
// (row y, the five lanes A[0..4, y]) in one 512-bit register, lanes 5-7
// unused. θ's column parities are two ternary-logic XORs, ρ is one
// variable rotate per row, π a 5×5 transpose by two-source permutes, and χ
// one ternary-logic instruction per row.
#include "kernels/x86_avx512/intrinsics.hpp"

#include "kernels/x86/keccak_sliced.hpp"
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {
namespace {

using keccak::round_constants;
using keccak::rho_offsets;

// Lane indexes for the permutes (lanes 5-7 of every index are don't-cares).
inline __m512i idx(long long l0, long long l1, long long l2, long long l3, long long l4) {
  return _mm512_setr_epi64(l0, l1, l2, l3, l4, 0, 0, 0);
}

// ρ offsets of plane y, one per lane.
inline __m512i plane_rho_offsets(std::size_t y) {
  const auto r = [y](std::size_t x) { return static_cast<long long>(rho_offsets[x + 5 * y]); };
  return idx(r(0), r(1), r(2), r(3), r(4));
}

constexpr __mmask8 kPlane = 0x1f;
constexpr int kXor3 = 0x96;  // a ^ b ^ c
constexpr int kChi = 0xd2;   // a ^ (~b & c)

}  // namespace

void keccak_f1600_x1(std::uint64_t state[keccak_lanes]) {
  __m512i p[5];
  for (std::size_t y = 0; y < 5; ++y) p[y] = _mm512_maskz_loadu_epi64(kPlane, state + 5 * y);
  const __m512i prev = idx(4, 0, 1, 2, 3), next = idx(1, 2, 3, 4, 0), next2 = idx(2, 3, 4, 0, 1);
  const __m512i rho[5] = {plane_rho_offsets(0), plane_rho_offsets(1), plane_rho_offsets(2), plane_rho_offsets(3),
                          plane_rho_offsets(4)};
  // π: A'[X, Y] = A[(X + 3Y) mod 5, X]. First pairs of planes are
  // interleaved (plane x's lane (x + 3j) mod 5 for j = 0..3 and for j = 4),
  // then each output plane Y gathers its first four lanes from the pairs
  // and its fifth from plane 4.
  const auto s = [](long long x, long long j) { return (x + 3 * j) % 5; };
  const __m512i pair_lo01 = _mm512_setr_epi64(s(0, 0), 8 + s(1, 0), s(0, 1), 8 + s(1, 1), s(0, 2), 8 + s(1, 2),
                                              s(0, 3), 8 + s(1, 3));
  const __m512i pair_lo23 = _mm512_setr_epi64(s(2, 0), 8 + s(3, 0), s(2, 1), 8 + s(3, 1), s(2, 2), 8 + s(3, 2),
                                              s(2, 3), 8 + s(3, 3));
  const __m512i pair_hi01 = idx(s(0, 4), 8 + s(1, 4), 0, 0, 0);
  const __m512i pair_hi23 = idx(s(2, 4), 8 + s(3, 4), 0, 0, 0);
  __m512i gather[5], fifth[5];
  for (long long y = 0; y < 4; ++y) gather[y] = idx(2 * y, 2 * y + 1, 8 + 2 * y, 8 + 2 * y + 1, 0);
  gather[4] = idx(0, 1, 8, 9, 0);
  for (long long y = 0; y < 5; ++y) fifth[y] = idx(0, 0, 0, 0, s(4, y));

  for (std::size_t round = 0; round < 24; ++round) {
    // θ
    const __m512i c = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(p[0], p[1], p[2], kXor3), p[3], p[4], kXor3);
    const __m512i d = _mm512_xor_si512(_mm512_permutexvar_epi64(prev, c),
                                       _mm512_rol_epi64(_mm512_permutexvar_epi64(next, c), 1));
    // θ applied and ρ
    for (std::size_t y = 0; y < 5; ++y) p[y] = _mm512_rolv_epi64(_mm512_xor_si512(p[y], d), rho[y]);
    // π
    const __m512i lo01 = _mm512_permutex2var_epi64(p[0], pair_lo01, p[1]);
    const __m512i lo23 = _mm512_permutex2var_epi64(p[2], pair_lo23, p[3]);
    const __m512i hi01 = _mm512_permutex2var_epi64(p[0], pair_hi01, p[1]);
    const __m512i hi23 = _mm512_permutex2var_epi64(p[2], pair_hi23, p[3]);
    __m512i b[5];
    for (std::size_t y = 0; y < 4; ++y) b[y] = _mm512_permutex2var_epi64(lo01, gather[y], lo23);
    b[4] = _mm512_permutex2var_epi64(hi01, gather[4], hi23);
    for (std::size_t y = 0; y < 5; ++y) b[y] = _mm512_mask_permutexvar_epi64(b[y], 0x10, fifth[y], p[4]);
    // χ
    for (std::size_t y = 0; y < 5; ++y)
      p[y] = _mm512_ternarylogic_epi64(b[y], _mm512_permutexvar_epi64(next, b[y]),
                                       _mm512_permutexvar_epi64(next2, b[y]), kChi);
    // ι
    p[0] = _mm512_mask_xor_epi64(p[0], 1, p[0], _mm512_set1_epi64(static_cast<long long>(round_constants[round])));
  }
  for (std::size_t y = 0; y < 5; ++y) _mm512_mask_storeu_epi64(state + 5 * y, kPlane, p[y]);
}

}  // namespace pqlab::kernels::avx512
