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

// ML-KEM's codecs and noise sampler. Byte inputs: random, all ones (every
// 12-bit value 4095), all zeros. ByteDecode_12's out-of-range flag: one
// value q (or q - 1) at each position among values q - 1. Compression: every
// value in (-q, q) for every d.
std::vector<std::uint8_t> test_bytes(std::mt19937_64& rng, std::size_t n, int trial) {
  std::vector<std::uint8_t> v(n);
  for (auto& x : v) x = trial == 0 ? 0xff : trial == 1 ? 0x00 : static_cast<std::uint8_t>(rng());
  return v;
}

// 384 bytes encoding the 256 given 12-bit values.
std::array<std::uint8_t, 384> pack12(const std::array<std::uint16_t, 256>& v) {
  std::array<std::uint8_t, 384> out{};
  for (std::size_t i = 0; i < 128; ++i) {
    out[3 * i] = static_cast<std::uint8_t>(v[2 * i]);
    out[3 * i + 1] = static_cast<std::uint8_t>((v[2 * i] >> 8) | (v[2 * i + 1] << 4));
    out[3 * i + 2] = static_cast<std::uint8_t>(v[2 * i + 1] >> 4);
  }
  return out;
}

TEST(KernelBackends, MlkemByteCodecsBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(17);
  for (const auto& k : b.others) {
    const auto decode_same = [&](const std::uint8_t* in, const std::string& what) {
      std::array<std::int16_t, 256> want{}, got{};
      const std::uint32_t flag_want = b.portable.mlkem_byte_decode12(want.data(), in);
      const std::uint32_t flag_got = k.mlkem_byte_decode12(got.data(), in);
      ASSERT_EQ(got, want) << k.name << " ByteDecode_12, " << what;
      ASSERT_EQ(flag_got != 0, flag_want != 0) << k.name << " modulus check, " << what;
    };
    for (int trial = 0; trial < kTrials; ++trial) {
      const auto in = test_bytes(rng, 384, trial);
      decode_same(in.data(), "trial " + std::to_string(trial));
      const auto a = coefficients<std::int16_t>(rng, kKemQ, trial);
      std::array<std::uint8_t, 384> want{}, got{};
      b.portable.mlkem_byte_encode12(want.data(), a.data());
      k.mlkem_byte_encode12(got.data(), a.data());
      ASSERT_EQ(got, want) << k.name << " ByteEncode_12, trial " << trial;
    }
    for (std::uint16_t odd : {std::uint16_t{kKemQ - 1}, std::uint16_t{kKemQ}}) {
      for (std::size_t pos = 0; pos < 256; ++pos) {
        std::array<std::uint16_t, 256> values;
        values.fill(kKemQ - 1);
        values[pos] = odd;
        const auto in = pack12(values);
        std::array<std::int16_t, 256> got{};
        ASSERT_EQ(k.mlkem_byte_decode12(got.data(), in.data()) != 0, odd == kKemQ) << k.name << " at " << pos;
        decode_same(in.data(), "value " + std::to_string(odd) + " at " + std::to_string(pos));
      }
    }
  }
}

TEST(KernelBackends, MlkemCompressionBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(18);
  for (const auto& k : b.others) {
    for (unsigned d : {1u, 4u, 5u, 10u, 11u}) {
      std::vector<std::int16_t> all;
      for (int x = -(kKemQ - 1); x < kKemQ; ++x) all.push_back(static_cast<std::int16_t>(x));
      all.resize((all.size() + 255) / 256 * 256, 0);
      for (std::size_t chunk = 0; chunk < all.size(); chunk += 256) {
        std::vector<std::uint8_t> want(32 * d), got(32 * d);
        b.portable.mlkem_compress_encode(want.data(), all.data() + chunk, d);
        k.mlkem_compress_encode(got.data(), all.data() + chunk, d);
        ASSERT_EQ(got, want) << k.name << " Compress_" << d << " from " << all[chunk];
      }
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto in = test_bytes(rng, 32 * d, trial);
        std::array<std::int16_t, 256> want{}, got{};
        b.portable.mlkem_decode_decompress(want.data(), in.data(), d);
        k.mlkem_decode_decompress(got.data(), in.data(), d);
        ASSERT_EQ(got, want) << k.name << " Decompress_" << d << ", trial " << trial;
      }
    }
  }
}

TEST(KernelBackends, MlkemCbdBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(19);
  for (const auto& k : b.others) {
    for (unsigned eta : {2u, 3u}) {
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto in = test_bytes(rng, 64 * eta, trial);
        std::array<std::int16_t, 256> want{}, got{};
        b.portable.mlkem_cbd(want.data(), in.data(), eta);
        k.mlkem_cbd(got.data(), in.data(), eta);
        ASSERT_EQ(got, want) << k.name << " CBD_" << eta << ", trial " << trial;
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
