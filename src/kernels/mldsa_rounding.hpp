// ML-DSA rounding (FIPS 204 §7.4): Power2Round, Decompose, HighBits,
// LowBits, MakeHint, UseHint, for one coefficient; the kernels apply them
// to polynomials and the scheme code (mldsa/) to single values. Branch-free:
// signing applies them to secrets.
// Inputs r are the representatives of r mod q in [0, q) unless stated.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/mldsa_field.hpp"

namespace pqlab::kernels::mldsa_field {

inline constexpr int d = 13;  // dropped bits of t (FIPS 204 Table 1)

struct Split {
  std::int32_t high;
  std::int32_t low;
};

// FIPS 204 Alg. 35 (Power2Round). r = r1·2^d + r0 with r0 in (-2^(d-1),
// 2^(d-1)]: r1 = ⌊(r + 2^(d-1) - 1) / 2^d⌋.
inline Split power2round(std::int32_t r) {
  const std::int32_t high = (r + (1 << (d - 1)) - 1) >> d;
  return {high, r - (high << d)};
}

// FIPS 204 Alg. 36 (Decompose) for γ2 = (q-1)/88 or (q-1)/32.
// r = r1·2γ2 + r0 with r0 in (-γ2, γ2] gives r1 = ⌊(r + γ2 - 1) / 2γ2⌋.
// The division uses 32-bit multiplies only (so loops over a polynomial
// vectorise): 2γ2 = 2^s·D with D·M = 2^20 - 1 (D = 1023, M = 1025 for
// (q-1)/32; D = 93, M = 11275 for (q-1)/88), and for the x = (r + γ2 - 1)
// >> s that r in [0, q) gives, ⌊x / D⌋ = (x·M + ⌊M/2⌋) >> 20: x·M / 2^20
// falls short of x / D by less than x_max / (D·2^20) ≤ 2^-16, well inside the
// half step the offset adds (checked for all of Z_q by the unit tests).
// When r - r0 = q - 1 (r1 reaches m = (q-1)/2γ2) the standard sets r1 = 0
// and r0 = r0 - 1, that is r0 = r - q.
// The vector kernels (src/kernels/x86_avx*/mldsa_rounding.cpp) take the
// same constants from DecomposeDivision.
template <std::int32_t Gamma2>
struct DecomposeDivision {
  static_assert(Gamma2 == (q - 1) / 32 || Gamma2 == (q - 1) / 88);
  static constexpr int shift = Gamma2 == (q - 1) / 32 ? 9 : 11;
  static constexpr std::int32_t multiplier = Gamma2 == (q - 1) / 32 ? 1025 : 11275;
  static constexpr std::int32_t m = (q - 1) / (2 * Gamma2);
};

template <std::int32_t Gamma2>
inline Split decompose(std::int32_t r) {
  using Div = DecomposeDivision<Gamma2>;
  constexpr std::int32_t m = Div::m;
  const std::int32_t x = (r + Gamma2 - 1) >> Div::shift;
  std::int32_t high = (x * Div::multiplier + Div::multiplier / 2) >> 20;
  const std::int32_t low = r - high * 2 * Gamma2;
  // wrap = -1 iff high == m (high never exceeds m, so iff high - m >= 0).
  const std::int32_t wrap = ~((high - m) >> 31);
  high &= ~wrap;
  return {high, low + wrap};
}

// FIPS 204 Alg. 37 (HighBits). LowBits (Alg. 38) is decompose's low part;
// the kernels' mldsa_decompose makes both for a whole polynomial.
template <std::int32_t Gamma2>
inline std::int32_t high_bits(std::int32_t r) {
  return decompose<Gamma2>(r).high;
}

// FIPS 204 Alg. 39 (MakeHint): 1 iff HighBits(r) != HighBits(r + z). Here
// both arguments arrive already in [0, q): r and r_plus_z = (r + z) mod q.
template <std::int32_t Gamma2>
inline std::int32_t make_hint(std::int32_t r, std::int32_t r_plus_z) {
  const std::int32_t diff = high_bits<Gamma2>(r) ^ high_bits<Gamma2>(r_plus_z);
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(diff | -diff) >> 31);
}

// FIPS 204 Alg. 40 (UseHint), h in {0, 1}: with a hint, r1 moves one step
// towards r0's sign, modulo m = (q-1)/2γ2.
template <std::int32_t Gamma2>
inline std::int32_t use_hint(std::int32_t r, std::int32_t h) {
  constexpr std::int32_t m = (q - 1) / (2 * Gamma2);
  const Split s = decompose<Gamma2>(r);
  const std::int32_t low_positive = static_cast<std::int32_t>(static_cast<std::uint32_t>(-s.low) >> 31);
  const std::int32_t step = (2 * low_positive - 1) & -h;  // +1, -1 or 0 (h is 0 or 1)
  std::int32_t high = s.high + step;
  high += (high >> 31) & m;            // -1 -> m - 1
  high -= ((m - 1 - high) >> 31) & m;  // m -> 0
  return high;
}

// The parameter sets' γ2 (FIPS 204 Table 1): ML-DSA-44's, and ML-DSA-65's
// and -87's.
inline constexpr std::int32_t gamma2_narrow = (q - 1) / 88;
inline constexpr std::int32_t gamma2_wide = (q - 1) / 32;

// Calls f.template operator()<G>() with G = gamma2 as a compile-time value,
// so that each backend's rounding entries run a loop specialised for it. Any
// other gamma2 is a caller's bug (the seam admits only these two): it traps
// rather than being taken for one of them.
template <class F>
inline decltype(auto) with_gamma2(std::int32_t gamma2, F&& f) {
  switch (gamma2) {
    case gamma2_narrow: return f.template operator()<gamma2_narrow>();
    case gamma2_wide: return f.template operator()<gamma2_wide>();
    default: __builtin_trap();
  }
}

// Calls f.template operator()<B>() with B the bit width of a z coefficient
// in a signature (FIPS 204 Alg. 26/27: 1 + bitlen(γ1 - 1)): 18 for γ1 =
// 2^17 (ML-DSA-44), 20 for γ1 = 2^19. Any other γ1 traps.
template <class F>
inline decltype(auto) with_gamma1_bits(std::int32_t gamma1, F&& f) {
  switch (gamma1) {
    case 1 << 17: return f.template operator()<18>();
    case 1 << 19: return f.template operator()<20>();
    default: __builtin_trap();
  }
}

// Calls f.template operator()<Eta, Bits>() with Eta = eta (2 or 4) and Bits
// the width of a packed s1 or s2 coefficient (FIPS 204 Alg. 24: bitlen(2η),
// 3 or 4). Any other η traps.
template <class F>
inline decltype(auto) with_eta(unsigned eta, F&& f) {
  switch (eta) {
    case 2: return f.template operator()<2, 3>();
    case 4: return f.template operator()<4, 4>();
    default: __builtin_trap();
  }
}

// w1Encode (FIPS 204 Alg. 28): SimpleBitPack of 256 values of Bits bits
// each (4 for γ2 = (q-1)/32, 6 for (q-1)/88), value(i) already within them:
// two values a byte, or four in three bytes. Written out for the two
// widths (a few instructions a byte on 32-bit targets, where the generic
// packer gathers eight values first); the signing loop packs k rows every
// iteration.
template <int Bits, class Value>
inline void w1_encode(std::uint8_t* out, Value&& value) {
  static_assert(Bits == 4 || Bits == 6);
  if constexpr (Bits == 4) {
    for (std::size_t i = 0; i < 128; ++i) out[i] = static_cast<std::uint8_t>(value(2 * i) | value(2 * i + 1) << 4);
  } else {
    for (std::size_t i = 0; i < 64; ++i) {
      const std::uint32_t v = value(4 * i) | value(4 * i + 1) << 6 | value(4 * i + 2) << 12 | value(4 * i + 3) << 18;
      out[3 * i] = static_cast<std::uint8_t>(v);
      out[3 * i + 1] = static_cast<std::uint8_t>(v >> 8);
      out[3 * i + 2] = static_cast<std::uint8_t>(v >> 16);
    }
  }
}

}  // namespace pqlab::kernels::mldsa_field
