#!/bin/bash
# clang-tidy (Debian's clang-tidy 14) over the core's sources, the code
# that takes outside input (the key formats, the OpenSSL provider, the
# command-line tool) and the lab, with the check set in .clang-tidy (every
# finding is an error; lab/.clang-tidy leaves one check out). Uses the
# compile_commands.json of the Release build (configured here if missing).
# Usage: scripts/clang_tidy.sh [file ...]   (default: every .cpp of src/,
# formats/, provider/, apps/ and lab/)
set -euo pipefail
cd "$(dirname "$0")/.."
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
[ -n "$tidy" ] || { echo "clang_tidy.sh: clang-tidy not found (scripts/setup.sh test)" >&2; exit 2; }
[ -f build/release/compile_commands.json ] || cmake --preset release >/dev/null
files=("$@")
[ ${#files[@]} -eq 0 ] && mapfile -t files < <(find src formats provider apps lab -name '*.cpp' | sort)
echo "clang-tidy: ${#files[@]} files"
# The Release commands are GCC's: clang does not know some of its
# optimisation flags (-frename-registers on the avx2 Keccak kernels).
printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc)" -n 4 "$tidy" -p build/release --quiet --extra-arg=-Wno-ignored-optimization-argument
echo "clang-tidy: clean"
