#!/bin/bash
# Writes a fake speed-peer tree into DIR, laid out like the real peers'
# snapshots (mlkem-native/, pq-crystals-dilithium/, sphincsplus/) with every
# source file the lab compiles, so that `pqlab report --peers DIR` and
# `pqlab bench --peers DIR` can be tested without the real peers. The stubs
# export the functions the lab's timing harness calls and do a fixed amount
# of trivial, deterministic work (a busy loop of FAKE_PEER_SPINS steps, 2000
# by default); they are not cryptography.
# Usage: make_fake_peers.sh DIR [broken]   (broken: a syntax error in one stub)
set -euo pipefail
mkdir -p "$1"
dir=$(cd "$1" && pwd)
mode=${2:-}
mkdir -p "$dir/mlkem-native/mlkem" "$dir/pq-crystals-dilithium/avx2" \
  "$dir/sphincsplus/sha2-avx2" "$dir/sphincsplus/shake-avx2/keccak4x"

spin='static void fake_spin(void) {
  for (volatile unsigned i = 0; i < FAKE_PEER_SPINS; i++) {
  }
}'
spins=${FAKE_PEER_SPINS:-2000}

# Empty translation units (the real peers' other files).
filler() { for f in "$@"; do echo "typedef int fake_peer_unused;" >"$f"; done; }
filler_asm() { for f in "$@"; do echo "# fake peer: no code" >"$f"; done; }

cd "$dir/mlkem-native/mlkem"
filler_asm mlkem_native_asm.S
cat >mlkem_native.c <<C
/* Fake mlkem-native: ss is the ciphertext's first 32 bytes. */
#include <stdint.h>
#include <string.h>
#define FAKE_PEER_SPINS $spins
$spin
int randombytes(uint8_t *out, size_t n);
int pqlab_peer_mlkem_keypair(uint8_t *pk, uint8_t *sk);
int pqlab_peer_mlkem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
int pqlab_peer_mlkem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
int pqlab_peer_mlkem_keypair(uint8_t *pk, uint8_t *sk) {
  fake_spin();
  memset(pk, 1, PH_PK_BYTES);
  memset(sk, 2, PH_SK_BYTES);
  return randombytes(pk, 32);
}
int pqlab_peer_mlkem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk) {
  fake_spin();
  (void)pk;
  memset(ct, 0, PH_CT_BYTES);
  if (randombytes(ct, 32) != 0) return -1;
  memcpy(ss, ct, 32);
  return 0;
}
int pqlab_peer_mlkem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk) {
  fake_spin();
  (void)sk;
  memcpy(ss, ct, 32);
  return 0;
}
C

# A signature: the message's bytes summed into every byte (verify recomputes).
sig_body='
static void fake_sig(uint8_t *sig, const uint8_t *m, size_t mlen) {
  uint8_t s = 0;
  for (size_t i = 0; i < mlen; i++) s = (uint8_t)(s * 31 + m[i]);
  memset(sig, s, PH_SIG_BYTES);
}
static int fake_check(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen) {
  uint8_t want[PH_SIG_BYTES];
  fake_sig(want, m, mlen);
  return siglen == PH_SIG_BYTES && memcmp(want, sig, siglen) == 0 ? 0 : -1;
}'

cd "$dir/pq-crystals-dilithium/avx2"
filler packing.c polyvec.c poly.c consts.c rejsample.c rounding.c fips202.c fips202x4.c symmetric-shake.c
filler_asm ntt.S invntt.S pointwise.S shuffle.S f1600x4.S
cat >sign.c <<C
/* Fake pq-crystals ML-DSA (mode DILITHIUM_MODE). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#define FAKE_PEER_SPINS $spins
$spin
$sig_body
void randombytes(uint8_t *out, size_t n);
#define CAT3(a, b, c) a##b##c
#define SYM(m, s) CAT3(pqcrystals_dilithium, m, _avx2_##s)
int SYM(DILITHIUM_MODE, keypair)(uint8_t *pk, uint8_t *sk);
int SYM(DILITHIUM_MODE, signature)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *ctx, size_t ctxlen, const uint8_t *sk);
int SYM(DILITHIUM_MODE, verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                                const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);
int SYM(DILITHIUM_MODE, keypair)(uint8_t *pk, uint8_t *sk) {
  fake_spin();
  randombytes(pk, PH_PK_BYTES);
  memset(sk, 3, PH_SK_BYTES);
  return 0;
}
int SYM(DILITHIUM_MODE, signature)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *ctx, size_t ctxlen, const uint8_t *sk) {
  (void)ctx, (void)ctxlen, (void)sk;
  fake_spin();
  fake_spin();
  fake_sig(sig, m, mlen);
  *siglen = PH_SIG_BYTES;
  return 0;
}
int SYM(DILITHIUM_MODE, verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                                const uint8_t *ctx, size_t ctxlen, const uint8_t *pk) {
  (void)ctx, (void)ctxlen, (void)pk;
  fake_spin();
  return fake_check(sig, siglen, m, mlen);
}
C
[ "$mode" = broken ] && echo "this is not C;" >>sign.c

spx_sign="/* Fake sphincsplus. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#define FAKE_PEER_SPINS $spins
$spin
$sig_body
void randombytes(unsigned char *x, unsigned long long n);
unsigned long long crypto_sign_publickeybytes(void);
unsigned long long crypto_sign_secretkeybytes(void);
unsigned long long crypto_sign_bytes(void);
int crypto_sign_keypair(unsigned char *pk, unsigned char *sk);
int crypto_sign_signature(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk);
int crypto_sign_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk);
unsigned long long crypto_sign_publickeybytes(void) { return PH_PK_BYTES; }
unsigned long long crypto_sign_secretkeybytes(void) { return PH_SK_BYTES; }
unsigned long long crypto_sign_bytes(void) { return PH_SIG_BYTES; }
int crypto_sign_keypair(unsigned char *pk, unsigned char *sk) {
  fake_spin();
  randombytes(pk, PH_PK_BYTES);
  memset(sk, 4, PH_SK_BYTES);
  return 0;
}
int crypto_sign_signature(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk) {
  (void)sk;
  for (int i = 0; i < 20; i++) fake_spin();
  fake_sig(sig, m, mlen);
  *siglen = PH_SIG_BYTES;
  return 0;
}
int crypto_sign_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk) {
  (void)pk;
  fake_spin();
  return fake_check(sig, siglen, m, mlen);
}"
cd "$dir/sphincsplus/sha2-avx2"
filler hash_sha2.c hash_sha2x8.c thash_sha2_simple.c thash_sha2_simplex8.c sha2.c sha256x8.c sha512x4.c \
  sha256avx.c address.c merkle.c wots.c utils.c utilsx8.c fors.c
echo "$spx_sign" >sign.c
cd "$dir/sphincsplus/shake-avx2"
filler hash_shake.c hash_shakex4.c thash_shake_simple.c thash_shake_simplex4.c address.c merkle.c wots.c utils.c \
  utilsx4.c fors.c fips202.c fips202x4.c keccak4x/KeccakP-1600-times4-SIMD256.c
echo "$spx_sign" >sign.c
