// pqlab lab: X.509 certificate chains for the TLS authentication study —
// root CA → intermediate CA → leaf, each signed through EVP (the pqlab
// provider for ML-DSA / SLH-DSA, the default provider for ECDSA, RSA and
// Ed25519), with the extensions a public CA's chain carries.
#pragma once
#include <string>
#include <vector>

#include "tls/tls_setup.hpp"

namespace pqlab::tls {

// The signature schemes of the study, by the names `--cert` takes:
// ECDSA-P256, RSA-2048, Ed25519, ML-DSA-44, ML-DSA-65, ML-DSA-87,
// SLH-DSA-SHA2-128s, SLH-DSA-SHA2-128f, SLH-DSA-SHAKE-128s.
const std::vector<std::string>& sig_scheme_names();
bool is_classical_scheme(const std::string& name);  // ECDSA-P256, RSA-2048, Ed25519

// Which scheme signs at each level (the root's key signs the intermediate,
// the intermediate's key signs the leaf, the leaf's key signs
// CertificateVerify).
struct ChainSpec {
  std::string root, intermediate, leaf;
  bool uniform() const { return root == intermediate && intermediate == leaf; }
  bool classical() const;     // all three classical
  std::string label() const;  // "ML-DSA-65" or "SLH-DSA-SHA2-128s/ML-DSA-65/ML-DSA-44"
  bool operator==(const ChainSpec&) const = default;
};
// One scheme name (a uniform chain); TlsError "unknown certificate kind".
ChainSpec parse_cert_scheme(const std::string& name);
// "ROOT/INTERMEDIATE/LEAF"; TlsError naming what is wrong.
ChainSpec parse_chain(const std::string& text);

struct Chain {
  ChainSpec spec;
  Pkey root_key, intermediate_key, leaf_key;
  Cert root, intermediate, leaf;  // leaf: CN=localhost, SAN DNS:localhost
};
Chain build_chain(const ChainSpec& spec);

// DER of a certificate; the raw public key it carries (the subjectPublicKey
// BIT STRING's contents).
std::vector<unsigned char> cert_der(X509* cert);
std::size_t cert_public_key_bytes(X509* cert);

// Server credentials (leaf key, leaf, intermediate; the client trusts the
// root) from a chain of a classical scheme.
Credentials chain_credentials(const Chain& chain);

}  // namespace pqlab::tls
