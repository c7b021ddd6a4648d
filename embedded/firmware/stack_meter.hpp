// Peak stack and instruction count of one call. The free stack below the
// caller is painted with a pattern, the call runs, and the lowest word that
// no longer holds the pattern marks the high-water point.
#pragma once
#include <cstdint>

namespace firmware {

struct Usage {
  std::uint32_t stack_bytes;   // from the caller's stack pointer down to the high-water mark
  std::uint64_t instructions;  // SysTick under -icount shift=0, including ~30 of the meter's own
};

Usage measure_call(void (*function)(void*), void* context);

template <class F>
Usage measure(F& f) {
  return measure_call([](void* p) { (*static_cast<F*>(p))(); }, &f);
}

}  // namespace firmware
