// Multi-buffer SHA-512 compression (FIPS 180-4 §6.4.2) with AVX-512:
// eight streams per pass in 512-bit registers, or four in 256-bit (VL)
// ones when no more than four are live. One stream per 64-bit element
// (x86/sha2_sliced.hpp), with native rotates (VPRORQ) and ternary-logic
// (VPTERNLOGQ) Ch, Maj and the three-way xors of Σ and σ.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <cstddef>
#include <cstdint>

#include "kernels/x86/sha2_sliced.hpp"
#include "kernels/x86/transpose4x64.hpp"
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {
namespace {

// vpternlogq truth tables for inputs (a, b, c) = (0xf0, 0xcc, 0xaa).
constexpr int kXor3 = 0x96;  // a ^ b ^ c
constexpr int kCh = 0xca;    // a ? b : c (Ch(e, f, g) of §4.1.3)
constexpr int kMaj = 0xe8;   // majority of a, b, c (Maj of §4.1.3)

struct Ops4 {
  using V = __m256i;
  using Word = std::uint64_t;
  static V add(V a, V b) { return _mm256_add_epi64(a, b); }
  static V xor3(V a, V b, V c) { return _mm256_ternarylogic_epi64(a, b, c, kXor3); }
  template <int n>
  static V rotr(V x) {
    return _mm256_ror_epi64(x, n);
  }
  template <int n>
  static V shr(V x) {
    return _mm256_srli_epi64(x, n);
  }
  static V ch(V e, V f, V g) { return _mm256_ternarylogic_epi64(e, f, g, kCh); }
  static V maj(V a, V b, V c) { return _mm256_ternarylogic_epi64(a, b, c, kMaj); }
  static V broadcast(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
};

struct Ops8 {
  using V = __m512i;
  using Word = std::uint64_t;
  static V add(V a, V b) { return _mm512_add_epi64(a, b); }
  static V xor3(V a, V b, V c) { return _mm512_ternarylogic_epi64(a, b, c, kXor3); }
  template <int n>
  static V rotr(V x) {
    return _mm512_ror_epi64(x, n);
  }
  template <int n>
  static V shr(V x) {
    return _mm512_srli_epi64(x, n);
  }
  static V ch(V e, V f, V g) { return _mm512_ternarylogic_epi64(e, f, g, kCh); }
  static V maj(V a, V b, V c) { return _mm512_ternarylogic_epi64(a, b, c, kMaj); }
  static V broadcast(std::uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
};

// 8×8 transpose of 64-bit words: row i, element j moves to row j, element
// i. Its own inverse. Inlined, so that the rows stay in registers.
[[gnu::always_inline]] inline void transpose8x64(__m512i r[8]) {
  // Within each 128-bit quarter q, t[2p + h] holds element 2q + h of rows
  // 2p and 2p + 1.
  __m512i t[8];
  for (int p = 0; p < 8; p += 2) {
    t[p] = _mm512_unpacklo_epi64(r[p], r[p + 1]);
    t[p + 1] = _mm512_unpackhi_epi64(r[p], r[p + 1]);
  }
  // Then a 4×4 transpose of the quarters of t[h], t[2 + h], t[4 + h],
  // t[6 + h]: quarter q of each goes to row 2q + h.
  for (int h = 0; h < 2; ++h) {
    const __m512i u0 = _mm512_shuffle_i64x2(t[h], t[2 + h], 0x44), u1 = _mm512_shuffle_i64x2(t[h], t[2 + h], 0xee);
    const __m512i v0 = _mm512_shuffle_i64x2(t[4 + h], t[6 + h], 0x44);
    const __m512i v1 = _mm512_shuffle_i64x2(t[4 + h], t[6 + h], 0xee);
    r[h] = _mm512_shuffle_i64x2(u0, v0, 0x88);
    r[2 + h] = _mm512_shuffle_i64x2(u0, v0, 0xdd);
    r[4 + h] = _mm512_shuffle_i64x2(u1, v1, 0x88);
    r[6 + h] = _mm512_shuffle_i64x2(u1, v1, 0xdd);
  }
}

// Big-endian message words (§3.1): reverse the bytes of each word.
template <class V>
V byteswap_words(V x) {
  if constexpr (sizeof(V) == 32) {
    const __m256i order = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,  //
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    return _mm256_shuffle_epi8(x, order);
  } else {
    // Bytes 7, 6, ..., 0, 15, ..., 8 of each 128-bit quarter.
    const __m512i order =
        _mm512_set4_epi64(0x08090a0b0c0d0e0f, 0x0001020304050607, 0x08090a0b0c0d0e0f, 0x0001020304050607);
    return _mm512_shuffle_epi8(x, order);
  }
}

// One pass over `live` (1..4) streams in 256-bit registers; idle elements
// compress a copy of stream 0's block from a zero state and are not
// stored. Each stream's state is two registers (words 0..3, 4..7) and its
// block four.
void compress_pass4(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t live) {
  __m256i s[8], w[16];
  for (std::size_t i = 0; i < 4; ++i) {
    s[i] = i < live ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states[i])) : _mm256_setzero_si256();
    s[4 + i] = i < live ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states[i] + 4)) : _mm256_setzero_si256();
  }
  x86::transpose4x64(s);
  x86::transpose4x64(s + 4);
  for (std::size_t i = 0; i < 4; ++i) {
    const std::uint8_t* block = blocks[i < live ? i : 0];
    for (std::size_t quarter = 0; quarter < 4; ++quarter)
      w[4 * quarter + i] = byteswap_words(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 32 * quarter)));
  }
  for (std::size_t quarter = 0; quarter < 4; ++quarter) x86::transpose4x64(w + 4 * quarter);
  x86::Sha2Sliced<Ops4>::compress(s, w);
  x86::transpose4x64(s);
  x86::transpose4x64(s + 4);
  for (std::size_t i = 0; i < live; ++i) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(states[i]), s[i]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(states[i] + 4), s[4 + i]);
  }
}

// One pass over `live` (1..8) streams in 512-bit registers: a stream's
// state is one register and its block two, each set transposed 8×8.
void compress_pass8(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t live) {
  __m512i s[8], w[16];
  for (std::size_t i = 0; i < 8; ++i) {
    s[i] = i < live ? _mm512_loadu_si512(states[i]) : _mm512_setzero_si512();
    const std::uint8_t* block = blocks[i < live ? i : 0];
    w[i] = byteswap_words(_mm512_loadu_si512(block));
    w[8 + i] = byteswap_words(_mm512_loadu_si512(block + 64));
  }
  transpose8x64(s);
  transpose8x64(w);
  transpose8x64(w + 8);
  x86::Sha2Sliced<Ops8>::compress(s, w);
  transpose8x64(s);
  for (std::size_t i = 0; i < live; ++i) _mm512_storeu_si512(states[i], s[i]);
}

}  // namespace

void sha512_compress_ways(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t ways) {
  for (std::size_t first = 0; first < ways; first += 8) {
    const std::size_t live = ways - first < 8 ? ways - first : 8;
    if (live <= 4)
      compress_pass4(states + first, blocks + first, live);
    else
      compress_pass8(states + first, blocks + first, live);
  }
}

}  // namespace pqlab::kernels::avx512
