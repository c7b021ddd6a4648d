// The `rtl` kernel backend's accounting: what the co-simulated FPGA cores
// (rtl/, Verilated) did since the last reset, per core and operation, for
// the Zynq-7000 cost model of the lab. Host only (library pqlab_rtl); where
// Verilator was not found the same library is a stub whose available() is
// false and whose counters stay zero.
//
// The model behind the numbers (rtl/README.md):
// - pl_cycles: the core's own clock cycles from its START register write to
//   its done status, read from the core's CYCLES register after clocking the
//   Verilated model cycle by cycle. Loading and unloading are not in it.
// - transfers: AXI4-Stream bursts (one DMA transfer each: MM2S into the core
//   for each input polynomial or state, S2MM out of it for the result);
//   bytes_to_pl / bytes_from_pl: the bytes of those bursts, beats × 8. In the
//   simulation each burst moves one beat per PL clock; the cost model adds
//   bytes / stream_bytes_per_beat cycles plus dma_setup_cycles per transfer.
#pragma once
#include <cstdint>

namespace pqlab::kernels::rtl {

struct CoreCounters {
  std::uint64_t calls = 0, pl_cycles = 0, bytes_to_pl = 0, bytes_from_pl = 0, transfers = 0;
};

struct Counters {
  CoreCounters mldsa_ntt, mldsa_invntt, mldsa_pointwise, mlkem_ntt, mlkem_invntt, mlkem_basemul, keccak_f1600;
};

// The counters accumulated since the last reset_counters() (or start).
Counters counters();
void reset_counters();
// True when the library was built with Verilator (the backend is usable).
bool available();

// What the cost model assumes of the PL side (rtl/README.md says why):
// the PL clock, the AXI4-Stream width (bytes per beat, one beat per clock)
// and the fixed cost of setting up one DMA transfer, in PL clock cycles.
struct PlConfig {
  double clock_mhz;
  unsigned stream_bytes_per_beat;
  double dma_setup_cycles;
};
PlConfig pl_config();

}  // namespace pqlab::kernels::rtl
