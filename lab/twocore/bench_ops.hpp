// The bench's two-core variants of the ML-KEM and Kyber-90s operations
// (`pqlab bench --two-core`): "keygen-2core", "encaps-2core" and
// "decaps-2core", the same calls as "keygen", "encaps" and "decaps" (random
// seeds from the system source, the instance's own keys) with Â sampled on
// a second core.
#pragma once
#include <string>

#include "subjects/subject.hpp"

namespace pqlab::lab::twocore {

inline constexpr const char* kTwoCoreSuffix = "-2core";

// Whether the subject (a registry name) has a two-core mode: the ML-KEM sets
// and the lab-only Kyber-90s sets.
bool has_two_core_mode(const std::string& algorithm);

// Appends the two-core operations to `s` (a subject with a two-core mode):
// their names, and to every instance the operations themselves, sharing
// one SecondCore started when the instance is made (after the bench has
// pinned its thread, so the worker takes another CPU).
void add_two_core_operations(Subject& s);

}  // namespace pqlab::lab::twocore
