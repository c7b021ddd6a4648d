#!/bin/bash
# scripts/update_docs_figures.sh: copies summary.md to docs/RESULTS.md and
# replaces the README's headline table between its markers; fails with a
# clear message when the markers are missing, doubled or out of order.
# Usage: update_docs_test.sh <pqlab binary> <unpacked test-data dir>
SCRIPT="$(cd "$(dirname "$0")/../.." && pwd)/scripts/update_docs_figures.sh"
source "$(dirname "$0")/common.sh"

mkdir rep repo
cat >rep/summary.md <<'MD'
# pqlab: headline figures

- Commit: `0123456789abcdef0123456789abcdef01234567`
- Date: 2026-01-01 00:00:00 UTC
- CPU: Test CPU, 2 CPUs
- Load: load 0.20 on 2 CPUs (0.10 per CPU) (the highest 1-minute load average seen)
- Command: `pqlab report`

| scheme | operation |
MD
cat >rep/summary.csv <<'CSV'
algorithm,family,operation,backend,median_us,median_ms,median_ticks,est_core_cycles,public_key_bytes,secret_key_bytes,ciphertext_or_signature_bytes,peak_stack_bytes
ML-KEM-768,post-quantum,keygen,avx2,12.345,0.012345,37000,45000,1184,2400,1088,17000
ML-KEM-768,post-quantum,encaps-batch8,avx2,10.000,0.010000,30000,36000,1184,2400,1088,17000
ML-DSA-65,post-quantum,sign,avx2,80.000,0.080000,240000,,1952,4032,3309,80000
X25519,classical,derive,openssl,30.000,0.030000,90000,108000,32,32,32,5000
CSV

printf '# pqlab\n\nintro\n' >repo/README.md
bash "$SCRIPT" rep repo >out.txt 2>err.txt && fail "no markers: expected a failure"
grep -q "must contain each marker exactly once" err.txt || fail "no markers: unclear message: $(cat err.txt)"
[ -e repo/docs/RESULTS.md ] && fail "no markers: RESULTS.md written anyway"

printf '# pqlab\n\n<!-- headline-figures:end -->\nx\n<!-- headline-figures:begin -->\n' >repo/README.md
bash "$SCRIPT" rep repo >out.txt 2>err.txt && fail "markers out of order: expected a failure"
grep -q "must come before" err.txt || fail "markers out of order: unclear message: $(cat err.txt)"

printf '# pqlab\n\nintro\n\n<!-- headline-figures:begin -->\nold table\n<!-- headline-figures:end -->\n\nafter\n' >repo/README.md
bash "$SCRIPT" rep repo >out.txt 2>err.txt || fail "update exit $?: $(cat err.txt)"
cmp -s rep/summary.md repo/docs/RESULTS.md || fail "docs/RESULTS.md is not summary.md"
grep -q "old table" repo/README.md && fail "the old table was kept"
grep -q "^after$" repo/README.md || fail "text after the end marker was lost"
grep -q "^intro$" repo/README.md || fail "text before the begin marker was lost"
grep -qF '| ML-KEM-768 | keygen | avx2 | 12.3 | 45000 | 1184 | 1088 |' repo/README.md || fail "no ML-KEM-768 keygen row: $(cat repo/README.md)"
grep -qF '| ML-DSA-65 | sign | avx2 | 80.0 | — | 1952 | 3309 |' repo/README.md || fail "no ML-DSA-65 sign row"
grep -qF '| X25519 | derive | openssl |' repo/README.md || fail "no X25519 row"
grep -q 'encaps-batch8' repo/README.md && fail "a non-headline row was copied"
grep -q 'commit `0123456789abcdef0123456789abcdef01234567`' repo/README.md || fail "README lacks the commit stamp"
cp repo/README.md first.md
bash "$SCRIPT" rep repo >/dev/null 2>&1 || fail "second update failed"
cmp -s first.md repo/README.md || fail "a second update is not idempotent"
finish update-docs
