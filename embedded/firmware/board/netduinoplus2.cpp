// netduinoplus2 (STM32F405): QEMU clocks SysTick at 168 MHz, so one tick is
// 10^9 / 168·10^6 = 125/21 instructions.
#include "board.hpp"

namespace firmware::board {
const char* const name = "netduinoplus2";
const TickScale tick_scale = {125, 21};
}  // namespace firmware::board
