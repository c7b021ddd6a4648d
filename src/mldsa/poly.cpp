// Polynomial arithmetic on top of the kernel seam (FIPS 204 §7.5).
#include "mldsa/poly.hpp"

#include "common/ct.hpp"
#include "kernels/kernels.hpp"

namespace pqlab::mldsa::detail {

void ntt(NttPoly& out, const Poly& in) {
  out.c = in.c;
  kernels::active().mldsa_ntt(out.c.data());
}

void intt_tomont(Poly& out, const NttPoly& in) {
  out.c = in.c;
  kernels::active().mldsa_invntt_tomont(out.c.data());
}

void multiply_ntt(NttPoly& r, const NttPoly& a, const NttPoly& b) {
  kernels::active().mldsa_pointwise_montgomery(r.c.data(), a.c.data(), b.c.data());
}

void multiply_ntt_add(NttPoly& r, const NttPoly& a, const NttPoly& b) {
  NttPoly t;
  multiply_ntt(t, a, b);
  for (std::size_t i = 0; i < n; ++i) r.c[i] += t.c[i];
}

void reduce(NttPoly& a) {
  for (auto& x : a.c) x = reduce32(x);
}
void reduce(Poly& a) {
  for (auto& x : a.c) x = reduce32(x);
}
void freeze(Poly& a) {
  for (auto& x : a.c) x = detail::freeze(x);
}

std::uint32_t norm_at_least(const Poly& a, std::int32_t bound) {
  std::int32_t below = 0;  // sign bit set once some |a_i| >= bound
  for (const std::int32_t x : a.c) below |= (bound - 1) - abs_ct(x);
  return ct::mask_negative(below);
}

}  // namespace pqlab::mldsa::detail
