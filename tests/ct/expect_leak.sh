#!/bin/bash
# Shows the constant-time check bites: runs a deliberately leaky program the
# way the real test runs (under valgrind, or the MemorySanitizer build
# directly) and requires that the tool fails it with the expected exit status
# and a report containing every expected pattern (grep -E).
# Usage: expect_leak.sh EXPECTED_STATUS PATTERN [PATTERN ...] -- COMMAND [ARG ...]
set -uo pipefail
expected_rc=$1
shift
patterns=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do patterns+=("$1"); shift; done
shift  # the --
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" >"$log" 2>&1
rc=$?
if [ "$rc" -ne "$expected_rc" ]; then
  cat "$log"
  echo "expect_leak: leak not caught: '$*' exited $rc, expected $expected_rc" >&2
  exit 1
fi
for p in "${patterns[@]}"; do
  if ! grep -Eq -- "$p" "$log"; then
    cat "$log"
    echo "expect_leak: '$*' failed, but its report lacks \"$p\"" >&2
    exit 1
  fi
done
echo "expect_leak: leak caught: ${patterns[*]}"
