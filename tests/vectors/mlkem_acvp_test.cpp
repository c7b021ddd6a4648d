// NIST ACVP ML-KEM vectors (FIPS 203): keyGen, encapDecap and its
// revision tr1 (seed-format decapsulation keys). Every group, every case;
// every expected failure must fail.
#include <gtest/gtest.h>

#include "support/mlkem_checked.hpp"
#include "support/vectors.hpp"

namespace pqlab::test {
namespace {

TEST(MlkemAcvp, KeyGen) {
  const auto prompt = load_json("acvp/ML-KEM-keyGen-FIPS203/prompt.json");
  const AcvpResults expected("acvp/ML-KEM-keyGen-FIPS203/expectedResults.json");
  int cases = 0;
  for (const auto& group : prompt["testGroups"]) {
    const Algorithm& alg = algorithm(group["parameterSet"]);
    std::size_t index = 0;
    for (const auto& tc : group["tests"]) {
      if (!acvp_runs_case(index++)) {
        ++cases;
        continue;
      }
      Bytes seed = from_hex(tc["d"]);
      const Bytes z = from_hex(tc["z"]);
      seed.insert(seed.end(), z.begin(), z.end());
      Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes);
      ASSERT_EQ(alg.kem->keygen_from_seed(ek, dk, seed), Status::ok);
      const auto& want = expected.at(group["tgId"], tc["tcId"]);
      EXPECT_EQ(to_hex(ek), to_hex(from_hex(want["ek"]))) << alg.name << " tc " << tc["tcId"];
      EXPECT_EQ(to_hex(dk), to_hex(from_hex(want["dk"]))) << alg.name << " tc " << tc["tcId"];
      ++cases;
    }
  }
  EXPECT_EQ(cases, 75);
}

// Runs one encapDecap vector set, counting the cases checked.
void run_encap_decap(const std::string& folder, int& cases) {
  const auto prompt = load_json(folder + "/prompt.json");
  const AcvpResults expected(folder + "/expectedResults.json");
  for (const auto& group : prompt["testGroups"]) {
    const Algorithm& alg = algorithm(group["parameterSet"]);
    const std::string function = group["function"];
    std::size_t index = 0;
    for (const auto& tc : group["tests"]) {
      if (!acvp_runs_case(index++)) {
        ++cases;
        continue;
      }
      const auto& want = expected.at(group["tgId"], tc["tcId"]);
      const std::string where = std::string(alg.name) + " " + function + " tc " + std::to_string(int(tc["tcId"]));
      if (function == "encapsulation") {
        const Bytes ek = from_hex(tc["ek"]), m = from_hex(tc["m"]);
        Bytes ct(alg.ciphertext_bytes), ss(32);
        ASSERT_EQ(alg.kem->encaps_derand(ct, ss, ek, m), Status::ok) << where;
        EXPECT_EQ(to_hex(ct), to_hex(from_hex(want["c"]))) << where;
        EXPECT_EQ(to_hex(ss), to_hex(from_hex(want["k"]))) << where;
      } else if (function == "decapsulation") {
        Bytes dk;
        if (tc.contains("dk")) {
          dk = from_hex(tc["dk"]);
        } else {  // keyFormat "seed": expand d ‖ z first
          Bytes seed = from_hex(tc["d"]);
          const Bytes z = from_hex(tc["z"]);
          seed.insert(seed.end(), z.begin(), z.end());
          Bytes ek(alg.public_key_bytes);
          dk.resize(alg.secret_key_bytes);
          ASSERT_EQ(alg.kem->keygen_from_seed(ek, dk, seed), Status::ok) << where;
        }
        const Bytes c = from_hex(tc["c"]);
        Bytes ss(32);
        ASSERT_EQ(alg.kem->decaps(ss, c, dk), Status::ok) << where;
        EXPECT_EQ(to_hex(ss), to_hex(from_hex(want["k"]))) << where;
        // The same through a key checked once (CheckedDecapsKey).
        Bytes ss_checked(32);
        ASSERT_EQ(decaps_with_checked_key(alg.name, ss_checked, c, dk), Status::ok) << where;
        EXPECT_EQ(to_hex(ss_checked), to_hex(from_hex(want["k"]))) << where;
      } else if (function == "encapsulationKeyCheck") {
        const bool ok = alg.kem->check_encaps_key(from_hex(tc["ek"])) == Status::ok;
        EXPECT_EQ(ok, bool(want["testPassed"])) << where;
        if (!ok) {  // encapsulation itself must refuse the key too
          Bytes ct(alg.ciphertext_bytes), ss(32);
          EXPECT_EQ(alg.kem->encaps(ct, ss, from_hex(tc["ek"]), system_random()), Status::invalid_key) << where;
        }
      } else if (function == "decapsulationKeyCheck") {
        const Bytes dk = from_hex(tc["dk"]);
        const bool ok = alg.kem->check_decaps_key(dk) == Status::ok;
        EXPECT_EQ(ok, bool(want["testPassed"])) << where;
        if (!ok) {
          Bytes ss(32), c(alg.ciphertext_bytes);
          EXPECT_EQ(alg.kem->decaps(ss, c, dk), Status::invalid_key) << where;
          EXPECT_EQ(decaps_with_checked_key(alg.name, ss, c, dk), Status::invalid_key) << where;
        }
      } else {
        ADD_FAILURE() << "unknown function " << function;
      }
      ++cases;
    }
  }
}

TEST(MlkemAcvp, EncapDecap) {
  int cases = 0;
  run_encap_decap("acvp/ML-KEM-encapDecap-FIPS203", cases);
  EXPECT_EQ(cases, 165);  // 75 encapsulations, 30 decapsulations, 60 key checks
}

TEST(MlkemAcvp, EncapDecapRevisionTr1) {
  int cases = 0;
  run_encap_decap("acvp/ML-KEM-encapDecap-FIPS203-tr1", cases);
  EXPECT_EQ(cases, 195);  // 75 encapsulations, 60 decapsulations, 60 key checks
}

}  // namespace
}  // namespace pqlab::test
