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

#include "kernels/keccak_constants.hpp"

namespace pqlab::kernels::x86 {
namespace {

using keccak::pi_source;
using keccak::rho_offsets;
using keccak::round_constants;

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
      ((b[i] = Ops::template rotl<rho_offsets[pi_source(i % 5, i / 5)]>(Ops::xor2(a[pi_source(i % 5, i / 5)], d[pi_source(i % 5, i / 5) % 5]))), ...);
    }(std::make_index_sequence<25>{});
    // χ
#pragma GCC unroll 5
    for (std::size_t row = 0; row < 25; row += 5)
#pragma GCC unroll 5
      for (std::size_t x = 0; x < 5; ++x)
        a[row + x] = Ops::chi(b[row + x], b[row + (x + 1) % 5], b[row + (x + 2) % 5]);
    // ι
    a[0] = Ops::xor2(a[0], Ops::broadcast(round_constants[round]));
  }
}

}  // namespace
}  // namespace pqlab::kernels::x86
