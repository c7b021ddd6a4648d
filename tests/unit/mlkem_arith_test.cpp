// ML-KEM arithmetic at the kernel seam: NTT round trip, base multiplication
// against schoolbook multiplication in Z_q[X]/(X^256 + 1), output bounds on
// random and extreme inputs, and exact compression.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>

#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"
#include "mlkem/poly.hpp"

namespace {

using pqlab::mlkem_field::q;
using Coeffs = std::array<std::int16_t, 256>;

int mod_q(long long x) { return static_cast<int>(((x % q) + q) % q); }

Coeffs random_poly(std::mt19937& rng, int bound) {
  std::uniform_int_distribution<int> dist(-(bound - 1), bound - 1);
  Coeffs a;
  for (auto& x : a) x = static_cast<std::int16_t>(dist(rng));
  return a;
}

std::array<Coeffs, 4> extreme_polys() {
  std::array<Coeffs, 4> e;
  e[0].fill(q - 1);
  e[1].fill(-(q - 1));
  for (std::size_t i = 0; i < 256; ++i) {
    e[2][i] = static_cast<std::int16_t>(i % 2 ? q - 1 : -(q - 1));
    e[3][i] = static_cast<std::int16_t>(i < 128 ? q - 1 : 0);
  }
  return e;
}

void expect_bounded(const Coeffs& a, int bound, const char* what) {
  for (std::size_t i = 0; i < 256; ++i) ASSERT_LT(std::abs(a[i]), bound) << what << " coefficient " << i;
}

// The seam's stated contract: invntt_tomont(ntt(a)) = a · R mod q, R = 2^16.
TEST(MlkemArith, NttRoundTripIsMultiplicationByR) {
  const auto& k = pqlab::kernels::active();
  std::mt19937 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    const Coeffs a = random_poly(rng, q);
    Coeffs t = a;
    k.mlkem.mlkem_ntt(t.data());
    expect_bounded(t, q, "ntt output");
    k.mlkem.mlkem_invntt_tomont(t.data());
    expect_bounded(t, q, "invntt output");
    for (std::size_t i = 0; i < 256; ++i) ASSERT_EQ(mod_q(t[i]), mod_q(static_cast<long long>(a[i]) * 65536));
  }
}

TEST(MlkemArith, BoundsOnExtremeInputs) {
  const auto& k = pqlab::kernels::active();
  for (const Coeffs& a : extreme_polys()) {
    Coeffs t = a;
    k.mlkem.mlkem_ntt(t.data());
    expect_bounded(t, q, "ntt output");
    Coeffs acc{};
    for (int i = 0; i < 4; ++i) {
      k.mlkem.mlkem_basemul_acc(acc.data(), t.data(), t.data());
      expect_bounded(acc, 2 * q * (i + 1), "basemul accumulator");
    }
    Coeffs u = a;
    k.mlkem.mlkem_invntt_tomont(u.data());
    expect_bounded(u, q, "invntt output");
  }
}

TEST(MlkemArith, BaseMultiplicationMatchesSchoolbook) {
  const auto& k = pqlab::kernels::active();
  std::mt19937 rng(2);
  for (int trial = 0; trial < 50; ++trial) {
    const Coeffs a = random_poly(rng, q), b = random_poly(rng, q);
    // Schoolbook product in Z_q[X]/(X^256 + 1): X^256 = -1.
    std::array<long long, 256> want{};
    for (std::size_t i = 0; i < 256; ++i)
      for (std::size_t j = 0; j < 256; ++j) {
        const long long p = static_cast<long long>(a[i]) * b[j];
        if (i + j < 256) {
          want[i + j] += p;
        } else {
          want[i + j - 256] -= p;
        }
      }
    Coeffs ta = a, tb = b, r{};
    k.mlkem.mlkem_ntt(ta.data());
    k.mlkem.mlkem_ntt(tb.data());
    k.mlkem.mlkem_basemul_acc(r.data(), ta.data(), tb.data());
    expect_bounded(r, 2 * q, "basemul output");
    for (auto& x : r) x = pqlab::mlkem_field::barrett_reduce(x);
    k.mlkem.mlkem_invntt_tomont(r.data());  // R^-1 from basemul, R from here
    for (std::size_t i = 0; i < 256; ++i) ASSERT_EQ(mod_q(r[i]), mod_q(want[i])) << "coefficient " << i;
  }
}

TEST(MlkemArith, BarrettAndMontgomeryOverFullRange) {
  for (int a = -32768; a <= 32767; ++a) {
    const std::int16_t r = pqlab::mlkem_field::barrett_reduce(static_cast<std::int16_t>(a));
    ASSERT_LE(std::abs(r), (q - 1) / 2);
    ASSERT_EQ(mod_q(r), mod_q(a));
    // The 16-bit form computes the textbook quotient round(a · v / 2^26).
    ASSERT_EQ(r, a - ((20159 * a + (1 << 25)) >> 26) * q) << a;
  }
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> dist(-q * 32767, q * 32767);
  for (int i = 0; i < 100000; ++i) {
    const int a = dist(rng);
    const std::int16_t r = pqlab::mlkem_field::montgomery_reduce(a);
    ASSERT_LT(std::abs(r), q);
    ASSERT_EQ(mod_q(static_cast<long long>(r) * 65536), mod_q(a));
  }
}

// Compress_d / Decompress_d against the definition with exact division, for
// every x in Z_q and every d that ML-KEM uses.
TEST(MlkemArith, CompressIsExactForAllInputs) {
  for (std::size_t d : {1u, 4u, 5u, 10u, 11u}) {
    for (int x = 0; x < q; ++x) {
      const auto want = static_cast<std::uint32_t>((((static_cast<long long>(x) << d) + q / 2) / q) % (1 << d));
      ASSERT_EQ(pqlab::mlkem_field::compress(static_cast<std::int16_t>(x), d), want) << "d=" << d << " x=" << x;
      if (x > 0) {
        ASSERT_EQ(pqlab::mlkem_field::compress(static_cast<std::int16_t>(x - q), d), want);
      }
    }
    for (std::uint32_t y = 0; y < (1u << d); ++y) {
      const auto want = static_cast<std::int16_t>((static_cast<long long>(y) * q + (1 << (d - 1))) >> d);
      ASSERT_EQ(pqlab::mlkem_field::decompress(y, d), want);
    }
  }
}

}  // namespace
