#!/bin/bash
# The main job: installs what is missing, builds Release, runs the Cortex-M4
# firmware under QEMU (embedded/run.py bench), and runs the whole analysis
# (`pqlab report`, written to ./report/) with that run as its Cortex-M4
# section, and the Cortex-A9 firmware (embedded/zynq/run_zynq.py bench) as
# the measured half of the Zynq-7000 co-design model. Extra arguments go to
# `pqlab report` (e.g. --quick); with --quick the firmware runs are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
for arg in "$@"; do [ "$arg" = --quick ] && quick=1; done
if [ $quick -eq 1 ]; then scripts/setup.sh build; else scripts/setup.sh build embedded rtl; fi
cmake --preset release >/dev/null
cmake --build --preset release
report_args=()
if [ $quick -eq 0 ]; then
  python3 embedded/run.py bench --out build/embedded/results
  report_args+=(--embedded build/embedded/results/embedded.json)
  # The Zynq-7000 PS (Cortex-A9 under QEMU xilinx-zynq-a9) for the report's
  # co-design model; its PL part comes from the rtl backend, built into
  # pqlab when Verilator is installed (scripts/setup.sh rtl).
  python3 embedded/zynq/run_zynq.py bench --out build/embedded-zynq/results
  report_args+=(--zynq build/embedded-zynq/results/zynq.json)
  # The PL cores' resources, where the rtl cores and Yosys are there.
  if [ -x rtl/synth.sh ] && command -v yosys >/dev/null; then
    rtl/synth.sh build/rtl-synth
    report_args+=(--zynq-synth build/rtl-synth/synth.json)
  fi
fi
build/release/apps/pqlab/pqlab report "${report_args[@]}" "$@"
