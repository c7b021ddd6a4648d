#!/bin/bash
# End-to-end tests of pqlab tls-bench: a short run prints the table rows and
# writes JSON; bad arguments give exit 2 with one "pqlab: ..." line.
# Usage: tls_bench_test.sh <pqlab binary> <unpacked test-data dir>
source "$(dirname "$0")/common.sh"

expect_error "zero handshakes" "handshakes" "$PQLAB" tls-bench --handshakes 0
expect_error "non-numeric handshakes" "handshakes" "$PQLAB" tls-bench --handshakes many
expect_error "zero runs" "runs" "$PQLAB" tls-bench --runs 0 --handshakes 1
expect_error "unknown certificate" "unknown certificate kind" "$PQLAB" tls-bench --cert DSA
expect_error "unknown PQ certificate" "unknown certificate kind 'ML-DSA-66'" "$PQLAB" tls-bench --cert ML-DSA-65,ML-DSA-66
expect_error "short chain" "ROOT/INTERMEDIATE/LEAF" "$PQLAB" tls-bench --chain ML-DSA-65/ML-DSA-44
expect_error "unknown scheme in a chain" "unknown certificate kind 'SLH-DSA-SHA2-128x'" "$PQLAB" tls-bench --chain SLH-DSA-SHA2-128x/ML-DSA-65/ML-DSA-44
expect_error "zero initcwnd" "initcwnd" "$PQLAB" tls-bench --initcwnd-bytes 0
expect_error "unknown group" "unknown TLS group 'X25519MLKEM769'" "$PQLAB" tls-bench --group X25519MLKEM769
expect_error "unknown policy" "unknown key-share policy" "$PQLAB" tls-bench --policy firefox
expect_error "unknown option" "" "$PQLAB" tls-bench --fast
expect_error "unwritable JSON" "cannot write" "$PQLAB" tls-bench --group x25519 --handshakes 1 --runs 1 --json /nonexistent/dir/t.json

"$PQLAB" tls-bench --cert ECDSA-P256,RSA-2048 --group x25519,MLKEM1024 --policy exact,browser \
  --handshakes 3 --runs 1 --json t.json >table.txt 2>progress.txt || fail "tls-bench exit $?: $(cat progress.txt)"
for row in "ECDSA-P256 + x25519 (exact)" "RSA-2048 + MLKEM1024 (exact)" "ECDSA-P256 + MLKEM1024 (browser)"; do
  grep -qF "$row" table.txt || fail "table lacks '$row': $(cat table.txt)"
done
grep -q "MLKEM1024 (after HRR)" table.txt || fail "the browser policy against MLKEM1024 shows no HelloRetryRequest"
grep -q "^HelloRetryRequest (browser vs exact)" table.txt || fail "no HelloRetryRequest cost table"
grep -q "RTT 250 ms" table.txt || fail "no latency model table"
# Every CPU figure with its spread; differences judged against it.
grep -Eq "ECDSA-P256 \+ MLKEM1024 \(exact\) .* [0-9]+ ±[0-9]+ +[0-9]+ ±[0-9]+ " table.txt || fail "CPU figures lack their spread: $(cat table.txt)"
grep -q "CPU vs x25519 (same cert) µs" table.txt || fail "no comparison with the x25519 baseline"
grep -q 'within noise' table.txt || grep -Eq '[+-][0-9]+ µs|  [+-][0-9]+  ' table.txt || fail "no difference classified"
grep -q '"within_noise": \(true\|false\)' t.json || fail "JSON lacks the noise verdict"
grep -q '"client_cpu_us_spread":' t.json || fail "JSON lacks the spread"
grep -Eq '^pqlab tls-bench: \[ *[0-9]+%, ' progress.txt || fail "tls-bench progress lacks a percentage: $(head -2 progress.txt)"
# More runs when the spread is large: with --runs 1 --max-runs 3 a run of 3
# handshakes on a busy machine rarely agrees within 10 %; the run count is reported either way.
grep -q '"runs_planned": 1' t.json || fail "JSON lacks runs_planned"
expect_error "max-runs below runs" "max-runs" "$PQLAB" tls-bench --runs 3 --max-runs 2 --handshakes 1
grep -q '"schema": "pqlab-tls-bench/1"' t.json || fail "JSON lacks its schema tag"
[ "$(grep -c '"label":' t.json)" -ge 8 ] || fail "JSON: expected 8 configurations"
# A composed post-quantum row and a mixed chain, labelled as composed in the
# table and the JSON, with the composition check of the real ECDSA baseline.
"$PQLAB" tls-bench --cert ML-DSA-44,Ed25519 --chain ML-DSA-65/ML-DSA-65/ML-DSA-44 --group x25519 \
  --handshakes 3 --runs 1 --initcwnd-bytes 4000 --json c.json >ctable.txt 2>progress.txt ||
  fail "tls-bench composed exit $?: $(cat progress.txt)"
for row in "ML-DSA-44 + x25519 (exact) [composed]" "ML-DSA-65/ML-DSA-65/ML-DSA-44 + x25519 (exact) [composed]" \
           "ECDSA-P256 + x25519 (exact)" "Rows marked [composed] did not run"; do
  grep -qF "$row" ctable.txt || fail "composed table lacks '$row': $(cat ctable.txt)"
done
grep -q "initial window of 4000 bytes" ctable.txt || fail "--initcwnd-bytes not used"
grep -q '"composed": true' c.json || fail "JSON: composed rows not marked"
grep -q '"reason": "composed: OpenSSL 3.0 cannot negotiate' c.json || fail "JSON: composed rows give no reason"
grep -q '"bytes_ok": true' c.json || fail "JSON: the composition check of Ed25519 from ECDSA-P256 failed"
finish tls-bench
