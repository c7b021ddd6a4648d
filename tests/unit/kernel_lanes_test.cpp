// The multi-lane entries of the kernel seam against their one-lane forms,
// for every backend usable on this CPU: Keccak-f[1600] x4 against four x1
// calls, and sha256_compress_lanes against sha256_compress per lane.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"

namespace {

// Runs body once per usable backend with that backend selected, then
// restores the one that was active.
template <class Body>
void for_each_backend(Body body) {
  const std::string before(pqlab::kernels::active_name());
  for (std::string_view name : pqlab::kernels::available()) {
    ASSERT_EQ(pqlab::kernels::select(name), pqlab::Status::ok) << name;
    SCOPED_TRACE(std::string(name));
    body(pqlab::kernels::active());
  }
  ASSERT_EQ(pqlab::kernels::select(before), pqlab::Status::ok);
}

TEST(KernelLanes, KeccakX4EqualsFourX1) {
  for_each_backend([](const pqlab::kernels::Table& k) {
    std::mt19937_64 rng(4);
    for (int trial = 0; trial < 50; ++trial) {
      std::array<std::uint64_t, 4 * pqlab::kernels::keccak_lanes> x4{}, x1{};
      for (auto& lane : x4) lane = rng();
      // Extreme states too: all zero and all ones.
      if (trial == 0) x4.fill(0);
      if (trial == 1) x4.fill(~std::uint64_t{0});
      x1 = x4;
      k.keccak_f1600_x4(x4.data());
      for (std::size_t i = 0; i < 4; ++i) k.keccak_f1600_x1(x1.data() + i * pqlab::kernels::keccak_lanes);
      EXPECT_EQ(x4, x1) << "trial " << trial;
    }
  });
}

TEST(KernelLanes, Sha256LanesEqualsOneAtATime) {
  for_each_backend([](const pqlab::kernels::Table& k) {
    std::mt19937 rng(5);
    for (std::size_t lanes = 0; lanes <= 17; ++lanes) {
      auto multi = std::make_unique<std::uint32_t[][8]>(lanes);
      auto single = std::make_unique<std::uint32_t[][8]>(lanes);
      std::vector<std::array<std::uint8_t, 64>> blocks(lanes);
      std::vector<const std::uint8_t*> block_ptrs(lanes);
      for (std::size_t i = 0; i < lanes; ++i) {
        for (std::size_t w = 0; w < 8; ++w) multi[i][w] = single[i][w] = static_cast<std::uint32_t>(rng());
        for (auto& b : blocks[i]) b = static_cast<std::uint8_t>(rng());
        if (i == 1) blocks[i].fill(0xff);
        block_ptrs[i] = blocks[i].data();
      }
      k.sha256_compress_lanes(multi.get(), block_ptrs.data(), lanes);
      for (std::size_t i = 0; i < lanes; ++i) {
        k.sha256_compress(single[i], blocks[i].data(), 1);
        for (std::size_t w = 0; w < 8; ++w) EXPECT_EQ(multi[i][w], single[i][w]) << lanes << " lanes, lane " << i;
      }
    }
  });
}

}  // namespace
