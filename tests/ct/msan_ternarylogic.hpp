// For the ct-msan build only (tests/ct/CMakeLists.txt force-includes it into
// the AVX-512 kernel files of the test's core copy): VPTERNLOGQ written out
// as plain vector AND/OR/NOT, which MemorySanitizer propagates bit by bit.
//
// Why: clang 14's MSan does not know the pternlog intrinsics. It checks
// their operands strictly (a secret Keccak state is reported as if branched
// on) and returns the result as initialised (the state would be silently
// declassified). The production build is untouched; this file only changes
// how the test's copy computes the same bits. msan_ternarylogic_test.cpp
// checks it against the instruction for every immediate.
#pragma once
#include <immintrin.h>

namespace pqlab::ct_msan {

// Bit k of imm is the result for the input bits (a, b, c) with
// k = 4a + 2b + c (Intel SDM, VPTERNLOGQ): the OR of the minterms imm selects.
// Always inlined: it then takes the target flags of its caller.
template <int imm, class V>
[[gnu::always_inline]] inline V ternarylogic(V a, V b, V c) {
  V r = a ^ a;
  for (int k = 0; k < 8; ++k)
    if ((imm >> k) & 1) r |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
  return r;
}

}  // namespace pqlab::ct_msan

#undef _mm512_ternarylogic_epi64
#define _mm512_ternarylogic_epi64(A, B, C, imm) \
  (::pqlab::ct_msan::ternarylogic<(imm)>((__m512i)(A), (__m512i)(B), (__m512i)(C)))
#undef _mm256_ternarylogic_epi64
#define _mm256_ternarylogic_epi64(A, B, C, imm) \
  (::pqlab::ct_msan::ternarylogic<(imm)>((__m256i)(A), (__m256i)(B), (__m256i)(C)))
