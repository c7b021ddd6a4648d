// The registry: the schemes' entries gathered into one table.
#include <array>
#include <cstddef>

#include "registry/entries.hpp"

namespace pqlab {
namespace {

constexpr std::size_t kMaxAlgorithms = 32;

struct Table {
  std::array<Algorithm, kMaxAlgorithms> items{};
  std::size_t count = 0;
  void append(std::span<const Algorithm> more) {
    for (const Algorithm& a : more)
      if (count < items.size()) items[count++] = a;
  }
};

const Table& table() {
  static const Table t = [] {
    Table r;
    r.append(registry::mlkem_entries());
    r.append(registry::mldsa_entries());
    r.append(registry::slhdsa_entries());
    return r;
  }();
  return t;
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

// Other spellings of the registry's names, as OpenSSL 3.5 spells them, so a
// name copied from an OpenSSL configuration or `openssl list` works in every
// pqlab tool: the compact TLS/provider names (MLKEM768, MLDSA65), the
// ASN.1 object names (id-alg-ml-kem-768, id-ml-dsa-65, id-slh-dsa-...) and
// the dotted OIDs (NIST CSOR: 2.16.840.1.101.3.4.4.x for ML-KEM,
// 2.16.840.1.101.3.4.3.x for ML-DSA and SLH-DSA). Matched ignoring case,
// like the names themselves.
struct Alias {
  std::string_view alias;
  std::string_view name;
};
constexpr Alias kAliases[] = {
    {"MLKEM512", "ML-KEM-512"},
    {"MLKEM768", "ML-KEM-768"},
    {"MLKEM1024", "ML-KEM-1024"},
    {"id-alg-ml-kem-512", "ML-KEM-512"},
    {"id-alg-ml-kem-768", "ML-KEM-768"},
    {"id-alg-ml-kem-1024", "ML-KEM-1024"},
    {"2.16.840.1.101.3.4.4.1", "ML-KEM-512"},
    {"2.16.840.1.101.3.4.4.2", "ML-KEM-768"},
    {"2.16.840.1.101.3.4.4.3", "ML-KEM-1024"},
    {"MLDSA44", "ML-DSA-44"},
    {"MLDSA65", "ML-DSA-65"},
    {"MLDSA87", "ML-DSA-87"},
    {"id-ml-dsa-44", "ML-DSA-44"},
    {"id-ml-dsa-65", "ML-DSA-65"},
    {"id-ml-dsa-87", "ML-DSA-87"},
    {"2.16.840.1.101.3.4.3.17", "ML-DSA-44"},
    {"2.16.840.1.101.3.4.3.18", "ML-DSA-65"},
    {"2.16.840.1.101.3.4.3.19", "ML-DSA-87"},
    {"id-slh-dsa-sha2-128s", "SLH-DSA-SHA2-128s"},
    {"id-slh-dsa-sha2-128f", "SLH-DSA-SHA2-128f"},
    {"id-slh-dsa-sha2-192s", "SLH-DSA-SHA2-192s"},
    {"id-slh-dsa-sha2-192f", "SLH-DSA-SHA2-192f"},
    {"id-slh-dsa-sha2-256s", "SLH-DSA-SHA2-256s"},
    {"id-slh-dsa-sha2-256f", "SLH-DSA-SHA2-256f"},
    {"id-slh-dsa-shake-128s", "SLH-DSA-SHAKE-128s"},
    {"id-slh-dsa-shake-128f", "SLH-DSA-SHAKE-128f"},
    {"id-slh-dsa-shake-192s", "SLH-DSA-SHAKE-192s"},
    {"id-slh-dsa-shake-192f", "SLH-DSA-SHAKE-192f"},
    {"id-slh-dsa-shake-256s", "SLH-DSA-SHAKE-256s"},
    {"id-slh-dsa-shake-256f", "SLH-DSA-SHAKE-256f"},
    {"2.16.840.1.101.3.4.3.20", "SLH-DSA-SHA2-128s"},
    {"2.16.840.1.101.3.4.3.21", "SLH-DSA-SHA2-128f"},
    {"2.16.840.1.101.3.4.3.22", "SLH-DSA-SHA2-192s"},
    {"2.16.840.1.101.3.4.3.23", "SLH-DSA-SHA2-192f"},
    {"2.16.840.1.101.3.4.3.24", "SLH-DSA-SHA2-256s"},
    {"2.16.840.1.101.3.4.3.25", "SLH-DSA-SHA2-256f"},
    {"2.16.840.1.101.3.4.3.26", "SLH-DSA-SHAKE-128s"},
    {"2.16.840.1.101.3.4.3.27", "SLH-DSA-SHAKE-128f"},
    {"2.16.840.1.101.3.4.3.28", "SLH-DSA-SHAKE-192s"},
    {"2.16.840.1.101.3.4.3.29", "SLH-DSA-SHAKE-192f"},
    {"2.16.840.1.101.3.4.3.30", "SLH-DSA-SHAKE-256s"},
    {"2.16.840.1.101.3.4.3.31", "SLH-DSA-SHAKE-256f"},
};

const Algorithm* find_by_name(std::string_view name) {
  for (const Algorithm& a : algorithms())
    if (equal_ignoring_case(a.name, name)) return &a;
  return nullptr;
}

}  // namespace

std::span<const Algorithm> algorithms() { return {table().items.data(), table().count}; }

const Algorithm* find_algorithm(std::string_view name) {
  if (const Algorithm* a = find_by_name(name)) return a;
  for (const Alias& alias : kAliases)
    if (equal_ignoring_case(alias.alias, name)) return find_by_name(alias.name);
  return nullptr;
}

}  // namespace pqlab
