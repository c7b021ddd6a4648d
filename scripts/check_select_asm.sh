#!/bin/bash
# Checks the generated code of the two constant-time compares that decide a
# public outcome from a secret (or an attacker's) input, in the Release
# build's objects:
#   - ML-KEM decaps (FIPS 203 Alg. 18 lines 9-11): from the re-encryption
#     (the call to kpke_encrypt) to the next call: compare c with c', turn
#     the difference into a mask, select K' or K̄;
#   - ML-DSA verify (FIPS 204 Alg. 8 line 13, check_ctilde, which every
#     verification calls): from c̃' (the rider's finish) to the next call: compare
#     c̃ with c̃' and turn the difference into the status.
# In each window the only conditional jumps allowed are loop back-edges on
# an immediate bound (the byte loop of the compare); any other conditional
# jump, or a conditional move, would be a branch on the mask. Prints each
# window. Usage: scripts/check_select_asm.sh [build dir, default build/release]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
objs=$build/src/CMakeFiles/pqlab.dir
failed=0

# window OBJECT FUNCTION-PATTERN START-CALL-PATTERN
window() {
  objdump -dr --no-show-raw-insn -C "$1" |
    awk -v fn="$2" -v start="$3" '
      $0 ~ /^[0-9a-f]+ <.*>:$/ { infn = (index($0, fn) > 0); next }
      !infn || done { next }
      /R_X86_64/ { if (index($0, start) > 0) { on = 1; n = 0; next } if (on && n > 0) done = 1; next }
      on && /^ *[0-9a-f]+:/ { print; n++ }'
}

check() {
  local label=$1 obj=$2 fn=$3 start=$4
  local code
  code=$(window "$obj" "$fn" "$start")
  if [ -z "$code" ]; then
    echo "check_select_asm: $label: window not found in $obj" >&2
    failed=1
    return
  fi
  echo "=== $label (after $start)"
  echo "$code"
  # Each conditional jump must go backwards (a loop) right after a compare
  # with an immediate; no cmov/setcc on the mask either.
  local bad
  bad=$(echo "$code" | awk '
    function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
    { addr = hex(substr($1, 1, length($1) - 1)) }
    $2 ~ /^j/ && $2 != "jmp" {
      target = hex($3)
      if (target >= addr || prev !~ /^cmp +\$0x/) print "  branch: " $0
    }
    $2 ~ /^(cmov|set)/ { print "  conditional move: " $0 }
    { prev = $2 " " $3 }')
  if [ -n "$bad" ]; then
    echo "check_select_asm: $label: a branch or conditional move on the mask:" >&2
    echo "$bad" >&2
    failed=1
  else
    echo "--- $label: no branch on the mask"
  fi
}

for set in MLKEM512 MLKEM768 MLKEM1024; do
  # Both decapsulations: with the §7.3 hash check, and with a checked key.
  for hash_check in true false; do
    check "ML-KEM decaps<$set> (hash check: $hash_check)" "$objs/mlkem/mlkem.cpp.o" \
      "decaps_with<pqlab::mlkem::$set, $hash_check>" "kpke_encrypt<pqlab::mlkem::$set>"
  done
done
for set in MLDSA44 MLDSA65 MLDSA87; do
  check "ML-DSA check_ctilde<$set>" "$objs/mldsa/verify.cpp.o" "pqlab::mldsa::detail::check_ctilde<pqlab::mldsa::$set>" \
    "KeccakRider::finish"
done
[ "$failed" -eq 0 ] || exit 1
echo "check_select_asm: no branch on the mask in any of the nine"
