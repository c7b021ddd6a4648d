#!/usr/bin/env bash
# Installs the build tree into a scratch prefix, then, against the installed
# files only:
#   - builds tests/install/consumer through find_package(pqlab) (static and
#     shared) and pkg-config, setting no C++ standard itself (the targets and
#     pqlab.pc carry C++20), and runs it;
#   - the C API from C: c_api_test.c built as C11 through the CMake package
#     (static and shared) and with `cc -std=c11` through pkg-config pqlab-c,
#     checking NIST ACVP known answers; and from Python through ctypes on the
#     installed libpqlab.so (capi_test.py), on the same answers;
#   - the installed pqlab runs without LD_LIBRARY_PATH (RUNPATH $ORIGIN/../lib);
#   - the installed openssl-pqlab.cnf names the installed module:
#     OPENSSL_CONF=<it> openssl list -kem-algorithms lists the pqlab KEMs.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR TEST_DATA_DIR
set -euo pipefail
build=$1 src=$2 data=$3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix
unset LD_LIBRARY_PATH
cmake --install "$build" --prefix "$prefix" > "$scratch/install.log"
test -f "$prefix/lib/libpqlab.a"
test -L "$prefix/lib/libpqlab.so"
test -f "$prefix/include/pqlab/pqlab.h"

# The consumer: CMake package and pkg-config, no standard set by it.
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" cmake -S "$src/tests/install/consumer" -B "$scratch/consumer" -G Ninja \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$scratch/configure.log" ||
  { cat "$scratch/configure.log"; exit 1; }
cmake --build "$scratch/consumer" > "$scratch/build.log" || { cat "$scratch/build.log"; exit 1; }
"$scratch/consumer/consumer_static"
# The shared build must really load the installed libpqlab.so.
# (ldd's output goes to a file first: grep -q closing the pipe early would
# make ldd die of SIGPIPE and fail the test under pipefail.)
ldd "$scratch/consumer/consumer_shared" > "$scratch/ldd.txt"
grep -q "$prefix/lib/libpqlab.so" "$scratch/ldd.txt"
"$scratch/consumer/consumer_shared"
# CMake links the pkg-config target by the library's full path and gives the
# program an rpath to it, so this one runs without LD_LIBRARY_PATH too.
ldd "$scratch/consumer/consumer_pkgconfig" > "$scratch/ldd.txt"
grep -q "$prefix/lib/libpqlab.so" "$scratch/ldd.txt"
"$scratch/consumer/consumer_pkgconfig"

# pkg-config by hand, as a Makefile would use it: pqlab.pc's Cflags carry
# -std=c++20 (g++ 12 defaults to C++17, where <span> is missing).
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
pkg-config --cflags pqlab | grep -q -- '-std=c++20'
# shellcheck disable=SC2046
c++ -o "$scratch/consumer_make" "$src/tests/install/consumer/main.cpp" $(pkg-config --cflags --libs pqlab) \
  -Wl,-rpath,"$prefix/lib"
"$scratch/consumer_make"

# The C API from C.
python3 "$src/tests/install/make_kat.py" "$data" "$scratch/kat.txt"
"$scratch/consumer/c_api_test_static" "$scratch/kat.txt"
"$scratch/consumer/c_api_test_shared" "$scratch/kat.txt"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$scratch/c_api_test_cc" "$src/tests/install/consumer/c_api_test.c" \
  $(pkg-config --cflags --libs pqlab-c) -Wl,-rpath,"$prefix/lib"
ldd "$scratch/c_api_test_cc" > "$scratch/ldd.txt"
grep -q "$prefix/lib/libpqlab.so" "$scratch/ldd.txt"
"$scratch/c_api_test_cc" "$scratch/kat.txt"
# ... and from Python.
python3 "$src/tests/install/capi_test.py" "$prefix/lib/libpqlab.so" "$scratch/kat.txt"

# The installed tool runs from its prefix without LD_LIBRARY_PATH.
if [ -x "$prefix/bin/pqlab" ]; then
  readelf -d "$prefix/bin/pqlab" > "$scratch/dynamic.txt"
  grep -q 'R.*PATH.*\[\$ORIGIN/\.\./lib\]' "$scratch/dynamic.txt" ||
    { echo "installed pqlab has no \$ORIGIN/../lib run path"; grep PATH "$scratch/dynamic.txt"; exit 1; }
  "$prefix/bin/pqlab" --version | grep -q '^pqlab [0-9]'
  "$prefix/bin/pqlab" keygen -a MLKEM768 --pk "$scratch/pk" --sk "$scratch/sk"
fi

# The installed OpenSSL configuration loads the installed provider.
if [ -f "$build/provider/pqlab.so" ]; then
  cnf=$prefix/share/pqlab/openssl-pqlab.cnf
  test -f "$prefix/lib/ossl-modules/pqlab.so"
  grep -q "^module = $prefix/lib/ossl-modules/pqlab.so$" "$cnf" ||
    { echo "installed $cnf does not name the installed module:"; grep module "$cnf"; exit 1; }
  OPENSSL_CONF=$cnf openssl list -kem-algorithms > "$scratch/kems.txt" 2>&1
  for kem in ML-KEM-512 ML-KEM-768 ML-KEM-1024 X25519MLKEM768 SecP256r1MLKEM768 SecP384r1MLKEM1024; do
    grep -q "$kem.*@ pqlab" "$scratch/kems.txt" ||
      { echo "openssl list -kem-algorithms with $cnf lacks $kem:"; cat "$scratch/kems.txt"; exit 1; }
  done
  echo "install test: the installed openssl-pqlab.cnf loads the installed provider"
fi
echo "install test: CMake package (static, shared), pkg-config, the C API from C and Python all link and run"
