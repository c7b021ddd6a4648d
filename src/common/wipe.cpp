#include "common/wipe.hpp"

#include <cstdint>

namespace pqlab {

void secure_wipe(void* p, std::size_t n) {
  // Volatile stores cannot be elided; the barrier tells the compiler the
  // memory is observed afterwards, so it cannot sink or drop them either.
  volatile std::uint8_t* b = static_cast<volatile std::uint8_t*>(p);
  for (std::size_t i = 0; i < n; ++i) b[i] = 0;
#if defined(__GNUC__) || defined(__clang__)
  __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}

}  // namespace pqlab
