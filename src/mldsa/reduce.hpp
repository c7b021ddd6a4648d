// Modular reduction for ML-DSA's q = 8380417 (FIPS 204 §2.3 "mod ±" and
// §7.5's arithmetic). All branch-free: they run on secret coefficients.
#pragma once
#include <cstdint>

namespace pqlab::mldsa::detail {

inline constexpr std::int32_t q = 8380417;
inline constexpr std::size_t n = 256;

// A representative of a mod q in [-6283008, 6283008] (so |r| < q), for
// |a| < 2^31 - 2^22: subtracts round(a / 2^23)·q, as 2^23 - q = 2^13 - 1
// makes q a close stand-in for 2^23. Values congruent to a small v (|v| <
// 2^22 - 2^13) come back as exactly v.
inline std::int32_t reduce32(std::int32_t a) {
  const std::int32_t t = (a + (1 << 22)) >> 23;
  return a - t * q;
}

// a + q if a < 0: maps (-q, q) onto [0, q).
inline std::int32_t add_q_if_negative(std::int32_t a) { return a + ((a >> 31) & q); }

// The representative of a mod q in [0, q), for |a| < 2^31 - 2^22.
inline std::int32_t freeze(std::int32_t a) { return add_q_if_negative(reduce32(a)); }

// |a| for |a| < 2^31, without a branch.
inline std::int32_t abs_ct(std::int32_t a) {
  const std::int32_t sign = a >> 31;
  return (a ^ sign) - sign;
}

}  // namespace pqlab::mldsa::detail
