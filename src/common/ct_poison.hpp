// Secret tracking for the constant-time tests (tests/ct/). A test marks
// secret inputs as uninitialised (poison); the tracking tool then reports
// every conditional branch and every memory address that depends on them.
// The core calls declassify() at the few points where the algorithm itself
// makes secret-derived data public, each with a comment saying why.
//
// One seam, two tools, chosen by how the test's copy of the core is built:
// - valgrind's memcheck (tests/ct, labels ct and ct-full): the g++ Release
//   code run under valgrind; poison and declassify are memcheck client
//   requests (VALGRIND_MAKE_MEM_UNDEFINED / _DEFINED).
// - clang's MemorySanitizer (the PQLAB_CT_MSAN build, label ct-msan): the
//   core compiled with -fsanitize=memory; poison and declassify are
//   __msan_poison / __msan_unpoison.
//
// Only a build with PQLAB_CT_TESTING (the test's own copy of the core) talks
// to either tool; everywhere else these are empty inline functions, so
// production code carries nothing.
#pragma once
#include <cstddef>

#if defined(PQLAB_CT_TESTING)
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define PQLAB_CT_TRACKER_MSAN 1
#endif
#endif
#if defined(PQLAB_CT_TRACKER_MSAN)
#include <sanitizer/msan_interface.h>
#else
#include <valgrind/memcheck.h>
#endif
#endif

namespace pqlab::ct {

// Marks n bytes at p as secret (uninitialised to the tool).
inline void poison([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if defined(PQLAB_CT_TRACKER_MSAN)
  __msan_poison(p, n);
#elif defined(PQLAB_CT_TESTING)
  (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}

// Marks n bytes at p as public (initialised to the tool).
inline void declassify([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if defined(PQLAB_CT_TRACKER_MSAN)
  __msan_unpoison(p, n);
#elif defined(PQLAB_CT_TESTING)
  (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
#endif
}

// A secret-derived value the algorithm publishes (a rejection decision, a
// validity bit), returned as public.
template <class T>
inline T declassify_value(T x) {
#if defined(PQLAB_CT_TESTING)
  declassify(&x, sizeof x);
#endif
  return x;
}

}  // namespace pqlab::ct
