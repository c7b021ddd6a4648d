// ML-KEM's rejection sampling filter (FIPS 203 Alg. 7 lines 5–13) with
// AVX2: sixteen 12-bit candidates (24 bytes) per step. A byte shuffle puts
// the two bytes holding each candidate in a 16-bit lane, a mask or a shift
// extracts it, and one compare and a movemask give the accepted lanes of
// each half (8 lanes). A byte shuffle chosen by that mask packs each half's
// accepted candidates, in order, at the front of the half, and the two
// halves are stored one after the other, while a whole step's sixteen
// slots are free. The last few slots, and a tail under 24 bytes, go to the
// portable filter, one candidate at a time, so nothing past slot 255 is
// written and the loop has no branch but its own. The result equals the
// portable filter's.
#include <immintrin.h>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "kernels/mlkem_field.hpp"
#include "kernels/portable/portable.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/rej_uniform.hpp"

namespace pqlab::kernels::avx2 {
namespace {

// For each accept mask of eight 16-bit lanes, the byte shuffle that moves
// the accepted lanes, in order, to the front.
constexpr std::array<std::array<std::uint8_t, 16>, 256> make_pack16() {
  std::array<std::array<std::uint8_t, 16>, 256> t{};
  for (std::size_t mask = 0; mask < 256; ++mask) {
    for (std::size_t k = 0; k < 8; ++k) {
      t[mask][2 * k] = static_cast<std::uint8_t>(2 * accepted_lanes[mask][k]);
      t[mask][2 * k + 1] = static_cast<std::uint8_t>(2 * accepted_lanes[mask][k] + 1);
    }
  }
  return t;
}
alignas(64) constexpr std::array<std::array<std::uint8_t, 16>, 256> pack16 = make_pack16();

// The accepted lanes of eight, packed to the front.
inline __m128i pack_accepted(__m128i lanes, unsigned mask) {
  return _mm_shuffle_epi8(lanes, _mm_load_si128(reinterpret_cast<const __m128i*>(pack16[mask].data())));
}

}  // namespace

std::size_t mlkem_rej_uniform_vartime(std::int16_t a[256], std::size_t filled, const std::uint8_t* buf,
                                      std::size_t len) {
  // Candidate j of a group of 8 (12 bytes) lies in bytes 3j/2 and 3j/2 + 1
  // (rounded down), the low 12 bits for even j, the high 12 for odd j. The
  // low lane holds the step's first group at byte 0, the high lane its
  // second at byte 4 (load_step24).
  const __m256i pick = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,  //
                                        4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
  const __m256i mask12 = _mm256_set1_epi16(0x0fff);
  const __m256i q = _mm256_set1_epi16(mlkem_field::q);
  std::size_t pos = 0;
  for (; pos + 24 <= len && filled <= 256 - 16; pos += 24) {
    const __m256i pairs = _mm256_shuffle_epi8(load_step24(buf + pos), pick);
    const __m256i cand = _mm256_blend_epi16(_mm256_and_si256(pairs, mask12), _mm256_srli_epi16(pairs, 4), 0xaa);
    // Candidates are below 2^12, so the signed compare is exact. packs
    // turns each 16-bit verdict into a byte: movemask bits 0–7 are the low
    // half's lanes, bits 16–23 the high half's.
    const __m256i accept = _mm256_cmpgt_epi16(q, cand);
    const auto bits = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_packs_epi16(accept, accept)));
    const unsigned lo_mask = bits & 0xff, hi_mask = bits >> 16 & 0xff;
    const __m128i lo = pack_accepted(_mm256_castsi256_si128(cand), lo_mask);
    const __m128i hi = pack_accepted(_mm256_extracti128_si256(cand, 1), hi_mask);
    const auto lo_count = static_cast<std::size_t>(std::popcount(lo_mask));
    const auto count = lo_count + static_cast<std::size_t>(std::popcount(hi_mask));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(a + filled), lo);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(a + filled + lo_count), hi);
    filled += count;
  }
  return pos == len ? filled : portable::mlkem_rej_uniform_vartime(a, filled, buf + pos, len - pos);
}

}  // namespace pqlab::kernels::avx2
