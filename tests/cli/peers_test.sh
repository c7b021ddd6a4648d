#!/bin/bash
# End-to-end tests of the speed peers (pqlab bench --peers, pqlab report
# --peers) on fake peer trees (tests/support/make_fake_peers.sh): the table
# and its JSON; a missing directory, a missing peer and a failed build exit 2
# with one "pqlab: ..." line (after the progress lines, for a build).
# Usage: peers_test.sh <pqlab binary> <unpacked test-data dir>
source "$(dirname "$0")/common.sh"
FAKE="$(cd "$(dirname "$0")/../support" && pwd)/make_fake_peers.sh"

expect_error "bench: no peers directory" "--peers: no directory 'nope'" "$PQLAB" bench --peers nope
expect_error "report: no peers directory" "--peers: no directory 'nope'" "$PQLAB" report --quick --peers nope --out rep-nope
expect_error "bench: --peers with --kernels" "do not apply" "$PQLAB" bench --peers nope --kernels avx2
expect_error "bench: --peers -a without a peer row" "no peer row for 'ML-KEM-512'" "$PQLAB" bench --peers nope -a ML-KEM-512
expect_error "bench: --quick without --peers" "applies to --peers only" "$PQLAB" bench --quick -a X25519
bash "$FAKE" partial && rm -rf partial/pq-crystals-dilithium
expect_error "bench: a peer missing" "lacks pq-crystals-dilithium/avx2/sign.c" "$PQLAB" bench --peers partial
expect_error "report: a peer missing" "lacks pq-crystals-dilithium/avx2/sign.c" "$PQLAB" report --peers partial --out rep-partial

if ! grep -qw avx2 /proc/cpuinfo; then
  echo "note: no AVX2 on this CPU; the peers' builds are not exercised"
  finish peers
fi

# A failed build: exit 2, and the last line on stderr is the one error line.
bash "$FAKE" broken broken
"$PQLAB" bench --peers broken --quick -a ML-DSA-44 >out.txt 2>err.txt
rc=$?
[ $rc -eq 2 ] || fail "broken peer: exit $rc, expected 2"
[ "$(grep -c '^pqlab: ' err.txt)" -eq 1 ] || fail "broken peer: expected one 'pqlab: ' line: $(cat err.txt)"
tail -1 err.txt | grep -q "^pqlab: --peers: building pq-crystals AVX2 ML-DSA-.* failed (exit status 1): .*error.* (log: " ||
  fail "broken peer: the last line does not name the build and its error: $(tail -1 err.txt)"
rm -rf "$(tail -1 err.txt | sed 's/.*(log: \(.*\))$/\1/' | xargs dirname | xargs dirname)"

# The table and its JSON from a fake tree.
bash "$FAKE" fake
"$PQLAB" bench --peers fake --quick -a ML-KEM-768,ML-DSA-44,ML-DSA-87,SLH-DSA-SHA2-128f --json peers.json >table.md 2>progress.txt || fail "bench --peers exit $?: $(tail -2 progress.txt)"
for row in "ML-KEM-768 | keygen | avx2" "ML-KEM-768 | decaps | avx2" "ML-DSA-44 | sign (mean of 16 messages, signatures differ) | avx2" \
           "ML-DSA-87 | verify | avx2" "SLH-DSA-SHA2-128f | sign | avx2"; do
  grep -qF "| $row | " table.md || fail "bench --peers lacks the row '$row': $(head -5 table.md)"
done
grep -Eq '^\| ML-KEM-768 \| encaps \| avx2 \| [0-9,]+ \| mlkem-native \(strict-avx2\) \| [0-9,]+ \| [0-9]+\.[0-9]{2} \| [0-9]+\.[0-9]{2}–[0-9]+\.[0-9]{2} \| ≤ 0\.8 \| (met|missed)( \(borderline\))? \|$' table.md ||
  fail "bench --peers: the ML-KEM-768 encaps row is malformed: $(grep -m1 'encaps' table.md)"
grep -q "rows meet the target" table.md || fail "bench --peers lacks the count of rows meeting the target"
grep -q "rdtsc" table.md || fail "bench --peers does not say what a tick is"
grep -q "^Machine load before: load [0-9.]* on [0-9]* CPU" table.md || fail "bench --peers does not give the machine load"
grep -q "SLH-DSA-SHAKE-128f |" table.md && fail "bench --peers -a: a row that was not selected"
grep -q '"run": true' peers.json && grep -q '"target_ratio": 0.8' peers.json || fail "bench --peers --json is not the peers JSON"
ls -d "${TMPDIR:-/tmp}"/pqlab-peers-* 2>/dev/null | while read -r d; do
  [ "$d" -nt fake ] && fail "bench --peers left its build directory $d"
done

finish peers
