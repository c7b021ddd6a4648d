// pqlab lab: certificate chains built with libcrypto's X509 API.
#include "tls/cert_chain.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/x509v3.h>

namespace pqlab::tls {
namespace {

[[noreturn]] void fail(const std::string& what) { throw TlsError(what + ": " + drain_openssl_errors()); }

Pkey generate(const std::string& scheme) {
  EVP_PKEY* key = nullptr;
  if (scheme == "ECDSA-P256") {
    key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
  } else if (scheme == "RSA-2048") {
    key = EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", std::size_t{2048});
  } else if (scheme == "Ed25519") {
    key = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
  } else {
    // ML-DSA / SLH-DSA: only the pqlab provider has them on OpenSSL 3.0.
    EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, scheme.c_str(), "provider=pqlab");
    if (ctx == nullptr || EVP_PKEY_keygen_init(ctx) != 1 || EVP_PKEY_generate(ctx, &key) != 1) key = nullptr;
    EVP_PKEY_CTX_free(ctx);
  }
  if (key == nullptr) fail(scheme + " key generation");
  return Pkey(key);
}

// ECDSA and RSA certificates are signed with SHA-256 (ecdsa-with-SHA256,
// sha256WithRSAEncryption); Ed25519, ML-DSA and SLH-DSA are pure (no digest).
const EVP_MD* cert_digest(const std::string& scheme) {
  return scheme == "ECDSA-P256" || scheme == "RSA-2048" ? EVP_sha256() : nullptr;
}

void add_ext(X509* cert, X509* issuer, int nid, const char* value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
  X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
  if (ext == nullptr || X509_add_ext(cert, ext, -1) != 1) {
    X509_EXTENSION_free(ext);
    fail(std::string("certificate extension ") + OBJ_nid2sn(nid));
  }
  X509_EXTENSION_free(ext);
}

void set_name(X509_NAME* name, const std::string& cn) {
  const auto* org = reinterpret_cast<const unsigned char*>("pqlab lab");
  if (!X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, org, -1, -1, 0) ||
      !X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(cn.c_str()), -1, -1,
                                  0))
    fail("certificate name");
}

enum class Level { root, intermediate, leaf };

// RFC 5280 §4.1 fields and §4.2.1 extensions. The serial is 16 random
// bytes with the top bit clear (a positive INTEGER of fixed length), so the
// DER size of a chain does not vary between runs except through ECDSA's
// variable-length signatures.
Cert make_cert(Level level, const std::string& scheme, EVP_PKEY* subject_key, X509* issuer, EVP_PKEY* issuer_key,
               const std::string& issuer_scheme) {
  Cert c(X509_new());
  X509* x = c.get();
  unsigned char serial[16];
  if (x == nullptr || RAND_bytes(serial, sizeof serial) != 1) fail("certificate");
  serial[0] = static_cast<unsigned char>((serial[0] & 0x7f) | 0x40);
  BIGNUM* bn = BN_bin2bn(serial, sizeof serial, nullptr);
  const bool serial_ok = bn != nullptr && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x)) != nullptr;
  BN_free(bn);
  const long days = level == Level::leaf ? 90 : level == Level::intermediate ? 5 * 365 : 20 * 365;
  if (!serial_ok || !X509_set_version(x, X509_VERSION_3) || X509_gmtime_adj(X509_getm_notBefore(x), -3600) == nullptr ||
      X509_gmtime_adj(X509_getm_notAfter(x), days * 24 * 3600) == nullptr || !X509_set_pubkey(x, subject_key))
    fail("certificate fields");
  const std::string cn = level == Level::leaf           ? "localhost"
                         : level == Level::intermediate ? "pqlab " + scheme + " Intermediate CA"
                                                        : "pqlab " + scheme + " Root CA";
  set_name(X509_get_subject_name(x), cn);
  X509* signer = issuer != nullptr ? issuer : x;
  if (!X509_set_issuer_name(x, X509_get_subject_name(signer))) fail("certificate issuer");
  switch (level) {
    case Level::root:
      add_ext(x, signer, NID_basic_constraints, "critical,CA:TRUE");
      add_ext(x, signer, NID_key_usage, "critical,keyCertSign,cRLSign");
      add_ext(x, signer, NID_subject_key_identifier, "hash");
      break;
    case Level::intermediate:
      add_ext(x, signer, NID_basic_constraints, "critical,CA:TRUE,pathlen:0");
      add_ext(x, signer, NID_key_usage, "critical,keyCertSign,cRLSign");
      add_ext(x, signer, NID_subject_key_identifier, "hash");
      add_ext(x, signer, NID_authority_key_identifier, "keyid:always");
      break;
    case Level::leaf:
      add_ext(x, signer, NID_basic_constraints, "critical,CA:FALSE");
      add_ext(x, signer, NID_key_usage, "critical,digitalSignature");
      add_ext(x, signer, NID_ext_key_usage, "serverAuth");
      add_ext(x, signer, NID_subject_alt_name, "DNS:localhost");
      add_ext(x, signer, NID_subject_key_identifier, "hash");
      add_ext(x, signer, NID_authority_key_identifier, "keyid:always");
      break;
  }
  if (X509_sign(x, issuer_key, cert_digest(issuer_scheme)) == 0) fail(issuer_scheme + " certificate signature");
  return c;
}

Pkey up_ref(EVP_PKEY* k) {
  EVP_PKEY_up_ref(k);
  return Pkey(k);
}
Cert up_ref(X509* c) {
  X509_up_ref(c);
  return Cert(c);
}

}  // namespace

const std::vector<std::string>& sig_scheme_names() {
  static const std::vector<std::string> names = {"ECDSA-P256",        "RSA-2048",          "Ed25519",
                                                 "ML-DSA-44",         "ML-DSA-65",         "ML-DSA-87",
                                                 "SLH-DSA-SHA2-128s", "SLH-DSA-SHA2-128f", "SLH-DSA-SHAKE-128s"};
  return names;
}

bool is_classical_scheme(const std::string& name) {
  return name == "ECDSA-P256" || name == "RSA-2048" || name == "Ed25519";
}

bool ChainSpec::classical() const {
  return is_classical_scheme(root) && is_classical_scheme(intermediate) && is_classical_scheme(leaf);
}

std::string ChainSpec::label() const { return uniform() ? leaf : root + "/" + intermediate + "/" + leaf; }

namespace {
std::string known_schemes() {
  std::string s;
  for (const std::string& n : sig_scheme_names()) s += (s.empty() ? "" : ", ") + n;
  return s;
}
void check_scheme(const std::string& name) {
  for (const std::string& n : sig_scheme_names())
    if (n == name) return;
  throw TlsError("unknown certificate kind '" + name + "' (" + known_schemes() + ")");
}
}  // namespace

ChainSpec parse_cert_scheme(const std::string& name) {
  check_scheme(name);
  return {name, name, name};
}

ChainSpec parse_chain(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = text.find('/', start);
    parts.push_back(text.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  if (parts.size() != 3) throw TlsError("--chain '" + text + "': expected ROOT/INTERMEDIATE/LEAF (three scheme names)");
  for (const std::string& p : parts) check_scheme(p);
  return {parts[0], parts[1], parts[2]};
}

Chain build_chain(const ChainSpec& spec) {
  load_providers();
  Chain c;
  c.spec = spec;
  c.root_key = generate(spec.root);
  c.intermediate_key = generate(spec.intermediate);
  c.leaf_key = generate(spec.leaf);
  c.root = make_cert(Level::root, spec.root, c.root_key.get(), nullptr, c.root_key.get(), spec.root);
  c.intermediate = make_cert(Level::intermediate, spec.intermediate, c.intermediate_key.get(), c.root.get(),
                             c.root_key.get(), spec.root);
  c.leaf = make_cert(Level::leaf, spec.leaf, c.leaf_key.get(), c.intermediate.get(), c.intermediate_key.get(),
                     spec.intermediate);
  return c;
}

std::vector<unsigned char> cert_der(X509* cert) {
  unsigned char* der = nullptr;
  const int n = i2d_X509(cert, &der);
  if (n <= 0) fail("certificate encoding");
  std::vector<unsigned char> out(der, der + n);
  OPENSSL_free(der);
  return out;
}

std::size_t cert_public_key_bytes(X509* cert) {
  const ASN1_BIT_STRING* bits = X509_get0_pubkey_bitstr(cert);
  if (bits == nullptr) fail("certificate public key");
  return static_cast<std::size_t>(ASN1_STRING_length(bits));
}

Credentials chain_credentials(const Chain& chain) {
  if (!is_classical_scheme(chain.spec.leaf))
    throw TlsError(chain.spec.leaf + ": OpenSSL 3.0 cannot use this scheme in a TLS 1.3 handshake");
  return Credentials{parse_cert_kind(chain.spec.leaf), up_ref(chain.leaf_key.get()), up_ref(chain.leaf.get()),
                     up_ref(chain.intermediate.get()), up_ref(chain.root.get())};
}

}  // namespace pqlab::tls
