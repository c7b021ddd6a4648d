#!/bin/bash
# Checks that every tracked C/C++ file is laid out as .clang-format says
# (clang-format 14, from scripts/setup.sh test): prints each difference and
# exits 1 if there is any. Changes nothing; to fix a file, run
# `clang-format-14 -i FILE`.
# Usage: scripts/check_format.sh [file ...]   (default: every tracked .c/.h/.cpp/.hpp)
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=$(command -v clang-format-14 || command -v clang-format || true)
[ -n "$fmt" ] || { echo "check_format.sh: clang-format not found (scripts/setup.sh test)" >&2; exit 2; }
files=("$@")
[ ${#files[@]} -eq 0 ] && mapfile -t files < <(git ls-files -- '*.c' '*.h' '*.cpp' '*.hpp')
[ ${#files[@]} -gt 0 ] || { echo "check_format.sh: no files" >&2; exit 2; }
if printf '%s\0' "${files[@]}" | xargs -0 -n 50 "$fmt" --style=file --dry-run -Werror; then
  echo "check_format: ${#files[@]} files match .clang-format"
else
  echo "check_format: files differ from .clang-format (above)" >&2
  exit 1
fi
