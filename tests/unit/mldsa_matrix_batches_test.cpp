// How ExpandA's entries are split into SHAKE128 batches
// (mldsa::detail::matrix_batch_sizes) on every backend: every entry once,
// no batch wider than the backend's ways, and with a rider the layouts
// that leave it the ways it needs.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "hash/keccak_parallel.hpp"
#include "kernels/kernels.hpp"
#include "mldsa/sampling.hpp"
#include "support/each_backend.hpp"

namespace {

using pqlab::mldsa::detail::kMaxMatrixBatches;
using pqlab::mldsa::detail::matrix_batch_sizes;
using pqlab::test::for_each_backend;

std::vector<std::size_t> layout(std::size_t total, std::size_t rider_permutations) {
  std::array<std::uint8_t, kMaxMatrixBatches> sizes{};
  const std::size_t count = matrix_batch_sizes(total, rider_permutations, sizes);
  return {sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(count)};
}

TEST(MldsaMatrixBatches, EveryEntryOnceWithinTheWaysOnEveryBackend) {
  for_each_backend([](std::string_view backend) {
    const std::size_t width = pqlab::hash::Shake128Ways::batch_ways();
    for (const std::size_t total : {16u, 30u, 56u, 1u, 7u, 9u, 10u, 11u}) {
      for (const std::size_t rider : {0u, 1u, 10u, 15u, 20u, 60u}) {
        std::size_t sum = 0;
        for (const std::size_t size : layout(total, rider)) {
          EXPECT_GE(size, 1u) << backend << " " << total << " " << rider;
          EXPECT_LE(size, width) << backend << " " << total << " " << rider;
          sum += size;
        }
        EXPECT_EQ(sum, total) << backend << " " << total << " " << rider;
      }
    }
  });
}

// The layouts the ML-DSA sets get (k·l = 16, 30, 56; tr = H(pk) takes 10,
// 15 and 20 permutations): eight ways keep the fewest batches with the
// idle ways last; ten ways (avx2's x5 pairs) give the rider batches of
// four (one x5 call each), after the short and the full batches.
TEST(MldsaMatrixBatches, LayoutsForTheParameterSets) {
  using V = std::vector<std::size_t>;
  for_each_backend([](std::string_view backend) {
    if (pqlab::hash::Shake128Ways::batch_ways() == 10) {
      EXPECT_EQ(layout(16, 10), (V{8, 4, 4})) << backend;
      EXPECT_EQ(layout(30, 15), (V{8, 10, 4, 4, 4})) << backend;
      EXPECT_EQ(layout(56, 20), (V{10, 10, 10, 10, 4, 4, 4, 4})) << backend;
      EXPECT_EQ(layout(30, 0), (V{10, 10, 10})) << backend;
    } else {
      ASSERT_EQ(pqlab::hash::Shake128Ways::batch_ways(), 8u) << backend;
      EXPECT_EQ(layout(16, 10), (V{8, 8})) << backend;
      EXPECT_EQ(layout(30, 15), (V{8, 8, 7, 7})) << backend;
      EXPECT_EQ(layout(56, 20), (V{8, 8, 8, 8, 8, 8, 8})) << backend;
      EXPECT_EQ(layout(30, 0), (V{6, 8, 8, 8})) << backend;
    }
  });
}

}  // namespace
