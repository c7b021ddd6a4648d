// pqlab lab: TLS 1.3 endpoints for the handshake benchmark and the provider
// tests — loading the pqlab provider, self-signed certificates made at run
// time, and client/server SSL_CTX objects configured for one measurement.
#pragma once
#include <openssl/ssl.h>

#include <memory>
#include <string>
#include <vector>

namespace pqlab::tls {

struct SslCtxFree {
  void operator()(SSL_CTX* p) const { SSL_CTX_free(p); }
};
using SslCtx = std::unique_ptr<SSL_CTX, SslCtxFree>;
struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
struct X509Free {
  void operator()(X509* p) const { X509_free(p); }
};
using Cert = std::unique_ptr<X509, X509Free>;

// Thrown by the setup functions when OpenSSL refuses something (the message
// carries OpenSSL's error queue).
class TlsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// OpenSSL's error queue of this thread as one line, emptied.
std::string drain_openssl_errors();

// Loads the default provider and pqlab into the default library context:
// from `module_dir`/pqlab.so when given, otherwise the copy of the provider
// linked into this program (OSSL_PROVIDER_add_builtin). Idempotent.
void load_providers(const std::string& module_dir = {});

enum class CertKind { ecdsa_p256, rsa2048, ed25519 };
const char* cert_kind_name(CertKind k);             // "ECDSA-P256", "RSA-2048", "Ed25519"
CertKind parse_cert_kind(const std::string& name);  // TlsError if unknown

struct Credentials {
  CertKind kind;
  Pkey key;
  Cert cert;  // self-signed, CN=localhost, valid for a day (or a chain's leaf)
  // A chain's (tls/cert_chain.hpp): the intermediate the server sends after
  // the leaf, and the root the client trusts; null for a self-signed cert.
  Cert intermediate, root;
  X509* trust_anchor() const { return root ? root.get() : cert.get(); }
};
Credentials make_credentials(CertKind kind);

// Server: TLS 1.3 only, the certificate (and the intermediate after it when
// the credentials have one), the given groups (OpenSSL group list syntax), no
// session tickets (every handshake is a full one).
SslCtx make_server_ctx(const Credentials& creds, const std::string& groups);
// Client: TLS 1.3 only, the given groups in preference order (OpenSSL 3.0
// sends a key share for the first one only), no session cache, and the
// server certificate verified against `trusted` (the self-signed cert).
SslCtx make_client_ctx(const std::string& groups, X509* trusted);

}  // namespace pqlab::tls
