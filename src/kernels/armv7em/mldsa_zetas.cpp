// The twiddle factors of the Cortex-M4 ML-DSA NTTs (mldsa_ntt.S), laid out
// in the order the assembly reads them, so that each pass walks one table
// with a post-incremented or fixed pointer. Derived at compile time from
// mldsa_field::zetas (ζ^BitRev8(k)·2^32 mod q, FIPS 204 §7.5 and Appendix
// B), the very constants of the portable backend, which keeps the two
// bit-exact. Only the firmware build for the Cortex-M4, which assembles
// mldsa_ntt.S, defines them (PQLAB_ARMV7EM_ASM, src/CMakeLists.txt).
#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/mldsa_field.hpp"

#if PQLAB_ARMV7EM_ASM
namespace {

constexpr const auto& kZ = pqlab::kernels::mldsa_field::zetas;

// Forward NTT (FIPS 204 Alg. 41), layers merged 3 + 3 + 2:
//   pass A (len 128, 64, 32): zetas[1..7];
//   pass B (len 16, 8, 4), block b = 0..7 of 32 coefficients:
//     zetas[8+b], zetas[16+2b], zetas[17+2b], zetas[32+4b .. 35+4b];
//   pass C (len 2, 1), eight coefficients 8m .. 8m+7, m = 0..31:
//     zetas[64+2m], zetas[65+2m], zetas[128+4m .. 131+4m].
consteval std::array<std::int32_t, 255> make_ntt_zetas() {
  std::array<std::int32_t, 255> t{};
  std::size_t i = 0;
  for (std::size_t k = 1; k < 8; ++k) t[i++] = kZ[k];
  for (std::size_t b = 0; b < 8; ++b) {
    t[i++] = kZ[8 + b];
    t[i++] = kZ[16 + 2 * b];
    t[i++] = kZ[17 + 2 * b];
    for (std::size_t s = 0; s < 4; ++s) t[i++] = kZ[32 + 4 * b + s];
  }
  for (std::size_t m = 0; m < 32; ++m) {
    t[i++] = kZ[64 + 2 * m];
    t[i++] = kZ[65 + 2 * m];
    for (std::size_t s = 0; s < 4; ++s) t[i++] = kZ[128 + 4 * m + s];
  }
  return t;
}

// Inverse NTT (FIPS 204 Alg. 42): layer len's group g multiplies by
// −zetas[256/len − 1 − g]. Merged 3 + 3 + 2:
//   pass 1 (len 1, 2, 4), eight coefficients 8m .. 8m+7, m = 0..31:
//     −zetas[255−4m .. 252−4m], −zetas[127−2m], −zetas[126−2m], −zetas[63−m];
//   pass 2 (len 8, 16, 32), block b = 0..3 of 64 coefficients:
//     −zetas[31−4b .. 28−4b], −zetas[15−2b], −zetas[14−2b], −zetas[7−b];
//   pass 3 (len 64, 128): −zetas[3], −zetas[2], then −zetas[1] with the
//     final factor folded in (mldsa_field::inv_ntt_last_twiddle) for the
//     last layer's differences, and the factor 2^64/256 mod q itself
//     (mldsa_field::inv_ntt_factor) for its sums.
consteval std::array<std::int32_t, 256> make_invntt_zetas() {
  std::array<std::int32_t, 256> t{};
  std::size_t i = 0;
  for (std::size_t m = 0; m < 32; ++m) {
    for (std::size_t s = 0; s < 4; ++s) t[i++] = -kZ[255 - 4 * m - s];
    t[i++] = -kZ[127 - 2 * m];
    t[i++] = -kZ[126 - 2 * m];
    t[i++] = -kZ[63 - m];
  }
  for (std::size_t b = 0; b < 4; ++b) {
    for (std::size_t s = 0; s < 4; ++s) t[i++] = -kZ[31 - 4 * b - s];
    t[i++] = -kZ[15 - 2 * b];
    t[i++] = -kZ[14 - 2 * b];
    t[i++] = -kZ[7 - b];
  }
  t[i++] = -kZ[3];
  t[i++] = -kZ[2];
  t[i++] = pqlab::kernels::mldsa_field::inv_ntt_last_twiddle;
  t[i++] = pqlab::kernels::mldsa_field::inv_ntt_factor;
  return t;
}

}  // namespace

extern "C" {
extern const std::array<std::int32_t, 255> pqlab_armv7em_mldsa_ntt_zetas;
extern const std::array<std::int32_t, 256> pqlab_armv7em_mldsa_invntt_zetas;
const std::array<std::int32_t, 255> pqlab_armv7em_mldsa_ntt_zetas = make_ntt_zetas();
const std::array<std::int32_t, 256> pqlab_armv7em_mldsa_invntt_zetas = make_invntt_zetas();
}
#endif
