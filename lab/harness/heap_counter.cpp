// The allocation hook behind HeapCounter.
#include "harness/heap_counter.hpp"

#include <cstdlib>

namespace pqlab::lab {
namespace {

// Per-thread state, initial-exec TLS so that reading it never allocates.
struct CountState {
  bool armed;
  std::size_t allocations;
  std::size_t bytes;
};
__attribute__((tls_model("initial-exec"))) thread_local CountState g_count{false, 0, 0};

inline void note_allocation(std::size_t bytes) {
  if (g_count.armed) {
    ++g_count.allocations;
    g_count.bytes += bytes;
  }
}

}  // namespace
}  // namespace pqlab::lab

#if defined(__SANITIZE_ADDRESS__)

extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, std::size_t),
                                                         void (*free_hook)(const volatile void*));

namespace pqlab::lab {
namespace {
void on_malloc(const volatile void*, std::size_t bytes) { note_allocation(bytes); }
void on_free(const volatile void*) {}
const bool g_hooks_installed = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) != 0;
}  // namespace
std::string heap_hook_method() {
  return g_hooks_installed ? "AddressSanitizer allocation hooks" : "none (sanitizer hooks unavailable)";
}
}  // namespace pqlab::lab

#else

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t bytes) noexcept {
  pqlab::lab::note_allocation(bytes);
  return __libc_malloc(bytes);
}
void* calloc(std::size_t count, std::size_t size) noexcept {
  pqlab::lab::note_allocation(count * size);
  return __libc_calloc(count, size);
}
void* realloc(void* p, std::size_t bytes) noexcept {
  pqlab::lab::note_allocation(bytes);
  return __libc_realloc(p, bytes);
}
void free(void* p) noexcept { __libc_free(p); }
void* aligned_alloc(std::size_t alignment, std::size_t bytes) noexcept {
  pqlab::lab::note_allocation(bytes);
  return __libc_memalign(alignment, bytes);
}
void* memalign(std::size_t alignment, std::size_t bytes) noexcept {
  pqlab::lab::note_allocation(bytes);
  return __libc_memalign(alignment, bytes);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t bytes) noexcept {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0) return 22;  // EINVAL
  pqlab::lab::note_allocation(bytes);
  void* p = __libc_memalign(alignment, bytes);
  if (p == nullptr) return 12;  // ENOMEM
  *out = p;
  return 0;
}
}  // extern "C"

namespace pqlab::lab {
std::string heap_hook_method() {
  return "malloc/calloc/realloc/aligned_alloc/memalign/posix_memalign interposed in the pqlab binary";
}
}  // namespace pqlab::lab

#endif

namespace pqlab::lab {

HeapCounter::HeapCounter() : running_(true) { g_count = CountState{true, 0, 0}; }

HeapCounter::~HeapCounter() {
  if (running_) stop();
}

HeapUse HeapCounter::stop() {
  g_count.armed = false;
  running_ = false;
  return HeapUse{g_count.allocations, g_count.bytes};
}

}  // namespace pqlab::lab
