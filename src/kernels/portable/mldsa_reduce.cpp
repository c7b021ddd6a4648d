// Portable element-wise reductions of ML-DSA signing (FIPS 204 §7.5
// arithmetic; Alg. 7 lines 12, 17, 18, 25): mldsa/reduce.hpp's branch-free
// reduce32 and freeze on each coefficient.
#include <cstdint>

#include "kernels/portable/portable.hpp"
#include "kernels/mldsa_field.hpp"
#include "kernels/mlkem_field.hpp"

namespace pqlab::kernels::portable {

namespace field = mldsa_field;

void mldsa_reduce32(std::int32_t a[256]) {
  for (std::size_t i = 0; i < 256; ++i) a[i] = field::reduce32(a[i]);
}

void mldsa_add_reduce32(std::int32_t z[256], const std::int32_t y[256], const std::int32_t t[256]) {
  for (std::size_t i = 0; i < 256; ++i) z[i] = y[i] + field::reduce32(t[i]);
}

void mldsa_sub_reduce32_freeze(std::int32_t r[256], const std::int32_t w[256], const std::int32_t t[256]) {
  for (std::size_t i = 0; i < 256; ++i) r[i] = field::freeze(w[i] - field::reduce32(t[i]));
}

// The small ring of the products c·s1, c·s2 (mldsa/small_product.hpp).
void mldsa_small_reduce(std::int16_t a[256]) {
  for (std::size_t i = 0; i < 256; ++i) a[i] = mlkem_field::barrett_reduce(a[i]);
}

void mldsa_small_widen(std::int32_t out[256], const std::int16_t a[256]) {
  for (std::size_t i = 0; i < 256; ++i) out[i] = mlkem_field::barrett_reduce(a[i]);
}

}  // namespace pqlab::kernels::portable
