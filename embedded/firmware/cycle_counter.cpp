#include "cycle_counter.hpp"

#include "board.hpp"
#include "registers.hpp"

namespace firmware::cycle_counter {
namespace {

constexpr std::uint32_t kReload = 0x00FFFFFF;  // period 2^24 ticks
constexpr std::uint32_t kEnable = 1u << 0, kTickInterrupt = 1u << 1, kCpuClock = 1u << 2;
constexpr std::uint32_t kPendStSet = 1u << 26;  // ICSR

volatile std::uint64_t g_wraps = 0;

}  // namespace

void start() {
  using namespace registers;
  write32(kSysTickCtrl, 0);
  write32(kSysTickLoad, kReload);
  write32(kSysTickValue, 0);
  g_wraps = 0;
  write32(kSysTickCtrl, kEnable | kTickInterrupt | kCpuClock);
}

std::uint64_t ticks() {
  using namespace registers;
  asm volatile("cpsid i" ::: "memory");
  std::uint64_t wraps = g_wraps;
  std::uint32_t value = read32(kSysTickValue);
  // A wrap that happened while interrupts were off is pending, not counted:
  // re-read the counter after it, so both halves belong to the same period.
  if ((read32(kIcsr) & kPendStSet) != 0) {
    wraps += 1;
    value = read32(kSysTickValue);
  }
  asm volatile("cpsie i" ::: "memory");
  return wraps * (std::uint64_t{kReload} + 1) + (kReload - value);
}

std::uint64_t to_instructions(std::uint64_t t) {
  const board::TickScale& s = board::tick_scale;
  return (t * s.numerator + s.denominator / 2) / s.denominator;
}

}  // namespace firmware::cycle_counter

extern "C" void SysTick_Handler() { firmware::cycle_counter::g_wraps = firmware::cycle_counter::g_wraps + 1; }
