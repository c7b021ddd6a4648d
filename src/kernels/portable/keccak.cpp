// Portable Keccak-f[1600] (FIPS 202 §3.3–3.4) on 64-bit lanes.
#include "kernels/portable/portable.hpp"

#include <array>
#include <bit>

namespace pqlab::kernels::portable {
namespace {

// Round constants RC[i] of ι (FIPS 202 Alg. 5/6), from the degree-8 LFSR.
constexpr std::array<std::uint64_t, 24> make_round_constants() {
  std::array<std::uint64_t, 24> rc{};
  unsigned lfsr = 1;
  for (std::size_t round = 0; round < 24; ++round) {
    for (int j = 0; j < 7; ++j) {
      if (lfsr & 1) rc[round] ^= std::uint64_t{1} << ((1 << j) - 1);
      lfsr = (lfsr & 0x80) ? ((lfsr << 1) ^ 0x71) : (lfsr << 1);
      lfsr &= 0xff;
    }
  }
  return rc;
}
constexpr auto kRoundConstants = make_round_constants();

// ρ and π together (FIPS 202 Alg. 2 and 3): walking (x, y) -> (y, 2x + 3y)
// from (1, 0) visits every lane but (0, 0); step t rotates the current lane
// by (t + 1)(t + 2)/2 and π sends it to the next lane of the walk.
struct RhoPi {
  std::array<std::size_t, 25> lane;  // lane[t] = x + 5y at step t
  std::array<int, 24> rotation;
};
constexpr RhoPi make_rho_pi() {
  RhoPi t{};
  std::size_t x = 1, y = 0;
  for (std::size_t i = 0; i < 25; ++i) {
    t.lane[i] = x + 5 * y;
    if (i < 24) t.rotation[i] = static_cast<int>(((i + 1) * (i + 2) / 2) % 64);
    const std::size_t nx = y, ny = (2 * x + 3 * y) % 5;
    x = nx;
    y = ny;
  }
  return t;
}
constexpr auto kRhoPi = make_rho_pi();

}  // namespace

// The round loop is kept; every loop inside a round has a constant trip
// count and is fully unrolled, so the lane indexes, rotations and the mod-5
// arithmetic all fold to constants and the state lives in registers.
void keccak_f1600_x1(std::uint64_t state[keccak_lanes]) {
  std::uint64_t a[25];
#pragma GCC unroll 25
  for (std::size_t i = 0; i < 25; ++i) a[i] = state[i];
  for (std::size_t round = 0; round < 24; ++round) {
    // θ
    std::uint64_t c[5], d[5];
#pragma GCC unroll 5
    for (std::size_t x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
#pragma GCC unroll 5
    for (std::size_t x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ std::rotl(c[(x + 1) % 5], 1);
    // θ's column parities applied on the way into ρ and π (into b), then χ
    // back into a.
    std::uint64_t b[25];
    b[0] = a[0] ^ d[0];
#pragma GCC unroll 24
    for (std::size_t t = 0; t < 24; ++t)
      b[kRhoPi.lane[t + 1]] = std::rotl(a[kRhoPi.lane[t]] ^ d[kRhoPi.lane[t] % 5], kRhoPi.rotation[t]);
#pragma GCC unroll 5
    for (std::size_t row = 0; row < 25; row += 5)
#pragma GCC unroll 5
      for (std::size_t x = 0; x < 5; ++x)
        a[row + x] = b[row + x] ^ (~b[row + (x + 1) % 5] & b[row + (x + 2) % 5]);
    // ι
    a[0] ^= kRoundConstants[round];
  }
#pragma GCC unroll 25
  for (std::size_t i = 0; i < 25; ++i) state[i] = a[i];
}

void keccak_f1600_x4(std::uint64_t states[4 * keccak_lanes]) {
  for (std::size_t i = 0; i < 4; ++i) keccak_f1600_x1(states + i * keccak_lanes);
}

}  // namespace pqlab::kernels::portable
