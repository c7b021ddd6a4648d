// Interleaves of two AVX2 registers at 128-, 64- and 32-bit granularity,
// shared by the ML-KEM and ML-DSA NTT kernels (both built with -mavx2): the
// first result takes the even-numbered pieces of both, the second the odd.
// Each interleave is its own inverse. Also the three transform layers that
// run on one interleaved pair of registers, for both kernels. Internal
// linkage, so no copy compiled with one file's flags can be picked by the
// linker for another.
#pragma once
#include <immintrin.h>

#include <cstddef>
#include <type_traits>

#include "kernels/x86/register_pairs.hpp"

namespace pqlab::kernels::avx2 {
namespace {

using x86::each_pair;

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

// The three layers of a transform whose butterflies lie within one pair of
// registers (spans of a quarter, an eighth and a sixteenth of the pair's
// coefficients), in natural order in and out, on the N/2 pairs (v[2k],
// v[2k + 1]) of v at once. Each interleave puts the next layer's butterfly
// partners in the same lanes of a pair's two registers; layer(L, k, x, y)
// runs layer L (0, 1, 2 in the transform's own order, L an
// std::integral_constant) on pair k's lanes so paired. Every step is taken
// on all pairs before the next: one pair's steps form a chain of dependent
// operations, and the pairs side by side give the core independent work to
// overlap with it (four pairs at once took 12-15% off each ML-DSA
// transform, 10-13% off ML-KEM's, on AMD Zen 4).
template <std::size_t N, class Layer>
inline void forward_pair_layers(__m256i (&v)[N], Layer&& layer) {
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) { interleave128(x, y); });
  each_pair(v, [&](std::size_t k, __m256i& x, __m256i& y) { layer(std::integral_constant<int, 0>{}, k, x, y); });
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) { interleave64(x, y); });
  each_pair(v, [&](std::size_t k, __m256i& x, __m256i& y) { layer(std::integral_constant<int, 1>{}, k, x, y); });
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) { interleave32(x, y); });
  each_pair(v, [&](std::size_t k, __m256i& x, __m256i& y) { layer(std::integral_constant<int, 2>{}, k, x, y); });
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) {
    interleave32(x, y);
    interleave64(x, y);
    interleave128(x, y);
  });
}
// The inverse transform's mirror image: the smallest span first.
template <std::size_t N, class Layer>
inline void inverse_pair_layers(__m256i (&v)[N], Layer&& layer) {
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) {
    interleave128(x, y);
    interleave64(x, y);
    interleave32(x, y);
  });
  each_pair(v, [&](std::size_t k, __m256i& x, __m256i& y) { layer(std::integral_constant<int, 0>{}, k, x, y); });
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) { interleave32(x, y); });
  each_pair(v, [&](std::size_t k, __m256i& x, __m256i& y) { layer(std::integral_constant<int, 1>{}, k, x, y); });
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) { interleave64(x, y); });
  each_pair(v, [&](std::size_t k, __m256i& x, __m256i& y) { layer(std::integral_constant<int, 2>{}, k, x, y); });
  each_pair(v, [](std::size_t, __m256i& x, __m256i& y) { interleave128(x, y); });
}

}  // namespace
}  // namespace pqlab::kernels::avx2
