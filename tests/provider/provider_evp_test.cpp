// The pqlab provider through EVP: round trips, raw import/export, a
// known-answer check against the core, the hybrid part order, and rejection
// of bad lengths, keys failing the modulus check and invalid points.
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include <algorithm>

#include "pqlab/registry.hpp"
#include "provider_support.hpp"

namespace pqlab::provider_test {
namespace {

class ProviderEvp : public ::testing::TestWithParam<KemCase> {
 protected:
  void SetUp() override { load_test_providers(); }
};

std::string case_name(const ::testing::TestParamInfo<KemCase>& info) { return info.param.group; }

Bytes concat(const Bytes& a, const Bytes& b) {
  Bytes out(a);
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

// An EVP key pair on the classical curve from OpenSSL's default provider,
// and a peer public key from its TLS encoding.
Pkey classical_pair(const std::string& curve) {
  if (curve == "X25519") return Pkey(EVP_PKEY_Q_keygen(nullptr, nullptr, "X25519"));
  return Pkey(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", curve.c_str()));
}

Bytes encoded_public(EVP_PKEY* key) {
  unsigned char* buf = nullptr;
  const std::size_t n = EVP_PKEY_get1_encoded_public_key(key, &buf);
  Bytes out(buf, buf + n);
  OPENSSL_free(buf);
  return out;
}

Pkey classical_peer(const std::string& curve, const Bytes& pub) {
  if (curve == "X25519")
    return Pkey(EVP_PKEY_new_raw_public_key_ex(nullptr, "X25519", nullptr, pub.data(), pub.size()));
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr);
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, const_cast<char*>(curve.c_str()), 0),
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, const_cast<std::uint8_t*>(pub.data()), pub.size()),
      OSSL_PARAM_construct_end()};
  EVP_PKEY* key = nullptr;
  EVP_PKEY_fromdata_init(ctx);
  EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params);
  EVP_PKEY_CTX_free(ctx);
  return Pkey(key);
}

Bytes derive(EVP_PKEY* own, EVP_PKEY* peer) {
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr);
  std::size_t len = 0;
  Bytes out;
  if (EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, peer) == 1 &&
      EVP_PKEY_derive(ctx, nullptr, &len) == 1) {
    out.resize(len);
    if (EVP_PKEY_derive(ctx, out.data(), &len) != 1) out.clear();
  }
  EVP_PKEY_CTX_free(ctx);
  return out;
}

// Splits a composed buffer into (ML-KEM part, classical part) by the draft's order.
std::pair<Bytes, Bytes> split(const KemCase& c, const Bytes& whole, std::size_t mlkem_bytes) {
  const std::size_t classical_bytes = whole.size() - mlkem_bytes;
  if (c.classical_first)
    return {Bytes(whole.begin() + static_cast<long>(classical_bytes), whole.end()),
            Bytes(whole.begin(), whole.begin() + static_cast<long>(classical_bytes))};
  return {Bytes(whole.begin(), whole.begin() + static_cast<long>(mlkem_bytes)),
          Bytes(whole.begin() + static_cast<long>(mlkem_bytes), whole.end())};
}
Bytes join(const KemCase& c, const Bytes& mlkem, const Bytes& classical) {
  return c.classical_first ? concat(classical, mlkem) : concat(mlkem, classical);
}

TEST_P(ProviderEvp, RoundTripHasTheDraftSizes) {
  const KemCase& c = GetParam();
  Pkey key = generate(c.name);
  ASSERT_TRUE(key) << c.name;
  EXPECT_EQ(public_key(key.get()).size(), c.public_key);
  EXPECT_EQ(encoded_public(key.get()), public_key(key.get()));
  const Encapsulation enc = encapsulate(key.get());
  ASSERT_TRUE(enc.ok);
  EXPECT_EQ(enc.ciphertext.size(), c.ciphertext);
  EXPECT_EQ(enc.secret.size(), c.shared_secret);
  const Encapsulation dec = decapsulate(key.get(), enc.ciphertext);
  ASSERT_TRUE(dec.ok);
  EXPECT_EQ(dec.secret, enc.secret);
  // Two encapsulations give different secrets.
  EXPECT_NE(encapsulate(key.get()).secret, enc.secret);
}

TEST_P(ProviderEvp, RawImportExportRoundTrip) {
  const KemCase& c = GetParam();
  Pkey key = generate(c.name);
  ASSERT_TRUE(key);
  const Bytes pub = public_key(key.get());
  const Bytes priv = private_key(key.get());
  ASSERT_FALSE(priv.empty());
  // Public only: encapsulate to the imported key, decapsulate with the original.
  Pkey pub_only = import_key(c.name, pub);
  ASSERT_TRUE(pub_only);
  EXPECT_EQ(public_key(pub_only.get()), pub);
  EXPECT_TRUE(private_key(pub_only.get()).empty());
  ERR_clear_error();
  const Encapsulation enc = encapsulate(pub_only.get());
  ASSERT_TRUE(enc.ok);
  EXPECT_EQ(decapsulate(key.get(), enc.ciphertext).secret, enc.secret);
  // A public-only key cannot decapsulate.
  EXPECT_FALSE(decapsulate(pub_only.get(), enc.ciphertext).ok);
  // Key pair: the imported private key decapsulates the same secret.
  Pkey pair = import_key(c.name, pub, priv);
  ASSERT_TRUE(pair);
  EXPECT_EQ(private_key(pair.get()), priv);
  EXPECT_EQ(decapsulate(pair.get(), enc.ciphertext).secret, enc.secret);
  // EVP_PKEY_eq compares public keys.
  EXPECT_EQ(EVP_PKEY_eq(pair.get(), key.get()), 1);
}

// Known answer against the core: the core makes a key pair from a fixed
// seed and encapsulates deterministically; the provider, given the same
// private key, must decapsulate to the core's secret. For hybrids the
// classical half comes from OpenSSL's default provider, and the secret must
// be the concatenation in the draft's order.
TEST_P(ProviderEvp, DecapsulationMatchesTheCore) {
  const KemCase& c = GetParam();
  const Algorithm* m = find_algorithm(c.mlkem);
  ASSERT_NE(m, nullptr);
  Bytes seed(m->seed_bytes), msg(32), ek(m->public_key_bytes), dk(m->secret_key_bytes);
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i * 7 + 1);
  std::fill(msg.begin(), msg.end(), std::uint8_t{0x5a});
  ASSERT_EQ(m->kem->keygen_from_seed(ek, dk, seed), Status::ok);
  Bytes ct(m->ciphertext_bytes), ss(m->shared_secret_bytes);
  ASSERT_EQ(m->kem->encaps_derand(ct, ss, ek, msg), Status::ok);

  Bytes pub = ek, priv = dk, ciphertext = ct, expected = ss;
  if (*c.classical != '\0') {
    Pkey own = classical_pair(c.classical);
    Pkey eph = classical_pair(c.classical);
    ASSERT_TRUE(own && eph);
    const Bytes own_pub = encoded_public(own.get());
    Bytes own_priv;
    if (std::string(c.classical) == "X25519") {
      own_priv.resize(32);
      std::size_t len = 32;
      ASSERT_EQ(EVP_PKEY_get_raw_private_key(own.get(), own_priv.data(), &len), 1);
    } else {
      BIGNUM* bn = nullptr;
      ASSERT_EQ(EVP_PKEY_get_bn_param(own.get(), OSSL_PKEY_PARAM_PRIV_KEY, &bn), 1);
      own_priv.resize(c.shared_secret - 32);
      BN_bn2binpad(bn, own_priv.data(), static_cast<int>(own_priv.size()));
      BN_clear_free(bn);
    }
    const Bytes classical_secret = derive(eph.get(), own.get());
    ASSERT_FALSE(classical_secret.empty());
    pub = join(c, ek, own_pub);
    priv = join(c, dk, own_priv);
    ciphertext = join(c, ct, encoded_public(eph.get()));
    expected = join(c, ss, classical_secret);
  }
  Pkey key = import_key(c.name, pub, priv);
  ASSERT_TRUE(key);
  const Encapsulation dec = decapsulate(key.get(), ciphertext);
  ASSERT_TRUE(dec.ok);
  EXPECT_EQ(dec.secret, expected);
}

// The provider's own encapsulation, split by the draft's order, decapsulates
// with the core (ML-KEM part) and derives with EVP (classical part).
TEST_P(ProviderEvp, EncapsulationPartsAreInTheDraftOrder) {
  const KemCase& c = GetParam();
  const Algorithm* m = find_algorithm(c.mlkem);
  Pkey key = generate(c.name);
  ASSERT_TRUE(key);
  const Encapsulation enc = encapsulate(key.get());
  ASSERT_TRUE(enc.ok);
  const auto [dk, classical_priv] = split(c, private_key(key.get()), m->secret_key_bytes);
  const auto [ct, classical_ct] = split(c, enc.ciphertext, m->ciphertext_bytes);
  const auto [ss, classical_ss] = split(c, enc.secret, m->shared_secret_bytes);
  Bytes core_ss(32);
  ASSERT_EQ(m->kem->decaps(core_ss, ct, dk), Status::ok);
  EXPECT_EQ(core_ss, ss);
  if (*c.classical != '\0') {
    const auto [ek, classical_pub] = split(c, public_key(key.get()), m->public_key_bytes);
    EXPECT_EQ(classical_pub.size(), classical_ct.size());
    // An EC share is an uncompressed point (0x04 first). An X25519 share is
    // 32 random-looking bytes with no format byte (its first byte is 0x04
    // once in 256 keys), so only its length says which part it is.
    if (std::string(c.classical) != "X25519") EXPECT_EQ(classical_pub[0], 0x04);
  }
}

TEST_P(ProviderEvp, RejectsWrongLengths) {
  const KemCase& c = GetParam();
  Pkey key = generate(c.name);
  ASSERT_TRUE(key);
  Bytes pub = public_key(key.get());
  const Encapsulation enc = encapsulate(key.get());
  ASSERT_TRUE(enc.ok);
  for (long delta : {-1L, 1L}) {
    Bytes bad_pub(pub);
    bad_pub.resize(static_cast<std::size_t>(static_cast<long>(pub.size()) + delta));
    EXPECT_FALSE(import_key(c.name, bad_pub)) << delta;
    Bytes bad_ct(enc.ciphertext);
    bad_ct.resize(static_cast<std::size_t>(static_cast<long>(bad_ct.size()) + delta));
    EXPECT_FALSE(decapsulate(key.get(), bad_ct).ok) << delta;
  }
  EXPECT_FALSE(import_key(c.name, Bytes{}, Bytes(10))) << "short private key";
  // A public key set through the TLS path (encoded public key) is checked too.
  Pkey pub_only = import_key(c.name, pub);
  ASSERT_TRUE(pub_only);
  EXPECT_NE(EVP_PKEY_set1_encoded_public_key(pub_only.get(), pub.data(), pub.size() - 1), 1);
  ERR_clear_error();
}

TEST_P(ProviderEvp, RejectsAnEncapsulationKeyFailingTheModulusCheck) {
  const KemCase& c = GetParam();
  const Algorithm* m = find_algorithm(c.mlkem);
  Pkey key = generate(c.name);
  ASSERT_TRUE(key);
  Bytes pub = public_key(key.get());
  // FIPS 203 §7.2: the first 12-bit coefficient of the ML-KEM part set to
  // 4095 >= q.
  const std::size_t at = c.classical_first ? pub.size() - m->public_key_bytes : 0;
  pub[at] = 0xff;
  pub[at + 1] |= 0x0f;
  EXPECT_FALSE(import_key(c.name, pub));
  Pkey fresh = generate(c.name);
  EXPECT_NE(EVP_PKEY_set1_encoded_public_key(fresh.get(), pub.data(), pub.size()), 1);
  ERR_clear_error();
}

TEST_P(ProviderEvp, ImplicitRejectionOfATamperedCiphertext) {
  const KemCase& c = GetParam();
  const Algorithm* m = find_algorithm(c.mlkem);
  Pkey key = generate(c.name);
  const Encapsulation enc = encapsulate(key.get());
  ASSERT_TRUE(enc.ok);
  Bytes ct = enc.ciphertext;
  ct[c.classical_first ? ct.size() - 1 : 0] ^= 1;  // inside the ML-KEM part
  const Encapsulation dec = decapsulate(key.get(), ct);
  ASSERT_TRUE(dec.ok);
  EXPECT_NE(dec.secret, enc.secret);
  const auto [ss, classical_ss] = split(c, dec.secret, m->shared_secret_bytes);
  const auto [ss0, classical_ss0] = split(c, enc.secret, m->shared_secret_bytes);
  EXPECT_EQ(classical_ss, classical_ss0);
}

INSTANTIATE_TEST_SUITE_P(AllKems, ProviderEvp, ::testing::ValuesIn(kem_cases), case_name);

const KemCase& find_case(const std::string& name) {
  return *std::find_if(std::begin(kem_cases), std::end(kem_cases), [&](const KemCase& c) { return name == c.name; });
}

// X25519MLKEM768: an all-zero X25519 share is a low-order point; the
// X25519 output would be all zero, which OpenSSL refuses.
TEST(ProviderEvpHybrid, RejectsALowOrderX25519Share) {
  load_test_providers();
  const KemCase& c = find_case("X25519MLKEM768");
  Pkey key = generate(c.name);
  Bytes pub = public_key(key.get());
  ASSERT_EQ(pub.size(), c.public_key);
  std::fill(pub.begin() + 1184, pub.end(), std::uint8_t{0});
  Pkey peer = import_key(c.name, pub);
  // Refused either when the key share is set or when encapsulating to it.
  EXPECT_TRUE(!peer || !encapsulate(peer.get()).ok);
  Encapsulation enc = encapsulate(key.get());
  ASSERT_TRUE(enc.ok);
  ASSERT_EQ(enc.ciphertext.size(), c.ciphertext);
  std::fill(enc.ciphertext.begin() + 1088, enc.ciphertext.end(), std::uint8_t{0});
  EXPECT_FALSE(decapsulate(key.get(), enc.ciphertext).ok);
}

// SecP256r1MLKEM768 / SecP384r1MLKEM1024: a point off the curve, and a
// compressed point, are refused in the public key and in the ciphertext.
TEST(ProviderEvpHybrid, RejectsInvalidEcPoints) {
  load_test_providers();
  for (const char* name : {"SecP256r1MLKEM768", "SecP384r1MLKEM1024"}) {
    const KemCase& c = find_case(name);
    const std::size_t point_bytes = std::string(c.classical) == "P-256" ? 65 : 97;
    Pkey key = generate(name);
    Bytes pub = public_key(key.get());
    Bytes off_curve(pub);
    off_curve[point_bytes - 1] ^= 1;  // last byte of y
    EXPECT_FALSE(import_key(name, off_curve)) << name;
    Bytes compressed(pub);
    compressed[0] = 0x02;
    EXPECT_FALSE(import_key(name, compressed)) << name;
    Encapsulation enc = encapsulate(key.get());
    ASSERT_TRUE(enc.ok);
    enc.ciphertext[point_bytes - 1] ^= 1;
    EXPECT_FALSE(decapsulate(key.get(), enc.ciphertext).ok) << name;
  }
}

}  // namespace
}  // namespace pqlab::provider_test
