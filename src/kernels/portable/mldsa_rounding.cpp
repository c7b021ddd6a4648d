// Portable ML-DSA signing steps over a polynomial (FIPS 204 Alg. 36–39 and
// the infinity norm of §2.3): the scalar routines of kernels/mldsa_rounding.hpp
// and kernels/mldsa_field.hpp applied to each coefficient. Branch-free throughout.
#include <cstdint>

#include "common/ct.hpp"
#include "kernels/portable/portable.hpp"
#include "kernels/mldsa_rounding.hpp"

namespace pqlab::kernels::portable {
namespace {

namespace rounding = mldsa_field;

template <std::int32_t Gamma2>
void decompose_poly(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256]) {
  for (std::size_t i = 0; i < 256; ++i) {
    const rounding::Split s = rounding::decompose<Gamma2>(a[i]);
    w1[i] = s.high;
    w0[i] = s.low;
  }
}

template <std::int32_t Gamma2>
std::uint32_t make_hint_poly(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256]) {
  std::uint32_t count = 0;
  for (std::size_t byte = 0; byte < 32; ++byte) {
    std::uint32_t bits = 0;
    for (std::size_t b = 0; b < 8; ++b) {
      const std::size_t i = 8 * byte + b;
      const auto h = static_cast<std::uint32_t>(rounding::make_hint<Gamma2>(r[i], rounding::freeze(r[i] + z[i])));
      bits |= h << b;
      count += h;
    }
    hints[byte] = static_cast<std::uint8_t>(bits);
  }
  return count;
}

// w1Encode (Alg. 28) of HighBits of a_i mod q (|a_i| < q), m = 16 or 44.
template <std::int32_t Gamma2>
void high_bits_pack_poly(std::uint8_t* out, const std::int32_t a[256]) {
  rounding::w1_encode<Gamma2 == rounding::gamma2_wide ? 4 : 6>(out, [&](std::size_t i) {
    return static_cast<std::uint32_t>(rounding::high_bits<Gamma2>(rounding::add_q_if_negative(a[i])));
  });
}

// w1Encode (Alg. 28) of UseHint (Alg. 40) of a_i mod q (|a_i| < q).
template <std::int32_t Gamma2>
void use_hint_pack_poly(std::uint8_t* out, const std::int32_t r[256], const std::uint8_t hints[32]) {
  rounding::w1_encode<Gamma2 == rounding::gamma2_wide ? 4 : 6>(out, [&](std::size_t i) {
    const std::int32_t hint = (hints[i / 8] >> (i % 8)) & 1;
    return static_cast<std::uint32_t>(rounding::use_hint<Gamma2>(rounding::add_q_if_negative(r[i]), hint));
  });
}

}  // namespace

void mldsa_decompose(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256], std::int32_t gamma2) {
  mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { decompose_poly<G>(w1, w0, a); });
}

void mldsa_high_bits_pack(std::uint8_t* out, const std::int32_t a[256], std::int32_t gamma2) {
  mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { high_bits_pack_poly<G>(out, a); });
}

void mldsa_use_hint_pack(std::uint8_t* out, const std::int32_t r[256], const std::uint8_t hints[32],
                         std::int32_t gamma2) {
  mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { use_hint_pack_poly<G>(out, r, hints); });
}

std::uint32_t mldsa_norm_at_least(const std::int32_t a[256], std::int32_t bound) {
  std::int32_t below = 0;  // sign bit set once some |a_i| >= bound
  for (std::size_t i = 0; i < 256; ++i) below |= (bound - 1) - rounding::abs_ct(a[i]);
  return ct::mask_negative(below);
}

std::uint32_t mldsa_make_hint(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256],
                              std::int32_t gamma2) {
  return mldsa_field::with_gamma2(gamma2, [&]<std::int32_t G>() { return make_hint_poly<G>(hints, r, z); });
}

}  // namespace pqlab::kernels::portable
