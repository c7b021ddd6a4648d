// What differs between the emulated boards: the name and how SysTick ticks
// convert to executed instructions. Under QEMU's -icount shift=0 every
// instruction advances virtual time by exactly 1 ns, and SysTick (clocked
// from the CPU clock, CLKSOURCE=1) counts that virtual time, so
// instructions = ticks × 10^9 / f_systick.
#pragma once
#include <cstdint>

namespace firmware::board {

struct TickScale {
  std::uint64_t numerator;  // instructions per `denominator` ticks
  std::uint64_t denominator;
};

extern const char* const name;
extern const TickScale tick_scale;

}  // namespace firmware::board
