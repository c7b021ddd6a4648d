// Multi-buffer SHA-256 compression (FIPS 180-4 §6.2.2) with AVX-512:
// sixteen streams per pass in 512-bit registers, or eight in 256-bit
// (VL) ones when no more than eight are live (256-bit operations issue on
// more ports, so a half-empty 512-bit pass would cost more). One stream per
// 32-bit element (x86/sha2_sliced.hpp), with native rotates and
// ternary-logic Ch, Maj and three-way xors.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <cstddef>
#include <cstdint>

#include "kernels/x86/sha2_sliced.hpp"
#include "kernels/x86/transpose8x32.hpp"
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {
namespace {

// vpternlogd truth tables for inputs (a, b, c) = (0xf0, 0xcc, 0xaa).
constexpr int kXor3 = 0x96;  // a ^ b ^ c
constexpr int kCh = 0xca;    // a ? b : c (Ch(e, f, g) of §4.1.2)
constexpr int kMaj = 0xe8;   // majority of a, b, c (Maj of §4.1.2)

struct Ops8 {
  using V = __m256i;
  using Word = std::uint32_t;
  static V add(V a, V b) { return _mm256_add_epi32(a, b); }
  static V xor3(V a, V b, V c) { return _mm256_ternarylogic_epi32(a, b, c, kXor3); }
  template <int n>
  static V rotr(V x) {
    return _mm256_ror_epi32(x, n);
  }
  template <int n>
  static V shr(V x) {
    return _mm256_srli_epi32(x, n);
  }
  static V ch(V e, V f, V g) { return _mm256_ternarylogic_epi32(e, f, g, kCh); }
  static V maj(V a, V b, V c) { return _mm256_ternarylogic_epi32(a, b, c, kMaj); }
  static V broadcast(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
};

struct Ops16 {
  using V = __m512i;
  using Word = std::uint32_t;
  static V add(V a, V b) { return _mm512_add_epi32(a, b); }
  static V xor3(V a, V b, V c) { return _mm512_ternarylogic_epi32(a, b, c, kXor3); }
  template <int n>
  static V rotr(V x) {
    return _mm512_ror_epi32(x, n);
  }
  template <int n>
  static V shr(V x) {
    return _mm512_srli_epi32(x, n);
  }
  static V ch(V e, V f, V g) { return _mm512_ternarylogic_epi32(e, f, g, kCh); }
  static V maj(V a, V b, V c) { return _mm512_ternarylogic_epi32(a, b, c, kMaj); }
  static V broadcast(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
};

// 16×16 transpose of 32-bit words: row i, element j moves to row j,
// element i. Its own inverse. Inlined, so that the rows stay in registers.
[[gnu::always_inline]] inline void transpose16x32(__m512i r[16]) {
  // Within each 128-bit quarter q, u[4g + k] holds element 4q + k of rows
  // 4g..4g+3 (4×4 transposes by 32- and 64-bit interleaves).
  __m512i t[16], u[16];
  for (int p = 0; p < 16; p += 2) {
    t[p] = _mm512_unpacklo_epi32(r[p], r[p + 1]);
    t[p + 1] = _mm512_unpackhi_epi32(r[p], r[p + 1]);
  }
  for (int g = 0; g < 16; g += 4) {
    u[g] = _mm512_unpacklo_epi64(t[g], t[g + 2]);
    u[g + 1] = _mm512_unpackhi_epi64(t[g], t[g + 2]);
    u[g + 2] = _mm512_unpacklo_epi64(t[g + 1], t[g + 3]);
    u[g + 3] = _mm512_unpackhi_epi64(t[g + 1], t[g + 3]);
  }
  // Then a 4×4 transpose of the quarters of u[k], u[4 + k], u[8 + k],
  // u[12 + k]: quarter q of each goes to row 4q + k.
  for (int k = 0; k < 4; ++k) {
    const __m512i v0 = _mm512_shuffle_i32x4(u[k], u[4 + k], 0x44), v1 = _mm512_shuffle_i32x4(u[k], u[4 + k], 0xee);
    const __m512i v2 = _mm512_shuffle_i32x4(u[8 + k], u[12 + k], 0x44);
    const __m512i v3 = _mm512_shuffle_i32x4(u[8 + k], u[12 + k], 0xee);
    r[k] = _mm512_shuffle_i32x4(v0, v2, 0x88);
    r[4 + k] = _mm512_shuffle_i32x4(v0, v2, 0xdd);
    r[8 + k] = _mm512_shuffle_i32x4(v1, v3, 0x88);
    r[12 + k] = _mm512_shuffle_i32x4(v1, v3, 0xdd);
  }
}

// Big-endian message words (§3.1): reverse the bytes of each word.
template <class V>
V byteswap_words(V x) {
  if constexpr (sizeof(V) == 32) {
    const __m256i order = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,  //
                                           3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    return _mm256_shuffle_epi8(x, order);
  } else {
    // Bytes 3, 2, 1, 0, 7, 6, 5, 4, 11, ... of each 128-bit quarter.
    const __m512i order =
        _mm512_set4_epi64(0x0c0d0e0f08090a0b, 0x0405060700010203, 0x0c0d0e0f08090a0b, 0x0405060700010203);
    return _mm512_shuffle_epi8(x, order);
  }
}

// One pass over `live` (1..8) streams in 256-bit registers; idle elements
// compress a copy of stream 0's block from a zero state and are not stored.
void compress_pass8(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t live) {
  __m256i s[8], w[16];
  for (std::size_t i = 0; i < 8; ++i)
    s[i] = i < live ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states[i])) : _mm256_setzero_si256();
  x86::transpose8x32(s);
  for (std::size_t i = 0; i < 8; ++i) {
    const std::uint8_t* block = blocks[i < live ? i : 0];
    w[i] = byteswap_words(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(block)));
    w[8 + i] = byteswap_words(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 32)));
  }
  x86::transpose8x32(w);
  x86::transpose8x32(w + 8);
  x86::Sha2Sliced<Ops8>::compress(s, w);
  x86::transpose8x32(s);
  for (std::size_t i = 0; i < live; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(states[i]), s[i]);
}

// One pass over `live` (9..16) streams in 512-bit registers. The states
// (eight words each) are transposed as two 8×8 blocks, streams 0..7 into
// the low halves of the registers and 8..15 into the high ones.
void compress_pass16(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t live) {
  __m256i lo[8], hi[8];
  for (std::size_t i = 0; i < 8; ++i) {
    lo[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states[i]));
    hi[i] = 8 + i < live ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states[8 + i])) : _mm256_setzero_si256();
  }
  x86::transpose8x32(lo);
  x86::transpose8x32(hi);
  __m512i s[8], w[16];
  for (std::size_t j = 0; j < 8; ++j) s[j] = _mm512_inserti64x4(_mm512_castsi256_si512(lo[j]), hi[j], 1);
  for (std::size_t i = 0; i < 16; ++i) w[i] = byteswap_words(_mm512_loadu_si512(blocks[i < live ? i : 0]));
  transpose16x32(w);
  x86::Sha2Sliced<Ops16>::compress(s, w);
  for (std::size_t j = 0; j < 8; ++j) {
    lo[j] = _mm512_castsi512_si256(s[j]);
    hi[j] = _mm512_extracti64x4_epi64(s[j], 1);
  }
  x86::transpose8x32(lo);
  x86::transpose8x32(hi);
  for (std::size_t i = 0; i < 8; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(states[i]), lo[i]);
  for (std::size_t i = 8; i < live; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(states[i]), hi[i - 8]);
}

}  // namespace

void sha256_compress_ways(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t ways) {
  for (std::size_t first = 0; first < ways; first += 16) {
    const std::size_t live = ways - first < 16 ? ways - first : 16;
    if (live <= 8)
      compress_pass8(states + first, blocks + first, live);
    else
      compress_pass16(states + first, blocks + first, live);
  }
}

}  // namespace pqlab::kernels::avx512
