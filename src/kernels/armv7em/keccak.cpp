// Keccak-f[1600] (FIPS 202 §3.3–3.4) for 32-bit cores, bit-interleaved:
// each 64-bit lane is held as two 32-bit words, `e` with the lane's even
// bits and `o` with its odd bits. A 64-bit rotation by r is then two 32-bit
// rotations (by r/2 of each word when r is even; by (r+1)/2 of o into e and
// (r-1)/2 of e into o when r is odd), which ARMv7-M folds into the barrel
// shifter of the EOR/BIC that consumes the word, where a 64-bit rotation of
// two halves costs four shift-and-OR instructions. χ's ~b & c is one BIC.
//
// Plain C++ (no inline assembly): the Cortex-M4 firmware selects it at
// build time, and the host build compiles the same source for its
// bit-exactness test against the portable backend
// (tests/unit/kernel_armv7em_test.cpp). Where the Thumb-2 assembly is
// assembled (PQLAB_ARMV7EM_ASM), keccak_f1600.S replaces these entries in
// the table (armv7em.hpp's fill).
#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/armv7em/armv7em.hpp"
#include "kernels/keccak_constants.hpp"
#include "kernels/keccak_lane_form.hpp"

namespace pqlab::kernels::armv7em {
namespace {

constexpr std::uint32_t rotl(std::uint32_t x, unsigned n) {
  return n == 0 ? x : static_cast<std::uint32_t>((x << n) | (x >> (32 - n)));
}

using keccak::from_interleaved;
using keccak::Interleaved;
using keccak::to_interleaved;

// ι's round constants (FIPS 202 Alg. 6), interleaved.
consteval std::array<Interleaved, 24> make_round_constants() {
  std::array<Interleaved, 24> rc{};
  for (std::size_t i = 0; i < 24; ++i) rc[i] = to_interleaved(keccak::round_constants[i]);
  return rc;
}
constexpr std::array<Interleaved, 24> kRoundConstants = make_round_constants();

// ROT(w, r) of FIPS 202 §3.2.2 on an interleaved lane.
template <int R>
constexpr Interleaved rot(Interleaved w) {
  if constexpr (R % 2 == 0) {
    return {rotl(w.e, R / 2), rotl(w.o, R / 2)};
  } else {
    return {rotl(w.o, (R + 1) / 2), rotl(w.e, (R - 1) / 2)};
  }
}

// One round Rnd (FIPS 202 Alg. 7) from state `a` into state `out`, on
// interleaved lanes a[x + 5y]. ρ, π and χ are fused per output row: the
// five lanes of a row are computed in registers and χ'd there, so no
// intermediate state goes to memory. Every index is a template argument or
// a constant, so the compiler unrolls everything and every rotation is an
// immediate.
template <std::size_t Lane>
inline Interleaved rho_pi_lane(const Interleaved (&a)[25], const Interleaved (&d)[5]) {
  // π (Alg. 3): output lane x + 5y takes input lane (x + 3y) mod 5 + 5x,
  // after θ's D and ρ's rotation (Alg. 2) of that input lane.
  constexpr std::size_t x = Lane % 5, y = Lane / 5;
  constexpr std::size_t source = keccak::pi_source(x, y);
  const Interleaved t{a[source].e ^ d[source % 5].e, a[source].o ^ d[source % 5].o};
  return rot<keccak::rho_offsets[source]>(t);
}

// χ (Alg. 4) on output row Y: out[x] = b[x] ^ (~b[x+1] & b[x+2]).
template <std::size_t Y>
inline void row(const Interleaved (&a)[25], const Interleaved (&d)[5], Interleaved (&out)[25]) {
  const Interleaved b0 = rho_pi_lane<5 * Y + 0>(a, d), b1 = rho_pi_lane<5 * Y + 1>(a, d),
                    b2 = rho_pi_lane<5 * Y + 2>(a, d), b3 = rho_pi_lane<5 * Y + 3>(a, d),
                    b4 = rho_pi_lane<5 * Y + 4>(a, d);
  out[5 * Y + 0] = {b0.e ^ (b2.e & ~b1.e), b0.o ^ (b2.o & ~b1.o)};
  out[5 * Y + 1] = {b1.e ^ (b3.e & ~b2.e), b1.o ^ (b3.o & ~b2.o)};
  out[5 * Y + 2] = {b2.e ^ (b4.e & ~b3.e), b2.o ^ (b4.o & ~b3.o)};
  out[5 * Y + 3] = {b3.e ^ (b0.e & ~b4.e), b3.o ^ (b0.o & ~b4.o)};
  out[5 * Y + 4] = {b4.e ^ (b1.e & ~b0.e), b4.o ^ (b1.o & ~b0.o)};
}

inline void round(const Interleaved (&a)[25], Interleaved (&out)[25], Interleaved rc) {
  // θ (Alg. 1): column parities C, then D[x] = C[x-1] ^ ROT(C[x+1], 1).
  Interleaved c[5];
#pragma GCC unroll 5
  for (std::size_t x = 0; x < 5; ++x) {
    c[x].e = a[x].e ^ a[x + 5].e ^ a[x + 10].e ^ a[x + 15].e ^ a[x + 20].e;
    c[x].o = a[x].o ^ a[x + 5].o ^ a[x + 10].o ^ a[x + 15].o ^ a[x + 20].o;
  }
  Interleaved d[5];
#pragma GCC unroll 5
  for (std::size_t x = 0; x < 5; ++x) {
    const Interleaved r = rot<1>(c[(x + 1) % 5]);
    d[x] = {c[(x + 4) % 5].e ^ r.e, c[(x + 4) % 5].o ^ r.o};
  }
  row<0>(a, d, out);
  row<1>(a, d, out);
  row<2>(a, d, out);
  row<3>(a, d, out);
  row<4>(a, d, out);
  // ι (Alg. 6).
  out[0].e ^= rc.e;
  out[0].o ^= rc.o;
}

// The 24 rounds, two per iteration between the two buffers.
void permute(Interleaved (&a)[25]) {
  Interleaved other[25];
#pragma GCC unroll 1
  for (std::size_t i = 0; i < 24; i += 2) {
    round(a, other, kRoundConstants[i]);
    round(other, a, kRoundConstants[i + 1]);
  }
}

}  // namespace

void keccak_f1600_x1(std::uint64_t state[keccak_lanes]) {
  Interleaved a[25];
#pragma GCC unroll 1
  for (std::size_t i = 0; i < 25; ++i) a[i] = to_interleaved(state[i]);
  permute(a);
#pragma GCC unroll 1
  for (std::size_t i = 0; i < 25; ++i) state[i] = from_interleaved(a[i]);
}

void keccak_f1600_x4(std::uint64_t states[4 * keccak_lanes]) {
  for (std::size_t i = 0; i < 4; ++i) keccak_f1600_x1(states + i * keccak_lanes);
}

void keccak_f1600_x8(std::uint64_t states[8 * keccak_lanes]) {
  for (std::size_t i = 0; i < 8; ++i) keccak_f1600_x1(states + i * keccak_lanes);
}

// One core: five one-state calls, through the assembly where it is built.
void keccak_f1600_x5(std::uint64_t states[5 * keccak_lanes]) {
#if PQLAB_ARMV7EM_ASM
  for (std::size_t i = 0; i < 5; ++i) pqlab_armv7em_keccak_f1600_x1(states + i * keccak_lanes);
#else
  for (std::size_t i = 0; i < 5; ++i) keccak_f1600_x1(states + i * keccak_lanes);
#endif
}

void keccak_f1600_sliced8(std::uint64_t lanes[8 * keccak_lanes], std::size_t count, std::size_t /*words*/) {
  std::uint64_t state[keccak_lanes];
  for (std::size_t j = 0; j < count; ++j) {
    for (std::size_t i = 0; i < keccak_lanes; ++i) state[i] = lanes[8 * i + j];
    keccak_f1600_x1(state);
    for (std::size_t i = 0; i < keccak_lanes; ++i) lanes[8 * i + j] = state[i];
  }
}

}  // namespace pqlab::kernels::armv7em
