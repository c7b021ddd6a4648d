// Executed-instruction counter: SysTick under QEMU -icount shift=0, its
// 24-bit down-counter extended to 64 bits by counting wraps in the SysTick
// interrupt. Resolution: one tick (40 instructions on mps2-an386, about 6 on
// netduinoplus2). Without -icount the counts are wall-clock noise.
#pragma once
#include <cstdint>

namespace firmware::cycle_counter {

void start();           // free-running from now on
std::uint64_t ticks();  // monotonic
std::uint64_t to_instructions(std::uint64_t ticks);

}  // namespace firmware::cycle_counter
