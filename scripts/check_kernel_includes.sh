#!/usr/bin/env bash
# Dependencies point down: the kernels (src/kernels/) sit below the schemes
# and must not include a scheme's headers (mlkem/, mldsa/, slhdsa/). Prints
# each offending line and fails if there is one.
# Usage: check_kernel_includes.sh <source root>
set -euo pipefail
root=${1:?usage: check_kernel_includes.sh <source root>}
dir="$root/src/kernels"
[[ -d $dir ]] || { echo "no $dir" >&2; exit 1; }
files=$(find "$dir" -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.inc' \) | wc -l)
[[ $files -gt 0 ]] || { echo "no sources under $dir" >&2; exit 1; }
if grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](\.\./)*(src/)?(mlkem|mldsa|slhdsa)/' "$dir"; then
  echo "FAIL: src/kernels/ includes a scheme folder (above); move the helper under src/kernels/" >&2
  exit 1
fi
echo "ok: $files files under src/kernels/, none includes mlkem/, mldsa/ or slhdsa/"
