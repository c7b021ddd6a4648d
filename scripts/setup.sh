#!/bin/bash
# Installs the Debian 12 packages pqlab needs, only those that are missing.
# Usage: scripts/setup.sh [group ...]   groups: build (default), test, embedded, rtl, all
#   test: also chromium (TLS interop test) and the security-check tools
#   embedded: the Cortex-M4 cross toolchain and QEMU (embedded/, ~2 min)
#   rtl: Verilator (the co-simulated FPGA cores, rtl/) and Yosys (their
#        synthesis for the 7-series, rtl/synth.sh)
set -euo pipefail

build_packages=(cmake ninja-build g++ ccache pkg-config xz-utils libssl-dev openssl libcli11-dev
                nlohmann-json3-dev libgtest-dev python3 python3-matplotlib)
# Tests: chromium (the TLS interop test); the security checks
# (docs/TESTING.md, docs/CONSTANT_TIME.md): valgrind (the constant-time test
# and memcheck.h), clang + compiler-rt (libFuzzer, ASan, UBSan, and
# MemorySanitizer for the second constant-time check), llvm (llvm-symbolizer:
# the function names in the sanitizers' reports, which the ct-msan leak tests
# match), clang-tidy, binutils (objdump for the select's generated code),
# clang-format (scripts/check_format.sh).
test_packages=(chromium valgrind clang libclang-rt-14-dev llvm clang-tidy binutils clang-format)
embedded_packages=(gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib
                   binutils-arm-none-eabi qemu-system-arm)
rtl_packages=(verilator yosys)

groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(build)
wanted=()
for g in "${groups[@]}"; do
  case $g in
    build) wanted+=("${build_packages[@]}") ;;
    test) wanted+=("${build_packages[@]}" "${test_packages[@]}") ;;
    embedded) wanted+=("${embedded_packages[@]}") ;;
    rtl) wanted+=("${rtl_packages[@]}") ;;
    all) wanted+=("${build_packages[@]}" "${test_packages[@]}" "${embedded_packages[@]}" "${rtl_packages[@]}") ;;
    *) echo "setup.sh: unknown group '$g' (build, test, embedded, rtl, all)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#wanted[@]} packages already installed"
  exit 0
fi
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
