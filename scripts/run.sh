#!/bin/bash
# The main job: installs what is missing, builds Release, runs the Cortex-M4
# firmware under QEMU (embedded/run.py bench), and runs the whole analysis
# (`pqlab report`, written to ./report/) with that run as its Cortex-M4
# section. Extra arguments go to `pqlab report` (e.g. --quick); with --quick
# the firmware run is left out.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
for arg in "$@"; do [ "$arg" = --quick ] && quick=1; done
if [ $quick -eq 1 ]; then scripts/setup.sh build; else scripts/setup.sh build embedded; fi
cmake --preset release >/dev/null
cmake --build --preset release
report_args=()
if [ $quick -eq 0 ]; then
  python3 embedded/run.py bench --out build/embedded/results
  report_args+=(--embedded build/embedded/results/embedded.json)
fi
build/release/apps/pqlab/pqlab report "${report_args[@]}" "$@"
