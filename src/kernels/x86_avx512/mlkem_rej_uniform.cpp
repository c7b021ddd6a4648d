// ML-KEM's rejection sampling filter (FIPS 203 Alg. 7 lines 5–13) with
// AVX-512: sixteen 12-bit candidates (24 bytes) per step. A byte shuffle
// puts the two bytes holding each candidate in a 16-bit lane, a variable
// shift and a mask extract it, one compare gives the accepted lanes, and a
// compress packs them, in order, into the next output slots (a masked
// store, so nothing past slot 255 is written). The result equals the
// portable filter's; a tail under 24 bytes goes to the portable code.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <algorithm>

#include "kernels/mlkem_field.hpp"
#include "kernels/portable/portable.hpp"
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {

std::size_t mlkem_rej_uniform_vartime(std::int16_t a[256], std::size_t filled, const std::uint8_t* buf,
                                      std::size_t len) {
  // Candidate j of a group of 8 (12 bytes) lies in bytes 3j/2 and 3j/2 + 1
  // (rounded down), the low 12 bits for even j, the high 12 for odd j. Each
  // 128-bit half of the register holds one group.
  const __m256i pick = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,  //
                                        0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11);
  const __m256i shift = _mm256_setr_epi16(0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4);
  const __m256i mask12 = _mm256_set1_epi16(0x0fff);
  const __m256i q = _mm256_set1_epi16(mlkem_field::q);
  std::size_t pos = 0;
  for (; pos + 24 <= len && filled < 256; pos += 24) {
    // Bytes 0..15 and 12..23 of the step; the second load is masked to its
    // 12 bytes, so nothing past the buffer is read.
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + pos));
    const __m128i hi = _mm_maskz_loadu_epi8(0x0fff, buf + pos + 12);
    const __m256i bytes = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
    const __m256i cand = _mm256_and_si256(_mm256_srlv_epi16(_mm256_shuffle_epi8(bytes, pick), shift), mask12);
    const __mmask16 accept = _mm256_cmplt_epu16_mask(cand, q);
    const __m256i packed = _mm512_cvtepi32_epi16(_mm512_maskz_compress_epi32(accept, _mm512_cvtepu16_epi32(cand)));
    // Accepted values past slot 255 are dropped (the polynomial is full).
    const std::size_t kept = std::min<std::size_t>(static_cast<std::size_t>(__builtin_popcount(accept)), 256 - filled);
    _mm256_mask_storeu_epi16(a + filled, static_cast<__mmask16>((1u << kept) - 1), packed);
    filled += kept;
  }
  return pos == len ? filled : portable::mlkem_rej_uniform_vartime(a, filled, buf + pos, len - pos);
}

}  // namespace pqlab::kernels::avx512
