// Portable ML-DSA arithmetic over q = 8380417 (FIPS 204 §7.5): the NTT, its
// inverse and the pointwise product, all in Montgomery form with R = 2^32.
#include <array>
#include <cstdint>

#include "kernels/mldsa_field.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {
namespace {

constexpr std::int32_t kQ = mldsa_field::q;
constexpr std::int32_t kQInv = mldsa_field::q_inv;
constexpr const auto& kZetas = mldsa_field::zetas;
constexpr std::int32_t kInvNttFactor = mldsa_field::inv_ntt_factor;
constexpr std::int32_t kLastTwiddle = mldsa_field::inv_ntt_last_twiddle;

// a · 2^-32 mod q for |a| < q · 2^31; the result r has |r| < q.
inline std::int32_t montgomery_reduce(std::int64_t a) {
  const std::int32_t t = static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(kQInv));
  return static_cast<std::int32_t>((a - static_cast<std::int64_t>(t) * kQ) >> 32);
}

// Two consecutive layers of Alg. 41, of half-widths Len and Len/2, in one
// pass: each group of 2·Len coefficients is finished for both layers
// while its four quarters are in registers. The arithmetic of every
// coefficient is the same as one layer at a time. Reads `in` and writes
// `out`, which may be `in` (each coefficient is read before it is written).
template <unsigned Len>
inline void ntt_two_layers(std::int32_t out[256], const std::int32_t in[256]) {
  constexpr unsigned half = Len / 2, groups = 128 / Len;
  for (unsigned g = 0; g < groups; ++g) {
    const std::int64_t zeta = kZetas[groups + g];  // layer Len, group g
    const std::int64_t zeta_lo = kZetas[2 * groups + 2 * g], zeta_hi = kZetas[2 * groups + 2 * g + 1];
    const std::int32_t* s = in + 2 * Len * g;
    std::int32_t* p = out + 2 * Len * g;
#pragma GCC unroll 4
    for (unsigned j = 0; j < half; ++j) {
      std::int32_t a0 = s[j], a1 = s[j + half], a2 = s[j + Len], a3 = s[j + Len + half];
      std::int32_t t = montgomery_reduce(zeta * a2);
      a2 = a0 - t;
      a0 = a0 + t;
      t = montgomery_reduce(zeta * a3);
      a3 = a1 - t;
      a1 = a1 + t;
      t = montgomery_reduce(zeta_lo * a1);
      p[j + half] = a0 - t;
      p[j] = a0 + t;
      t = montgomery_reduce(zeta_hi * a3);
      p[j + Len + half] = a2 - t;
      p[j + Len] = a2 + t;
    }
  }
}

// The matching pair of Alg. 42 layers, of half-widths Len and 2·Len. The
// last pair (Last::fold_factor) takes the final factor too: its sums are
// multiplied by inv_ntt_factor and its differences by inv_ntt_last_twiddle,
// which holds both that factor and the last layer's twiddle.
enum class Last : bool { no, fold_factor };
template <unsigned Len, Last last = Last::no>
inline void invntt_two_layers(std::int32_t a[256]) {
  constexpr unsigned groups = 64 / Len;  // groups of 4·Len coefficients
  for (unsigned g = 0; g < groups; ++g) {
    // Alg. 42 walks the zetas downwards: layer Len uses −ζ[256/Len − 1 − i]
    // for its i-th group, so group g's two halves use i = 2g and 2g + 1.
    const std::int64_t zeta_lo = -static_cast<std::int64_t>(kZetas[2 * 128 / Len - 1 - 2 * g]);
    const std::int64_t zeta_hi = -static_cast<std::int64_t>(kZetas[2 * 128 / Len - 2 - 2 * g]);
    const std::int64_t zeta = -static_cast<std::int64_t>(kZetas[128 / Len - 1 - g]);
    std::int32_t* p = a + 4 * Len * g;
#pragma GCC unroll 4
    for (unsigned j = 0; j < Len; ++j) {
      const std::int32_t a0 = p[j], a1 = p[j + Len], a2 = p[j + 2 * Len], a3 = p[j + 3 * Len];
      const std::int32_t b0 = a0 + a1, b1 = montgomery_reduce(zeta_lo * (a0 - a1));
      const std::int32_t b2 = a2 + a3, b3 = montgomery_reduce(zeta_hi * (a2 - a3));
      if constexpr (last == Last::fold_factor) {
        p[j] = montgomery_reduce(std::int64_t{kInvNttFactor} * (b0 + b2));
        p[j + 2 * Len] = montgomery_reduce(std::int64_t{kLastTwiddle} * (b0 - b2));
        p[j + Len] = montgomery_reduce(std::int64_t{kInvNttFactor} * (b1 + b3));
        p[j + 3 * Len] = montgomery_reduce(std::int64_t{kLastTwiddle} * (b1 - b3));
      } else {
        p[j] = b0 + b2;
        p[j + 2 * Len] = montgomery_reduce(zeta * (b0 - b2));
        p[j + Len] = b1 + b3;
        p[j + 3 * Len] = montgomery_reduce(zeta * (b1 - b3));
      }
    }
  }
}

}  // namespace

// FIPS 204 Alg. 41 (NTT), two layers per pass. Each of the 8 layers adds
// less than q to the largest |a_i| (the Montgomery product is below q), so
// |a_i| < 8q on input gives |a_i| < 16q on output.
void mldsa_ntt(std::int32_t out[256], const std::int32_t in[256]) {
  ntt_two_layers<128>(out, in);
  ntt_two_layers<32>(out, out);
  ntt_two_layers<8>(out, out);
  ntt_two_layers<2>(out, out);
}

// FIPS 204 Alg. 42 (NTT^-1), times 2^32, two layers per pass. Sums double
// at most per layer, so |a_i| < q on input stays below 256q < 2^31 until
// the last layer, whose Montgomery products (by the final factor, folded
// in) bring every coefficient back below q.
void mldsa_invntt_tomont(std::int32_t a[256]) {
  invntt_two_layers<1>(a);
  invntt_two_layers<4>(a);
  invntt_two_layers<16>(a);
  invntt_two_layers<64, Last::fold_factor>(a);
}

// FIPS 204 Alg. 45 (MultiplyNTT), each product reduced by Montgomery.
void mldsa_pointwise_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  for (unsigned j = 0; j < 256; ++j) r[j] = montgomery_reduce(static_cast<std::int64_t>(a[j]) * b[j]);
}

// The products first, then the sums: two loops that vectorise (one loop
// adding into r, which may alias a or b for all the compiler knows, is
// slower).
void mldsa_pointwise_acc_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  std::int32_t t[256];
  mldsa_pointwise_montgomery(t, a, b);
  for (unsigned j = 0; j < 256; ++j) r[j] += t[j];
}

// The wide row sums (entries.inc): exact 64-bit products and sums, one
// Montgomery reduction per coefficient at the end.
namespace {

std::int64_t row_sum_at(std::size_t i, std::int64_t sum, const std::int32_t* const a[], const std::int32_t* const b[],
                        std::size_t terms) {
  for (std::size_t j = 0; j < terms; ++j) sum += static_cast<std::int64_t>(a[j][i]) * b[j][i];
  return sum;
}

}  // namespace

void mldsa_row_wide_sum(std::int64_t acc[256], const std::int32_t* const a[], const std::int32_t* const b[],
                        std::size_t terms, bool start) {
  for (std::size_t i = 0; i < 256; ++i) {
    std::int64_t& slot = acc[mldsa_field::wide_slot(i)];
    slot = row_sum_at(i, start ? 0 : slot, a, b, terms);
  }
}

void mldsa_row_wide_reduce(std::int32_t r[256], const std::int64_t* acc, const std::int32_t* const a[],
                           const std::int32_t* const b[], std::size_t terms) {
  for (std::size_t i = 0; i < 256; ++i)
    r[i] = montgomery_reduce(row_sum_at(i, acc != nullptr ? acc[mldsa_field::wide_slot(i)] : 0, a, b, terms));
}

}  // namespace pqlab::kernels::portable
