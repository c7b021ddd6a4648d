// Interleaves of two AVX2 registers at 128-, 64- and 32-bit granularity,
// shared by the ML-KEM and ML-DSA NTT kernels (both built with -mavx2): the
// first result takes the even-numbered pieces of both, the second the odd.
// Each interleave is its own inverse. Internal linkage, so no copy compiled
// with one file's flags can be picked by the linker for another.
#pragma once
#include <immintrin.h>

namespace pqlab::kernels::avx2 {
namespace {

inline void interleave128(__m256i& a, __m256i& b) {
  const __m256i lo = _mm256_permute2x128_si256(a, b, 0x20), hi = _mm256_permute2x128_si256(a, b, 0x31);
  a = lo;
  b = hi;
}
inline void interleave64(__m256i& a, __m256i& b) {
  const __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
  a = lo;
  b = hi;
}
inline void interleave32(__m256i& a, __m256i& b) {
  const __m256i lo = _mm256_blend_epi32(a, _mm256_slli_epi64(b, 32), 0xaa);
  const __m256i hi = _mm256_blend_epi32(_mm256_srli_epi64(a, 32), b, 0xaa);
  a = lo;
  b = hi;
}

}  // namespace
}  // namespace pqlab::kernels::avx2
