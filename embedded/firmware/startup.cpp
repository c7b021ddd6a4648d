// Reset and fault handling of our own: vector table, C++ runtime set-up,
// FPU, MPU stack guard, then firmware::run(); its return value becomes QEMU's exit
// status through semihosting.
#include <cstdint>

#include "console.hpp"
#include "layout.hpp"
#include "registers.hpp"
#include "semihost.hpp"

namespace firmware {
int run();  // main.cpp
}

extern "C" {
[[noreturn]] void Reset_Handler();
void Fault_Handler();
void Unexpected_Handler();
void SysTick_Handler();
[[noreturn]] void fault_report(std::uint32_t ipsr);
extern void (*__init_array_start[])();
extern void (*__init_array_end[])();
}

namespace {

union Vector {
  const void* stack;
  void (*handler)();
};

void reset_entry() { Reset_Handler(); }

// ARMv7-M vector table (ARMv7-M ARM B1.5.2): the first 16 entries; the
// firmware enables no external interrupts.
[[gnu::section(".vectors"), gnu::used]] const Vector kVectors[16] = {
    {.stack = &__stack_top},
    {.handler = reset_entry},
    {.handler = Unexpected_Handler},  // NMI
    {.handler = Fault_Handler},       // HardFault
    {.handler = Fault_Handler},       // MemManage
    {.handler = Fault_Handler},       // BusFault
    {.handler = Fault_Handler},       // UsageFault
    {.handler = nullptr},
    {.handler = nullptr},
    {.handler = nullptr},
    {.handler = nullptr},
    {.handler = Unexpected_Handler},  // SVCall
    {.handler = Unexpected_Handler},  // DebugMonitor
    {.handler = nullptr},
    {.handler = Unexpected_Handler},  // PendSV
    {.handler = SysTick_Handler},
};

// MPU region 0: no access, execute-never, over the 1 MB just below RAM,
// where an overflowing stack (at the bottom of RAM) lands. Background map
// stays as default for everything else (PRIVDEFENA).
void enable_stack_guard() {
  using namespace firmware::registers;
  constexpr std::uint32_t kGuardSizeLog2 = 20;
  const std::uint32_t base = static_cast<std::uint32_t>(firmware::layout::address(&__ram_start)) -
                             (1u << kGuardSizeLog2);
  write32(kMpuRnr, 0);
  write32(kMpuRbar, base);
  write32(kMpuRasr, (1u << 28) | (0u << 24) | ((kGuardSizeLog2 - 1) << 1) | 1u);  // XN, AP=none, SIZE, EN
  write32(kMpuCtrl, (1u << 2) | 1u);                                              // PRIVDEFENA | ENABLE
  // Report MemManage, BusFault and UsageFault as themselves, not HardFault.
  write32(kShcsr, read32(kShcsr) | (1u << 16) | (1u << 17) | (1u << 18));
  asm volatile("dsb\n isb" ::: "memory");
}

}  // namespace

extern "C" void Reset_Handler() {
  using namespace firmware::registers;
  const std::uint32_t* from = &__data_load;
  for (std::uint32_t* to = &__data_start; to < &__data_end;) *to++ = *from++;
  for (std::uint32_t* p = &__bss_start; p < &__bss_end;) *p++ = 0;
  write32(kVtor, static_cast<std::uint32_t>(firmware::layout::address(kVectors)));
  write32(kCpacr, read32(kCpacr) | (0xFu << 20));  // CP10, CP11: full access
  asm volatile("dsb\n isb" ::: "memory");
  enable_stack_guard();
  for (auto** f = __init_array_start; f < __init_array_end; ++f) (*f)();
  firmware::semihost::exit(static_cast<std::uint32_t>(firmware::run()));
}

// A fault may come from a stack that has just overflowed: switch to the
// fault stack before anything is pushed.
extern "C" [[gnu::naked]] void Fault_Handler() {
  asm volatile(
      "ldr r0, =__fault_stack_top\n"
      "mov sp, r0\n"
      "mrs r0, ipsr\n"
      "b fault_report\n");
}

extern "C" void Unexpected_Handler() { Fault_Handler(); }

// Exit status 100 + exception number: 103 HardFault, 104 MemManage (the
// stack guard), 105 BusFault, 106 UsageFault.
extern "C" void fault_report(std::uint32_t ipsr) {
  using namespace firmware::registers;
  firmware::Line()
      .text("fault")
      .field("exception", ipsr)
      .field("cfsr", read32(kCfsr))
      .field("hfsr", read32(kHfsr))
      .field("mmfar", read32(kMmfar))
      .field("bfar", read32(kBfar))
      .end();
  firmware::semihost::exit(100 + ipsr);
}
