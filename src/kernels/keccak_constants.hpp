// Keccak-f[1600] constants (FIPS 202 §3.2), shared by every backend. They
// are computed at compile time (consteval: no code is emitted, so nothing
// here can be linked across files built with different target flags).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace pqlab::kernels::keccak {

// ι's round constants RC[i] (FIPS 202 Alg. 5/6), from the degree-8 LFSR.
consteval std::array<std::uint64_t, 24> make_round_constants() {
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
inline constexpr std::array<std::uint64_t, 24> round_constants = make_round_constants();

// ρ's rotation offsets by lane index x + 5y (FIPS 202 Alg. 2): walking
// (x, y) -> (y, 2x + 3y) from (1, 0) visits every lane but (0, 0), and step
// t rotates by (t + 1)(t + 2)/2.
consteval std::array<int, 25> make_rho_offsets() {
  std::array<int, 25> r{};
  std::size_t x = 1, y = 0;
  for (std::size_t t = 0; t < 24; ++t) {
    r[x + 5 * y] = static_cast<int>(((t + 1) * (t + 2) / 2) % 64);
    const std::size_t nx = y, ny = (2 * x + 3 * y) % 5;
    x = nx;
    y = ny;
  }
  return r;
}
inline constexpr std::array<int, 25> rho_offsets = make_rho_offsets();

// π (FIPS 202 Alg. 3): A'[x, y] = A[(x + 3y) mod 5, x], so lane x + 5y of
// the output comes from lane pi_source(x, y) of the input.
constexpr std::size_t pi_source(std::size_t x, std::size_t y) { return (x + 3 * y) % 5 + 5 * x; }

}  // namespace pqlab::kernels::keccak
