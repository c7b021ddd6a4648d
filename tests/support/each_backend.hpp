// Running a check on every kernel backend this CPU has, and selecting a
// backend for a while, without moving the tests that follow onto another
// one: a test program may have been started with a forced backend
// (PQLAB_TEST_KERNELS, support/kernel_selection.cpp, so that ctest can run
// its suites once per backend), and every later test of that program must
// still run on it. So the backend to go back to is the one that was active,
// not the best one (kernels::available().back()).
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "pqlab/kernels.hpp"

namespace pqlab::test {

// Selects again, when it goes out of scope, the backend that was active
// when it was made.
class ActiveBackendGuard {
 public:
  ActiveBackendGuard() : name_(kernels::active_name()) {}
  ~ActiveBackendGuard() { EXPECT_EQ(kernels::select(name_), Status::ok) << "restoring backend " << name_; }
  ActiveBackendGuard(const ActiveBackendGuard&) = delete;
  ActiveBackendGuard& operator=(const ActiveBackendGuard&) = delete;

 private:
  // A copy: the library does not promise how long active_name()'s view lives.
  std::string name_;
};

// Calls body(name) once per backend in kernels::available() (portable
// first, the best last), with that backend selected and named in every
// failure's trace, then selects the one that was active before. A fatal
// failure (ASSERT_*) in body ends that backend's call only: the others
// still run and report. Callers that need the backend's table take
// kernels::active().
template <class Body>
void for_each_backend(Body&& body) {
  const ActiveBackendGuard restore;
  for (const std::string_view name : kernels::available()) {
    ASSERT_EQ(kernels::select(name), Status::ok) << name;
    SCOPED_TRACE("backend " + std::string(name));
    body(name);
  }
}

}  // namespace pqlab::test
