// SHA-256 compression (FIPS 180-4 §6.2.2) with the SHA extensions:
// SHA256RNDS2 does two rounds on the working variables held as (A, B, E, F)
// and (C, D, G, H); SHA256MSG1/MSG2 extend the message schedule four words
// at a time (σ0 and σ1 of §4.1.2).
#include <immintrin.h>

#include "kernels/sha2_constants.hpp"
#include "kernels/x86_sha/sha_ni.hpp"

namespace pqlab::kernels::sha_ni {

using sha2::k256;

void sha256_compress(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
  // Big-endian message words: reverse the bytes of each 32-bit word.
  const __m128i byteswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
  // (a, b, c, d), (e, f, g, h) -> ABEF = (f, e, b, a), CDGH = (h, g, d, c)
  // as 32-bit words 0..3.
  const __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state)), 0xb1);
  const __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4)), 0x1b);
  __m128i abef = _mm_alignr_epi8(abcd, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, abcd, 0xf0);

  for (std::size_t block = 0; block < blocks; ++block, data += 64) {
    const __m128i abef_in = abef, cdgh_in = cdgh;
    __m128i w[4];  // w[g % 4] holds W[4g .. 4g+3]
#pragma GCC unroll 16
    for (std::size_t g = 0; g < 16; ++g) {
      if (g < 4) {
        w[g] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * g)), byteswap);
      } else {
        // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] for t = 4g..4g+3.
        const __m128i w7 = _mm_alignr_epi8(w[(g + 3) % 4], w[(g + 2) % 4], 4);
        w[g % 4] =
            _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(w[g % 4], w[(g + 1) % 4]), w7), w[(g + 3) % 4]);
      }
      const __m128i wk = _mm_add_epi32(w[g % 4], _mm_load_si128(reinterpret_cast<const __m128i*>(k256 + 4 * g)));
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));
    }
    abef = _mm_add_epi32(abef, abef_in);
    cdgh = _mm_add_epi32(cdgh, cdgh_in);
  }

  const __m128i abfe = _mm_shuffle_epi32(abef, 0x1b);  // (a, b, e, f)
  const __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xb1);  // (g, h, c, d)
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state), _mm_blend_epi16(abfe, ghcd, 0xf0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), _mm_alignr_epi8(ghcd, abfe, 8));
}

void sha256_compress_ways(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t lanes) {
  for (std::size_t i = 0; i < lanes; ++i) sha256_compress(states[i], blocks[i], 1);
}

}  // namespace pqlab::kernels::sha_ni
