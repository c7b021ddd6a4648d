// pqlab provider: the six KEMs it offers and how each is composed. A pure
// ML-KEM variant has no classical half; a hybrid (draft-ietf-tls-ecdhe-mlkem)
// concatenates an ML-KEM part and an (EC)DH part, in the order the draft
// gives for that group.
#pragma once
#include <cstddef>
#include <span>

#include "pqlab/registry.hpp"

namespace pqlab::provider {

enum class Classical { none, x25519, p256, p384 };

struct KemVariant {
  const char* algorithm_names;  // OSSL_ALGORITHM names, primary name first
  const char* name;             // primary name (keymgmt and kem)
  const char* mlkem_name;       // the core registry's ML-KEM parameter set
  Classical classical;
  bool classical_first;  // ECDH part first (SecP*), else ML-KEM first
  unsigned security_bits;
  const char* tls_group_name;  // OpenSSL 3.5+ group name
  unsigned tls_group_id;       // IANA TLS Supported Groups codepoint
};

inline constexpr std::size_t kem_variant_count = 6;
std::span<const KemVariant, kem_variant_count> kem_variants();

// Sizes of the composed objects (ML-KEM part + classical part).
struct ComposedSizes {
  std::size_t public_key, private_key, ciphertext, shared_secret;
};

// The ML-KEM half, from the core registry (never null for a listed variant).
const Algorithm& mlkem_of(const KemVariant& v);

// Sizes of the classical half: public key / ciphertext share (X25519 raw 32
// bytes, P-256/P-384 uncompressed points of 65/97 bytes), private key
// (scalar), and shared secret (X coordinate / X25519 output).
std::size_t classical_public_bytes(Classical c);
std::size_t classical_private_bytes(Classical c);
std::size_t classical_secret_bytes(Classical c);

ComposedSizes composed_sizes(const KemVariant& v);

// The pure ML-KEM variants' OIDs (NIST CSOR kems arc 2.16.840.1.101.3.4.4),
// with OpenSSL 3.5's short names; the hybrids have no X.509 encoding.
struct KemOid {
  const char* name;  // keymgmt name, also the OID's long name
  const char* oid;
  const char* oid_sn;
};
std::span<const KemOid, 3> kem_oids();

}  // namespace pqlab::provider
