// pqlab: choosing the kernel backend (portable C++, later AVX2/AVX-512).
// The choice is made once, on first use, from the CPU's features; tests and
// the bench may force one by name.
#pragma once
#include <span>
#include <string_view>

#include "pqlab/status.hpp"

namespace pqlab::kernels {

// Names of the backends compiled in and usable on this CPU, best last.
std::span<const std::string_view> available();
// Forces a backend ("portable", ...). Status::unsupported if unknown or the
// CPU lacks its features; the active backend is then unchanged.
Status select(std::string_view name);
// The name of the backend in use.
std::string_view active_name();

}  // namespace pqlab::kernels
