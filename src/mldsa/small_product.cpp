// c·s1 and c·s2 in Z_3329[X]/(X^256 + 1) through the ML-KEM kernels.
#include "mldsa/small_product.hpp"

#include "common/wipe.hpp"
#include "kernels/kernels.hpp"

namespace pqlab::mldsa::detail {

void small_ntt(SmallNttPoly& out, const Poly& in) {
  for (std::size_t i = 0; i < n; ++i) out.c[i] = static_cast<std::int16_t>(in.c[i]);
  kernels::active().mlkem.mlkem_ntt(out.c.data());
}

void small_multiply(Poly& out, const SmallNttPoly& a, const SmallNttPoly& b) {
  const kernels::Table& k = kernels::active();
  SmallNttPoly r{};
  // r = a ∘ b · 2^-16 (|r_i| < 2q), reduced below q; the inverse transform
  // multiplies by 2^16 again, so r ≡ x·y (mod 3329), |r_i| < q.
  k.mlkem.mlkem_basemul_acc(r.c.data(), a.c.data(), b.c.data());
  k.mldsa.mldsa_small_reduce(r.c.data());
  k.mlkem.mlkem_invntt_tomont(r.c.data());
  // The centred representative, which is x·y itself.
  k.mldsa.mldsa_small_widen(out.c.data(), r.c.data());
  secure_wipe(&r, sizeof r);
}

}  // namespace pqlab::mldsa::detail
