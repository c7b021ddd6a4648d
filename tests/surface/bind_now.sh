#!/usr/bin/env bash
# Every ELF file given is linked with immediate binding (-z now): glibc's
# lazy-binding trampoline would otherwise save the vector registers, which
# may still hold secret bytes, on the stack at a first call during an
# operation (docs/CONSTANT_TIME.md, "What is not claimed").
set -euo pipefail
status=0
for f in "$@"; do
  if ! readelf -d "$f" | grep -Eq 'FLAGS.*\bBIND_NOW\b|FLAGS_1.*\bNOW\b'; then
    echo "bind_now: $f is linked for lazy binding (missing -z now)" >&2
    status=1
  fi
done
exit "$status"
