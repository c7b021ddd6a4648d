// ML-DSA's rejection sampling filter for Â (FIPS 204 Alg. 30 with
// Alg. 14) with AVX-512: sixteen 3-byte candidates (48 bytes) per step. A
// dword permute gives each 128-bit lane its 12 bytes, a byte shuffle puts
// each candidate in a 32-bit lane, a mask keeps its 23 bits, one compare
// gives the accepted lanes and a compress packs them, in order, into the
// next output slots. Loads and stores are masked, so a short last step
// reads nothing past the buffer and nothing past slot 255 is written. The
// result equals the portable filter's.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <algorithm>

#include "kernels/mldsa_field.hpp"
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {

std::size_t mldsa_rej_uniform_vartime(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf,
                                      std::size_t len) {
  // Lane k (of four) takes dwords 3k .. 3k+2, i.e. bytes 12k .. 12k+11.
  const __m512i spread = _mm512_setr_epi32(0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0);
  // Within a lane, candidate j is bytes 3j .. 3j+2 (the fourth byte zero).
  const __m512i pick = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1));
  const __m512i mask23 = _mm512_set1_epi32(0x7fffff);
  const __m512i q = _mm512_set1_epi32(mldsa_field::q);
  for (std::size_t pos = 0; pos + 3 <= len && filled < 256; pos += 48) {
    const std::size_t bytes = std::min<std::size_t>(48, (len - pos) / 3 * 3);
    const __m512i raw = _mm512_maskz_loadu_epi8((std::uint64_t{1} << bytes) - 1, buf + pos);
    const __m512i cand = _mm512_and_si512(_mm512_shuffle_epi8(_mm512_permutexvar_epi32(spread, raw), pick), mask23);
    const auto present = static_cast<__mmask16>((1u << (bytes / 3)) - 1);
    const __mmask16 accept = _mm512_mask_cmplt_epu32_mask(present, cand, q);
    // Accepted values past slot 255 are dropped (the polynomial is full).
    const std::size_t kept = std::min<std::size_t>(static_cast<std::size_t>(__builtin_popcount(accept)), 256 - filled);
    _mm512_mask_storeu_epi32(a + filled, static_cast<__mmask16>((1u << kept) - 1),
                             _mm512_maskz_compress_epi32(accept, cand));
    filled += kept;
  }
  return filled;
}

}  // namespace pqlab::kernels::avx512
