// ML-DSA arithmetic at the kernel seam and the rounding of FIPS 204 §7.4:
// NTT round trip and bounds, NTT product against the schoolbook negacyclic
// product, and Power2Round / Decompose / MakeHint / UseHint identities over
// all of Z_q.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string_view>

#include "kernels/kernels.hpp"
#include "kernels/mldsa_field.hpp"
#include "mldsa/poly.hpp"
#include "mldsa/rounding.hpp"
#include "pqlab/mldsa.hpp"
#include "support/each_backend.hpp"

namespace {
using namespace pqlab::mldsa::detail;

std::int64_t mod_q(std::int64_t x) {
  x %= q;
  return x < 0 ? x + q : x;
}

Poly random_poly(std::mt19937& rng, std::int32_t bound) {  // |a_i| < bound
  std::uniform_int_distribution<std::int32_t> dist(-(bound - 1), bound - 1);
  Poly p;
  for (auto& x : p.c) x = dist(rng);
  return p;
}

TEST(MldsaNtt, RoundTripAndBounds) {
  std::mt19937 rng(1);
  const std::int64_t r_mod_q = (std::int64_t{1} << 32) % q;
  for (int trial = 0; trial < 200; ++trial) {
    const Poly a = random_poly(rng, 8 * q);  // the seam's input bound
    NttPoly a_hat;
    ntt(a_hat, a);
    for (const auto x : a_hat.c) ASSERT_LT(std::abs(x), 16 * q);
    NttPoly reduced = a_hat;
    pqlab::kernels::active().mldsa.mldsa_reduce32(reduced.c.data());
    Poly back;
    intt_tomont(back, reduced);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_LT(std::abs(back.c[i]), q);
      ASSERT_EQ(mod_q(back.c[i]), mod_q(a.c[i] * r_mod_q)) << i;  // NTT^-1 · 2^32
    }
  }
}

TEST(MldsaNtt, InverseAcceptsFullInputRange) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 200; ++trial) {
    const Poly a = random_poly(rng, q);
    NttPoly a_hat;
    for (std::size_t i = 0; i < n; ++i) a_hat.c[i] = a.c[i];
    Poly out;
    intt_tomont(out, a_hat);
    for (const auto x : out.c) ASSERT_LT(std::abs(x), q);
  }
}

// want += a·b in R_q (the schoolbook negacyclic product), coefficients in [0, q).
void add_schoolbook_product(std::int64_t (&want)[n], const Poly& a, const Poly& b) {
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const std::int64_t t = mod_q(static_cast<std::int64_t>(a.c[i]) * b.c[j]);
      if (i + j < n)
        want[i + j] = mod_q(want[i + j] + t);
      else
        want[i + j - n] = mod_q(want[i + j - n] - t);  // X^256 = -1
    }
}

TEST(MldsaNtt, ProductMatchesSchoolbook) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 20; ++trial) {
    const Poly a = random_poly(rng, q), b = random_poly(rng, q);
    NttPoly a_hat, b_hat;
    ntt(a_hat, a);
    ntt(b_hat, b);
    Poly c;
    multiply_intt_tomont(c, a_hat, b_hat);
    std::int64_t want[n] = {};
    add_schoolbook_product(want, a, b);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_LT(std::abs(c.c[i]), q);
      ASSERT_EQ(mod_q(c.c[i]), want[i]) << i;
    }
  }
}

// A row of the matrix-vector products (NttRowSum) at its largest, on every
// backend: seven products of Â-like entries (in [0, q)) with the NTT of
// polynomials below 2^19 (ŷ, ẑ, ŝ1), and verification's ĉ ∘ t̂1 (|2^d·c_i|
// <= 2^13, t1 below 2^10). The backends with wide row sums
// (Tuning::mldsa_wide_row_sums) keep the sum exact; the others reduce
// each product. Both must give the schoolbook sum, whether the terms are
// all held to the end (signing's held rows), folded in one by one
// (flush() after each: the compact key, the streamed mask) or split where
// a batch of Â ends (flush() after the third: key generation,
// verification); and the three give the same values.
TEST(MldsaNtt, RowSumMatchesSchoolbookOnEveryBackend) {
  namespace kernels = pqlab::kernels;
  pqlab::test::for_each_backend([](std::string_view name) {
    std::mt19937 rng(4);
    for (int trial = 0; trial < 3; ++trial) {
      std::int64_t want[n] = {};
      std::array<NttPoly, 8> a_hats, b_hats;
      for (std::size_t term = 0; term < 8; ++term) {
        const bool c_t1 = term == 7;
        const Poly a = random_poly(rng, c_t1 ? (1 << 13) + 1 : q), b = random_poly(rng, c_t1 ? 1 << 10 : 1 << 19);
        ntt(a_hats[term], a);
        ntt(b_hats[term], b);
        if (!c_t1)  // Â's entries lie in [0, q)
          for (auto& x : a_hats[term].c) x = kernels::mldsa_field::freeze(x);
        add_schoolbook_product(want, a, b);
      }
      const auto row_with_flushes = [&](auto flush_after) {
        Poly w;
        WideRowSum wide;
        NttRowSum row(w, wide);
        for (std::size_t term = 0; term < 8; ++term) {
          if (term == 0)
            row.first(a_hats[term], b_hats[term]);
          else
            row.add(a_hats[term], b_hats[term]);
          if (flush_after(term)) row.flush();
        }
        row.intt_tomont();
        return w;
      };
      const Poly held = row_with_flushes([](std::size_t) { return false; });
      const Poly folded = row_with_flushes([](std::size_t) { return true; });
      const Poly split = row_with_flushes([](std::size_t term) { return term == 2; });
      for (std::size_t i = 0; i < n; ++i) {
        ASSERT_LT(std::abs(held.c[i]), q) << name;
        ASSERT_EQ(mod_q(held.c[i]), want[i]) << name << " coefficient " << i;
      }
      EXPECT_EQ(folded.c, held.c) << name;
      EXPECT_EQ(split.c, held.c) << name;
    }
  });
}

TEST(MldsaRounding, Power2RoundAllOfZq) {
  for (std::int32_t r = 0; r < q; ++r) {
    const Split s = power2round(r);
    ASSERT_EQ(s.high * (1 << d) + s.low, r);
    ASSERT_GT(s.low, -(1 << (d - 1)));
    ASSERT_LE(s.low, 1 << (d - 1));
  }
}

template <std::int32_t Gamma2>
void check_decompose_all() {
  constexpr std::int32_t m = (q - 1) / (2 * Gamma2);
  for (std::int32_t r = 0; r < q; ++r) {
    const Split s = decompose<Gamma2>(r);
    ASSERT_GE(s.high, 0);
    ASSERT_LT(s.high, m);
    ASSERT_EQ(mod_q(static_cast<std::int64_t>(s.high) * 2 * Gamma2 + s.low), r);
    if (s.high * 2 * Gamma2 + s.low == r) {  // the ordinary case
      ASSERT_GT(s.low, -Gamma2) << r;
      ASSERT_LE(s.low, Gamma2) << r;
      ASSERT_FALSE(r - s.low == q - 1) << r;
    } else {  // r - r0 = q - 1: r1 = 0, r0 = r - q
      ASSERT_EQ(s.high, 0) << r;
      ASSERT_EQ(s.low, r - q) << r;
      ASSERT_GE(s.low, -Gamma2) << r;
    }
    ASSERT_EQ(high_bits<Gamma2>(r), s.high);
  }
}
TEST(MldsaRounding, DecomposeAllOfZqGamma88) { check_decompose_all<(q - 1) / 88>(); }
TEST(MldsaRounding, DecomposeAllOfZqGamma32) { check_decompose_all<(q - 1) / 32>(); }

// FIPS 204 Lemma 2 (§2.4): for ‖z‖∞ ≤ γ2, UseHint(MakeHint(z, r), r) =
// HighBits(r + z).
template <std::int32_t Gamma2>
void check_hints_all() {
  const std::int32_t zs[] = {-Gamma2, -Gamma2 / 2, -1, 0, 1, Gamma2 / 3, Gamma2};
  for (const std::int32_t z : zs) {
    for (std::int32_t r = 0; r < q; ++r) {
      const std::int32_t r_plus_z = static_cast<std::int32_t>(mod_q(static_cast<std::int64_t>(r) + z));
      const std::int32_t h = make_hint<Gamma2>(r, r_plus_z);
      ASSERT_EQ(h, high_bits<Gamma2>(r) != high_bits<Gamma2>(r_plus_z) ? 1 : 0);
      ASSERT_EQ(use_hint<Gamma2>(r, h), high_bits<Gamma2>(r_plus_z)) << "r " << r << " z " << z;
    }
  }
}
TEST(MldsaRounding, UseHintRecoversHighBitsGamma88) { check_hints_all<(q - 1) / 88>(); }
TEST(MldsaRounding, UseHintRecoversHighBitsGamma32) { check_hints_all<(q - 1) / 32>(); }

}  // namespace
