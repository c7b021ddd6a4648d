// Packing of ML-DSA's z (FIPS 204 Alg. 26/27 with BitPack and BitUnpack,
// Alg. 17/19) with AVX2, eight coefficients per register: the same bits, in
// the same places, as the portable kernel's byte-by-byte packing
// (common/bit_pack.hpp). Only fixed shifts and shuffles: no data-dependent
// control or addressing.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/mldsa_rounding.hpp"
#include "kernels/x86_avx2/avx2.hpp"

namespace pqlab::kernels::avx2 {
namespace {

// The low Bytes (8 < Bytes <= 16) bytes of x to out.
template <std::size_t Bytes>
inline void store_half(std::uint8_t* out, __m128i x) {
  const auto low = static_cast<std::uint64_t>(_mm_cvtsi128_si64(x));
  const auto top = static_cast<std::uint64_t>(_mm_extract_epi64(x, 1));
  std::memcpy(out, &low, 8);
  std::memcpy(out + 8, &top, Bytes - 8);  // little-endian: its low bytes
}

// Eight values of Bits bits (Bits even, 16 < Bits < 32) into 8·Bits/8 =
// Bits bytes: Bits/2 bytes from each 128-bit half of the register.
template <int Bits>
void pack_z_bits(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  static_assert(Bits % 2 == 0 && Bits > 16 && Bits < 32);
  constexpr std::size_t half_bytes = Bits / 2;  // 4·Bits bits
  const __m256i g = _mm256_set1_epi32(gamma1);
  const __m256i value_mask = _mm256_set1_epi32((1 << Bits) - 1);
  const __m256i low_words = _mm256_set1_epi64x(0xffffffff);
  const __m256i even_quads = _mm256_setr_epi64x(-1, 0, -1, 0);
  const __m256i odd_quads = _mm256_setr_epi64x(0, -1, 0, -1);
  for (std::size_t i = 0; i < 256; i += 8) {
    const __m256i v =
        _mm256_and_si256(_mm256_sub_epi32(g, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(z + i))), value_mask);
    // Each 64-bit quad: v_even | v_odd << Bits (2·Bits bits).
    const __m256i pairs = _mm256_or_si256(_mm256_and_si256(v, low_words),
                                          _mm256_srli_epi64(_mm256_andnot_si256(low_words, v), 32 - Bits));
    // Each 128-bit half: pair_even | pair_odd << 2·Bits (4·Bits bits): the
    // low quad takes the odd pair's low bits, the high quad its top ones.
    const __m256i packed = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(pairs, even_quads),
                                                           _mm256_bsrli_epi128(_mm256_slli_epi64(pairs, 2 * Bits), 8)),
                                           _mm256_and_si256(_mm256_srli_epi64(pairs, 64 - 2 * Bits), odd_quads));
    std::uint8_t* o = out + i / 8 * Bits;
    store_half<half_bytes>(o, _mm256_castsi256_si128(packed));
    store_half<half_bytes>(o + half_bytes, _mm256_extracti128_si256(packed, 1));
  }
}

// The inverse of pack_z_bits. Each 128-bit half takes 16 bytes from where
// its four values start, a byte shuffle gives value j the four bytes from
// byte ⌊j·Bits/8⌋ on, and a shift per lane drops its first (j·Bits) mod 8
// bits. The last group's loads would pass the 32·Bits bytes of in, so it
// is read from a zero-padded copy.
template <int Bits>
void unpack_z_bits(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  static_assert(Bits % 2 == 0 && Bits > 16 && Bits < 32);
  constexpr std::size_t half_bytes = Bits / 2;
  constexpr auto at = [](int j, int byte) { return static_cast<char>(j * Bits / 8 + byte); };
  const __m256i gather = _mm256_setr_epi8(at(0, 0), at(0, 1), at(0, 2), at(0, 3), at(1, 0), at(1, 1), at(1, 2),
                                          at(1, 3), at(2, 0), at(2, 1), at(2, 2), at(2, 3), at(3, 0), at(3, 1),
                                          at(3, 2), at(3, 3), at(0, 0), at(0, 1), at(0, 2), at(0, 3), at(1, 0),
                                          at(1, 1), at(1, 2), at(1, 3), at(2, 0), at(2, 1), at(2, 2), at(2, 3),
                                          at(3, 0), at(3, 1), at(3, 2), at(3, 3));
  const __m256i shift =
      _mm256_setr_epi32(0, Bits % 8, 2 * Bits % 8, 3 * Bits % 8, 0, Bits % 8, 2 * Bits % 8, 3 * Bits % 8);
  const __m256i g = _mm256_set1_epi32(gamma1);
  const __m256i value_mask = _mm256_set1_epi32((1 << Bits) - 1);
  // Eight values from the group at p (whose 16-byte loads may reach
  // p + half_bytes + 16) into z + i.
  const auto unpack_group = [&](const std::uint8_t* p, std::size_t i) {
    const __m256i raw =
        _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))),
                                _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + half_bytes)), 1);
    const __m256i v = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(raw, gather), shift), value_mask);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(z + i), _mm256_sub_epi32(g, v));
  };
  // Groups whose second 16-byte load ends inside in.
  constexpr std::size_t vector_groups = (32 * Bits - half_bytes - 16) / Bits + 1;
  std::size_t i = 0;
  for (; i < 8 * vector_groups; i += 8) unpack_group(in + i / 8 * Bits, i);
  for (; i < 256; i += 8) {
    std::uint8_t padded[half_bytes + 16] = {};
    std::memcpy(padded, in + i / 8 * Bits, Bits);
    unpack_group(padded, i);
  }
}

}  // namespace

void mldsa_pack_z(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  mldsa_field::with_gamma1_bits(gamma1, [&]<std::size_t B>() { pack_z_bits<B>(out, z, gamma1); });
}

void mldsa_unpack_z(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  mldsa_field::with_gamma1_bits(gamma1, [&]<std::size_t B>() { unpack_z_bits<B>(z, in, gamma1); });
}

}  // namespace pqlab::kernels::avx2
