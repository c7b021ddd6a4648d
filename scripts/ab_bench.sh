#!/bin/bash
# A/B comparison of two builds of pqlab: the same `pqlab bench` selection on
# both, interleaved A B A B ... so that slow drifts of the machine hit both
# sides alike, each round written as JSON; then scripts/ab_summary.py prints
# per row each side's median over rounds (with the rounds' range) and the
# ratio B/A of the medians and of the best rounds. Run it on an idle machine.
# Usage: scripts/ab_bench.sh A_PQLAB B_PQLAB OUT_DIR [rounds] [algorithms]
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 A_PQLAB B_PQLAB OUT_DIR [rounds] [algorithms]" >&2; exit 2; }
a=$1 b=$2 out=$3 rounds=${4:-4}
algs=${5:-ML-KEM-768,ML-DSA-65,SLH-DSA-SHA2-128f,SLH-DSA-SHAKE-128f}
for bin in "$a" "$b"; do [ -x "$bin" ] || { echo "ab_bench.sh: $bin is not an executable" >&2; exit 2; }; done
mkdir -p "$out"
uptime >"$out/load_before.txt"
for r in $(seq 1 "$rounds"); do
  "$a" bench -a "$algs" --kernels all --no-memory --min-time 0.3 --json "$out/A$r.json" >/dev/null
  "$b" bench -a "$algs" --kernels all --no-memory --min-time 0.3 --json "$out/B$r.json" >/dev/null
done
uptime >"$out/load_after.txt"
python3 "$(dirname "$0")/ab_summary.py" "$out"
