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

// Output row Y of a round (FIPS 202 §3.2): its five inputs after θ, ρ and
// π, then χ, and ι on row 0.
template <class Ops, std::size_t Y, std::size_t... X>
[[gnu::always_inline]] inline void sliced_row(const typename Ops::V* a, typename Ops::V* e, const Theta<Ops>& theta,
                                              std::uint64_t rc, std::index_sequence<X...>) {
  using V = typename Ops::V;
  const V b[5] = {Ops::template rotl<rho_offsets[pi_source(X, Y)]>(theta.template apply<pi_source(X, Y)>(a))...};
  ((e[5 * Y + X] = Ops::chi(b[X], b[(X + 1) % 5], b[(X + 2) % 5])), ...);
  if constexpr (Y == 0) e[0] = Ops::xor2(e[0], Ops::broadcast(rc));
}

// One round from a into e, output row by row (each row's five ρ∘π inputs
// formed just before its χ), so fewer vectors are live at once.
template <class Ops, std::size_t... Y>
[[gnu::always_inline]] inline void sliced_round(const typename Ops::V* a, typename Ops::V* e, std::uint64_t rc,
                                                std::index_sequence<Y...>) {
  const Theta<Ops> theta(a);
  (sliced_row<Ops, Y>(a, e, theta, rc, std::make_index_sequence<5>{}), ...);
}

// The 24 rounds (FIPS 202 Alg. 7) on lane-sliced states, two per iteration
// (a -> e -> a). Ops provides the vector type V and xor2, xor5, rotl<n>,
// chi (a ^ (~b & c)) and broadcast, and has_xor3 with xor3 (a ^ b ^ c)
// where that is one operation; for keccak_sliced_in_memory also load and
// store of one register's words.
template <class Ops>
[[gnu::always_inline]] inline void keccak_sliced_rounds(typename Ops::V a[25]) {
  typename Ops::V e[25];
  for (std::size_t round = 0; round < 24; round += 2) {
    sliced_round<Ops>(a, e, round_constants[round], std::make_index_sequence<5>{});
    sliced_round<Ops>(e, a, round_constants[round + 1], std::make_index_sequence<5>{});
  }
}

// The last round when only words 0..Words-1 (row 0, Words <= 5) of the
// output are wanted: θ in full (every column's parity), then ρ, π and χ
// for those words alone, and ι; from a into out[0..Words).
template <class Ops, std::size_t Words, std::size_t... X>
[[gnu::always_inline]] inline void sliced_first_words_round(const typename Ops::V* a, typename Ops::V* out,
                                                            std::uint64_t rc, std::index_sequence<X...>) {
  static_assert(Words >= 1 && Words <= 5);
  using V = typename Ops::V;
  constexpr std::size_t kInputs = Words + 2 < 5 ? Words + 2 : 5;  // χ of word x reads b[x], b[x+1], b[x+2]
  const Theta<Ops> theta(a);
  V b[5];
  const auto input = [&]<std::size_t x>() {
    if constexpr (x < kInputs)
      b[x] = Ops::template rotl<rho_offsets[pi_source(x, 0)]>(theta.template apply<pi_source(x, 0)>(a));
  };
  const auto word = [&]<std::size_t x>() {
    if constexpr (x < Words) out[x] = Ops::chi(b[x], b[(x + 1) % 5], b[(x + 2) % 5]);
  };
  (input.template operator()<X>(), ...);
  (word.template operator()<X>(), ...);
  out[0] = Ops::xor2(out[0], Ops::broadcast(rc));
}

// The 24 rounds with the last one cut to the first Words words.
template <class Ops, std::size_t Words>
[[gnu::always_inline]] inline void keccak_sliced_rounds_first_words(typename Ops::V a[25]) {
  typename Ops::V e[25];
  for (std::size_t round = 0; round < 22; round += 2) {
    sliced_round<Ops>(a, e, round_constants[round], std::make_index_sequence<5>{});
    sliced_round<Ops>(e, a, round_constants[round + 1], std::make_index_sequence<5>{});
  }
  sliced_round<Ops>(a, e, round_constants[22], std::make_index_sequence<5>{});
  sliced_first_words_round<Ops, Words>(e, a, round_constants[23], std::make_index_sequence<5>{});
}

// The permutations of the states whose word w lies at lanes[8·w + j] for
// the register's elements j (the layout of keccak_f1600_sliced8): each
// register loaded and stored straight, no transposes. The loops are
// unrolled so that the 25 registers never go through a stack array.
// Words (1 to 25) of each state are computed and stored; with 5 or fewer,
// the last round is cut short (keccak_sliced_rounds_first_words).
template <class Ops, std::size_t Words>
[[gnu::always_inline]] inline void keccak_sliced_in_memory(std::uint64_t* lanes) {
  typename Ops::V a[25];
#pragma GCC unroll 25
  for (std::size_t i = 0; i < 25; ++i) a[i] = Ops::load(lanes + 8 * i);
  if constexpr (Words <= 5)
    keccak_sliced_rounds_first_words<Ops, Words>(a);
  else
    keccak_sliced_rounds<Ops>(a);
#pragma GCC unroll 25
  for (std::size_t i = 0; i < Words; ++i) Ops::store(lanes + 8 * i, a[i]);
}

// keccak_sliced_in_memory for a run-time word count: whole states, or the
// first 1 to 4 words (SLH-DSA's outputs of n = 16, 24 or 32 bytes).
template <class Ops>
inline void keccak_sliced_in_memory(std::uint64_t* lanes, std::size_t words) {
  switch (words) {
    case 1: keccak_sliced_in_memory<Ops, 1>(lanes); break;
    case 2: keccak_sliced_in_memory<Ops, 2>(lanes); break;
    case 3: keccak_sliced_in_memory<Ops, 3>(lanes); break;
    case 4: keccak_sliced_in_memory<Ops, 4>(lanes); break;
    default: keccak_sliced_in_memory<Ops, 25>(lanes); break;
  }
}

}  // namespace
}  // namespace pqlab::kernels::x86
