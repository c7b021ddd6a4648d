// 8×8 transpose of 32-bit words held in eight AVX2 registers, for the
// files compiled with -mavx2 (or more) that switch between one stream per
// register and one stream per 32-bit element (the multi-buffer SHA-256).
// Internal linkage, so no copy compiled with one file's flags can be
// picked by the linker for another.
#pragma once
#include <immintrin.h>

namespace pqlab::kernels::x86 {
namespace {

// Row i, element j moves to row j, element i. Its own inverse. Inlined,
// so that the rows stay in registers.
[[gnu::always_inline]] inline void transpose8x32(__m256i r[8]) {
  // Pairs of rows interleaved by 32 and then 64 bits: within each 128-bit
  // half, u[4g + k] holds element k (low half) or 4 + k (high half) of
  // rows 4g..4g+3.
  __m256i t[8], u[8];
  for (int p = 0; p < 8; p += 2) {
    t[p] = _mm256_unpacklo_epi32(r[p], r[p + 1]);
    t[p + 1] = _mm256_unpackhi_epi32(r[p], r[p + 1]);
  }
  for (int g = 0; g < 8; g += 4) {
    u[g] = _mm256_unpacklo_epi64(t[g], t[g + 2]);
    u[g + 1] = _mm256_unpackhi_epi64(t[g], t[g + 2]);
    u[g + 2] = _mm256_unpacklo_epi64(t[g + 1], t[g + 3]);
    u[g + 3] = _mm256_unpackhi_epi64(t[g + 1], t[g + 3]);
  }
  // The 128-bit halves of rows 0..3 and 4..7 joined.
  for (int k = 0; k < 4; ++k) {
    r[k] = _mm256_permute2x128_si256(u[k], u[4 + k], 0x20);
    r[4 + k] = _mm256_permute2x128_si256(u[k], u[4 + k], 0x31);
  }
}

}  // namespace
}  // namespace pqlab::kernels::x86
