#!/bin/bash
# The tool's key encodings (docs/KEYS.md): keygen --format/--private-form,
# convert, keys read as raw, DER or PEM by every command with -a optional
# for DER/PEM, OID mismatches, secret files 0600, and the IETF LAMPS example
# keys (tests/data/lamps/) accepted, reproduced from their seeds, converted
# byte for byte between their forms, and their bad-*.priv refused.
source "$(dirname "$0")/common.sh"
LAMPS=$DATA/lamps
[ -d "$LAMPS" ] || { echo "no LAMPS data in $LAMPS"; exit 1; }

same() { cmp -s "$1" "$2" || fail "$3: $1 and $2 differ"; }
mode() { stat -c %a "$1"; }
ok() { local what=$1; shift; "$@" >out.txt 2>err.txt || fail "$what: exit $?: $(cat err.txt)"; }
seq_hex() { python3 -c "import sys; print(bytes(range(int(sys.argv[1]))).hex())" "$1"; }

# --- Round trips raw -> PEM -> DER -> raw, for one set of each family.
for alg in ML-KEM-768 ML-DSA-65 SLH-DSA-SHAKE-128f; do
  ok "$alg keygen" "$PQLAB" keygen -a $alg --pk pk.raw --sk sk.raw
  for kind in pk sk; do
    ok "$alg $kind raw->pem" "$PQLAB" convert -a $alg --in $kind.raw --out $kind.pem --format pem
    ok "$alg $kind pem->der" "$PQLAB" convert --in $kind.pem --out $kind.der --format der
    ok "$alg $kind der->raw" "$PQLAB" convert --in $kind.der --out $kind.back --format raw
    same $kind.raw $kind.back "$alg $kind raw->pem->der->raw"
  done
  head -1 pk.pem | grep -q -- '-----BEGIN PUBLIC KEY-----' || fail "$alg: pk.pem is not a PEM public key"
  head -1 sk.pem | grep -q -- '-----BEGIN PRIVATE KEY-----' || fail "$alg: sk.pem is not a PEM private key"
  [ "$(mode sk.pem)" = 600 ] || fail "$alg: converted secret key has mode $(mode sk.pem)"
  [ "$(mode sk.der)" = 600 ] || fail "$alg: converted secret key has mode $(mode sk.der)"
  [ "$(mode sk.raw)" = 600 ] || fail "$alg: raw secret key has mode $(mode sk.raw)"
  ok "$alg --public" "$PQLAB" convert --in sk.pem --out pub.from-sk --public --format raw
  same pk.raw pub.from-sk "$alg public key of the secret key"
done

# --- keygen writes DER/PEM; 0600 secret keys whatever the umask.
(umask 000; "$PQLAB" keygen -a ML-DSA-65 --format pem --pk dsa.pub.pem --sk dsa.sk.pem) ||
  fail "keygen --format pem"
[ "$(mode dsa.sk.pem)" = 600 ] || fail "keygen --format pem: secret key mode $(mode dsa.sk.pem), expected 600"
[ "$(mode dsa.pub.pem)" = 666 ] || fail "keygen --format pem: public key mode $(mode dsa.pub.pem) under umask 000"
# The default private form is the seed: a 32-byte seed in a 54-byte DER.
ok "keygen --format der" "$PQLAB" keygen -a ML-DSA-65 --format der --pk dsa.pub.der --sk dsa.sk.der
[ "$(stat -c %s dsa.sk.der)" = 54 ] || fail "default private form: $(stat -c %s dsa.sk.der) bytes, expected 54 (seed)"
ok "keygen --private-form both" "$PQLAB" keygen -a ML-DSA-65 --format der --private-form both --pk p --sk both.der
[ "$(stat -c %s both.der)" = 4098 ] || fail "--private-form both: $(stat -c %s both.der) bytes, expected 4098"

# --- Sign with a PEM key, verify with a DER public key, -a omitted.
echo "a message" >msg
ok "pem->der public key" "$PQLAB" convert --in dsa.pub.pem --out dsa.pub.der2 --format der
ok "sign with PEM key, no -a" "$PQLAB" sign --sk dsa.sk.pem --in msg --sig sig
ok "verify with DER key, no -a" "$PQLAB" verify --pk dsa.pub.der2 --in msg --sig sig
grep -q valid out.txt || fail "verify: no 'valid'"
ok "verify with -a and a DER key" "$PQLAB" verify -a ML-DSA-65 --pk dsa.pub.der2 --in msg --sig sig
ok "verify with an alias" "$PQLAB" verify -a MLDSA65 --pk dsa.pub.der2 --in msg --sig sig
echo "another message" >msg2
"$PQLAB" verify --pk dsa.pub.der2 --in msg2 --sig sig >out.txt 2>err.txt
[ $? -eq 1 ] || fail "verify of another message with a DER key: expected exit 1"

# --- KEM through PEM/DER keys, no -a; standard input carries the key.
"$PQLAB" keygen -a ML-KEM-1024 --format pem --pk - --sk kem.sk.pem | "$PQLAB" encaps --pk - --ct ct --ss ss1 ||
  fail "keygen --format pem | encaps --pk -"
ok "sk pem->der both" "$PQLAB" convert --in kem.sk.pem --out kem.sk.der --format der --private-form both
ok "decaps with DER key, no -a" "$PQLAB" decaps --sk kem.sk.der --ct ct --ss ss2
same ss1 ss2 "ML-KEM-1024 shared secrets (PEM public key, DER 'both' secret key)"
[ "$(mode ss2)" = 600 ] || fail "shared secret mode $(mode ss2)"

# --- Refusals: exit 2, one line.
expect_error "OID mismatch (sign)" "wrong OID for ML-DSA-44" "$PQLAB" sign -a ML-DSA-44 --sk dsa.sk.pem --in msg --sig s2
expect_error "OID mismatch (verify)" "wrong OID for ML-DSA-87" "$PQLAB" verify -a ML-DSA-87 --pk dsa.pub.der2 --in msg --sig sig
expect_error "OID mismatch (encaps)" "wrong OID for ML-KEM-512" "$PQLAB" encaps -a ML-KEM-512 --pk "$LAMPS/ml-kem/ML-KEM-768.pub" --ct c --ss s
expect_error "OID mismatch (convert)" "wrong OID for SLH-DSA-SHA2-128f" "$PQLAB" convert -a SLH-DSA-SHA2-128f --in dsa.sk.pem --out x --format der
expect_error "KEM key to sign" "needs a signature scheme" "$PQLAB" sign --sk kem.sk.pem --in msg --sig s2
expect_error "signature key to encaps" "needs a KEM" "$PQLAB" encaps --pk dsa.pub.pem --ct c --ss s
expect_error "raw key without -a" "give it with -a" "$PQLAB" sign --sk sk.raw --in msg --sig s2
expect_error "raw key without -a (convert)" "give it with -a" "$PQLAB" convert --in pk.raw --out x --format pem
# Raw key bytes that start like DER (0x30, one raw key in 256): without -a
# the decoder's complaint still says that a raw key needs -a, for a whole
# SEQUENCE and for a truncated one.
python3 -c "open('seq.raw', 'wb').write(bytes([0x30, 0x3e]) + bytes([0x11]) * 62)"
python3 -c "open('trunc.raw', 'wb').write(bytes([0x30, 0x82]) + bytes([0x11]) * 62)"
for f in seq.raw trunc.raw; do
  expect_error "$f without -a (sign)" "give it with -a" "$PQLAB" sign --sk $f --in msg --sig s2
  expect_error "$f without -a (verify)" "give it with -a" "$PQLAB" verify --pk $f --in msg --sig sig
  expect_error "$f without -a (convert)" "give it with -a" "$PQLAB" convert --in $f --out x --format pem
done
expect_error "--private-form with raw" "--private-form" "$PQLAB" keygen -a ML-DSA-44 --pk r.pub --sk r.sk --private-form seed
expect_error "--private-form for SLH-DSA" "single form" "$PQLAB" keygen -a SLH-DSA-SHA2-128f --pk r.pub --sk r.sk --format pem --private-form both
expect_error "unknown --format" "format" "$PQLAB" keygen -a ML-DSA-44 --pk r.pub --sk r.sk --format ber
expect_error "no seed to write" "no seed is known" "$PQLAB" convert --in "$LAMPS/ml-dsa/ML-DSA-44-expanded.priv" --out x --format pem --private-form seed
[ -e r.pub ] || [ -e r.sk ] && fail "a refused keygen wrote a key"
head -c 100 dsa.pub.der2 >trunc.der
expect_error "truncated DER" "public key file 'trunc.der'" "$PQLAB" verify --pk trunc.der --in msg --sig sig
{ cat dsa.pub.der2; printf '\0'; } >long.der
expect_error "over-long DER" "trailing bytes" "$PQLAB" verify --pk long.der --in msg --sig sig
{ cat both.der; printf '\0'; } >long.sk.der
expect_error "over-long private DER (convert)" "trailing bytes after the PrivateKeyInfo" "$PQLAB" convert --in long.sk.der --out x --format pem
expect_error "over-long private DER (sign)" "trailing bytes after the PrivateKeyInfo" "$PQLAB" sign --sk long.sk.der --in msg --sig s2
sed '3s/./!/' dsa.pub.pem >badb64.pem
expect_error "PEM with bad base64" "bad PEM" "$PQLAB" verify --pk badb64.pem --in msg --sig sig
expect_error "public key as secret key" "expected a private key" "$PQLAB" sign --sk dsa.pub.pem --in msg --sig s2
expect_error "/dev/zero as a key to convert" "more than" timeout 10 "$PQLAB" convert --in /dev/zero --out x --format pem

# --- The LAMPS examples.
for set in 44 65 87; do
  a=ML-DSA-$set d=$LAMPS/ml-dsa
  # The key pair from the examples' seed (00 01 ... 1f) is the example.
  ok "$a keygen --seed" "$PQLAB" keygen -a $a --seed "$(seq_hex 32)" --format pem --pk gen.pub --sk gen.priv
  same gen.pub "$d/$a.pub" "$a public key from the LAMPS seed"
  same gen.priv "$d/$a-seed.priv" "$a seed-form private key from the LAMPS seed"
  for form in seed expanded both; do
    ok "$a sign with LAMPS $form key" "$PQLAB" sign --sk "$d/$a-$form.priv" --in msg --sig sig.$form
    ok "$a verify with LAMPS .pub" "$PQLAB" verify --pk "$d/$a.pub" --in msg --sig sig.$form
    ok "$a $form -> raw" "$PQLAB" convert --in "$d/$a-$form.priv" --out sk.$form.raw --format raw
  done
  same sk.seed.raw sk.expanded.raw "$a raw key of the seed and expanded forms"
  same sk.seed.raw sk.both.raw "$a raw key of the seed and both forms"
  for form in expanded both; do
    ok "$a seed -> $form" "$PQLAB" convert --in "$d/$a-seed.priv" --out conv.$form --format pem --private-form $form
    same conv.$form "$d/$a-$form.priv" "$a seed form converted to $form"
  done
  ok "$a both -> seed" "$PQLAB" convert --in "$d/$a-both.priv" --out conv.seed --format pem --private-form seed
  same conv.seed "$d/$a-seed.priv" "$a both form converted to seed"
  ok "$a --public" "$PQLAB" convert --in "$d/$a-expanded.priv" --out conv.pub --public --format pem
  same conv.pub "$d/$a.pub" "$a public key of the expanded key"
done
for set in 512 768 1024; do
  a=ML-KEM-$set d=$LAMPS/ml-kem
  ok "$a keygen --seed" "$PQLAB" keygen -a $a --seed "$(seq_hex 64)" --format pem --pk gen.pub --sk gen.priv
  same gen.pub "$d/$a.pub" "$a public key from the LAMPS seed"
  same gen.priv "$d/$a-seed.priv" "$a seed-form private key from the LAMPS seed"
  ok "$a encaps to LAMPS .pub" "$PQLAB" encaps --pk "$d/$a.pub" --ct ct --ss ss.enc
  for form in seed expanded both; do
    ok "$a decaps with LAMPS $form key" "$PQLAB" decaps -a $a --sk "$d/$a-$form.priv" --ct ct --ss ss.$form
    same ss.enc ss.$form "$a shared secret with the LAMPS $form key"
  done
  ok "$a seed -> both" "$PQLAB" convert --in "$d/$a-seed.priv" --out conv.both --format pem --private-form both
  same conv.both "$d/$a-both.priv" "$a seed form converted to both"
done
s=$LAMPS/slh-dsa/id-slh-dsa-sha2-128s
ok "SLH-DSA-SHA2-128s sign with the LAMPS key" "$PQLAB" sign --sk "$s.priv" --in msg --sig slh.sig
ok "SLH-DSA-SHA2-128s verify with the LAMPS .pub" "$PQLAB" verify -a SLH-DSA-SHA2-128s --pk "$s.pub" --in msg --sig slh.sig
ok "SLH-DSA-SHA2-128s convert" "$PQLAB" convert --in "$s.priv" --out slh.der --format der
ok "SLH-DSA-SHA2-128s convert back" "$PQLAB" convert --in slh.der --out slh.pem --format pem
same slh.pem "$s.priv" "SLH-DSA-SHA2-128s private key PEM -> DER -> PEM"
ok "SLH-DSA-SHA2-128s keygen --seed" "$PQLAB" keygen -a SLH-DSA-SHA2-128s --format pem --pk slh.gen.pub --sk slh.gen.priv \
  --seed "$("$PQLAB" convert --in "$s.priv" --out - --format raw | head -c 48 | od -An -v -tx1 | tr -d ' \n')"
same slh.gen.priv "$s.priv" "SLH-DSA-SHA2-128s key from its seeds"
same slh.gen.pub "$s.pub" "SLH-DSA-SHA2-128s public key from its seeds"

# Every bad-*.priv is refused, each for its reason, by every reader.
bad() { expect_error "$1 (convert)" "$2" "$PQLAB" convert --in "$LAMPS/$1" --out x --format der
        expect_error "$1 ($3)" "$2" "$PQLAB" $3 --sk "$LAMPS/$1" "${@:4}"; }
bad ml-dsa/bad-ML-DSA-44-1.priv "seed does not regenerate the expanded key" sign --in msg --sig s2
bad ml-dsa/bad-ML-DSA-44-2.priv "expanded key is inconsistent" sign --in msg --sig s2
bad ml-dsa/bad-ML-DSA-44-3.priv "expanded key is inconsistent" sign --in msg --sig s2
ok "ML-KEM-512 ciphertext" "$PQLAB" encaps --pk "$LAMPS/ml-kem/ML-KEM-512.pub" --ct ct512 --ss ss512
bad ml-kem/bad-ML-KEM-512-1.priv "seed does not regenerate the expanded key" decaps --ct ct512 --ss s2
bad ml-kem/bad-ML-KEM-512-2.priv "pairwise consistency" decaps --ct ct512 --ss s2
bad ml-kem/bad-ML-KEM-512-3.priv "section 7.3" decaps --ct ct512 --ss s2
bad ml-kem/bad-ML-KEM-512-4.priv "seed does not regenerate the expanded key" decaps --ct ct512 --ss s2
[ -e x ] && fail "a refused conversion wrote its output"

finish keys
