// Secret tracking for the constant-time test (tests/ct/). The test marks
// secret inputs "undefined" for valgrind's memcheck (poison); memcheck then
// reports every conditional jump and every memory address that depends on
// them. The core calls declassify() at the few points where the algorithm
// itself makes secret-derived data public, each with a comment saying why.
//
// Only a build with PQLAB_CT_TESTING (the test's own copy of the core) talks
// to valgrind; everywhere else these are empty inline functions, so
// production code carries nothing.
#pragma once
#include <cstddef>

#if defined(PQLAB_CT_TESTING)
#include <valgrind/memcheck.h>
#endif

namespace pqlab::ct {

// Marks n bytes at p as secret (memcheck: undefined).
inline void poison([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if defined(PQLAB_CT_TESTING)
  (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}

// Marks n bytes at p as public (memcheck: defined).
inline void declassify([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t n) {
#if defined(PQLAB_CT_TESTING)
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
