// C2SP Wycheproof ML-KEM vectors: key generation from seeds, encapsulation
// (including modulus-overflow keys), decapsulation with expanded keys, and
// the combined keygen/decaps files. A case marked "invalid" must be refused
// with an error; a "valid" one must reproduce every output exactly.
#include <gtest/gtest.h>

#include "support/vectors.hpp"

namespace pqlab::test {
namespace {

class MlkemWycheproof : public ::testing::TestWithParam<std::string> {};

std::string file_for(const std::string& size, const std::string& kind) {
  return "wycheproof/mlkem_" + size + "_" + kind + ".json";
}

TEST_P(MlkemWycheproof, KeygenSeed) {
  const auto doc = load_json(file_for(GetParam(), "keygen_seed_test"));
  int cases = 0;
  for (const auto& group : doc["testGroups"]) {
    const Algorithm& alg = algorithm(group["parameterSet"]);
    for (const auto& tc : group["tests"]) {
      ASSERT_EQ(tc["result"], "valid");
      Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes);
      ASSERT_EQ(alg.kem->keygen_from_seed(ek, dk, from_hex(tc["seed"])), Status::ok);
      EXPECT_EQ(to_hex(ek), to_hex(from_hex(tc["ek"]))) << "tc " << tc["tcId"];
      EXPECT_EQ(to_hex(dk), to_hex(from_hex(tc["dk"]))) << "tc " << tc["tcId"];
      ++cases;
    }
  }
  EXPECT_GT(cases, 0);
}

TEST_P(MlkemWycheproof, Encaps) {
  const auto doc = load_json(file_for(GetParam(), "encaps_test"));
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    const Algorithm& alg = algorithm(group["parameterSet"]);
    for (const auto& tc : group["tests"]) {
      Bytes ct(alg.ciphertext_bytes), ss(32);
      const Status s = alg.kem->encaps_derand(ct, ss, from_hex(tc["ek"]), from_hex(tc["m"]));
      if (tc["result"] == "valid") {
        ASSERT_EQ(s, Status::ok) << "tc " << tc["tcId"];
        EXPECT_EQ(to_hex(ct), to_hex(from_hex(tc["c"]))) << "tc " << tc["tcId"];
        EXPECT_EQ(to_hex(ss), to_hex(from_hex(tc["K"]))) << "tc " << tc["tcId"];
        ++valid;
      } else {
        EXPECT_NE(s, Status::ok) << "tc " << tc["tcId"] << " must be refused";
        ++invalid;
      }
    }
  }
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
}

TEST_P(MlkemWycheproof, SemiExpandedDecaps) {
  const auto doc = load_json(file_for(GetParam(), "semi_expanded_decaps_test"));
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    const Algorithm& alg = algorithm(group["parameterSet"]);
    for (const auto& tc : group["tests"]) {
      Bytes ss(32);
      const Status s = alg.kem->decaps(ss, from_hex(tc["c"]), from_hex(tc["dk"]));
      if (tc["result"] == "valid") {
        ASSERT_EQ(s, Status::ok) << "tc " << tc["tcId"];
        EXPECT_EQ(to_hex(ss), to_hex(from_hex(tc["K"]))) << "tc " << tc["tcId"];
        ++valid;
      } else {
        EXPECT_NE(s, Status::ok) << "tc " << tc["tcId"] << " (" << tc["comment"] << ") must be refused";
        ++invalid;
      }
    }
  }
  EXPECT_GT(valid + invalid, 0);
}

// Key pair from the seed, then decapsulation of c (valid or forged).
TEST_P(MlkemWycheproof, KeygenThenDecaps) {
  const auto doc = load_json(file_for(GetParam(), "test"));
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    const Algorithm& alg = algorithm(group["parameterSet"]);
    for (const auto& tc : group["tests"]) {
      Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes), ss(32);
      const Status kg = alg.kem->keygen_from_seed(ek, dk, from_hex(tc["seed"]));
      const Status s = kg == Status::ok ? alg.kem->decaps(ss, from_hex(tc["c"]), dk) : kg;
      if (tc["result"] == "valid") {
        ASSERT_EQ(s, Status::ok) << "tc " << tc["tcId"];
        EXPECT_EQ(to_hex(ek), to_hex(from_hex(tc["ek"]))) << "tc " << tc["tcId"];
        EXPECT_EQ(to_hex(ss), to_hex(from_hex(tc["K"]))) << "tc " << tc["tcId"];
        ++valid;
      } else {
        EXPECT_NE(s, Status::ok) << "tc " << tc["tcId"] << " must be refused";
        ++invalid;
      }
    }
  }
  EXPECT_GT(valid, 0);
}

INSTANTIATE_TEST_SUITE_P(AllSets, MlkemWycheproof, ::testing::Values("512", "768", "1024"));

}  // namespace
}  // namespace pqlab::test
