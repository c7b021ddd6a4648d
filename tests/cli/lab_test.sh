#!/bin/bash
# End-to-end tests of pqlab bench and pqlab report: the quick report writes
# every file; bench writes valid JSON and CSV; bad arguments give exit 2
# with one "pqlab: ..." line on stderr.
# Usage: lab_test.sh <pqlab binary> <unpacked test-data dir>
source "$(dirname "$0")/common.sh"

expect_error "unknown algorithm" "unknown algorithm" "$PQLAB" bench -a NOT-AN-ALGORITHM
expect_error "unknown backend" "unknown kernel backend" "$PQLAB" bench --kernels portable,neon
expect_error "negative time" "min-time" "$PQLAB" bench --min-time -1
expect_error "non-numeric time" "min-time" "$PQLAB" bench --min-time soon
expect_error "report: unknown option" "" "$PQLAB" report --fast
# The Cortex-M4 results file is checked before anything is measured.
expect_error "report: missing embedded file" "cannot read the embedded results" "$PQLAB" report --embedded nope.json
echo '{"images": 3}' >not-embedded.json
expect_error "report: not an embedded file" "not the embedded.json" "$PQLAB" report --embedded not-embedded.json
echo '{"images": [{"board": "b"}]}' >truncated.json
expect_error "report: truncated embedded file" "malformed embedded results" "$PQLAB" report --embedded truncated.json
# So is the Zynq-7000 one (embedded/zynq/run_zynq.py bench's zynq.json).
expect_error "report: missing zynq file" "cannot read the Zynq results" "$PQLAB" report --zynq nope.json
expect_error "report: not a zynq file" "not the zynq.json" "$PQLAB" report --zynq not-embedded.json
echo '{"operations": [{"set": "ML-DSA-44", "op": "keygen"}]}' >truncated-zynq.json
expect_error "report: truncated zynq file" "malformed Zynq results" "$PQLAB" report --zynq truncated-zynq.json

# A results file shaped like embedded/run.py bench's output (one image, one op).
cat >embedded.json <<'JSON'
{"method": {"compiler": "arm-none-eabi-g++ (test)", "flags": "-O2", "qemu": "QEMU (test)"},
 "images": [{"board": "mps2-an386", "ram_budget": 196608, "exit": 0, "static_ram": 30000,
             "elf": {"data": 100, "bss": 29900, "fault_stack": 256},
             "operations": [{"set": "ML-KEM-768", "op": "keygen", "stack": 7000, "instructions": 1234567,
                             "io": 3584, "time_ms_168mhz_cpi1": 7.35, "cycles_model": 1500000},
                            {"set": "ML-KEM-768", "op": "encaps", "stack": 7100, "instructions": 1300000,
                             "io": 2304, "time_ms_168mhz_cpi1": 7.74, "cycles_model": 1600000},
                            {"set": "ML-KEM-768", "op": "decaps", "stack": 7200, "instructions": 1400000,
                             "io": 3520, "time_ms_168mhz_cpi1": 8.33, "cycles_model": 1700000}]}]}
JSON

# And one shaped like run_zynq.py bench's: 2,001,000 instructions, of which
# 500,000 in the ML-DSA NTT and 1,000,000 in Keccak.
zero='{"instructions": 0, "calls": 0}'
cat >zynq.json <<JSON
{"method": {"compiler": "arm-none-eabi-g++ (test)", "flags": "-mcpu=cortex-a9", "qemu": "QEMU (test)"},
 "calibration": {"loop_instructions": 2000000, "measured": 2000020},
 "operations": [{"set": "ML-DSA-44", "op": "keygen", "stack": 30000, "io": 3872, "instructions": 2001000,
                 "kernels": {"mldsa_ntt": {"instructions": 500000, "calls": 4}, "mldsa_invntt": $zero,
                             "mldsa_pointwise": $zero, "mlkem_ntt": $zero, "mlkem_invntt": $zero,
                             "mlkem_basemul": $zero, "keccak_f1600": {"instructions": 1000000, "calls": 100}}}]}
JSON

# bench: a short run writes a table, JSON and CSV.
"$PQLAB" bench -a X25519 --min-time 0 --json b.json --csv b.csv >table.txt 2>progress.txt || fail "bench exit $?"
grep -q "X25519 .*derive" table.txt || fail "bench table lacks the X25519 derive row: $(cat table.txt)"
grep -q '"schema": "pqlab-bench/1"' b.json || fail "bench JSON lacks its schema tag"
[ "$(wc -l <b.csv)" -eq 3 ] || fail "bench CSV: expected a header and 2 rows, got $(wc -l <b.csv) lines"
grep -q "^Machine load before: load [0-9.]* on [0-9]* CPU" table.txt || fail "bench table lacks the machine load: $(head -3 table.txt)"
grep -q '"suspect": \(true\|false\)' b.json || fail "bench JSON lacks the load verdict"
# The CPU is named with its CPUID signature where /proc/cpuinfo lists one
# (a hypervisor may mask the brand string, as "AMD EPYC").
family=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
if [ -n "$family" ]; then
  model=$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -1)
  grep -q "^CPU: .* (CPUID family $family, model $model" table.txt ||
    fail "bench table lacks the CPUID signature: $(head -1 table.txt)"
  grep -q "\"cpu_signature\": \"family $family, model $model" b.json || fail "bench JSON lacks the CPUID signature"
fi
# The table says the CPU is a guest (naming the hypervisor where CPUID's
# leaf 0x40000000 does) exactly where /proc/cpuinfo has the hypervisor
# flag; the JSON always has the name field (empty on bare metal).
grep -q '"hypervisor_name": "' b.json || fail "bench JSON lacks hypervisor_name"
if grep -qw hypervisor /proc/cpuinfo 2>/dev/null; then
  head -1 table.txt | grep -Eq "^CPU: .*, a (.* guest|virtual machine);" ||
    fail "bench table does not say the CPU is a guest: $(head -1 table.txt)"
else
  head -1 table.txt | grep -Eq "guest|virtual machine" && fail "bench table calls bare metal a guest: $(head -1 table.txt)"
fi
# Progress on stderr (not a terminal here): plain lines with a percentage.
grep -Eq '^pqlab bench: \[ *[0-9]+%, ' progress.txt || fail "bench progress lacks a percentage: $(head -2 progress.txt)"
grep -q $'\r' progress.txt && fail "bench progress rewrites its line although stderr is not a terminal"

# bench --two-core: the Kyber-90s subjects get their two-core operations too.
"$PQLAB" bench -a Kyber512-90s --two-core --kernels portable --min-time 0 >k90.txt 2>/dev/null || fail "bench --two-core exit $?"
for op in keygen-2core encaps-2core decaps-2core; do
  grep -q "Kyber512-90s .*$op" k90.txt || fail "bench --two-core lacks Kyber512-90s $op: $(cat k90.txt)"
done

# report --quick: every file, and the sections.
start=$(date +%s)
"$PQLAB" report --quick --embedded embedded.json --zynq zynq.json --out rep >report.out 2>report.err || fail "report --quick exit $?: $(tail -3 report.err)"
echo "report --quick took $(( $(date +%s) - start )) s"
for f in report.md report.json report.html summary.md summary.csv report_plots.py; do
  [ -s "rep/$f" ] || fail "report --quick did not write $f"
done
if grep -q "not drawn" rep/report.md; then
  echo "note: plots not drawn here: $(grep -m1 'not drawn' rep/report.md)"
else
  for f in time.png bytes.png memory.png tls.png tls_latency.png tls_auth_bytes.png tls_auth_latency.png; do
    [ -s "rep/$f" ] || fail "report --quick did not draw $f"
    grep -q "]($f)" rep/report.md || fail "report.md does not embed $f"
  done
fi
for heading in "## Summary" "## Machine load" "## Machine" "## Method" "## Cost per operation" "## Sizes" "## Memory against microcontroller budgets" \
               "## Throughput scaling" "## One operation on two cores" "## Hash-cost floor" "## Kyber-90s: what symmetric hardware buys" "## TLS 1.3 handshakes" "## TLS authentication" "## Cortex-M4 under emulation (QEMU)" "## Published reference figures — not measured here"; do
  grep -q "^$heading" rep/report.md || fail "report.md lacks '$heading'"
done
# One operation on two cores: Kyber512-90s beside ML-KEM, next to the study's published ratios.
for row in "ML-KEM-512 keygen 1.24" "Kyber512-90s keygen 1.24" "Kyber512-90s encaps 1.33" "Kyber512-90s decaps 0.88"; do
  read -r alg op published <<<"$row"
  grep -Eq "^\| $alg \| $op \| [0-9.]+ \| [0-9.]+ \| [0-9.]+× \| $published× \|$" rep/report.md ||
    fail "the two-core section lacks the $alg $op row with its published ratio: $(grep -m3 "Kyber512-90s" rep/report.md)"
done
grep -q '"schema": "pqlab-report/1"' rep/report.json || fail "report.json lacks its schema tag"
# The Zynq-7000 model: 2,001,000 instructions at CPI 1 and 667 MHz = 3 ms;
# Amdahl's limit 2,001,000 / 501,000 = 4.0; the study's figure beside it.
grep -q "^## FPGA-SoC co-design (Zynq-7000 model)" rep/report.md || fail "report.md lacks the Zynq section"
grep -qF "| ML-DSA-44 | keygen | 2,001,000 | 3.000 | 25.0 % | 50.0 % | 4.0× |" rep/report.md ||
  fail "the Zynq section lacks the modelled row: $(grep -m2 'ML-DSA-44 | keygen | 2,001,000' rep/report.md)"
grep -qF "| ML-DSA-44 | keygen | 3.000 |" rep/report.md && grep -qF "1.109 (published)" rep/report.md ||
  fail "the Zynq section lacks the study's published keygen figure beside the model"
grep -qE "PL part not measured|PL parameters, from the rtl backend" rep/report.md ||
  fail "the Zynq section says neither how the PL was measured nor that it was not"
# Without --peers the speed-peers section says how to run it (tests/cli/peers_test.sh runs it).
grep -A2 "^## Speed peers: pqlab against the fastest public code" rep/report.md | grep -q "^Not run. \`pqlab report --peers DIR\`" ||
  fail "report.md lacks the speed-peers section's how-to"
[ "$(grep -m1 '^## ' rep/report.md)" = "## Summary" ] || fail "report.md does not open with the summary"
grep -q "| ML-KEM-768 | keygen | mps2-an386 | 1,234,567 | 1,234,567 | 7.35 | 1,500,000 | 8.93 | 7,000 |" rep/report.md ||
  fail "the summary lacks the Cortex-M4 row at 168 MHz: $(grep -m2 'mps2-an386' rep/report.md)"
grep -q "assumes one cycle per instruction (CPI = 1)" rep/summary.md || fail "summary.md does not state the CPI assumption"
grep -q "^- Commit: \`" rep/summary.md || fail "summary.md is not commit-stamped"
grep -Eq '^pqlab report: \[ *[0-9]+%, (about .* left|estimating time left|done)\] ' report.err ||
  fail "report progress lacks a percentage and time left: $(head -2 report.err)"
for title in "Comparative Performance Analysis of NIST PQC Standards: From STM32 Software Limitations to FPGA-SoC Acceleration" \
             "A closer look at ML-KEM performance" "ESP32-S3上Kyber后量子加密算法的优化实践" "6841a6bc3cc5bc0b0e01e5ee33567882e9bca8d3" "OpenSSL 3.5.5"; do
  grep -qF "$title" rep/report.md || fail "the published section does not cite '$title'"
done
grep -Eq "issue 5|not identified" rep/report.md && fail "the published section still cites an issue or an unidentified source"
grep -q "| ML-KEM-768 | keygen | 7,000 | 30,000 | 1,234,567 | 1,500,000 | 8.93 | fits | 642,096 cycles, 5,396 B (m4fspeed) | 644,195 cycles, 2,820 B (m4fstack) |" rep/report.md ||
  fail "report.md lacks the Cortex-M4 row with its pqm4 figures: $(grep -m3 'ML-KEM-768 | keygen' rep/report.md)"
# The comparison with pqm4 and the verdict, computed from those figures:
# 1,500,000 / 168 MHz = 8.93 ms against pqm4 m4fspeed's 642,096 (3.82 ms), with both
# peak stacks (7,000 B and pqm4's published 5,396 B).
grep -q "| ML-KEM-768 | keygen | 8.93 | 7,000 | 3.82 (m4fspeed) | 5,396 | 2.34× | 1.25× | missed |" rep/report.md ||
  fail "report.md lacks the pqm4 comparison row: $(grep -m3 'ML-KEM-768 | keygen' rep/report.md)"
grep -q "^- \*\*ML-KEM-768\*\*: slowest operation decaps at 10.1 ms with pqlab (estimated), decaps at 4.2 ms" rep/report.md ||
  fail "report.md lacks the verdict on ML-KEM-768: $(grep -m2 'ML-KEM-768\*\*' rep/report.md)"
# The TLS section: the published study's four configurations and the HelloRetryRequest case.
for row in "ECDSA-P256 + x25519 (exact) | x25519 |" "RSA-2048 + x25519 (exact) | x25519 |" \
           "ECDSA-P256 + X25519MLKEM768 (exact) | X25519MLKEM768 |" "ECDSA-P256 + MLKEM1024 (exact) | MLKEM1024 |" \
           "ECDSA-P256 + MLKEM1024 (browser) | MLKEM1024 (after HRR) |"; do
  grep -qF "| $row" rep/report.md || fail "report.md lacks the TLS row '$row'"
done
grep -q "key shares are 1184 bytes larger in the ClientHello (published: 1,184) and 1088 in the ServerHello" rep/report.md ||
  fail "report.md lacks the key-share check: $(grep -m1 'Check against' rep/report.md)"
# The TLS authentication section: every scheme's chain, composed rows
# labelled, and the composition check on the classical chains.
for row in "| ML-DSA-65 + X25519MLKEM768 (exact) [composed] |" "| ML-DSA-87 + MLKEM1024 (exact) [composed] |" \
           "| SLH-DSA-SHA2-128s/ML-DSA-65/ML-DSA-44 + X25519MLKEM768 (exact) [composed] |" \
           "| SLH-DSA-SHAKE-128s |" "| SLH-DSA-SHA2-128f |"; do
  grep -qF "$row" rep/report.md || fail "report.md lacks the TLS authentication row '$row'"
done
grep -F "| RSA-2048 + x25519 (exact) | ECDSA-P256 + x25519 (exact) |" rep/report.md | grep -q "bytes ok" ||
  fail "report.md: the composition check of RSA-2048 from ECDSA-P256 is missing or failed"
grep -q "Rows marked \[composed\] did not run" rep/report.md || fail "report.md does not explain the composed rows"
grep -q "RSA-2048 (classical)" rep/report.md || fail "report.md lacks the classical baselines"

finish lab
