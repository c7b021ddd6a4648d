// find_algorithm: the FIPS names in any case, and OpenSSL 3.5's spellings
// (compact names, ASN.1 object names, dotted OIDs) as aliases.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "pqlab/registry.hpp"

namespace {

std::string_view found(std::string_view name) {
  const pqlab::Algorithm* a = pqlab::find_algorithm(name);
  return a == nullptr ? std::string_view("(none)") : a->name;
}

TEST(RegistryNames, FipsNamesInAnyCase) {
  for (const pqlab::Algorithm& a : pqlab::algorithms()) {
    std::string lower(a.name), upper(a.name);
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (char& c : upper) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    EXPECT_EQ(found(a.name), a.name);
    EXPECT_EQ(found(lower), a.name);
    EXPECT_EQ(found(upper), a.name);
  }
}

TEST(RegistryNames, OpenSslCompactNames) {
  EXPECT_EQ(found("MLKEM512"), "ML-KEM-512");
  EXPECT_EQ(found("MLKEM768"), "ML-KEM-768");
  EXPECT_EQ(found("mlkem1024"), "ML-KEM-1024");
  EXPECT_EQ(found("MLDSA44"), "ML-DSA-44");
  EXPECT_EQ(found("MLDSA65"), "ML-DSA-65");
  EXPECT_EQ(found("mldsa65"), "ML-DSA-65");
  EXPECT_EQ(found("MlDsa87"), "ML-DSA-87");
}

TEST(RegistryNames, OpenSslObjectNames) {
  EXPECT_EQ(found("id-alg-ml-kem-512"), "ML-KEM-512");
  EXPECT_EQ(found("id-alg-ml-kem-768"), "ML-KEM-768");
  EXPECT_EQ(found("ID-ALG-ML-KEM-1024"), "ML-KEM-1024");
  EXPECT_EQ(found("id-ml-dsa-44"), "ML-DSA-44");
  EXPECT_EQ(found("id-ml-dsa-65"), "ML-DSA-65");
  EXPECT_EQ(found("id-ml-dsa-87"), "ML-DSA-87");
  EXPECT_EQ(found("id-slh-dsa-sha2-128s"), "SLH-DSA-SHA2-128s");
  EXPECT_EQ(found("id-slh-dsa-shake-256f"), "SLH-DSA-SHAKE-256f");
  EXPECT_EQ(found("slh-dsa-sha2-128s"), "SLH-DSA-SHA2-128s");
  EXPECT_EQ(found("SLH-DSA-SHA2-128S"), "SLH-DSA-SHA2-128s");
}

TEST(RegistryNames, EverySlhDsaSetHasItsObjectNameAndOid) {
  // NIST CSOR: sigAlgs 20..31 in the order SHA2 128s, 128f, 192s, 192f,
  // 256s, 256f, then the same for SHAKE.
  const char* sets[] = {"SHA2-128s",  "SHA2-128f",  "SHA2-192s",  "SHA2-192f",  "SHA2-256s",  "SHA2-256f",
                        "SHAKE-128s", "SHAKE-128f", "SHAKE-192s", "SHAKE-192f", "SHAKE-256s", "SHAKE-256f"};
  for (int i = 0; i < 12; ++i) {
    const std::string name = std::string("SLH-DSA-") + sets[i];
    std::string id = "id-slh-dsa-" + std::string(sets[i]);
    for (char& c : id) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    EXPECT_EQ(found(id), name) << id;
    const std::string oid = "2.16.840.1.101.3.4.3." + std::to_string(20 + i);
    EXPECT_EQ(found(oid), name) << oid;
  }
}

TEST(RegistryNames, Oids) {
  EXPECT_EQ(found("2.16.840.1.101.3.4.4.1"), "ML-KEM-512");
  EXPECT_EQ(found("2.16.840.1.101.3.4.4.2"), "ML-KEM-768");
  EXPECT_EQ(found("2.16.840.1.101.3.4.4.3"), "ML-KEM-1024");
  EXPECT_EQ(found("2.16.840.1.101.3.4.3.17"), "ML-DSA-44");
  EXPECT_EQ(found("2.16.840.1.101.3.4.3.18"), "ML-DSA-65");
  EXPECT_EQ(found("2.16.840.1.101.3.4.3.19"), "ML-DSA-87");
}

TEST(RegistryNames, NearMissesAreNotNames) {
  for (const char* name :
       {"", "ML-KEM", "MLKEM", "ML-KEM-769", "MLKEM-768", "ML-KEM768", "mldsa", "MLDSA-65", "id-ml-kem-768",
        "id-alg-ml-dsa-65", "2.16.840.1.101.3.4.4.4", "2.16.840.1.101.3.4.3.16", "2.16.840.1.101.3.4.3.32",
        "SLH-DSA-SHA2-128", "SLHDSA-SHA2-128s", " ML-KEM-768", "ML-KEM-768 ", "X25519MLKEM768"})
    EXPECT_EQ(pqlab::find_algorithm(name), nullptr) << "'" << name << "'";
}

}  // namespace
