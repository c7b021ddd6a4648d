// Placeholder: the mldsa entries arrive with the scheme.
#include "registry/entries.hpp"
namespace pqlab::registry {
std::span<const Algorithm> mldsa_entries() { return {}; }
}  // namespace pqlab::registry
