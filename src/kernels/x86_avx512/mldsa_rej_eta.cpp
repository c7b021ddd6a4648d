// ML-DSA's ExpandS filter (FIPS 204 Alg. 31 lines 4–13 with Alg. 15,
// CoeffFromHalfByte) with AVX-512: sixteen bytes, 32 nibbles, per step.
// The nibbles are split into bytes in stream order; a byte shuffle over
// the sixteen constants of mldsa_field::eta_nibble_values (a register, so
// no memory index depends on a nibble) maps each to its coefficient; a
// compare with the limit gives the accepted ones, which a compress packs,
// in order, into the next output slots. Only that accept mask steers
// anything (how many slots are filled), and the kernel seam lets it show:
// it is declassified for the constant-time test. Loads and stores are
// masked, so nothing is read past the buffer or written past slot 255.
// The result equals the portable filter's.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <algorithm>

#include "common/ct_poison.hpp"
#include "kernels/mldsa_field.hpp"
#include "kernels/x86/eta_nibbles.hpp"
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {

std::size_t mldsa_rej_eta(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf, std::size_t len,
                          unsigned eta) {
  const __m128i values = x86::eta_value_table(eta);
  const __m128i limit = _mm_set1_epi8(static_cast<char>(mldsa_field::eta_nibble_limit(eta)));
  for (std::size_t pos = 0; pos < len && filled < 256; pos += 16) {
    const std::size_t bytes = std::min<std::size_t>(16, len - pos);
    const __m128i raw = _mm_maskz_loadu_epi8(static_cast<__mmask16>((1u << bytes) - 1), buf + pos);
    const x86::EtaNibbles nibbles = x86::split_nibbles(raw);
    const std::uint32_t present = x86::present_nibbles(bytes);
    for (std::size_t half = 0; half < 2 && filled < 256; ++half) {
      const auto in_buffer = static_cast<__mmask16>(present >> (16 * half));
      const __mmask16 accept = ct::declassify_value(_mm_mask_cmplt_epu8_mask(in_buffer, nibbles.half[half], limit));
      const __m512i coeffs = _mm512_cvtepi8_epi32(_mm_shuffle_epi8(values, nibbles.half[half]));
      // Accepted values past slot 255 are dropped (the polynomial is full).
      const std::size_t kept =
          std::min<std::size_t>(static_cast<std::size_t>(__builtin_popcount(accept)), 256 - filled);
      _mm512_mask_storeu_epi32(a + filled, static_cast<__mmask16>((1u << kept) - 1),
                               _mm512_maskz_compress_epi32(accept, coeffs));
      filled += kept;
    }
  }
  return filled;
}

}  // namespace pqlab::kernels::avx512
