// Each scheme contributes its registry entries from its own file.
#pragma once
#include <span>

#include "pqlab/registry.hpp"

namespace pqlab::registry {

std::span<const Algorithm> mlkem_entries();
std::span<const Algorithm> mldsa_entries();
std::span<const Algorithm> slhdsa_entries();

}  // namespace pqlab::registry
