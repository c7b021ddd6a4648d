// pqlab lab: providers, certificates and SSL_CTX objects for TLS tests/bench.
#include "tls/tls_setup.hpp"

#include <openssl/err.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

#include <mutex>

#include "pqlab_provider.h"

namespace pqlab::tls {
namespace {

[[noreturn]] void fail(const std::string& what) { throw TlsError(what + ": " + drain_openssl_errors()); }

Pkey generate_key(CertKind kind) {
  EVP_PKEY* key = nullptr;
  switch (kind) {
    case CertKind::ecdsa_p256: key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"); break;
    case CertKind::rsa2048: key = EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", std::size_t{2048}); break;
    case CertKind::ed25519: key = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"); break;
  }
  if (key == nullptr) fail("certificate key generation");
  return Pkey(key);
}

}  // namespace

std::string drain_openssl_errors() {
  std::string all;
  char buf[256];
  for (unsigned long e = ERR_get_error(); e != 0; e = ERR_get_error()) {
    ERR_error_string_n(e, buf, sizeof buf);
    if (!all.empty()) all += "; ";
    all += buf;
  }
  return all.empty() ? "no OpenSSL error" : all;
}

void load_providers(const std::string& module_dir) {
  static std::once_flag once;
  std::call_once(once, [&] {
    if (OSSL_PROVIDER_load(nullptr, "default") == nullptr) fail("loading the default provider");
    if (module_dir.empty()) {
      if (!OSSL_PROVIDER_add_builtin(nullptr, "pqlab", pqlab_provider_init))
        fail("registering the built-in pqlab provider");
    } else if (!OSSL_PROVIDER_set_default_search_path(nullptr, module_dir.c_str())) {
      fail("setting the provider search path");
    }
    if (OSSL_PROVIDER_load(nullptr, "pqlab") == nullptr) fail("loading the pqlab provider");
  });
}

const char* cert_kind_name(CertKind k) {
  switch (k) {
    case CertKind::ecdsa_p256: return "ECDSA-P256";
    case CertKind::rsa2048: return "RSA-2048";
    case CertKind::ed25519: return "Ed25519";
  }
  return "?";
}

CertKind parse_cert_kind(const std::string& name) {
  for (CertKind k : {CertKind::ecdsa_p256, CertKind::rsa2048, CertKind::ed25519})
    if (name == cert_kind_name(k)) return k;
  throw TlsError("unknown certificate kind '" + name + "' (ECDSA-P256, RSA-2048, Ed25519)");
}

Credentials make_credentials(CertKind kind) {
  Credentials c{kind, generate_key(kind), Cert(X509_new()), Cert(), Cert()};
  X509* x = c.cert.get();
  if (x == nullptr || !X509_set_version(x, X509_VERSION_3) || !ASN1_INTEGER_set(X509_get_serialNumber(x), 1) ||
      X509_gmtime_adj(X509_getm_notBefore(x), -60) == nullptr ||
      X509_gmtime_adj(X509_getm_notAfter(x), 24 * 3600) == nullptr || !X509_set_pubkey(x, c.key.get()))
    fail("certificate fields");
  X509_NAME* name = X509_get_subject_name(x);
  if (!X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1, -1,
                                  0) ||
      !X509_set_issuer_name(x, name))
    fail("certificate name");
  // Ed25519 signs without a separate digest.
  const EVP_MD* md = kind == CertKind::ed25519 ? nullptr : EVP_sha256();
  if (X509_sign(x, c.key.get(), md) == 0) fail("certificate signature");
  return c;
}

SslCtx make_server_ctx(const Credentials& creds, const std::string& groups) {
  SslCtx ctx(SSL_CTX_new(TLS_server_method()));
  if (!ctx) fail("SSL_CTX_new (server)");
  SSL_CTX_set_min_proto_version(ctx.get(), TLS1_3_VERSION);
  SSL_CTX_set_max_proto_version(ctx.get(), TLS1_3_VERSION);
  SSL_CTX_set_session_cache_mode(ctx.get(), SSL_SESS_CACHE_OFF);
  SSL_CTX_set_num_tickets(ctx.get(), 0);
  if (SSL_CTX_use_certificate(ctx.get(), creds.cert.get()) != 1 ||
      SSL_CTX_use_PrivateKey(ctx.get(), creds.key.get()) != 1)
    fail("server certificate");
  if (creds.intermediate && SSL_CTX_add1_chain_cert(ctx.get(), creds.intermediate.get()) != 1)
    fail("server certificate chain");
  if (SSL_CTX_set1_groups_list(ctx.get(), groups.c_str()) != 1) fail("server groups '" + groups + "'");
  return ctx;
}

SslCtx make_client_ctx(const std::string& groups, X509* trusted) {
  SslCtx ctx(SSL_CTX_new(TLS_client_method()));
  if (!ctx) fail("SSL_CTX_new (client)");
  SSL_CTX_set_min_proto_version(ctx.get(), TLS1_3_VERSION);
  SSL_CTX_set_max_proto_version(ctx.get(), TLS1_3_VERSION);
  SSL_CTX_set_session_cache_mode(ctx.get(), SSL_SESS_CACHE_OFF);
  SSL_CTX_set_options(ctx.get(), SSL_OP_NO_TICKET);
  if (SSL_CTX_set1_groups_list(ctx.get(), groups.c_str()) != 1) fail("client groups '" + groups + "'");
  if (trusted != nullptr) {
    if (X509_STORE_add_cert(SSL_CTX_get_cert_store(ctx.get()), trusted) != 1) fail("client trust store");
    SSL_CTX_set_verify(ctx.get(), SSL_VERIFY_PEER, nullptr);
  }
  return ctx;
}

}  // namespace pqlab::tls
