// Polynomial arithmetic on top of the kernel seam (FIPS 204 §7.5).
#include "mldsa/poly.hpp"

#include "kernels/kernels.hpp"

namespace pqlab::mldsa::detail {

void ntt(NttPoly& out, const Poly& in) { kernels::active().mldsa.mldsa_ntt(out.c.data(), in.c.data()); }

void intt_tomont(Poly& out, const NttPoly& in) {
  out.c = in.c;
  kernels::active().mldsa.mldsa_invntt_tomont(out.c.data());
}

void multiply_intt_tomont(Poly& out, const NttPoly& a, const NttPoly& b) {
  const kernels::Table& k = kernels::active();
  k.mldsa.mldsa_pointwise_montgomery(out.c.data(), a.c.data(), b.c.data());
  k.mldsa.mldsa_invntt_tomont(out.c.data());
}

#if defined(__x86_64__)
void WideRowSum::start() {
  pending_ = 0;
  accumulated_ = false;
}
void WideRowSum::hold(const std::int32_t* a, const std::int32_t* b) {
  if (pending_ == kMaxTerms) flush();
  a_[pending_] = a;
  b_[pending_] = b;
  ++pending_;
}
void WideRowSum::flush() {
  if (pending_ == 0) return;
  kernels::active().mldsa.mldsa_row_wide_sum(acc_.data(), a_, b_, pending_, !accumulated_);
  accumulated_ = true;
  pending_ = 0;
}
void WideRowSum::reduce(std::int32_t* w) {
  kernels::active().mldsa.mldsa_row_wide_reduce(w, accumulated_ ? acc_.data() : nullptr, a_, b_, pending_);
  start();
}
#endif

NttRowSum::NttRowSum(Poly& w, WideRowSum& wide)
    : w_(w), wide_(wide), use_wide_(kernels::active().tuning.mldsa_wide_row_sums) {}

void NttRowSum::first(const NttPoly& a, const NttPoly& b) {
  if (wide()) {
    wide_.start();
    wide_.hold(a.c.data(), b.c.data());
  } else {
    kernels::active().mldsa.mldsa_pointwise_montgomery(w_.c.data(), a.c.data(), b.c.data());
  }
}
void NttRowSum::add(const NttPoly& a, const NttPoly& b) {
  if (wide())
    wide_.hold(a.c.data(), b.c.data());
  else
    kernels::active().mldsa.mldsa_pointwise_acc_montgomery(w_.c.data(), a.c.data(), b.c.data());
}
void NttRowSum::flush() {
  if (wide()) wide_.flush();
}
void NttRowSum::intt_tomont() {
  const kernels::Table& k = kernels::active();
  if (wide())
    wide_.reduce(w_.c.data());  // |sum| < 144q² < q · 2^31
  else
    k.mldsa.mldsa_reduce32(w_.c.data());  // |sum| < 8q, reduced below q
  k.mldsa.mldsa_invntt_tomont(w_.c.data());
}

void reduce(Poly& a) { kernels::active().mldsa.mldsa_reduce32(a.c.data()); }

void add_reduce32(Poly& z, const Poly& y, const Poly& t) {
  kernels::active().mldsa.mldsa_add_reduce32(z.c.data(), y.c.data(), t.c.data());
}
void sub_reduce32_freeze(Poly& r, const Poly& w, const Poly& t) {
  kernels::active().mldsa.mldsa_sub_reduce32_freeze(r.c.data(), w.c.data(), t.c.data());
}

std::uint32_t norm_at_least(const Poly& a, std::int32_t bound) {
  return kernels::active().mldsa.mldsa_norm_at_least(a.c.data(), bound);
}

// Sign masks without a value barrier, so that the loop vectorises (as
// the norm check's accumulation does); the selects are and/or on the
// masks, no branch.
void clamp_abs(Poly& a, std::int32_t bound) {
  for (auto& x : a.c) {
    const std::int32_t above = (bound - x) >> 31;  // -1 iff x > bound
    x = (x & ~above) | (bound & above);
    const std::int32_t below = (x + bound) >> 31;  // -1 iff x < -bound
    x = (x & ~below) | (-bound & below);
  }
}

template <std::int32_t Gamma2>
void decompose(Poly& high, Poly& low, const Poly& a) {
  kernels::active().mldsa.mldsa_decompose(high.c.data(), low.c.data(), a.c.data(), Gamma2);
}

template <std::int32_t Gamma2>
std::uint32_t make_hints(std::uint8_t (&hint_bits)[n / 8], const Poly& r, const Poly& z) {
  return kernels::active().mldsa.mldsa_make_hint(hint_bits, r.c.data(), z.c.data(), Gamma2);
}

template <std::int32_t Gamma2>
void use_hints_pack(std::uint8_t* out, const Poly& r, const std::uint8_t (&hint_bits)[n / 8]) {
  kernels::active().mldsa.mldsa_use_hint_pack(out, r.c.data(), hint_bits, Gamma2);
}

// The two γ2 of FIPS 204 Table 1.
template void decompose<(q - 1) / 88>(Poly&, Poly&, const Poly&);
template void decompose<(q - 1) / 32>(Poly&, Poly&, const Poly&);
template std::uint32_t make_hints<(q - 1) / 88>(std::uint8_t (&)[n / 8], const Poly&, const Poly&);
template std::uint32_t make_hints<(q - 1) / 32>(std::uint8_t (&)[n / 8], const Poly&, const Poly&);
template void use_hints_pack<(q - 1) / 88>(std::uint8_t*, const Poly&, const std::uint8_t (&)[n / 8]);
template void use_hints_pack<(q - 1) / 32>(std::uint8_t*, const Poly&, const std::uint8_t (&)[n / 8]);

}  // namespace pqlab::mldsa::detail
