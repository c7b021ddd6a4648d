// ML-DSA NTT, inverse NTT and pointwise product (FIPS 204 §7.5) with
// AVX-512: sixteen int32 coefficients per register, so a whole polynomial
// fits in 16 of the 32 vector registers and every layer runs without
// touching memory. Each lane performs the portable kernel's butterflies and
// Montgomery reductions on the same values (the 64-bit products are exact),
// so the results are bit-exact with it.
//
// Layers with spans of 16 or more pair whole registers. For the spans 8, 4,
// 2 and 1, each register pair (coefficients 32p .. 32p + 31) is permuted so
// that one register holds every coefficient c with bit `span` of c clear and
// the other its partner c + span, lane for lane; one two-source permute per
// register moves the pair from one such layout to the next.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/mldsa_field.hpp"
#include "kernels/x86_avx512/avx512.hpp"
#include "kernels/x86/register_pairs.hpp"

namespace pqlab::kernels::avx512 {
namespace {

using x86::each_pair;

constexpr std::int32_t kQ = mldsa_field::q;
constexpr std::int32_t kQInv = mldsa_field::q_inv;
constexpr const auto& kZetas = mldsa_field::zetas;
constexpr std::int32_t kInvNttFactor = mldsa_field::inv_ntt_factor;
constexpr std::int32_t kLastTwiddle = mldsa_field::inv_ntt_last_twiddle;

constexpr std::int32_t times_qinv(std::int32_t z) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(z) * static_cast<std::uint32_t>(kQInv));
}

using Lanes = std::array<std::int32_t, 16>;

// ---- Layouts of a register pair (32 coefficients) ----------------------
// Layout 0 is natural order (first register: coefficients 0..15). Layout s
// (s = 8, 4, 2, 1): the first register holds, in increasing order, the 16
// coefficients c with c & s == 0; the second holds c + s in the same lane.
constexpr int coefficient_at(int layout, int reg, int lane) {
  if (layout == 0) return 16 * reg + lane;
  int seen = 0;
  for (int c = 0; c < 32; ++c)
    if ((c & layout) == 0 && seen++ == lane) return c + reg * layout;
  return -1;
}
// Index of coefficient c in a layout, as _mm512_permutex2var_epi32 reads
// it: lane, plus 16 for the second register.
constexpr int position_of(int layout, int c) {
  for (int reg = 0; reg < 2; ++reg)
    for (int lane = 0; lane < 16; ++lane)
      if (coefficient_at(layout, reg, lane) == c) return 16 * reg + lane;
  return -1;
}
struct Permutation {
  Lanes first, second;
};
constexpr Permutation make_permutation(int from, int to) {
  Permutation p{};
  for (int lane = 0; lane < 16; ++lane) {
    p.first[static_cast<std::size_t>(lane)] = position_of(from, coefficient_at(to, 0, lane));
    p.second[static_cast<std::size_t>(lane)] = position_of(from, coefficient_at(to, 1, lane));
  }
  return p;
}
constexpr Permutation kNaturalTo8 = make_permutation(0, 8), k8To4 = make_permutation(8, 4),
                      k4To2 = make_permutation(4, 2), k2To1 = make_permutation(2, 1),
                      k1ToNatural = make_permutation(1, 0);
constexpr Permutation kNaturalTo1 = make_permutation(0, 1), k1To2 = make_permutation(1, 2),
                      k2To4 = make_permutation(2, 4), k4To8 = make_permutation(4, 8),
                      k8ToNatural = make_permutation(8, 0);

// ---- Twiddles ------------------------------------------------------------
// A multiplier per lane and its product with q^-1 mod 2^32; the _odd forms
// hold the odd lanes' values in the even lanes, where _mm512_mul_epi32
// reads its operands.
struct Twiddle {
  __m512i zeta, zeta_qinv, zeta_odd, zeta_qinv_odd;
};
inline Twiddle broadcast(std::int32_t z) {
  const __m512i zeta = _mm512_set1_epi32(z), zeta_qinv = _mm512_set1_epi32(times_qinv(z));
  return {zeta, zeta_qinv, zeta, zeta_qinv};
}

// Per-lane twiddles of the in-pair layers: for pair p in layout s, lane l
// pairs coefficient g = 32p + coefficient_at(s, 0, l) with g + s; Alg. 41
// gives that butterfly zetas[128/s + g/(2s)], Alg. 42 -zetas[256/s - 1 -
// g/(2s)].
struct PairTwiddles {
  std::array<Lanes, 8> zeta, zeta_qinv, zeta_odd, zeta_qinv_odd;
};
constexpr PairTwiddles make_twiddles(int span, bool inverse) {
  PairTwiddles t{};
  for (int p = 0; p < 8; ++p)
    for (int lane = 0; lane < 16; ++lane) {
      const int block = (32 * p + coefficient_at(span, 0, lane)) / (2 * span);
      const int index = inverse ? 256 / span - 1 - block : 128 / span + block;  // in [0, 256)
      const std::int32_t zeta = kZetas[static_cast<std::size_t>(index)];
      const std::int32_t z = inverse ? -zeta : zeta;
      t.zeta[static_cast<std::size_t>(p)][static_cast<std::size_t>(lane)] = z;
      t.zeta_qinv[static_cast<std::size_t>(p)][static_cast<std::size_t>(lane)] = times_qinv(z);
    }
  for (std::size_t p = 0; p < 8; ++p)
    for (std::size_t lane = 0; lane < 16; ++lane) {
      t.zeta_odd[p][lane] = t.zeta[p][lane | 1];
      t.zeta_qinv_odd[p][lane] = t.zeta_qinv[p][lane | 1];
    }
  return t;
}
constexpr PairTwiddles kForward8 = make_twiddles(8, false), kForward4 = make_twiddles(4, false),
                       kForward2 = make_twiddles(2, false), kForward1 = make_twiddles(1, false);
constexpr PairTwiddles kInverse8 = make_twiddles(8, true), kInverse4 = make_twiddles(4, true),
                       kInverse2 = make_twiddles(2, true), kInverse1 = make_twiddles(1, true);

inline __m512i load(const std::int32_t* p) { return _mm512_loadu_si512(p); }
inline void store(std::int32_t* p, __m512i v) { _mm512_storeu_si512(p, v); }
inline Twiddle load(const PairTwiddles& t, std::size_t p) {
  return {load(t.zeta[p].data()), load(t.zeta_qinv[p].data()), load(t.zeta_odd[p].data()),
          load(t.zeta_qinv_odd[p].data())};
}
// Lanes 2m + 1 copied into lanes 2m (and kept in 2m + 1). A shuffle rather
// than a 64-bit shift: it leaves the multiplier port to the multiplies.
inline __m512i odd_to_even(__m512i x) { return _mm512_castps_si512(_mm512_movehdup_ps(_mm512_castsi512_ps(x))); }

inline void permute(__m512i& x, __m512i& y, const Permutation& p) {
  const __m512i first = _mm512_permutex2var_epi32(x, load(p.first.data()), y);
  y = _mm512_permutex2var_epi32(x, load(p.second.data()), y);
  x = first;
}

// montgomery_reduce(x · zeta) per lane: the 64-bit products of the even
// and the odd lanes, t = x · zeta · q^-1 mod 2^32, (x·zeta - t·q) >> 32,
// whose high halves are the results.
inline __m512i mont_mul(__m512i x, const Twiddle& w) {
  const __m512i q = _mm512_set1_epi32(kQ);
  const __m512i x_odd = odd_to_even(x);
  const __m512i prod_even = _mm512_mul_epi32(x, w.zeta);
  const __m512i prod_odd = _mm512_mul_epi32(x_odd, w.zeta_odd);
  const __m512i t_even = _mm512_mul_epi32(x, w.zeta_qinv);
  const __m512i t_odd = _mm512_mul_epi32(x_odd, w.zeta_qinv_odd);
  const __m512i r_even = _mm512_sub_epi64(prod_even, _mm512_mul_epi32(t_even, q));
  const __m512i r_odd = _mm512_sub_epi64(prod_odd, _mm512_mul_epi32(t_odd, q));
  return _mm512_mask_blend_epi32(0xaaaa, odd_to_even(r_even), r_odd);
}

// Cooley–Tukey (Alg. 41) and Gentleman–Sande (Alg. 42) butterflies.
inline void ct(__m512i& a, __m512i& b, const Twiddle& w) {
  const __m512i t = mont_mul(b, w);
  b = _mm512_sub_epi32(a, t);
  a = _mm512_add_epi32(a, t);
}
inline void gs(__m512i& a, __m512i& b, const Twiddle& w) {
  const __m512i u = a;
  a = _mm512_add_epi32(u, b);
  b = mont_mul(_mm512_sub_epi32(u, b), w);
}

// One in-pair layer: the permutation into its layout, then its butterflies.
struct InPairLayer {
  const Permutation* into;
  const PairTwiddles* twiddles;
};

// The four layers whose butterflies lie inside each register pair, each
// taken on all eight pairs before the next (register_pairs.hpp), then the
// permutation back to natural order; butterfly(x, y, w) is ct or gs.
template <class Butterfly>
inline void in_pair_layers(__m512i (&r)[16], const InPairLayer (&layers)[4], const Permutation& back,
                           Butterfly&& butterfly) {
#pragma GCC unroll 4
  for (const InPairLayer& layer : layers) {
    each_pair(r, [&](std::size_t, __m512i& x, __m512i& y) { permute(x, y, *layer.into); });
    each_pair(r, [&](std::size_t p, __m512i& x, __m512i& y) { butterfly(x, y, load(*layer.twiddles, p)); });
  }
  each_pair(r, [&](std::size_t, __m512i& x, __m512i& y) { permute(x, y, back); });
}

}  // namespace

// FIPS 204 Alg. 41 (NTT), as the portable kernel, from `in` into `out`.
void mldsa_ntt(std::int32_t out[256], const std::int32_t in[256]) {
  __m512i r[16];
#pragma GCC unroll 16
  for (std::size_t i = 0; i < 16; ++i) r[i] = load(in + 16 * i);
    // Spans 128, 64, 32, 16: registers i and i + span/16.
#pragma GCC unroll 4
  for (std::size_t span_regs = 8, m = 1; span_regs >= 1; span_regs >>= 1, m <<= 1) {
#pragma GCC unroll 8
    for (std::size_t block = 0; block < m; ++block) {
      const Twiddle w = broadcast(kZetas[m + block]);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < span_regs; ++i)
        ct(r[2 * span_regs * block + i], r[2 * span_regs * block + i + span_regs], w);
    }
  }
  // Spans 8, 4, 2, 1 inside each register pair.
  constexpr InPairLayer kLayers[] = {
      {&kNaturalTo8, &kForward8}, {&k8To4, &kForward4}, {&k4To2, &kForward2}, {&k2To1, &kForward1}};
  in_pair_layers(r, kLayers, k1ToNatural, [](__m512i& x, __m512i& y, const Twiddle& w) { ct(x, y, w); });
#pragma GCC unroll 16
  for (std::size_t i = 0; i < 16; ++i) store(out + 16 * i, r[i]);
}

// FIPS 204 Alg. 42 (NTT^-1) times 2^32, as the portable kernel.
void mldsa_invntt_tomont(std::int32_t a[256]) {
  __m512i r[16];
#pragma GCC unroll 16
  for (std::size_t i = 0; i < 16; ++i) r[i] = load(a + 16 * i);
  // Spans 1, 2, 4, 8 inside each register pair.
  constexpr InPairLayer kLayers[] = {
      {&kNaturalTo1, &kInverse1}, {&k1To2, &kInverse2}, {&k2To4, &kInverse4}, {&k4To8, &kInverse8}};
  in_pair_layers(r, kLayers, k8ToNatural, [](__m512i& x, __m512i& y, const Twiddle& w) { gs(x, y, w); });
  // Spans 16, 32, 64: block b of span s uses -zetas[256/s - 1 - b].
#pragma GCC unroll 3
  for (std::size_t span_regs = 1, m = 8; span_regs <= 4; span_regs <<= 1, m >>= 1) {
#pragma GCC unroll 8
    for (std::size_t block = 0; block < m; ++block) {
      const Twiddle w = broadcast(-kZetas[2 * m - 1 - block]);
#pragma GCC unroll 8
      for (std::size_t i = 0; i < span_regs; ++i)
        gs(r[2 * span_regs * block + i], r[2 * span_regs * block + i + span_regs], w);
    }
  }
  // Span 128 with the final factor folded in, as the portable kernel: the
  // sums times the factor, the differences times -zetas[1] and the factor
  // at once.
  const Twiddle f = broadcast(kInvNttFactor), w128_f = broadcast(kLastTwiddle);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < 8; ++i) {
    store(a + 16 * i, mont_mul(_mm512_add_epi32(r[i], r[i + 8]), f));
    store(a + 16 * (i + 8), mont_mul(_mm512_sub_epi32(r[i], r[i + 8]), w128_f));
  }
}

// FIPS 204 Alg. 45 (MultiplyNTT), each product Montgomery-reduced: t is
// taken from the low half of each 64-bit product, as the portable kernel's
// montgomery_reduce does.
namespace {

// montgomery_reduce of eight 64-bit values, each result in the high half
// of its lane: t = s · q^-1 mod 2^32 from s's low half, then s - t·q.
inline __m512i montgomery_reduce64(__m512i s) {
  const __m512i t = _mm512_mul_epi32(s, _mm512_set1_epi32(kQInv));
  return _mm512_sub_epi64(s, _mm512_mul_epi32(t, _mm512_set1_epi32(kQ)));
}

// Sixteen coefficients from the 64-bit values of the even ones (0, 2, ..,
// 14) and of the odd ones, reduced and back in order (the even ones'
// results move down from the high halves of their lanes).
inline __m512i reduce_in_order(__m512i even, __m512i odd) {
  return _mm512_mask_blend_epi32(0xaaaa, odd_to_even(montgomery_reduce64(even)), montgomery_reduce64(odd));
}

// a ∘ b · 2^-32 for sixteen coefficients.
inline __m512i pointwise16(const std::int32_t* a, const std::int32_t* b) {
  const __m512i x = load(a), y = load(b);
  return reduce_in_order(_mm512_mul_epi32(x, y), _mm512_mul_epi32(odd_to_even(x), odd_to_even(y)));
}

}  // namespace

void mldsa_pointwise_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  for (std::size_t j = 0; j < 256; j += 16) store(r + j, pointwise16(a + j, b + j));
}

void mldsa_pointwise_acc_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  for (std::size_t j = 0; j < 256; j += 16) store(r + j, _mm512_add_epi32(load(r + j), pointwise16(a + j, b + j)));
}

// The wide row sums (entries.inc): a block of 16 coefficients is one
// register, the 64-bit products of its even lanes and of its odd lanes the
// block's two accumulator registers.
namespace {

inline __m512i load_wide(const std::int64_t* p) { return _mm512_loadu_si512(p); }
inline void store_wide(std::int64_t* p, __m512i v) { _mm512_storeu_si512(p, v); }

// One block's sums over the terms, kept in its two registers: from acc's
// (FromAcc) or from zero.
template <bool FromAcc>
inline void block_sums(__m512i& even, __m512i& odd, const std::int64_t* acc, const std::int32_t* const a[],
                       const std::int32_t* const b[], std::size_t terms, std::size_t g) {
  if constexpr (FromAcc) {
    even = load_wide(acc + g);
    odd = load_wide(acc + g + 8);
  } else {
    even = _mm512_setzero_si512();
    odd = _mm512_setzero_si512();
  }
  for (std::size_t j = 0; j < terms; ++j) {
    const __m512i x = load(a[j] + g), y = load(b[j] + g);
    even = _mm512_add_epi64(even, _mm512_mul_epi32(x, y));
    odd = _mm512_add_epi64(odd, _mm512_mul_epi32(odd_to_even(x), odd_to_even(y)));
  }
}

template <bool FromAcc>
void row_wide_sum(std::int64_t acc[256], const std::int32_t* const a[], const std::int32_t* const b[],
                  std::size_t terms) {
  for (std::size_t g = 0; g < 256; g += 16) {
    __m512i even, odd;
    block_sums<FromAcc>(even, odd, acc, a, b, terms, g);
    store_wide(acc + g, even);
    store_wide(acc + g + 8, odd);
  }
}

template <bool FromAcc>
void row_wide_reduce(std::int32_t r[256], const std::int64_t* acc, const std::int32_t* const a[],
                     const std::int32_t* const b[], std::size_t terms) {
  for (std::size_t g = 0; g < 256; g += 16) {
    __m512i even, odd;
    block_sums<FromAcc>(even, odd, acc, a, b, terms, g);
    store(r + g, reduce_in_order(even, odd));
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

}  // namespace pqlab::kernels::avx512
