// ML-DSA polynomials of R_q = Z_q[X]/(X^256 + 1) (FIPS 204 §2.3). The NTT
// domain is part of the type: a Poly (coefficients) and an NttPoly (the
// NTT representation T_q) cannot be mixed by accident.
#pragma once
#include <array>
#include <cstdint>

#include "common/buffer_align.hpp"
#include "mldsa/reduce.hpp"

namespace pqlab::mldsa::detail {

// Coefficients; the range each value holds is stated where it is made.
struct Poly {
  alignas(vector_buffer_align<std::int32_t>) std::array<std::int32_t, n> c;
};
// An element of T_q; Montgomery factors are tracked by the callers.
struct NttPoly {
  alignas(vector_buffer_align<std::int32_t>) std::array<std::int32_t, n> c;
};

// out = NTT(in) (FIPS 204 Alg. 41). In: |in_i| < 8q. Out: |out_i| < 16q.
void ntt(NttPoly& out, const Poly& in);
// out = NTT^-1(in) · 2^32 (FIPS 204 Alg. 42). In: |in_i| < q. Out: |out_i| < q.
void intt_tomont(Poly& out, const NttPoly& in);

// out = NTT^-1(a ∘ b · 2^-32) · 2^32 (Alg. 45, then Alg. 42), the product
// formed in out's own storage (no copy). In: |a_i·b_i| < q·2^31. Out:
// |out_i| < q.
void multiply_intt_tomont(Poly& out, const NttPoly& a, const NttPoly& b);

// The state of a row sum on a backend with wide row sums
// (kernels::Tuning::mldsa_wide_row_sums): the 64-bit accumulator, in the
// kernels' layout, and the terms not yet folded into it. Only x86-64
// builds have such backends, so elsewhere (the Cortex-M4 firmware) it is
// empty and costs no stack.
#if defined(__x86_64__)
inline constexpr bool wide_row_sums_built = true;
class WideRowSum {
 public:
  void start();
  // Takes a term whose operands stay unchanged until the next flush() or
  // reduce(); folds the terms in hand first if there are eight.
  void hold(const std::int32_t* a, const std::int32_t* b);
  // Folds the terms in hand into the accumulator (mldsa_row_wide_sum).
  void flush();
  // w = the whole sum · 2^-32 mod q (mldsa_row_wide_reduce); starts over.
  void reduce(std::int32_t* w);

 private:
  static constexpr std::size_t kMaxTerms = kernels::mldsa_field::wide_row_max_terms;
  alignas(vector_buffer_align<std::int64_t>) std::array<std::int64_t, n> acc_;
  const std::int32_t* a_[kMaxTerms];
  const std::int32_t* b_[kMaxTerms];
  std::size_t pending_ = 0;
  bool accumulated_ = false;
};
#else
inline constexpr bool wide_row_sums_built = false;
struct WideRowSum {
  void start() {}
  void hold(const std::int32_t*, const std::int32_t*) {}
  void flush() {}
  void reduce(std::int32_t*) {}
};
#endif

// w = NTT^-1(Σ_j a_j ∘ b_j · 2^-32) · 2^32 (a row of Â·y, Alg. 6 line 5,
// Alg. 7 line 12, Alg. 8 line 9): first(), then add() for each further
// term, then intt_tomont(), which reduces the sum to |w_i| < q and
// transforms it. The terms: at most 7 of Â_ij (in [0, q)) times the NTT
// of a polynomial below 2^19 (below 8q + 2^19 < 9q), and verification's
// ĉ ∘ t̂1 (both below 9q), so Σ|a_i·b_i| < 7·9q² + 81q² < q·2^31.
// Where the backend has wide row sums the sum is exact and reduced once,
// and a term's operands are read only at the next flush() or
// intt_tomont(), the terms in hand summed in registers: they must stay
// unchanged until then (a caller that overwrites an operand, or lets a
// batch of Â be replaced, calls flush() first; flush() folds the terms
// into `wide`'s accumulator). Elsewhere each product is reduced as it is
// added, into w's own storage. Either way w holds NTT-domain values until
// intt_tomont(), reachable only here. `wide` is the caller's, to be wiped
// with its other secrets.
class NttRowSum {
 public:
  NttRowSum(Poly& w, WideRowSum& wide);
  void first(const NttPoly& a, const NttPoly& b);
  void add(const NttPoly& a, const NttPoly& b);
  void flush();
  // Out: |w_i| < q.
  void intt_tomont();

 private:
  // Folds to false where the build has no wide accumulator.
  bool wide() const { return wide_row_sums_built && use_wide_; }
  Poly& w_;
  WideRowSum& wide_;
  bool use_wide_;
};

// Element-wise reduce32 on every coefficient (|a_i| < 2^31 - 2^22).
void reduce(Poly& a);
// z = y + reduce32(t) and r = (w - reduce32(t)) mod q in [0, q), element-
// wise, for |y_i|, |w_i| < 2^30 and |t_i| < 2^31 - 2^22; the result may be
// one of the inputs.
void add_reduce32(Poly& z, const Poly& y, const Poly& t);
void sub_reduce32_freeze(Poly& r, const Poly& w, const Poly& t);

// 0xffffffff if some |a_i| >= bound (a_i centred, |a_i| < 2^31), else 0;
// reads every coefficient (FIPS 204 §2.3 ‖·‖∞ compared with a bound).
std::uint32_t norm_at_least(const Poly& a, std::int32_t bound);

// Decompose (FIPS 204 Alg. 36) of every coefficient of a (in [0, q)):
// high_i = HighBits(a_i), low_i = LowBits(a_i) (Alg. 37/38).
template <std::int32_t Gamma2>
void decompose(Poly& high, Poly& low, const Poly& a);

// a_i moved into [-bound, bound] (0 <= bound < 2^30, |a_i| < 2^30), without
// a branch on a_i.
void clamp_abs(Poly& a, std::int32_t bound);

// MakeHint (FIPS 204 Alg. 39) of every coefficient, r_i in [0, q) and
// |z_i| <= γ2: bit j of hint_bits[j / 8] (bit j mod 8) is 1 iff HighBits(r_j)
// != HighBits(r_j + z_j mod q). Returns the number of hints set.
template <std::int32_t Gamma2>
std::uint32_t make_hints(std::uint8_t (&hint_bits)[n / 8], const Poly& r, const Poly& z);

// w1Encode (FIPS 204 Alg. 28) of UseHint (Alg. 40) of every coefficient of
// r (|r_j| < q, taken mod q), the hint of coefficient j being bit j mod 8
// of hint_bits[j / 8]: verification's w1' (Alg. 8 lines 9–10), b bits per
// coefficient at out. Public data only.
template <std::int32_t Gamma2>
void use_hints_pack(std::uint8_t* out, const Poly& r, const std::uint8_t (&hint_bits)[n / 8]);

}  // namespace pqlab::mldsa::detail
