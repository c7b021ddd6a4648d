#!/bin/bash
# The whole test suite: installs what is missing, then builds and runs every
# test twice, in Release and under AddressSanitizer + UndefinedBehaviorSanitizer.
# The slow SLH-DSA full tier (label `full`) runs with: ctest --preset release -L full
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
jobs=$(nproc)
for preset in release asan; do
  echo "=== $preset: build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  echo "=== $preset: test"
  ctest --preset "$preset" -j "$jobs" --label-exclude full
done
echo "=== all tests passed"
