#!/bin/bash
# End-to-end tests of how the pqlab tool meets its user, as OpenSSL's and
# Botan's tools do: the version, unknown commands, OpenSSL 3.5's algorithm
# names, modes of secret outputs, unpredictable temporary files and no
# partial outputs, '-' for standard input and output, directories and
# endless inputs refused at once, and a signature of the wrong length as an
# invalid signature (exit 1).
# Usage: io_test.sh <pqlab binary> [<unpacked test-data dir>]
# PQLAB_EXPECTED_VERSION (set by ctest): the CMake project version.
source "$(dirname "$0")/common.sh"

# expect_status <status> <description> <command...>: that exit status, and
# for a failure one 'pqlab: ...' line on stderr.
expect_status() {
  local want=$1 what=$2; shift 2
  "$@" >out.txt 2>err.txt
  local rc=$?
  if [ $rc -ne "$want" ]; then fail "$what: exit $rc, expected $want ($(head -c 300 err.txt))"; return; fi
  if [ "$want" -ne 0 ] && { [ "$(wc -l <err.txt)" -ne 1 ] || ! grep -q '^pqlab: ' err.txt; }; then
    fail "$what: expected one 'pqlab: ...' line on stderr, got: $(head -c 300 err.txt)"
  fi
}
mode() { stat -c %a "$1"; }
# No file but those named may be in the directory (temporary files included).
only_files() {
  local got want; got=$(ls -A | grep -v -x -e out.txt -e err.txt | sort | tr '\n' ' ')
  want="$*"; [ -n "$want" ] && want="$want "
  [ "$got" = "$want" ] || fail "$WHAT: files present: '$got', expected '$want'"
}

# --- Version and commands --------------------------------------------------
expect_status 0 "--version" "$PQLAB" --version
v1=$(cat out.txt)
expect_status 0 "version" "$PQLAB" version
v2=$(cat out.txt)
[ "$v1" = "$v2" ] || fail "--version ('$v1') and version ('$v2') differ"
echo "$v1" | grep -Eq '^pqlab [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version prints '$v1'"
if [ -n "${PQLAB_EXPECTED_VERSION:-}" ]; then
  [ "$v1" = "pqlab $PQLAB_EXPECTED_VERSION" ] || fail "--version prints '$v1', the project is $PQLAB_EXPECTED_VERSION"
fi
expect_error "unknown command" "unknown command 'frobnicate'" "$PQLAB" frobnicate
for c in list keygen encaps decaps sign verify bench report tls-bench version; do
  grep -q -- "$c" err.txt || fail "unknown command: the message does not list '$c': $(cat err.txt)"
done
expect_error "unknown command after a flag" "unknown command 'sing'" "$PQLAB" --help-all sing
expect_error "no command" "no command given" "$PQLAB"
grep -q "keygen" err.txt || fail "no command: the message does not list the commands"
"$PQLAB" --help >help.txt || fail "--help exit $?"
grep -q "standard input" help.txt || fail "--help does not say what '-' means"
"$PQLAB" verify --help >help.txt || fail "verify --help exit $?"
grep -q "exit 1" help.txt || fail "verify --help does not say a signature of another length is exit 1"
rm help.txt

# --- OpenSSL 3.5's names ---------------------------------------------------
WHAT=aliases
for alg in MLKEM768 mlkem512 id-alg-ml-kem-1024 2.16.840.1.101.3.4.4.2; do
  "$PQLAB" keygen -a "$alg" --pk pk --sk sk >/dev/null || fail "keygen -a $alg"
  "$PQLAB" encaps -a "$alg" --pk pk --ct ct --ss ss1 || fail "encaps -a $alg"
  "$PQLAB" decaps -a "$alg" --sk sk --ct ct --ss ss2 || fail "decaps -a $alg"
  cmp -s ss1 ss2 || fail "$alg: shared secrets differ"
done
"$PQLAB" keygen -a ML-KEM-768 --pk pk768 --sk sk768 --seed "$(printf '11%.0s' $(seq 64))"
"$PQLAB" keygen -a mlkem768 --pk pk768b --sk sk768b --seed "$(printf '11%.0s' $(seq 64))"
cmp -s pk768 pk768b || fail "MLKEM768 is not ML-KEM-768"
printf 'message' >msg
for alg in MLDSA65 mldsa65 id-ml-dsa-44 SLH-DSA-SHA2-128S slh-dsa-shake-128f id-slh-dsa-sha2-128f; do
  "$PQLAB" keygen -a "$alg" --pk pk --sk sk || fail "keygen -a $alg"
  "$PQLAB" sign -a "$alg" --sk sk --in msg --sig sig || fail "sign -a $alg"
  expect_status 0 "verify -a $alg" "$PQLAB" verify -a "$alg" --pk pk --in msg --sig sig
done
expect_error "near-miss name" "unknown algorithm 'ML-KEM768'" "$PQLAB" keygen -a ML-KEM768 --pk pk --sk sk
rm -f pk sk ct ss1 ss2 sig pk768 sk768 pk768b sk768b msg

# --- Output modes and temporary files --------------------------------------
WHAT="keygen, umask 000"
( umask 000; "$PQLAB" keygen -a ML-KEM-768 --pk pk --sk sk ) || fail "$WHAT"
[ "$(mode sk)" = 600 ] || fail "$WHAT: secret key has mode $(mode sk)"
[ "$(mode pk)" = 666 ] || fail "$WHAT: public key has mode $(mode pk), expected 666 (umask 000)"
only_files pk sk
WHAT="keygen, umask 022"
( umask 022; "$PQLAB" keygen -a ML-DSA-44 --pk pk --sk sk ) || fail "$WHAT"
[ "$(mode sk)" = 600 ] || fail "$WHAT: secret key has mode $(mode sk)"
[ "$(mode pk)" = 644 ] || fail "$WHAT: public key has mode $(mode pk)"
WHAT="secret over an existing 0644 file"
rm -f sk; : >sk; chmod 644 sk
"$PQLAB" keygen -a ML-KEM-768 --pk pk --sk sk || fail "$WHAT"
[ "$(mode sk)" = 600 ] || fail "$WHAT: the replaced secret key has mode $(mode sk)"
[ "$(stat -c %s sk)" = 2400 ] || fail "$WHAT: secret key not written"
WHAT="shared secrets"
( umask 000; "$PQLAB" encaps -a ML-KEM-768 --pk pk --ct ct --ss ss ) || fail "$WHAT: encaps"
[ "$(mode ss)" = 600 ] || fail "$WHAT: encaps --ss has mode $(mode ss)"
[ "$(mode ct)" = 666 ] || fail "$WHAT: encaps --ct has mode $(mode ct)"
( umask 000; "$PQLAB" decaps -a ML-KEM-768 --sk sk --ct ct --ss ss2 ) || fail "$WHAT: decaps"
[ "$(mode ss2)" = 600 ] || fail "$WHAT: decaps --ss has mode $(mode ss2)"
cmp -s ss ss2 || fail "$WHAT: shared secrets differ"
only_files ct pk sk ss ss2
# Outputs into another directory: the temporary file is made there (a
# rename across file systems would fail), and nothing is left behind.
mkdir sub
"$PQLAB" keygen -a ML-KEM-512 --pk sub/pk --sk "$PWD/sub/sk" || fail "keygen into sub/"
[ "$(ls -A sub | tr '\n' ' ')" = "pk sk " ] || fail "keygen into sub/: $(ls -A sub)"
rm -r sub

# All or nothing: the second output cannot be written, so neither appears,
# and no temporary file stays.
WHAT="unwritable second output"
rm -f pk sk ct ss ss2
expect_error "$WHAT" "/no/such/dir/sk" "$PQLAB" keygen -a ML-KEM-768 --pk pk --sk /no/such/dir/sk
only_files
WHAT="output that is a directory"
mkdir d
expect_error "$WHAT" "directory" "$PQLAB" keygen -a ML-KEM-768 --pk pk --sk d
[ -z "$(ls -A d)" ] || fail "$WHAT: wrote into the directory"
rmdir d
only_files
WHAT="the same file twice"
expect_error "$WHAT" "both" "$PQLAB" keygen -a ML-KEM-768 --pk same --sk same
only_files
# A device is written in place, never replaced by a rename.
WHAT="/dev/null as output"
"$PQLAB" keygen -a ML-KEM-768 --pk /dev/null --sk sk || fail "$WHAT"
[ -c /dev/null ] || fail "$WHAT: /dev/null is no longer a device"
only_files sk
# A symbolic link is written through, not replaced: /dev/stdout, or a link
# to a key file (a secret there made 0600 too).
WHAT="symbolic links as outputs"
"$PQLAB" keygen -a ML-KEM-768 --pk /dev/stdout --sk sk >pk_via_stdout || fail "$WHAT: --pk /dev/stdout"
[ "$(stat -c %s pk_via_stdout)" = 1184 ] || fail "$WHAT: --pk /dev/stdout wrote $(stat -c %s pk_via_stdout) bytes"
[ -L /dev/stdout ] || fail "$WHAT: /dev/stdout is no longer a link"
mkdir keys; : >keys/real_sk; chmod 644 keys/real_sk; ln -s keys/real_sk sk_link
"$PQLAB" keygen -a ML-KEM-768 --pk pk --sk sk_link || fail "$WHAT: --sk through a link"
[ -L sk_link ] || fail "$WHAT: the link was replaced"
[ "$(stat -c %s keys/real_sk)" = 2400 ] || fail "$WHAT: the link's target holds $(stat -c %s keys/real_sk) bytes"
[ "$(stat -c %a keys/real_sk)" = 600 ] || fail "$WHAT: the secret behind the link has mode $(stat -c %a keys/real_sk)"
[ -z "$(ls -A keys | grep -v -x real_sk)" ] || fail "$WHAT: temporary files in keys/: $(ls -A keys)"
rm -r keys sk_link pk_via_stdout pk
# A closed standard output: exit 2, and the file outputs are not left.
WHAT="closed standard output"
"$PQLAB" keygen -a ML-KEM-768 --pk pk --sk sk
"$PQLAB" encaps -a ML-KEM-768 --pk pk --ct ct --ss - >&- 2>err.txt
rc=$?
[ $rc -eq 2 ] || fail "$WHAT: exit $rc, expected 2"
only_files pk sk

# --- '-' for standard input and output ------------------------------------
WHAT="stdin/stdout"
"$PQLAB" keygen -a ML-KEM-768 --pk pk2 --sk - >sk2 || fail "keygen --sk -"
[ "$(stat -c %s sk2)" = 2400 ] || fail "keygen --sk -: $(stat -c %s sk2) bytes on stdout"
"$PQLAB" keygen -a ML-KEM-768 --pk - --sk sk >pk || fail "keygen --pk -"
[ "$(stat -c %s pk)" = 1184 ] || fail "keygen --pk -: $(stat -c %s pk) bytes on stdout"
"$PQLAB" encaps -a ML-KEM-768 --pk - --ct ct --ss - <pk >ss || fail "encaps --pk - --ss -"
[ "$(stat -c %s ss)" = 32 ] || fail "encaps --ss -: $(stat -c %s ss) bytes on stdout"
[ -e ./- ] && fail "--ss - wrote a file named '-'"
"$PQLAB" decaps -a ML-KEM-768 --sk - --ct ct --ss - <sk >ss2 || fail "decaps --sk - --ss -"
cmp -s ss ss2 || fail "decaps from stdin: shared secrets differ"
"$PQLAB" encaps -a ML-KEM-768 --pk pk --ct - --ss ss3 >ct2 || fail "encaps --ct -"
"$PQLAB" decaps -a ML-KEM-768 --sk sk --ct - --ss ss4 <ct2 || fail "decaps --ct -"
cmp -s ss3 ss4 || fail "decaps --ct -: shared secrets differ"
expect_error "two outputs to stdout" "standard output" "$PQLAB" keygen -a ML-KEM-768 --pk - --sk -
expect_error "two inputs from stdin" "standard input" "$PQLAB" decaps -a ML-KEM-768 --sk - --ct - --ss x <sk
[ -e x ] && fail "a refused decaps wrote its output"
head -c 5000 /dev/urandom >msg
"$PQLAB" keygen -a ML-DSA-65 --pk dpk --sk dsk
"$PQLAB" sign -a ML-DSA-65 --sk - --in msg --sig - <dsk >sig || fail "sign --sk - --sig -"
expect_status 0 "verify --sig -" "$PQLAB" verify -a ML-DSA-65 --pk dpk --in msg --sig - <sig
expect_status 0 "verify --pk -" "$PQLAB" verify -a ML-DSA-65 --pk - --in msg --sig sig <dpk
expect_status 0 "verify --in -" "$PQLAB" verify -a ML-DSA-65 --pk dpk --in - --sig sig <msg
expect_error "stdin twice (sign)" "standard input" "$PQLAB" sign -a ML-DSA-65 --sk - --in - --sig out <dsk
expect_error "bench --json -" "--json -" "$PQLAB" bench -a X25519 --min-time 0 --json -
expect_error "bench --csv -" "--csv -" "$PQLAB" bench -a X25519 --min-time 0 --csv -
expect_error "report --out -" "--out -" "$PQLAB" report --quick --out -
expect_error "tls-bench --json -" "--json -" "$PQLAB" tls-bench --json -
# A results file that cannot be written is refused before the measurement
# (one line on stderr: no progress lines came first).
expect_error "bench --json, no such directory" "--json 'nodir/b.json': no directory 'nodir'" \
  "$PQLAB" bench -a X25519 --min-time 0 --json nodir/b.json
expect_error "bench --csv, a directory" "--csv '.': it is a directory" "$PQLAB" bench -a X25519 --min-time 0 --csv .
expect_error "bench --peers --json, no such directory" "no directory 'nodir'" \
  "$PQLAB" bench --peers nope --json nodir/p.json
expect_error "tls-bench --json, a directory" "it is a directory" "$PQLAB" tls-bench --json .
[ -e ./- ] && fail "a refused '-' made a file named '-'"

# --- Inputs: directories, endless and oversized inputs ---------------------
mkdir adir
expect_error "directory as public key" "directory" "$PQLAB" encaps -a ML-KEM-768 --pk adir --ct c --ss s
grep -q underflow err.txt && fail "directory as public key: $(cat err.txt)"
expect_error "directory as message" "directory" "$PQLAB" sign -a ML-DSA-65 --sk dsk --in adir --sig out
expect_error "directory as signature" "directory" "$PQLAB" verify -a ML-DSA-65 --pk dpk --in msg --sig adir
expect_error "directory as secret key" "directory" "$PQLAB" decaps -a ML-KEM-768 --sk adir --ct ct --ss s
# /dev/zero and an endless pipe: refused after length + 1 bytes, at once.
expect_error "/dev/zero as public key" "more than 1184" timeout 10 "$PQLAB" encaps -a ML-KEM-768 --pk /dev/zero --ct c --ss s
expect_error "/dev/zero as secret key" "more than 4032" timeout 10 "$PQLAB" sign -a ML-DSA-65 --sk /dev/zero --in msg --sig out
expect_error "/dev/zero as ciphertext" "more than 1088" timeout 10 "$PQLAB" decaps -a ML-KEM-768 --sk sk --ct /dev/zero --ss s
expect_error "endless stdin as public key" "more than 1184" timeout 10 "$PQLAB" encaps -a ML-KEM-768 --pk - --ct c --ss s < <(yes)
# A signature of another length is an invalid signature (exit 1, one line).
expect_status 1 "/dev/zero as signature" timeout 10 "$PQLAB" verify -a ML-DSA-65 --pk dpk --in msg --sig /dev/zero
grep -q "invalid signature: more than 3309 bytes" err.txt || fail "/dev/zero as signature: $(cat err.txt)"
head -c -1 sig >short_sig
expect_status 1 "short signature" "$PQLAB" verify -a ML-DSA-65 --pk dpk --in msg --sig short_sig
grep -q "invalid signature: 3308 bytes" err.txt || fail "short signature: $(cat err.txt)"
cat sig sig >long_sig
expect_status 1 "long signature" "$PQLAB" verify -a ML-DSA-65 --pk dpk --in msg --sig long_sig
: >empty_sig
expect_status 1 "empty signature" "$PQLAB" verify -a ML-DSA-65 --pk dpk --in msg --sig empty_sig
expect_status 2 "missing signature file" "$PQLAB" verify -a ML-DSA-65 --pk dpk --in msg --sig no-such-sig
# Messages are bounded (256 MiB): an endless one is refused, not read forever.
expect_error "/dev/zero as message" "256 MiB" timeout 300 "$PQLAB" sign -a ML-DSA-65 --sk dsk --in /dev/zero --sig out
[ -e out ] && fail "a refused sign left an output"

finish I/O
