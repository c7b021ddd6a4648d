// ML-DSA signing's element-wise reductions with AVX2, eight coefficients
// per register: each lane performs mldsa/reduce.hpp's reduce32 and freeze
// (the portable kernel's operations), so results are bit-exact with it.
// The small ring of c·s1 and c·s2 (mldsa/small_product.hpp) is reduced
// sixteen int16 coefficients per register by ML-KEM's Barrett reduction.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/mldsa_lanes.hpp"
#include "kernels/x86_avx2/mlkem_barrett.hpp"
#include "kernels/mldsa_field.hpp"

namespace pqlab::kernels::avx2 {
namespace {

inline __m256i load16(const std::int16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }


}  // namespace

void mldsa_reduce32(std::int32_t a[256]) {
  const Reduce32 reduce32;
  for (std::size_t i = 0; i < 256; i += 8) store(a + i, reduce32(load(a + i)));
}

void mldsa_add_reduce32(std::int32_t z[256], const std::int32_t y[256], const std::int32_t t[256]) {
  const Reduce32 reduce32;
  for (std::size_t i = 0; i < 256; i += 8) store(z + i, _mm256_add_epi32(load(y + i), reduce32(load(t + i))));
}

void mldsa_sub_reduce32_freeze(std::int32_t r[256], const std::int32_t w[256], const std::int32_t t[256]) {
  const Reduce32 reduce32;
  for (std::size_t i = 0; i < 256; i += 8)
    store(r + i, add_q_if_negative(reduce32(_mm256_sub_epi32(load(w + i), reduce32(load(t + i))))));
}

void mldsa_small_reduce(std::int16_t a[256]) {
  for (std::size_t i = 0; i < 256; i += 16)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + i), mlkem_barrett(load16(a + i)));
}

void mldsa_small_widen(std::int32_t out[256], const std::int16_t a[256]) {
  for (std::size_t i = 0; i < 256; i += 16) {
    const __m256i r = mlkem_barrett(load16(a + i));
    store(out + i, _mm256_cvtepi16_epi32(_mm256_castsi256_si128(r)));
    store(out + i + 8, _mm256_cvtepi16_epi32(_mm256_extracti128_si256(r, 1)));
  }
}

}  // namespace pqlab::kernels::avx2
