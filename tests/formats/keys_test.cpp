// The pqlab_formats library on its own: the OID table, round trips of every
// algorithm's keys through every encoding and form, content detection, and
// the refusal of malformed input (truncated / over-long / non-DER encodings,
// wrong or unknown OIDs, parameters present, wrong lengths, bad PEM).
#include <gtest/gtest.h>
#include <openssl/asn1.h>
#include <openssl/objects.h>
#include <openssl/x509.h>

#include <cstring>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "pqlab/formats/keys.hpp"

namespace pqlab::formats {
namespace {

using Bytes = std::vector<std::uint8_t>;

const Algorithm& alg(const char* name) {
  const Algorithm* a = find_algorithm(name);
  if (a == nullptr) throw std::runtime_error(std::string("no algorithm ") + name);
  return *a;
}

Bytes seed_for(const Algorithm& a, std::uint8_t salt) {
  Bytes s(a.seed_bytes);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint8_t>(i * 7 + salt);
  return s;
}

template <class A, class B>
bool same(const A& a, const B& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

Bytes bytes_of(const SecureBytes& s) { return Bytes(s.begin(), s.end()); }
Bytes bytes_of(std::string_view s) { return Bytes(s.begin(), s.end()); }

std::string public_error(const Bytes& input, const Algorithm* expected = nullptr) {
  PublicKey out;
  std::string error;
  EXPECT_FALSE(try_decode_public(input, expected, out, &error));
  EXPECT_EQ(out.alg, nullptr);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(error.find('\n'), std::string::npos);
  return error;
}

std::string private_error(const Bytes& input, const Algorithm* expected = nullptr) {
  PrivateKey out;
  std::string error;
  EXPECT_FALSE(try_decode_private(input, expected, out, &error));
  EXPECT_EQ(out.alg, nullptr);
  EXPECT_FALSE(error.empty());
  EXPECT_EQ(error.find('\n'), std::string::npos);
  return error;
}

// Concatenation into one buffer sized first (GCC 12 warns falsely about
// vector::insert after a short initializer list).
Bytes cat(std::initializer_list<std::span<const std::uint8_t>> parts) {
  std::size_t total = 0;
  for (const auto& p : parts) total += p.size();
  Bytes out(total);
  std::size_t at = 0;
  for (const auto& p : parts) {
    if (!p.empty()) std::memcpy(out.data() + at, p.data(), p.size());
    at += p.size();
  }
  return out;
}
Bytes hdr(std::initializer_list<std::uint8_t> b) { return Bytes(b); }

#define EXPECT_CONTAINS(haystack, needle)                               \
  do {                                                                  \
    const std::string& h_ = (haystack);                                 \
    EXPECT_NE(h_.find(needle), std::string::npos) << "message: " << h_; \
  } while (0)

// ---------------------------------------------------------------------------
// OIDs.

TEST(FormatsOid, TableCoversEveryStandardAlgorithm) {
  EXPECT_EQ(oid_table().size(), 18u);
  std::size_t covered = 0;
  for (const Algorithm& a : algorithms()) {
    const std::string_view oid = oid_of(a);
    ASSERT_FALSE(oid.empty()) << a.name;
    const Algorithm* back = algorithm_of_oid(oid);
    ASSERT_NE(back, nullptr) << a.name;
    EXPECT_EQ(back->name, a.name);
    EXPECT_FALSE(asn1_name_of(a).empty());
    ++covered;
  }
  EXPECT_EQ(covered, oid_table().size());
  for (const OidEntry& e : oid_table()) EXPECT_NE(find_algorithm(e.name), nullptr) << e.name;
}

// The values of the ASN.1 modules (nistAlgorithms = 2.16.840.1.101.3.4;
// kems 4, sigAlgs 3).
TEST(FormatsOid, ValuesOfTheSpecifications) {
  EXPECT_EQ(oid_of("ML-KEM-512"), "2.16.840.1.101.3.4.4.1");
  EXPECT_EQ(oid_of("ml-kem-768"), "2.16.840.1.101.3.4.4.2");
  EXPECT_EQ(oid_of("ML-KEM-1024"), "2.16.840.1.101.3.4.4.3");
  EXPECT_EQ(oid_of("ML-DSA-44"), "2.16.840.1.101.3.4.3.17");
  EXPECT_EQ(oid_of("ML-DSA-65"), "2.16.840.1.101.3.4.3.18");
  EXPECT_EQ(oid_of("ML-DSA-87"), "2.16.840.1.101.3.4.3.19");
  EXPECT_EQ(oid_of("SLH-DSA-SHA2-128s"), "2.16.840.1.101.3.4.3.20");
  EXPECT_EQ(oid_of("SLH-DSA-SHA2-256f"), "2.16.840.1.101.3.4.3.25");
  EXPECT_EQ(oid_of("SLH-DSA-SHAKE-128s"), "2.16.840.1.101.3.4.3.26");
  EXPECT_EQ(oid_of("SLH-DSA-SHAKE-256f"), "2.16.840.1.101.3.4.3.31");
  EXPECT_EQ(asn1_name_of(alg("ML-KEM-768")), "id-alg-ml-kem-768");
  EXPECT_EQ(asn1_name_of(alg("ML-DSA-65")), "id-ml-dsa-65");
  EXPECT_EQ(algorithm_of_oid("2.16.840.1.101.3.4.3.32"), nullptr);  // HashML-DSA-44: not a key OID here
  EXPECT_EQ(algorithm_of_oid("1.2.840.10045.2.1"), nullptr);
  EXPECT_EQ(oid_of("RSA"), "");
}

// ---------------------------------------------------------------------------
// Round trips, every algorithm.

class FormatsRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(FormatsRoundTrip, EveryEncodingAndForm) {
  const Algorithm& a = alg(GetParam().c_str());
  const bool slh = a.name.substr(0, 3) == "SLH";
  const KeyPair kp = from_seed(a, seed_for(a, 3));
  EXPECT_EQ(kp.private_key.seed.has_value(), !slh);
  EXPECT_TRUE(same(public_of(kp.private_key).bytes, kp.public_key.bytes));

  for (Encoding e : {Encoding::raw, Encoding::der, Encoding::pem}) {
    SCOPED_TRACE(to_string(e));
    const Bytes enc = encode_public(kp.public_key, e);
    const Detected d = detect(enc);
    EXPECT_EQ(d.encoding, e);
    if (e != Encoding::raw) {
      EXPECT_EQ(d.kind, KeyKind::public_key);
      ASSERT_NE(d.alg, nullptr);
      EXPECT_EQ(d.alg->name, a.name);
    }
    const PublicKey back = decode_public(enc, e == Encoding::raw ? &a : nullptr);
    EXPECT_EQ(back.alg->name, a.name);
    EXPECT_TRUE(same(back.bytes, kp.public_key.bytes));
  }

  std::vector<PrivateForm> forms{PrivateForm::expanded};
  if (!slh) forms = {PrivateForm::seed, PrivateForm::expanded, PrivateForm::both};
  for (PrivateForm f : forms) {
    for (Encoding e : {Encoding::der, Encoding::pem}) {
      SCOPED_TRACE(std::string(to_string(f)) + "/" + to_string(e));
      const Bytes enc = bytes_of(encode_private(kp.private_key, e, f));
      const Detected d = detect(enc);
      EXPECT_EQ(d.encoding, e);
      EXPECT_EQ(d.kind, KeyKind::private_key);
      ASSERT_NE(d.alg, nullptr);
      EXPECT_EQ(d.alg->name, a.name);
      const PrivateKey back = decode_private(enc);
      EXPECT_EQ(back.alg->name, a.name);
      EXPECT_EQ(back.form, f);
      EXPECT_TRUE(same(back.expanded, kp.private_key.expanded));
      EXPECT_EQ(back.seed.has_value(), f != PrivateForm::expanded);
      if (back.seed) EXPECT_TRUE(same(*back.seed, *kp.private_key.seed));
      EXPECT_TRUE(same(encode_private(back, e, f), enc));
    }
  }
  // Raw private keys: the expanded key, read back with the algorithm named.
  const SecureBytes raw = encode_private(kp.private_key, Encoding::raw);
  EXPECT_TRUE(same(raw, kp.private_key.expanded));
  const PrivateKey back = decode_private(bytes_of(raw), &a);
  EXPECT_EQ(back.form, PrivateForm::expanded);
  EXPECT_FALSE(back.seed.has_value());
  EXPECT_TRUE(same(back.expanded, kp.private_key.expanded));
  // The default form: seed where known, else expanded.
  const PrivateKey default_form = decode_private(bytes_of(encode_private(kp.private_key, Encoding::der)));
  EXPECT_EQ(default_form.form, slh ? PrivateForm::expanded : PrivateForm::seed);
  const PrivateKey from_expanded = decode_private(bytes_of(encode_private(back, Encoding::der)));
  EXPECT_EQ(from_expanded.form, PrivateForm::expanded);
}

std::vector<std::string> all_names() {
  std::vector<std::string> out;
  for (const Algorithm& a : algorithms()) out.emplace_back(a.name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(All, FormatsRoundTrip, ::testing::ValuesIn(all_names()), [](const auto& param_info) {
  std::string n = param_info.param;
  for (char& c : n)
    if (c == '-') c = '_';
  return n;
});

TEST(FormatsKeys, GenerateGivesFreshConsistentKeys) {
  const Algorithm& a = alg("ML-DSA-44");
  const KeyPair k1 = generate(a), k2 = generate(a);
  EXPECT_FALSE(same(k1.public_key.bytes, k2.public_key.bytes));
  ASSERT_TRUE(k1.private_key.seed.has_value());
  EXPECT_TRUE(same(from_seed(a, *k1.private_key.seed).public_key.bytes, k1.public_key.bytes));
}

// ---------------------------------------------------------------------------
// Malformed input.

// DER of a SubjectPublicKeyInfo / PrivateKeyInfo built with libcrypto, with
// the given OID text, parameters (V_ASN1_UNDEF: absent) and key bytes.
Bytes spki_with(const char* oid, int ptype, const Bytes& key) {
  X509_PUBKEY* pub = X509_PUBKEY_new();
  auto* buf = static_cast<unsigned char*>(OPENSSL_malloc(key.size()));
  if (!key.empty()) std::memcpy(buf, key.data(), key.size());
  EXPECT_EQ(X509_PUBKEY_set0_param(pub, OBJ_txt2obj(oid, 1), ptype, nullptr, buf, static_cast<int>(key.size())), 1);
  const int n = i2d_X509_PUBKEY(pub, nullptr);
  Bytes out(static_cast<std::size_t>(n));
  unsigned char* q = out.data();
  i2d_X509_PUBKEY(pub, &q);
  X509_PUBKEY_free(pub);
  return out;
}

Bytes pkcs8_with(const char* oid, int version, int ptype, const Bytes& octets) {
  PKCS8_PRIV_KEY_INFO* p8 = PKCS8_PRIV_KEY_INFO_new();
  auto* buf = static_cast<unsigned char*>(OPENSSL_malloc(octets.size()));
  if (!octets.empty()) std::memcpy(buf, octets.data(), octets.size());
  EXPECT_EQ(PKCS8_pkey_set0(p8, OBJ_txt2obj(oid, 1), version, ptype, nullptr, buf, static_cast<int>(octets.size())), 1);
  const int n = i2d_PKCS8_PRIV_KEY_INFO(p8, nullptr);
  Bytes out(static_cast<std::size_t>(n));
  unsigned char* q = out.data();
  i2d_PKCS8_PRIV_KEY_INFO(p8, &q);
  PKCS8_PRIV_KEY_INFO_free(p8);
  return out;
}

template <class Seed>
Bytes seed_choice(const Seed& seed) {
  return cat({hdr({0x80, static_cast<std::uint8_t>(seed.size())}), std::span<const std::uint8_t>(seed)});
}

class FormatsMalformed : public ::testing::Test {
 protected:
  const Algorithm& a = alg("ML-DSA-65");
  const KeyPair kp = from_seed(a, seed_for(a, 9));
  const Bytes pub_der = encode_public(kp.public_key, Encoding::der);
  const Bytes priv_der = bytes_of(encode_private(kp.private_key, Encoding::der));
};

TEST_F(FormatsMalformed, OurBuildersMatchTheLibrary) {
  EXPECT_TRUE(same(spki_with("2.16.840.1.101.3.4.3.18", V_ASN1_UNDEF, kp.public_key.bytes), pub_der));
  EXPECT_TRUE(
      same(pkcs8_with("2.16.840.1.101.3.4.3.18", 0, V_ASN1_UNDEF, seed_choice(*kp.private_key.seed)), priv_der));
}

TEST_F(FormatsMalformed, TruncatedAndOverlongDer) {
  for (const Bytes* der : {&pub_der, &priv_der}) {
    const bool priv = der == &priv_der;
    for (std::size_t cut : {std::size_t{1}, std::size_t{2}, der->size() / 2, der->size() - 1}) {
      const Bytes truncated(der->begin(), der->begin() + static_cast<std::ptrdiff_t>(cut));
      priv ? (void)private_error(truncated) : (void)public_error(truncated);
      priv ? (void)private_error(truncated, &a) : (void)public_error(truncated, &a);
    }
    const Bytes longer = cat({*der, hdr({0})});
    EXPECT_CONTAINS(priv ? private_error(longer) : public_error(longer), "trailing bytes");
    EXPECT_CONTAINS(priv ? private_error(longer, &a) : public_error(longer, &a), "trailing bytes");
    // Two keys back to back.
    const Bytes twice = cat({*der, *der});
    EXPECT_CONTAINS(priv ? private_error(twice) : public_error(twice), "trailing bytes");
  }
}

TEST_F(FormatsMalformed, NonMinimalLengthIsNotDer) {
  // Outer SEQUENCE length 0x82 hi lo rewritten as 0x83 00 hi lo.
  ASSERT_EQ(pub_der[1], 0x82);
  const Bytes wide = cat({hdr({pub_der[0], 0x83, 0x00}), std::span<const std::uint8_t>(pub_der).subspan(2)});
  EXPECT_CONTAINS(public_error(wide), "canonical");
  // The seed form's short outer length (0x34) as 0x81 0x34.
  ASSERT_LT(priv_der[1], 0x80);
  const Bytes wide_priv = cat({hdr({priv_der[0], 0x81}), std::span<const std::uint8_t>(priv_der).subspan(1)});
  EXPECT_CONTAINS(private_error(wide_priv), "canonical");
  // Inside the private-key CHOICE: seed length as 0x81 0x20.
  const Bytes inner = cat({hdr({0x80, 0x81, 0x20}), *kp.private_key.seed});
  EXPECT_CONTAINS(private_error(pkcs8_with("2.16.840.1.101.3.4.3.18", 0, V_ASN1_UNDEF, inner)), "non-minimal");
}

TEST_F(FormatsMalformed, WrongAndUnknownOids) {
  // An ML-DSA-44 key read where ML-DSA-65 is expected.
  const Algorithm& a44 = alg("ML-DSA-44");
  const KeyPair other = from_seed(a44, seed_for(a44, 1));
  const Bytes other_pub = encode_public(other.public_key, Encoding::pem);
  const Bytes other_priv = bytes_of(encode_private(other.private_key, Encoding::pem));
  EXPECT_CONTAINS(public_error(other_pub, &a), "wrong OID for ML-DSA-65");
  EXPECT_CONTAINS(public_error(other_pub, &a), "ML-DSA-44");
  EXPECT_CONTAINS(private_error(other_priv, &a), "wrong OID for ML-DSA-65");
  // A KEM key where a signature key is expected.
  const Algorithm& kem = alg("ML-KEM-768");
  const Bytes kem_pub = encode_public(from_seed(kem, seed_for(kem, 2)).public_key, Encoding::der);
  EXPECT_CONTAINS(public_error(kem_pub, &a), "wrong OID for ML-DSA-65");
  // An OID no algorithm has (HashML-DSA-65's, an EC key's).
  EXPECT_CONTAINS(public_error(spki_with("2.16.840.1.101.3.4.3.33", V_ASN1_UNDEF, kp.public_key.bytes)),
                  "unknown algorithm OID 2.16.840.1.101.3.4.3.33");
  EXPECT_CONTAINS(public_error(spki_with("1.2.840.10045.2.1", V_ASN1_UNDEF, kp.public_key.bytes), &a),
                  "wrong OID for ML-DSA-65");
  EXPECT_CONTAINS(private_error(pkcs8_with("1.3.101.112", 0, V_ASN1_UNDEF, seed_choice(*kp.private_key.seed))),
                  "unknown algorithm OID 1.3.101.112");
}

TEST_F(FormatsMalformed, ParametersPresent) {
  EXPECT_CONTAINS(public_error(spki_with("2.16.840.1.101.3.4.3.18", V_ASN1_NULL, kp.public_key.bytes)),
                  "parameters present");
  EXPECT_CONTAINS(private_error(
                      pkcs8_with("2.16.840.1.101.3.4.3.18", 0, V_ASN1_NULL, seed_choice(*kp.private_key.seed))),
                  "parameters present");
}

TEST_F(FormatsMalformed, WrongLengths) {
  Bytes short_key = kp.public_key.bytes;
  short_key.pop_back();
  EXPECT_CONTAINS(public_error(spki_with("2.16.840.1.101.3.4.3.18", V_ASN1_UNDEF, short_key)),
                  "public key has 1951 bytes; expected 1952");
  // Seeds of 31 and 33 bytes, an expandedKey one byte short.
  Bytes seed31(kp.private_key.seed->begin(), kp.private_key.seed->end() - 1);
  const Bytes seed33 = cat({*kp.private_key.seed, hdr({0})});
  EXPECT_CONTAINS(private_error(pkcs8_with("2.16.840.1.101.3.4.3.18", 0, V_ASN1_UNDEF, seed_choice(seed31))),
                  "seed has 31 bytes; expected 32");
  EXPECT_CONTAINS(private_error(pkcs8_with("2.16.840.1.101.3.4.3.18", 0, V_ASN1_UNDEF, seed_choice(seed33))),
                  "seed has 33 bytes; expected 32");
  // An ML-KEM seed (64 bytes) under an ML-DSA OID.
  Bytes seed64(64, 1);
  EXPECT_CONTAINS(private_error(pkcs8_with("2.16.840.1.101.3.4.3.18", 0, V_ASN1_UNDEF, seed_choice(seed64))),
                  "seed has 64 bytes; expected 32");
  const Bytes expanded = cat({hdr({0x04, 0x82, 0x0f, 0xbf}),  // 4031 bytes
                              std::span<const std::uint8_t>(kp.private_key.expanded).first(4031)});
  EXPECT_CONTAINS(private_error(pkcs8_with("2.16.840.1.101.3.4.3.18", 0, V_ASN1_UNDEF, expanded)),
                  "expandedKey has 4031 bytes; expected 4032");
  // Raw keys: only the algorithm's exact length.
  EXPECT_CONTAINS(public_error(short_key, &a), "1951 bytes: not a DER or PEM public key, nor a raw ML-DSA-65");
  EXPECT_CONTAINS(public_error(kp.public_key.bytes), "name the algorithm");
  Bytes short_sk(kp.private_key.expanded.begin(), kp.private_key.expanded.end() - 1);
  EXPECT_CONTAINS(private_error(short_sk, &a), "nor a raw ML-DSA-65 private key (4032 bytes)");
  // SLH-DSA: the raw 4n bytes, nothing else.
  const Algorithm& slh = alg("SLH-DSA-SHAKE-128f");
  const KeyPair skp = from_seed(slh, seed_for(slh, 4));
  Bytes sk63(skp.private_key.expanded.begin(), skp.private_key.expanded.end() - 1);
  EXPECT_CONTAINS(private_error(pkcs8_with("2.16.840.1.101.3.4.3.27", 0, V_ASN1_UNDEF, sk63)),
                  "private key has 63 bytes; expected 64");
  const Bytes wrapped = cat({hdr({0x04, 0x40}), skp.private_key.expanded});
  EXPECT_CONTAINS(private_error(pkcs8_with("2.16.840.1.101.3.4.3.27", 0, V_ASN1_UNDEF, wrapped)),
                  "private key has 66 bytes; expected 64");
}

TEST_F(FormatsMalformed, PrivateKeyChoiceShapes) {
  const char* oid = "2.16.840.1.101.3.4.3.18";
  const Bytes seed = bytes_of(*kp.private_key.seed);
  // [0] constructed instead of IMPLICIT primitive.
  const Bytes constructed = cat({hdr({0xa0, 0x22, 0x04, 0x20}), seed});
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 0, V_ASN1_UNDEF, constructed)), "constructed [0]");
  // An unknown tag; an empty key; trailing bytes after the seed.
  Bytes unknown = seed_choice(seed);
  unknown[0] = 0x81;
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 0, V_ASN1_UNDEF, unknown)), "unknown form (tag 0x81)");
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 0, V_ASN1_UNDEF, Bytes{})), "empty");
  const Bytes trailing = cat({seed_choice(seed), hdr({0})});
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 0, V_ASN1_UNDEF, trailing)), "trailing bytes after the seed");
  // 'both' with its fields swapped, and with the seed [0]-tagged inside.
  const SecureBytes both_der = encode_private(kp.private_key, Encoding::der, PrivateForm::both);
  const PrivateKey both = decode_private(bytes_of(both_der));
  EXPECT_EQ(both.form, PrivateForm::both);
  const Bytes swapped =
      cat({hdr({0x30, 0x82, 0x0f, 0xe6, 0x04, 0x82, 0x0f, 0xc0}), kp.private_key.expanded, hdr({0x04, 0x20}), seed});
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 0, V_ASN1_UNDEF, swapped)), "seed has 4032 bytes");
  const Bytes tagged_seed =
      cat({hdr({0x30, 0x82, 0x0f, 0xe6, 0x80, 0x20}), seed, hdr({0x04, 0x82, 0x0f, 0xc0}), kp.private_key.expanded});
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 0, V_ASN1_UNDEF, tagged_seed)), "seed has the wrong tag");
  // A OneAsymmetricKey version 2 / an unknown version.
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 1, V_ASN1_UNDEF, seed_choice(seed))), "version 2");
  EXPECT_CONTAINS(private_error(pkcs8_with(oid, 5, V_ASN1_UNDEF, seed_choice(seed))), "unsupported version");
  // An expanded key whose s1 was changed (ML-DSA's consistency check).
  PrivateKey changed = kp.private_key;
  changed.seed.reset();
  changed.expanded[200] ^= 0x01;
  EXPECT_CONTAINS(private_error(bytes_of(encode_private(changed, Encoding::der))), "expanded key is inconsistent");
  EXPECT_CONTAINS(private_error(bytes_of(changed.expanded), &a), "expanded key is inconsistent");
}

TEST_F(FormatsMalformed, PublicKeyChecks) {
  // An ML-KEM ek with a coefficient >= q fails FIPS 203's modulus check.
  const Algorithm& kem = alg("ML-KEM-512");
  Bytes ek = from_seed(kem, seed_for(kem, 5)).public_key.bytes;
  ek[0] = 0xff;
  ek[1] = 0xff;
  EXPECT_CONTAINS(public_error(spki_with("2.16.840.1.101.3.4.4.1", V_ASN1_UNDEF, ek)), "modulus check");
  EXPECT_CONTAINS(public_error(ek, &kem), "modulus check");
  // BIT STRING with unused bits: 03 LL 01 ... instead of 03 LL 00 ...
  Bytes bits = pub_der;
  const std::size_t at = pub_der.size() - kp.public_key.bytes.size() - 1;
  ASSERT_EQ(bits[at], 0x00);
  bits[at] = 0x01;
  EXPECT_CONTAINS(public_error(bits), "unused bits");
  // A private key where a public key is expected, and the reverse.
  EXPECT_CONTAINS(public_error(priv_der), "expected a public key");
  EXPECT_CONTAINS(private_error(pub_der), "expected a private key");
  EXPECT_CONTAINS(public_error(bytes_of(encode_private(kp.private_key, Encoding::pem))), "expected a public key");
  EXPECT_CONTAINS(private_error(encode_public(kp.public_key, Encoding::pem)), "expected a private key");
}

// A raw key that happens to be one whole DER SEQUENCE (SLH-DSA-SHA2-128f:
// pk = PK.seed ‖ PK.root starting 30 1e, sk = SK.seed ‖ ... starting 30 3e)
// is read as the raw key it is when its algorithm is named, not refused as
// malformed DER; without an algorithm it is still malformed DER.
TEST(FormatsKeys, RawKeyThatLooksLikeDerIsRaw) {
  const Algorithm& a = alg("SLH-DSA-SHA2-128f");
  Bytes seed = seed_for(a, 4);  // SK.seed ‖ SK.prf ‖ PK.seed, 16 bytes each
  seed[0] = 0x30;
  seed[1] = 0x3e;
  seed[32] = 0x30;
  seed[33] = 0x1e;
  const KeyPair kp = from_seed(a, seed);
  const Bytes& pk = kp.public_key.bytes;
  const Bytes sk = bytes_of(encode_private(kp.private_key, Encoding::raw));
  ASSERT_EQ(pk.size(), 32u);
  ASSERT_EQ(sk.size(), 64u);
  ASSERT_EQ(pk[0], 0x30);
  ASSERT_EQ(pk[1], 0x1e);
  ASSERT_EQ(sk[0], 0x30);
  ASSERT_EQ(sk[1], 0x3e);
  EXPECT_EQ(detect(pk).encoding, Encoding::der);
  EXPECT_EQ(detect(pk).kind, KeyKind::unknown);
  EXPECT_EQ(detect(pk, &a).encoding, Encoding::raw);
  EXPECT_EQ(detect(sk, &a).encoding, Encoding::raw);
  EXPECT_EQ(detect(pk, &alg("SLH-DSA-SHA2-192f")).encoding, Encoding::der);

  const PublicKey pub = decode_public(pk, &a);
  EXPECT_EQ(pub.alg, &a);
  EXPECT_TRUE(same(pub.bytes, pk));
  const PrivateKey priv = decode_private(sk, &a);
  EXPECT_EQ(priv.alg, &a);
  EXPECT_TRUE(same(priv.expanded, sk));
  EXPECT_TRUE(same(public_of(priv).bytes, pk));

  EXPECT_CONTAINS(public_error(pk), "not a DER SubjectPublicKeyInfo");
  EXPECT_CONTAINS(private_error(sk), "PrivateKeyInfo");
  // At another algorithm's raw size it stays DER, and malformed.
  EXPECT_CONTAINS(public_error(pk, &alg("SLH-DSA-SHA2-192f")), "not a DER SubjectPublicKeyInfo");
}

TEST_F(FormatsMalformed, BadPem) {
  const Bytes pem = encode_public(kp.public_key, Encoding::pem);
  std::string text(pem.begin(), pem.end());
  // A character outside base64 in the body.
  std::string bad = text;
  bad[40] = '!';
  EXPECT_CONTAINS(public_error(bytes_of(bad)), "bad PEM");
  // A missing END line, a truncated body.
  EXPECT_CONTAINS(public_error(bytes_of(text.substr(0, text.find("-----END")))), "bad PEM");
  const std::string cut = text.substr(0, 100) + text.substr(text.find("-----END"));
  EXPECT_NE(public_error(bytes_of(cut)), "");
  // Another label; data after the block; headers.
  std::string label = text;
  label.replace(label.find("PUBLIC KEY"), 10, "PUBLIC KEZ");
  EXPECT_NE(public_error(bytes_of(label)), "");
  std::string cert = text;
  for (std::size_t p; (p = cert.find("PUBLIC KEY")) != std::string::npos;) cert.replace(p, 10, "CERTIFICATE");
  EXPECT_CONTAINS(public_error(bytes_of(cert)), "'CERTIFICATE' is not 'PUBLIC KEY'");
  EXPECT_CONTAINS(public_error(bytes_of(text + "garbage\n")), "data after the PEM block");
  EXPECT_CONTAINS(public_error(bytes_of(text + text)), "data after the PEM block");
  std::string headers = text;
  headers.insert(headers.find('\n') + 1,
                 "Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\n");
  EXPECT_CONTAINS(public_error(bytes_of(headers)), "PEM headers");
  // White space around the block is fine; CRLF line ends too.
  const PublicKey padded = decode_public(bytes_of("\n\n" + text + "\n  \n"));
  EXPECT_TRUE(same(padded.bytes, kp.public_key.bytes));
  std::string crlf;
  for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_TRUE(same(decode_public(bytes_of(crlf)).bytes, kp.public_key.bytes));
  // PEM around a DER that is not canonical is refused like the DER.
  EXPECT_EQ(detect(bytes_of(bad)).encoding, Encoding::pem);
  EXPECT_EQ(detect(bytes_of(bad)).kind, KeyKind::unknown);
}

TEST_F(FormatsMalformed, DetectNeverThrowsAndSaysWhatItSees) {
  EXPECT_EQ(detect(Bytes{}).encoding, Encoding::raw);
  EXPECT_EQ(detect(kp.public_key.bytes).encoding, Encoding::raw);
  EXPECT_EQ(detect(kp.public_key.bytes).alg, nullptr);
  const Detected d = detect(priv_der);
  EXPECT_EQ(d.encoding, Encoding::der);
  EXPECT_EQ(d.kind, KeyKind::private_key);
  EXPECT_EQ(d.oid, "2.16.840.1.101.3.4.3.18");
  ASSERT_NE(d.alg, nullptr);
  EXPECT_EQ(d.alg->name, "ML-DSA-65");
  const Detected unknown = detect(spki_with("1.2.3.4", V_ASN1_UNDEF, Bytes{1, 2, 3}));
  EXPECT_EQ(unknown.encoding, Encoding::der);
  EXPECT_EQ(unknown.kind, KeyKind::public_key);
  EXPECT_EQ(unknown.oid, "1.2.3.4");
  EXPECT_EQ(unknown.alg, nullptr);
}

TEST_F(FormatsMalformed, EncoderRefusals) {
  PrivateKey no_seed = kp.private_key;
  no_seed.seed.reset();
  SecureBytes out;
  std::string error;
  EXPECT_FALSE(try_encode_private(no_seed, Encoding::der, PrivateForm::seed, out, &error));
  EXPECT_CONTAINS(error, "no seed is known");
  EXPECT_TRUE(out.empty());
  EXPECT_FALSE(try_encode_private(kp.private_key, Encoding::raw, PrivateForm::seed, out, &error));
  EXPECT_CONTAINS(error, "exists only in DER and PEM");
  const Algorithm& slh = alg("SLH-DSA-SHA2-128f");
  const KeyPair skp = from_seed(slh, seed_for(slh, 6));
  EXPECT_FALSE(try_encode_private(skp.private_key, Encoding::pem, PrivateForm::both, out, &error));
  EXPECT_CONTAINS(error, "single form");
  PrivateKey wrong_size = kp.private_key;
  wrong_size.expanded.pop_back();
  EXPECT_FALSE(try_encode_private(wrong_size, Encoding::der, std::nullopt, out, &error));
  EXPECT_CONTAINS(error, "expanded key has 4031 bytes");
  PublicKey no_alg;
  std::vector<std::uint8_t> pub_out;
  EXPECT_FALSE(try_encode_public(no_alg, Encoding::der, pub_out, &error));
  KeyPair kp_out;
  EXPECT_FALSE(try_from_seed(a, Bytes(31), kp_out, &error));
  EXPECT_CONTAINS(error, "seed has 31 bytes; expected 32");
  EXPECT_TRUE(try_from_seed(a, Bytes(32), kp_out, nullptr));
  PublicKey pub_of;
  EXPECT_TRUE(try_public_of(kp.private_key, pub_of, &error));
  EXPECT_TRUE(same(pub_of.bytes, kp.public_key.bytes));
}

}  // namespace
}  // namespace pqlab::formats
