#!/usr/bin/env bash
# Installs the build tree into a scratch prefix, then builds and runs
# tests/install/consumer against it through find_package(pqlab) (static and
# shared) and pkg-config. Usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build" --prefix "$scratch/prefix" > "$scratch/install.log"
test -f "$scratch/prefix/lib/libpqlab.a"
test -L "$scratch/prefix/lib/libpqlab.so"
PKG_CONFIG_PATH="$scratch/prefix/lib/pkgconfig" cmake -S "$src/tests/install/consumer" -B "$scratch/consumer" -G Ninja \
  -DCMAKE_PREFIX_PATH="$scratch/prefix" -DCMAKE_BUILD_TYPE=Release > "$scratch/configure.log" ||
  { cat "$scratch/configure.log"; exit 1; }
cmake --build "$scratch/consumer" > "$scratch/build.log" || { cat "$scratch/build.log"; exit 1; }
"$scratch/consumer/consumer_static"
# The shared build must really load the installed libpqlab.so.
# (ldd's output goes to a file first: grep -q closing the pipe early would
# make ldd die of SIGPIPE and fail the test under pipefail.)
ldd "$scratch/consumer/consumer_shared" > "$scratch/ldd.txt"
grep -q "$scratch/prefix/lib/libpqlab.so" "$scratch/ldd.txt"
"$scratch/consumer/consumer_shared"
# pkg-config gives -L without an rpath, as for any library outside the loader's path.
LD_LIBRARY_PATH="$scratch/prefix/lib" "$scratch/consumer/consumer_pkgconfig"
echo "install test: CMake package (static, shared) and pkg-config all link and run"
