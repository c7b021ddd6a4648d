#!/bin/bash
# The whole test suite: installs what is missing, then builds and runs every
# test twice, in Release and under AddressSanitizer + UndefinedBehaviorSanitizer,
# then the security checks: clang-tidy on src/ and each libFuzzer target for
# PQLAB_FUZZ_SECONDS (default 20) seconds. The Release run includes the
# constant-time test under valgrind (label ct).
# Left out here: the slow SLH-DSA full tier (`ctest --preset release -L full`) and the
# Cortex-M4 firmware under QEMU (`ctest --preset release -L embedded`, needs the ARM toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
jobs=$(nproc)
for preset in release asan; do
  echo "=== $preset: build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  echo "=== $preset: test"
  ctest --preset "$preset" -j "$jobs" --label-exclude "full|embedded"
done
echo "=== clang-tidy"
scripts/clang_tidy.sh
echo "=== fuzz"
fuzz/run.sh "${PQLAB_FUZZ_SECONDS:-20}"
echo "=== all tests passed"
