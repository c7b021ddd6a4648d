// Classical baselines through OpenSSL 3 EVP: RSA-2048 (PSS signatures,
// OAEP encryption of a 32-byte secret), ECDSA P-256, Ed25519, X25519 and
// ECDH P-256. Each operation goes through EVP as an application would,
// creating its contexts per call.
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "subjects/subject.hpp"

namespace pqlab::lab {
namespace {

using Buffer = std::vector<unsigned char>;

struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct PkeyCtxFree {
  void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
};
struct MdCtxFree {
  void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;

[[noreturn]] void fail(const std::string& what) {
  char buf[256];
  ERR_error_string_n(ERR_get_error(), buf, sizeof buf);
  throw std::runtime_error("OpenSSL " + what + ": " + buf);
}
void check(int rc, const std::string& what) {
  if (rc <= 0) fail(what);
}

Buffer random_bytes(std::size_t n) {
  Buffer b(n);
  check(RAND_bytes(b.data(), static_cast<int>(n)), "RAND_bytes");
  return b;
}

enum class KeyType { rsa2048, p256, ed25519, x25519 };

Pkey generate(KeyType type) {
  EVP_PKEY* k = nullptr;
  switch (type) {
    case KeyType::rsa2048: k = EVP_RSA_gen(2048); break;
    case KeyType::p256: k = EVP_EC_gen("P-256"); break;
    case KeyType::ed25519: k = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"); break;
    case KeyType::x25519: k = EVP_PKEY_Q_keygen(nullptr, nullptr, "X25519"); break;
  }
  if (k == nullptr) fail("key generation");
  return Pkey(k);
}

// Digest used with the key: none for Ed25519 (pure EdDSA), SHA-256 otherwise.
const EVP_MD* digest_for(KeyType type) { return type == KeyType::ed25519 ? nullptr : EVP_sha256(); }

Buffer sign(EVP_PKEY* key, KeyType type, const Buffer& msg) {
  MdCtx md(EVP_MD_CTX_new());
  EVP_PKEY_CTX* pctx = nullptr;
  check(EVP_DigestSignInit(md.get(), &pctx, digest_for(type), nullptr, key), "DigestSignInit");
  if (type == KeyType::rsa2048) check(EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING), "PSS padding");
  std::size_t len = 0;
  check(EVP_DigestSign(md.get(), nullptr, &len, msg.data(), msg.size()), "DigestSign (length)");
  Buffer sig(len);
  check(EVP_DigestSign(md.get(), sig.data(), &len, msg.data(), msg.size()), "DigestSign");
  sig.resize(len);
  return sig;
}

void verify(EVP_PKEY* key, KeyType type, const Buffer& msg, const Buffer& sig) {
  MdCtx md(EVP_MD_CTX_new());
  EVP_PKEY_CTX* pctx = nullptr;
  check(EVP_DigestVerifyInit(md.get(), &pctx, digest_for(type), nullptr, key), "DigestVerifyInit");
  if (type == KeyType::rsa2048) check(EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING), "PSS padding");
  if (EVP_DigestVerify(md.get(), sig.data(), sig.size(), msg.data(), msg.size()) != 1) fail("signature rejected");
}

void set_oaep(EVP_PKEY_CTX* ctx) {
  check(EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING), "OAEP padding");
  check(EVP_PKEY_CTX_set_rsa_oaep_md(ctx, EVP_sha256()), "OAEP digest");
}

Buffer rsa_encrypt(EVP_PKEY* key, const Buffer& secret) {
  PkeyCtx ctx(EVP_PKEY_CTX_new(key, nullptr));
  check(EVP_PKEY_encrypt_init(ctx.get()), "encrypt_init");
  set_oaep(ctx.get());
  std::size_t len = 0;
  check(EVP_PKEY_encrypt(ctx.get(), nullptr, &len, secret.data(), secret.size()), "encrypt (length)");
  Buffer ct(len);
  check(EVP_PKEY_encrypt(ctx.get(), ct.data(), &len, secret.data(), secret.size()), "encrypt");
  ct.resize(len);
  return ct;
}

Buffer rsa_decrypt(EVP_PKEY* key, const Buffer& ct) {
  PkeyCtx ctx(EVP_PKEY_CTX_new(key, nullptr));
  check(EVP_PKEY_decrypt_init(ctx.get()), "decrypt_init");
  set_oaep(ctx.get());
  std::size_t len = 0;
  check(EVP_PKEY_decrypt(ctx.get(), nullptr, &len, ct.data(), ct.size()), "decrypt (length)");
  Buffer out(len);
  check(EVP_PKEY_decrypt(ctx.get(), out.data(), &len, ct.data(), ct.size()), "decrypt");
  out.resize(len);
  return out;
}

Buffer derive(EVP_PKEY* own, EVP_PKEY* peer) {
  PkeyCtx ctx(EVP_PKEY_CTX_new(own, nullptr));
  check(EVP_PKEY_derive_init(ctx.get()), "derive_init");
  check(EVP_PKEY_derive_set_peer(ctx.get(), peer), "derive_set_peer");
  std::size_t len = 0;
  check(EVP_PKEY_derive(ctx.get(), nullptr, &len), "derive (length)");
  Buffer out(len);
  check(EVP_PKEY_derive(ctx.get(), out.data(), &len), "derive");
  out.resize(len);
  return out;
}

struct KeyState {
  KeyType type;
  Pkey key, peer;
  Buffer msg, sig, secret, ct;
};

// Signature (and, for RSA, encryption) operations.
Instance signing_instance(KeyType type, std::size_t message_bytes, bool with_encryption) {
  auto st = std::make_shared<KeyState>();
  st->type = type;
  st->key = generate(type);
  st->msg = random_bytes(message_bytes);
  st->sig = sign(st->key.get(), type, st->msg);
  verify(st->key.get(), type, st->msg, st->sig);
  Instance in;
  in.operations.push_back({"keygen", [st] { generate(st->type); }});
  in.operations.push_back({"sign", [st] { sign(st->key.get(), st->type, st->msg); }});
  in.operations.push_back({"verify", [st] { verify(st->key.get(), st->type, st->msg, st->sig); }});
  if (with_encryption) {
    st->secret = random_bytes(32);
    st->ct = rsa_encrypt(st->key.get(), st->secret);
    if (rsa_decrypt(st->key.get(), st->ct) != st->secret) throw std::runtime_error("RSA-OAEP round trip failed");
    in.operations.push_back({"encrypt", [st] { rsa_encrypt(st->key.get(), st->secret); }});
    in.operations.push_back({"decrypt", [st] { rsa_decrypt(st->key.get(), st->ct); }});
  }
  return in;
}

Instance agreement_instance(KeyType type) {
  auto st = std::make_shared<KeyState>();
  st->type = type;
  st->key = generate(type);
  st->peer = generate(type);
  if (derive(st->key.get(), st->peer.get()) != derive(st->peer.get(), st->key.get()))
    throw std::runtime_error("key agreement disagrees");
  Instance in;
  in.operations.push_back({"keygen", [st] { generate(st->type); }});
  in.operations.push_back({"derive", [st] { derive(st->key.get(), st->peer.get()); }});
  return in;
}

std::size_t public_key_size(EVP_PKEY* key, KeyType type) {
  if (type == KeyType::ed25519 || type == KeyType::x25519) {
    std::size_t len = 0;
    check(EVP_PKEY_get_raw_public_key(key, nullptr, &len), "raw public key");
    return len;
  }
  const int len = i2d_PublicKey(key, nullptr);  // RSA: PKCS#1 DER; EC: uncompressed point
  check(len, "public key encoding");
  return static_cast<std::size_t>(len);
}

std::size_t secret_key_size(EVP_PKEY* key, KeyType type) {
  if (type == KeyType::rsa2048) {
    const int len = i2d_PrivateKey(key, nullptr);  // PKCS#1 RSAPrivateKey DER
    check(len, "private key encoding");
    return static_cast<std::size_t>(len);
  }
  return 32;  // the scalar (P-256) or seed (Ed25519, X25519)
}

Subject make(const std::string& name, const std::string& standard, const std::string& kind, KeyType type,
             std::vector<std::string> ops, std::function<Instance()> instantiate) {
  Subject s;
  s.name = name;
  s.standard = standard;
  s.kind = kind;
  s.family = SubjectFamily::classical;
  s.operation_names = std::move(ops);
  s.instantiate = std::move(instantiate);
  const Pkey key = generate(type);
  s.public_key_bytes = public_key_size(key.get(), type);
  s.secret_key_bytes = secret_key_size(key.get(), type);
  return s;
}

}  // namespace

const std::vector<std::string>& classical_subject_names() {
  static const std::vector<std::string> names = {"RSA-2048", "ECDSA-P256", "Ed25519", "X25519", "ECDH-P256"};
  return names;
}

std::string openssl_version() { return OpenSSL_version(OPENSSL_VERSION); }

std::vector<Subject> classical_subjects(std::size_t message_bytes) {
  std::vector<Subject> out;
  Subject rsa = make("RSA-2048", "RFC 8017 (PSS, OAEP-SHA-256)", "signature+encryption", KeyType::rsa2048,
                     {"keygen", "sign", "verify", "encrypt", "decrypt"},
                     [message_bytes] { return signing_instance(KeyType::rsa2048, message_bytes, true); });
  rsa.signature_bytes = 256;
  rsa.ciphertext_bytes = 256;
  rsa.shared_secret_bytes = 32;
  rsa.size_note = "public key: PKCS#1 DER; secret key: PKCS#1 DER; encrypt transports a 32-byte secret";
  out.push_back(std::move(rsa));

  Subject ecdsa = make("ECDSA-P256", "FIPS 186-5", "signature", KeyType::p256, {"keygen", "sign", "verify"},
                       [message_bytes] { return signing_instance(KeyType::p256, message_bytes, false); });
  ecdsa.signature_bytes = 72;
  ecdsa.size_note = "public key: uncompressed point; signature: DER, at most 72 bytes";
  out.push_back(std::move(ecdsa));

  Subject ed = make("Ed25519", "RFC 8032", "signature", KeyType::ed25519, {"keygen", "sign", "verify"},
                    [message_bytes] { return signing_instance(KeyType::ed25519, message_bytes, false); });
  ed.signature_bytes = 64;
  ed.size_note = "raw keys and signature";
  out.push_back(std::move(ed));

  Subject x = make("X25519", "RFC 7748", "key-agreement", KeyType::x25519, {"keygen", "derive"},
                   [] { return agreement_instance(KeyType::x25519); });
  x.ciphertext_bytes = x.public_key_bytes;
  x.shared_secret_bytes = 32;
  x.size_note = "raw keys; the peer's message is its public key";
  out.push_back(std::move(x));

  Subject ecdh = make("ECDH-P256", "SP 800-56A", "key-agreement", KeyType::p256, {"keygen", "derive"},
                      [] { return agreement_instance(KeyType::p256); });
  ecdh.ciphertext_bytes = ecdh.public_key_bytes;
  ecdh.shared_secret_bytes = 32;
  ecdh.size_note = "uncompressed points; the peer's message is its public key";
  out.push_back(std::move(ecdh));
  return out;
}

}  // namespace pqlab::lab
