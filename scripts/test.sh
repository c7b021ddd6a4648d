#!/bin/bash
# The whole test suite: installs what is missing, then builds and runs every
# test twice, in Release and under AddressSanitizer + UndefinedBehaviorSanitizer.
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
echo "=== all tests passed"
