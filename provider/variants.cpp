// pqlab provider: the table of KEM variants and their composed sizes.
#include "variants.hpp"

#include <array>

namespace pqlab::provider {
namespace {

// Names follow OpenSSL 3.5+ so that configurations keep working after an
// upgrade: keymgmt/KEM "ML-KEM-768" (alias "MLKEM768" and the NIST OID) and
// the hybrid names; TLS groups "MLKEM768", "X25519MLKEM768", ...
// Codepoints: IANA TLS Supported Groups registry (draft-connolly-tls-mlkem-key-agreement
// for the pure groups, draft-ietf-tls-ecdhe-mlkem for the hybrids).
constexpr std::array<KemVariant, kem_variant_count> variants{{
    {"ML-KEM-512:MLKEM512:id-alg-ml-kem-512:2.16.840.1.101.3.4.4.1", "ML-KEM-512", "ML-KEM-512",
     Classical::none, false, 128, "MLKEM512", 0x0200},
    {"ML-KEM-768:MLKEM768:id-alg-ml-kem-768:2.16.840.1.101.3.4.4.2", "ML-KEM-768", "ML-KEM-768",
     Classical::none, false, 192, "MLKEM768", 0x0201},
    {"ML-KEM-1024:MLKEM1024:id-alg-ml-kem-1024:2.16.840.1.101.3.4.4.3", "ML-KEM-1024",
     "ML-KEM-1024", Classical::none, false, 256, "MLKEM1024", 0x0202},
    {"SecP256r1MLKEM768", "SecP256r1MLKEM768", "ML-KEM-768", Classical::p256, true, 192,
     "SecP256r1MLKEM768", 0x11EB},
    {"X25519MLKEM768", "X25519MLKEM768", "ML-KEM-768", Classical::x25519, false, 192,
     "X25519MLKEM768", 0x11EC},
    {"SecP384r1MLKEM1024", "SecP384r1MLKEM1024", "ML-KEM-1024", Classical::p384, true, 256,
     "SecP384r1MLKEM1024", 0x11ED},
}};

constexpr std::array<KemOid, 3> oids{{
    {"ML-KEM-512", "2.16.840.1.101.3.4.4.1", "id-alg-ml-kem-512"},
    {"ML-KEM-768", "2.16.840.1.101.3.4.4.2", "id-alg-ml-kem-768"},
    {"ML-KEM-1024", "2.16.840.1.101.3.4.4.3", "id-alg-ml-kem-1024"},
}};

}  // namespace

std::span<const KemOid, 3> kem_oids() { return oids; }

std::span<const KemVariant, kem_variant_count> kem_variants() { return variants; }

const Algorithm& mlkem_of(const KemVariant& v) { return *find_algorithm(v.mlkem_name); }

std::size_t classical_public_bytes(Classical c) {
  switch (c) {
    case Classical::none: return 0;
    case Classical::x25519: return 32;
    case Classical::p256: return 1 + 2 * 32;
    case Classical::p384: return 1 + 2 * 48;
  }
  return 0;
}

std::size_t classical_private_bytes(Classical c) {
  switch (c) {
    case Classical::none: return 0;
    case Classical::x25519:  // a 32-byte scalar, as P-256's
    case Classical::p256: return 32;
    case Classical::p384: return 48;
  }
  return 0;
}

std::size_t classical_secret_bytes(Classical c) { return classical_private_bytes(c); }

ComposedSizes composed_sizes(const KemVariant& v) {
  const Algorithm& m = mlkem_of(v);
  const std::size_t pub = classical_public_bytes(v.classical);
  return {m.public_key_bytes + pub, m.secret_key_bytes + classical_private_bytes(v.classical),
          m.ciphertext_bytes + pub, m.shared_secret_bytes + classical_secret_bytes(v.classical)};
}

}  // namespace pqlab::provider
