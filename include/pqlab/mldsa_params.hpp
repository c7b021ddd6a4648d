// pqlab: ML-DSA's parameter sets (FIPS 204 §4, Tables 1 and 2) and the
// modulus q, defined here once: the public API (mldsa.hpp) and the
// arithmetic kernels (kernels/mldsa_field.hpp) both take it from this
// header, which has nothing else in it.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pqlab/export.h"

namespace pqlab::mldsa {

// q = 2^23 - 2^13 + 1 (FIPS 204 §2.3).
inline constexpr std::int32_t q = 8380417;

// Parameter sets (FIPS 204 Table 1). Sizes follow from Table 2 and §7.2:
// pk = 32 + 32k·(bitlen(q-1) - d), sk = 128 + 32((k+l)·bitlen(2η) + d·k),
// sig = λ/4 + 32l·(1 + bitlen(γ1-1)) + ω + k.
template <int K, int L, int Eta, int Tau, int Lambda, int Gamma1Log2, std::int32_t Gamma2, int Omega>
struct PQLAB_API Params {
  static constexpr int k = K;
  static constexpr int l = L;
  static constexpr int eta = Eta;
  static constexpr int tau = Tau;
  static constexpr int lambda = Lambda;
  static constexpr std::int32_t gamma1 = std::int32_t{1} << Gamma1Log2;
  static constexpr std::int32_t gamma2 = Gamma2;
  static constexpr std::int32_t beta = Tau * Eta;
  static constexpr int omega = Omega;

  static constexpr std::size_t eta_bits = Eta == 2 ? 3 : 4;               // bitlen(2η)
  static constexpr std::size_t z_bits = Gamma1Log2 + 1;                   // 1 + bitlen(γ1 - 1)
  static constexpr std::size_t w1_bits = Gamma2 == (q - 1) / 88 ? 6 : 4;  // bitlen((q-1)/2γ2 - 1)
  static constexpr std::size_t ctilde_bytes = Lambda / 4;
  static constexpr std::size_t pk_bytes = 32 + 320 * K;
  static constexpr std::size_t sk_bytes = 128 + 32 * ((K + L) * eta_bits + 13 * K);
  static constexpr std::size_t sig_bytes = Lambda / 4 + 32 * L * z_bits + Omega + K;
};
struct PQLAB_API MLDSA44 : Params<4, 4, 2, 39, 128, 17, (q - 1) / 88, 80> {
  static constexpr const char* name = "ML-DSA-44";
};
struct PQLAB_API MLDSA65 : Params<6, 5, 4, 49, 192, 19, (q - 1) / 32, 55> {
  static constexpr const char* name = "ML-DSA-65";
};
struct PQLAB_API MLDSA87 : Params<8, 7, 2, 60, 256, 19, (q - 1) / 32, 75> {
  static constexpr const char* name = "ML-DSA-87";
};
static_assert(MLDSA44::pk_bytes == 1312 && MLDSA44::sk_bytes == 2560 && MLDSA44::sig_bytes == 2420);
static_assert(MLDSA65::pk_bytes == 1952 && MLDSA65::sk_bytes == 4032 && MLDSA65::sig_bytes == 3309);
static_assert(MLDSA87::pk_bytes == 2592 && MLDSA87::sk_bytes == 4896 && MLDSA87::sig_bytes == 4627);


}  // namespace pqlab::mldsa
