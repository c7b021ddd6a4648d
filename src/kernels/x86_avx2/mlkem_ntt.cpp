// ML-KEM NTT, inverse NTT and base multiplication (FIPS 203 §4.3) with
// AVX2, sixteen int16 coefficients per register. Every lane performs the
// very operations of the portable kernel (the same Montgomery and Barrett
// reductions on the same values), so results are bit-exact with it.
//
// Layers whose butterflies span 16 coefficients or more pair whole
// registers. For the last three layers (spans 8, 4 and 2) two registers
// are interleaved at 128-, 64- and 32-bit granularity so that each
// butterfly's two inputs sit in the same lane of two registers; each
// interleave is its own inverse, so undoing them restores natural order.
#include <immintrin.h>

#include <array>
#include <cstddef>

#include "kernels/mlkem_field.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/interleave.hpp"
#include "kernels/x86_avx2/mlkem_barrett.hpp"

namespace pqlab::kernels::avx2 {
namespace {

using mlkem_field::q;
using mlkem_field::q_inv;
using mlkem_field::zetas;

// A twiddle register and its product with q^-1 mod 2^16, so that the
// Montgomery multiplication needs no multiplication by q^-1 of its own.
struct Twiddle {
  __m256i zeta, zeta_qinv;
};

constexpr std::int16_t times_qinv(std::int16_t z) { return static_cast<std::int16_t>(z * q_inv); }

inline Twiddle broadcast(std::int16_t z) { return {_mm256_set1_epi16(z), _mm256_set1_epi16(times_qinv(z))}; }

// The twiddles of one interleaved layer for each of the 8 register pairs:
// lane l of pair m takes zetas[first + sign·block(m, l)], where block is
// the index of the butterfly block that lane belongs to.
struct LayerTable {
  std::array<std::array<std::int16_t, 16>, 8> zeta, zeta_qinv;
};
// span 8: lanes 0-7 are block 2m, lanes 8-15 block 2m+1; span 4: lane
// group l/4 is block 4m + l/4; span 2: lane pair l/2 is block 8m + l/2.
constexpr LayerTable make_layer(unsigned span, int first, int sign) {
  LayerTable t{};
  for (unsigned m = 0; m < 8; ++m)
    for (unsigned l = 0; l < 16; ++l) {
      // In the interleaved register each block's half occupies `span` lanes.
      const int block = static_cast<int>((16 / span) * m + l / span);
      const int index = first + sign * block;
      const std::int16_t z = zetas[static_cast<std::size_t>(index)];
      t.zeta[m][l] = z;
      t.zeta_qinv[m][l] = times_qinv(z);
    }
  return t;
}
// Forward NTT: layer len uses zetas[256/(2 len) + block].
constexpr LayerTable kForward8 = make_layer(8, 16, 1), kForward4 = make_layer(4, 32, 1),
                     kForward2 = make_layer(2, 64, 1);
// Inverse NTT: layer len uses zetas[512/(2 len) - 1 - block].
constexpr LayerTable kInverse8 = make_layer(8, 31, -1), kInverse4 = make_layer(4, 63, -1),
                     kInverse2 = make_layer(2, 127, -1);

inline Twiddle load(const LayerTable& t, std::size_t m) {
  return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.zeta[m].data())),
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.zeta_qinv[m].data()))};
}

// fqmul: b · zeta · R^-1, the portable montgomery_reduce(b · zeta) lane by
// lane: the high halves of b·zeta and t·q differ by exactly that, their low
// halves being equal (t = b · zeta · q^-1 mod 2^16).
inline __m256i fqmul(__m256i b, const Twiddle& w) {
  const __m256i hi = _mm256_mulhi_epi16(b, w.zeta);
  const __m256i t = _mm256_mullo_epi16(b, w.zeta_qinv);
  return _mm256_sub_epi16(hi, _mm256_mulhi_epi16(t, _mm256_set1_epi16(q)));
}
inline __m256i fqmul(__m256i a, __m256i b) {
  const __m256i hi = _mm256_mulhi_epi16(a, b);
  const __m256i t = _mm256_mullo_epi16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(q_inv));
  return _mm256_sub_epi16(hi, _mm256_mulhi_epi16(t, _mm256_set1_epi16(q)));
}

// Cooley–Tukey (forward) and Gentleman–Sande (inverse) butterflies.
inline void ct(__m256i& a, __m256i& b, const Twiddle& w) {
  const __m256i t = fqmul(b, w);
  b = _mm256_sub_epi16(a, t);
  a = _mm256_add_epi16(a, t);
}
inline void gs(__m256i& a, __m256i& b, const Twiddle& w) {
  const __m256i t = a;
  a = mlkem_barrett(_mm256_add_epi16(t, b));
  b = fqmul(_mm256_sub_epi16(b, t), w);
}


// γ of each coefficient pair, by register: ±zetas[64 + pair/2], + on even
// pairs (FIPS 203 Alg. 11's ζ^(2 BitRev7(i) + 1) in Montgomery form).
constexpr std::array<std::array<std::int16_t, 16>, 16> make_gammas() {
  std::array<std::array<std::int16_t, 16>, 16> g{};
  for (std::size_t i = 0; i < 16; ++i)
    for (std::size_t l = 0; l < 16; ++l) {
      const std::size_t pair = 8 * i + l / 2;
      const std::int16_t z = zetas[64 + pair / 2];
      g[i][l] = pair % 2 == 0 ? z : static_cast<std::int16_t>(-z);
    }
  return g;
}
constexpr auto kGamma = make_gammas();

inline __m256i load(const std::int16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
inline void store(std::int16_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

// The layers of span 16·Regs (64, 32 or 16) on the eight registers of one
// half of the polynomial, butterflies between v[j] and v[j + Regs]: block
// b takes zetas[first + b] (forward) or zetas[first - b] (inverse).
template <std::size_t Regs>
inline void ct_layer(__m256i (&v)[8], std::size_t first) {
  for (std::size_t b = 0; b < 4 / Regs; ++b) {
    const Twiddle w = broadcast(zetas[first + b]);
    for (std::size_t j = 2 * Regs * b; j < 2 * Regs * b + Regs; ++j) ct(v[j], v[j + Regs], w);
  }
}
template <std::size_t Regs>
inline void gs_layer(__m256i (&v)[8], std::size_t first) {
  for (std::size_t b = 0; b < 4 / Regs; ++b) {
    const Twiddle w = broadcast(zetas[first - b]);
    for (std::size_t j = 2 * Regs * b; j < 2 * Regs * b + Regs; ++j) gs(v[j], v[j + Regs], w);
  }
}

}  // namespace

// FIPS 203 Alg. 9 (NTT), as the portable kernel, in two passes so that no
// more than eight registers of coefficients are live (AVX2 has sixteen;
// the constants and twiddles take the rest): span 128 on the register
// pairs j, j + 8; then each half of the polynomial in registers, spans 64,
// 32, 16 on whole registers (zetas[2 + h], [4 + 2h + b], [8 + 4h + b] for
// half h) and spans 8, 4, 2 interleaved, with the final Barrett reduction.
void mlkem_ntt(std::int16_t a[256]) {
  const Twiddle w128 = broadcast(zetas[1]);
  for (std::size_t j = 0; j < 8; ++j) {
    __m256i x = load(a + 16 * j), y = load(a + 16 * (j + 8));
    ct(x, y, w128);
    store(a + 16 * j, x);
    store(a + 16 * (j + 8), y);
  }
  for (std::size_t half = 0; half < 2; ++half) {
    std::int16_t* const h = a + 128 * half;
    __m256i v[8];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < 8; ++i) v[i] = load(h + 16 * i);
    ct_layer<4>(v, 2 + half);
    ct_layer<2>(v, 4 + 2 * half);
    ct_layer<1>(v, 8 + 4 * half);
    // Pair k's index in the whole polynomial is 4 * half + k.
    forward_pair_layers(v, [&](auto layer, std::size_t k, __m256i& x, __m256i& y) {
      constexpr const LayerTable* tables[] = {&kForward8, &kForward4, &kForward2};
      ct(x, y, load(*tables[layer], 4 * half + k));
    });
#pragma GCC unroll 8
    for (std::size_t i = 0; i < 8; ++i) store(h + 16 * i, mlkem_barrett(v[i]));
  }
}

// FIPS 203 Alg. 10 (NTT^-1) times R, as the portable kernel, in the
// forward transform's passes reversed: each half in registers, spans 2, 4,
// 8 interleaved and 16, 32, 64 on whole registers (zetas[15 - 4h - b],
// [7 - 2h - b], [3 - h]); then span 128 on the register pairs j, j + 8,
// with the factor 1441.
void mlkem_invntt_tomont(std::int16_t a[256]) {
  for (std::size_t half = 0; half < 2; ++half) {
    std::int16_t* const h = a + 128 * half;
    __m256i v[8];
#pragma GCC unroll 8
    for (std::size_t i = 0; i < 8; ++i) v[i] = load(h + 16 * i);
    inverse_pair_layers(v, [&](auto layer, std::size_t k, __m256i& x, __m256i& y) {
      constexpr const LayerTable* tables[] = {&kInverse2, &kInverse4, &kInverse8};
      gs(x, y, load(*tables[layer], 4 * half + k));
    });
    gs_layer<1>(v, 15 - 4 * half);
    gs_layer<2>(v, 7 - 2 * half);
    gs_layer<4>(v, 3 - half);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < 8; ++i) store(h + 16 * i, v[i]);
  }
  const Twiddle w128 = broadcast(zetas[1]), f = broadcast(1441);
  for (std::size_t j = 0; j < 8; ++j) {
    __m256i x = load(a + 16 * j), y = load(a + 16 * (j + 8));
    gs(x, y, w128);
    store(a + 16 * j, fqmul(x, f));
    store(a + 16 * (j + 8), fqmul(y, f));
  }
}

// FIPS 203 Alg. 11/12 accumulated, as the portable kernel. Lanes hold the
// pairs (x0, x1) interleaved: P = a∘b gives a0b0 | a1b1, Q = a∘swap(b)
// gives a0b1 | a1b0; the even result lane is P + (P·γ moved down from the
// odd lane), the odd one Q_odd + Q_even.
void mlkem_basemul_acc(std::int16_t r[256], const std::int16_t a[256], const std::int16_t b[256]) {
  const __m256i swap_pairs = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4,
                                              5, 10, 11, 8, 9, 14, 15, 12, 13);
  for (std::size_t i = 0; i < 16; ++i) {
    const __m256i va = load(a + 16 * i), vb = load(b + 16 * i);
    const __m256i p = fqmul(va, vb);
    const __m256i pg = fqmul(p, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kGamma[i].data())));
    const __m256i qv = fqmul(va, _mm256_shuffle_epi8(vb, swap_pairs));
    const __m256i even = _mm256_add_epi16(p, _mm256_srli_epi32(pg, 16));
    const __m256i odd = _mm256_add_epi16(qv, _mm256_slli_epi32(qv, 16));
    store(r + 16 * i, _mm256_add_epi16(load(r + 16 * i), _mm256_blend_epi16(even, odd, 0xaa)));
  }
}

}  // namespace pqlab::kernels::avx2
