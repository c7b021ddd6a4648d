// ML-KEM NTT, inverse NTT and base multiplication (FIPS 203 §4.3) with
// AVX-512: thirty-two int16 coefficients per register, so a polynomial fits
// in eight registers and every layer runs without touching memory. Every
// lane performs the very operations of the portable kernel (the same
// Montgomery and Barrett reductions on the same values), so results are
// bit-exact with it.
//
// Layers with spans of 32 or more pair whole registers. For the spans 16,
// 8, 4 and 2, the two registers of a pair (coefficients 64p .. 64p + 63)
// are interleaved at 256-, 128-, 64- and 32-bit granularity, so that each
// butterfly's two inputs sit in the same lane of the two registers. Each
// interleave is its own inverse, so undoing them restores natural order.
// The interleaves are shuffles, some masked (no index-vector permutes),
// which MemorySanitizer tracks lane by lane in the ct-msan build.
#include "kernels/x86_avx512/intrinsics.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/mlkem_field.hpp"
#include "kernels/x86_avx512/avx512.hpp"
#include "kernels/x86/register_pairs.hpp"

namespace pqlab::kernels::avx512 {
namespace {

using x86::each_pair;

using mlkem_field::q;
using mlkem_field::q_inv;
using mlkem_field::zetas;

using Lanes = std::array<std::int16_t, 32>;

// ---- Interleaves of a register pair ---------------------------------------
// interleave<g> cuts both registers into pieces of g coefficients; the first
// result takes the even-numbered pieces of both (x0, y0, x2, y2, ...), the
// second the odd ones (x1, y1, x3, y3, ...).
template <int g>
inline void interleave(__m512i& x, __m512i& y) {
  __m512i lo, hi;
  if constexpr (g == 16) {
    lo = _mm512_shuffle_i64x2(x, y, 0x44);  // x's and y's low 256 bits
    hi = _mm512_shuffle_i64x2(x, y, 0xee);  // their high 256 bits
  } else if constexpr (g == 8) {
    lo = _mm512_mask_shuffle_i64x2(x, 0xcc, y, y, 0x80);  // 128-bit pieces 1, 3 <- y's 0, 2
    hi = _mm512_mask_shuffle_i64x2(y, 0x33, x, x, 0x31);  // 128-bit pieces 0, 2 <- x's 1, 3
  } else if constexpr (g == 4) {
    lo = _mm512_unpacklo_epi64(x, y);
    hi = _mm512_unpackhi_epi64(x, y);
  } else {
    static_assert(g == 2);
    lo = _mm512_mask_shuffle_epi32(x, 0xaaaa, y, _MM_PERM_CDAB);  // odd dwords <- y's even ones
    hi = _mm512_mask_shuffle_epi32(y, 0x5555, x, _MM_PERM_CDAB);  // even dwords <- x's odd ones
  }
  x = lo;
  y = hi;
}

// The same interleave on a model of a pair: which coefficient (0..63) sits in
// each lane, lanes 0..31 the first register, 32..63 the second.
using Layout = std::array<std::size_t, 64>;
constexpr Layout interleaved(const Layout& from, std::size_t g) {
  Layout to{};
  for (std::size_t lane = 0; lane < 32; ++lane) {
    const std::size_t piece = lane / g, offset = lane % g;
    // Result piece 2j comes from x, 2j + 1 from y, both at source piece
    // 2j (first result) or 2j + 1 (second).
    const std::size_t source = 32 * (piece % 2) + 2 * (piece / 2) * g + offset;
    to[lane] = from[source];
    to[32 + lane] = from[source + g];
  }
  return to;
}
constexpr Layout natural() {
  Layout l{};
  for (std::size_t i = 0; i < 64; ++i) l[i] = i;
  return l;
}
// The layout in which the butterflies of `span` run: interleaved at
// granularity 16, then 8, ... down to span.
constexpr Layout layout_for(std::size_t span) {
  Layout l = natural();
  for (std::size_t g = 16; g >= span; g /= 2) l = interleaved(l, g);
  return l;
}
// In that layout lane l of the second register holds the partner c + span of
// the first register's coefficient c.
constexpr bool pairs_butterflies(std::size_t span) {
  const Layout l = layout_for(span);
  for (std::size_t lane = 0; lane < 32; ++lane)
    if ((l[lane] & span) != 0 || l[32 + lane] != l[lane] + span) return false;
  return true;
}
static_assert(pairs_butterflies(16) && pairs_butterflies(8) && pairs_butterflies(4) && pairs_butterflies(2));
constexpr bool interleaves_undo_themselves() {
  Layout l = layout_for(2);
  for (std::size_t g = 2; g <= 16; g *= 2) l = interleaved(l, g);
  return l == natural();
}
static_assert(interleaves_undo_themselves());

// ---- Twiddles ---------------------------------------------------------------
// A multiplier per lane and its product with q^-1 mod 2^16, so that the
// Montgomery multiplication needs no multiplication by q^-1 of its own.
struct Twiddle {
  __m512i zeta, zeta_qinv;
};
constexpr std::int16_t times_qinv(std::int16_t z) { return static_cast<std::int16_t>(z * q_inv); }
inline Twiddle broadcast(std::int16_t z) { return {_mm512_set1_epi16(z), _mm512_set1_epi16(times_qinv(z))}; }

// Per-lane twiddles of the in-pair layers: in pair p, lane l of the first
// register holds coefficient c = 64p + layout_for(span)[l], the butterfly
// block c / (2 span); Alg. 9 gives it zetas[128/span + block], Alg. 10
// zetas[256/span - 1 - block].
struct PairTwiddles {
  std::array<Lanes, 4> zeta, zeta_qinv;
};
constexpr PairTwiddles make_twiddles(std::size_t span, bool inverse) {
  PairTwiddles t{};
  const Layout l = layout_for(span);
  for (std::size_t p = 0; p < 4; ++p)
    for (std::size_t lane = 0; lane < 32; ++lane) {
      const std::size_t block = (64 * p + l[lane]) / (2 * span);
      const std::size_t index = inverse ? 256 / span - 1 - block : 128 / span + block;
      const std::int16_t z = zetas[index];
      t.zeta[p][lane] = z;
      t.zeta_qinv[p][lane] = times_qinv(z);
    }
  return t;
}
constexpr PairTwiddles kForward16 = make_twiddles(16, false), kForward8 = make_twiddles(8, false),
                       kForward4 = make_twiddles(4, false), kForward2 = make_twiddles(2, false);
constexpr PairTwiddles kInverse16 = make_twiddles(16, true), kInverse8 = make_twiddles(8, true),
                       kInverse4 = make_twiddles(4, true), kInverse2 = make_twiddles(2, true);

inline __m512i load(const std::int16_t* p) { return _mm512_loadu_si512(p); }
inline void store(std::int16_t* p, __m512i v) { _mm512_storeu_si512(p, v); }
inline Twiddle load(const PairTwiddles& t, std::size_t p) {
  return {load(t.zeta[p].data()), load(t.zeta_qinv[p].data())};
}

// ---- Arithmetic ---------------------------------------------------------------
// fqmul: b · zeta · R^-1, the portable montgomery_reduce(b · zeta) lane by
// lane: the high halves of b·zeta and t·q differ by exactly that, their low
// halves being equal (t = b · zeta · q^-1 mod 2^16).
inline __m512i fqmul(__m512i b, const Twiddle& w) {
  const __m512i hi = _mm512_mulhi_epi16(b, w.zeta);
  const __m512i t = _mm512_mullo_epi16(b, w.zeta_qinv);
  return _mm512_sub_epi16(hi, _mm512_mulhi_epi16(t, _mm512_set1_epi16(q)));
}
inline __m512i fqmul(__m512i a, __m512i b) {
  const __m512i hi = _mm512_mulhi_epi16(a, b);
  const __m512i t = _mm512_mullo_epi16(_mm512_mullo_epi16(a, b), _mm512_set1_epi16(q_inv));
  return _mm512_sub_epi16(hi, _mm512_mulhi_epi16(t, _mm512_set1_epi16(q)));
}

// barrett_reduce: t = ((v·a >> 16) + 2^9) >> 10, a - t·q, as the portable one.
inline __m512i barrett(__m512i a) {
  constexpr std::int16_t v = ((1 << 26) + q / 2) / q;
  __m512i t = _mm512_mulhi_epi16(a, _mm512_set1_epi16(v));
  t = _mm512_srai_epi16(_mm512_add_epi16(t, _mm512_set1_epi16(1 << 9)), 10);
  return _mm512_sub_epi16(a, _mm512_mullo_epi16(t, _mm512_set1_epi16(q)));
}

// Cooley–Tukey (Alg. 9) and Gentleman–Sande (Alg. 10) butterflies.
inline void ct(__m512i& a, __m512i& b, const Twiddle& w) {
  const __m512i t = fqmul(b, w);
  b = _mm512_sub_epi16(a, t);
  a = _mm512_add_epi16(a, t);
}
inline void gs(__m512i& a, __m512i& b, const Twiddle& w) {
  const __m512i t = a;
  a = barrett(_mm512_add_epi16(t, b));
  b = fqmul(_mm512_sub_epi16(b, t), w);
}

// γ of each coefficient pair, by register: ±zetas[64 + pair/2], + on even
// pairs (FIPS 203 Alg. 11's ζ^(2 BitRev7(i) + 1) in Montgomery form).
constexpr std::array<Lanes, 8> make_gammas() {
  std::array<Lanes, 8> g{};
  for (std::size_t i = 0; i < 8; ++i)
    for (std::size_t l = 0; l < 32; ++l) {
      const std::size_t pair = 16 * i + l / 2;
      const std::int16_t z = zetas[64 + pair / 2];
      g[i][l] = pair % 2 == 0 ? z : static_cast<std::int16_t>(-z);
    }
  return g;
}
constexpr auto kGamma = make_gammas();

// Swaps the two coefficients of each pair (each 32-bit lane's halves).
inline __m512i swap_pairs(__m512i v) {
  return _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(v, _MM_PERM_CDAB), _MM_PERM_CDAB);
}

}  // namespace

// FIPS 203 Alg. 9 (NTT), as the portable kernel: spans 128, 64, 32 on whole
// registers, then 16, 8, 4, 2 interleaved in each pair; final Barrett
// reduction.
void mlkem_ntt(std::int16_t a[256]) {
  __m512i v[8];
#pragma GCC unroll 8
  for (std::size_t i = 0; i < 8; ++i) v[i] = load(a + 32 * i);
    // Span 128·2^-l (l = 0, 1, 2) has 2^l blocks of 4/2^l register pairs,
    // block b taking zetas[2^l + b]. Fixed trip counts, so that the loops
    // unroll completely and v stays in registers.
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 4; ++j) ct(v[j], v[j + 4], broadcast(zetas[1]));
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 4; ++j) ct(v[j + j / 2 * 2], v[j + j / 2 * 2 + 2], broadcast(zetas[2 + j / 2]));
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 4; ++j) ct(v[2 * j], v[2 * j + 1], broadcast(zetas[4 + j]));
  const auto butterflies = [&](const PairTwiddles& t) {
    each_pair(v, [&](std::size_t p, __m512i& x, __m512i& y) { ct(x, y, load(t, p)); });
  };
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<16>(x, y); });
  butterflies(kForward16);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<8>(x, y); });
  butterflies(kForward8);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<4>(x, y); });
  butterflies(kForward4);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<2>(x, y); });
  butterflies(kForward2);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) {
    interleave<2>(x, y);
    interleave<4>(x, y);
    interleave<8>(x, y);
    interleave<16>(x, y);
  });
#pragma GCC unroll 8
  for (std::size_t i = 0; i < 8; ++i) store(a + 32 * i, barrett(v[i]));
}

// FIPS 203 Alg. 10 (NTT^-1) times R, as the portable kernel: spans 2, 4, 8,
// 16 interleaved in each pair, then 32, 64, 128 on whole registers, then the
// factor 1441.
void mlkem_invntt_tomont(std::int16_t a[256]) {
  __m512i v[8];
#pragma GCC unroll 8
  for (std::size_t i = 0; i < 8; ++i) v[i] = load(a + 32 * i);
  const auto butterflies = [&](const PairTwiddles& t) {
    each_pair(v, [&](std::size_t p, __m512i& x, __m512i& y) { gs(x, y, load(t, p)); });
  };
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) {
    interleave<16>(x, y);
    interleave<8>(x, y);
    interleave<4>(x, y);
    interleave<2>(x, y);
  });
  butterflies(kInverse2);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<2>(x, y); });
  butterflies(kInverse4);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<4>(x, y); });
  butterflies(kInverse8);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<8>(x, y); });
  butterflies(kInverse16);
  each_pair(v, [](std::size_t, __m512i& x, __m512i& y) { interleave<16>(x, y); });
  // Span 32·2^l (l = 0, 1, 2) has 4/2^l blocks of 2^l register pairs,
  // block b taking zetas[8/2^l - 1 - b].
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 4; ++j) gs(v[2 * j], v[2 * j + 1], broadcast(zetas[7 - j]));
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 4; ++j) gs(v[j + j / 2 * 2], v[j + j / 2 * 2 + 2], broadcast(zetas[3 - j / 2]));
#pragma GCC unroll 4
  for (std::size_t j = 0; j < 4; ++j) gs(v[j], v[j + 4], broadcast(zetas[1]));
  const Twiddle f = broadcast(1441);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < 8; ++i) store(a + 32 * i, fqmul(v[i], f));
}

// FIPS 203 Alg. 11/12 accumulated, as the portable kernel. Lanes hold the
// pairs (x0, x1) interleaved: P = a∘b gives a0b0 | a1b1, Q = a∘swap(b)
// gives a0b1 | a1b0; the even result lane is P + (P·γ moved down from the
// odd lane), the odd one Q_odd + Q_even.
void mlkem_basemul_acc(std::int16_t r[256], const std::int16_t a[256], const std::int16_t b[256]) {
  for (std::size_t i = 0; i < 8; ++i) {
    const __m512i va = load(a + 32 * i), vb = load(b + 32 * i);
    const __m512i p = fqmul(va, vb);
    const __m512i pg = fqmul(p, load(kGamma[i].data()));
    const __m512i qv = fqmul(va, swap_pairs(vb));
    const __m512i even = _mm512_add_epi16(p, _mm512_srli_epi32(pg, 16));
    const __m512i odd = _mm512_add_epi16(qv, _mm512_slli_epi32(qv, 16));
    store(r + 32 * i, _mm512_add_epi16(load(r + 32 * i), _mm512_mask_blend_epi16(0xaaaaaaaa, even, odd)));
  }
}

}  // namespace pqlab::kernels::avx512
