// The Cortex-M4 backend's C++ kernels (src/kernels/armv7em/) on the host:
// the firmware registers that backend at build time and runs the known
// answers with it under QEMU; here the same source is checked bit-exact
// against the portable backend at the seam, on random states, the all-zero
// and all-one states, and single-bit states (each bit's path through the
// bit interleaving).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "kernels/armv7em/armv7em.hpp"
#include "kernels/keccak_lane_form.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"
#include "support/each_backend.hpp"

namespace {

namespace kernels = pqlab::kernels;
constexpr std::size_t kLanes = kernels::keccak_lanes;

kernels::Table portable_table() {
  const pqlab::test::ActiveBackendGuard restore;
  EXPECT_EQ(kernels::select("portable"), pqlab::Status::ok);
  return kernels::active();
}

TEST(KernelArmv7em, KeccakX1MatchesPortable) {
  const kernels::Table portable = portable_table();
  std::vector<std::array<std::uint64_t, kLanes>> states;
  states.push_back({});
  std::array<std::uint64_t, kLanes> ones{};
  ones.fill(~std::uint64_t{0});
  states.push_back(ones);
  for (std::size_t bit = 0; bit < 64; ++bit) {
    std::array<std::uint64_t, kLanes> s{};
    s[bit % kLanes] = std::uint64_t{1} << bit;
    states.push_back(s);
  }
  std::mt19937_64 rng(26);
  for (int i = 0; i < 200; ++i) {
    std::array<std::uint64_t, kLanes> s{};
    for (auto& lane : s) lane = rng();
    states.push_back(s);
  }
  for (const auto& s : states) {
    auto want = s, got = s;
    portable.keccak.keccak_f1600_x1(want.data());
    kernels::armv7em::keccak_f1600_x1(got.data());
    ASSERT_EQ(got, want);
  }
}

TEST(KernelArmv7em, KeccakMultiStateEntriesMatchPortable) {
  const kernels::Table portable = portable_table();
  kernels::Table m4 = portable;
  kernels::armv7em::fill(m4);
  EXPECT_STREQ(m4.name, "armv7em");
  std::mt19937_64 rng(260);
  std::array<std::uint64_t, 8 * kLanes> start{};
  for (auto& w : start) w = rng();
  std::array<std::uint64_t, 8 *kLanes> want = start, got = start;
  portable.keccak.keccak_f1600_x8(want.data());
  m4.keccak.keccak_f1600_x8(got.data());
  EXPECT_EQ(got, want);
  want = start;
  got = start;
  portable.keccak.keccak_f1600_x4(want.data());
  m4.keccak.keccak_f1600_x4(got.data());
  EXPECT_EQ(got, want);
  want = start;
  got = start;
  portable.keccak.keccak_f1600_x5(want.data());
  m4.keccak.keccak_f1600_x5(got.data());
  EXPECT_EQ(got, want);
  for (std::size_t count = 1; count <= 8; ++count) {
    want = start;
    got = start;
    portable.keccak.keccak_f1600_sliced8(want.data(), count, kLanes);
    m4.keccak.keccak_f1600_sliced8(got.data(), count, kLanes);
    for (std::size_t i = 0; i < kLanes; ++i)
      for (std::size_t j = 0; j < count; ++j) ASSERT_EQ(got[8 * i + j], want[8 * i + j]) << count;
  }
}

}  // namespace

// The Cortex-M4 firmware's lane form (kernels/keccak_lane_form.hpp): bit
// 2i of a lane is bit i of the low word, bit 2i + 1 bit i of the high word;
// the conversion is linear (so bytes may go into a state one lane at a
// time) and deinterleave undoes it. The host builds keep standard lanes.
TEST(KernelArmv7em, InterleavedLaneForm) {
  namespace keccak = kernels::keccak;
  static_assert(!keccak::interleaved_lanes, "host builds keep FIPS 202's lanes");
  EXPECT_EQ(keccak::lane_in(0x0123456789abcdefull), 0x0123456789abcdefull);
  for (unsigned bit = 0; bit < 64; ++bit) {
    const std::uint64_t want = std::uint64_t{1} << (bit % 2 == 0 ? bit / 2 : 32 + bit / 2);
    ASSERT_EQ(keccak::interleave(std::uint64_t{1} << bit), want) << "bit " << bit;
  }
  std::mt19937_64 rng(2026);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t a = rng(), b = rng();
    ASSERT_EQ(keccak::deinterleave(keccak::interleave(a)), a);
    ASSERT_EQ(keccak::interleave(a ^ b), keccak::interleave(a) ^ keccak::interleave(b));
  }
}
