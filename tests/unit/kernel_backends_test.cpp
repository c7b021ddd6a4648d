// Every backend usable on this CPU against the portable one at the kernel
// seam: bit-exact outputs on random inputs and on extreme values within
// each kernel's stated input bounds. The backend list itself is checked
// against the compiler's own CPU detection.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"

namespace {

using pqlab::Status;
namespace kernels = pqlab::kernels;

constexpr std::int32_t kKemQ = 3329;
constexpr std::int32_t kDsaQ = 8380417;

// The tables of the portable backend and of every other usable one.
struct Backends {
  kernels::Table portable;
  std::vector<kernels::Table> others;
};

Backends usable_backends() {
  Backends b{};
  for (std::string_view name : kernels::available()) {
    EXPECT_EQ(kernels::select(name), Status::ok) << name;
    if (name == "portable") {
      b.portable = kernels::active();
    } else {
      b.others.push_back(kernels::active());
    }
  }
  EXPECT_EQ(kernels::select(kernels::available().back()), Status::ok);
  return b;
}

bool listed(std::string_view name) {
  const auto names = kernels::available();
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(KernelBackends, ListMatchesTheCpu) {
  EXPECT_EQ(kernels::available().front(), "portable");
  EXPECT_EQ(kernels::select("no-such-backend"), Status::unsupported);
#if defined(__x86_64__)
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  EXPECT_EQ(listed("avx2"), avx2);
  EXPECT_EQ(listed("avx512"), avx512);
#else
  EXPECT_EQ(kernels::available().size(), 1u);
#endif
  for (const char* name : {"avx2", "avx512"})
    EXPECT_EQ(kernels::select(name) == Status::ok, listed(name)) << name;
  // The default, taken on first use, is the best one listed.
  ASSERT_EQ(kernels::select(kernels::available().back()), Status::ok);
  EXPECT_EQ(kernels::active_name(), kernels::available().back());
}

template <class T>
std::vector<T> random_words(std::mt19937_64& rng, std::size_t n) {
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(rng());
  return v;
}

TEST(KernelBackends, KeccakPermutationsBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(11);
  for (const auto& k : b.others) {
    for (int trial = 0; trial < 50; ++trial) {
      auto want = random_words<std::uint64_t>(rng, 8 * kernels::keccak_lanes);
      if (trial == 0) std::fill(want.begin(), want.end(), 0);
      if (trial == 1) std::fill(want.begin(), want.end(), ~std::uint64_t{0});
      auto x1 = want, x4 = want, x8 = want;
      for (std::size_t s = 0; s < 8; ++s) b.portable.keccak_f1600_x1(want.data() + 25 * s);
      for (std::size_t s = 0; s < 8; ++s) k.keccak_f1600_x1(x1.data() + 25 * s);
      k.keccak_f1600_x4(x4.data());
      k.keccak_f1600_x4(x4.data() + 100);
      k.keccak_f1600_x8(x8.data());
      ASSERT_EQ(x1, want) << k.name << " x1, trial " << trial;
      ASSERT_EQ(x4, want) << k.name << " x4, trial " << trial;
      ASSERT_EQ(x8, want) << k.name << " x8, trial " << trial;
    }
  }
}

TEST(KernelBackends, Sha2CompressionBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(12);
  for (const auto& k : b.others) {
    for (std::size_t blocks = 0; blocks <= 9; ++blocks) {
      for (int trial = 0; trial < 10; ++trial) {
        auto data = random_words<std::uint8_t>(rng, 128 * blocks);
        if (trial == 0) std::fill(data.begin(), data.end(), 0xff);
        auto s256 = random_words<std::uint32_t>(rng, 8), w256 = s256;
        b.portable.sha256_compress(w256.data(), data.data(), 2 * blocks);
        k.sha256_compress(s256.data(), data.data(), 2 * blocks);
        ASSERT_EQ(s256, w256) << k.name << " SHA-256, " << 2 * blocks << " blocks";
        auto s512 = random_words<std::uint64_t>(rng, 8), w512 = s512;
        b.portable.sha512_compress(w512.data(), data.data(), blocks);
        k.sha512_compress(s512.data(), data.data(), blocks);
        ASSERT_EQ(s512, w512) << k.name << " SHA-512, " << blocks << " blocks";
      }
    }
  }
}

// Uniform values with |x| < bound, and the extremes ±(bound - 1) in runs
// and alternations (the first few trials).
template <class T, std::size_t N = 256>
std::array<T, N> coefficients(std::mt19937_64& rng, std::int64_t bound, int trial) {
  std::uniform_int_distribution<std::int64_t> dist(-(bound - 1), bound - 1);
  std::array<T, N> a;
  for (std::size_t i = 0; i < N; ++i) {
    const std::int64_t top = bound - 1;
    switch (trial) {
      case 0: a[i] = static_cast<T>(top); break;
      case 1: a[i] = static_cast<T>(-top); break;
      case 2: a[i] = static_cast<T>(i % 2 ? top : -top); break;
      case 3: a[i] = static_cast<T>(i % 3 == 0 ? top : (i % 3 == 1 ? -top : 0)); break;
      default: a[i] = static_cast<T>(dist(rng)); break;
    }
  }
  return a;
}

constexpr int kTrials = 200;

TEST(KernelBackends, MlkemArithmeticBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(13);
  for (const auto& k : b.others) {
    for (int trial = 0; trial < kTrials; ++trial) {
      const auto a = coefficients<std::int16_t>(rng, kKemQ, trial);
      auto want = a, got = a;
      b.portable.mlkem_ntt(want.data());
      k.mlkem_ntt(got.data());
      ASSERT_EQ(got, want) << k.name << " ntt, trial " << trial;
      want = a;
      got = a;
      b.portable.mlkem_invntt_tomont(want.data());
      k.mlkem_invntt_tomont(got.data());
      ASSERT_EQ(got, want) << k.name << " invntt, trial " << trial;
      // Up to four products accumulated from zero (the seam's limit).
      std::array<std::int16_t, 256> racc_want{}, racc_got{};
      for (int i = 0; i < 4; ++i) {
        const auto x = coefficients<std::int16_t>(rng, kKemQ, (trial + i) % kTrials);
        const auto y = coefficients<std::int16_t>(rng, kKemQ, (trial + 2 * i) % kTrials);
        b.portable.mlkem_basemul_acc(racc_want.data(), x.data(), y.data());
        k.mlkem_basemul_acc(racc_got.data(), x.data(), y.data());
        ASSERT_EQ(racc_got, racc_want) << k.name << " basemul_acc, trial " << trial << " product " << i;
      }
    }
  }
}

// The candidate filters on random XOF-like bytes, on bytes that are all
// rejected (0xff) or all accepted (0x00), from several fill levels (so the
// vector loops meet the end of the polynomial at every offset) and buffer
// lengths (so they meet the end of the input at every offset).
template <class T, class Filter>
void expect_filter_bit_exact(Filter filter, std::uint64_t seed) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> buf(3 * 168);
  for (const auto& k : b.others) {
    for (int fill = 0; fill < 3; ++fill) {
      for (auto& x : buf) x = fill == 0 ? static_cast<std::uint8_t>(rng()) : fill == 1 ? 0xff : 0x00;
      for (std::size_t len = 0; len <= buf.size(); len += 3) {
        for (std::size_t filled : {std::size_t{0}, std::size_t{1}, std::size_t{200}, std::size_t{239},
                                   std::size_t{240}, std::size_t{241}, std::size_t{255}, std::size_t{256}}) {
          std::array<T, 256> want, got;
          want.fill(-1);
          got.fill(-1);
          const std::size_t n_want = (b.portable.*filter)(want.data(), filled, buf.data(), len);
          const std::size_t n_got = (k.*filter)(got.data(), filled, buf.data(), len);
          ASSERT_EQ(n_got, n_want) << k.name << " fill " << fill << " len " << len << " from " << filled;
          // Slots from `filled` to the new count are the output; the rest
          // is scratch the filter may have written.
          ASSERT_TRUE(std::equal(want.begin() + static_cast<std::ptrdiff_t>(filled),
                                 want.begin() + static_cast<std::ptrdiff_t>(n_want),
                                 got.begin() + static_cast<std::ptrdiff_t>(filled)))
              << k.name << " fill " << fill << " len " << len << " from " << filled;
        }
      }
    }
  }
}

TEST(KernelBackends, MlkemRejectionSamplingBitExact) {
  expect_filter_bit_exact<std::int16_t>(&kernels::Table::mlkem_rej_uniform_vartime, 15);
}
TEST(KernelBackends, MldsaRejectionSamplingBitExact) {
  expect_filter_bit_exact<std::int32_t>(&kernels::Table::mldsa_rej_uniform_vartime, 16);
}

TEST(KernelBackends, MldsaArithmeticBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(14);
  for (const auto& k : b.others) {
    for (int trial = 0; trial < kTrials; ++trial) {
      const auto a = coefficients<std::int32_t>(rng, 8 * kDsaQ, trial);
      auto want = a, got = a;
      b.portable.mldsa_ntt(want.data());
      k.mldsa_ntt(got.data());
      ASSERT_EQ(got, want) << k.name << " ntt, trial " << trial;
      const auto c = coefficients<std::int32_t>(rng, kDsaQ, trial);
      want = c;
      got = c;
      b.portable.mldsa_invntt_tomont(want.data());
      k.mldsa_invntt_tomont(got.data());
      ASSERT_EQ(got, want) << k.name << " invntt, trial " << trial;
      // |x_i · y_i| < q · 2^31 with |x_i| < 16q and |y_i| < 2^27.
      const auto x = coefficients<std::int32_t>(rng, 16 * kDsaQ, trial);
      const auto y = coefficients<std::int32_t>(rng, std::int64_t{1} << 27, (trial + 1) % kTrials);
      b.portable.mldsa_pointwise_montgomery(want.data(), x.data(), y.data());
      k.mldsa_pointwise_montgomery(got.data(), x.data(), y.data());
      ASSERT_EQ(got, want) << k.name << " pointwise, trial " << trial;
    }
  }
}

}  // namespace
