#!/bin/bash
# Shows the constant-time check bites: runs a deliberately leaky program under
# the same valgrind command as the real test and requires that memcheck fails
# it with the expected kind of error.
# Usage: expect_leak.sh VALGRIND LEAKY_BINARY MODE "EXPECTED MEMCHECK MESSAGE"
set -uo pipefail
valgrind=$1 binary=$2 mode=$3 expected=$4
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$valgrind" --error-exitcode=1 --track-origins=yes "$binary" "$mode" >"$log" 2>&1
rc=$?
if [ "$rc" -ne 1 ]; then
  cat "$log"
  echo "expect_leak: '$mode' leak not caught: valgrind exited $rc, expected 1" >&2
  exit 1
fi
if ! grep -q -- "$expected" "$log"; then
  cat "$log"
  echo "expect_leak: '$mode' failed, but without \"$expected\"" >&2
  exit 1
fi
echo "expect_leak: '$mode' leak caught: $expected"
