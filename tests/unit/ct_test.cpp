// The constant-time vocabulary's byte compare (src/common/ct.hpp): ct::diff
// is zero exactly for equal byte strings, and strings of different lengths
// (only possible with run-time lengths; fixed ones of different extents do
// not compile) compare as different, never as equal.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "common/ct.hpp"

namespace {

TEST(CtDiff, ZeroExactlyForEqualBytes) {
  const std::array<std::uint8_t, 4> a = {1, 2, 3, 4};
  std::array<std::uint8_t, 4> b = a;
  EXPECT_EQ(pqlab::ct::diff(a, b), 0);
  for (std::size_t i = 0; i < b.size(); ++i) {
    b = a;
    b[i] ^= 0x10;
    EXPECT_NE(pqlab::ct::diff(a, b), 0) << "byte " << i;
    EXPECT_NE(pqlab::ct::diff(std::span<const std::uint8_t>(a), std::span<const std::uint8_t, 4>(b)), 0);
  }
}

TEST(CtDiff, DifferentRunTimeLengthsCompareAsDifferent) {
  const std::vector<std::uint8_t> longer = {1, 2, 3, 4, 5}, shorter = {1, 2, 3, 4}, empty;
  EXPECT_NE(pqlab::ct::diff(longer, shorter), 0);  // a common prefix is not equality
  EXPECT_NE(pqlab::ct::diff(shorter, longer), 0);
  EXPECT_NE(pqlab::ct::diff(empty, shorter), 0);
  EXPECT_EQ(pqlab::ct::diff(empty, empty), 0);
  EXPECT_EQ(pqlab::ct::diff(std::span<const std::uint8_t>(longer).first(4), shorter), 0);
}

}  // namespace
