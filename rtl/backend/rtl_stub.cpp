// The `rtl` backend's accounting where Verilator was not found at configure
// time: the library pqlab_rtl is this stub, the backend is not registered
// (no pqlab_kernels_external_backend), and the counters stay zero.
#include "kernels/rtl/rtl_stats.hpp"

namespace pqlab::kernels::rtl {

Counters counters() { return Counters{}; }
void reset_counters() {}
bool available() { return false; }
// The same assumptions as the real backend (rtl_backend.cpp), so a report
// can still state them.
PlConfig pl_config() { return PlConfig{100.0, 8, 64.0}; }

}  // namespace pqlab::kernels::rtl
