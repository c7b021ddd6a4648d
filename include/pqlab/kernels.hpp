// pqlab: choosing the kernel backend (portable C++; on x86-64 also AVX2 and
// AVX-512, usable where CPUID and the OS allow).
// The choice is made once, on first use, from the CPU's features; tests and
// the bench may force one by name.
#pragma once
#include "pqlab/export.h"
#include <span>
#include <string_view>

#include "pqlab/status.hpp"

namespace pqlab::kernels {

// Names of the backends compiled in and usable on this CPU, best last; a
// program linked with the co-simulated FPGA cores (pqlab_rtl, host only)
// also lists "rtl", right after "portable", never chosen by default.
PQLAB_API std::span<const std::string_view> available();
// Forces a backend ("portable", "avx2", "avx512", "rtl"). Status::unsupported if
// unknown or the CPU lacks its features; the active backend is then unchanged.
PQLAB_API Status select(std::string_view name);
// The name of the backend in use.
PQLAB_API std::string_view active_name();

}  // namespace pqlab::kernels
