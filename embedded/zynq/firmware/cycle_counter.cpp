// The instruction counter of the Zynq image: a marker, not a timer. The TCG
// plugin (../plugin/kernel_profile.c, loaded with mark=<address of
// pqlab_zynq_mark>) snapshots its counters (all executed instructions, and
// those inside each offloadable kernel's address range, with call counts)
// every time pqlab_zynq_mark runs. stack_meter.cpp calls ticks() once before
// and once after each measured operation, so the plugin's snapshots come in
// before/after pairs, in the order of the firmware's "calibrate" and "op"
// lines; run_zynq.py pairs them up. The firmware itself therefore reports
// instructions=0: ticks() only counts marks.
#include "cycle_counter.hpp"

extern "C" [[gnu::noinline, gnu::noipa, gnu::used]] void pqlab_zynq_mark() { asm volatile("" ::: "memory"); }

namespace firmware::cycle_counter {
namespace {
volatile std::uint64_t g_marks = 0;
}  // namespace

void start() { g_marks = 0; }

std::uint64_t ticks() {
  pqlab_zynq_mark();
  g_marks = g_marks + 1;
  return 0;
}

std::uint64_t to_instructions(std::uint64_t t) { return t; }

}  // namespace firmware::cycle_counter
