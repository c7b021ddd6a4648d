// ML-KEM polynomial arithmetic, compression and byte encodings (FIPS 203 §4.2).
#include "mlkem/poly.hpp"

#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"

#if defined(__ARM_FEATURE_SIMD32)
#include <arm_acle.h>
#endif

namespace pqlab::mlkem {

using namespace pqlab::mlkem_field;

void ntt(NttPoly& out, const Poly& p) {
  out.c = p.c;
  kernels::active().mlkem.mlkem_ntt(out.c.data());
}

NttPoly ntt(const Poly& p) {
  NttPoly r;
  ntt(r, p);
  return r;
}

namespace {

#if defined(__ARM_FEATURE_SIMD32)
// Two coefficients of an int16 array as one word (the Cortex-M4's packed
// 16-bit arithmetic), and back.
inline std::int32_t load_pair(const std::int16_t* p) {
  std::int32_t w;
  __builtin_memcpy(&w, p, sizeof w);
  return w;
}
inline void store_pair(std::int16_t* p, std::int32_t w) { __builtin_memcpy(p, &w, sizeof w); }
#endif

#if defined(__ARM_FEATURE_SIMD32) && defined(__ARM_FEATURE_DSP)
// barrett_reduce of both halves of a word (the Cortex-M4's DSP extension):
// each quotient (x·v + 2^25) >> 26 by SMLABB/SMLATB, the two products by q
// packed into one word and subtracted by SSUB16 (each result fits its
// half). v, 2^25 and q arrive in registers (q through an empty asm in the
// caller, so that gcc multiplies instead of expanding shifts and adds).
inline std::int32_t barrett_pair(std::int32_t w, std::int32_t v, std::int32_t round, std::int32_t q_reg) {
  const std::int32_t lo = __smlabb(w, v, round) >> 26;
  const std::int32_t hi = __smlatb(w, v, round) >> 26;
  const std::uint32_t products = (static_cast<std::uint32_t>(lo * q_reg) & 0xffffu) |
                                 (static_cast<std::uint32_t>(hi * q_reg) << 16);
  return __ssub16(w, static_cast<std::int32_t>(products));
}
#endif

// r = Σ_j a[j] ∘ b[j], each coefficient Barrett-reduced (|x| < 2qK ≤ 8q
// fits int16): dot_montgomery's value, in r's storage.
template <std::size_t K>
void dot_montgomery_into(std::array<std::int16_t, n>& r, const NttVec<K>& a, const NttVec<K>& b) {
  r.fill(0);
  for (std::size_t j = 0; j < K; ++j) kernels::active().mlkem.mlkem_basemul_acc(r.data(), a[j].c.data(), b[j].c.data());
  barrett_reduce_all(r);
}

}  // namespace

void barrett_reduce_all(std::array<std::int16_t, n>& c) {
#if defined(__ARM_FEATURE_SIMD32) && defined(__ARM_FEATURE_DSP)
  std::int32_t q_reg = q;
  asm("" : "+r"(q_reg));
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; i += 2)
    store_pair(c.data() + i, barrett_pair(load_pair(c.data() + i), ((1 << 26) + q / 2) / q, 1 << 25, q_reg));
#else
  for (auto& x : c) x = barrett_reduce(x);
#endif
}

template <std::size_t K>
NttPoly dot_montgomery(const NttVec<K>& a, const NttVec<K>& b) {
  NttPoly r;
  dot_montgomery_into<K>(r.c, a, b);
  return r;
}
template NttPoly dot_montgomery<2>(const NttVec<2>&, const NttVec<2>&);
template NttPoly dot_montgomery<3>(const NttVec<3>&, const NttVec<3>&);
template NttPoly dot_montgomery<4>(const NttVec<4>&, const NttVec<4>&);

template <std::size_t K>
Poly invntt_of_dot_montgomery(const NttVec<K>& a, const NttVec<K>& b) {
  Poly r;  // holds T_q values until the inverse NTT
  dot_montgomery_into<K>(r.c, a, b);
  kernels::active().mlkem.mlkem_invntt_tomont(r.c.data());
  return r;
}
template Poly invntt_of_dot_montgomery<2>(const NttVec<2>&, const NttVec<2>&);
template Poly invntt_of_dot_montgomery<3>(const NttVec<3>&, const NttVec<3>&);
template Poly invntt_of_dot_montgomery<4>(const NttVec<4>&, const NttVec<4>&);

namespace {

// For s in (-2q, 2q), a representative of s mod q in (-q, q), without a
// branch on s: x = s + q ∈ (-q, 3q), then q subtracted (by mask) where
// x ≥ q, twice. Cheaper than a Barrett reduction, and enough where the
// result only needs the (-q, q) invariant: the callers below encode
// (ByteEncode_12, Compress_d) through the canonical [0, q)
// representative, so outputs do not change.
// Every intermediate fits an int16 (|x| < 3q), which is how it is
// written, so that loops over polynomials vectorise in 16-bit lanes.
constexpr std::int16_t sign_mask16(std::int16_t v) { return static_cast<std::int16_t>(v >> 15); }
constexpr std::int16_t reduce_below_2q(std::int32_t s) {
  auto x = static_cast<std::int16_t>(s + q);
  x = static_cast<std::int16_t>(x - (q & sign_mask16(static_cast<std::int16_t>(q - 1 - x))));  // x ≥ q: now (-q, 2q)
  x = static_cast<std::int16_t>(x - (q & sign_mask16(static_cast<std::int16_t>(q - 1 - x))));  // x ≥ q: now (-q, q)
  return x;
}
static_assert(reduce_below_2q(2 * q - 1) == q - 1 && reduce_below_2q(q) == 0 && reduce_below_2q(q - 1) == q - 1);
static_assert(reduce_below_2q(-2 * q + 1) == -q + 1 && reduce_below_2q(-q) == 0 && reduce_below_2q(-q + 1) == 1);

#if defined(__ARM_FEATURE_SIMD32)
// The same on two coefficients at once (the Cortex-M4's DSP extension,
// a word holding the int16 array's pair): SSUB16 sets each halfword's GE
// flags where x − q ≥ 0 and SEL takes x − q there, x elsewhere, so the
// values equal reduce_below_2q's. Constant time: no branch, no index.
constexpr std::int32_t q_pair = q | (q << 16);
inline std::int32_t reduce_pair_below_2q(std::int32_t s) {
  std::int32_t x = __sadd16(s, q_pair);
  x = static_cast<std::int32_t>(__sel(static_cast<std::uint32_t>(__ssub16(x, q_pair)), static_cast<std::uint32_t>(x)));
  return static_cast<std::int32_t>(
      __sel(static_cast<std::uint32_t>(__ssub16(x, q_pair)), static_cast<std::uint32_t>(x)));
}
#endif

// r[i] = reduce_below_2q(r[i] + a[i]) or (Subtract) of r[i] - a[i], whose
// value is in (-2q, 2q).
template <bool Subtract>
void combine_reduced(std::int16_t* r, const std::int16_t* a) {
#if defined(__ARM_FEATURE_SIMD32)
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; i += 2) {
    const std::int32_t x = load_pair(r + i), y = load_pair(a + i);
    store_pair(r + i, reduce_pair_below_2q(Subtract ? __ssub16(x, y) : __sadd16(x, y)));
  }
#else
  for (std::size_t i = 0; i < n; ++i)
    r[i] = reduce_below_2q(Subtract ? std::int32_t{r[i]} - a[i] : std::int32_t{r[i]} + a[i]);
#endif
}

}  // namespace

// Both operands in (-q, q) (the Poly/NttPoly invariant), so the sum or
// difference is in (-2q, 2q) (and no 16-bit lane overflows: 2q < 2^15).
void add_to(Poly& r, const Poly& a) { combine_reduced<false>(r.c.data(), a.c.data()); }
void sub_from(Poly& r, const Poly& a) { combine_reduced<true>(r.c.data(), a.c.data()); }
void add_to(NttPoly& r, const NttPoly& a) { combine_reduced<false>(r.c.data(), a.c.data()); }
void add_to(Poly& r, const Poly& a, const Poly& b) {
#if defined(__ARM_FEATURE_SIMD32)
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; i += 2)
    store_pair(r.c.data() + i,
               reduce_pair_below_2q(__sadd16(__sadd16(load_pair(r.c.data() + i), load_pair(a.c.data() + i)),
                                             load_pair(b.c.data() + i))));
#else
  for (std::size_t i = 0; i < n; ++i) r.c[i] = reduce_below_2q(std::int32_t{r.c[i]} + a.c[i] + b.c[i]);
#endif
}
void to_montgomery(NttPoly& p) {
#if defined(__ARM_FEATURE_SIMD32) && defined(__ARM_FEATURE_DSP)
  // fqmul(x, R^2 mod q) (montgomery_reduce of the product) on both halves
  // of a word, as mlkem_ntt.S's fmul: the product by SMULxB, t = (int16)(p
  // · q^-1) by SMULBB with q^-1 in c's bottom half, p − t·q by SMLATB with
  // −q in c's top half, whose top half is the result (the bottom is zero).
  const auto c = static_cast<std::int32_t>((static_cast<std::uint32_t>(-q) << 16) | static_cast<std::uint16_t>(q_inv));
#pragma GCC unroll 4
  for (std::size_t i = 0; i < n; i += 2) {
    const std::int32_t w = load_pair(p.c.data() + i);
    std::int32_t lo = __smlabb(w, mont_squared, 0);  // (GCC 12's ACLE has no SMULxy: accumulate 0)
    lo = __smlatb(c, __smlabb(lo, c, 0), lo);
    std::int32_t hi = __smlatb(w, mont_squared, 0);
    hi = __smlatb(c, __smlabb(hi, c, 0), hi);
    store_pair(p.c.data() + i, static_cast<std::int32_t>((static_cast<std::uint32_t>(hi) & 0xffff0000u) |
                                                         (static_cast<std::uint32_t>(lo) >> 16)));
  }
#else
  for (auto& x : p.c) x = fqmul(x, mont_squared);
#endif
}

void byte_encode12(std::span<std::uint8_t, 384> out, const std::array<std::int16_t, n>& a) {
  kernels::active().mlkem.mlkem_byte_encode12(out.data(), a.data());
}

void byte_decode12(std::array<std::int16_t, n>& a, std::span<const std::uint8_t, 384> in) {
  kernels::active().mlkem.mlkem_byte_decode12(a.data(), in.data());
}

bool is_reduced12_vartime(std::span<const std::uint8_t, 384> in) {
  std::array<std::int16_t, n> decoded;
  return kernels::active().mlkem.mlkem_byte_decode12(decoded.data(), in.data()) == 0;
}

template <std::size_t D>
void compress_encode(std::span<std::uint8_t, 32 * D> out, const Poly& p) {
  kernels::active().mlkem.mlkem_compress_encode(out.data(), p.c.data(), D);
}
template <std::size_t D>
void decode_decompress(Poly& p, std::span<const std::uint8_t, 32 * D> in) {
  kernels::active().mlkem.mlkem_decode_decompress(p.c.data(), in.data(), D);
}
#define PQLAB_MLKEM_INSTANTIATE_D(D)                                              \
  template void compress_encode<D>(std::span<std::uint8_t, 32 * D>, const Poly&); \
  template void decode_decompress<D>(Poly&, std::span<const std::uint8_t, 32 * D>);
PQLAB_MLKEM_INSTANTIATE_D(1)
PQLAB_MLKEM_INSTANTIATE_D(4)
PQLAB_MLKEM_INSTANTIATE_D(5)
PQLAB_MLKEM_INSTANTIATE_D(10)
PQLAB_MLKEM_INSTANTIATE_D(11)
#undef PQLAB_MLKEM_INSTANTIATE_D

}  // namespace pqlab::mlkem
