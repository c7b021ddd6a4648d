#!/bin/bash
# End-to-end tests of the pqlab tool for ML-DSA: round trips for all three
# sets, deterministic outputs equal to the ACVP vectors (keygen --seed,
# sign --deterministic, --rnd, --prehash), exit 1 on a flipped bit in
# message, signature or context, exit 2 on bad inputs.
# Usage: mldsa_test.sh <pqlab binary> <unpacked test-data dir>
source "$(dirname "$0")/common.sh"
unhex() { python3 -c "import sys; open(sys.argv[2], 'wb').write(bytes.fromhex(sys.argv[1]))" "$1" "$2"; }
flip_bit() {  # flip_bit <file> <byte offset>: xor 0x01 into one byte, in place
  python3 - "$1" "$2" <<'PY'
import sys
p, i = sys.argv[1], int(sys.argv[2])
b = bytearray(open(p, "rb").read()); b[i] ^= 1; open(p, "wb").write(b)
PY
}

# expect_status <status> <description> <command...>: that exit status, and
# for errors one 'pqlab: ...' line on stderr.
expect_status() {
  local want=$1 what=$2; shift 2
  "$@" >out.txt 2>err.txt
  local rc=$?
  if [ $rc -ne "$want" ]; then fail "$what: exit $rc, expected $want ($(cat err.txt))"; return; fi
  if [ "$want" -ne 0 ] && { [ "$(wc -l <err.txt)" -ne 1 ] || ! grep -q '^pqlab: ' err.txt; }; then
    fail "$what: expected one 'pqlab: ...' line on stderr, got: $(cat err.txt)"
  fi
}

head -c 1024 /dev/urandom >msg
for alg in ML-DSA-44 ML-DSA-65 ml-dsa-87; do
  "$PQLAB" keygen -a $alg --pk pk --sk sk || fail "$alg keygen"
  "$PQLAB" sign -a $alg --sk sk --in msg --sig sig --ctx 0a0b0c || fail "$alg sign"
  expect_status 0 "$alg verify" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig --ctx 0a0b0c
  expect_status 0 "$alg verify from stdin" "$PQLAB" verify -a $alg --pk pk --in - --sig sig --ctx 0a0b0c <msg
  cp msg msg2; flip_bit msg2 100
  expect_status 1 "$alg flipped message bit" "$PQLAB" verify -a $alg --pk pk --in msg2 --sig sig --ctx 0a0b0c
  cp sig sig2; flip_bit sig2 200
  expect_status 1 "$alg flipped signature bit" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig2 --ctx 0a0b0c
  expect_status 1 "$alg flipped context bit" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig --ctx 0a0b0d
  expect_status 1 "$alg missing context" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig
  head -c -1 sig >sig3
  expect_status 1 "$alg truncated signature" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig3 --ctx 0a0b0c
  "$PQLAB" sign -a $alg --sk sk --in msg --sig hsig --prehash SHA2-512 || fail "$alg HashML-DSA sign"
  expect_status 0 "$alg HashML-DSA verify" "$PQLAB" verify -a $alg --pk pk --in msg --sig hsig --prehash SHA2-512
  expect_status 1 "$alg HashML-DSA as pure" "$PQLAB" verify -a $alg --pk pk --in msg --sig hsig
done

# Deterministic outputs against ACVP (ML-DSA-65): keyGen group 2; sigGen
# group 3 (deterministic, pure), 15 (hedged, pure) and 4 (deterministic,
# pre-hash), first vendored case of each.
read -r SEED PK SK < <(python3 - "$DATA" <<'PY'
import json, sys
d = sys.argv[1] + "/acvp/ML-DSA-keyGen-FIPS204/"
p = json.load(open(d + "prompt.json"))["testGroups"][1]
e = json.load(open(d + "expectedResults.json"))["testGroups"][1]
assert p["parameterSet"] == "ML-DSA-65"
print(p["tests"][0]["seed"], e["tests"][0]["pk"], e["tests"][0]["sk"])
PY
)
"$PQLAB" keygen -a ML-DSA-65 --pk pk --sk sk --seed "$SEED" || fail "deterministic keygen"
[ "$(hex pk)" = "$PK" ] || fail "keygen --seed: pk differs from ACVP"
[ "$(hex sk)" = "$SK" ] || fail "keygen --seed: sk differs from ACVP"

siggen_case() {  # siggen_case <tgId>: prints message sk context rnd hashAlg signature
  python3 - "$DATA" "$1" <<'PY'
import json, sys
d = sys.argv[1] + "/acvp/ML-DSA-sigGen-FIPS204/"
tg = int(sys.argv[2])
g = [g for g in json.load(open(d + "prompt.json"))["testGroups"] if g["tgId"] == tg][0]
e = [g for g in json.load(open(d + "expectedResults.json"))["testGroups"] if g["tgId"] == tg][0]
assert g["parameterSet"] == "ML-DSA-65" and g["signatureInterface"] == "external"
t = g["tests"][0]
sig = [x for x in e["tests"] if x["tcId"] == t["tcId"]][0]["signature"]
print(t["message"] or "-", t["sk"], t["context"] or "-", t.get("rnd", "-"), t.get("hashAlg", "-"), sig)
PY
}
dash() { [ "$1" = "-" ] && echo "" || echo "$1"; }
for tg in 3 15 4; do
  read -r M K C R H S < <(siggen_case $tg)
  M=$(dash "$M"); C=$(dash "$C")
  unhex "$M" m.bin; unhex "$K" k.bin
  args=(sign -a ML-DSA-65 --sk k.bin --in m.bin --sig s.bin)
  [ -n "$C" ] && args+=(--ctx "$C")
  if [ "$R" = "-" ]; then args+=(--deterministic); else args+=(--rnd "$R"); fi
  [ "$H" != "-" ] && args+=(--prehash "$H")
  "$PQLAB" "${args[@]}" || fail "sigGen tg $tg: sign failed"
  [ "$(hex s.bin)" = "$S" ] || fail "sigGen tg $tg: signature differs from ACVP"
done

# Bad inputs: exit 2.
"$PQLAB" keygen -a ML-DSA-65 --pk pk --sk sk || fail "keygen"
"$PQLAB" sign -a ML-DSA-65 --sk sk --in msg --sig sig || fail "sign"
head -c -1 sk >short_sk; head -c -1 pk >short_pk; cat pk pk >long_pk
expect_status 2 "wrong-length secret key" "$PQLAB" sign -a ML-DSA-65 --sk short_sk --in msg --sig out
expect_status 2 "wrong-length public key" "$PQLAB" verify -a ML-DSA-65 --pk short_pk --in msg --sig sig
expect_status 2 "oversized public key" "$PQLAB" verify -a ML-DSA-65 --pk long_pk --in msg --sig sig
expect_status 2 "key of another set" "$PQLAB" sign -a ML-DSA-44 --sk sk --in msg --sig out
expect_status 2 "unknown algorithm" "$PQLAB" sign -a ML-DSA-99 --sk sk --in msg --sig out
expect_status 2 "KEM name for signing" "$PQLAB" sign -a ML-KEM-768 --sk sk --in msg --sig out
expect_status 2 "bad context hex" "$PQLAB" sign -a ML-DSA-65 --sk sk --in msg --sig out --ctx 0g
expect_status 2 "odd-length context hex" "$PQLAB" verify -a ML-DSA-65 --pk pk --in msg --sig sig --ctx abc
LONG_CTX=$(printf '00%.0s' $(seq 256))
expect_status 2 "context of 256 bytes (sign)" "$PQLAB" sign -a ML-DSA-65 --sk sk --in msg --sig out --ctx "$LONG_CTX"
expect_status 2 "context of 256 bytes (verify)" "$PQLAB" verify -a ML-DSA-65 --pk pk --in msg --sig sig --ctx "$LONG_CTX"
expect_status 2 "bad rnd hex" "$PQLAB" sign -a ML-DSA-65 --sk sk --in msg --sig out --rnd zz
expect_status 2 "short rnd" "$PQLAB" sign -a ML-DSA-65 --sk sk --in msg --sig out --rnd 00
expect_status 2 "short seed" "$PQLAB" keygen -a ML-DSA-65 --pk pk2 --sk sk2 --seed 00
expect_status 2 "bad seed hex" "$PQLAB" keygen -a ML-DSA-65 --pk pk2 --sk sk2 --seed "$(printf 'x%.0s' $(seq 64))"
expect_status 2 "unknown pre-hash" "$PQLAB" sign -a ML-DSA-65 --sk sk --in msg --sig out --prehash MD5
expect_status 2 "unknown pre-hash (verify)" "$PQLAB" verify -a ML-DSA-65 --pk pk --in msg --sig sig --prehash MD5
expect_status 2 "missing message file" "$PQLAB" sign -a ML-DSA-65 --sk sk --in nosuchfile --sig out
[ -e out ] && fail "a failed sign left an output file"
[ -e pk2 ] || [ -e sk2 ] && fail "a failed keygen left an output file"

finish ML-DSA
