#!/usr/bin/env bash
# The provider under valgrind's memcheck: the system `openssl` loading
# pqlab.so generates an ML-DSA-44 and an ML-KEM-768 key, signs and verifies
# a file, and makes and verifies a self-signed certificate. Any memcheck
# error or definite leak fails the test.
#
# usage: valgrind_test.sh VALGRIND PROVIDER_DIR
set -euo pipefail
valgrind=$1
P=(-provider-path "$2" -provider pqlab -provider default)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
vg() { "$valgrind" -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite /usr/bin/openssl "$1" "${P[@]}" "${@:2}"; }
echo "memcheck me" > msg.txt
vg genpkey -algorithm ML-DSA-44 -out dsa.key
vg genpkey -algorithm ML-KEM-768 -out kem.key
vg pkey -in kem.key -pubout -out kem.pub
vg pkey -in dsa.key -pubout -out dsa.pub
vg pkeyutl -sign -rawin -inkey dsa.key -in msg.txt -out msg.sig
vg pkeyutl -verify -rawin -pubin -inkey dsa.pub -in msg.txt -sigfile msg.sig
vg req -x509 -new -key dsa.key -subj /CN=memcheck -out dsa.crt
vg verify -CAfile dsa.crt dsa.crt
echo PASS
