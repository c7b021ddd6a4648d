#!/usr/bin/env bash
# The system `openssl` 3.0 command line with pqlab.so loaded: genpkey for
# every algorithm, pkey conversions, -text, -pubout, pkeyutl -sign/-verify
# -rawin, a self-signed ML-DSA CA, a three-level chain root -> intermediate
# -> leaf (ML-KEM-768 leaf with -force_pubkey, and an ECDSA leaf), a
# certificate with a changed signature, malformed keys, CMS verification,
# and every LAMPS example certificate.
#
# usage: openssl_cli_test.sh PROVIDER_DIR SOURCE_DIR [CMS_SIGN_TOOL]
set -euo pipefail

provider_dir=$1
source_dir=$2
cms_tool=${3:-}
OPENSSL=${OPENSSL:-/usr/bin/openssl}
P=(-provider-path "$provider_dir" -provider pqlab -provider default)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }
ossl() { "$OPENSSL" "$1" "${P[@]}" "${@:2}"; }
# Runs a command that must fail with a message on stderr (never a crash).
must_fail() {
  local rc=0
  "$@" >out.txt 2>err.txt || rc=$?
  [ "$rc" -ne 0 ] || fail "accepted: $*"
  [ "$rc" -lt 128 ] || fail "crashed (exit $rc): $*"
  [ -s err.txt ] || fail "no error message: $*"
}

mlkem=(ML-KEM-512 ML-KEM-768 ML-KEM-1024)
mldsa=(ML-DSA-44 ML-DSA-65 ML-DSA-87)
slh_fast=(SLH-DSA-SHA2-128f SLH-DSA-SHA2-192f SLH-DSA-SHA2-256f SLH-DSA-SHAKE-128f SLH-DSA-SHAKE-192f SLH-DSA-SHAKE-256f)
slh_small=(SLH-DSA-SHA2-128s SLH-DSA-SHA2-192s SLH-DSA-SHA2-256s SLH-DSA-SHAKE-128s SLH-DSA-SHAKE-192s SLH-DSA-SHAKE-256s)

echo "hello, post-quantum world" > msg.txt

# 1. genpkey for every algorithm; PEM <-> DER round trips byte for byte;
#    -pubout; -text.
for alg in "${mlkem[@]}" "${mldsa[@]}" "${slh_fast[@]}" "${slh_small[@]}"; do
  ossl genpkey -algorithm "$alg" -out "$alg.pem"
  head -1 "$alg.pem" | grep -qx -- "-----BEGIN PRIVATE KEY-----" || fail "$alg: genpkey wrote no PEM private key"
  ossl pkey -in "$alg.pem" -outform DER -out "$alg.der"
  ossl pkey -inform DER -in "$alg.der" -out "$alg.again.pem"
  cmp -s "$alg.pem" "$alg.again.pem" || fail "$alg: PEM -> DER -> PEM changed the key"
  ossl pkey -in "$alg.pem" -pubout -out "$alg.pub.pem"
  head -1 "$alg.pub.pem" | grep -qx -- "-----BEGIN PUBLIC KEY-----" || fail "$alg: -pubout"
  ossl pkey -pubin -in "$alg.pub.pem" -outform DER -out "$alg.pub.der"
  ossl pkey -pubin -inform DER -in "$alg.pub.der" -out "$alg.pub.again.pem"
  cmp -s "$alg.pub.pem" "$alg.pub.again.pem" || fail "$alg: public PEM -> DER -> PEM changed the key"
  ossl pkey -in "$alg.pem" -text -noout > "$alg.txt"
  grep -q "^$alg Private-Key:" "$alg.txt" || fail "$alg: pkey -text header"
  grep -q "^pub:" "$alg.txt" || fail "$alg: pkey -text shows no public key"
  ossl pkey -pubin -in "$alg.pub.pem" -text -noout | grep -q "^$alg Public-Key:" || fail "$alg: public -text"
done
echo "genpkey / pkey: ${#mlkem[@]} ML-KEM, ${#mldsa[@]} ML-DSA, $(( ${#slh_fast[@]} + ${#slh_small[@]} )) SLH-DSA ok"

# An encrypted private key (PKCS#8 PBES2) round trip.
ossl pkey -in ML-DSA-65.pem -aes-256-cbc -passout pass:secret -out enc.pem
head -1 enc.pem | grep -qx -- "-----BEGIN ENCRYPTED PRIVATE KEY-----" || fail "encrypted key not written encrypted"
ossl pkey -in enc.pem -passin pass:secret -out dec.pem
cmp -s ML-DSA-65.pem dec.pem || fail "encrypted key round trip"
must_fail ossl pkey -in enc.pem -passin pass:wrong -out /dev/null

# 2. pkeyutl -sign/-verify -rawin (the slow 's' sets only generate keys).
for alg in "${mldsa[@]}" "${slh_fast[@]}"; do
  ossl pkeyutl -sign -rawin -inkey "$alg.pem" -in msg.txt -out "$alg.sig"
  ossl pkeyutl -verify -rawin -pubin -inkey "$alg.pub.pem" -in msg.txt -sigfile "$alg.sig" | grep -q "Signature Verified Successfully" ||
    fail "$alg: pkeyutl -verify"
  cp msg.txt msg2.txt && echo x >> msg2.txt
  must_fail ossl pkeyutl -verify -rawin -pubin -inkey "$alg.pub.pem" -in msg2.txt -sigfile "$alg.sig"
done
# Deterministic signing on request gives the same signature twice.
ossl pkeyutl -sign -rawin -inkey ML-DSA-44.pem -in msg.txt -pkeyopt deterministic:1 -out d1.sig
ossl pkeyutl -sign -rawin -inkey ML-DSA-44.pem -in msg.txt -pkeyopt deterministic:1 -out d2.sig
cmp -s d1.sig d2.sig || fail "deterministic ML-DSA signatures differ"
ossl pkeyutl -sign -rawin -inkey ML-DSA-44.pem -in msg.txt -out h1.sig
cmp -s d1.sig h1.sig && fail "hedged ML-DSA signature equals the deterministic one"
# A digest is refused (pure signatures).
must_fail ossl pkeyutl -sign -rawin -digest SHA256 -inkey ML-DSA-44.pem -in msg.txt -out /dev/null
echo "pkeyutl: ok"

# 3. A self-signed ML-DSA-65 CA, an ML-DSA-44 intermediate, and two leaves:
#    ML-KEM-768 (its CSR signed by a throwaway key, the KEM key forced in)
#    and ECDSA P-256.
ca_ext=(-addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign")
ossl req -x509 -newkey ML-DSA-65 -nodes -keyout root.key -subj "/CN=pqlab test root" -days 30 "${ca_ext[@]}" -out root.crt
ossl x509 -in root.crt -noout -text | grep -q "Signature Algorithm: ML-DSA-65" || fail "root not signed with ML-DSA-65"
ossl verify -CAfile root.crt root.crt

printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' > ca.ext
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,keyEncipherment\n' > kem.ext
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' > sig.ext
ossl req -new -key ML-DSA-44.pem -subj "/CN=pqlab test intermediate" -out int.csr
ossl req -verify -in int.csr -noout
ossl x509 -req -in int.csr -CA root.crt -CAkey root.key -CAcreateserial -days 30 -extfile ca.ext -out int.crt

ossl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out csr-signer.key
ossl req -new -key csr-signer.key -subj "/CN=kem leaf" -out kem.csr
ossl x509 -req -in kem.csr -CA int.crt -CAkey ML-DSA-44.pem -CAcreateserial -days 30 -extfile kem.ext \
  -force_pubkey ML-KEM-768.pub.pem -out kem.crt
ossl x509 -in kem.crt -noout -text > kem.txt
grep -q "Public Key Algorithm: ML-KEM-768" kem.txt || fail "leaf does not carry the ML-KEM-768 key"
grep -q "Signature Algorithm: ML-DSA-44" kem.txt || fail "leaf not signed with ML-DSA-44"

ossl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ec.key
ossl req -new -key ec.key -subj "/CN=ecdsa leaf" -out ec.csr
ossl x509 -req -in ec.csr -CA int.crt -CAkey ML-DSA-44.pem -CAcreateserial -days 30 -extfile sig.ext -out ec.crt

for leaf in kem.crt ec.crt; do
  ossl verify -CAfile root.crt -untrusted int.crt "$leaf" | grep -q ": OK$" || fail "chain to $leaf"
done
# Without the intermediate, or against another root, the chain fails.
must_fail ossl verify -CAfile root.crt kem.crt
ossl req -x509 -newkey ML-DSA-65 -nodes -keyout other.key -subj "/CN=pqlab test root" -days 30 "${ca_ext[@]}" -out other.crt
must_fail ossl verify -CAfile other.crt -untrusted int.crt ec.crt
echo "certificates: root -> intermediate -> ML-KEM-768 and ECDSA leaves ok"

# 4. A certificate whose signature was changed fails verification.
ossl x509 -in int.crt -outform DER -out int.der
size=$(stat -c %s int.der)
python3 -c "import sys; b=bytearray(open('int.der','rb').read()); b[-100]^=1; open('int.bad.der','wb').write(b)"
ossl x509 -inform DER -in int.bad.der -out int.bad.crt
must_fail ossl verify -CAfile root.crt -untrusted int.bad.crt ec.crt
grep -q "signature failure" err.txt out.txt || fail "changed signature not reported as a signature failure"
[ "$size" -gt 3000 ] || fail "intermediate certificate too small for an ML-DSA-65 signature"

# 5. Malformed keys: truncated, trailing bytes, wrong OID -> errors, no crash.
head -c -5 ML-DSA-65.der > trunc.der
must_fail ossl pkey -inform DER -in trunc.der -noout
# Valid DER, but an ML-DSA-65 key one byte short inside its BIT STRING.
python3 - <<'PY'
def tlv(tag, body):
    n = len(body)
    head = bytes([n]) if n < 128 else bytes([0x82, n >> 8, n & 0xFF])
    return bytes([tag]) + head + body
der = open("ML-DSA-65.pub.der", "rb").read()
key = der[-1952:]
alg = tlv(0x30, bytes.fromhex("0609608648016503040312"))
open("short.der", "wb").write(tlv(0x30, alg + tlv(0x03, b"\0" + key[:-1])))
PY
must_fail ossl pkey -pubin -inform DER -in short.der -noout
# The ML-DSA-44 OID (…3.17) on an ML-DSA-65 public key.
python3 - <<'PY'
b = bytearray(open("ML-DSA-65.pub.der", "rb").read())
i = b.find(bytes.fromhex("0609608648016503040312"))
assert i >= 0
b[i + 10] = 0x11
open("wrongoid.der", "wb").write(b)
PY
must_fail ossl pkey -pubin -inform DER -in wrongoid.der -noout
must_fail ossl pkeyutl -sign -rawin -inkey ML-KEM-768.pem -in msg.txt -out /dev/null
echo "malformed input: refused"

# 6. CMS: `openssl cms -sign` of OpenSSL 3.0 cannot name a provider-only
#    signature algorithm in the SignerInfo (see docs/PKI.md); the test's
#    signer writes the SignedData through the API, and `openssl cms -verify`
#    checks it.
if [ -n "$cms_tool" ]; then
  "$cms_tool" "$provider_dir" int.crt ML-DSA-44.pem msg.txt msg.p7s
  ossl cms -verify -binary -inform PEM -in msg.p7s -content msg.txt -CAfile root.crt -certfile int.crt -purpose any -out verified.txt
  cmp -s msg.txt verified.txt || fail "cms -verify output differs"
  cp msg.txt msg3.txt && echo tampered >> msg3.txt
  must_fail ossl cms -verify -binary -inform PEM -in msg.p7s -content msg3.txt -CAfile root.crt -certfile int.crt -purpose any -out /dev/null
  echo "cms: ML-DSA-44 SignedData verified by openssl cms -verify"
fi

# 7. The LAMPS example certificates: ML-DSA and SLH-DSA self-signed, the
#    ML-KEM ones signed by the ML-DSA example keys.
lamps="$source_dir/tests/data/lamps"
if [ -d "$lamps" ]; then
  mkdir lamps
  for f in "$lamps"/*/*.crt.xz "$lamps"/slh-dsa/*.pem.xz; do xz -dc "$f" > "lamps/$(basename "${f%.xz}")"; done
  n=0
  for c in lamps/ML-DSA-*.crt lamps/id-slh-dsa-*.pem; do
    ossl verify -CAfile "$c" "$c" | grep -q ": OK$" || fail "LAMPS $c"
    n=$((n + 1))
  done
  for pair in 512:44 768:65 1024:87; do
    ossl verify -CAfile "lamps/ML-DSA-${pair#*:}.crt" "lamps/ML-KEM-${pair%:*}.crt" | grep -q ": OK$" || fail "LAMPS ML-KEM-${pair%:*}"
    n=$((n + 1))
  done
  echo "LAMPS: $n example certificates verified"
else
  fail "no LAMPS data in $lamps"
fi
echo "PASS"
