// Every backend usable on this CPU against the portable one at the kernel
// seam: bit-exact outputs on random inputs and on extreme values within
// each kernel's stated input bounds. The backend list itself is checked
// against the compiler's own CPU detection.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "common/bit_pack.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mldsa_rounding.hpp"
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
  EXPECT_EQ(kernels::available().size(), listed("rtl") ? 2u : 1u);
#endif
  for (const char* name : {"avx2", "avx512"}) EXPECT_EQ(kernels::select(name) == Status::ok, listed(name)) << name;
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
      auto want = random_words<std::uint64_t>(rng, 10 * kernels::keccak_lanes);
      if (trial == 0) std::fill(want.begin(), want.end(), 0);
      if (trial == 1) std::fill(want.begin(), want.end(), ~std::uint64_t{0});
      auto x1 = want, x4 = want, x8 = want, x5 = want;
      for (std::size_t s = 0; s < 10; ++s) b.portable.keccak.keccak_f1600_x1(want.data() + 25 * s);
      for (std::size_t s = 0; s < 10; ++s) k.keccak.keccak_f1600_x1(x1.data() + 25 * s);
      k.keccak.keccak_f1600_x4(x4.data());
      k.keccak.keccak_f1600_x4(x4.data() + 100);
      k.keccak.keccak_f1600_x1(x4.data() + 200);
      k.keccak.keccak_f1600_x1(x4.data() + 225);
      k.keccak.keccak_f1600_x8(x8.data());
      k.keccak.keccak_f1600_x1(x8.data() + 200);
      k.keccak.keccak_f1600_x1(x8.data() + 225);
      k.keccak.keccak_f1600_x5(x5.data());
      k.keccak.keccak_f1600_x5(x5.data() + 125);
      ASSERT_EQ(x1, want) << k.name << " x1, trial " << trial;
      ASSERT_EQ(x4, want) << k.name << " x4, trial " << trial;
      ASSERT_EQ(x8, want) << k.name << " x8, trial " << trial;
      ASSERT_EQ(x5, want) << k.name << " x5, trial " << trial;
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
        b.portable.sha2.sha256_compress(w256.data(), data.data(), 2 * blocks);
        k.sha2.sha256_compress(s256.data(), data.data(), 2 * blocks);
        ASSERT_EQ(s256, w256) << k.name << " SHA-256, " << 2 * blocks << " blocks";
        auto s512 = random_words<std::uint64_t>(rng, 8), w512 = s512;
        b.portable.sha2.sha512_compress(w512.data(), data.data(), blocks);
        k.sha2.sha512_compress(s512.data(), data.data(), blocks);
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
      b.portable.mlkem.mlkem_ntt(want.data());
      k.mlkem.mlkem_ntt(got.data());
      ASSERT_EQ(got, want) << k.name << " ntt, trial " << trial;
      want = a;
      got = a;
      b.portable.mlkem.mlkem_invntt_tomont(want.data());
      k.mlkem.mlkem_invntt_tomont(got.data());
      ASSERT_EQ(got, want) << k.name << " invntt, trial " << trial;
      // Up to four products accumulated from zero (the seam's limit).
      std::array<std::int16_t, 256> racc_want{}, racc_got{};
      for (int i = 0; i < 4; ++i) {
        const auto x = coefficients<std::int16_t>(rng, kKemQ, (trial + i) % kTrials);
        const auto y = coefficients<std::int16_t>(rng, kKemQ, (trial + 2 * i) % kTrials);
        b.portable.mlkem.mlkem_basemul_acc(racc_want.data(), x.data(), y.data());
        k.mlkem.mlkem_basemul_acc(racc_got.data(), x.data(), y.data());
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
      const std::uint32_t flag_want = b.portable.mlkem.mlkem_byte_decode12(want.data(), in);
      const std::uint32_t flag_got = k.mlkem.mlkem_byte_decode12(got.data(), in);
      ASSERT_EQ(got, want) << k.name << " ByteDecode_12, " << what;
      ASSERT_EQ(flag_got != 0, flag_want != 0) << k.name << " modulus check, " << what;
    };
    for (int trial = 0; trial < kTrials; ++trial) {
      const auto in = test_bytes(rng, 384, trial);
      decode_same(in.data(), "trial " + std::to_string(trial));
      const auto a = coefficients<std::int16_t>(rng, kKemQ, trial);
      std::array<std::uint8_t, 384> want{}, got{};
      b.portable.mlkem.mlkem_byte_encode12(want.data(), a.data());
      k.mlkem.mlkem_byte_encode12(got.data(), a.data());
      ASSERT_EQ(got, want) << k.name << " ByteEncode_12, trial " << trial;
    }
    for (std::uint16_t odd : {std::uint16_t{kKemQ - 1}, std::uint16_t{kKemQ}}) {
      for (std::size_t pos = 0; pos < 256; ++pos) {
        std::array<std::uint16_t, 256> values;
        values.fill(kKemQ - 1);
        values[pos] = odd;
        const auto in = pack12(values);
        std::array<std::int16_t, 256> got{};
        ASSERT_EQ(k.mlkem.mlkem_byte_decode12(got.data(), in.data()) != 0, odd == kKemQ) << k.name << " at " << pos;
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
        b.portable.mlkem.mlkem_compress_encode(want.data(), all.data() + chunk, d);
        k.mlkem.mlkem_compress_encode(got.data(), all.data() + chunk, d);
        ASSERT_EQ(got, want) << k.name << " Compress_" << d << " from " << all[chunk];
      }
      for (int trial = 0; trial < kTrials; ++trial) {
        const auto in = test_bytes(rng, 32 * d, trial);
        std::array<std::int16_t, 256> want{}, got{};
        b.portable.mlkem.mlkem_decode_decompress(want.data(), in.data(), d);
        k.mlkem.mlkem_decode_decompress(got.data(), in.data(), d);
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
        b.portable.mlkem.mlkem_cbd(want.data(), in.data(), eta);
        k.mlkem.mlkem_cbd(got.data(), in.data(), eta);
        ASSERT_EQ(got, want) << k.name << " CBD_" << eta << ", trial " << trial;
      }
    }
  }
}

// The candidate filters against portable, on random XOF-like bytes, on
// bytes that are all rejected (0xff) or all accepted (0x00), and on
// candidates drawn from the values either side of q (`near_q`, so that
// accept masks of every density occur), from every fill level 0..256 (so
// the vector loops meet the end of the polynomial at every offset) and
// over every length that is a multiple of `step` up to near_q's size (so
// they meet the end of the input at every offset of a vector step). Slots
// below `filled` and past a[255] must stay untouched, and no byte past
// `len` may be read. filter(table, a, filled, buf, len) calls one
// backend's filter.
template <class T, class Filter>
void expect_filter_bit_exact(Filter filter, const std::vector<std::uint8_t>& near_q, std::uint64_t seed,
                             std::size_t step) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(seed);
  constexpr std::size_t kGuard = 32;  // slots past a[255], longer than any vector store
  constexpr T kUntouched = -30000;    // below every value a filter writes (at least -4)
  std::vector<std::uint8_t> buf(near_q.size());
  for (const auto& k : b.others) {
    for (int pattern = 0; pattern < 4; ++pattern) {
      for (std::size_t i = 0; i < buf.size(); ++i)
        buf[i] = pattern == 0   ? static_cast<std::uint8_t>(rng())
                 : pattern == 1 ? 0xff
                 : pattern == 2 ? 0x00
                                : near_q[i];
      for (std::size_t len = 0; len <= buf.size(); len += step) {
        // A copy of exactly `len` bytes, so the sanitizer build sees any
        // read past the end.
        const std::vector<std::uint8_t> in(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(len));
        for (std::size_t filled = 0; filled <= 256; ++filled) {
          std::array<T, 256 + kGuard> want, got;
          want.fill(kUntouched);
          got.fill(kUntouched);
          const std::size_t n_want = filter(b.portable, want.data(), filled, in.data(), len);
          const std::size_t n_got = filter(k, got.data(), filled, in.data(), len);
          const auto at = [&] {
            return std::string(k.name) + " pattern " + std::to_string(pattern) + " len " + std::to_string(len) +
                   " from " + std::to_string(filled);
          };
          ASSERT_EQ(n_got, n_want) << at();
          // Slots from `filled` to the new count are the output; those
          // after it, up to a[255], are scratch the filter may have written.
          const auto first = static_cast<std::ptrdiff_t>(filled), last = static_cast<std::ptrdiff_t>(n_want);
          ASSERT_TRUE(std::equal(want.begin() + first, want.begin() + last, got.begin() + first)) << at();
          ASSERT_TRUE(std::all_of(got.begin(), got.begin() + first, [](T x) { return x == kUntouched; })) << at();
          ASSERT_TRUE(std::all_of(got.begin() + 256, got.end(), [](T x) { return x == kUntouched; })) << at();
        }
      }
    }
  }
}

TEST(KernelBackends, MlkemRejectionSamplingBitExact) {
  // 336 candidates (504 bytes), each one of the 12-bit values nearest q
  // or the ends of the range.
  constexpr std::array<std::uint16_t, 8> kNearQ = {0, 1, kKemQ - 2, kKemQ - 1, kKemQ, kKemQ + 1, 4094, 4095};
  std::mt19937_64 rng(21);
  std::vector<std::uint8_t> near_q;
  for (int block = 0; block < 2; ++block) {
    std::array<std::uint16_t, 256> v{};
    for (auto& x : v) x = kNearQ[rng() % kNearQ.size()];
    const auto bytes = pack12(v);
    near_q.insert(near_q.end(), bytes.begin(), bytes.end());
  }
  near_q.resize(504);
  expect_filter_bit_exact<std::int16_t>(
      [](const kernels::Table& k, std::int16_t* a, std::size_t filled, const std::uint8_t* buf, std::size_t len) {
    return k.mlkem.mlkem_rej_uniform_vartime(a, filled, buf, len);
      },
      near_q, 15, 3);
}
TEST(KernelBackends, MldsaRejectionSamplingBitExact) {
  // 168 candidates (504 bytes), each one of the 23-bit values nearest q or
  // the ends of the range, with the ignored 24th bit set at random.
  constexpr std::array<std::uint32_t, 6> kNearQ = {0, 1, kDsaQ - 1, kDsaQ, kDsaQ + 1, (1u << 23) - 1};
  std::mt19937_64 rng(22);
  std::vector<std::uint8_t> near_q;
  for (int i = 0; i < 168; ++i) {
    const std::uint32_t x = kNearQ[rng() % kNearQ.size()] | static_cast<std::uint32_t>(rng() & 1) << 23;
    for (int byte = 0; byte < 3; ++byte) near_q.push_back(static_cast<std::uint8_t>(x >> 8 * byte));
  }
  expect_filter_bit_exact<std::int32_t>(
      [](const kernels::Table& k, std::int32_t* a, std::size_t filled, const std::uint8_t* buf, std::size_t len) {
    return k.mldsa.mldsa_rej_uniform_vartime(a, filled, buf, len);
      },
      near_q, 16, 3);
}
// ExpandS's filter for both η, over every length up to two SHAKE256
// blocks (a polynomial takes about 1.7 blocks at η = 4); the near-limit
// pattern draws its nibbles from 0, the limit − 1, the limit and 15.
TEST(KernelBackends, MldsaEtaRejectionSamplingBitExact) {
  for (const unsigned eta : {2u, 4u}) {
    const std::uint8_t limit = eta == 2 ? 15 : 9;
    const std::array<std::uint8_t, 4> kNearLimit = {0, static_cast<std::uint8_t>(limit - 1), limit, 15};
    std::mt19937_64 rng(23 + eta);
    std::vector<std::uint8_t> near_limit(2 * 136);
    for (auto& byte : near_limit) byte = static_cast<std::uint8_t>(kNearLimit[rng() % 4] | kNearLimit[rng() % 4] << 4);
    expect_filter_bit_exact<std::int32_t>(
        [eta](const kernels::Table& k, std::int32_t* a, std::size_t filled, const std::uint8_t* buf, std::size_t len) {
      return k.mldsa.mldsa_rej_eta(a, filled, buf, len, eta);
        },
        near_limit, 17 + eta, 1);
  }
}

TEST(KernelBackends, MldsaArithmeticBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(14);
  for (const auto& k : b.others) {
    for (int trial = 0; trial < kTrials; ++trial) {
      const auto a = coefficients<std::int32_t>(rng, 8 * kDsaQ, trial);
      auto want = a, got = a;
      b.portable.mldsa.mldsa_ntt(want.data(), want.data());
      k.mldsa.mldsa_ntt(got.data(), got.data());
      ASSERT_EQ(got, want) << k.name << " ntt in place, trial " << trial;
      // From one array into another: the same values, the input untouched.
      auto source = a;
      std::array<std::int32_t, 256> apart{};
      k.mldsa.mldsa_ntt(apart.data(), source.data());
      ASSERT_EQ(apart, want) << k.name << " ntt into another array, trial " << trial;
      ASSERT_EQ(source, a) << k.name << " ntt changed its input, trial " << trial;
      const auto c = coefficients<std::int32_t>(rng, kDsaQ, trial);
      want = c;
      got = c;
      b.portable.mldsa.mldsa_invntt_tomont(want.data());
      k.mldsa.mldsa_invntt_tomont(got.data());
      ASSERT_EQ(got, want) << k.name << " invntt, trial " << trial;
      // |x_i · y_i| < q · 2^31 with |x_i| < 16q and |y_i| < 2^27.
      const auto x = coefficients<std::int32_t>(rng, 16 * kDsaQ, trial);
      const auto y = coefficients<std::int32_t>(rng, std::int64_t{1} << 27, (trial + 1) % kTrials);
      b.portable.mldsa.mldsa_pointwise_montgomery(want.data(), x.data(), y.data());
      k.mldsa.mldsa_pointwise_montgomery(got.data(), x.data(), y.data());
      ASSERT_EQ(got, want) << k.name << " pointwise, trial " << trial;
      // Seven products (ML-DSA-87's l) accumulated onto |r_i| < 2^31 - 8q.
      const auto r = coefficients<std::int32_t>(rng, (std::int64_t{1} << 31) - 8 * kDsaQ, trial);
      want = r;
      got = r;
      for (int i = 0; i < 7; ++i) {
        const auto xi = coefficients<std::int32_t>(rng, 16 * kDsaQ, (trial + i) % kTrials);
        const auto yi = coefficients<std::int32_t>(rng, std::int64_t{1} << 27, (trial + 2 * i) % kTrials);
        b.portable.mldsa.mldsa_pointwise_acc_montgomery(want.data(), xi.data(), yi.data());
        k.mldsa.mldsa_pointwise_acc_montgomery(got.data(), xi.data(), yi.data());
        ASSERT_EQ(got, want) << k.name << " pointwise_acc, trial " << trial << " product " << i;
      }
      // The wide row sums: eight exact products (ML-DSA-87's l and
      // verification's ĉ ∘ t̂1), |x_i · y_i| < q · 2^28 each. The row
      // reduced in one call from its first 1..8 terms; then the same terms
      // split between the accumulator (in its layout, compared too) and the
      // reducing call, at every split; then the reduction alone over all
      // of |acc_i| < q · 2^31.
      std::array<std::array<std::int32_t, 256>, 8> xs, ys;
      const std::int32_t* x_terms[8];
      const std::int32_t* y_terms[8];
      for (std::size_t i = 0; i < 8; ++i) {
        xs[i] = coefficients<std::int32_t>(rng, 16 * kDsaQ, (trial + static_cast<int>(i)) % kTrials);
        ys[i] = coefficients<std::int32_t>(rng, std::int64_t{1} << 24, (trial + 3 * static_cast<int>(i)) % kTrials);
        x_terms[i] = xs[i].data();
        y_terms[i] = ys[i].data();
        b.portable.mldsa.mldsa_row_wide_reduce(want.data(), nullptr, x_terms, y_terms, i + 1);
        k.mldsa.mldsa_row_wide_reduce(got.data(), nullptr, x_terms, y_terms, i + 1);
        ASSERT_EQ(got, want) << k.name << " row_wide_reduce, trial " << trial << " terms " << i + 1;
      }
      const auto whole = want;  // all eight terms
      for (std::size_t split = 1; split <= 8; ++split) {
        std::array<std::int64_t, 256> acc_want, acc_got;
        // The first `split` terms in two calls where there are two or more.
        const std::size_t head = split / 2 > 0 ? split / 2 : split;
        b.portable.mldsa.mldsa_row_wide_sum(acc_want.data(), x_terms, y_terms, head, true);
        k.mldsa.mldsa_row_wide_sum(acc_got.data(), x_terms, y_terms, head, true);
        if (head < split) {
          b.portable.mldsa.mldsa_row_wide_sum(acc_want.data(), x_terms + head, y_terms + head, split - head, false);
          k.mldsa.mldsa_row_wide_sum(acc_got.data(), x_terms + head, y_terms + head, split - head, false);
        }
        ASSERT_EQ(acc_got, acc_want) << k.name << " row_wide_sum, trial " << trial << " split " << split;
        b.portable.mldsa.mldsa_row_wide_reduce(want.data(), acc_want.data(), x_terms + split, y_terms + split,
                                               8 - split);
        k.mldsa.mldsa_row_wide_reduce(got.data(), acc_got.data(), x_terms + split, y_terms + split, 8 - split);
        ASSERT_EQ(want, whole) << "portable: the split row equals the whole, split " << split;
        ASSERT_EQ(got, whole) << k.name << " the split row equals the whole, trial " << trial << " split " << split;
      }
      const auto sums = coefficients<std::int64_t>(rng, kDsaQ * (std::int64_t{1} << 31), trial);
      b.portable.mldsa.mldsa_row_wide_reduce(want.data(), sums.data(), nullptr, nullptr, 0);
      k.mldsa.mldsa_row_wide_reduce(got.data(), sums.data(), nullptr, nullptr, 0);
      ASSERT_EQ(got, want) << k.name << " row_wide_reduce of an accumulator alone, trial " << trial;
    }
  }
}

// ML-DSA signing's per-coefficient steps (kernels.hpp): each backend against
// portable, for both γ2 (Decompose, MakeHint) and both γ1 (z packing and
// unpacking).
constexpr std::int32_t kGamma2s[] = {(kDsaQ - 1) / 88, (kDsaQ - 1) / 32};

// Decompose over all of [0, q), in order: every rounding boundary, the
// wrap-around range [q - γ2, q) and both ends included.
TEST(KernelBackends, MldsaDecomposeBitExactOnAllOfZq) {
  const Backends b = usable_backends();
  for (const auto& k : b.others) {
    for (const std::int32_t gamma2 : kGamma2s) {
      std::array<std::int32_t, 256> a, w1_want, w0_want, w1_got, w0_got;
      for (std::int32_t first = 0; first < kDsaQ; first += 256) {
        for (std::int32_t i = 0; i < 256; ++i) a[static_cast<std::size_t>(i)] = std::min(first + i, kDsaQ - 1);
        b.portable.mldsa.mldsa_decompose(w1_want.data(), w0_want.data(), a.data(), gamma2);
        k.mldsa.mldsa_decompose(w1_got.data(), w0_got.data(), a.data(), gamma2);
        ASSERT_EQ(w1_got, w1_want) << k.name << " γ2 " << gamma2 << " from " << first;
        ASSERT_EQ(w0_got, w0_want) << k.name << " γ2 " << gamma2 << " from " << first;
      }
    }
  }
}

// The commitment's encoding (HighBits then w1Encode) over all of (-q, q),
// in order: every rounding boundary and both signs. The output buffers
// start different so that a byte left unwritten shows.
TEST(KernelBackends, MldsaHighBitsPackBitExactOnAllOfZq) {
  const Backends b = usable_backends();
  for (const auto& k : b.others) {
    for (const std::int32_t gamma2 : kGamma2s) {
      const std::size_t bytes = gamma2 == (kDsaQ - 1) / 88 ? 192 : 128;
      std::array<std::int32_t, 256> a;
      for (std::int32_t first = -(kDsaQ - 1); first < kDsaQ; first += 256) {
        for (std::int32_t i = 0; i < 256; ++i) a[static_cast<std::size_t>(i)] = std::min(first + i, kDsaQ - 1);
        std::array<std::uint8_t, 192> want, got;
        want.fill(0xaa);
        got.fill(0x55);
        b.portable.mldsa.mldsa_high_bits_pack(want.data(), a.data(), gamma2);
        k.mldsa.mldsa_high_bits_pack(got.data(), a.data(), gamma2);
        ASSERT_TRUE(std::equal(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(bytes), want.begin()))
            << k.name << " γ2 " << gamma2 << " from " << first;
        ASSERT_TRUE(std::all_of(got.begin() + static_cast<std::ptrdiff_t>(bytes), got.end(),
                                [](std::uint8_t x) { return x == 0x55; }))
            << k.name << " wrote past " << bytes << " bytes";
      }
    }
  }
}

// The small ring's reductions (c·s1, c·s2) on every int16 value.
TEST(KernelBackends, MldsaSmallRingReductionsBitExactOnAllInt16) {
  const Backends b = usable_backends();
  for (const auto& k : b.others) {
    std::array<std::int16_t, 256> a, reduced_want, reduced_got;
    std::array<std::int32_t, 256> widened_want, widened_got;
    for (std::int32_t first = -32768; first < 32768; first += 256) {
      for (std::int32_t i = 0; i < 256; ++i) a[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(first + i);
      reduced_want = a;
      reduced_got = a;
      b.portable.mldsa.mldsa_small_reduce(reduced_want.data());
      k.mldsa.mldsa_small_reduce(reduced_got.data());
      ASSERT_EQ(reduced_got, reduced_want) << k.name << " from " << first;
      b.portable.mldsa.mldsa_small_widen(widened_want.data(), a.data());
      k.mldsa.mldsa_small_widen(widened_got.data(), a.data());
      ASSERT_EQ(widened_got, widened_want) << k.name << " from " << first;
    }
  }
}

// UseHint with w1Encode over all of Z_q, each r as its representative in
// [0, q) and in (-q, 0) (the inverse NTT's output may be either), once
// with every hint set and once with random hints (so each r meets both a
// hint and none, whichever its r0's sign); nothing is written past the
// 32·b bytes.
TEST(KernelBackends, MldsaUseHintPackBitExactOnAllOfZq) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(24);
  for (const auto& k : b.others) {
    for (const std::int32_t gamma2 : kGamma2s) {
      const std::size_t bytes = gamma2 == (kDsaQ - 1) / 88 ? 192 : 128;
      std::array<std::int32_t, 256> r;
      std::array<std::uint8_t, 32> hints;
      for (std::int32_t first = 0; first < kDsaQ; first += 256) {
        for (const bool negative : {false, true}) {
          for (std::int32_t i = 0; i < 256; ++i) {
            const std::int32_t v = std::min(first + i, kDsaQ - 1);
            r[static_cast<std::size_t>(i)] = negative && v > 0 ? v - kDsaQ : v;
          }
          for (const bool all : {true, false}) {
            for (auto& h : hints) h = all ? 0xff : static_cast<std::uint8_t>(rng());
            std::array<std::uint8_t, 192 + 16> want{}, got;
            got.fill(0x5a);
            b.portable.mldsa.mldsa_use_hint_pack(want.data(), r.data(), hints.data(), gamma2);
            k.mldsa.mldsa_use_hint_pack(got.data(), r.data(), hints.data(), gamma2);
            ASSERT_TRUE(std::equal(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(bytes), want.begin()))
                << k.name << " γ2 " << gamma2 << " from " << first << (negative ? " below 0" : "");
            ASSERT_TRUE(std::all_of(got.begin() + static_cast<std::ptrdiff_t>(bytes), got.end(), [](std::uint8_t x) {
              return x == 0x5a;
            })) << k.name;
          }
        }
      }
    }
  }
}

// UseHint with w1Encode against Alg. 40 one coefficient at a time
// (kernels/mldsa_rounding.hpp's use_hint), the bytes read back with
// common/bit_pack.hpp (Alg. 28's layout), on every backend, for random r
// in (-q, q) and random hints.
TEST(KernelBackends, MldsaUseHintPackMatchesAlg40) {
  namespace field = kernels::mldsa_field;
  const Backends b = usable_backends();
  std::vector<kernels::Table> all = b.others;
  all.push_back(b.portable);
  std::mt19937_64 rng(40);
  for (const auto& k : all) {
    for (const std::int32_t gamma2 : kGamma2s) {
      field::with_gamma2(gamma2, [&]<std::int32_t G>() {
        constexpr std::size_t kBits = G == field::gamma2_wide ? 4 : 6;
        for (int trial = 0; trial < 64; ++trial) {
          std::array<std::int32_t, 256> r;
          std::array<std::uint8_t, 32> hints;
          for (auto& x : r) x = static_cast<std::int32_t>(rng() % (2 * kDsaQ - 1)) - (kDsaQ - 1);
          for (auto& h : hints) h = static_cast<std::uint8_t>(rng());
          std::array<std::uint8_t, 32 * kBits> out{};
          k.mldsa.mldsa_use_hint_pack(out.data(), r.data(), hints.data(), G);
          std::array<std::uint32_t, 256> got;
          pqlab::bitpack::unpack<kBits, 256>(out.data(), [&](std::size_t i, std::uint32_t v) { got[i] = v; });
          for (std::size_t i = 0; i < 256; ++i) {
            const std::int32_t h = (hints[i / 8] >> (i % 8)) & 1;
            const std::int32_t want = field::use_hint<G>(field::add_q_if_negative(r[i]), h);
            ASSERT_EQ(got[i], static_cast<std::uint32_t>(want)) << k.name << " γ2 " << G << " coefficient " << i;
          }
        }
      });
    }
  }
}

// The norm check at the signing bounds and the contract's ends: all
// coefficients just below the bound (no flag), then one coefficient at
// ±bound or beyond in each position (flag), and random coefficients.
TEST(KernelBackends, MldsaNormCheckBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(17);
  constexpr std::int32_t kMax = 2147483647;
  const std::int32_t bounds[] = {0,
                                 1,
                                 (kDsaQ - 1) / 88 - 78,
                                 (kDsaQ - 1) / 32 - 196,
                                 (1 << 17) - 78,
                                 (1 << 19) - 196,
                                 (1 << 19) - 120,
                                 kDsaQ,
                                 kMax - 1,
                                 kMax};
  for (const auto& k : b.others) {
    for (const std::int32_t bound : bounds) {
      const std::int32_t below = bound > 0 ? bound - 1 : 0;
      std::array<std::int32_t, 256> a;
      for (std::size_t i = 0; i < a.size(); ++i) a[i] = i % 2 ? below : -below;
      const std::uint32_t clean = bound > 0 ? 0u : 0xffffffffu;
      ASSERT_EQ(b.portable.mldsa.mldsa_norm_at_least(a.data(), bound), clean) << "bound " << bound;
      ASSERT_EQ(k.mldsa.mldsa_norm_at_least(a.data(), bound), clean) << k.name << " bound " << bound;
      for (std::size_t pos = 0; pos < a.size(); ++pos) {
        for (const std::int32_t outside : {bound, -bound, kMax, -kMax}) {
          auto x = a;
          x[pos] = outside;
          ASSERT_EQ(b.portable.mldsa.mldsa_norm_at_least(x.data(), bound), 0xffffffffu) << "bound " << bound;
          ASSERT_EQ(k.mldsa.mldsa_norm_at_least(x.data(), bound), 0xffffffffu)
              << k.name << " bound " << bound << " at " << pos << " value " << outside;
        }
      }
      for (int trial = 0; trial < kTrials; ++trial) {
        // |x_i| < 2^31 (the contract), or up to about twice the bound.
        const std::int64_t range = std::min(std::int64_t{1} << 31, 2 * std::int64_t{bound} + 2);
        const auto x = coefficients<std::int32_t>(rng, trial < 10 ? std::int64_t{1} << 31 : range, trial);
        ASSERT_EQ(k.mldsa.mldsa_norm_at_least(x.data(), bound), b.portable.mldsa.mldsa_norm_at_least(x.data(), bound))
            << k.name << " bound " << bound << " trial " << trial;
      }
    }
  }
}

// MakeHint with r over [0, q) (ends, rounding boundaries and random) and
// |z| <= γ2 (the contract's ends, half of it, and random).
TEST(KernelBackends, MldsaMakeHintBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(18);
  std::uniform_int_distribution<std::int32_t> zq(0, kDsaQ - 1);
  for (const auto& k : b.others) {
    for (const std::int32_t gamma2 : kGamma2s) {
      for (int trial = 0; trial < kTrials; ++trial) {
        std::array<std::int32_t, 256> r;
        for (std::size_t i = 0; i < r.size(); ++i) {
          switch (trial % 4) {
            case 0: r[i] = i % 2 ? kDsaQ - 1 : 0; break;
            case 1:  // around the rounding boundaries (2j + 1)·γ2
              r[i] = (static_cast<std::int32_t>(i % 48) * 2 + 1) * gamma2 + static_cast<std::int32_t>(i % 3) - 1;
              break;
            default: r[i] = zq(rng); break;
          }
          r[i] = std::clamp(r[i], 0, kDsaQ - 1);
        }
        const auto z = coefficients<std::int32_t>(rng, trial % 8 < 4 ? gamma2 + 1 : gamma2 / 2, trial);
        std::uint8_t bits_want[32], bits_got[32];
        std::fill(std::begin(bits_want), std::end(bits_want), 0xaa);
        std::fill(std::begin(bits_got), std::end(bits_got), 0x55);
        const std::uint32_t count_want = b.portable.mldsa.mldsa_make_hint(bits_want, r.data(), z.data(), gamma2);
        const std::uint32_t count_got = k.mldsa.mldsa_make_hint(bits_got, r.data(), z.data(), gamma2);
        ASSERT_EQ(count_got, count_want) << k.name << " γ2 " << gamma2 << " trial " << trial;
        ASSERT_TRUE(std::equal(std::begin(bits_got), std::end(bits_got), std::begin(bits_want)))
            << k.name << " γ2 " << gamma2 << " trial " << trial;
        std::uint32_t set = 0;
        for (const std::uint8_t byte : bits_want) set += static_cast<std::uint32_t>(std::popcount(byte));
        ASSERT_EQ(set, count_want) << "the count is the number of bits set";
      }
    }
  }
}

// MakeHint for every r in Z_q, 256 at a time, each against z = ±γ2,
// ±(γ2 - 1), 0 and random |z| <= γ2: the vector kernels compute it from
// r's decomposition instead of two HighBits, which must agree everywhere.
TEST(KernelBackends, MldsaMakeHintOverZq) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(24);
  for (const auto& k : b.others) {
    for (const std::int32_t gamma2 : kGamma2s) {
      std::uniform_int_distribution<std::int32_t> small(-gamma2, gamma2);
      const std::array<std::int32_t, 5> kEdges = {gamma2, -gamma2, gamma2 - 1, -gamma2 + 1, 0};
      for (std::int32_t first = 0; first < kDsaQ; first += 256) {
        std::array<std::int32_t, 256> r, z;
        for (std::size_t i = 0; i < 256; ++i) {
          r[i] = std::min(first + static_cast<std::int32_t>(i), kDsaQ - 1);
          z[i] = i % 8 < kEdges.size() ? kEdges[i % 8] : small(rng);
        }
        // Every edge meets every r: the pattern shifts with the block.
        std::rotate(z.begin(), z.begin() + (first / 256) % 8, z.end());
        std::uint8_t bits_want[32], bits_got[32];
        const std::uint32_t count_want = b.portable.mldsa.mldsa_make_hint(bits_want, r.data(), z.data(), gamma2);
        const std::uint32_t count_got = k.mldsa.mldsa_make_hint(bits_got, r.data(), z.data(), gamma2);
        ASSERT_EQ(count_got, count_want) << k.name << " γ2 " << gamma2 << " r from " << first;
        ASSERT_TRUE(std::equal(std::begin(bits_got), std::end(bits_got), std::begin(bits_want)))
            << k.name << " γ2 " << gamma2 << " r from " << first;
      }
    }
  }
}

// z packing for both γ1: values at ±γ1 and 0 (a signature's range), at the
// contract's ends (cut to b bits) and random; the bytes past the 32·b
// written must stay untouched.
TEST(KernelBackends, MldsaPackZBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(19);
  for (const auto& k : b.others) {
    for (const std::int32_t gamma1 : {1 << 17, 1 << 19}) {
      const std::size_t bytes = gamma1 == (1 << 17) ? 32 * 18 : 32 * 20;
      for (int trial = 0; trial < kTrials; ++trial) {
        const std::int64_t bound = trial % 2 ? (std::int64_t{1} << 31) - (1 << 19) : std::int64_t{gamma1} + 1;
        const auto z = coefficients<std::int32_t>(rng, bound, trial / 2);
        std::vector<std::uint8_t> want(bytes + 8, 0xa5), got(bytes + 8, 0xa5);
        b.portable.mldsa.mldsa_pack_z(want.data(), z.data(), gamma1);
        k.mldsa.mldsa_pack_z(got.data(), z.data(), gamma1);
        ASSERT_EQ(got, want) << k.name << " γ1 " << gamma1 << " trial " << trial;
      }
    }
  }
}

// s1 and s2's encoding for both η. Packing: random coefficients in
// [-η, η] and the two ends, bit-exact with portable, nothing written past
// 32·b bytes, and unpacked back with the flag clear. Unpacking: random
// encodings, and encodings whose values are all 2η but one, 2η + 1 at a
// random place: the flag must be set, and the values still match.
TEST(KernelBackends, MldsaEtaPackingBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(23);
  std::vector<kernels::Table> all = b.others;
  all.push_back(b.portable);
  for (const auto& k : all) {
    for (const unsigned eta : {2u, 4u}) {
      const std::size_t bytes = eta == 2 ? 96 : 128;
      const auto e = static_cast<std::int32_t>(eta);
      for (int trial = 0; trial < kTrials; ++trial) {
        std::array<std::int32_t, 256> s;
        for (std::size_t i = 0; i < 256; ++i)
          s[i] = trial == 0 ? -e : trial == 1 ? e : static_cast<std::int32_t>(rng() % (2 * eta + 1)) - e;
        std::vector<std::uint8_t> want(bytes + 16, 0xa5), got(bytes + 16, 0xa5);
        b.portable.mldsa.mldsa_pack_eta(want.data(), s.data(), eta);
        k.mldsa.mldsa_pack_eta(got.data(), s.data(), eta);
        ASSERT_EQ(got, want) << k.name << " η " << eta << " trial " << trial;
        std::array<std::int32_t, 256> back;
        ASSERT_EQ(k.mldsa.mldsa_unpack_eta(back.data(), got.data(), eta), 0u) << k.name << " η " << eta;
        ASSERT_EQ(back, s) << k.name << " η " << eta << " trial " << trial;

        std::vector<std::uint8_t> raw(bytes);
        if (trial % 2) {
          std::array<std::int32_t, 256> low_end;
          low_end.fill(-e);
          b.portable.mldsa.mldsa_pack_eta(raw.data(), low_end.data(), eta);  // every value 2η
          const std::size_t at = rng() % 256, bits = eta == 2 ? 3 : 4;
          raw[at * bits / 8] = static_cast<std::uint8_t>(raw[at * bits / 8] | ((2 * eta + 1) << (at * bits % 8)));
          if (at * bits % 8 + bits > 8)
            raw[at * bits / 8 + 1] |= static_cast<std::uint8_t>((2 * eta + 1) >> (8 - at * bits % 8));
        } else {
          for (std::size_t i = 0; i < 256; ++i) s[i] = static_cast<std::int32_t>(rng() % (2 * eta + 1)) - e;
          b.portable.mldsa.mldsa_pack_eta(raw.data(), s.data(), eta);
        }
        std::array<std::int32_t, 256> s_want, s_got;
        const std::uint32_t bad_want = b.portable.mldsa.mldsa_unpack_eta(s_want.data(), raw.data(), eta);
        const std::uint32_t bad_got = k.mldsa.mldsa_unpack_eta(s_got.data(), raw.data(), eta);
        ASSERT_EQ(bad_want, trial % 2 ? 0xffffffffu : 0u) << k.name << " η " << eta << " trial " << trial;
        ASSERT_EQ(bad_got, bad_want) << k.name << " η " << eta << " trial " << trial;
        ASSERT_EQ(s_got, s_want) << k.name << " η " << eta << " trial " << trial;
      }
    }
  }
}

// Key generation's Power2Round into the t1 and t0 encodings over all of
// (-q, q), in order: every multiple of 2^13 and both sides of each rounding
// point, and each of those values less q. Every backend's bytes decode, by
// its own unpacking entries, to t1, t0 with t mod q = t1·2^13 + t0 and t0
// in (-2^12, 2^12] (Alg. 35), and match the portable ones; nothing is
// written past the 320 and 416 bytes.
TEST(KernelBackends, MldsaPower2RoundPackOnAllOfZq) {
  const Backends b = usable_backends();
  std::vector<kernels::Table> all = b.others;
  all.push_back(b.portable);
  for (const auto& k : all) {
    std::array<std::int32_t, 256> t;
    for (std::int32_t first = -(kDsaQ - 1); first < kDsaQ; first += 256) {
      for (std::int32_t i = 0; i < 256; ++i) t[static_cast<std::size_t>(i)] = std::min(first + i, kDsaQ - 1);
      std::array<std::uint8_t, 320 + 16> t1, t1_want;
      std::array<std::uint8_t, 416 + 16> t0, t0_want;
      t1.fill(0x5a);
      t0.fill(0x5a);
      k.mldsa.mldsa_power2round_pack(t1.data(), t0.data(), t.data());
      b.portable.mldsa.mldsa_power2round_pack(t1_want.data(), t0_want.data(), t.data());
      ASSERT_TRUE(std::equal(t1.begin(), t1.begin() + 320, t1_want.begin())) << k.name << " from " << first;
      ASSERT_TRUE(std::equal(t0.begin(), t0.begin() + 416, t0_want.begin())) << k.name << " from " << first;
      ASSERT_TRUE(std::all_of(t1.begin() + 320, t1.end(), [](std::uint8_t x) { return x == 0x5a; })) << k.name;
      ASSERT_TRUE(std::all_of(t0.begin() + 416, t0.end(), [](std::uint8_t x) { return x == 0x5a; })) << k.name;
      std::array<std::int32_t, 256> high, low;
      k.mldsa.mldsa_unpack_t1(high.data(), t1.data());
      k.mldsa.mldsa_unpack_t0(low.data(), t0.data());
      for (std::size_t i = 0; i < 256; ++i) {
        ASSERT_EQ(high[i] * 8192 + low[i], t[i] < 0 ? t[i] + kDsaQ : t[i]) << k.name << " t " << t[i];
        ASSERT_TRUE(low[i] > -4096 && low[i] <= 4096) << k.name << " t " << t[i];
      }
    }
  }
}

// t1's and t0's unpacking of any bytes (every bit pattern is an encoding),
// bit-exact with the portable kernels, from buffers of exactly 320 and 416
// bytes at an even and an odd address (ASan reports a read past them).
TEST(KernelBackends, MldsaUnpackT1T0BitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(23);
  for (const auto& k : b.others) {
    for (std::size_t shift = 0; shift < 2; ++shift) {
      for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::uint8_t> t1_bytes(320 + shift), t0_bytes(416 + shift);
        for (auto& x : t1_bytes) x = static_cast<std::uint8_t>(rng());
        for (auto& x : t0_bytes) x = trial == 0 ? 0xff : static_cast<std::uint8_t>(rng());
        std::array<std::int32_t, 256> want, got;
        b.portable.mldsa.mldsa_unpack_t1(want.data(), t1_bytes.data() + shift);
        k.mldsa.mldsa_unpack_t1(got.data(), t1_bytes.data() + shift);
        ASSERT_EQ(got, want) << k.name << " t1, trial " << trial;
        b.portable.mldsa.mldsa_unpack_t0(want.data(), t0_bytes.data() + shift);
        k.mldsa.mldsa_unpack_t0(got.data(), t0_bytes.data() + shift);
        ASSERT_EQ(got, want) << k.name << " t0, trial " << trial;
      }
    }
  }
}

// z unpacking for both γ1 on random bytes and on all-zero and all-one bytes
// (z_i = γ1 and γ1 - 2^b + 1, the ends); every backend's unpacking undoes
// its packing.
TEST(KernelBackends, MldsaUnpackZBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(20);
  for (const auto& k : b.others) {
    for (const std::int32_t gamma1 : {1 << 17, 1 << 19}) {
      const std::size_t bytes = gamma1 == (1 << 17) ? 32 * 18 : 32 * 20;
      for (int trial = 0; trial < kTrials; ++trial) {
        std::vector<std::uint8_t> in(bytes);
        for (auto& x : in) x = trial == 0 ? 0x00 : trial == 1 ? 0xff : static_cast<std::uint8_t>(rng());
        std::array<std::int32_t, 256> want, got;
        b.portable.mldsa.mldsa_unpack_z(want.data(), in.data(), gamma1);
        k.mldsa.mldsa_unpack_z(got.data(), in.data(), gamma1);
        ASSERT_EQ(got, want) << k.name << " γ1 " << gamma1 << " trial " << trial;
        std::vector<std::uint8_t> repacked(bytes);
        k.mldsa.mldsa_pack_z(repacked.data(), got.data(), gamma1);
        ASSERT_EQ(repacked, in) << k.name << " γ1 " << gamma1 << " trial " << trial;
      }
    }
  }
}

// The element-wise reductions at their bounds: |t_i| < 2^31 - 2^22 (the
// ends, values around multiples of q and random), |y_i|, |w_i| < 2^30.
TEST(KernelBackends, MldsaReductionsBitExact) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(21);
  constexpr std::int64_t kReduceBound = (std::int64_t{1} << 31) - (1 << 22);
  for (const auto& k : b.others) {
    for (int trial = 0; trial < kTrials; ++trial) {
      auto t = coefficients<std::int32_t>(rng, kReduceBound, trial);
      if (trial == 4)  // around every multiple of q and of 2^22 that fits
        for (std::size_t i = 0; i < t.size(); ++i)
          t[i] = static_cast<std::int32_t>(static_cast<std::int64_t>(i / 3) * (i % 2 ? kDsaQ : 1 << 22) *
                                           (i % 4 < 2 ? 1 : -1) / 2 % kReduceBound) +
                 static_cast<std::int32_t>(i % 3) - 1;
      const auto y = coefficients<std::int32_t>(rng, std::int64_t{1} << 30, trial);
      auto want = t, got = t;
      b.portable.mldsa.mldsa_reduce32(want.data());
      k.mldsa.mldsa_reduce32(got.data());
      ASSERT_EQ(got, want) << k.name << " reduce32, trial " << trial;
      // In place on t, as signing calls them.
      want = t;
      got = t;
      b.portable.mldsa.mldsa_add_reduce32(want.data(), y.data(), want.data());
      k.mldsa.mldsa_add_reduce32(got.data(), y.data(), got.data());
      ASSERT_EQ(got, want) << k.name << " add_reduce32, trial " << trial;
      want = t;
      got = t;
      b.portable.mldsa.mldsa_sub_reduce32_freeze(want.data(), y.data(), want.data());
      k.mldsa.mldsa_sub_reduce32_freeze(got.data(), y.data(), got.data());
      ASSERT_EQ(got, want) << k.name << " sub_reduce32_freeze, trial " << trial;
      for (const std::int32_t x : want) ASSERT_TRUE(x >= 0 && x < kDsaQ) << "sub_reduce32_freeze gives [0, q)";
    }
  }
}

// The portable z packing (four values per 64-bit word) against the
// byte-by-byte pattern of common/bit_pack.hpp (FIPS 204 Alg. 17/19), both
// ways, for both γ1.
template <std::size_t Bits>
void expect_portable_z_packing_matches_bitpack(const kernels::Table& portable, std::mt19937_64& rng) {
  constexpr std::int32_t gamma1 = std::int32_t{1} << (Bits - 1);
  for (int trial = 0; trial < kTrials; ++trial) {
    const std::int64_t bound = trial % 2 ? (std::int64_t{1} << 31) - (1 << 19) : gamma1 + 1;
    const auto z = coefficients<std::int32_t>(rng, bound, trial / 2);
    std::array<std::uint8_t, 32 * Bits> want, got;
    pqlab::bitpack::pack<Bits, 256>(want.data(), [&](std::size_t i) { return gamma1 - z[i]; });
    portable.mldsa.mldsa_pack_z(got.data(), z.data(), gamma1);
    ASSERT_EQ(got, want) << "pack, b = " << Bits << ", trial " << trial;
    std::array<std::int32_t, 256> unpacked_want, unpacked_got;
    pqlab::bitpack::unpack<Bits, 256>(want.data(), [&](std::size_t i, std::uint32_t v) {
      unpacked_want[i] = gamma1 - static_cast<std::int32_t>(v);
    });
    portable.mldsa.mldsa_unpack_z(unpacked_got.data(), want.data(), gamma1);
    ASSERT_EQ(unpacked_got, unpacked_want) << "unpack, b = " << Bits << ", trial " << trial;
  }
}

TEST(KernelBackends, MldsaPortableZPackingMatchesBitPack) {
  const Backends b = usable_backends();
  std::mt19937_64 rng(22);
  expect_portable_z_packing_matches_bitpack<18>(b.portable, rng);
  expect_portable_z_packing_matches_bitpack<20>(b.portable, rng);
}

}  // namespace
