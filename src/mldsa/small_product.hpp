// The signing loop's products c·s1 and c·s2 (FIPS 204 Alg. 7 lines 17 and
// 20) in a smaller ring. c has τ coefficients ±1 and the rest 0 (Alg. 29);
// s1 and s2 have coefficients in [-η, η]; so every coefficient of c·s lies
// within τ·η ≤ 196 of zero (Table 1: 39·2, 49·4, 60·2). The product is
// therefore exact in Z_3329[X]/(X^256 + 1), the ring of FIPS 203, taken as
// the centred representative; there the kernel seam's ML-KEM transforms
// (16-bit lanes, no 64-bit products) do the work of the 32-bit ones of
// q = 8380417. The result equals NTT^-1(ĉ ∘ ŝ) reduced by reduce32.
#pragma once
#include <array>
#include <cstdint>

#include "common/buffer_align.hpp"
#include "mldsa/poly.hpp"

namespace pqlab::mldsa::detail {

// An element of T_3329 (FIPS 203 §4.3), plain form.
struct SmallNttPoly {
  alignas(vector_buffer_align<std::int16_t>) std::array<std::int16_t, n> c;
};

// out = NTT_3329(in) (FIPS 203 Alg. 9) for |in_i| ≤ 4 (c, s1, s2).
void small_ntt(SmallNttPoly& out, const Poly& in);
// out = a·b as integers, for a = NTT_3329(x), b = NTT_3329(y) with every
// coefficient of x·y in [-1664, 1664] (FIPS 203 Alg. 11, then Alg. 10).
void small_multiply(Poly& out, const SmallNttPoly& a, const SmallNttPoly& b);

}  // namespace pqlab::mldsa::detail
