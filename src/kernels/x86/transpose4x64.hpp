// 4×4 transpose of 64-bit words held in four 256-bit registers, for the
// files compiled with -mavx2 (or more) that switch between one stream per
// register and one stream per 64-bit element (the multi-state Keccak, the
// multi-buffer SHA-512).
// Internal linkage, so no copy compiled with one file's flags can be
// picked by the linker for another.
#pragma once
#include <immintrin.h>

namespace pqlab::kernels::x86 {
namespace {

// Row i, element j moves to row j, element i. Its own inverse.
[[gnu::always_inline]] inline void transpose4x64(__m256i r[4]) {
  // Rows 0, 1 and rows 2, 3 interleaved: t0 holds elements 0 (low half)
  // and 2 (high half) of rows 0 and 1, t1 elements 1 and 3, and so on.
  const __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]), t1 = _mm256_unpackhi_epi64(r[0], r[1]);
  const __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]), t3 = _mm256_unpackhi_epi64(r[2], r[3]);
  // Then the matching 128-bit halves joined.
  r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
  r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
  r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
  r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

}  // namespace
}  // namespace pqlab::kernels::x86
