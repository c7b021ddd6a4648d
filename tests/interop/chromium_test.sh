#!/bin/bash
# Debian's headless Chromium against our HTTPS server (OpenSSL 3.0 +
# pqlab.so, ECDSA P-256): Chromium offers X25519MLKEM768 and x25519, so
#  - a server with X25519MLKEM768:x25519 serves it over X25519MLKEM768;
#  - a server with MLKEM1024 alone refuses it with handshake_failure, and
#    keeps serving (an s_client over MLKEM1024 still gets the page);
#  - a server with MLKEM1024:x25519 serves it over x25519.
# The negotiated group is read on the server side. Exit 77 (ctest: skipped)
# only when chromium is not installed; `scripts/setup.sh test` installs it.
# Usage: chromium_test.sh <tls_test_server> <dir of pqlab.so> <source dir>
source "$(dirname "$0")/common.sh"

CHROMIUM=$(command -v chromium || true)
if [ -z "$CHROMIUM" ]; then
  echo "SKIP: chromium is not installed (scripts/setup.sh test installs it)"
  exit 77
fi
"$CHROMIUM" --version

# chromium_get NAME: the page's DOM as headless Chromium sees it.
chromium_get() {
  local profile=$WORK/profile-$1
  rm -rf "$profile"
  timeout 30 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --ignore-certificate-errors \
    --dump-dom "https://127.0.0.1:$PORT/" 2>"$WORK/chromium-$1.err"
}

start_server hybrid "X25519MLKEM768:x25519"
dom=$(chromium_get hybrid)
echo "$dom" | grep -q "pqlab interop page, group X25519MLKEM768<" ||
  fail "X25519MLKEM768:x25519: Chromium did not get the page: $dom $(tail -3 "$WORK/chromium-hybrid.err")"
log_has "ok group=X25519MLKEM768 request=\"GET / HTTP/1.1\" served" ||
  fail "X25519MLKEM768:x25519: the server did not serve Chromium over X25519MLKEM768: $(cat "$SERVER_LOG")"
stop_server
grep -q "ok group=x25519" "$SERVER_LOG" && fail "X25519MLKEM768:x25519: a Chromium connection fell back to x25519"

start_server mlkem1024 "MLKEM1024"
dom=$(chromium_get mlkem1024)
echo "$dom" | grep -q "pqlab interop page" && fail "MLKEM1024 alone: Chromium got the page"
log_has "failed alert_sent=40" ||
  fail "MLKEM1024 alone: no handshake_failure alert to Chromium: $(cat "$SERVER_LOG")"
server_alive || fail "MLKEM1024 alone: the server died after refusing Chromium"
https_get MLKEM1024 | grep -q "pqlab interop page, group MLKEM1024<" ||
  fail "MLKEM1024 alone: the server no longer serves an MLKEM1024 client"
stop_server
# The one handshake that succeeded is s_client's.
[ "$(grep -c " ok group=" "$SERVER_LOG")" -eq 1 ] ||
  fail "MLKEM1024 alone: a Chromium handshake succeeded: $(cat "$SERVER_LOG")"

start_server fallback "MLKEM1024:x25519"
dom=$(chromium_get fallback)
echo "$dom" | grep -q "pqlab interop page, group x25519<" ||
  fail "MLKEM1024:x25519: Chromium did not get the page over x25519: $dom"
log_has "ok group=x25519 request=\"GET / HTTP/1.1\" served" ||
  fail "MLKEM1024:x25519: the server did not serve Chromium over x25519: $(cat "$SERVER_LOG")"
stop_server
finish "Chromium interop"
