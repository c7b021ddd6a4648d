// Packing of ML-DSA's z and of s1, s2 (FIPS 204 Alg. 26/27 and 24/25 with
// BitPack and BitUnpack, Alg. 17/19), key generation's Power2Round of t
// into the t1 and t0 encodings (Alg. 35, 22 and 24) and those encodings
// read back (Alg. 23 and 25), with AVX2: the same
// bits, in the same places, as the portable kernels' packing
// (common/bit_pack.hpp). Only fixed shifts and shuffles: no data-dependent
// control or addressing.
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "common/ct.hpp"
#include "kernels/mldsa_rounding.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/mldsa_lanes.hpp"

namespace pqlab::kernels::avx2 {
namespace {

// The low Bytes (Bytes <= 16) bytes of x to out, from general-purpose
// registers (no copy of the bytes on the stack).
template <std::size_t Bytes>
inline void store_half(std::uint8_t* out, __m128i x) {
  static_assert(Bytes <= 16);
  const auto low = static_cast<std::uint64_t>(_mm_cvtsi128_si64(x));
  if constexpr (Bytes <= 8) {
    std::memcpy(out, &low, Bytes);  // little-endian: its low bytes
  } else {
    const auto top = static_cast<std::uint64_t>(_mm_extract_epi64(x, 1));
    std::memcpy(out, &low, 8);
    std::memcpy(out + 8, &top, Bytes - 8);
  }
}

// The packers' two joins. In each 64-bit quad, its low 32-bit word OR its
// high word shifted left by Shift (the high word's value must fit in 64 -
// Shift bits, the low word's in Shift).
template <int Shift>
inline __m256i join_in_quads(__m256i x) {
  return _mm256_or_si256(_mm256_and_si256(x, _mm256_set1_epi64x(0xffffffff)),
                         _mm256_slli_epi64(_mm256_srli_epi64(x, 32), Shift));
}
// In each 128-bit half, its low quad OR its high quad shifted left by Shift
// (0 < Shift < 64, the low quad's value within Shift bits): the low quad
// takes the high one's low bits, the high quad its top ones.
template <int Shift>
inline __m256i join_in_halves(__m256i x) {
  const __m256i even_quads = _mm256_setr_epi64x(-1, 0, -1, 0);
  const __m256i odd_quads = _mm256_setr_epi64x(0, -1, 0, -1);
  return _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(x, even_quads),
                                         _mm256_bsrli_epi128(_mm256_slli_epi64(x, Shift), 8)),
                         _mm256_and_si256(_mm256_srli_epi64(x, 64 - Shift), odd_quads));
}

// The low Bytes bytes of each 128-bit half of x, one after the other at
// out: exactly 2·Bytes bytes where `exact`, else two 16-byte stores (up to
// out + Bytes + 16; the next group's stores overwrite the excess).
template <std::size_t Bytes>
inline void store_halves(std::uint8_t* out, __m256i x, bool exact) {
  if (exact) {
    store_half<Bytes>(out, _mm256_castsi256_si128(x));
    store_half<Bytes>(out + Bytes, _mm256_extracti128_si256(x, 1));
  } else {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(x));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + Bytes), _mm256_extracti128_si256(x, 1));
  }
}

// For values of Bits bits stored back to back, value v from bit v·Bits:
// the byte shuffle that gives 32-bit lane j of each 128-bit half the four
// bytes from byte ⌊(first + j)·Bits/8⌋ of that half's sixteen (values
// FirstLow .. FirstLow + 3 in the low half, FirstHigh .. in the high one),
// and the per-lane right shift, ((first + j)·Bits) mod 8, that then brings
// the value to bit 0 (Bits + 7 <= 32). Both tables are built at compile
// time.
template <int Bits, int FirstLow, int FirstHigh>
struct FourByteGather {
  static_assert(Bits + 7 <= 32);
  static constexpr std::array<int, 2> first_value = {FirstLow, FirstHigh};  // of each half
  static constexpr int bit_of(std::size_t half, std::size_t j) {
    return (first_value[half] + static_cast<int>(j)) * Bits;
  }
  alignas(32) static constexpr std::array<std::int8_t, 32> byte_index = [] {
    std::array<std::int8_t, 32> index{};
    for (std::size_t half = 0; half < 2; ++half)
      for (std::size_t j = 0; j < 4; ++j)
        for (std::size_t b = 0; b < 4; ++b)
          index[16 * half + 4 * j + b] = static_cast<std::int8_t>(bit_of(half, j) / 8 + static_cast<int>(b));
    return index;
  }();
  alignas(32) static constexpr std::array<std::int32_t, 8> bit_shift = [] {
    std::array<std::int32_t, 8> shift{};
    for (std::size_t half = 0; half < 2; ++half)
      for (std::size_t j = 0; j < 4; ++j) shift[4 * half + j] = bit_of(half, j) % 8;
    return shift;
  }();
  // The values in each lane, unmasked above Bits.
  [[gnu::always_inline]] static __m256i gather(__m256i raw) {
    const __m256i bytes = _mm256_load_si256(reinterpret_cast<const __m256i*>(byte_index.data()));
    const __m256i shift = _mm256_load_si256(reinterpret_cast<const __m256i*>(bit_shift.data()));
    return _mm256_srlv_epi32(_mm256_shuffle_epi8(raw, bytes), shift);
  }
};

// Eight values of Bits bits (Bits even, 16 < Bits < 32) into 8·Bits/8 =
// Bits bytes: Bits/2 bytes from each 128-bit half of the register.
template <int Bits>
void pack_z_bits(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  static_assert(Bits % 2 == 0 && Bits > 16 && Bits < 32);
  constexpr std::size_t half_bytes = Bits / 2;  // 4·Bits bits
  const __m256i g = _mm256_set1_epi32(gamma1);
  const __m256i value_mask = _mm256_set1_epi32((1 << Bits) - 1);
  for (std::size_t i = 0; i < 256; i += 8) {
    const __m256i v =
        _mm256_and_si256(_mm256_sub_epi32(g, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(z + i))), value_mask);
    // Each 64-bit quad: v_even | v_odd << Bits (2·Bits bits); each 128-bit
    // half: pair_even | pair_odd << 2·Bits (4·Bits bits).
    const __m256i packed = join_in_halves<2 * Bits>(join_in_quads<Bits>(v));
    store_halves<half_bytes>(out + i / 8 * Bits, packed, true);
  }
}

// The inverse of pack_z_bits. Each 128-bit half takes 16 bytes from where
// its four values start, a byte shuffle gives value j the four bytes from
// byte ⌊j·Bits/8⌋ on, and a shift per lane drops its first (j·Bits) mod 8
// bits. The last group's second load would pass the 32·Bits bytes of in,
// so it takes the 16 bytes that end there and shifts its four values'
// bytes down to the start of its half.
template <int Bits>
void unpack_z_bits(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  static_assert(Bits % 2 == 0 && Bits > 16 && Bits < 32);
  constexpr std::size_t half_bytes = Bits / 2;
  using Gather = FourByteGather<Bits, 0, 0>;  // each half loads from its own group of four
  const __m256i g = _mm256_set1_epi32(gamma1);
  const __m256i value_mask = _mm256_set1_epi32((1 << Bits) - 1);
  const auto load16 = [](const std::uint8_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); };
  // Eight values from the two halves' bytes into z + i.
  const auto unpack_group = [&](__m128i low, __m128i high, std::size_t i) {
    const __m256i raw = _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
    const __m256i v = _mm256_and_si256(Gather::gather(raw), value_mask);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(z + i), _mm256_sub_epi32(g, v));
  };
  // Groups 0..30 load within in; group 31's first load does too.
  static_assert(30 * Bits + half_bytes + 16 <= 32 * Bits && 31 * Bits + 16 <= 32 * Bits);
  const std::uint8_t* p = in;
  for (std::size_t i = 0; i < 248; i += 8, p += Bits) unpack_group(load16(p), load16(p + half_bytes), i);
  unpack_group(load16(p), _mm_bsrli_si128(load16(p + Bits - 16), 16 - half_bytes), 248);
}

// Sixteen values of Bits bits (Bits < 16) in 16-bit lanes, in order, to
// 2·Bits bytes: pairs of 2·Bits bits in 32-bit lanes (one multiply-add by
// 1 and 2^Bits), pairs of pairs in 64-bit quads, then each 128-bit half's
// two quads joined (4·Bits bits each; the odd quad's top bits go to the
// high quad), Bits bytes from each half. Writes 16 bytes at out and at
// out + Bits, so up to out + Bits + 16, unless `last`, when it writes
// exactly 2·Bits bytes.
template <int Bits>
inline void pack16(std::uint8_t* out, __m256i v, bool last) {
  static_assert(Bits < 16 && 4 * Bits < 64);
  const __m256i pairs = _mm256_madd_epi16(v, _mm256_set1_epi32(1 | (1 << (16 + Bits))));
  store_halves<Bits>(out, join_in_halves<4 * Bits>(join_in_quads<2 * Bits>(pairs)), last);
}

// Eight int32 lanes of each of a and b to sixteen 16-bit lanes, in order
// (values below 2^15).
inline __m256i narrow16(__m256i a, __m256i b) { return _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xd8); }

// Alg. 24's BitPack(s, η, η) of 256 coefficients in [-η, η], 32 a step:
// the values η - s_i (at most 2η) narrowed to bytes in order, then byte
// pairs joined by one unsigned-by-signed multiply-add (b_even + b_odd·2^b).
// For b = 4 the pairs are the output bytes (16 a step); for b = 3 they are
// joined again, to 12 bits per 32-bit lane and 24 per 64-bit quad, and the
// three low bytes of each quad go out (12 a step).
template <int Eta, int Bits>
void pack_eta_poly(std::uint8_t* out, const std::int32_t s[256]) {
  static_assert((Eta == 2 && Bits == 3) || (Eta == 4 && Bits == 4));
  const __m256i eta = _mm256_set1_epi32(Eta);
  const auto values = [&](std::size_t i) {
    return _mm256_sub_epi32(eta, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i)));
  };
  for (std::size_t g = 0; g < 8; ++g) {
    const std::size_t i = 32 * g;
    const __m256i bytes = _mm256_permute4x64_epi64(
        _mm256_packus_epi16(narrow16(values(i), values(i + 8)), narrow16(values(i + 16), values(i + 24))), 0xd8);
    const __m256i pairs = _mm256_maddubs_epi16(bytes, _mm256_set1_epi16(1 | (1 << (8 + Bits))));
    if constexpr (Bits == 4) {
      const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(pairs, pairs), 0x08);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * g), _mm256_castsi256_si128(packed));
    } else {
      const __m256i fours = _mm256_madd_epi16(pairs, _mm256_set1_epi32(1 | (1 << (16 + 2 * Bits))));
      const __m256i eights = join_in_quads<4 * Bits>(fours);
      const __m256i three_bytes = _mm256_setr_epi8(0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,  //
                                                   0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
      store_halves<6>(out + 12 * g, _mm256_shuffle_epi8(eights, three_bytes), g == 7);
    }
  }
}

// Alg. 25's BitUnpack, eight coefficients (b bytes) a step: the b bytes
// broadcast to every lane, lane j shifted right by j·b and masked. A value
// above 2η sets the returned mask. The last step of b = 3 reads its three
// bytes alone (a four-byte load would pass the 96 bytes of in).
template <int Eta, int Bits>
std::uint32_t unpack_eta_poly(std::int32_t s[256], const std::uint8_t* in) {
  const __m256i shifts = _mm256_setr_epi32(0, Bits, 2 * Bits, 3 * Bits, 4 * Bits, 5 * Bits, 6 * Bits, 7 * Bits);
  const __m256i value_mask = _mm256_set1_epi32((1 << Bits) - 1);
  const __m256i limit = _mm256_set1_epi32(2 * Eta);
  const __m256i eta = _mm256_set1_epi32(Eta);
  __m256i bad = _mm256_setzero_si256();
  const auto unpack_group = [&](std::size_t g, std::uint32_t word) {
    const __m256i v =
        _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32(static_cast<std::int32_t>(word)), shifts), value_mask);
    bad = _mm256_or_si256(bad, _mm256_cmpgt_epi32(v, limit));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(s + 8 * g), _mm256_sub_epi32(eta, v));
  };
  std::uint32_t word = 0;
  for (std::size_t g = 0; g < 31; ++g) {
    std::memcpy(&word, in + Bits * g, 4);
    unpack_group(g, word);
  }
  word = 0;
  std::memcpy(&word, in + Bits * 31, Bits);
  unpack_group(31, word);
  return ct::mask_nonzero(static_cast<std::uint32_t>(_mm256_movemask_epi8(bad)));
}

// BitUnpack of 256 values of Bits bits (Bits <= 13: each value then lies
// within the four bytes from byte ⌊j·Bits/8⌋ of its group of eight, and a
// group's values 4-7 within its first 16 bytes), eight values (Bits bytes)
// a step, lane i of out getting value(v_i) for the Bits-bit v_i. The 16
// bytes from the group's start go to both 128-bit halves, a byte shuffle
// gives lane j the four bytes from byte ⌊j·Bits/8⌋ on, a shift per lane
// drops (j·Bits) mod 8 bits. The last group's 16-byte load would pass the
// 32·Bits bytes of in: it loads the 16 bytes that end there and shifts
// them down to its start, in a register (t0 is secret: no copy on the
// stack).
template <int Bits, class Value>
[[gnu::always_inline]] inline void unpack_narrow_bits(std::int32_t out[256], const std::uint8_t* in, Value value) {
  static_assert(Bits > 8 && Bits <= 13);
  using Gather = FourByteGather<Bits, 0, 4>;  // both halves load the group's first sixteen bytes
  const __m256i value_mask = _mm256_set1_epi32((1 << Bits) - 1);
  const auto unpack_group = [&](__m128i group, std::size_t i) {
    const __m256i v = _mm256_and_si256(Gather::gather(_mm256_broadcastsi128_si256(group)), value_mask);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), value(v));
  };
  for (std::size_t g = 0; g < 31; ++g)
    unpack_group(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + Bits * g)), 8 * g);
  const __m128i tail = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 32 * Bits - 16));
  unpack_group(_mm_bsrli_si128(tail, 16 - Bits), 248);
}

}  // namespace

void mldsa_pack_eta(std::uint8_t* out, const std::int32_t s[256], unsigned eta) {
  mldsa_field::with_eta(eta, [&]<int Eta, std::size_t Bits>() { pack_eta_poly<Eta, static_cast<int>(Bits)>(out, s); });
}

std::uint32_t mldsa_unpack_eta(std::int32_t s[256], const std::uint8_t* in, unsigned eta) {
  return mldsa_field::with_eta(eta, [&]<int Eta, std::size_t Bits>() {
    return unpack_eta_poly<Eta, static_cast<int>(Bits)>(s, in);
  });
}

// FIPS 204 Alg. 35 per coefficient, of t in (-q, q) first brought into
// [0, q) (q added where negative): t1 = (t + 2^12 - 1) >> 13 and 2^12 - t0
// = t1·2^13 + 2^12 - t, sixteen coefficients a step, each packed as it
// comes (t1 10 bits, 2^12 - t0 13 bits).
void mldsa_power2round_pack(std::uint8_t t1[320], std::uint8_t t0[416], const std::int32_t t[256]) {
  constexpr int d = mldsa_field::d;
  const __m256i round = _mm256_set1_epi32((1 << (d - 1)) - 1);
  const __m256i half = _mm256_set1_epi32(1 << (d - 1));
  for (std::size_t g = 0; g < 16; ++g) {
    const __m256i a = add_q_if_negative(load(t + 16 * g));
    const __m256i b = add_q_if_negative(load(t + 16 * g + 8));
    const __m256i high_a = _mm256_srli_epi32(_mm256_add_epi32(a, round), d);
    const __m256i high_b = _mm256_srli_epi32(_mm256_add_epi32(b, round), d);
    const __m256i low_a = _mm256_sub_epi32(_mm256_add_epi32(_mm256_slli_epi32(high_a, d), half), a);
    const __m256i low_b = _mm256_sub_epi32(_mm256_add_epi32(_mm256_slli_epi32(high_b, d), half), b);
    pack16<10>(t1 + 20 * g, narrow16(high_a, high_b), g == 15);
    pack16<d>(t0 + 2 * d * g, narrow16(low_a, low_b), g == 15);
  }
}

void mldsa_unpack_t1(std::int32_t t1[256], const std::uint8_t in[320]) {
  unpack_narrow_bits<10>(t1, in, [](__m256i v) { return v; });
}

void mldsa_unpack_t0(std::int32_t t0[256], const std::uint8_t in[416]) {
  constexpr int d = mldsa_field::d;
  const __m256i half = _mm256_set1_epi32(1 << (d - 1));
  unpack_narrow_bits<d>(t0, in, [&](__m256i v) { return _mm256_sub_epi32(half, v); });
}

void mldsa_pack_z(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  mldsa_field::with_gamma1_bits(gamma1, [&]<std::size_t B>() { pack_z_bits<B>(out, z, gamma1); });
}

void mldsa_unpack_z(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  mldsa_field::with_gamma1_bits(gamma1, [&]<std::size_t B>() { unpack_z_bits<B>(z, in, gamma1); });
}

}  // namespace pqlab::kernels::avx2
