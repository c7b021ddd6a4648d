#!/bin/bash
# openssl s_client (the system's OpenSSL 3.0 with pqlab.so) against our
# HTTPS server, for every group: the server names the group it negotiated
# and serves the page. Then the openssl.cnf example (generated for the build tree from provider/openssl-pqlab.cnf.in)
# with its module path set: `openssl list` shows the KEMs, and s_client with
# no -provider options and no -groups offers X25519MLKEM768 from the file.
# Usage: s_client_test.sh <tls_test_server> <dir of pqlab.so> <source dir>
source "$(dirname "$0")/common.sh"

groups=(MLKEM512 MLKEM768 MLKEM1024 X25519MLKEM768 SecP256r1MLKEM768 SecP384r1MLKEM1024 x25519)
start_server all "$(IFS=:; echo "${groups[*]}")"
for g in "${groups[@]}"; do
  out=$(https_get "$g")
  echo "$out" | grep -q "pqlab interop page, group $g<" || fail "$g: page not served: $(echo "$out" | tail -3)"
  log_has "ok group=$g request=\"GET / HTTP/1.1\" served" ||
    fail "$g: the server log has no served connection over $g"
done
# A group the server does not have: refused with handshake_failure (40), server still up.
out=$(https_get secp384r1)
echo "$out" | grep -q "pqlab interop page" && fail "secp384r1: served although the server does not offer it"
log_has "failed alert_sent=40" || fail "secp384r1: no handshake_failure alert in the server log"
server_alive || fail "the server died after refusing a client"
https_get X25519MLKEM768 | grep -q "pqlab interop page, group X25519MLKEM768<" || fail "not serving after a refusal"
stop_server

# The openssl.cnf that README's provider tour points to, as generated for the build tree (provider/openssl-pqlab.cnf.in).
cp "$PROVIDER_DIR/openssl-pqlab.cnf" openssl.cnf
grep -q "^module = $PROVIDER_DIR/pqlab.so$" openssl.cnf || fail "the generated config does not name the built module"
kems=$(OPENSSL_CONF=$PWD/openssl.cnf "${OPENSSL[@]}" list -kem-algorithms 2>&1)
for k in ML-KEM-768 X25519MLKEM768 SecP384r1MLKEM1024; do
  echo "$kems" | grep -q "$k" || fail "openssl list -kem-algorithms with the example config lacks $k: $kems"
done
start_server cnf "X25519MLKEM768:MLKEM1024"
out=$(printf 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n' |
      OPENSSL_CONF=$PWD/openssl.cnf timeout 20 "${OPENSSL[@]}" s_client -connect "127.0.0.1:$PORT" -quiet -ign_eof 2>&1)
echo "$out" | grep -q "pqlab interop page, group X25519MLKEM768<" ||
  fail "s_client configured by openssl.cnf alone did not get X25519MLKEM768: $(echo "$out" | tail -3)"
stop_server
finish "s_client interop"
