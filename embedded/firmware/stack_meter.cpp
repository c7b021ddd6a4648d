#include "stack_meter.hpp"

#include "cycle_counter.hpp"
#include "layout.hpp"

namespace firmware {
namespace {

constexpr std::uint32_t kPaint = 0xC5A5C5A5u;
// Painting stops this far below the current stack pointer, clear of the
// words this function itself may still push.
constexpr std::uintptr_t kClearance = 64;

std::uintptr_t stack_pointer() {
  std::uintptr_t sp;
  asm volatile("mov %0, sp" : "=r"(sp));
  return sp;
}

}  // namespace

// Markers for the cycle-model plugin (embedded/tools/m4cycles.c): it counts
// the instructions executed between the entries of these two functions.
// noipa keeps each a real, separate call that the optimizer cannot merge.
extern "C" [[gnu::noipa, gnu::used]] void pqlab_m4_measure_begin() { asm volatile("nop"); }
extern "C" [[gnu::noipa, gnu::used]] void pqlab_m4_measure_end() { asm volatile("nop\n nop"); }

[[gnu::noinline]] Usage measure_call(void (*function)(void*), void* context) {
  const std::uintptr_t sp = stack_pointer();
  volatile std::uint32_t* const bottom = &__stack_bottom;
  volatile std::uint32_t* const limit = reinterpret_cast<volatile std::uint32_t*>(sp - kClearance);
  for (volatile std::uint32_t* p = bottom; p < limit; ++p) *p = kPaint;

  const std::uint64_t begin = cycle_counter::ticks();
  pqlab_m4_measure_begin();
  function(context);
  pqlab_m4_measure_end();
  const std::uint64_t end = cycle_counter::ticks();

  volatile std::uint32_t* p = bottom;
  while (p < limit && *p == kPaint) ++p;
  const std::uintptr_t high_water = reinterpret_cast<std::uintptr_t>(p);
  return {static_cast<std::uint32_t>(sp - high_water), cycle_counter::to_instructions(end - begin)};
}

}  // namespace firmware
