// Portable ML-KEM NTT, inverse NTT and base multiplication (FIPS 203 §4.3),
// in Montgomery arithmetic. Bounds are those stated at the seam.
#include "kernels/mlkem_field.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {

using namespace pqlab::mlkem_field;

// FIPS 203 Alg. 9 (NTT). Cooley–Tukey butterflies with twiddles R·ζ^BitRev7(k):
// each layer grows |a_i| by less than q, so 7 layers from |a_i| < q stay
// below 8q; a final Barrett reduction brings them under q.
void mlkem_ntt(std::int16_t a[256]) {
  unsigned k = 1;
  for (unsigned len = 128; len >= 2; len >>= 1) {
    for (unsigned start = 0; start < 256; start += 2 * len) {
      const std::int16_t zeta = zetas[k++];
      for (unsigned j = start; j < start + len; ++j) {
        const std::int16_t t = fqmul(zeta, a[j + len]);
        a[j + len] = static_cast<std::int16_t>(a[j] - t);
        a[j] = static_cast<std::int16_t>(a[j] + t);
      }
    }
  }
  for (unsigned i = 0; i < 256; ++i) a[i] = barrett_reduce(a[i]);
}

// FIPS 203 Alg. 10 (NTT^-1), Gentleman–Sande butterflies with the twiddles
// in reverse order, then a multiplication by f = R^2 / 128 mod q = 1441:
// the Montgomery product leaves R / 128, i.e. 128^-1 of the standard times R.
void mlkem_invntt_tomont(std::int16_t a[256]) {
  constexpr std::int16_t f = 1441;
  unsigned k = 127;
  for (unsigned len = 2; len <= 128; len <<= 1) {
    for (unsigned start = 0; start < 256; start += 2 * len) {
      const std::int16_t zeta = zetas[k--];
      for (unsigned j = start; j < start + len; ++j) {
        const std::int16_t t = a[j];
        a[j] = barrett_reduce(static_cast<std::int16_t>(t + a[j + len]));
        a[j + len] = fqmul(zeta, static_cast<std::int16_t>(a[j + len] - t));
      }
    }
  }
  for (unsigned i = 0; i < 256; ++i) a[i] = fqmul(a[i], f);
}

// FIPS 203 Alg. 12 (BaseCaseMultiply) on the 128 degree-one pieces, with
// the products accumulated into r (Alg. 11 summed over a vector).
// (a0 + a1 X)(b0 + b1 X) mod (X^2 - γ) = (a0 b0 + a1 b1 γ) + (a0 b1 + a1 b0) X,
// where γ = ζ^(2 BitRev7(i) + 1) = ±zetas[64 + i/2] (in Montgomery form).
void mlkem_basemul_acc(std::int16_t r[256], const std::int16_t a[256], const std::int16_t b[256]) {
  for (unsigned i = 0; i < 64; ++i) {
    const std::int16_t gamma = zetas[64 + i];
    for (unsigned half = 0; half < 2; ++half) {
      const unsigned o = 4 * i + 2 * half;
      const std::int16_t g = half == 0 ? gamma : static_cast<std::int16_t>(-gamma);
      const std::int16_t c0 = static_cast<std::int16_t>(fqmul(fqmul(a[o + 1], b[o + 1]), g) + fqmul(a[o], b[o]));
      const std::int16_t c1 = static_cast<std::int16_t>(fqmul(a[o], b[o + 1]) + fqmul(a[o + 1], b[o]));
      r[o] = static_cast<std::int16_t>(r[o] + c0);
      r[o + 1] = static_cast<std::int16_t>(r[o + 1] + c1);
    }
  }
}

}  // namespace pqlab::kernels::portable
