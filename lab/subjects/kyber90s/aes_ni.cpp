// AES-256 with the x86-64 AES instructions (compiled with -maes -msse4.1;
// called only after aesni_available()). The instructions run in constant
// time; the round keys stay in the caller's object, which wipes them.
#include <immintrin.h>

#include <array>
#include <cstdint>

#include "common/wipe.hpp"
#include "subjects/kyber90s/aes.hpp"

namespace pqlab::lab::kyber90s::aes_detail {
namespace {

// w ⊕ (w << 32) ⊕ (w << 64) ⊕ (w << 96): the running XOR of KeyExpansion's
// four words (FIPS 197 §5.2, w[i] = w[i-Nk] ⊕ temp).
__m128i prefix_xor(__m128i x) {
  x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
  x = _mm_xor_si128(x, _mm_slli_si128(x, 4));
  return _mm_xor_si128(x, _mm_slli_si128(x, 4));
}

// Round keys 2i and 2i + 1 from the two before them: SubWord(RotWord(w)) ⊕
// Rcon, then (for the odd one) SubWord alone (§5.2, i mod Nk = 0 and 4).
template <int Rcon>
void expand_pair(__m128i* rk, int i) {
  __m128i t = _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[2 * i - 1], Rcon), 0xff);
  rk[2 * i] = _mm_xor_si128(prefix_xor(rk[2 * i - 2]), t);
  if (i < 7) {
    t = _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[2 * i], 0), 0xaa);
    rk[2 * i + 1] = _mm_xor_si128(prefix_xor(rk[2 * i - 1]), t);
  }
}

__m128i encrypt1(const __m128i* rk, __m128i b) {
  b = _mm_xor_si128(b, rk[0]);
  for (int r = 1; r < 14; ++r) b = _mm_aesenc_si128(b, rk[r]);
  return _mm_aesenclast_si128(b, rk[14]);
}

// Eight blocks in flight, to cover the instruction's latency.
void encrypt8(const __m128i* rk, __m128i b[8]) {
  for (int j = 0; j < 8; ++j) b[j] = _mm_xor_si128(b[j], rk[0]);
  for (int r = 1; r < 14; ++r)
    for (int j = 0; j < 8; ++j) b[j] = _mm_aesenc_si128(b[j], rk[r]);
  for (int j = 0; j < 8; ++j) b[j] = _mm_aesenclast_si128(b[j], rk[14]);
}

// The counter block with its last 32 bits (big-endian) advanced by `add`.
__m128i counter_block(const std::array<std::uint8_t, 16>& counter, std::uint32_t add) {
  const std::uint32_t c = (std::uint32_t{counter[12]} << 24 | std::uint32_t{counter[13]} << 16 |
                           std::uint32_t{counter[14]} << 8 | counter[15]) +
                          add;
  __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counter.data()));
  return _mm_insert_epi32(b, static_cast<int>(__builtin_bswap32(c)), 3);
}

}  // namespace

void ni_expand(std::uint8_t rk_bytes[240], const std::uint8_t key[32]) {
  __m128i rk[15];
  rk[0] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key));
  rk[1] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key + 16));
  expand_pair<0x01>(rk, 1);
  expand_pair<0x02>(rk, 2);
  expand_pair<0x04>(rk, 3);
  expand_pair<0x08>(rk, 4);
  expand_pair<0x10>(rk, 5);
  expand_pair<0x20>(rk, 6);
  expand_pair<0x40>(rk, 7);
  for (int r = 0; r < 15; ++r) _mm_storeu_si128(reinterpret_cast<__m128i*>(rk_bytes + 16 * r), rk[r]);
  secure_wipe(rk, sizeof rk);
}

void ni_encrypt(const std::uint8_t rk_bytes[240], const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) {
  const auto* rk = reinterpret_cast<const __m128i*>(rk_bytes);
  for (std::size_t i = 0; i < blocks; ++i) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * i));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * i), encrypt1(rk, b));
  }
}

void ni_ctr(const std::uint8_t rk_bytes[240], std::array<std::uint8_t, 16>& counter, std::uint8_t* out,
            std::size_t blocks) {
  const auto* rk = reinterpret_cast<const __m128i*>(rk_bytes);
  std::size_t done = 0;
  for (; done + 8 <= blocks; done += 8) {
    __m128i b[8];
    for (int j = 0; j < 8; ++j)
      b[j] = counter_block(counter, static_cast<std::uint32_t>(done) + static_cast<std::uint32_t>(j));
    encrypt8(rk, b);
    for (int j = 0; j < 8; ++j)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * (done + static_cast<std::size_t>(j))), b[j]);
  }
  for (; done < blocks; ++done)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * done),
                     encrypt1(rk, counter_block(counter, static_cast<std::uint32_t>(done))));
  const __m128i next = counter_block(counter, static_cast<std::uint32_t>(blocks));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(counter.data()), next);
}

}  // namespace pqlab::lab::kyber90s::aes_detail
