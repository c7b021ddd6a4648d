// C2SP CCTV ML-KEM edge cases: "strcmp" (a shared secret with a zero byte
// that a strcmp-style compare would truncate), "unluckysample" (keys whose
// matrix needs an unusually long SampleNTT stream) and "modulus" (thousands of
// encapsulation keys, each with one coefficient ≥ q, that must all be refused).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "support/vectors.hpp"

namespace pqlab::test {
namespace {

// Reads "name = hex" lines into a map.
std::map<std::string, Bytes> read_fields(const std::string& relative) {
  std::ifstream in(std::string(PQLAB_TEST_DATA_DIR) + "/" + relative);
  EXPECT_TRUE(in.good()) << relative;
  std::map<std::string, Bytes> fields;
  std::string name, eq, hex;
  while (in >> name >> eq >> hex) fields[name] = from_hex(hex);
  return fields;
}

class MlkemCctv : public ::testing::TestWithParam<std::string> {};

TEST_P(MlkemCctv, Strcmp) {
  const Algorithm& alg = algorithm(GetParam());
  auto f = read_fields("cctv/ML-KEM/strcmp/" + GetParam() + ".txt");
  Bytes ss(32);
  ASSERT_EQ(alg.kem->decaps(ss, f["c"], f["dk"]), Status::ok);
  EXPECT_EQ(to_hex(ss), to_hex(f["K"]));
}

TEST_P(MlkemCctv, UnluckySample) {
  const Algorithm& alg = algorithm(GetParam());
  auto f = read_fields("cctv/ML-KEM/unluckysample/" + GetParam() + ".txt");
  const Bytes ek = f["ek"], dk = f["dk"];
  Bytes ct(alg.ciphertext_bytes), ss(32), ss2(32);
  ASSERT_EQ(alg.kem->encaps_derand(ct, ss, ek, f["m"]), Status::ok);
  EXPECT_EQ(to_hex(ct), to_hex(f["c"]));
  EXPECT_EQ(to_hex(ss), to_hex(f["K"]));
  ASSERT_EQ(alg.kem->decaps(ss2, ct, dk), Status::ok);
  EXPECT_EQ(ss2, ss);
}

TEST_P(MlkemCctv, ModulusCheckRejectsEveryOverflowingKey) {
  const Algorithm& alg = algorithm(GetParam());
  std::ifstream in(std::string(PQLAB_TEST_DATA_DIR) + "/cctv/ML-KEM/modulus/" + GetParam() + ".txt");
  ASSERT_TRUE(in.good());
  std::string line;
  int keys = 0;
  Bytes ct(alg.ciphertext_bytes), ss(32);
  const Bytes m(32, 0x42);
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const Bytes ek = from_hex(line);
    ASSERT_EQ(ek.size(), alg.public_key_bytes);
    EXPECT_EQ(alg.kem->check_encaps_key(ek), Status::invalid_key) << "key " << keys;
    EXPECT_EQ(alg.kem->encaps_derand(ct, ss, ek, m), Status::invalid_key) << "key " << keys;
    ++keys;
  }
  EXPECT_GT(keys, 100);
}

INSTANTIATE_TEST_SUITE_P(AllSets, MlkemCctv, ::testing::Values("ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"),
                         [](const auto& p) { return p.param.substr(7); });

}  // namespace
}  // namespace pqlab::test
