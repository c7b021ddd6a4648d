// The ML-KEM field's Barrett reduction (kernels/mlkem_field.hpp's
// barrett_reduce) on sixteen int16 lanes: for any int16 a, the
// representative of a mod 3329 in [-1664, 1664], bit-exact with the
// portable routine. Shared by the ML-KEM transforms and ML-DSA's small ring
// (c·s1, c·s2). Include only from files compiled with -mavx2.
#pragma once
#include <immintrin.h>

#include <cstdint>

#include "kernels/mlkem_field.hpp"

namespace pqlab::kernels::avx2 {

// t = (v·a + 2^25) >> 26 as ((v·a >> 16) + 2^9) >> 10, equal since
// v·a >> 16 only drops bits below 2^16; then a - t·q.
inline __m256i mlkem_barrett(__m256i a) {
  constexpr std::int16_t q = mlkem_field::q;
  constexpr std::int16_t v = ((1 << 26) + q / 2) / q;
  __m256i t = _mm256_mulhi_epi16(a, _mm256_set1_epi16(v));
  t = _mm256_srai_epi16(_mm256_add_epi16(t, _mm256_set1_epi16(1 << 9)), 10);
  return _mm256_sub_epi16(a, _mm256_mullo_epi16(t, _mm256_set1_epi16(q)));
}

}  // namespace pqlab::kernels::avx2
