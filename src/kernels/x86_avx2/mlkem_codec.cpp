// ML-KEM's byte encodings, compression and noise sampler (FIPS 203 §4.2.1,
// Alg. 5, 6 and 8) with AVX2. Each lane computes what the portable kernel
// computes for its coefficient (compression is the same multiply-and-shift
// division by q, in 64-bit products), so results are bit-exact with it; no
// branch or index depends on the coefficients.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "common/bit_pack.hpp"
#include "kernels/mlkem_field.hpp"
#include "kernels/x86_avx2/avx2.hpp"

namespace pqlab::kernels::avx2 {
namespace {

using mlkem_field::q;

// Bytes p[0..15] in the low 128-bit lane and p[hi_offset .. hi_offset+15] in
// the high one: byte shuffles work within a lane, so each lane gets the
// bytes of its half of the output, and no load reads past p[hi_offset+15].
inline __m256i load_halves(const std::uint8_t* p, std::size_t hi_offset) {
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + hi_offset));
  return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

inline __m256i load16(const std::int16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
inline void store16(std::int16_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

// Compress_D (eq. 4.7) of eight coefficients |x| < q in int32 lanes:
// ((u << D) + q/2) · ceil(2^36 / q) >> 36 with u = x mod q, the portable
// formula, its 64-bit products formed for even and odd lanes in turn.
template <unsigned D>
inline __m256i compress8(__m256i x) {
  const __m256i magic = _mm256_set1_epi64x(((std::int64_t{1} << 36) + q - 1) / q);
  const __m256i u = _mm256_add_epi32(x, _mm256_and_si256(_mm256_srai_epi32(x, 31), _mm256_set1_epi32(q)));
  const __m256i num = _mm256_add_epi32(_mm256_slli_epi32(u, D), _mm256_set1_epi32(q / 2));
  const __m256i even = _mm256_srli_epi64(_mm256_mul_epu32(num, magic), 36);
  const __m256i odd = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(num, 32), magic), 36);
  return _mm256_and_si256(_mm256_or_si256(even, _mm256_slli_epi64(odd, 32)), _mm256_set1_epi32((1 << D) - 1));
}

// Compress_D of a[0..15], as sixteen 16-bit values in order.
template <unsigned D>
inline __m256i compress16(const std::int16_t* a) {
  const __m256i lo = compress8<D>(_mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a))));
  const __m256i hi = compress8<D>(_mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + 8))));
  // packus interleaves the two inputs by 128-bit lane; 0xd8 restores order.
  return _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xd8);
}

// Decompress_D (eq. 4.8) of sixteen values y < 2^D in 16-bit lanes:
// mulhrs gives (y·2^(15-D) · q + 2^14) >> 15 = (y·q + 2^(D-1)) >> D.
template <unsigned D>
inline __m256i decompress16(__m256i y) {
  return _mm256_mulhrs_epi16(_mm256_slli_epi16(y, 15 - D), _mm256_set1_epi16(q));
}

template <unsigned D>
void compress_encode_d(std::uint8_t* out, const std::int16_t a[256]) {
  if constexpr (D == 1) {
    // One bit per coefficient: 32 coefficients to bytes, bit 0 moved to
    // the sign bit, and movemask gathers them in order.
    for (std::size_t g = 0; g < 8; ++g) {
      const __m256i bytes =
          _mm256_permute4x64_epi64(_mm256_packs_epi16(compress16<1>(a + 32 * g), compress16<1>(a + 32 * g + 16)), 0xd8);
      const auto bits = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_slli_epi16(bytes, 7)));
      std::memcpy(out + 4 * g, &bits, 4);
    }
  } else if constexpr (D == 4) {
    // Two coefficients per byte: in each 32-bit pair the odd value moves
    // next to the even one, then the low byte of each pair is gathered.
    const __m256i low_bytes = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,  //
                                               0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    for (std::size_t g = 0; g < 16; ++g) {
      const __m256i c = compress16<4>(a + 16 * g);
      const __m256i packed = _mm256_shuffle_epi8(_mm256_or_si256(c, _mm256_srli_epi32(c, 12)), low_bytes);
      const __m256i joined = _mm256_permutevar8x32_epi32(packed, _mm256_setr_epi32(0, 4, 1, 1, 1, 1, 1, 1));
      _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 8 * g), _mm256_castsi256_si128(joined));
    }
  } else if constexpr (D == 10) {
    // Pairs to 20 bits (madd by 1 and 2^10), pairs of pairs to 40 bits
    // per 64-bit lane, then the five low bytes of each 64-bit lane.
    const __m256i pair = _mm256_set1_epi32(1 | (1 << 26));
    const __m256i five_bytes = _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1,  //
                                                0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1);
    for (std::size_t g = 0; g < 16; ++g) {
      const __m256i d = _mm256_madd_epi16(compress16<10>(a + 16 * g), pair);
      const __m256i quad = _mm256_or_si256(_mm256_and_si256(d, _mm256_set1_epi64x(0xffffffff)),
                                           _mm256_slli_epi64(_mm256_srli_epi64(d, 32), 20));
      alignas(32) std::uint8_t bytes[32];
      _mm256_store_si256(reinterpret_cast<__m256i*>(bytes), _mm256_shuffle_epi8(quad, five_bytes));
      std::memcpy(out + 20 * g, bytes, 10);
      std::memcpy(out + 20 * g + 10, bytes + 16, 10);
    }
  } else {
    // d = 5 and 11 (ML-KEM-1024): vector compression, straight-line packing.
    alignas(32) std::int16_t c[256];
    for (std::size_t g = 0; g < 16; ++g) store16(c + 16 * g, compress16<D>(a + 16 * g));
    bitpack::pack<D, 256>(out, [&](std::size_t i) { return static_cast<std::uint32_t>(c[i]); });
  }
}

template <unsigned D>
void decode_decompress_d(std::int16_t a[256], const std::uint8_t* in) {
  if constexpr (D == 1) {
    // Each 16-bit lane tests its own bit of two input bytes.
    const __m256i bit = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
                                          static_cast<std::int16_t>(0x8000));
    const __m256i half_q = _mm256_set1_epi16((q + 1) / 2);  // Decompress_1(1)
    for (std::size_t g = 0; g < 16; ++g) {
      std::uint16_t two_bytes;
      std::memcpy(&two_bytes, in + 2 * g, 2);
      const __m256i set =
          _mm256_cmpeq_epi16(_mm256_and_si256(_mm256_set1_epi16(static_cast<std::int16_t>(two_bytes)), bit), bit);
      store16(a + 16 * g, _mm256_and_si256(set, half_q));
    }
  } else if constexpr (D == 4) {
    const __m128i nibble = _mm_set1_epi8(0x0f);
    for (std::size_t g = 0; g < 16; ++g) {
      const __m128i v = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in + 8 * g));
      const __m128i y = _mm_unpacklo_epi8(_mm_and_si128(v, nibble), _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
      store16(a + 16 * g, decompress16<4>(_mm256_cvtepu8_epi16(y)));
    }
  } else if constexpr (D == 10) {
    // Value j of a group of eight starts at bit 10j: word j takes the two
    // bytes from 10j / 8, a multiply shifts it left by 6 - 10j mod 8 and a
    // shift right by 6 leaves the ten bits. The high lane reads from byte
    // 4, so no load passes the group's 20 bytes.
    const __m256i spread = _mm256_setr_epi8(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9,  //
                                            6, 7, 7, 8, 8, 9, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15);
    const __m256i align = _mm256_setr_epi16(64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1);
    for (std::size_t g = 0; g < 16; ++g) {
      const __m256i words = _mm256_shuffle_epi8(load_halves(in + 20 * g, 4), spread);
      store16(a + 16 * g, decompress16<10>(_mm256_srli_epi16(_mm256_mullo_epi16(words, align), 6)));
    }
  } else {
    // d = 5 and 11 (ML-KEM-1024): straight-line unpacking, vector decompression.
    bitpack::unpack<D, 256>(in, [&](std::size_t i, std::uint32_t v) { a[i] = static_cast<std::int16_t>(v); });
    for (std::size_t g = 0; g < 16; ++g) store16(a + 16 * g, decompress16<D>(load16(a + 16 * g)));
  }
}

}  // namespace

// ByteDecode_12 (Alg. 6): 24 bytes give 16 coefficients; word 2j of a lane
// takes bytes 3j, 3j+1 of its pair (value: low 12 bits), word 2j+1 bytes
// 3j+1, 3j+2 (value: shifted right by 4). x mod q is min(x, x - q) in
// unsigned 16-bit arithmetic, since x < 2^12 < 2q.
std::uint32_t mlkem_byte_decode12(std::int16_t a[256], const std::uint8_t in[384]) {
  const __m256i spread = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,  //
                                          4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
  const __m256i qv = _mm256_set1_epi16(q);
  __m256i out_of_range = _mm256_setzero_si256();
  for (std::size_t g = 0; g < 16; ++g) {
    const __m256i t = _mm256_shuffle_epi8(load_halves(in + 24 * g, 8), spread);
    const __m256i x = _mm256_blend_epi16(_mm256_and_si256(t, _mm256_set1_epi16(0x0fff)), _mm256_srli_epi16(t, 4), 0xaa);
    out_of_range = _mm256_or_si256(out_of_range, _mm256_cmpgt_epi16(x, _mm256_set1_epi16(q - 1)));
    store16(a + 16 * g, _mm256_min_epu16(x, _mm256_sub_epi16(x, qv)));
  }
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(out_of_range));
}

// ByteEncode_12 (Alg. 5): values to [0, q), pairs to 24 bits (madd by 1 and
// 2^12), the three low bytes of each pair gathered into 24 output bytes.
void mlkem_byte_encode12(std::uint8_t out[384], const std::int16_t a[256]) {
  const __m256i qv = _mm256_set1_epi16(q);
  const __m256i pair = _mm256_set1_epi32(1 | (1 << 28));
  const __m256i three_bytes = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,  //
                                               0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
  for (std::size_t g = 0; g < 16; ++g) {
    __m256i x = load16(a + 16 * g);
    x = _mm256_add_epi16(x, _mm256_and_si256(_mm256_srai_epi16(x, 15), qv));
    const __m256i packed =
        _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(_mm256_madd_epi16(x, pair), three_bytes), join);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 24 * g), _mm256_castsi256_si128(packed));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 24 * g + 16), _mm256_extracti128_si256(packed, 1));
  }
}

void mlkem_compress_encode(std::uint8_t* out, const std::int16_t a[256], unsigned d) {
  mlkem_field::with_compress_width(d, [&]<unsigned D>() { compress_encode_d<D>(out, a); });
}

void mlkem_decode_decompress(std::int16_t a[256], const std::uint8_t* in, unsigned d) {
  mlkem_field::with_compress_width(d, [&]<unsigned D>() { decode_decompress_d<D>(a, in); });
}

// SamplePolyCBD_η (Alg. 8), bit-sliced as in the portable kernel.
void mlkem_cbd(std::int16_t a[256], const std::uint8_t* buf, unsigned eta) {
  if (eta == 2) {
    // 16 bytes → 32 coefficients. Within each byte the 2-bit fields hold
    // the bit sums; each nibble is one coefficient, its low field minus
    // its high one (byte k gives coefficients 2k and 2k + 1).
    const __m128i m55 = _mm_set1_epi8(0x55), m0f = _mm_set1_epi8(0x0f), m03 = _mm_set1_epi8(0x03);
    const auto diff = [&](__m128i nibbles) {
      return _mm_sub_epi8(_mm_and_si128(nibbles, m03), _mm_and_si128(_mm_srli_epi16(nibbles, 2), m03));
    };
    for (std::size_t g = 0; g < 8; ++g) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + 16 * g));
      const __m128i sums = _mm_add_epi8(_mm_and_si128(v, m55), _mm_and_si128(_mm_srli_epi16(v, 1), m55));
      const __m128i even = diff(_mm_and_si128(sums, m0f));
      const __m128i odd = diff(_mm_and_si128(_mm_srli_epi16(sums, 4), m0f));
      store16(a + 32 * g, _mm256_cvtepi8_epi16(_mm_unpacklo_epi8(even, odd)));
      store16(a + 32 * g + 16, _mm256_cvtepi8_epi16(_mm_unpackhi_epi8(even, odd)));
    }
  } else {
    // 24 bytes → 32 coefficients: each 3-byte group in a 32-bit lane holds
    // eight 3-bit sums; coefficient j is sum 2j minus sum 2j + 1, formed as
    // (sum 2j + 3) − sum 2j + 1 in [0, 6] so that no field borrows.
    const __m256i spread = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,  //
                                            4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
    const __m256i bit0 = _mm256_set1_epi32(0x249249), fields = _mm256_set1_epi32(0x1c71c7);
    const __m256i three = _mm256_set1_epi32(0x0c30c3), low3 = _mm256_set1_epi32(7);
    const __m256i high3 = _mm256_set1_epi32(0x70000);
    for (std::size_t g = 0; g < 8; ++g) {
      const __m256i w = _mm256_shuffle_epi8(load_halves(buf + 24 * g, 8), spread);
      const __m256i sums =
          _mm256_add_epi32(_mm256_add_epi32(_mm256_and_si256(w, bit0), _mm256_and_si256(_mm256_srli_epi32(w, 1), bit0)),
                           _mm256_and_si256(_mm256_srli_epi32(w, 2), bit0));
      const __m256i d = _mm256_sub_epi32(_mm256_add_epi32(_mm256_and_si256(sums, fields), three),
                                         _mm256_and_si256(_mm256_srli_epi32(sums, 3), fields));
      // Coefficients 0 and 1 of each lane as two 16-bit halves, then 2 and 3.
      const __m256i c01 = _mm256_or_si256(_mm256_and_si256(d, low3), _mm256_and_si256(_mm256_slli_epi32(d, 10), high3));
      const __m256i c23 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(d, 12), low3),
                                          _mm256_and_si256(_mm256_srli_epi32(d, 2), high3));
      const __m256i lo = _mm256_unpacklo_epi32(c01, c23), hi = _mm256_unpackhi_epi32(c01, c23);
      const __m256i offset = _mm256_set1_epi16(3);
      store16(a + 32 * g, _mm256_sub_epi16(_mm256_permute2x128_si256(lo, hi, 0x20), offset));
      store16(a + 32 * g + 16, _mm256_sub_epi16(_mm256_permute2x128_si256(lo, hi, 0x31), offset));
    }
  }
}

}  // namespace pqlab::kernels::avx2
