# Shared set-up of the CLI test scripts, sourced by each tests/cli/*_test.sh
# (which ctest runs as `bash script <pqlab binary> <unpacked test-data dir>`):
# the arguments, a scratch directory removed on exit, failure counting, and
# the final verdict.
set -u
PQLAB=$1
DATA=${2:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# Uppercase hex of a file, as the ACVP vectors spell it.
hex() { od -An -v -tx1 "$1" | tr -d ' \n' | tr a-f A-F; }
# finish <what>: exit 1 with the failure count, or report success.
finish() {
  if [ "$failures" -ne 0 ]; then echo "$failures failure(s)"; exit 1; fi
  echo "all $1 CLI checks passed"
}
# expect_error <what> <pattern> <command...>: the command must exit 2 with
# exactly one "pqlab: ..." line on stderr that mentions the pattern.
expect_error() {
  local what=$1 pattern=$2; shift 2
  "$@" >out.txt 2>err.txt
  local rc=$?
  if [ $rc -ne 2 ]; then fail "$what: exit $rc, expected 2"; return; fi
  if [ "$(wc -l <err.txt)" -ne 1 ] || ! grep -q '^pqlab: ' err.txt; then
    fail "$what: expected one 'pqlab: ...' line on stderr, got: $(cat err.txt)"
  elif ! grep -qi -- "$pattern" err.txt; then
    fail "$what: message does not mention '$pattern': $(cat err.txt)"
  fi
}
