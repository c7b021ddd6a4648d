// Forces the kernel backend named by the environment variable
// PQLAB_TEST_KERNELS ("portable", "avx2", "avx512", "rtl") before any test runs,
// so that ctest can run the known-answer suites once per backend. Unset:
// the library's own choice (the best backend this CPU supports). A backend
// this CPU lacks exits with 77, which ctest reports as skipped.
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "pqlab/kernels.hpp"

namespace {

int force_backend_from_environment() {
  const char* name = std::getenv("PQLAB_TEST_KERNELS");
  if (name == nullptr || *name == '\0') return 0;
  if (pqlab::kernels::select(name) == pqlab::Status::ok) return 0;
  for (std::string_view known : {"portable", "avx2", "avx512"}) {
    if (known == name) {
      std::fprintf(stderr, "PQLAB_TEST_KERNELS=%s: this CPU does not support it; skipped\n", name);
      std::exit(77);
    }
  }
  std::fprintf(stderr, "PQLAB_TEST_KERNELS=%s: unknown kernel backend\n", name);
  std::exit(1);
}

[[maybe_unused]] const int forced = force_backend_from_environment();

}  // namespace
