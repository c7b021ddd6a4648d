# Shared set-up of the interop test scripts (sourced): the arguments
# (server binary, directory of pqlab.so, source tree), a scratch directory,
# failure counting, and starting/stopping tls_test_server.
set -u
SERVER_BIN=$1
PROVIDER_DIR=$2
SOURCE_DIR=$3
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
cd "$WORK"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# start_server NAME GROUPS: starts the server in the background; sets PORT
# and SERVER_LOG (its one-line-per-connection log).
start_server() {
  local name=$1 groups=$2
  SERVER_LOG=$WORK/$name.log
  rm -f "$WORK/$name.port"
  "$SERVER_BIN" --provider-dir "$PROVIDER_DIR" --groups "$groups" --port-file "$WORK/$name.port" \
    --lifetime 100 >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 300); do
    [ -s "$WORK/$name.port" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  if [ ! -s "$WORK/$name.port" ]; then
    echo "FAIL: server '$name' did not start: $(cat "$SERVER_LOG")"
    exit 1
  fi
  PORT=$(cat "$WORK/$name.port")
}

# stop_server: SIGTERM, then wait (the server lets open connections finish);
# a non-zero exit (a crash, or a sanitizer's report) is a failure.
stop_server() {
  kill "$SERVER_PID" 2>/dev/null
  wait "$SERVER_PID"
  local rc=$?
  SERVER_PID=""
  [ $rc -eq 0 ] || fail "the server exited with status $rc: $(tail -20 "$SERVER_LOG")"
}

# log_has PATTERN: the server log gets a line matching PATTERN (grep -E)
# within 10 s; the server writes a connection's line as it closes it, which
# can be just after the client has finished.
log_has() {
  for _ in $(seq 1 100); do
    grep -qE -- "$1" "$SERVER_LOG" && return 0
    sleep 0.1
  done
  return 1
}

server_alive() { kill -0 "$SERVER_PID" 2>/dev/null; }

# The system's openssl command. In the sanitizer build pqlab.so needs the
# ASan runtime loaded first, which the uninstrumented openssl does not do,
# so it is preloaded there (leak checks off: they would be about openssl).
ASAN_RUNTIME=$(ldd "$PROVIDER_DIR/pqlab.so" | awk '/libasan/ {print $3}')
OPENSSL=(openssl)
[ -n "$ASAN_RUNTIME" ] && OPENSSL=(env LD_PRELOAD="$ASAN_RUNTIME" ASAN_OPTIONS=detect_leaks=0 openssl)

# https_get GROUPS: one request through s_client offering GROUPS; prints
# what the server sent.
https_get() {
  printf 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n' |
    timeout 20 "${OPENSSL[@]}" s_client -provider-path "$PROVIDER_DIR" -provider pqlab -provider default \
      -connect "127.0.0.1:$PORT" -tls1_3 -groups "$1" -quiet -ign_eof 2>&1
}

finish() {
  if [ "$failures" -ne 0 ]; then echo "$failures failure(s)"; exit 1; fi
  echo "all $1 checks passed"
}
