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

}  // namespace

std::span<const Algorithm> algorithms() { return {table().items.data(), table().count}; }

const Algorithm* find_algorithm(std::string_view name) {
  for (const Algorithm& a : algorithms())
    if (equal_ignoring_case(a.name, name)) return &a;
  return nullptr;
}

}  // namespace pqlab
