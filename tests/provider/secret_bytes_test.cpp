// SecretBytes (provider/secret_bytes.hpp): copies and moves keep one live
// copy of the bytes per object, a move leaves its source empty, and the
// buffer a move hands over is the same heap block (no second copy of the
// secret is made).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <utility>

#include "secret_bytes.hpp"

namespace {

using pqlab::provider::SecretBytes;

SecretBytes filled(std::uint8_t first) {
  const std::array<std::uint8_t, 4> bytes{first, 2, 3, 4};
  SecretBytes s;
  s.assign(bytes);
  return s;
}

TEST(ProviderSecretBytes, MoveHandsTheBufferOverAndEmptiesTheSource) {
  SecretBytes a = filled(1);
  const std::uint8_t* block = a.data();
  SecretBytes b(std::move(a));
  EXPECT_TRUE(a.empty());  // NOLINT(bugprone-use-after-move): the moved-from state is the contract
  ASSERT_EQ(b.size(), 4u);
  EXPECT_EQ(b.data(), block);
  EXPECT_EQ(b.data()[0], 1);

  SecretBytes c = filled(9);
  c = std::move(b);
  EXPECT_TRUE(b.empty());  // NOLINT(bugprone-use-after-move)
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c.data(), block);
  EXPECT_EQ(c.data()[0], 1);
}

TEST(ProviderSecretBytes, CopyIsIndependent) {
  SecretBytes a = filled(5);
  SecretBytes b = a;
  ASSERT_EQ(b.size(), 4u);
  EXPECT_NE(b.data(), a.data());
  a.clear();
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(b.data()[0], 5);
  SecretBytes c = filled(7);
  c = b;
  EXPECT_EQ(c.data()[0], 5);
  EXPECT_EQ(b.data()[0], 5);
}

}  // namespace
