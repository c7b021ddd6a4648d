// The cycle counter: the time-stamp counter read between fences, its rate
// against the wall clock, and an estimate of the core clock relative to it.
// On a KVM guest without a PMU the TSC ticks at a fixed rate that differs
// from the core clock, so everything measured with it is in "TSC ticks".
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace pqlab::lab {

// The counter's unit, as printed in tables ("TSC ticks", or "ns" where the
// build has no TSC and falls back to the monotonic clock).
std::string tick_unit();
// What is read and how (for the report's method section).
std::string tick_method();

// Reads the counter; the fences keep earlier and later instructions from
// moving across the read (lfence before, lfence after rdtsc on x86-64).
std::uint64_t read_ticks();

// Ticks per second, calibrated once against std::chrono::steady_clock over
// about 50 ms of busy waiting.
double ticks_per_second();

// Core clock cycles per tick, estimated by timing long chains of dependent
// instructions whose latency is known: register-register add (1 cycle) and
// 64-bit imul (3 cycles). nullopt where the estimate is not available or the
// two chains disagree by more than 15%.
struct ClockRatio {
  double from_add_chain;
  double from_imul_chain;
  double ratio;  // the add-chain figure, checked against the imul one
};
std::optional<ClockRatio> core_cycles_per_tick();

}  // namespace pqlab::lab
