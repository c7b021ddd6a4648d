// Keccak-f[1600] (FIPS 202 §3.3–3.4) on one state of 64-bit lanes in
// plain C++, shared by the portable backend and the x86 BMI2 build of the
// same code (x86_bmi2/), which lets the compiler use ANDN and RORX.
// Everything here has internal linkage, so each including file gets its
// own copy compiled with its own target flags.
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "kernels/keccak_constants.hpp"
#include "kernels/kernels.hpp"

namespace pqlab::kernels::keccak_scalar {
namespace {

using keccak::pi_source;
using keccak::rho_offsets;
using keccak::round_constants;

// Lane complementing: the lanes whose bit is set here are held inverted
// for the whole permutation. χ's a ^ (~b & c) then costs one AND or OR on
// most lanes instead of NOT and AND: with b held inverted, ~b & c is one
// AND; with c held inverted, ~b & ~c is ~(b | c), whose NOT folds into the
// output's own inversion. θ, ρ and π commute with inversion (XOR and
// rotation), so a lane's inversion travels with it. This set needs 7 NOTs
// per round instead of 25 (found by exhaustive search over all 2^25 sets
// with the cost model of lane_chi below).
//
// With ANDN (BMI1: the builds of x86_bmi2/ and of the avx2 five-state
// call) ~b & c is already one instruction with a separate destination,
// while AND and OR overwrite an operand that χ still needs, so that the
// compiler copies it first; there no lane is held inverted.
#if defined(__BMI__)
constexpr std::uint32_t kInverted = 0;
#else
constexpr std::uint32_t kInverted = 0x0146219;
#endif
constexpr bool inverted(std::size_t lane) { return (kInverted >> lane) & 1u; }
// A column with an odd number of inverted lanes has an inverted parity.
constexpr bool column_inverted(std::size_t x) {
  bool odd = false;
  for (std::size_t y = 0; y < 5; ++y) odd ^= inverted(x + 5 * y);
  return odd;
}
// Whether the χ input b at (x, y) is held inverted: its source lane's own
// inversion, and that of θ's D[sx] = C[sx − 1] ⊕ ROT(C[sx + 1], 1).
constexpr bool b_inverted(std::size_t x, std::size_t y) {
  const std::size_t sx = (x + 3 * y) % 5;
  return inverted(pi_source(x, y)) ^ column_inverted((sx + 4) % 5) ^ column_inverted((sx + 1) % 5);
}

// χ for output lane (x, y) from the row's b lanes as held, giving the
// output as it is to be held. All the conditions fold at compile time.
template <std::size_t X, std::size_t Y>
[[gnu::always_inline]] inline std::uint64_t lane_chi(const std::uint64_t b[5]) {
  constexpr bool i0 = b_inverted(X, Y), i1 = b_inverted((X + 1) % 5, Y), i2 = b_inverted((X + 2) % 5, Y);
  const std::uint64_t b1 = b[(X + 1) % 5], b2 = b[(X + 2) % 5];
  std::uint64_t t;
  bool flip = i0 != inverted(X + 5 * Y);
  if constexpr (i1 && !i2) {
    t = b1 & b2;
  } else if constexpr (!i1 && i2) {
    t = b1 | b2;
    flip = !flip;
  } else if constexpr (!i1) {
    t = ~b1 & b2;
  } else {
    t = b1 & ~b2;
  }
  const std::uint64_t v = b[X] ^ t;
  return flip ? ~v : v;
}

// Output row Y of one round from a (as held) into e; accumulates e's column
// parities into c for the next round's θ.
template <std::size_t Y>
[[gnu::always_inline]] inline void round_row(const std::uint64_t* a, std::uint64_t* e, std::uint64_t* c,
                                             const std::uint64_t d[5], std::uint64_t rc) {
  std::uint64_t b[5];
#pragma GCC unroll 5
  for (std::size_t x = 0; x < 5; ++x) {
    const std::size_t src = pi_source(x, Y);
    b[x] = std::rotl(a[src] ^ d[src % 5], rho_offsets[src]);  // θ's D, then ρ; π is the indexing
  }
  std::uint64_t out[5] = {lane_chi<0, Y>(b), lane_chi<1, Y>(b), lane_chi<2, Y>(b), lane_chi<3, Y>(b),
                          lane_chi<4, Y>(b)};
  if constexpr (Y == 0) out[0] ^= rc;  // ι
#pragma GCC unroll 5
  for (std::size_t x = 0; x < 5; ++x) {
    e[x + 5 * Y] = out[x];
    c[x] ^= out[x];
  }
}

// θ's D[x] = C[x-1] ^ ROT(C[x+1], 1) (FIPS 202 Alg. 1 step 2) from the
// column parities c, which are then cleared for round_row to accumulate
// the next round's.
[[gnu::always_inline]] inline void theta_d(std::uint64_t* c, std::uint64_t d[5]) {
#pragma GCC unroll 5
  for (std::size_t x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ std::rotl(c[(x + 1) % 5], 1);
#pragma GCC unroll 5
  for (std::size_t x = 0; x < 5; ++x) c[x] = 0;
}

// One round (FIPS 202 Alg. 7: θ, ρ, π, χ, ι) from a into e, row by row, so
// that only one row of ρ∘π outputs is live at a time. c holds a's column
// parities on entry and e's on return.
[[gnu::always_inline]] inline void round(const std::uint64_t* a, std::uint64_t* e, std::uint64_t* c, std::uint64_t rc) {
  std::uint64_t d[5];
  theta_d(c, d);
  round_row<0>(a, e, c, d, rc);
  round_row<1>(a, e, c, d, rc);
  round_row<2>(a, e, c, d, rc);
  round_row<3>(a, e, c, d, rc);
  round_row<4>(a, e, c, d, rc);
}

// A state into the form the rounds hold (lane complementing) with its
// column parities, and back.
[[gnu::always_inline]] inline void enter(const std::uint64_t state[keccak_lanes], std::uint64_t a[25],
                                         std::uint64_t c[5]) {
#pragma GCC unroll 25
  for (std::size_t i = 0; i < 25; ++i) a[i] = inverted(i) ? ~state[i] : state[i];
#pragma GCC unroll 5
  for (std::size_t x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
}
[[gnu::always_inline]] inline void leave(const std::uint64_t a[25], std::uint64_t state[keccak_lanes]) {
#pragma GCC unroll 25
  for (std::size_t i = 0; i < 25; ++i) state[i] = inverted(i) ? ~a[i] : a[i];
}

// FIPS 202 Alg. 7 with 24 rounds, two per iteration (a -> e -> a). Every
// lane index, rotation and inversion is a compile-time constant.
[[gnu::always_inline]] inline void permute(std::uint64_t state[keccak_lanes]) {
  std::uint64_t a[25], e[25], c[5];
  enter(state, a, c);
  for (std::size_t r = 0; r < 24; r += 2) {
    round(a, e, c, round_constants[r]);
    round(e, a, c, round_constants[r + 1]);
  }
  leave(a, state);
}

}  // namespace
}  // namespace pqlab::kernels::keccak_scalar
