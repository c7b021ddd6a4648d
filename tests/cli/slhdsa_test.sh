#!/bin/bash
# End-to-end tests of the pqlab tool for SLH-DSA: round trips for an 'f' and
# an 's' set of each hash family (pure, with a context, and HashSLH-DSA),
# deterministic keygen --seed and sign --deterministic equal to the ACVP
# vectors, exit 1 on a flipped bit, exit 2 on bad inputs.
# Usage: slhdsa_test.sh <pqlab binary> <unpacked test-data dir>
source "$(dirname "$0")/common.sh"
unhex() { python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$1"; }

# expect_status <status> <description> <command...>
expect_status() {
  local want=$1 what=$2; shift 2
  "$@" >out.txt 2>err.txt
  local rc=$?
  [ $rc -eq "$want" ] || fail "$what: exit $rc, expected $want ($(cat err.txt))"
}

printf 'a message to sign' >msg
for alg in SLH-DSA-SHA2-128f SLH-DSA-SHAKE-128f SLH-DSA-SHA2-128s slh-dsa-shake-128s; do
  "$PQLAB" keygen -a $alg --pk pk --sk sk || fail "$alg keygen"
  "$PQLAB" sign -a $alg --sk sk --in msg --sig sig || fail "$alg sign"
  expect_status 0 "$alg verify" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig
  python3 -c 'import sys; b = bytearray(open("sig", "rb").read()); b[len(b) // 3] ^= 4; open("bad", "wb").write(b)'
  expect_status 1 "$alg flipped bit" "$PQLAB" verify -a $alg --pk pk --in msg --sig bad
  expect_status 1 "$alg other message" "$PQLAB" verify -a $alg --pk pk --in sk --sig sig
  expect_status 1 "$alg context added" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig --ctx 01
done

# Contexts and pre-hashing on the fast sets.
for alg in SLH-DSA-SHA2-128f SLH-DSA-SHAKE-128f; do
  "$PQLAB" keygen -a $alg --pk pk --sk sk || fail "$alg keygen"
  "$PQLAB" sign -a $alg --sk sk --in msg --sig sig --ctx 00ff10 --prehash SHA2-512 || fail "$alg hash sign"
  expect_status 0 "$alg hash verify" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig --ctx 00ff10 --prehash SHA2-512
  expect_status 1 "$alg hash verify, other hash" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig --ctx 00ff10 --prehash SHA3-512
  expect_status 1 "$alg hash verify, pure" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig --ctx 00ff10
  cat msg | "$PQLAB" sign -a $alg --sk sk --in - --sig sig2 --ctx 0102 --deterministic || fail "$alg stdin sign"
  expect_status 0 "$alg stdin verify" "$PQLAB" verify -a $alg --pk pk --in msg --sig sig2 --ctx 0102
done

# ACVP: keyGen case 1 of SLH-DSA-SHA2-128f and the deterministic external
# pure sigGen case of the same set (group 1; its signature's SHA3-256).
read -r ALG SEED PK SK < <(python3 - "$DATA" <<'PY'
import json, sys
d = sys.argv[1] + "/acvp/SLH-DSA-keyGen-FIPS205/"
g = [g for g in json.load(open(d + "prompt.json"))["testGroups"] if g["parameterSet"] == "SLH-DSA-SHA2-128f"][0]
t = g["tests"][0]
e = [x for x in json.load(open(d + "expectedResults.json"))["testGroups"] if x["tgId"] == g["tgId"]][0]["tests"][0]
print(g["parameterSet"], t["skSeed"] + t["skPrf"] + t["pkSeed"], e["pk"], e["sk"])
PY
)
"$PQLAB" keygen -a "$ALG" --seed "$SEED" --pk pk --sk sk || fail "keygen --seed"
[ "$(hex pk)" = "$PK" ] || fail "keygen --seed: pk differs from ACVP"
[ "$(hex sk)" = "$SK" ] || fail "keygen --seed: sk differs from ACVP"

# Raw keys that happen to be one whole DER SEQUENCE (pk starting 30 1e, sk
# starting 30 3e: one key in 2^16 and 2^24) are read as raw keys with -a.
LOOKALIKE="303e$(printf '11%.0s' $(seq 14))$(printf '22%.0s' $(seq 16))301e$(printf '33%.0s' $(seq 14))"
"$PQLAB" keygen -a SLH-DSA-SHA2-128f --seed "$LOOKALIKE" --pk lpk --sk lsk || fail "DER-lookalike keygen"
[ "$(hex lpk | cut -c1-4)" = "301E" ] && [ "$(hex lsk | cut -c1-4)" = "303E" ] || fail "DER-lookalike keys do not start 30 1e / 30 3e"
"$PQLAB" sign -a SLH-DSA-SHA2-128f --sk lsk --in msg --sig lsig || fail "DER-lookalike sign"
expect_status 0 "DER-lookalike verify" "$PQLAB" verify -a SLH-DSA-SHA2-128f --pk lpk --in msg --sig lsig
expect_status 0 "DER-lookalike convert" "$PQLAB" convert -a SLH-DSA-SHA2-128f --in lsk --out lsk.pem --format pem
expect_status 0 "DER-lookalike convert back" "$PQLAB" convert --in lsk.pem --out lsk.raw --format raw
cmp -s lsk lsk.raw || fail "DER-lookalike secret key changed through PEM"
expect_error "DER-lookalike without -a" "give it with -a" "$PQLAB" verify --pk lpk --in msg --sig lsig

read -r ALG SK MSG CTX WANT < <(python3 - "$DATA" <<'PY'
import json, sys
d = sys.argv[1] + "/acvp/SLH-DSA-sigGen-FIPS205/"
g = json.load(open(d + "prompt.json"))["testGroups"][0]
assert g["deterministic"] and g["signatureInterface"] == "external" and g["preHash"] == "pure"
t = g["tests"][0]
e = json.load(open(d + "expectedResults.json"))["testGroups"][0]["tests"][0]
print(g["parameterSet"], t["sk"], t["message"] or "-", t["context"] or "-", e["signatureSha3_256"])
PY
)
unhex "$SK" >sk
[ "$MSG" = - ] && : >msg || unhex "$MSG" >msg
[ "$CTX" = - ] && CTX=""
"$PQLAB" sign -a "$ALG" --sk sk --in msg --sig sig --ctx "$CTX" --deterministic || fail "ACVP sign --deterministic"
GOT=$(python3 -c 'import hashlib; print(hashlib.sha3_256(open("sig", "rb").read()).hexdigest())')
[ "$GOT" = "$WANT" ] || fail "sign --deterministic: signature differs from ACVP"
unhex "${SK:64:64}" >pk
expect_status 0 "ACVP signature verifies" "$PQLAB" verify -a "$ALG" --pk pk --in msg --sig sig --ctx "$CTX"

# Bad inputs: exit 2.
rm -f sig2
ALG=SLH-DSA-SHAKE-128f
"$PQLAB" keygen -a $ALG --pk pk --sk sk || fail "keygen"
"$PQLAB" sign -a $ALG --sk sk --in msg --sig sig || fail "sign"
head -c 10 sig >short_sig
expect_status 1 "truncated signature" "$PQLAB" verify -a $ALG --pk pk --in msg --sig short_sig
expect_status 2 "seed of the wrong length" "$PQLAB" keygen -a $ALG --seed 00ff --pk pk2 --sk sk2
expect_status 2 "seed not hex" "$PQLAB" keygen -a $ALG --seed "$(printf 'zz%.0s' $(seq 48))" --pk pk2 --sk sk2
head -c 10 sk >short_sk
expect_status 2 "short secret key" "$PQLAB" sign -a $ALG --sk short_sk --in msg --sig sig2
head -c 10 pk >short_pk
expect_status 2 "short public key" "$PQLAB" verify -a $ALG --pk short_pk --in msg --sig sig
expect_status 2 "context over 255 bytes" "$PQLAB" sign -a $ALG --sk sk --in msg --sig sig2 --ctx "$(printf '00%.0s' $(seq 256))"
expect_status 2 "unknown pre-hash" "$PQLAB" sign -a $ALG --sk sk --in msg --sig sig2 --prehash MD5
expect_status 2 "unknown pre-hash (verify)" "$PQLAB" verify -a $ALG --pk pk --in msg --sig sig --prehash MD5
expect_status 2 "opt_rand of the wrong length" "$PQLAB" sign -a $ALG --sk sk --in msg --sig sig2 --rnd 0011
expect_status 2 "unknown algorithm" "$PQLAB" sign -a SLH-DSA-SHAKE-100f --sk sk --in msg --sig sig2
expect_status 2 "missing message" "$PQLAB" sign -a $ALG --sk sk --in no-such-file --sig sig2
[ -e sig2 ] && fail "a failed sign left a signature file"

finish SLH-DSA
