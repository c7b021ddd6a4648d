// Keccak-f[1600] (FIPS 202 §3.3) on N independent states at once, "lane
// sliced": vector register i holds lane i of every state. The vector
// operations come from an Ops class of the including file, so that the
// AVX2 and the AVX-512 backends share the round structure and each file
// is compiled with its own target flags. Everything here has internal
// linkage: no function compiled with one file's flags can be picked by
// the linker for another's.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace pqlab::kernels::x86 {
namespace {

// ι's round constants RC[i] (FIPS 202 Alg. 5/6), from the degree-8 LFSR.
constexpr std::array<std::uint64_t, 24> make_keccak_round_constants() {
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
constexpr auto kKeccakRoundConstants = make_keccak_round_constants();

// ρ's offsets by lane index x + 5y (FIPS 202 Alg. 2): walking
// (x, y) -> (y, 2x + 3y) from (1, 0), step t rotates by (t + 1)(t + 2)/2.
constexpr std::array<int, 25> make_rho_offsets() {
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
constexpr auto kRhoOffsets = make_rho_offsets();

// π (FIPS 202 Alg. 3): A'[x, y] = A[(x + 3y) mod 5, x]; source lane of each
// destination lane.
constexpr std::array<std::size_t, 25> make_pi_sources() {
  std::array<std::size_t, 25> s{};
  for (std::size_t x = 0; x < 5; ++x)
    for (std::size_t y = 0; y < 5; ++y) s[x + 5 * y] = (x + 3 * y) % 5 + 5 * x;
  return s;
}
constexpr auto kPiSources = make_pi_sources();

// The 24 rounds on lane-sliced states. Ops provides the vector type V and
// xor2, xor5, rotl<n>, chi (a ^ (~b & c)) and broadcast.
template <class Ops>
inline void keccak_sliced_rounds(typename Ops::V a[25]) {
  using V = typename Ops::V;
  for (std::size_t round = 0; round < 24; ++round) {
    // θ
    V c[5], d[5];
#pragma GCC unroll 5
    for (std::size_t x = 0; x < 5; ++x) c[x] = Ops::xor5(a[x], a[x + 5], a[x + 10], a[x + 15], a[x + 20]);
    [&]<std::size_t... x>(std::index_sequence<x...>) {
      ((d[x] = Ops::xor2(c[(x + 4) % 5], Ops::template rotl<1>(c[(x + 1) % 5]))), ...);
    }(std::make_index_sequence<5>{});
    // θ applied, ρ and π into b
    V b[25];
    [&]<std::size_t... i>(std::index_sequence<i...>) {
      ((b[i] = Ops::template rotl<kRhoOffsets[kPiSources[i]]>(Ops::xor2(a[kPiSources[i]], d[kPiSources[i] % 5]))), ...);
    }(std::make_index_sequence<25>{});
    // χ
#pragma GCC unroll 5
    for (std::size_t row = 0; row < 25; row += 5)
#pragma GCC unroll 5
      for (std::size_t x = 0; x < 5; ++x)
        a[row + x] = Ops::chi(b[row + x], b[row + (x + 1) % 5], b[row + (x + 2) % 5]);
    // ι
    a[0] = Ops::xor2(a[0], Ops::broadcast(kKeccakRoundConstants[round]));
  }
}

}  // namespace
}  // namespace pqlab::kernels::x86
