// pqlab provider: the table of signature variants.
#include "sig_variants.hpp"

#include <array>
#include <cstring>

namespace pqlab::provider {
namespace {

// OIDs: NIST Computer Security Objects Register, sigAlgs arc
// 2.16.840.1.101.3.4.3 (RFC 9881 for ML-DSA, RFC 9909 for SLH-DSA).
// Names: OpenSSL 3.5's (ML-DSA-65, alias MLDSA65 and id-ml-dsa-65;
// SLH-DSA-SHA2-128s, alias id-slh-dsa-sha2-128s), and the dotted OID.
// CMS digests: RFC 9882 §3.3 (ML-DSA: SHA-512), RFC 9814 §4 (SLH-DSA:
// SHA-256 for SHA2-128*, SHA-512 for the other SHA2 sets, SHAKE128 for
// SHAKE-128*, SHAKE256 for the other SHAKE sets).
constexpr std::array<SigVariant, sig_variant_count> variants{{
    {"ML-DSA-44:MLDSA44:id-ml-dsa-44:2.16.840.1.101.3.4.3.17", "ML-DSA-44",
     "2.16.840.1.101.3.4.3.17", "id-ml-dsa-44", SigFamily::mldsa, 128, "SHA512"},
    {"ML-DSA-65:MLDSA65:id-ml-dsa-65:2.16.840.1.101.3.4.3.18", "ML-DSA-65",
     "2.16.840.1.101.3.4.3.18", "id-ml-dsa-65", SigFamily::mldsa, 192, "SHA512"},
    {"ML-DSA-87:MLDSA87:id-ml-dsa-87:2.16.840.1.101.3.4.3.19", "ML-DSA-87",
     "2.16.840.1.101.3.4.3.19", "id-ml-dsa-87", SigFamily::mldsa, 256, "SHA512"},
    {"SLH-DSA-SHA2-128s:id-slh-dsa-sha2-128s:2.16.840.1.101.3.4.3.20", "SLH-DSA-SHA2-128s",
     "2.16.840.1.101.3.4.3.20", "id-slh-dsa-sha2-128s", SigFamily::slhdsa, 128, "SHA256"},
    {"SLH-DSA-SHA2-128f:id-slh-dsa-sha2-128f:2.16.840.1.101.3.4.3.21", "SLH-DSA-SHA2-128f",
     "2.16.840.1.101.3.4.3.21", "id-slh-dsa-sha2-128f", SigFamily::slhdsa, 128, "SHA256"},
    {"SLH-DSA-SHA2-192s:id-slh-dsa-sha2-192s:2.16.840.1.101.3.4.3.22", "SLH-DSA-SHA2-192s",
     "2.16.840.1.101.3.4.3.22", "id-slh-dsa-sha2-192s", SigFamily::slhdsa, 192, "SHA512"},
    {"SLH-DSA-SHA2-192f:id-slh-dsa-sha2-192f:2.16.840.1.101.3.4.3.23", "SLH-DSA-SHA2-192f",
     "2.16.840.1.101.3.4.3.23", "id-slh-dsa-sha2-192f", SigFamily::slhdsa, 192, "SHA512"},
    {"SLH-DSA-SHA2-256s:id-slh-dsa-sha2-256s:2.16.840.1.101.3.4.3.24", "SLH-DSA-SHA2-256s",
     "2.16.840.1.101.3.4.3.24", "id-slh-dsa-sha2-256s", SigFamily::slhdsa, 256, "SHA512"},
    {"SLH-DSA-SHA2-256f:id-slh-dsa-sha2-256f:2.16.840.1.101.3.4.3.25", "SLH-DSA-SHA2-256f",
     "2.16.840.1.101.3.4.3.25", "id-slh-dsa-sha2-256f", SigFamily::slhdsa, 256, "SHA512"},
    {"SLH-DSA-SHAKE-128s:id-slh-dsa-shake-128s:2.16.840.1.101.3.4.3.26", "SLH-DSA-SHAKE-128s",
     "2.16.840.1.101.3.4.3.26", "id-slh-dsa-shake-128s", SigFamily::slhdsa, 128, "SHAKE128"},
    {"SLH-DSA-SHAKE-128f:id-slh-dsa-shake-128f:2.16.840.1.101.3.4.3.27", "SLH-DSA-SHAKE-128f",
     "2.16.840.1.101.3.4.3.27", "id-slh-dsa-shake-128f", SigFamily::slhdsa, 128, "SHAKE128"},
    {"SLH-DSA-SHAKE-192s:id-slh-dsa-shake-192s:2.16.840.1.101.3.4.3.28", "SLH-DSA-SHAKE-192s",
     "2.16.840.1.101.3.4.3.28", "id-slh-dsa-shake-192s", SigFamily::slhdsa, 192, "SHAKE256"},
    {"SLH-DSA-SHAKE-192f:id-slh-dsa-shake-192f:2.16.840.1.101.3.4.3.29", "SLH-DSA-SHAKE-192f",
     "2.16.840.1.101.3.4.3.29", "id-slh-dsa-shake-192f", SigFamily::slhdsa, 192, "SHAKE256"},
    {"SLH-DSA-SHAKE-256s:id-slh-dsa-shake-256s:2.16.840.1.101.3.4.3.30", "SLH-DSA-SHAKE-256s",
     "2.16.840.1.101.3.4.3.30", "id-slh-dsa-shake-256s", SigFamily::slhdsa, 256, "SHAKE256"},
    {"SLH-DSA-SHAKE-256f:id-slh-dsa-shake-256f:2.16.840.1.101.3.4.3.31", "SLH-DSA-SHAKE-256f",
     "2.16.840.1.101.3.4.3.31", "id-slh-dsa-shake-256f", SigFamily::slhdsa, 256, "SHAKE256"},
}};

}  // namespace

std::span<const SigVariant, sig_variant_count> sig_variants() { return variants; }

const Algorithm& core_of(const SigVariant& v) { return *find_algorithm(v.name); }

const SigVariant* sig_variant_by_oid(const char* dotted) {
  for (const SigVariant& v : variants)
    if (std::strcmp(v.oid, dotted) == 0) return &v;
  return nullptr;
}

}  // namespace pqlab::provider
