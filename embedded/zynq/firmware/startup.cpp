// Reset and exception handling for the Cortex-A9 (ARMv7-A, A32 state): the
// exception vector table (ARMv7-A/R ARM B1.8.1), a stack, .data/.bss, the
// C++ constructors, then firmware::run(); its result becomes QEMU's exit
// status through semihosting. QEMU starts an ELF given with -kernel at its
// entry point in a privileged mode with the MMU and caches off, which is
// how this image runs (no MMU set-up: instruction counts do not depend on it).
#include <cstdint>

#include "console.hpp"
#include "layout.hpp"
#include "semihost.hpp"

namespace firmware {
int run();  // ../../firmware/main.cpp
}

extern "C" {
[[noreturn]] void Reset_Handler();
[[noreturn]] void zynq_start();
[[noreturn]] void fault_report(std::uint32_t vector);
void zynq_vectors();
extern void (*__init_array_start[])();
extern void (*__init_array_end[])();
}

// Eight branch instructions at a 32-byte aligned address (VBAR's alignment);
// .vectors is the first thing in .text (../../ld/sections.ld).
extern "C" [[gnu::naked, gnu::section(".vectors"), gnu::aligned(32), gnu::used]] void zynq_vectors() {
  asm volatile(
      "b Reset_Handler\n"
      "b zynq_undefined\n"
      "b zynq_svc\n"
      "b zynq_prefetch_abort\n"
      "b zynq_data_abort\n"
      "b zynq_unused\n"
      "b zynq_irq\n"
      "b zynq_fiq\n");
}

// Each exception switches to the fault stack and reports its vector offset
// / 4 (1 undefined, 2 SVC, 3 prefetch abort, 4 data abort, 6 IRQ, 7 FIQ):
// exit status 100 + that number.
#define PQLAB_ZYNQ_EXCEPTION(name, number)                                                \
  extern "C" [[gnu::naked]] void name() {                                                 \
    asm volatile("ldr sp, =__fault_stack_top\n mov r0, #" #number "\n b fault_report\n"); \
  }
PQLAB_ZYNQ_EXCEPTION(zynq_undefined, 1)
PQLAB_ZYNQ_EXCEPTION(zynq_svc, 2)
PQLAB_ZYNQ_EXCEPTION(zynq_prefetch_abort, 3)
PQLAB_ZYNQ_EXCEPTION(zynq_data_abort, 4)
PQLAB_ZYNQ_EXCEPTION(zynq_unused, 5)
PQLAB_ZYNQ_EXCEPTION(zynq_irq, 6)
PQLAB_ZYNQ_EXCEPTION(zynq_fiq, 7)
#undef PQLAB_ZYNQ_EXCEPTION

extern "C" [[gnu::naked]] void Reset_Handler() {
  asm volatile(
      "ldr sp, =__stack_top\n"
      "b zynq_start\n");
}

extern "C" void zynq_start() {
  const std::uint32_t* from = &__data_load;
  for (std::uint32_t* to = &__data_start; to < &__data_end;) *to++ = *from++;
  for (std::uint32_t* p = &__bss_start; p < &__bss_end;) *p++ = 0;
  // VBAR (ARMv7-A B4.1.156): exceptions vector to zynq_vectors.
  asm volatile("mcr p15, 0, %0, c12, c0, 0\n isb" ::"r"(reinterpret_cast<std::uintptr_t>(&zynq_vectors)) : "memory");
  for (auto** f = __init_array_start; f < __init_array_end; ++f) (*f)();
  firmware::semihost::exit(static_cast<std::uint32_t>(firmware::run()));
}

extern "C" void fault_report(std::uint32_t vector) {
  std::uint32_t dfsr, dfar, ifsr;
  asm volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(dfsr));
  asm volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(dfar));
  asm volatile("mrc p15, 0, %0, c5, c0, 1" : "=r"(ifsr));
  firmware::Line()
      .text("fault")
      .field("exception", vector)
      .field("dfsr", dfsr)
      .field("dfar", dfar)
      .field("ifsr", ifsr)
      .end();
  firmware::semihost::exit(100 + vector);
}
