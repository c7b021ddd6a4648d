#!/usr/bin/env bash
# pqlab::Status is [[nodiscard]] (include/pqlab/status.hpp): a call whose
# Status is dropped must not compile under -Werror, while the same call
# with its Status used, or dropped explicitly with (void), must.
# Usage: status_nodiscard.sh CXX INCLUDE_DIR
set -euo pipefail
cxx=$1 include=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
compile() {  # compile BODY: 0 if a function with that body compiles
  cat > "$scratch/snippet.cpp" <<SNIPPET
#include "pqlab/mldsa.hpp"
using P = pqlab::mldsa::MLDSA44;
bool check(pqlab::mldsa::ConstPublicKey<P> pk, pqlab::mldsa::ConstSignature<P> sig,
           pqlab::mldsa::Message msg) {
  $1
}
SNIPPET
  "$cxx" -std=c++20 -Wall -Wextra -Werror -I"$include" -fsyntax-only "$scratch/snippet.cpp" 2> "$scratch/err.txt"
}
compile 'return pqlab::mldsa::verify<P>(pk, msg, {}, sig) == pqlab::Status::ok;' ||
  { cat "$scratch/err.txt"; echo "the snippet that uses its Status does not compile" >&2; exit 1; }
compile '(void)pqlab::mldsa::verify<P>(pk, msg, {}, sig);  // deliberate
  return true;' ||
  { cat "$scratch/err.txt"; echo "an explicit (void) discard does not compile" >&2; exit 1; }
if compile 'pqlab::mldsa::verify<P>(pk, msg, {}, sig);
  return true;'; then
  echo "a dropped Status compiled without error: Status is not [[nodiscard]]" >&2
  exit 1
fi
grep -q "nodiscard\|unused-result\|ignoring return value" "$scratch/err.txt" ||
  { cat "$scratch/err.txt"; echo "the dropped Status failed for another reason" >&2; exit 1; }
echo "status nodiscard: a dropped Status is an error under -Werror; used or (void)-cast it compiles"
