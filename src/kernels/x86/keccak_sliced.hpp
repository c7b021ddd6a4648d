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

// θ's column parities C[x] (FIPS 202 Alg. 1 step 1) and what θ adds to a
// lane of column x: D[x] = C[x-1] ^ ROT(C[x+1], 1) (step 2). Where the
// backend has a three-input xor (Ops::xor3), D is never formed: each lane
// takes a ^ C[x-1] ^ ROT(C[x+1], 1) in one operation, five fewer per round.
template <class Ops>
struct Theta {
  using V = typename Ops::V;
  V c[5], r[5];  // r: C rotated by one, or D where there is no xor3
  [[gnu::always_inline]] explicit Theta(const V* a) {
#pragma GCC unroll 5
    for (std::size_t x = 0; x < 5; ++x) c[x] = Ops::xor5(a[x], a[x + 5], a[x + 10], a[x + 15], a[x + 20]);
    if constexpr (Ops::has_xor3) {
#pragma GCC unroll 5
      for (std::size_t x = 0; x < 5; ++x) r[x] = Ops::template rotl<1>(c[x]);
    } else {
#pragma GCC unroll 5
      for (std::size_t x = 0; x < 5; ++x) r[x] = Ops::xor2(c[(x + 4) % 5], Ops::template rotl<1>(c[(x + 1) % 5]));
    }
  }
  // Lane `i` (column i mod 5) of a after θ (step 3).
  template <std::size_t i>
  [[gnu::always_inline]] V apply(const V* a) const {
    if constexpr (Ops::has_xor3)
      return Ops::xor3(a[i], c[(i + 4) % 5], r[(i + 1) % 5]);
    else
      return Ops::xor2(a[i], r[i % 5]);
  }
};

// The five inputs of output row Y's χ: lanes after θ, ρ and π (FIPS 202
// §3.2).
template <class Ops, std::size_t Y, std::size_t... X>
[[gnu::always_inline]] inline std::array<typename Ops::V, 5> row_inputs(const typename Ops::V* a,
                                                                        const Theta<Ops>& theta,
                                                                        std::index_sequence<X...>) {
  return {Ops::template rotl<rho_offsets[pi_source(X, Y)]>(theta.template apply<pi_source(X, Y)>(a))...};
}

// Output row Y of a round: χ of its inputs, and ι on row 0; the words X...
// of the row alone (all five, or the first few where only those are read:
// the inputs that none of them reads are then dropped by the compiler).
template <class Ops, std::size_t Y, std::size_t... X>
[[gnu::always_inline]] inline void sliced_row(const typename Ops::V* a, typename Ops::V* e, const Theta<Ops>& theta,
                                              std::uint64_t rc, std::index_sequence<X...>) {
  const auto b = row_inputs<Ops, Y>(a, theta, std::make_index_sequence<5>{});
  ((e[5 * Y + X] = Ops::chi(b[X], b[(X + 1) % 5], b[(X + 2) % 5])), ...);
  if constexpr (Y == 0) e[0] = Ops::xor2(e[0], Ops::broadcast(rc));
}

// Output row Y for each group of states in turn.
template <class Ops, std::size_t Y, std::size_t... G>
[[gnu::always_inline]] inline void sliced_row_of_groups(const typename Ops::V (*a)[25], typename Ops::V (*e)[25],
                                                        const std::array<Theta<Ops>, sizeof...(G)>& thetas,
                                                        std::uint64_t rc, std::index_sequence<G...>) {
  (sliced_row<Ops, Y>(a[G], e[G], thetas[G], rc, std::make_index_sequence<5>{}), ...);
}

// Each group's θ.
template <class Ops, std::size_t... G>
[[gnu::always_inline]] inline std::array<Theta<Ops>, sizeof...(G)> thetas_of_groups(const typename Ops::V (*a)[25],
                                                                                    std::index_sequence<G...>) {
  return {Theta<Ops>(a[G])...};
}

// One round from a[g] into e[g] for each of G groups of lane-sliced states
// (each group one register per lane index): every group's θ, then the
// output row by row, each row for every group in turn (each row's five
// ρ∘π inputs formed just before its χ, so that few vectors are live at
// once). The groups are independent chains of work, so while one waits on
// its last results the core has the other's ready: on AVX2, where the 25
// lanes outgrow the 16 registers, two groups of four states in one call
// take 7% less time than the two one after another (docs/PERFORMANCE.md).
template <class Ops, std::size_t G, std::size_t... Y>
[[gnu::always_inline]] inline void sliced_round(const typename Ops::V (*a)[25], typename Ops::V (*e)[25],
                                                std::uint64_t rc, std::index_sequence<Y...>) {
  const auto thetas = thetas_of_groups<Ops>(a, std::make_index_sequence<G>{});
  (sliced_row_of_groups<Ops, Y>(a, e, thetas, rc, std::make_index_sequence<G>{}), ...);
}

// The 24 rounds (FIPS 202 Alg. 7) on G groups of lane-sliced states, two
// rounds per iteration (a -> e -> a); with Words <= 5, the last round
// computes only the first Words words of each state (row 0: θ in full,
// then ρ, π and χ for those words alone, and ι). Ops provides the vector
// type V and xor2, xor5, rotl<n>, chi (a ^ (~b & c)) and broadcast, and
// has_xor3 with xor3 (a ^ b ^ c) where that is one operation; for
// keccak_sliced_in_memory also load and store of one register's words.
template <class Ops, std::size_t G, std::size_t Words = 25>
[[gnu::always_inline]] inline void keccak_sliced_rounds(typename Ops::V (*a)[25]) {
  static_assert(Words == 25 || (Words >= 1 && Words <= 5));
  typename Ops::V e[G][25];
  constexpr std::size_t whole_rounds = Words == 25 ? 24 : 22;
  for (std::size_t round = 0; round < whole_rounds; round += 2) {
    sliced_round<Ops, G>(a, e, round_constants[round], std::make_index_sequence<5>{});
    sliced_round<Ops, G>(e, a, round_constants[round + 1], std::make_index_sequence<5>{});
  }
  if constexpr (Words < 25) {
    sliced_round<Ops, G>(a, e, round_constants[22], std::make_index_sequence<5>{});
    const auto thetas = thetas_of_groups<Ops>(e, std::make_index_sequence<G>{});
#pragma GCC unroll 2
    for (std::size_t g = 0; g < G; ++g)
      sliced_row<Ops, 0>(e[g], a[g], thetas[g], round_constants[23], std::make_index_sequence<Words>{});
  }
}

// One group of states.
template <class Ops>
[[gnu::always_inline]] inline void keccak_sliced_rounds(typename Ops::V (&a)[25]) {
  keccak_sliced_rounds<Ops, 1>(&a);
}

// The permutations of the states whose word w lies at lanes[8·w + j] (the
// layout of keccak_f1600_sliced8), in G groups of as many states as a
// register holds, group g from element g·width on: each register loaded
// and stored straight, no transposes. The loops are unrolled so that the
// registers never go through a stack array. Words (1 to 25) of each state
// are computed and stored; with 5 or fewer, the last round is cut short.
template <class Ops, std::size_t G, std::size_t Words>
[[gnu::always_inline]] inline void keccak_sliced_in_memory(std::uint64_t* lanes) {
  constexpr std::size_t width = sizeof(typename Ops::V) / sizeof(std::uint64_t);
  static_assert(G * width <= 8);
  typename Ops::V a[G][25];
#pragma GCC unroll 2
  for (std::size_t g = 0; g < G; ++g) {
#pragma GCC unroll 25
    for (std::size_t i = 0; i < 25; ++i) a[g][i] = Ops::load(lanes + 8 * i + g * width);
  }
  keccak_sliced_rounds<Ops, G, Words>(a);
#pragma GCC unroll 2
  for (std::size_t g = 0; g < G; ++g) {
#pragma GCC unroll 25
    for (std::size_t i = 0; i < Words; ++i) Ops::store(lanes + 8 * i + g * width, a[g][i]);
  }
}

// keccak_sliced_in_memory for a run-time word count: whole states, or the
// first 1 to 4 words (SLH-DSA's outputs of n = 16, 24 or 32 bytes).
template <class Ops, std::size_t G = 1>
inline void keccak_sliced_in_memory(std::uint64_t* lanes, std::size_t words) {
  switch (words) {
    case 1: keccak_sliced_in_memory<Ops, G, 1>(lanes); break;
    case 2: keccak_sliced_in_memory<Ops, G, 2>(lanes); break;
    case 3: keccak_sliced_in_memory<Ops, G, 3>(lanes); break;
    case 4: keccak_sliced_in_memory<Ops, G, 4>(lanes); break;
    default: keccak_sliced_in_memory<Ops, G, 25>(lanes); break;
  }
}

}  // namespace
}  // namespace pqlab::kernels::x86
