// The object identifiers of pqlab's algorithms in X.509 / PKCS#8:
// NIST's Computer Security Objects Register arc 2.16.840.1.101.3.4
// (nistAlgorithms): kems (4) for ML-KEM (the LAMPS kyber-certificates
// document, X509-ML-KEM-2025 module), sigAlgs (3) for ML-DSA (RFC 9881,
// X509-ML-DSA-2025) and the pure SLH-DSA sets (RFC 9814 §3, used for keys
// by RFC 9909).
#include <array>
#include <cctype>

#include "pqlab/formats/keys.hpp"

namespace pqlab::formats {
namespace {

constexpr std::array<OidEntry, 18> kTable{{
    {"ML-KEM-512", "2.16.840.1.101.3.4.4.1", "id-alg-ml-kem-512"},
    {"ML-KEM-768", "2.16.840.1.101.3.4.4.2", "id-alg-ml-kem-768"},
    {"ML-KEM-1024", "2.16.840.1.101.3.4.4.3", "id-alg-ml-kem-1024"},
    {"ML-DSA-44", "2.16.840.1.101.3.4.3.17", "id-ml-dsa-44"},
    {"ML-DSA-65", "2.16.840.1.101.3.4.3.18", "id-ml-dsa-65"},
    {"ML-DSA-87", "2.16.840.1.101.3.4.3.19", "id-ml-dsa-87"},
    {"SLH-DSA-SHA2-128s", "2.16.840.1.101.3.4.3.20", "id-slh-dsa-sha2-128s"},
    {"SLH-DSA-SHA2-128f", "2.16.840.1.101.3.4.3.21", "id-slh-dsa-sha2-128f"},
    {"SLH-DSA-SHA2-192s", "2.16.840.1.101.3.4.3.22", "id-slh-dsa-sha2-192s"},
    {"SLH-DSA-SHA2-192f", "2.16.840.1.101.3.4.3.23", "id-slh-dsa-sha2-192f"},
    {"SLH-DSA-SHA2-256s", "2.16.840.1.101.3.4.3.24", "id-slh-dsa-sha2-256s"},
    {"SLH-DSA-SHA2-256f", "2.16.840.1.101.3.4.3.25", "id-slh-dsa-sha2-256f"},
    {"SLH-DSA-SHAKE-128s", "2.16.840.1.101.3.4.3.26", "id-slh-dsa-shake-128s"},
    {"SLH-DSA-SHAKE-128f", "2.16.840.1.101.3.4.3.27", "id-slh-dsa-shake-128f"},
    {"SLH-DSA-SHAKE-192s", "2.16.840.1.101.3.4.3.28", "id-slh-dsa-shake-192s"},
    {"SLH-DSA-SHAKE-192f", "2.16.840.1.101.3.4.3.29", "id-slh-dsa-shake-192f"},
    {"SLH-DSA-SHAKE-256s", "2.16.840.1.101.3.4.3.30", "id-slh-dsa-shake-256s"},
    {"SLH-DSA-SHAKE-256f", "2.16.840.1.101.3.4.3.31", "id-slh-dsa-shake-256f"},
}};

bool iequal_vartime(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

const OidEntry* entry_of_name(std::string_view name) {
  for (const auto& e : kTable)
    if (iequal_vartime(e.name, name)) return &e;
  return nullptr;
}

}  // namespace

std::span<const OidEntry> oid_table() noexcept { return kTable; }

std::string_view oid_of(std::string_view algorithm_name) noexcept {
  const OidEntry* e = entry_of_name(algorithm_name);
  return e != nullptr ? e->oid : std::string_view{};
}

std::string_view oid_of(const Algorithm& alg) noexcept { return oid_of(alg.name); }

std::string_view asn1_name_of(const Algorithm& alg) noexcept {
  const OidEntry* e = entry_of_name(alg.name);
  return e != nullptr ? e->asn1_name : std::string_view{};
}

const Algorithm* algorithm_of_oid(std::string_view dotted_oid) noexcept {
  for (const auto& e : kTable)
    if (e.oid == dotted_oid) return find_algorithm(e.name);
  return nullptr;
}

}  // namespace pqlab::formats
