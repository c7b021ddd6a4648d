// The form in which the Keccak kernels hold a state's 25 lanes between
// permutations (the seam's keccak_f1600_* entries take and return states in
// this form), and the conversions of one lane to and from it. Code that
// puts bytes into a state or takes them out goes through lane_in/lane_out;
// every other use of a state (zeroing it, copying it, moving lanes between
// layouts, XORing two lanes) is the same in either form, the conversions
// being linear bit permutations.
//
// - Standard (every build but the Cortex-M4 firmware's): lane x + 5y is
//   FIPS 202's 64-bit word (§3.1.2, little-endian bytes, §B.1); the
//   conversions are the identity and compile to nothing.
// - Bit-interleaved (PQLAB_KECCAK_INTERLEAVED_LANES, set by src/CMakeLists.txt
//   where the Thumb-2 Keccak is assembled): the low 32 bits hold the lane's
//   even bits, the high 32 its odd bits, the form in which
//   kernels/armv7em/keccak_f1600.S permutes. A sponge then converts only
//   the lanes it absorbs or squeezes, rather than the permutation all 25
//   on the way in and out (about 1,950 cycles per call on the M4).
#pragma once
#include <cstdint>

#ifndef PQLAB_KECCAK_INTERLEAVED_LANES
#define PQLAB_KECCAK_INTERLEAVED_LANES 0
#endif

namespace pqlab::kernels::keccak {

// The two halves of a bit-interleaved lane.
struct Interleaved {
  std::uint32_t e, o;  // even bits, odd bits
};

// Perfect outer unshuffle of a 32-bit word (Hacker's Delight §7-2): its
// even bits to the low half, its odd bits to the high half, in order.
constexpr std::uint32_t unshuffle(std::uint32_t x) {
  std::uint32_t t = (x ^ (x >> 1)) & 0x22222222u;
  x ^= t ^ (t << 1);
  t = (x ^ (x >> 2)) & 0x0C0C0C0Cu;
  x ^= t ^ (t << 2);
  t = (x ^ (x >> 4)) & 0x00F000F0u;
  x ^= t ^ (t << 4);
  t = (x ^ (x >> 8)) & 0x0000FF00u;
  x ^= t ^ (t << 8);
  return x;
}

// Its inverse: the low half's bits to the even positions, the high half's
// to the odd ones.
constexpr std::uint32_t shuffle(std::uint32_t x) {
  std::uint32_t t = (x ^ (x >> 8)) & 0x0000FF00u;
  x ^= t ^ (t << 8);
  t = (x ^ (x >> 4)) & 0x00F000F0u;
  x ^= t ^ (t << 4);
  t = (x ^ (x >> 2)) & 0x0C0C0C0Cu;
  x ^= t ^ (t << 2);
  t = (x ^ (x >> 1)) & 0x22222222u;
  x ^= t ^ (t << 1);
  return x;
}

constexpr Interleaved to_interleaved(std::uint64_t lane) {
  const std::uint32_t lo = unshuffle(static_cast<std::uint32_t>(lane));
  const std::uint32_t hi = unshuffle(static_cast<std::uint32_t>(lane >> 32));
  return {(lo & 0xFFFFu) | (hi << 16), (lo >> 16) | (hi & 0xFFFF0000u)};
}

constexpr std::uint64_t from_interleaved(Interleaved w) {
  const std::uint32_t lo = shuffle((w.e & 0xFFFFu) | (w.o << 16));
  const std::uint32_t hi = shuffle((w.e >> 16) | (w.o & 0xFFFF0000u));
  return (std::uint64_t{hi} << 32) | lo;
}

// An interleaved lane in one 64-bit word (e low, o high), and back.
constexpr std::uint64_t interleave(std::uint64_t lane) {
  const Interleaved w = to_interleaved(lane);
  return (std::uint64_t{w.o} << 32) | w.e;
}
constexpr std::uint64_t deinterleave(std::uint64_t word) {
  return from_interleaved({static_cast<std::uint32_t>(word), static_cast<std::uint32_t>(word >> 32)});
}

static_assert(deinterleave(interleave(0x0123456789ABCDEFull)) == 0x0123456789ABCDEFull);
static_assert(interleave(0x1) == 0x1 && interleave(0x2) == std::uint64_t{1} << 32);

inline constexpr bool interleaved_lanes = PQLAB_KECCAK_INTERLEAVED_LANES != 0;

// A FIPS 202 lane into the kernels' form, and back.
constexpr std::uint64_t lane_in(std::uint64_t lane) {
  if constexpr (interleaved_lanes)
    return interleave(lane);
  else
    return lane;
}
constexpr std::uint64_t lane_out(std::uint64_t word) {
  if constexpr (interleaved_lanes)
    return deinterleave(word);
  else
    return word;
}

}  // namespace pqlab::kernels::keccak
