// The `rtl` backend's own checks (the co-simulated FPGA cores of rtl/):
// it is listed and never the default, its entries agree with portable on
// the polynomial shapes that stress the cores (all zero, all extreme,
// alternating), and its counters account for each call as the stated
// model says (cycles from the core, bytes and transfers per burst).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <random>

#include "kernels/kernels.hpp"
#include "kernels/portable/portable.hpp"
#include "kernels/rtl/rtl_stats.hpp"
#include "pqlab/kernels.hpp"
#include "support/each_backend.hpp"

namespace {

namespace kernels = pqlab::kernels;
namespace rtl = pqlab::kernels::rtl;

// The rtl backend's table, whose entries the tests call directly: the
// backend that was active stays selected for the tests that follow.
const kernels::Table& rtl_table() {
  const pqlab::test::ActiveBackendGuard restore;
  EXPECT_EQ(kernels::select("rtl"), pqlab::Status::ok);
  return kernels::active();
}

TEST(RtlBackend, ListedAfterPortableAndNotTheDefault) {
  ASSERT_TRUE(rtl::available());
  const auto names = kernels::available();
  ASSERT_GE(names.size(), 2u);
  EXPECT_EQ(names[0], "portable");
  EXPECT_EQ(names[1], "rtl");
  EXPECT_NE(names.back(), "rtl");
}

TEST(RtlBackend, MldsaCountersFollowTheModel) {
  const kernels::Table& t = rtl_table();
  rtl::reset_counters();
  std::array<std::int32_t, 256> a{}, b{}, r{};
  for (unsigned i = 0; i < 256; ++i) {
    a[i] = static_cast<std::int32_t>(i * 1000) - 100000;
    b[i] = 8380416 - static_cast<std::int32_t>(i);
  }
  t.mldsa.mldsa_ntt(a.data(), a.data());
  t.mldsa.mldsa_invntt_tomont(a.data());
  t.mldsa.mldsa_pointwise_montgomery(r.data(), a.data(), b.data());
  t.mldsa.mldsa_pointwise_acc_montgomery(r.data(), a.data(), b.data());
  const rtl::Counters c = rtl::counters();
  EXPECT_EQ(c.mldsa_ntt.calls, 1u);
  EXPECT_EQ(c.mldsa_ntt.bytes_to_pl, 1024u);
  EXPECT_EQ(c.mldsa_ntt.bytes_from_pl, 1024u);
  EXPECT_EQ(c.mldsa_ntt.transfers, 2u);
  // Eight layers of 128 butterflies, one per clock, plus pipeline drains.
  EXPECT_GE(c.mldsa_ntt.pl_cycles, 8u * 128u);
  EXPECT_LT(c.mldsa_ntt.pl_cycles, 8u * 128u + 100u);
  EXPECT_EQ(c.mldsa_invntt.calls, 1u);
  // And the final scaling of the last layer's 128 sums (its differences take
  // the factor with their twiddle).
  EXPECT_GE(c.mldsa_invntt.pl_cycles, 8u * 128u + 128u);
  EXPECT_LT(c.mldsa_invntt.pl_cycles, 8u * 128u + 128u + 100u);
  EXPECT_EQ(c.mldsa_pointwise.calls, 2u);
  EXPECT_EQ(c.mldsa_pointwise.bytes_to_pl, (2u + 3u) * 1024u);
  EXPECT_EQ(c.mldsa_pointwise.transfers, 3u + 4u);
  EXPECT_EQ(c.keccak_f1600.calls, 0u);
  // The figures rtl/README.md quotes (cycles per call, from the cores).
  std::printf("rtl PL cycles per call: mldsa ntt %llu, invntt %llu, pointwise + pointwise_acc %llu\n",
              static_cast<unsigned long long>(c.mldsa_ntt.pl_cycles),
              static_cast<unsigned long long>(c.mldsa_invntt.pl_cycles),
              static_cast<unsigned long long>(c.mldsa_pointwise.pl_cycles));
  rtl::reset_counters();
  EXPECT_EQ(rtl::counters().mldsa_ntt.calls, 0u);
}

TEST(RtlBackend, MlkemAndKeccakCountersFollowTheModel) {
  const kernels::Table& t = rtl_table();
  rtl::reset_counters();
  std::array<std::int16_t, 256> a{}, b{}, r{};
  for (unsigned i = 0; i < 256; ++i) {
    a[i] = static_cast<std::int16_t>(static_cast<int>(i * 13) - 1664);
    b[i] = static_cast<std::int16_t>(3328 - static_cast<int>(i * 7));
  }
  t.mlkem.mlkem_ntt(a.data());
  t.mlkem.mlkem_invntt_tomont(a.data());
  t.mlkem.mlkem_basemul_acc(r.data(), a.data(), b.data());
  std::array<std::uint64_t, 25> state{};
  t.keccak.keccak_f1600_x1(state.data());
  const rtl::Counters c = rtl::counters();
  EXPECT_EQ(c.mlkem_ntt.calls, 1u);
  EXPECT_EQ(c.mlkem_ntt.bytes_to_pl, 512u);
  EXPECT_GE(c.mlkem_ntt.pl_cycles, 7u * 128u + 256u);
  EXPECT_EQ(c.mlkem_invntt.calls, 1u);
  EXPECT_EQ(c.mlkem_basemul.calls, 1u);
  EXPECT_EQ(c.mlkem_basemul.bytes_to_pl, 3u * 512u);
  EXPECT_EQ(c.mlkem_basemul.transfers, 4u);
  EXPECT_GE(c.mlkem_basemul.pl_cycles, 128u);
  EXPECT_EQ(c.keccak_f1600.calls, 1u);
  EXPECT_EQ(c.keccak_f1600.bytes_to_pl, 200u);
  EXPECT_EQ(c.keccak_f1600.bytes_from_pl, 200u);
  EXPECT_GE(c.keccak_f1600.pl_cycles, 24u);
  EXPECT_LE(c.keccak_f1600.pl_cycles, 26u);
  std::printf("rtl PL cycles per call: mlkem ntt %llu, invntt %llu, basemul_acc %llu, keccak_f1600 %llu\n",
              static_cast<unsigned long long>(c.mlkem_ntt.pl_cycles),
              static_cast<unsigned long long>(c.mlkem_invntt.pl_cycles),
              static_cast<unsigned long long>(c.mlkem_basemul.pl_cycles),
              static_cast<unsigned long long>(c.keccak_f1600.pl_cycles));
  // Keccak-f[1600] of the zero state (FIPS 202; the first lane of the
  // well-known permutation of zero).
  EXPECT_EQ(state[0], 0xF1258F7940E1DDE7u);
  const rtl::PlConfig pl = rtl::pl_config();
  EXPECT_GT(pl.clock_mhz, 0.0);
  EXPECT_EQ(pl.stream_bytes_per_beat, 8u);
}

// The shapes that stress the datapath's widths: every coefficient at the
// bound of the entry's contract, of either sign, and alternating.
TEST(RtlBackend, ExtremePolynomialsMatchPortable) {
  const kernels::Table& t = rtl_table();
  kernels::Table p{};
  kernels::portable::fill(p);
  constexpr std::int32_t q = 8380417;
  for (std::int32_t v : {0, 8 * q - 1, -(8 * q - 1), 1, -1}) {
    for (int alternate = 0; alternate < 2; ++alternate) {
      std::array<std::int32_t, 256> x{}, y{};
      for (unsigned i = 0; i < 256; ++i) x[i] = (alternate != 0 && (i & 1u) != 0) ? -v : v;
      y = x;
      t.mldsa.mldsa_ntt(x.data(), x.data());
      p.mldsa.mldsa_ntt(y.data(), y.data());
      EXPECT_EQ(x, y) << v;
      for (auto& c : x) c = std::clamp(c % q, -(q - 1), q - 1);
      y = x;
      t.mldsa.mldsa_invntt_tomont(x.data());
      p.mldsa.mldsa_invntt_tomont(y.data());
      EXPECT_EQ(x, y) << v;
    }
  }
  for (std::int16_t v : {std::int16_t{0}, std::int16_t{3328}, std::int16_t{-3328}}) {
    std::array<std::int16_t, 256> x{}, y{}, r1{}, r2{};
    x.fill(v);
    y = x;
    t.mlkem.mlkem_ntt(x.data());
    p.mlkem.mlkem_ntt(y.data());
    EXPECT_EQ(x, y) << v;
    t.mlkem.mlkem_basemul_acc(r1.data(), x.data(), y.data());
    p.mlkem.mlkem_basemul_acc(r2.data(), x.data(), y.data());
    EXPECT_EQ(r1, r2) << v;
    t.mlkem.mlkem_invntt_tomont(x.data());
    p.mlkem.mlkem_invntt_tomont(y.data());
    EXPECT_EQ(x, y) << v;
  }
}

}  // namespace
