#!/bin/bash
# The whole test suite: installs what is missing, then builds and runs every
# test twice, in Release and under AddressSanitizer + UndefinedBehaviorSanitizer,
# then the layout check (scripts/check_format.sh, .clang-format) and the
# security checks: clang-tidy on src/ and each libFuzzer target for
# PQLAB_FUZZ_SECONDS (default 20) seconds.
# - The Release run includes the constant-time test under valgrind (label ct)
#   and the Cortex-M4 firmware (label embedded: known answers, memory limits
#   and the stack guard on both QEMU boards and both RAM caps); here a missing
#   ARM toolchain or QEMU fails it instead of skipping it.
# - The Release run also includes the ACVP ML-KEM and ML-DSA suites on the
#   co-simulated FPGA cores (labels rtl and rtl-full, about a minute).
# - The Release run also includes the SLH-DSA full tier (label full: every
#   ACVP sigGen case; 9-15 s in the last CI runs).
# - Then the constant-time test once more, compiled with clang 14's
#   MemorySanitizer (preset msan-ct, label ct-msan): natively, so on every
#   backend this CPU has (AVX-512 included, which valgrind cannot run), and
#   for all twelve SLH-DSA sets.
# - Left out: the valgrind runs of five SLH-DSA 's' sets (`ctest --preset
#   release -L ct-full`, 2-4 minutes each; the MSan pass runs those sets,
#   with MSan's coarser tracking through arithmetic: docs/CONSTANT_TIME.md),
#   the synthesis of the FPGA cores with Yosys (label rtl-synth,
#   rtl/synth.sh: minutes of CPU; scripts/run.sh runs it for the report),
#   and under ASan+UBSan the full tier (the regex "full" matches both labels).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test embedded rtl
export PQLAB_REQUIRE_EMBEDDED=1
jobs=$(nproc)
for preset in release asan; do
  echo "=== $preset: build ($(date -u +%T))"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  echo "=== $preset: test ($(date -u +%T))"
  excluded="full|embedded"
  [ "$preset" = release ] && excluded="ct-full|rtl-synth"
  ctest --preset "$preset" -j "$jobs" --label-exclude "$excluded"
done
echo "=== msan-ct: build and test ($(date -u +%T))"
cmake --preset msan-ct >/dev/null
cmake --build --preset msan-ct -j "$jobs"
ctest --preset msan-ct -j "$jobs"
echo "=== clang-format ($(date -u +%T))"
scripts/check_format.sh
echo "=== clang-tidy ($(date -u +%T))"
scripts/clang_tidy.sh
echo "=== fuzz ($(date -u +%T))"
fuzz/run.sh "${PQLAB_FUZZ_SECONDS:-20}"
echo "=== all tests passed ($(date -u +%T))"
