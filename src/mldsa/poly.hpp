// ML-DSA polynomials of R_q = Z_q[X]/(X^256 + 1) (FIPS 204 §2.3). The NTT
// domain is part of the type: a Poly (coefficients) and an NttPoly (the
// NTT representation T_q) cannot be mixed by accident.
#pragma once
#include <array>
#include <cstdint>

#include "mldsa/reduce.hpp"

namespace pqlab::mldsa::detail {

// Coefficients; the range each value holds is stated where it is made.
struct Poly {
  std::array<std::int32_t, n> c;
};
// An element of T_q; Montgomery factors are tracked by the callers.
struct NttPoly {
  std::array<std::int32_t, n> c;
};

// out = NTT(in) (FIPS 204 Alg. 41). In: |in_i| < 8q. Out: |out_i| < 16q.
void ntt(NttPoly& out, const Poly& in);
// out = NTT^-1(in) · 2^32 (FIPS 204 Alg. 42). In: |in_i| < q. Out: |out_i| < q.
void intt_tomont(Poly& out, const NttPoly& in);
// r = a ∘ b · 2^-32 (FIPS 204 Alg. 45). In: |a_i·b_i| < q·2^31. Out: |r_i| < q.
void multiply_ntt(NttPoly& r, const NttPoly& a, const NttPoly& b);
// r += a ∘ b · 2^-32; each call adds less than q to |r_i|.
void multiply_ntt_add(NttPoly& r, const NttPoly& a, const NttPoly& b);

// Element-wise reduce32 / freeze on every coefficient.
void reduce(NttPoly& a);
void reduce(Poly& a);
void freeze(Poly& a);

// 0xffffffff if some |a_i| >= bound (a_i centred, |a_i| < 2^31), else 0;
// reads every coefficient (FIPS 204 §2.3 ‖·‖∞ compared with a bound).
std::uint32_t norm_at_least(const Poly& a, std::int32_t bound);

}  // namespace pqlab::mldsa::detail
