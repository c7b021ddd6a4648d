// AES-256 CTR with VAES (the AES instructions on 256-bit registers: two
// blocks per instruction; compiled with -maes -mavx2 -mvaes, called only
// after vaes_available()). Key expansion is AES-NI's (aes_ni.cpp); the
// round keys are broadcast to both lanes here.
#include <immintrin.h>

#include <array>
#include <cstdint>

#include "subjects/kyber90s/aes.hpp"

namespace pqlab::lab::kyber90s::aes_detail {

// Up to sixteen blocks (eight registers) in flight per pass, which covers
// the instruction's latency; a shorter last pass computes the blocks it
// needs rounded up to a pair and stores only those.
void vaes_ctr(const std::uint8_t rk_bytes[240], std::array<std::uint8_t, 16>& counter, std::uint8_t* out,
              std::size_t blocks) {
  __m256i rk[15];
  for (int r = 0; r < 15; ++r)
    rk[r] = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(rk_bytes + 16 * r)));
  const std::uint32_t first = std::uint32_t{counter[12]} << 24 | std::uint32_t{counter[13]} << 16 |
                              std::uint32_t{counter[14]} << 8 | counter[15];
  const __m128i base = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counter.data()));
  auto block_at = [&](std::size_t i) {  // inc32 (SP 800-38A B.1, m = 32)
    return _mm_insert_epi32(base, static_cast<int>(__builtin_bswap32(first + static_cast<std::uint32_t>(i))), 3);
  };
  for (std::size_t done = 0; done < blocks;) {
    const std::size_t n = blocks - done < 16 ? blocks - done : 16;
    const std::size_t pairs = (n + 1) / 2;
    __m256i b[8];
    for (std::size_t j = 0; j < pairs; ++j)
      b[j] = _mm256_xor_si256(_mm256_set_m128i(block_at(done + 2 * j + 1), block_at(done + 2 * j)), rk[0]);
    for (int r = 1; r < 14; ++r)
      for (std::size_t j = 0; j < pairs; ++j) b[j] = _mm256_aesenc_epi128(b[j], rk[r]);
    for (std::size_t j = 0; j < pairs; ++j) b[j] = _mm256_aesenclast_epi128(b[j], rk[14]);
    for (std::size_t j = 0; j < n / 2; ++j)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 16 * (done + 2 * j)), b[j]);
    if (n % 2 != 0)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * (done + n - 1)), _mm256_castsi256_si128(b[n / 2]));
    done += n;
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(counter.data()), block_at(blocks));
  for (auto& k : rk) k = _mm256_setzero_si256();
}

}  // namespace pqlab::lab::kyber90s::aes_detail
