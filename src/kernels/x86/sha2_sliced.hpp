// SHA-256 and SHA-512 compression (FIPS 180-4 §6.2.2 and §6.4.2) of one
// block in each of N independent streams at once, "word sliced": vector
// register j holds word j of every stream's state (or message schedule),
// one stream per 32-bit (SHA-256) or 64-bit (SHA-512) element. The vector
// operations come from an Ops class of the including file, so that the
// AVX2 and the AVX-512 backends share the round structure and each file
// is compiled with its own target flags. Everything here has internal
// linkage: no function compiled with one file's flags can be picked by the
// linker for another's.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/sha2_constants.hpp"

namespace pqlab::kernels::x86 {
namespace {

// The two SHA-2 word sizes: round count, constants K (§4.2.2 / §4.2.3) and
// the shift counts of Σ0, Σ1 (three rotates) and σ0, σ1 (two rotates and
// a shift) of §4.1.2 (4.4)–(4.7) and §4.1.3 (4.10)–(4.13).
template <class Word>
struct Sha2Params;
template <>
struct Sha2Params<std::uint32_t> {
  static constexpr std::size_t rounds = 64;
  static constexpr const std::uint32_t* k = sha2::k256;
  static constexpr int big_sigma0[3] = {2, 13, 22}, big_sigma1[3] = {6, 11, 25};
  static constexpr int small_sigma0[3] = {7, 18, 3}, small_sigma1[3] = {17, 19, 10};
};
template <>
struct Sha2Params<std::uint64_t> {
  static constexpr std::size_t rounds = 80;
  static constexpr const std::uint64_t* k = sha2::k512;
  static constexpr int big_sigma0[3] = {28, 34, 39}, big_sigma1[3] = {14, 18, 41};
  static constexpr int small_sigma0[3] = {1, 8, 7}, small_sigma1[3] = {19, 61, 6};
};

// Ops provides the vector type V, the word type Word (one element), and
// add, xor3, rotr<n>, shr<n>, ch (Ch(e, f, g) of FIPS 180-4 §4.1.2/§4.1.3),
// maj (Maj(a, b, c)) and broadcast, all element-wise on Words.
template <class Ops>
struct Sha2Sliced {
  using V = typename Ops::V;
  using P = Sha2Params<typename Ops::Word>;

  // Σ(x) = ROTR^r0(x) ^ ROTR^r1(x) ^ ROTR^r2(x).
  template <const int (&r)[3]>
  static V big_sigma(V x) {
    return Ops::xor3(Ops::template rotr<r[0]>(x), Ops::template rotr<r[1]>(x), Ops::template rotr<r[2]>(x));
  }
  // σ(x) = ROTR^r0(x) ^ ROTR^r1(x) ^ SHR^r2(x).
  template <const int (&r)[3]>
  static V small_sigma(V x) {
    return Ops::xor3(Ops::template rotr<r[0]>(x), Ops::template rotr<r[1]>(x), Ops::template shr<r[2]>(x));
  }

  // One round: T1 = h + Σ1(e) + Ch(e, f, g) + K_t + W_t, T2 = Σ0(a) +
  // Maj(a, b, c); d += T1 and h = T1 + T2. The caller passes the working
  // variables rotated by one place per round (as the portable code does),
  // so that the renaming of §6.2.2 / §6.4.2 step 3 costs no moves.
  [[gnu::always_inline]] static void round(V a, V b, V c, V& d, V e, V f, V g, V& h, V k_plus_w) {
    const V t1 = Ops::add(Ops::add(h, big_sigma<P::big_sigma1>(e)), Ops::add(Ops::ch(e, f, g), k_plus_w));
    const V t2 = Ops::add(big_sigma<P::big_sigma0>(a), Ops::maj(a, b, c));
    d = Ops::add(d, t1);
    h = Ops::add(t1, t2);
  }

  // §6.2.2 / §6.4.2 steps 1–4 on sliced states s[8] with the block's
  // sixteen message words w[16] (already big-endian decoded). The schedule
  // is kept as a ring of its last sixteen words and extended eight at a
  // time: W_t = σ1(W_{t−2}) + W_{t−7} + σ0(W_{t−15}) + W_{t−16}.
  static void compress(V s[8], V w[16]) {
    V a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
#pragma GCC unroll 10
    for (std::size_t t = 0; t < P::rounds; t += 8) {
      if (t >= 16) {
#pragma GCC unroll 8
        for (std::size_t i = t; i < t + 8; ++i)
          w[i % 16] = Ops::add(Ops::add(w[i % 16], small_sigma<P::small_sigma1>(w[(i - 2) % 16])),
                               Ops::add(w[(i - 7) % 16], small_sigma<P::small_sigma0>(w[(i - 15) % 16])));
      }
      const std::size_t j = t % 16;
      const auto kw = [&](std::size_t i) { return Ops::add(w[j + i], Ops::broadcast(P::k[t + i])); };
      round(a, b, c, d, e, f, g, h, kw(0));
      round(h, a, b, c, d, e, f, g, kw(1));
      round(g, h, a, b, c, d, e, f, kw(2));
      round(f, g, h, a, b, c, d, e, kw(3));
      round(e, f, g, h, a, b, c, d, kw(4));
      round(d, e, f, g, h, a, b, c, kw(5));
      round(c, d, e, f, g, h, a, b, kw(6));
      round(b, c, d, e, f, g, h, a, kw(7));
    }
    s[0] = Ops::add(s[0], a);
    s[1] = Ops::add(s[1], b);
    s[2] = Ops::add(s[2], c);
    s[3] = Ops::add(s[3], d);
    s[4] = Ops::add(s[4], e);
    s[5] = Ops::add(s[5], f);
    s[6] = Ops::add(s[6], g);
    s[7] = Ops::add(s[7], h);
  }
};

}  // namespace
}  // namespace pqlab::kernels::x86
