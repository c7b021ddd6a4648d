// For the ct-msan build only: tests/ct/CMakeLists.txt force-includes this
// into the AVX-512 and SHA-NI kernel files of the test's core copy. Clang
// 14's MemorySanitizer mistracks secrets through these instructions:
// - VPTERNLOGQ/D (_mm*_ternarylogic_epi64/32) is unknown to it: it checks the
//   operands strictly (a secret Keccak state is reported as if branched on)
//   and returns the result as initialised (the state would be silently
//   declassified). Here it is written out as plain vector AND/OR/NOT, which
//   MSan tracks bit by bit; msan_ternarylogic_test.cpp checks it against
//   the instruction for every immediate.
// - SHA256RNDS2 / SHA256MSG1 / SHA256MSG2 it treats as bitwise (an output
//   bit is secret only if the same bit of an operand is), far less than the
//   instructions mix. Here the instruction runs unchanged and its whole
//   result is marked secret when any operand bit is: a coarser tracking
//   that can only report more, never less.
// - VPERMT2D (_mm512_permutex2var_epi32, the AVX-512 ML-DSA NTT's register
//   permutes) it treats like an element-wise operation: result lane i gets
//   the shadow of lane i of the operands, not of the lane the index picks,
//   so secrets moved by the permute turn public. Here the permute is done
//   through memory with the (public) indices, which MSan tracks exactly.
// - VPCOMPRESSD (_mm512_maskz_compress_epi32, the AVX-512 ExpandS filter's
//   packing of accepted coefficients) is unknown to it: it checks the
//   operand strictly, as if the secret coefficients were branched on. Here
//   the packing is done through memory by the (public) mask.
// - VPERMD (_mm256_permutevar8x32_epi32, the AVX2 ExpandS filter's
//   packing; this header is also included into the AVX2 kernel files) it
//   treats like VPERMT2D above; here it goes through memory too.
// Nothing here makes a secret public. The production build is untouched.
#pragma once
#include <immintrin.h>
#include <sanitizer/msan_interface.h>

namespace pqlab::ct_msan {

// Bit k of imm is the result for the input bits (a, b, c) with
// k = 4a + 2b + c (Intel SDM, VPTERNLOGQ): the OR of the minterms imm
// selects. Always inlined, so it takes its caller's target flags.
template <int imm, class V>
[[gnu::always_inline]] inline V ternarylogic(V a, V b, V c) {
  V r = a ^ a;
  for (int k = 0; k < 8; ++k)
    if ((imm >> k) & 1) r |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
  return r;
}

// r, wholly secret if any of the operands holds a secret bit.
template <class... V>
[[gnu::always_inline]] inline __m128i secret_if_any(__m128i r, const V&... operands) {
  if ((... || (__msan_test_shadow(&operands, sizeof operands) != -1))) __msan_poison(&r, sizeof r);
  return r;
}

[[gnu::always_inline, gnu::target("sha")]] inline __m128i sha256rnds2(__m128i a, __m128i b, __m128i k) {
  return secret_if_any((__m128i)__builtin_ia32_sha256rnds2((__v4si)a, (__v4si)b, (__v4si)k), a, b, k);
}
[[gnu::always_inline, gnu::target("sha")]] inline __m128i sha256msg1(__m128i a, __m128i b) {
  return secret_if_any((__m128i)__builtin_ia32_sha256msg1((__v4si)a, (__v4si)b), a, b);
}
[[gnu::always_inline, gnu::target("sha")]] inline __m128i sha256msg2(__m128i a, __m128i b) {
  return secret_if_any((__m128i)__builtin_ia32_sha256msg2((__v4si)a, (__v4si)b), a, b);
}

[[gnu::always_inline, gnu::target("avx512f")]] inline __m512i permutex2var_epi32(__m512i a, __m512i idx, __m512i b) {
  alignas(64) int src[32], index[16], out[16];
  _mm512_store_si512(src, a);
  _mm512_store_si512(src + 16, b);
  _mm512_store_si512(index, idx);
  for (int i = 0; i < 16; ++i) out[i] = src[index[i] & 31];
  return _mm512_load_si512(out);
}

[[gnu::always_inline, gnu::target("avx512f")]] inline __m512i maskz_compress_epi32(__mmask16 keep, __m512i a) {
  alignas(64) int src[16], out[16] = {};
  _mm512_store_si512(src, a);
  int next = 0;
  for (int i = 0; i < 16; ++i)
    if ((keep >> i) & 1) out[next++] = src[i];
  return _mm512_load_si512(out);
}

[[gnu::always_inline, gnu::target("avx2")]] inline __m256i permutevar8x32_epi32(__m256i a, __m256i idx) {
  alignas(32) int src[8], index[8], out[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(src), a);
  _mm256_store_si256(reinterpret_cast<__m256i*>(index), idx);
  for (int i = 0; i < 8; ++i) out[i] = src[index[i] & 7];
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(out));
}

}  // namespace pqlab::ct_msan

#undef _mm512_ternarylogic_epi64
#define _mm512_ternarylogic_epi64(A, B, C, imm) \
  (::pqlab::ct_msan::ternarylogic<(imm)>((__m512i)(A), (__m512i)(B), (__m512i)(C)))
#undef _mm256_ternarylogic_epi64
#define _mm256_ternarylogic_epi64(A, B, C, imm) \
  (::pqlab::ct_msan::ternarylogic<(imm)>((__m256i)(A), (__m256i)(B), (__m256i)(C)))
// VPTERNLOGD (the multi-buffer SHA-256's Ch, Maj and three-way xors) is
// the same bitwise function as VPTERNLOGQ without a mask, and as unknown
// to MSan.
#undef _mm512_ternarylogic_epi32
#define _mm512_ternarylogic_epi32(A, B, C, imm) \
  (::pqlab::ct_msan::ternarylogic<(imm)>((__m512i)(A), (__m512i)(B), (__m512i)(C)))
#undef _mm256_ternarylogic_epi32
#define _mm256_ternarylogic_epi32(A, B, C, imm) \
  (::pqlab::ct_msan::ternarylogic<(imm)>((__m256i)(A), (__m256i)(B), (__m256i)(C)))
#define _mm_sha256rnds2_epu32(A, B, K) (::pqlab::ct_msan::sha256rnds2((A), (B), (K)))
#define _mm_sha256msg1_epu32(A, B) (::pqlab::ct_msan::sha256msg1((A), (B)))
#define _mm_sha256msg2_epu32(A, B) (::pqlab::ct_msan::sha256msg2((A), (B)))
#undef _mm512_permutex2var_epi32
#define _mm512_permutex2var_epi32(A, I, B) (::pqlab::ct_msan::permutex2var_epi32((A), (I), (B)))
#undef _mm512_maskz_compress_epi32
#define _mm512_maskz_compress_epi32(K, A) (::pqlab::ct_msan::maskz_compress_epi32((K), (A)))
#undef _mm256_permutevar8x32_epi32
#define _mm256_permutevar8x32_epi32(A, I) (::pqlab::ct_msan::permutevar8x32_epi32((A), (I)))
