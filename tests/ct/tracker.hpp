// Which secret-tracking tool checks this run of a constant-time test
// program (see src/common/ct_poison.hpp): MemorySanitizer when the program
// was built with it, else memcheck when it runs under valgrind, else none,
// and then the program must refuse to pass.
#pragma once
#include "common/ct_poison.hpp"

#if !defined(PQLAB_CT_TRACKER_MSAN)
#include <valgrind/valgrind.h>
#endif

namespace pqlab::ct_test {

inline const char* tracker() {
#if defined(PQLAB_CT_TRACKER_MSAN)
  return "MemorySanitizer";
#else
  return RUNNING_ON_VALGRIND ? "memcheck" : nullptr;
#endif
}

}  // namespace pqlab::ct_test
