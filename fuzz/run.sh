#!/bin/bash
# Builds the libFuzzer targets (clang, ASan + UBSan, build/fuzz) and runs each
# for a bounded time from a seed corpus made of the vendored test vectors.
# Fails on any crash, sanitizer report, leak or invariant violation (the
# targets abort on one); the reproducer is left in build/fuzz/findings/.
# Usage: fuzz/run.sh [SECONDS per target, default 30] [target ...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_mlkem fuzz_mldsa fuzz_slhdsa fuzz_cli_load fuzz_kernels_diff fuzz_provider_keyshare fuzz_key_decoders fuzz_peer_harness_line)

build=build/fuzz
CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPQLAB_FUZZ=ON \
  -DPQLAB_BUILD_TESTS=OFF -DPQLAB_BUILD_TOOLS=OFF -DPQLAB_BUILD_PROVIDER=ON -DPQLAB_WERROR=ON >/dev/null
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"

corpus=$build/corpus
rm -rf "$corpus"
python3 fuzz/make_corpus.py "$corpus"
findings=$build/findings
mkdir -p "$findings"

# Two targets at a time on two cores (nproc at most); each gets a fresh
# working corpus seeded from the vectors.
run_one() {
  local t=$1 work=$build/work/$1
  rm -rf "$work"
  mkdir -p "$work" "$corpus/$t"
  if "$build/fuzz/$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$findings/$t-" "$work" "$corpus/$t" >"$build/$t.log" 2>&1; then
    echo "fuzz: $t: ok ($(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$build/$t.log" | grep -o '[0-9]*$') runs in ${seconds}s)"
  else
    tail -40 "$build/$t.log"
    echo "fuzz: $t: FAILED (log $build/$t.log, reproducer in $findings/)" >&2
    return 1
  fi
}
parallel=$(nproc)
[ "$parallel" -gt 2 ] && parallel=2
pids=() names=() failed=0
for t in "${targets[@]}"; do
  run_one "$t" &
  pids+=($!) names+=("$t")
  if [ ${#pids[@]} -ge "$parallel" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}") names=("${names[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
[ "$failed" -eq 0 ] || { echo "fuzz: FAILED" >&2; exit 1; }
echo "fuzz: all ${#targets[@]} targets ran ${seconds}s each without a finding"
