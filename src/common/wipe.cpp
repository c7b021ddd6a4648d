#include "common/wipe.hpp"

#include <cstring>

namespace pqlab {

void secure_wipe(void* p, std::size_t n) {
  if (n == 0) return;
  std::memset(p, 0, n);
  // The asm takes the pointer and clobbers memory, so the compiler must
  // assume the zeroed bytes are read afterwards and cannot drop the memset.
#if defined(__GNUC__) || defined(__clang__)
  __asm__ __volatile__("" : : "r"(p) : "memory");
#else
#error "secure_wipe needs a compiler barrier for this compiler"
#endif
}

// Never inlined: its buffer must lie below the caller's frame, over the
// frames of the caller's earlier callees.
[[gnu::noinline]] void secure_wipe_stack() {
  unsigned char below[wipe_stack_bytes];
  secure_wipe(below, sizeof below);
}

}  // namespace pqlab
