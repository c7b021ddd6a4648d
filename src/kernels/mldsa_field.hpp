// Z_q for ML-DSA, q = 8380417 (FIPS 204 §2.3 "mod ±", §7.5): q (defined
// once, in pqlab/mldsa_params.hpp; the scheme code takes it from here), the scalar
// reductions that the kernels and the scheme share, and the NTT constants of
// every backend (computed at compile time: consteval, no code is emitted).
// The reductions are branch-free: they run on secret coefficients.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

#include "pqlab/mldsa_params.hpp"

namespace pqlab::kernels::mldsa_field {

inline constexpr std::int32_t q = pqlab::mldsa::q;
inline constexpr std::size_t n = 256;
// q^-1 mod 2^32, so that a - (a·q^-1 mod 2^32)·q is divisible by 2^32.
inline constexpr std::int32_t q_inv = 58728449;
static_assert(static_cast<std::uint32_t>(q) * static_cast<std::uint32_t>(q_inv) == 1u);

// A representative of a mod q in [-6283008, 6283008] (so |r| < q), for
// |a| < 2^31 - 2^22: subtracts round(a / 2^23)·q, as 2^23 - q = 2^13 - 1
// makes q a close stand-in for 2^23. Values congruent to a small v (|v| <
// 2^22 - 2^13) come back as exactly v.
inline std::int32_t reduce32(std::int32_t a) {
  const std::int32_t t = (a + (1 << 22)) >> 23;
  return a - t * q;
}

// Where coefficient i sits in a wide row-sum accumulator (the
// mldsa_row_wide entries, kernels/entries.inc): each block of 16
// holds its even coefficients first, then its odd ones.
constexpr std::size_t wide_slot(std::size_t i) { return (i & ~std::size_t{15}) | ((i & 1) << 3) | ((i & 15) >> 1); }
// The most terms one call of those entries sums (a row has at most l + 1 = 8).
inline constexpr std::size_t wide_row_max_terms = 8;

// a + q if a < 0: maps (-q, q) onto [0, q).
inline std::int32_t add_q_if_negative(std::int32_t a) { return a + ((a >> 31) & q); }

// The representative of a mod q in [0, q), for |a| < 2^31 - 2^22.
inline std::int32_t freeze(std::int32_t a) { return add_q_if_negative(reduce32(a)); }

// |a| for |a| < 2^31, without a branch.
inline std::int32_t abs_ct(std::int32_t a) {
  const std::int32_t sign = a >> 31;
  return (a ^ sign) - sign;
}

consteval std::int64_t pow_mod(std::int64_t base, std::int64_t exp) {
  std::int64_t r = 1;
  base %= q;
  while (exp > 0) {
    if (exp & 1) r = r * base % q;
    base = base * base % q;
    exp >>= 1;
  }
  return r;
}

// Centred representative of x mod q, in (-q/2, q/2].
consteval std::int32_t centred(std::int64_t x) {
  x %= q;
  if (x < 0) x += q;
  return static_cast<std::int32_t>(x > q / 2 ? x - q : x);
}

// zetas[k] = ζ^BitRev8(k) · 2^32 mod q with ζ = 1753, the 512th root of
// unity of FIPS 204 §7.5 (Appendix B lists the same powers without the
// Montgomery factor), centred.
consteval std::array<std::int32_t, 256> make_zetas() {
  std::array<std::int32_t, 256> z{};
  constexpr std::int64_t mont = (std::int64_t{1} << 32) % q;
  for (unsigned k = 0; k < 256; ++k) {
    unsigned rev = 0;
    for (unsigned i = 0; i < 8; ++i) rev |= ((k >> i) & 1u) << (7 - i);
    z[k] = centred(pow_mod(1753, rev) * mont);
  }
  return z;
}
inline constexpr std::array<std::int32_t, 256> zetas = make_zetas();

// 2^64 / 256 mod q: the inverse transform's final factor 256^-1 with the
// Montgomery factor 2^32 folded in twice (one cancels the reduction itself).
inline constexpr std::int32_t inv_ntt_factor =
    centred(pow_mod(256, q - 2) * ((std::int64_t{1} << 32) % q) % q * ((std::int64_t{1} << 32) % q));

// The last inverse layer's twiddle -zetas[1] with that factor folded in, as
// their Montgomery product -zetas[1] · inv_ntt_factor · 2^-32 mod q: the
// differences of the last layer take one product by it where the sums
// take one by inv_ntt_factor (FIPS 204 Alg. 42's last layer with its final
// multiplication by 256^-1 merged in). One reduction instead of two changes
// the representative, so every backend folds the same way.
inline constexpr std::int32_t inv_ntt_last_twiddle =
    centred(-std::int64_t{zetas[1]} * inv_ntt_factor % q * pow_mod(std::int64_t{1} << 32, q - 2));

// CoeffFromHalfByte (FIPS 204 Alg. 15): a nibble b is accepted iff
// b < eta_nibble_limit(η), as the coefficient eta_nibble_values(η)[b].
// Vector backends use the sixteen values as a register shuffle (no memory
// index); rejected nibbles map to 0.
constexpr std::uint32_t eta_nibble_limit(unsigned eta) { return eta == 2 ? 15 : 9; }
consteval std::array<std::int8_t, 16> eta_nibble_values(unsigned eta) {
  std::array<std::int8_t, 16> v{};
  for (unsigned b = 0; b < eta_nibble_limit(eta); ++b)
    v[b] = static_cast<std::int8_t>(static_cast<int>(eta) - static_cast<int>(eta == 2 ? b % 5 : b));
  return v;
}

}  // namespace pqlab::kernels::mldsa_field
