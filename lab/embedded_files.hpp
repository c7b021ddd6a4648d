// Files compiled into the tool (lab/data/*.json, lab/plots/*.py), by name;
// empty if there is no such file.
#pragma once
#include <string_view>

namespace pqlab::lab {
std::string_view embedded_file(std::string_view name);
}  // namespace pqlab::lab
