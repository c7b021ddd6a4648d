// Shared by the AVX2 and AVX-512 ExpandS filters (FIPS 204 Alg. 31 with
// Alg. 15): the coefficient of each nibble by a byte shuffle over
// mldsa_field::eta_nibble_values (a register, so no memory index depends on
// a nibble) and the nibbles present in a short step; for AVX-512, sixteen
// XOF bytes split into their 32 nibbles in stream order (each byte's low
// nibble first) in two 128-bit halves (the AVX2 filter spreads them over
// one 256-bit register itself). Internal linkage and always inlined: each
// including file compiles it with its own target flags.
#pragma once
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/mldsa_field.hpp"

namespace pqlab::kernels::x86 {
namespace {

struct EtaNibbles {
  __m128i half[2];  // nibbles 0..15 and 16..31
};

[[gnu::always_inline]] inline EtaNibbles split_nibbles(__m128i raw) {
  const __m128i low_nibble = _mm_set1_epi8(0x0f);
  const __m128i lo = _mm_and_si128(raw, low_nibble);
  const __m128i hi = _mm_and_si128(_mm_srli_epi16(raw, 4), low_nibble);
  return {{_mm_unpacklo_epi8(lo, hi), _mm_unpackhi_epi8(lo, hi)}};
}

// The coefficient values of nibbles 0..15 (η = 2 or 4), as shuffle table.
[[gnu::always_inline]] inline __m128i eta_value_table(unsigned eta) {
  static constexpr std::array<std::int8_t, 16> values2 = mldsa_field::eta_nibble_values(2);
  static constexpr std::array<std::int8_t, 16> values4 = mldsa_field::eta_nibble_values(4);
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(eta == 2 ? values2.data() : values4.data()));
}

// The nibbles of `len` bytes present in a 16-byte step (bit i: nibble i).
[[gnu::always_inline]] inline std::uint32_t present_nibbles(std::size_t bytes) {
  return bytes >= 16 ? 0xffffffffu : (1u << (2 * bytes)) - 1;
}

}  // namespace
}  // namespace pqlab::kernels::x86
