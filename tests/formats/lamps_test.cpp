// The pqlab_formats library against the IETF LAMPS example keys
// (tests/data/lamps/, see its README): every public key and every private-key
// form decodes to the key pqlab generates from the same seed and re-encodes
// byte for byte; every bad-*.priv is refused with the reason.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "pqlab/formats/keys.hpp"

namespace pqlab::formats {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes read_lamps(const std::string& rel) {
  const std::string path = std::string(PQLAB_TEST_DATA_DIR) + "/lamps/" + rel;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  return Bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const Algorithm& alg(const char* name) {
  const Algorithm* a = find_algorithm(name);
  if (a == nullptr) throw std::runtime_error(std::string("no algorithm ") + name);
  return *a;
}

// The LAMPS examples' seeds: 00 01 02 ... (ML-DSA ξ: 32 bytes; ML-KEM d‖z: 64).
Bytes counting_seed(std::size_t n) {
  Bytes s(n);
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<std::uint8_t>(i);
  return s;
}

template <class A, class B>
bool same(const A& a, const B& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

std::string error_of(const Bytes& input, bool is_private, const Algorithm* expected = nullptr) {
  try {
    if (is_private)
      (void)decode_private(input, expected);
    else
      (void)decode_public(input, expected);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

struct LampsSet {
  const char* name;
  const char* dir;
};
class LampsLattice : public ::testing::TestWithParam<LampsSet> {};

// .pub: decodes to the key generated from the example's seed; re-encodes to
// the same PEM text and DER bytes.
TEST_P(LampsLattice, PublicKeyDecodesAndReencodes) {
  const Algorithm& a = alg(GetParam().name);
  const Bytes pem = read_lamps(std::string(GetParam().dir) + "/" + a.name.data() + ".pub");
  const KeyPair generated = from_seed(a, counting_seed(a.seed_bytes));

  const Detected d = detect(pem);
  EXPECT_EQ(d.encoding, Encoding::pem);
  EXPECT_EQ(d.kind, KeyKind::public_key);
  ASSERT_NE(d.alg, nullptr);
  EXPECT_EQ(d.alg->name, a.name);
  EXPECT_EQ(d.oid, oid_of(a));

  const PublicKey pub = decode_public(pem);
  ASSERT_NE(pub.alg, nullptr);
  EXPECT_EQ(pub.alg->name, a.name);
  EXPECT_TRUE(same(pub.bytes, generated.public_key.bytes));
  EXPECT_TRUE(same(encode_public(pub, Encoding::pem), pem));

  const Bytes der = encode_public(pub, Encoding::der);
  EXPECT_EQ(detect(der).encoding, Encoding::der);
  EXPECT_TRUE(same(decode_public(der, &a).bytes, pub.bytes));
  EXPECT_TRUE(same(encode_public(pub, Encoding::raw), pub.bytes));
}

// Each private-key form: decodes to the generated key (seed, expanded key
// and form as written), re-encodes to the same PEM, gives the .pub's key.
TEST_P(LampsLattice, PrivateKeyFormsDecodeAndReencode) {
  const Algorithm& a = alg(GetParam().name);
  const KeyPair generated = from_seed(a, counting_seed(a.seed_bytes));
  const Bytes seed = counting_seed(a.seed_bytes);
  for (PrivateForm form : {PrivateForm::seed, PrivateForm::expanded, PrivateForm::both}) {
    SCOPED_TRACE(to_string(form));
    const Bytes pem = read_lamps(std::string(GetParam().dir) + "/" + a.name.data() + "-" + to_string(form) + ".priv");
    const Detected d = detect(pem);
    EXPECT_EQ(d.encoding, Encoding::pem);
    EXPECT_EQ(d.kind, KeyKind::private_key);
    ASSERT_NE(d.alg, nullptr);
    EXPECT_EQ(d.alg->name, a.name);

    const PrivateKey key = decode_private(pem, &a);
    EXPECT_EQ(key.alg->name, a.name);
    EXPECT_EQ(key.form, form);
    EXPECT_TRUE(same(key.expanded, generated.private_key.expanded));
    if (form == PrivateForm::expanded) {
      EXPECT_FALSE(key.seed.has_value());
    } else {
      ASSERT_TRUE(key.seed.has_value());
      EXPECT_TRUE(same(*key.seed, seed));
    }
    EXPECT_TRUE(same(encode_private(key, Encoding::pem, form), pem));
    EXPECT_TRUE(same(public_of(key).bytes, generated.public_key.bytes));

    // DER: the PEM's contents, read back the same.
    const SecureBytes der = encode_private(key, Encoding::der, form);
    EXPECT_EQ(detect(der).encoding, Encoding::der);
    const PrivateKey again = decode_private(Bytes(der.begin(), der.end()));
    EXPECT_TRUE(same(again.expanded, key.expanded));
    EXPECT_EQ(again.form, form);
  }
  // Generated keys are written in the seed form by default: the seed file.
  const Bytes seed_pem = read_lamps(std::string(GetParam().dir) + "/" + a.name.data() + "-seed.priv");
  EXPECT_TRUE(same(encode_private(generated.private_key, Encoding::pem), seed_pem));
  // The public key generated from the seed is the .pub.
  const Bytes pub_pem = read_lamps(std::string(GetParam().dir) + "/" + a.name.data() + ".pub");
  EXPECT_TRUE(same(encode_public(generated.public_key, Encoding::pem), pub_pem));
}

INSTANTIATE_TEST_SUITE_P(Lamps, LampsLattice,
                         ::testing::Values(LampsSet{"ML-KEM-512", "ml-kem"}, LampsSet{"ML-KEM-768", "ml-kem"},
                                           LampsSet{"ML-KEM-1024", "ml-kem"}, LampsSet{"ML-DSA-44", "ml-dsa"},
                                           LampsSet{"ML-DSA-65", "ml-dsa"}, LampsSet{"ML-DSA-87", "ml-dsa"}),
                         [](const auto& param_info) {
  std::string n = param_info.param.name;
  for (char& c : n)
    if (c == '-') c = '_';
  return n;
});

// RFC 9909's example: SLH-DSA-SHA2-128s. The key generated from its
// SK.seed‖SK.prf‖PK.seed is the example; both files re-encode byte for byte.
TEST(LampsSlhDsa, Sha2_128sKeyPair) {
  const Algorithm& a = alg("SLH-DSA-SHA2-128s");
  const Bytes priv_pem = read_lamps("slh-dsa/id-slh-dsa-sha2-128s.priv");
  const Bytes pub_pem = read_lamps("slh-dsa/id-slh-dsa-sha2-128s.pub");

  const PrivateKey key = decode_private(priv_pem);
  EXPECT_EQ(key.alg->name, a.name);
  EXPECT_EQ(key.form, PrivateForm::expanded);
  EXPECT_FALSE(key.seed.has_value());
  ASSERT_EQ(key.expanded.size(), 64u);
  const PublicKey pub = decode_public(pub_pem, &a);
  EXPECT_TRUE(same(public_of(key).bytes, pub.bytes));

  const KeyPair generated = from_seed(a, std::span<const std::uint8_t>(key.expanded).first(a.seed_bytes));
  EXPECT_TRUE(same(generated.private_key.expanded, key.expanded));
  EXPECT_TRUE(same(generated.public_key.bytes, pub.bytes));

  EXPECT_TRUE(same(encode_private(key, Encoding::pem), priv_pem));
  EXPECT_TRUE(same(encode_private(generated.private_key, Encoding::pem), priv_pem));
  EXPECT_TRUE(same(encode_public(pub, Encoding::pem), pub_pem));

  // A changed PK.root no longer follows from the seeds.
  PrivateKey changed = key;
  changed.expanded[63] ^= 1;
  const SecureBytes bad = encode_private(changed, Encoding::der);
  const std::string why = error_of(Bytes(bad.begin(), bad.end()), true);
  EXPECT_NE(why.find("PK.root does not follow"), std::string::npos) << why;
}

// Every bad-*.priv is refused, each for its own reason.
TEST(LampsBad, EveryBadKeyIsRefusedWithItsReason) {
  struct Case {
    const char* file;
    const char* reason;
  };
  const Case cases[] = {
      {"ml-dsa/bad-ML-DSA-44-1.priv", "seed does not regenerate the expanded key"},
      {"ml-dsa/bad-ML-DSA-44-2.priv", "expanded key is inconsistent"},
      {"ml-dsa/bad-ML-DSA-44-3.priv", "expanded key is inconsistent"},
      {"ml-kem/bad-ML-KEM-512-1.priv", "seed does not regenerate the expanded key"},
      {"ml-kem/bad-ML-KEM-512-2.priv", "pairwise consistency"},
      {"ml-kem/bad-ML-KEM-512-3.priv", "7.3 check"},
      {"ml-kem/bad-ML-KEM-512-4.priv", "seed does not regenerate the expanded key"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    const Bytes pem = read_lamps(c.file);
    ASSERT_FALSE(pem.empty());
    const std::string why = error_of(pem, true);
    EXPECT_NE(why.find(c.reason), std::string::npos) << why;
    EXPECT_EQ(why.find('\n'), std::string::npos) << "one line";
    // The non-throwing form says the same and leaves the output alone.
    PrivateKey out;
    std::string error;
    EXPECT_FALSE(try_decode_private(pem, nullptr, out, &error));
    EXPECT_EQ(error, why);
    EXPECT_EQ(out.alg, nullptr);
  }
}

}  // namespace
}  // namespace pqlab::formats
