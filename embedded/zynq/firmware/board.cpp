// The Zynq-7000 PS under QEMU (xilinx-zynq-a9). Instruction counts come from
// the TCG plugin (../plugin), not from a timer, so no tick scale applies.
#include "board.hpp"

namespace firmware::board {
const char* const name = "xilinx-zynq-a9";
const TickScale tick_scale = {1, 1};
}  // namespace firmware::board
