// ML-DSA signing steps over a polynomial with AVX2, eight coefficients per
// register (FIPS 204 Alg. 36–39 and the infinity norm of §2.3). Each lane
// performs the portable kernel's integer operations (mldsa/rounding.hpp,
// mldsa/reduce.hpp) on the same values, so results are bit-exact with it.
// Branch-free, and only element-wise arithmetic and fixed shuffles: no
// lane-dependent control or addressing.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "common/ct.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/mldsa_lanes.hpp"
#include "kernels/mldsa_rounding.hpp"

namespace pqlab::kernels::avx2 {
namespace {

namespace rounding = mldsa_field;

// Alg. 36 on eight coefficients in [0, q), as rounding::decompose.
template <std::int32_t Gamma2>
struct Decompose {
  using Div = rounding::DecomposeDivision<Gamma2>;
  __m256i gamma2_minus_1 = _mm256_set1_epi32(Gamma2 - 1);
  __m256i multiplier = opaque_broadcast(Div::multiplier);  // both multiplies stay vpmulld (mldsa_lanes.hpp)
  __m256i half_multiplier = _mm256_set1_epi32(Div::multiplier / 2);
  __m256i two_gamma2 = opaque_broadcast(2 * Gamma2);
  __m256i m_minus_1 = _mm256_set1_epi32(Div::m - 1);

  // r1; r0 through `low`.
  [[gnu::always_inline]] __m256i operator()(__m256i r, __m256i* low) const {
    const __m256i x = _mm256_srai_epi32(_mm256_add_epi32(r, gamma2_minus_1), Div::shift);
    __m256i high = _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(x, multiplier), half_multiplier), 20);
    const __m256i l = _mm256_sub_epi32(r, _mm256_mullo_epi32(high, two_gamma2));
    const __m256i wrap = _mm256_cmpgt_epi32(high, m_minus_1);  // high == m
    high = _mm256_andnot_si256(wrap, high);
    *low = _mm256_add_epi32(l, wrap);
    return high;
  }
  [[gnu::always_inline]] __m256i high_bits(__m256i r) const {
    __m256i unused;
    return (*this)(r, &unused);
  }
};

// The OR (or sum) of the eight lanes, in every lane of the 128-bit result.
inline __m128i fold_or(__m256i v) {
  __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  x = _mm_or_si128(x, _mm_shuffle_epi32(x, 0x4e));
  return _mm_or_si128(x, _mm_shuffle_epi32(x, 0xb1));
}
inline __m128i fold_add(__m256i v) {
  __m128i x = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  x = _mm_add_epi32(x, _mm_shuffle_epi32(x, 0x4e));
  return _mm_add_epi32(x, _mm_shuffle_epi32(x, 0xb1));
}

// Four registers' hints (32 coefficients) as four hint bytes, MakeHint's
// output and UseHint's input: bit[j] holds, in lane l, bit l of byte j.
struct HintLaneBits {
  __m256i bit[4];
  HintLaneBits() {
    const __m256i first = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    for (int j = 0; j < 4; ++j) bit[j] = _mm256_sllv_epi32(first, _mm256_set1_epi32(8 * j));
  }
};

template <std::int32_t Gamma2>
void decompose_poly(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256]) {
  const Decompose<Gamma2> decompose;
  for (std::size_t i = 0; i < 256; i += 8) {
    __m256i low;
    store(w1 + i, decompose(load(a + i), &low));
    store(w0 + i, low);
  }
}

// MakeHint from r's own decomposition: with r = r1·2γ2 + r0 and |z| ≤ γ2,
// HighBits(r + z) differs from r1 iff s = r0 + z leaves (-γ2, γ2], except
// at s = -γ2 with r1 = 0, where r + z ≡ q - γ2 has HighBits 0 again (the
// wrap of Alg. 36). One decomposition instead of a reduction and two; the
// same values as Alg. 39 on every input the seam admits
// (KernelBackends.MldsaMakeHintOverZq compares them with the portable
// kernel for every r in Z_q).
template <std::int32_t Gamma2>
std::uint32_t make_hint_poly(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256]) {
  const Decompose<Gamma2> decompose;
  const __m256i gamma2 = _mm256_set1_epi32(Gamma2), minus_gamma2 = _mm256_set1_epi32(-Gamma2);
  const __m256i zero = _mm256_setzero_si256();
  const HintLaneBits lane_bit;
  __m256i count = _mm256_setzero_si256();  // minus the hints set, per lane
  // 32 coefficients (four registers) a round: register j's hints become
  // byte j of each lane, and the OR of the lanes is four hint bytes.
  for (std::size_t i = 0; i < 256; i += 32) {
    __m256i bytes = _mm256_setzero_si256();
    for (std::size_t j = 0; j < 4; ++j) {
      __m256i r0;
      const __m256i r1 = decompose(load(r + i + 8 * j), &r0);
      const __m256i sum = _mm256_add_epi32(r0, load(z + i + 8 * j));
      const __m256i at_minus_gamma2 =
          _mm256_andnot_si256(_mm256_cmpeq_epi32(r1, zero), _mm256_cmpeq_epi32(sum, minus_gamma2));
      const __m256i hint =
          _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(sum, gamma2), _mm256_cmpgt_epi32(minus_gamma2, sum)),
                          at_minus_gamma2);
      count = _mm256_add_epi32(count, hint);
      bytes = _mm256_or_si256(bytes, _mm256_and_si256(hint, lane_bit.bit[j]));
    }
    const auto four = static_cast<std::uint32_t>(_mm_cvtsi128_si32(fold_or(bytes)));
    std::memcpy(hints + i / 8, &four, 4);  // little-endian: register j's byte at i/8 + j
  }
  return static_cast<std::uint32_t>(-_mm_cvtsi128_si32(fold_add(count)));
}

// w1Encode (Alg. 28) of 32 values of w1 (in [0, m), four registers in
// coefficient order) at out: they narrow to 32 bytes in coefficient order,
// whose pairs are then merged by a multiply-add (4-bit fields: two per
// byte, 16 bytes out) or whose quadruples are merged by two (6-bit fields:
// 24-bit groups, 24 bytes out).
template <bool SixBits>
[[gnu::always_inline]] inline void w1_encode32(std::uint8_t* out, const __m256i (&h)[4]) {
  // packs/packus work within 128-bit halves; this restores the order.
  const __m256i dword_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(h[0], h[1]), _mm256_packs_epi32(h[2], h[3]));
  bytes = _mm256_permutevar8x32_epi32(bytes, dword_order);
  if constexpr (SixBits) {
    // b0 + 64·b1 per 16 bits, then that pair + 4096·the next per 32 bits.
    const __m256i pairs = _mm256_maddubs_epi16(bytes, _mm256_set1_epi16(0x4001));
    const __m256i groups = _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x10000001));
    const __m256i low3 = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2, 4, 5, 6, 8,
                                          9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i packed =
        _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(groups, low3), _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(packed));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 16), _mm256_extracti128_si256(packed, 1));
  } else {
    // b0 + 16·b1 per 16 bits, narrowed to bytes; quadwords 0 and 2 hold them.
    const __m256i pairs = _mm256_maddubs_epi16(bytes, _mm256_set1_epi16(0x1001));
    const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(pairs, pairs), 0x08);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm256_castsi256_si128(packed));
  }
}

// w1Encode (Alg. 28) of HighBits of 32 coefficients a round (|a_i| < q,
// taken mod q first).
template <std::int32_t Gamma2>
void high_bits_pack_poly(std::uint8_t* out, const std::int32_t a[256]) {
  const Decompose<Gamma2> decompose;
  constexpr bool kSixBits = Gamma2 == rounding::gamma2_narrow;
  for (std::size_t i = 0; i < 256; i += 32) {
    __m256i h[4];
    for (std::size_t j = 0; j < 4; ++j) h[j] = decompose.high_bits(add_q_if_negative(load(a + i + 8 * j)));
    w1_encode32<kSixBits>(out + i / 32 * (kSixBits ? 24 : 16), h);
  }
}

// w1Encode (Alg. 28) of Alg. 40 (UseHint) on 32 coefficients a round
// (|r_i| < q, taken mod q first): with a hint, r1 moves one step towards
// r0's sign (up if r0 > 0), modulo m. The hint byte is spread to one
// all-ones or all-zeros lane per bit.
template <std::int32_t Gamma2>
void use_hint_pack_poly(std::uint8_t* out, const std::int32_t r[256], const std::uint8_t hints[32]) {
  const Decompose<Gamma2> decompose;
  constexpr std::int32_t kM = rounding::DecomposeDivision<Gamma2>::m;
  constexpr bool kSixBits = Gamma2 == rounding::gamma2_narrow;
  const __m256i zero = _mm256_setzero_si256();
  const __m256i m = _mm256_set1_epi32(kM);
  const HintLaneBits lane_bit;
  for (std::size_t i = 0; i < 256; i += 32) {
    std::uint32_t four;
    std::memcpy(&four, hints + i / 8, 4);  // little-endian: byte j for register j
    const __m256i bytes = _mm256_set1_epi32(static_cast<std::int32_t>(four));
    __m256i h[4];
    for (std::size_t j = 0; j < 4; ++j) {
      __m256i low;
      __m256i high = decompose(add_q_if_negative(load(r + i + 8 * j)), &low);
      const __m256i hint = _mm256_cmpeq_epi32(_mm256_and_si256(bytes, lane_bit.bit[j]), lane_bit.bit[j]);
      // +1 where r0 > 0, else -1 (the compare gives -1 or 0; OR 1 makes it
      // -1 or 1; negated), kept where hinted.
      const __m256i up_or_down =
          _mm256_sub_epi32(zero, _mm256_or_si256(_mm256_cmpgt_epi32(low, zero), _mm256_set1_epi32(1)));
      high = _mm256_add_epi32(high, _mm256_and_si256(up_or_down, hint));
      if constexpr ((kM & (kM - 1)) == 0) {
        high = _mm256_and_si256(high, _mm256_set1_epi32(kM - 1));  // mod m, a power of two
      } else {
        high = _mm256_add_epi32(high, _mm256_and_si256(_mm256_cmpgt_epi32(zero, high), m));  // -1 -> m - 1
        high = _mm256_sub_epi32(high, _mm256_andnot_si256(_mm256_cmpgt_epi32(m, high), m));  // m -> 0
      }
      h[j] = high;
    }
    w1_encode32<kSixBits>(out + i / 32 * (kSixBits ? 24 : 16), h);
  }
}

}  // namespace

void mldsa_high_bits_pack(std::uint8_t* out, const std::int32_t a[256], std::int32_t gamma2) {
  mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { high_bits_pack_poly<G>(out, a); });
}

void mldsa_use_hint_pack(std::uint8_t* out, const std::int32_t r[256], const std::uint8_t hints[32],
                         std::int32_t gamma2) {
  mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { use_hint_pack_poly<G>(out, r, hints); });
}

void mldsa_decompose(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256], std::int32_t gamma2) {
  mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { decompose_poly<G>(w1, w0, a); });
}

std::uint32_t mldsa_norm_at_least(const std::int32_t a[256], std::int32_t bound) {
  // bound - 1 - |a_i| is negative iff |a_i| >= bound (|a_i| < 2^31, so
  // vpabsd is exact). Two accumulators, so that the ORs are not one chain.
  const __m256i bound_minus_1 = _mm256_set1_epi32(bound - 1);
  __m256i below[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};  // sign bits set once some |a_i| >= bound
  for (std::size_t i = 0; i < 256; i += 16)
    for (std::size_t h = 0; h < 2; ++h)
      below[h] = _mm256_or_si256(below[h], _mm256_sub_epi32(bound_minus_1, _mm256_abs_epi32(load(a + i + 8 * h))));
  return ct::mask_negative(_mm_cvtsi128_si32(fold_or(_mm256_or_si256(below[0], below[1]))));
}

std::uint32_t mldsa_make_hint(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256],
                              std::int32_t gamma2) {
  return mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { return make_hint_poly<G>(hints, r, z); });
}

}  // namespace pqlab::kernels::avx2
