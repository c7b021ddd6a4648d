// Eight ML-DSA coefficients (int32) per AVX2 register, shared by the avx2
// ML-DSA kernels (all built with -mavx2): unaligned loads and stores of
// eight coefficients, and mldsa/reduce.hpp's reduce32 and the step that
// completes freeze, lane by lane on the same values as the portable code.
// Internal linkage, so no copy compiled with one file's flags can be picked
// by the linker for another.
#pragma once
#include <immintrin.h>

#include <cstdint>

#include "kernels/mldsa_field.hpp"
#include "kernels/x86/opaque_constant.hpp"

namespace pqlab::kernels::avx2 {
namespace {

inline __m256i load(const std::int32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
inline void store(std::int32_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

// A broadcast of v that the compiler must take as unknown, so that
// multiplies by it stay vpmulld (kernels/x86/opaque_constant.hpp).
inline __m256i opaque_broadcast(std::int32_t v) { return x86::opaque(_mm256_set1_epi32(v)); }

// a - round(a / 2^23)·q, with the constants held in registers: made once
// per kernel call, outside its loop.
struct Reduce32 {
  __m256i half = _mm256_set1_epi32(1 << 22);
  __m256i q = opaque_broadcast(mldsa_field::q);
  [[gnu::always_inline]] __m256i operator()(__m256i a) const {
    const __m256i t = _mm256_srai_epi32(_mm256_add_epi32(a, half), 23);
    return _mm256_sub_epi32(a, _mm256_mullo_epi32(t, q));
  }
};
// a + q where a < 0.
inline __m256i add_q_if_negative(__m256i a) {
  return _mm256_add_epi32(a, _mm256_and_si256(_mm256_srai_epi32(a, 31), _mm256_set1_epi32(mldsa_field::q)));
}

}  // namespace
}  // namespace pqlab::kernels::avx2
