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

}  // namespace

// FIPS 203 Alg. 9 (NTT), as the portable kernel: layers of span 128..16 on
// whole registers, then spans 8, 4, 2 interleaved; final Barrett reduction.
void mlkem_ntt(std::int16_t a[256]) {
  __m256i v[16];
  for (std::size_t i = 0; i < 16; ++i) v[i] = load(a + 16 * i);
  std::size_t k = 1;
  for (std::size_t regs = 8; regs >= 1; regs >>= 1)  // span 16·regs
    for (std::size_t start = 0; start < 16; start += 2 * regs) {
      const Twiddle w = broadcast(zetas[k++]);
      for (std::size_t j = start; j < start + regs; ++j) ct(v[j], v[j + regs], w);
    }
  for (std::size_t m = 0; m < 8; ++m) {
    __m256i& x = v[2 * m];
    __m256i& y = v[2 * m + 1];
    interleave128(x, y);
    ct(x, y, load(kForward8, m));
    interleave64(x, y);
    ct(x, y, load(kForward4, m));
    interleave32(x, y);
    ct(x, y, load(kForward2, m));
    interleave32(x, y);
    interleave64(x, y);
    interleave128(x, y);
  }
  for (std::size_t i = 0; i < 16; ++i) store(a + 16 * i, mlkem_barrett(v[i]));
}

// FIPS 203 Alg. 10 (NTT^-1) times R, as the portable kernel: spans 2, 4, 8
// interleaved, then 16..128 on whole registers, then the factor 1441.
void mlkem_invntt_tomont(std::int16_t a[256]) {
  __m256i v[16];
  for (std::size_t i = 0; i < 16; ++i) v[i] = load(a + 16 * i);
  for (std::size_t m = 0; m < 8; ++m) {
    __m256i& x = v[2 * m];
    __m256i& y = v[2 * m + 1];
    interleave128(x, y);
    interleave64(x, y);
    interleave32(x, y);
    gs(x, y, load(kInverse2, m));
    interleave32(x, y);
    gs(x, y, load(kInverse4, m));
    interleave64(x, y);
    gs(x, y, load(kInverse8, m));
    interleave128(x, y);
  }
  std::size_t k = 15;
  for (std::size_t regs = 1; regs <= 8; regs <<= 1)  // span 16·regs
    for (std::size_t start = 0; start < 16; start += 2 * regs) {
      const Twiddle w = broadcast(zetas[k--]);
      for (std::size_t j = start; j < start + regs; ++j) gs(v[j], v[j + regs], w);
    }
  const Twiddle f = broadcast(1441);
  for (std::size_t i = 0; i < 16; ++i) store(a + 16 * i, fqmul(v[i], f));
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
