#!/bin/bash
# The whole test suite: installs what is missing, then builds and runs every
# test twice, in Release and under AddressSanitizer + UndefinedBehaviorSanitizer.
# The Cortex-M4 firmware (label `embedded`: known answers, memory limits and
# the stack guard on both QEMU boards and both RAM caps) runs in Release only;
# here a missing ARM toolchain or QEMU fails it instead of skipping it.
# Left out: the slow SLH-DSA full tier (`ctest --preset release -L full`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test embedded
export PQLAB_REQUIRE_EMBEDDED=1
jobs=$(nproc)
for preset in release asan; do
  echo "=== $preset: build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  echo "=== $preset: test"
  excluded="full|embedded"
  [ "$preset" = release ] && excluded="full"
  ctest --preset "$preset" -j "$jobs" --label-exclude "$excluded"
done
echo "=== all tests passed"
