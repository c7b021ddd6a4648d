#!/bin/bash
# Synthesises each accelerator core for the Xilinx 7-series (the Zynq-7000
# XC7Z020's programmable logic) with Yosys' synth_xilinx, out of context (no
# I/O buffers: the cores sit behind AXI interconnect in a block design), and
# writes the resources per core to OUT/synth.json: LUTs, flip-flops,
# DSP48E1, block RAM (RAMB36E1, RAMB18E1) and the longest combinational
# path in cells (Yosys `ltp` on the flattened netlist once the flip-flops,
# DSP48E1, block RAMs and shift registers are taken out, so that the path
# is LUT/MUXF/CARRY4 cells between them: Yosys has no 7-series timing, so
# this is a logic depth, not a delay). Then checks the numbers for plausibility against the
# XC7Z020 (rtl/check_synth.py), and, given COMMITTED (rtl/synth.json), that
# they equal the committed figures where the Yosys version is the same.
# Usage: rtl/synth.sh [OUT [COMMITTED]]   (default OUT: build/rtl-synth; needs yosys)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/../build/rtl-synth}"
mkdir -p "$out"
yosys=$(command -v yosys || true)
[ -n "$yosys" ] || { echo "synth.sh: yosys not found (scripts/setup.sh rtl)" >&2; exit 2; }

for core in mldsa_ntt_core mlkem_ntt_core keccak_core; do
  echo "synth.sh: $core"
  "$yosys" -q -l "$out/$core.log" -p "
    read_verilog -I$here $here/$core.v $here/pq_axil_regs.v
    synth_xilinx -family xc7 -top $core -flatten -noiopad
    tee -q -o $out/$core.stat.json stat -json
    delete t:FD* t:DSP48E1 t:RAMB* t:SRL* t:BUFG
    tee -q -o $out/$core.ltp.txt ltp -noff
  " >/dev/null
done
against=()
[ $# -ge 2 ] && against=(--against "$2")
python3 "$here/check_synth.py" "$out" "$("$yosys" -V)" "${against[@]}"
