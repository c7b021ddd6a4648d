#!/bin/bash
# End-to-end tests of the pqlab tool for ML-KEM: round trips, deterministic
# outputs equal to the ACVP vectors, and every kind of bad input giving
# exit status 2 with a one-line message and no output files left behind.
# Usage: mlkem_test.sh <pqlab binary> <unpacked test-data dir>
source "$(dirname "$0")/common.sh"

# expect_error <description> <command...>: exit 2, one line on stderr.
expect_error() {
  local what=$1; shift
  "$@" >out.txt 2>err.txt
  local rc=$?
  if [ $rc -ne 2 ]; then fail "$what: exit $rc, expected 2"; return; fi
  if [ "$(wc -l <err.txt)" -ne 1 ] || ! grep -q '^pqlab: ' err.txt; then
    fail "$what: expected one 'pqlab: ...' line on stderr, got: $(cat err.txt)"
  fi
}

for alg in ML-KEM-512 ML-KEM-768 ml-kem-1024; do
  "$PQLAB" keygen -a $alg --pk pk --sk sk || fail "$alg keygen"
  "$PQLAB" encaps -a $alg --pk pk --ct ct --ss ss1 || fail "$alg encaps"
  "$PQLAB" decaps -a $alg --sk sk --ct ct --ss ss2 || fail "$alg decaps"
  cmp -s ss1 ss2 || fail "$alg: shared secrets differ"
  [ "$(stat -c %s ss1)" -eq 32 ] || fail "$alg: shared secret is not 32 bytes"
done

# Deterministic outputs against ACVP: the first keyGen and encapsulation
# cases of ML-KEM-768 (the second test group in both files).
read -r D Z EK DK < <(python3 - "$DATA" <<'PY'
import json, sys
d = sys.argv[1] + "/acvp/ML-KEM-keyGen-FIPS203/"
p = json.load(open(d + "prompt.json"))["testGroups"][1]["tests"][0]
e = json.load(open(d + "expectedResults.json"))["testGroups"][1]["tests"][0]
print(p["d"], p["z"], e["ek"], e["dk"])
PY
)
"$PQLAB" keygen -a ML-KEM-768 --pk pk --sk sk --seed "$D$Z" || fail "deterministic keygen"
[ "$(hex pk)" = "$EK" ] || fail "keygen --seed: ek differs from ACVP"
[ "$(hex sk)" = "$DK" ] || fail "keygen --seed: dk differs from ACVP"

read -r EK M C K < <(python3 - "$DATA" <<'PY'
import json, sys
d = sys.argv[1] + "/acvp/ML-KEM-encapDecap-FIPS203/"
p = json.load(open(d + "prompt.json"))["testGroups"][1]["tests"][0]
e = json.load(open(d + "expectedResults.json"))["testGroups"][1]["tests"][0]
print(p["ek"], p["m"], e["c"], e["k"])
PY
)
python3 -c "import sys; open('ek', 'wb').write(bytes.fromhex(sys.argv[1]))" "$EK"
"$PQLAB" encaps -a ML-KEM-768 --pk ek --ct ct --ss ss --seed "$M" || fail "deterministic encaps"
[ "$(hex ct)" = "$C" ] || fail "encaps --seed: c differs from ACVP"
[ "$(hex ss)" = "$K" ] || fail "encaps --seed: K differs from ACVP"

# Bad inputs: exit 2, one line, and no partial outputs.
"$PQLAB" keygen -a ML-KEM-768 --pk pk --sk sk
"$PQLAB" encaps -a ML-KEM-768 --pk pk --ct ct --ss ss
expect_error "unknown algorithm" "$PQLAB" keygen -a ML-KEM-769 --pk a --sk b
expect_error "missing option" "$PQLAB" encaps -a ML-KEM-768 --pk pk --ct out_ct
expect_error "unknown subcommand" "$PQLAB" frobnicate
expect_error "unreadable key file" "$PQLAB" encaps -a ML-KEM-768 --pk does-not-exist --ct out_ct --ss out_ss
head -c 1183 pk >pk_short
expect_error "short public key" "$PQLAB" encaps -a ML-KEM-768 --pk pk_short --ct out_ct --ss out_ss
cat pk pk >pk_long
expect_error "long public key" "$PQLAB" encaps -a ML-KEM-768 --pk pk_long --ct out_ct --ss out_ss
expect_error "key of another parameter set" "$PQLAB" encaps -a ML-KEM-512 --pk pk --ct out_ct --ss out_ss
# Modulus check: the first 12-bit value set to 0xfff >= q.
{ printf '\xff\xff'; tail -c +3 pk; } >pk_bad
expect_error "modulus check" "$PQLAB" encaps -a ML-KEM-768 --pk pk_bad --ct out_ct --ss out_ss
grep -q "validity" err.txt || fail "modulus check: message should say the key is invalid: $(cat err.txt)"
# Hash check: flip a bit of H(ek) inside dk.
python3 -c "
b = bytearray(open('sk', 'rb').read()); b[-64] ^= 1; open('sk_bad', 'wb').write(b)"
expect_error "decapsulation-key hash check" "$PQLAB" decaps -a ML-KEM-768 --sk sk_bad --ct ct --ss out_ss
head -c 100 ct >ct_short
expect_error "short ciphertext" "$PQLAB" decaps -a ML-KEM-768 --sk sk --ct ct_short --ss out_ss
expect_error "odd-length seed" "$PQLAB" keygen -a ML-KEM-768 --pk a --sk b --seed abc
expect_error "non-hex seed" "$PQLAB" keygen -a ML-KEM-768 --pk a --sk b --seed "$(printf 'zz%.0s' $(seq 64))"
expect_error "short seed" "$PQLAB" keygen -a ML-KEM-768 --pk a --sk b --seed 00
expect_error "short encaps seed" "$PQLAB" encaps -a ML-KEM-768 --pk pk --ct out_ct --ss out_ss --seed 00
expect_error "unwritable output" "$PQLAB" keygen -a ML-KEM-768 --pk a --sk /nonexistent-dir/sk
for f in out_ct out_ss a b; do [ -e $f ] && fail "partial output '$f' left behind"; done
ls -A | grep -q '\.pqlab-' && fail "temporary files left behind"

finish ML-KEM
