#!/bin/bash
# End-to-end tests of pqlab bench and pqlab report: the quick report writes
# every file; bench writes valid JSON and CSV; bad arguments give exit 2
# with one "pqlab: ..." line on stderr.
# Usage: lab_test.sh <pqlab binary> <unpacked test-data dir>
source "$(dirname "$0")/common.sh"

expect_error() {
  local what=$1 pattern=$2; shift 2
  "$@" >out.txt 2>err.txt
  local rc=$?
  if [ $rc -ne 2 ]; then fail "$what: exit $rc, expected 2"; return; fi
  if [ "$(wc -l <err.txt)" -ne 1 ] || ! grep -q '^pqlab: ' err.txt; then
    fail "$what: expected one 'pqlab: ...' line on stderr, got: $(cat err.txt)"
  elif ! grep -qi -- "$pattern" err.txt; then
    fail "$what: message does not mention '$pattern': $(cat err.txt)"
  fi
}

expect_error "unknown algorithm" "unknown algorithm" "$PQLAB" bench -a NOT-AN-ALGORITHM
expect_error "unknown backend" "unknown kernel backend" "$PQLAB" bench --kernels portable,neon
expect_error "negative time" "min-time" "$PQLAB" bench --min-time -1
expect_error "non-numeric time" "min-time" "$PQLAB" bench --min-time soon
expect_error "report: unknown option" "" "$PQLAB" report --fast

# bench: a short run writes a table, JSON and CSV.
"$PQLAB" bench -a X25519 --min-time 0 --json b.json --csv b.csv >table.txt 2>progress.txt || fail "bench exit $?"
grep -q "X25519 .*derive" table.txt || fail "bench table lacks the X25519 derive row: $(cat table.txt)"
grep -q '"schema": "pqlab-bench/1"' b.json || fail "bench JSON lacks its schema tag"
[ "$(wc -l <b.csv)" -eq 3 ] || fail "bench CSV: expected a header and 2 rows, got $(wc -l <b.csv) lines"

# report --quick: every file, and the sections.
start=$(date +%s)
"$PQLAB" report --quick --out rep >report.out 2>report.err || fail "report --quick exit $?: $(tail -3 report.err)"
echo "report --quick took $(( $(date +%s) - start )) s"
for f in report.md report.json report_plots.py; do
  [ -s "rep/$f" ] || fail "report --quick did not write $f"
done
if grep -q "not drawn" rep/report.md; then
  echo "note: plots not drawn here: $(grep -m1 'not drawn' rep/report.md)"
else
  for f in time.png bytes.png memory.png; do
    [ -s "rep/$f" ] || fail "report --quick did not draw $f"
    grep -q "]($f)" rep/report.md || fail "report.md does not embed $f"
  done
fi
for heading in "## Machine" "## Method" "## Cost per operation" "## Sizes" "## Memory against microcontroller budgets" \
               "## Throughput scaling" "## Hash-cost floor" "## Published reference figures — not measured here"; do
  grep -q "^$heading" rep/report.md || fail "report.md lacks '$heading'"
done
grep -q '"schema": "pqlab-report/1"' rep/report.json || fail "report.json lacks its schema tag"
grep -q "RSA-2048 (classical)" rep/report.md || fail "report.md lacks the classical baselines"

finish lab
