// mps2-an386: QEMU clocks SysTick at 25 MHz, so one tick is 40 instructions.
#include "board.hpp"

namespace firmware::board {
const char* const name = "mps2-an386";
const TickScale tick_scale = {40, 1};
}  // namespace firmware::board
