// Heap use of an operation: every malloc, calloc, realloc and aligned
// allocation made by the counting thread while a HeapCounter is alive is
// counted. The hook is the definition of those functions in this file
// (which take precedence over the C library's, forwarding to glibc's
// __libc_* entry points); under AddressSanitizer, which owns malloc, the
// sanitizer's allocation hooks are used instead.
#pragma once
#include <cstddef>
#include <string>

namespace pqlab::lab {

struct HeapUse {
  std::size_t allocations = 0;
  std::size_t bytes = 0;  // requested bytes, summed over all allocations
};

// Counts the calling thread's allocations from construction to stop() (or
// destruction). Counters do not nest: an inner one restarts the count.
class HeapCounter {
 public:
  HeapCounter();
  ~HeapCounter();
  HeapCounter(const HeapCounter&) = delete;
  HeapCounter& operator=(const HeapCounter&) = delete;
  HeapUse stop();

 private:
  bool running_;
};

// How allocations are seen, for the report's method section.
std::string heap_hook_method();

}  // namespace pqlab::lab
