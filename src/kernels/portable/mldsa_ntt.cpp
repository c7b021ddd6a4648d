// Portable ML-DSA arithmetic over q = 8380417 (FIPS 204 §7.5): the NTT, its
// inverse and the pointwise product, all in Montgomery form with R = 2^32.
#include <array>
#include <cstdint>

#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {
namespace {

constexpr std::int32_t kQ = 8380417;
// q^-1 mod 2^32, so that a - (a·q^-1 mod 2^32)·q is divisible by 2^32.
constexpr std::int32_t kQInv = 58728449;
static_assert(static_cast<std::uint32_t>(kQ) * static_cast<std::uint32_t>(kQInv) == 1u);

// a · 2^-32 mod q for |a| < q · 2^31; the result r has |r| < q.
inline std::int32_t montgomery_reduce(std::int64_t a) {
  const std::int32_t t = static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(kQInv));
  return static_cast<std::int32_t>((a - static_cast<std::int64_t>(t) * kQ) >> 32);
}

constexpr std::int64_t pow_mod(std::int64_t base, std::int64_t exp) {
  std::int64_t r = 1;
  base %= kQ;
  while (exp > 0) {
    if (exp & 1) r = r * base % kQ;
    base = base * base % kQ;
    exp >>= 1;
  }
  return r;
}

constexpr unsigned bit_reverse8(unsigned k) {
  unsigned r = 0;
  for (int i = 0; i < 8; ++i) r |= ((k >> i) & 1u) << (7 - i);
  return r;
}

// Centred representative of x mod q, in (-q/2, q/2].
constexpr std::int32_t centred(std::int64_t x) {
  x %= kQ;
  if (x < 0) x += kQ;
  return static_cast<std::int32_t>(x > kQ / 2 ? x - kQ : x);
}

// zetas[k] = ζ^BitRev8(k) · 2^32 mod q with ζ = 1753, the 512th root of
// unity of FIPS 204 §7.5 (Appendix B lists the same powers without the
// Montgomery factor).
constexpr std::array<std::int32_t, 256> make_zetas() {
  std::array<std::int32_t, 256> z{};
  constexpr std::int64_t mont = (std::int64_t{1} << 32) % kQ;
  for (unsigned k = 0; k < 256; ++k) z[k] = centred(pow_mod(1753, bit_reverse8(k)) * mont);
  return z;
}
constexpr auto kZetas = make_zetas();

// 2^64 / 256 mod q: the inverse transform's final factor 256^-1 with the
// Montgomery factor 2^32 folded in twice (one cancels the reduction itself).
constexpr std::int32_t kInvNttFactor =
    centred(pow_mod(256, kQ - 2) * ((std::int64_t{1} << 32) % kQ) % kQ * ((std::int64_t{1} << 32) % kQ));

}  // namespace

// FIPS 204 Alg. 41 (NTT). Each of the 8 layers adds less than q to the
// largest |a_i| (the Montgomery product is below q), so |a_i| < 8q on
// input gives |a_i| < 16q on output.
void mldsa_ntt(std::int32_t a[256]) {
  unsigned m = 0;
  for (unsigned len = 128; len >= 1; len >>= 1) {
    for (unsigned start = 0; start < 256; start += 2 * len) {
      const std::int64_t zeta = kZetas[++m];
      for (unsigned j = start; j < start + len; ++j) {
        const std::int32_t u = a[j];
        const std::int32_t t = montgomery_reduce(zeta * a[j + len]);
        a[j + len] = u - t;
        a[j] = u + t;
      }
    }
  }
}

// FIPS 204 Alg. 42 (NTT^-1), times 2^32. Sums double at most per layer, so
// |a_i| < q on input stays below 256q < 2^31 before the final Montgomery
// multiplication brings every coefficient back below q.
void mldsa_invntt_tomont(std::int32_t a[256]) {
  unsigned m = 256;
  for (unsigned len = 1; len < 256; len <<= 1) {
    for (unsigned start = 0; start < 256; start += 2 * len) {
      const std::int64_t zeta = -static_cast<std::int64_t>(kZetas[--m]);
      for (unsigned j = start; j < start + len; ++j) {
        const std::int32_t u = a[j], v = a[j + len];
        a[j] = u + v;
        a[j + len] = montgomery_reduce(zeta * (u - v));
      }
    }
  }
  for (unsigned j = 0; j < 256; ++j) a[j] = montgomery_reduce(static_cast<std::int64_t>(kInvNttFactor) * a[j]);
}

// FIPS 204 Alg. 45 (MultiplyNTT), each product reduced by Montgomery.
void mldsa_pointwise_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  for (unsigned j = 0; j < 256; ++j) r[j] = montgomery_reduce(static_cast<std::int64_t>(a[j]) * b[j]);
}

}  // namespace pqlab::kernels::portable
