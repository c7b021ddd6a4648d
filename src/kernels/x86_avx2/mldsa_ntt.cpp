// ML-DSA NTT, inverse NTT and pointwise product (FIPS 204 §7.5) with AVX2,
// eight int32 coefficients per register. Each lane performs the portable
// kernel's operations on the same values (the 64-bit products and the
// Montgomery reduction are exact), so results are bit-exact with it.
//
// Layers with spans of 8 or more pair whole registers; the last three
// (spans 4, 2, 1) interleave two registers at 128-, 64- and 32-bit
// granularity, as the ML-KEM kernel does, and undo the interleaves after,
// on the four register pairs of a block of 64 coefficients at once.
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/mldsa_field.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/interleave.hpp"
#include "kernels/x86_avx2/mldsa_lanes.hpp"

namespace pqlab::kernels::avx2 {
namespace {

constexpr std::int32_t kQ = mldsa_field::q;
constexpr std::int32_t kQInv = mldsa_field::q_inv;
// The portable kernel's twiddles, final factor and last twiddle with that factor.
constexpr const auto& kZetas = mldsa_field::zetas;
constexpr std::int32_t kInvNttFactor = mldsa_field::inv_ntt_factor;
constexpr std::int32_t kLastTwiddle = mldsa_field::inv_ntt_last_twiddle;

constexpr std::int32_t times_qinv(std::int32_t z) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(z) * static_cast<std::uint32_t>(kQInv));
}

// A multiplier per lane, the multipliers of the odd lanes copied into the
// even ones (what the odd lanes' 64-bit products take), and its product
// with q^-1 mod 2^32.
struct Twiddle {
  __m256i zeta, zeta_odd, zeta_qinv;
};

// One twiddle for all lanes, with its product precomputed: the layers
// whose butterflies span whole registers take zetas[i] (forward) or
// -zetas[i] (inverse) from these tables, broadcast from memory.
struct Scalar {
  std::int32_t zeta, zeta_qinv;
};
constexpr std::array<Scalar, 256> make_scalars(int sign) {
  std::array<Scalar, 256> t{};
  for (std::size_t i = 0; i < 256; ++i) t[i] = {sign * kZetas[i], times_qinv(sign * kZetas[i])};
  return t;
}
constexpr std::array<Scalar, 256> kForwardScalars = make_scalars(1), kInverseScalars = make_scalars(-1);
inline Twiddle broadcast(const Scalar& s) {
  const __m256i z = _mm256_set1_epi32(s.zeta);
  return {z, z, _mm256_set1_epi32(s.zeta_qinv)};
}

// Twiddles of one interleaved layer for each of the 16 register pairs:
// lane l of pair p takes sign·zetas[first + sign·block], block being
// 2p + l/4 (span 4), 4p + l/2 (span 2) or 8p + l (span 1).
struct LayerTable {
  std::array<std::array<std::int32_t, 8>, 16> zeta, zeta_odd, zeta_qinv;
};
constexpr LayerTable make_layer(unsigned span, int first, int sign) {
  LayerTable t{};
  for (unsigned p = 0; p < 16; ++p)
    for (unsigned l = 0; l < 8; ++l) {
      const int block = static_cast<int>((8 / span) * p + l / span);
      const int index = first + sign * block;
      const std::int32_t z = sign * kZetas[static_cast<std::size_t>(index)];
      t.zeta[p][l] = z;
      t.zeta_qinv[p][l] = times_qinv(z);
    }
  for (unsigned p = 0; p < 16; ++p)
    for (unsigned l = 0; l < 8; ++l) t.zeta_odd[p][l] = t.zeta[p][l | 1];
  return t;
}
// Forward layer of span len: zetas[128/len + block]; inverse:
// -zetas[256/len - 1 - block].
constexpr LayerTable kForward4 = make_layer(4, 32, 1), kForward2 = make_layer(2, 64, 1),
                     kForward1 = make_layer(1, 128, 1);
constexpr LayerTable kInverse4 = make_layer(4, 63, -1), kInverse2 = make_layer(2, 127, -1),
                     kInverse1 = make_layer(1, 255, -1);

inline Twiddle load(const LayerTable& t, std::size_t p) {
  return {load(t.zeta[p].data()), load(t.zeta_odd[p].data()), load(t.zeta_qinv[p].data())};
}

// Lanes 2m + 1 copied into lanes 2m (and kept in 2m + 1). A shuffle rather
// than a 64-bit shift: it leaves the two multiplier ports to the multiplies.
inline __m256i odd_to_even(__m256i x) { return _mm256_castps_si256(_mm256_movehdup_ps(_mm256_castsi256_ps(x))); }

// montgomery_reduce(x · zeta) per lane: t = x · zeta · q^-1 mod 2^32 in
// all eight lanes by one low multiply, then the 64-bit products x·zeta and
// t·q of the even and the odd lanes, whose differences' high halves are the
// results.
inline __m256i mont_mul(__m256i x, const Twiddle& w) {
  const __m256i q = _mm256_set1_epi32(kQ);
  const __m256i t = _mm256_mullo_epi32(x, w.zeta_qinv);
  const __m256i prod_even = _mm256_mul_epi32(x, w.zeta);
  const __m256i prod_odd = _mm256_mul_epi32(odd_to_even(x), w.zeta_odd);
  const __m256i r_even = _mm256_sub_epi64(prod_even, _mm256_mul_epi32(t, q));
  const __m256i r_odd = _mm256_sub_epi64(prod_odd, _mm256_mul_epi32(odd_to_even(t), q));
  return _mm256_blend_epi32(odd_to_even(r_even), r_odd, 0xaa);
}

inline void ct(__m256i& a, __m256i& b, const Twiddle& w) {
  const __m256i t = mont_mul(b, w);
  b = _mm256_sub_epi32(a, t);
  a = _mm256_add_epi32(a, t);
}
inline void gs(__m256i& a, __m256i& b, const Twiddle& w) {
  const __m256i u = a;
  a = _mm256_add_epi32(u, b);
  b = mont_mul(_mm256_sub_epi32(u, b), w);
}

// A block of 64 coefficients, a[64b .. 64b + 63], in eight registers: r[i]
// holds a[64b + 8i .. 64b + 8i + 7], and its register pairs (r[2k],
// r[2k + 1]) are the interleaved layers' pairs 4b + k (16 coefficients
// each).
inline void load_block(__m256i (&r)[8], const std::int32_t* a, std::size_t block) {
  for (std::size_t i = 0; i < 8; ++i) r[i] = load(a + 64 * block + 8 * i);
}
inline void store_block(std::int32_t* a, std::size_t block, const __m256i (&r)[8]) {
  for (std::size_t i = 0; i < 8; ++i) store(a + 64 * block + 8 * i, r[i]);
}

}  // namespace

// FIPS 204 Alg. 41 (NTT), as the portable kernel: spans 128, 64 and 32
// pass by pass over memory; then each block of 64 coefficients in
// registers (load_block) through spans 16 (r[i] with r[i + 2]:
// zetas[8 + 2b] for i = 0, 1 and zetas[9 + 2b] for i = 4, 5 in block b), 8
// (r[i] with r[i + 1], i even: zetas[16 + 4b + i/2]) and the interleaved 4,
// 2, 1 on its four pairs at once. (Spans 16 and 8 as passes of their own
// took 4% longer.) The first pass reads `in`; every later step works on
// `out`.
void mldsa_ntt(std::int32_t out[256], const std::int32_t in[256]) {
  std::int32_t* const a = out;
  std::size_t m = 1;
  for (std::size_t len = 128; len >= 32; len >>= 1)
    for (std::size_t start = 0; start < 256; start += 2 * len) {
      const Twiddle w = broadcast(kForwardScalars[m++]);
      const std::int32_t* const src = len == 128 ? in : out;
      for (std::size_t j = start; j < start + len; j += 8) {
        __m256i x = load(src + j), y = load(src + j + len);
        ct(x, y, w);
        store(a + j, x);
        store(a + j + len, y);
      }
    }
  for (std::size_t block = 0; block < 4; ++block) {
    __m256i r[8];
    load_block(r, a, block);
    for (std::size_t i = 0; i < 8; i += 4) {
      const Twiddle w = broadcast(kForwardScalars[8 + 2 * block + i / 4]);
      ct(r[i], r[i + 2], w);
      ct(r[i + 1], r[i + 3], w);
    }
    for (std::size_t i = 0; i < 8; i += 2) ct(r[i], r[i + 1], broadcast(kForwardScalars[16 + 4 * block + i / 2]));
    forward_pair_layers(r, [&](auto layer, std::size_t k, __m256i& x, __m256i& y) {
      constexpr const LayerTable* tables[] = {&kForward4, &kForward2, &kForward1};
      ct(x, y, load(*tables[layer], 4 * block + k));
    });
    store_block(a, block, r);
  }
}

// FIPS 204 Alg. 42 (NTT^-1) times 2^32, as the portable kernel.
void mldsa_invntt_tomont(std::int32_t a[256]) {
  for (std::size_t block = 0; block < 4; ++block) {
    __m256i r[8];
    load_block(r, a, block);
    inverse_pair_layers(r, [&](auto layer, std::size_t k, __m256i& x, __m256i& y) {
      constexpr const LayerTable* tables[] = {&kInverse1, &kInverse2, &kInverse4};
      gs(x, y, load(*tables[layer], 4 * block + k));
    });
    store_block(a, block, r);
  }
  // Layers of span 8, 16 and 32 on each block of 64 coefficients in
  // registers (eight of them; zetas[31 - start/16], [15 - start/32] and
  // [7 - start/64], negated, as the portable kernel's m counts down). In
  // one pass with the interleaved layers (the pairs stepped above are
  // this block's registers) it measured no faster: 468 ticks against 465.
  for (std::size_t block = 0; block < 4; ++block) {
    __m256i r[8];
    load_block(r, a, block);
    for (std::size_t i = 0; i < 8; i += 2) gs(r[i], r[i + 1], broadcast(kInverseScalars[31 - 4 * block - i / 2]));
    for (std::size_t i = 0; i < 8; i += 4) {
      const Twiddle w = broadcast(kInverseScalars[15 - 2 * block - i / 4]);
      gs(r[i], r[i + 2], w);
      gs(r[i + 1], r[i + 3], w);
    }
    const Twiddle w = broadcast(kInverseScalars[7 - block]);
    for (std::size_t i = 0; i < 4; ++i) gs(r[i], r[i + 4], w);
    store_block(a, block, r);
  }
  // Spans 64 and 128 (zetas[3] and [2], negated) on the four registers 64
  // coefficients apart; span 128 with the final factor folded in, as the
  // portable kernel: its sums times the factor, its differences times
  // -zetas[1] and the factor at once.
  const Twiddle w64_low = broadcast(kInverseScalars[3]), w64_high = broadcast(kInverseScalars[2]);
  const Twiddle f = broadcast(Scalar{kInvNttFactor, times_qinv(kInvNttFactor)});
  const Twiddle w128_f = broadcast(Scalar{kLastTwiddle, times_qinv(kLastTwiddle)});
  for (std::size_t j = 0; j < 64; j += 8) {
    __m256i r0 = load(a + j), r1 = load(a + j + 64), r2 = load(a + j + 128), r3 = load(a + j + 192);
    gs(r0, r1, w64_low);
    gs(r2, r3, w64_high);
    store(a + j, mont_mul(_mm256_add_epi32(r0, r2), f));
    store(a + j + 64, mont_mul(_mm256_add_epi32(r1, r3), f));
    store(a + j + 128, mont_mul(_mm256_sub_epi32(r0, r2), w128_f));
    store(a + j + 192, mont_mul(_mm256_sub_epi32(r1, r3), w128_f));
  }
}

// FIPS 204 Alg. 45 (MultiplyNTT), each product Montgomery-reduced.
void mldsa_pointwise_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  const __m256i qinv = _mm256_set1_epi32(kQInv);
  for (std::size_t j = 0; j < 256; j += 8) {
    const __m256i y = load(b + j);
    store(r + j, mont_mul(load(a + j), Twiddle{y, odd_to_even(y), _mm256_mullo_epi32(y, qinv)}));
  }
}

void mldsa_pointwise_acc_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  const __m256i qinv = _mm256_set1_epi32(kQInv);
  for (std::size_t j = 0; j < 256; j += 8) {
    const __m256i y = load(b + j);
    store(r + j, _mm256_add_epi32(load(r + j),
                                  mont_mul(load(a + j), Twiddle{y, odd_to_even(y), _mm256_mullo_epi32(y, qinv)})));
  }
}

// The wide row sums (entries.inc). A block of 16 coefficients is two
// registers, x0 (coefficients 0..7) and x1 (8..15); the 64-bit products of
// their even lanes, then of their odd lanes, are the block's four
// accumulator registers, in the accumulator's order.
namespace {

inline __m256i load_wide(const std::int64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
inline void store_wide(std::int64_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

struct WideBlock {
  __m256i v[4];
};
inline WideBlock wide_products(const std::int32_t* a, const std::int32_t* b) {
  const __m256i x0 = load(a), x1 = load(a + 8), y0 = load(b), y1 = load(b + 8);
  return {{_mm256_mul_epi32(x0, y0), _mm256_mul_epi32(x1, y1), _mm256_mul_epi32(odd_to_even(x0), odd_to_even(y0)),
           _mm256_mul_epi32(odd_to_even(x1), odd_to_even(y1))}};
}

// montgomery_reduce of four 64-bit sums, each result in the high half of
// its lane: t = s · q^-1 mod 2^32 is the low half of one 32×32 multiply of
// s's low half, and t·q another.
inline __m256i montgomery_reduce_wide(__m256i s) {
  const __m256i t = _mm256_mul_epi32(s, _mm256_set1_epi32(kQInv));
  return _mm256_sub_epi64(s, _mm256_mul_epi32(t, _mm256_set1_epi32(kQ)));
}

// Eight coefficients from the sums of their even and odd ones: the even
// ones' results move from the high halves to the low ones; the odd ones'
// are already in the odd lanes.
inline __m256i reduce_in_order(__m256i even, __m256i odd) {
  return _mm256_blend_epi32(odd_to_even(montgomery_reduce_wide(even)), montgomery_reduce_wide(odd), 0xaa);
}

// One block's sums over the terms, kept in registers: from acc's (FromAcc)
// or from the first term's products.
template <bool FromAcc>
inline WideBlock block_sums(const std::int64_t* acc, const std::int32_t* const a[], const std::int32_t* const b[],
                            std::size_t terms, std::size_t g) {
  WideBlock sum;
  std::size_t j = 0;
  if constexpr (FromAcc) {
    for (std::size_t m = 0; m < 4; ++m) sum.v[m] = load_wide(acc + g + 4 * m);
  } else {
    sum = wide_products(a[0] + g, b[0] + g);
    j = 1;
  }
  for (; j < terms; ++j) {
    const WideBlock p = wide_products(a[j] + g, b[j] + g);
    for (std::size_t m = 0; m < 4; ++m) sum.v[m] = _mm256_add_epi64(sum.v[m], p.v[m]);
  }
  return sum;
}

template <bool FromAcc>
void row_wide_sum(std::int64_t acc[256], const std::int32_t* const a[], const std::int32_t* const b[],
                  std::size_t terms) {
  for (std::size_t g = 0; g < 256; g += 16) {
    const WideBlock sum = block_sums<FromAcc>(acc, a, b, terms, g);
    for (std::size_t m = 0; m < 4; ++m) store_wide(acc + g + 4 * m, sum.v[m]);
  }
}

template <bool FromAcc>
void row_wide_reduce(std::int32_t r[256], const std::int64_t* acc, const std::int32_t* const a[],
                     const std::int32_t* const b[], std::size_t terms) {
  for (std::size_t g = 0; g < 256; g += 16) {
    const WideBlock sum = block_sums<FromAcc>(acc, a, b, terms, g);
    for (std::size_t h = 0; h < 2; ++h) store(r + g + 8 * h, reduce_in_order(sum.v[h], sum.v[2 + h]));
  }
}

}  // namespace

void mldsa_row_wide_sum(std::int64_t acc[256], const std::int32_t* const a[], const std::int32_t* const b[],
                        std::size_t terms, bool start) {
  (start ? row_wide_sum<false> : row_wide_sum<true>)(acc, a, b, terms);
}

void mldsa_row_wide_reduce(std::int32_t r[256], const std::int64_t* acc, const std::int32_t* const a[],
                           const std::int32_t* const b[], std::size_t terms) {
  (acc == nullptr ? row_wide_reduce<false> : row_wide_reduce<true>)(r, acc, a, b, terms);
}

}  // namespace pqlab::kernels::avx2
