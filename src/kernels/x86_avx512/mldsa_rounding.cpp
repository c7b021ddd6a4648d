// ML-DSA's Decompose and MakeHint (FIPS 204 Alg. 36 and 39) with
// AVX-512, sixteen coefficients per register. Each lane performs the
// portable kernel's integer operations (mldsa/rounding.hpp, reduce.hpp),
// so results are bit-exact with it; MakeHint's compare mask is sixteen
// hint bits as they are stored.
// Branch-free: masks select lanes, they never steer control or addresses.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/x86_avx512/avx512.hpp"
#include "kernels/mldsa_rounding.hpp"
#include "kernels/x86/opaque_constant.hpp"

namespace pqlab::kernels::avx512 {
namespace {

namespace rounding = mldsa_field;
constexpr std::int32_t kQ = rounding::q;

inline __m512i load(const std::int32_t* p) { return _mm512_loadu_si512(p); }
inline void store(std::int32_t* p, __m512i v) { _mm512_storeu_si512(p, v); }

// Alg. 36 on sixteen coefficients in [0, q), as rounding::decompose.
template <std::int32_t Gamma2>
struct Decompose {
  using Div = rounding::DecomposeDivision<Gamma2>;
  __m512i gamma2_minus_1 = _mm512_set1_epi32(Gamma2 - 1);
  // Both multiplies stay vpmulld (kernels/x86/opaque_constant.hpp).
  __m512i multiplier = x86::opaque(_mm512_set1_epi32(Div::multiplier));
  __m512i half_multiplier = _mm512_set1_epi32(Div::multiplier / 2);
  __m512i two_gamma2 = x86::opaque(_mm512_set1_epi32(2 * Gamma2));
  __m512i m_minus_1 = _mm512_set1_epi32(Div::m - 1);
  __m512i one = _mm512_set1_epi32(1);

  // r1; r0 through `low`.
  [[gnu::always_inline]] __m512i operator()(__m512i r, __m512i* low) const {
    const __m512i x = _mm512_srai_epi32(_mm512_add_epi32(r, gamma2_minus_1), Div::shift);
    const __m512i high = _mm512_srai_epi32(_mm512_add_epi32(_mm512_mullo_epi32(x, multiplier), half_multiplier), 20);
    const __m512i l = _mm512_sub_epi32(r, _mm512_mullo_epi32(high, two_gamma2));
    const __mmask16 wrap = _mm512_cmpgt_epi32_mask(high, m_minus_1);  // high == m: r1 = 0, r0 - 1
    *low = _mm512_mask_sub_epi32(l, wrap, l, one);
    return _mm512_maskz_mov_epi32(static_cast<__mmask16>(~wrap), high);
  }
  [[gnu::always_inline]] __m512i high_bits(__m512i r) const {
    __m512i unused;
    return (*this)(r, &unused);
  }
};

template <std::int32_t Gamma2>
void decompose_poly(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256]) {
  const Decompose<Gamma2> decompose;
  for (std::size_t i = 0; i < 256; i += 16) {
    __m512i low;
    store(w1 + i, decompose(load(a + i), &low));
    store(w0 + i, low);
  }
}

template <std::int32_t Gamma2>
std::uint32_t make_hint_poly(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256]) {
  const Decompose<Gamma2> decompose;
  const __m512i q = x86::opaque(_mm512_set1_epi32(kQ)), round = _mm512_set1_epi32(1 << 22);
  const __m512i one = _mm512_set1_epi32(1);
  __m512i count = _mm512_setzero_si512();  // hints set, per lane
  for (std::size_t i = 0; i < 256; i += 16) {
    const __m512i ri = load(r + i);
    // (r + z) mod q in [0, q): rounding::freeze.
    __m512i sum = _mm512_add_epi32(ri, load(z + i));
    sum = _mm512_sub_epi32(sum, _mm512_mullo_epi32(_mm512_srai_epi32(_mm512_add_epi32(sum, round), 23), q));
    sum = _mm512_add_epi32(sum, _mm512_and_si512(_mm512_srai_epi32(sum, 31), q));
    const __mmask16 hint = _mm512_cmpneq_epi32_mask(decompose.high_bits(ri), decompose.high_bits(sum));
    const auto bits = static_cast<std::uint16_t>(hint);
    std::memcpy(hints + i / 8, &bits, 2);  // little-endian: coefficient i + j is bit j
    count = _mm512_mask_add_epi32(count, hint, count, one);
  }
  // The lanes' sum. (Counted in the vector rather than by a population
  // count of the masks: MemorySanitizer loses the secret in the latter's
  // multiply-and-shift, tests/ct/msan_kernels_test.cpp.)
  __m256i sum8 = _mm256_add_epi32(_mm512_castsi512_si256(count), _mm512_extracti64x4_epi64(count, 1));
  __m128i sum4 = _mm_add_epi32(_mm256_castsi256_si128(sum8), _mm256_extracti128_si256(sum8, 1));
  sum4 = _mm_add_epi32(sum4, _mm_shuffle_epi32(sum4, 0x4e));
  sum4 = _mm_add_epi32(sum4, _mm_shuffle_epi32(sum4, 0xb1));
  return static_cast<std::uint32_t>(_mm_cvtsi128_si32(sum4));
}

}  // namespace

void mldsa_decompose(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256], std::int32_t gamma2) {
  mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { decompose_poly<G>(w1, w0, a); });
}

std::uint32_t mldsa_make_hint(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256],
                              std::int32_t gamma2) {
  return mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { return make_hint_poly<G>(hints, r, z); });
}

}  // namespace pqlab::kernels::avx512
