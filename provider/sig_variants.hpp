// pqlab provider: the fifteen signature algorithms it offers (ML-DSA,
// FIPS 204; SLH-DSA, FIPS 205), with the names, aliases and OIDs that
// OpenSSL 3.5 uses, so that configurations keep working after an upgrade.
#pragma once
#include <cstddef>
#include <span>

#include "pqlab/registry.hpp"

namespace pqlab::provider {

enum class SigFamily { mldsa, slhdsa };

struct SigVariant {
  const char* algorithm_names;  // OSSL_ALGORITHM names, primary name first
  const char* name;             // primary name, also the core registry's name
  const char* oid;              // dotted OID (NIST CSOR sigAlgs arc)
  const char* oid_sn;           // OpenSSL 3.5's short name of the OID
  SigFamily family;
  unsigned security_bits;
  // The message-digest algorithm the LAMPS CMS documents pair with the
  // scheme (RFC 9882 §3.3: SHA-512 for ML-DSA; RFC 9814 §4 for SLH-DSA).
  const char* cms_digest;
};

inline constexpr std::size_t sig_variant_count = 15;
std::span<const SigVariant, sig_variant_count> sig_variants();
// The scheme in the core registry (never null for a listed variant).
const Algorithm& core_of(const SigVariant& v);
// The variant whose OID is `dotted`, or nullptr.
const SigVariant* sig_variant_by_oid(const char* dotted);

}  // namespace pqlab::provider
