// Placeholder: the slhdsa entries arrive with the scheme.
#include "registry/entries.hpp"
namespace pqlab::registry {
std::span<const Algorithm> slhdsa_entries() { return {}; }
}  // namespace pqlab::registry
