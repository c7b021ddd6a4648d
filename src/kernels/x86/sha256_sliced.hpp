// SHA-256 compression (FIPS 180-4 §6.2.2) of one block in each of N
// independent streams at once, "word sliced": vector register j holds
// word j of every stream's state (or message schedule), one stream per
// 32-bit element. The vector operations come from an Ops class of the
// including file, so that the AVX2 and the AVX-512 backends share the
// round structure and each file is compiled with its own target flags.
// Everything here has internal linkage: no function compiled with one
// file's flags can be picked by the linker for another's.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/sha2_constants.hpp"

namespace pqlab::kernels::x86 {
namespace {

// Ops provides the vector type V and add, xor3, rotr<n>, shr<n>, ch
// (Ch(e, f, g) of FIPS 180-4 §4.1.2), maj (Maj(a, b, c)) and broadcast.
template <class Ops>
struct Sha256Sliced {
  using V = typename Ops::V;

  // Σ0, Σ1, σ0 and σ1 of FIPS 180-4 §4.1.2 (4.4)–(4.7).
  static V big_sigma0(V x) {
    return Ops::xor3(Ops::template rotr<2>(x), Ops::template rotr<13>(x), Ops::template rotr<22>(x));
  }
  static V big_sigma1(V x) {
    return Ops::xor3(Ops::template rotr<6>(x), Ops::template rotr<11>(x), Ops::template rotr<25>(x));
  }
  static V small_sigma0(V x) {
    return Ops::xor3(Ops::template rotr<7>(x), Ops::template rotr<18>(x), Ops::template shr<3>(x));
  }
  static V small_sigma1(V x) {
    return Ops::xor3(Ops::template rotr<17>(x), Ops::template rotr<19>(x), Ops::template shr<10>(x));
  }

  // One round: T1 = h + Σ1(e) + Ch(e, f, g) + K_t + W_t, T2 = Σ0(a) +
  // Maj(a, b, c); d += T1 and h = T1 + T2. The caller passes the working
  // variables rotated by one place per round (as the portable code does),
  // so that the renaming of §6.2.2 step 3 costs no moves.
  [[gnu::always_inline]] static void round(V a, V b, V c, V& d, V e, V f, V g, V& h, V k_plus_w) {
    const V t1 = Ops::add(Ops::add(h, big_sigma1(e)), Ops::add(Ops::ch(e, f, g), k_plus_w));
    const V t2 = Ops::add(big_sigma0(a), Ops::maj(a, b, c));
    d = Ops::add(d, t1);
    h = Ops::add(t1, t2);
  }

  // §6.2.2 steps 1–4 on sliced states s[8] with the block's sixteen
  // message words w[16] (already big-endian decoded). The schedule is kept
  // as a ring of its last sixteen words and extended eight at a time:
  // W_t = σ1(W_{t−2}) + W_{t−7} + σ0(W_{t−15}) + W_{t−16}.
  static void compress(V s[8], V w[16]) {
    V a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
#pragma GCC unroll 8
    for (std::size_t t = 0; t < 64; t += 8) {
      if (t >= 16) {
#pragma GCC unroll 8
        for (std::size_t i = t; i < t + 8; ++i)
          w[i % 16] = Ops::add(Ops::add(w[i % 16], small_sigma1(w[(i - 2) % 16])),
                               Ops::add(w[(i - 7) % 16], small_sigma0(w[(i - 15) % 16])));
      }
      const std::size_t j = t % 16;
      const auto kw = [&](std::size_t i) { return Ops::add(w[j + i], Ops::broadcast(sha2::k256[t + i])); };
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
