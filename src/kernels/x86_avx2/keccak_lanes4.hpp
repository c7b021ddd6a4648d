// The AVX2 Keccak kernels' vector operations on four states at once (one
// 256-bit register per lane index, that lane of each state), and the moves
// between four states laid out one after another and that form. Shared by
// keccak_x4.cpp and keccak_x5.cpp; internal linkage, as each file is
// compiled with its own target flags.
#pragma once
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/kernels.hpp"
#include "kernels/x86/transpose4x64.hpp"

namespace pqlab::kernels::avx2 {
namespace {

// The Ops of kernels/x86/keccak_sliced.hpp for AVX2.
struct Lanes4 {
  using V = __m256i;
  static constexpr bool has_xor3 = false;
  static V xor2(V a, V b) { return _mm256_xor_si256(a, b); }
  static V xor5(V a, V b, V c, V d, V e) {
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d)), e);
  }
  static V chi(V a, V b, V c) { return _mm256_xor_si256(a, _mm256_andnot_si256(b, c)); }
  static V broadcast(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
  static V load(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store(std::uint64_t* p, V x) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), x); }
  // Rotations by whole bytes are one byte shuffle; the rest shift twice.
  template <int n>
  static V rotl(V x) {
    if constexpr (n == 0) {
      return x;
    } else if constexpr (n == 8) {
      return _mm256_shuffle_epi8(x, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7, 0, 1, 2,
                                                     3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14));
    } else if constexpr (n == 56) {
      return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4,
                                                     5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8));
    } else {
      return _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - n));
    }
  }
};

// Four states laid out one after another into a[i] = lane i of each.
[[gnu::always_inline]] inline void load_lanes4(__m256i a[25], const std::uint64_t states[4 * keccak_lanes]) {
  for (std::size_t i = 0; i < 24; i += 4) {
    __m256i r[4];
    for (std::size_t k = 0; k < 4; ++k)
      r[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states + 25 * k + i));
    x86::transpose4x64(r);
    for (std::size_t k = 0; k < 4; ++k) a[i + k] = r[k];
  }
  a[24] = _mm256_set_epi64x(static_cast<long long>(states[99]), static_cast<long long>(states[74]),
                            static_cast<long long>(states[49]), static_cast<long long>(states[24]));
}

// And back.
[[gnu::always_inline]] inline void store_lanes4(std::uint64_t states[4 * keccak_lanes], const __m256i a[25]) {
  for (std::size_t i = 0; i < 24; i += 4) {
    __m256i r[4] = {a[i], a[i + 1], a[i + 2], a[i + 3]};
    x86::transpose4x64(r);
    for (std::size_t k = 0; k < 4; ++k) _mm256_storeu_si256(reinterpret_cast<__m256i*>(states + 25 * k + i), r[k]);
  }
  alignas(32) std::uint64_t last[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(last), a[24]);
  for (std::size_t k = 0; k < 4; ++k) states[25 * k + 24] = last[k];
}

}  // namespace
}  // namespace pqlab::kernels::avx2
