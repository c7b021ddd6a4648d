/* Subject for tools/validate_cycles.sh: keygen (twice), sign, verify of
 * PQClean sphincs-sha2-128f-simple clean between the cycle-model markers. */
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "api.h"
int randombytes(uint8_t* out, size_t n) {
  for (size_t i = 0; i < n; ++i) out[i] = (uint8_t)(i * 7 + 1);
  return 0;
}
__attribute__((noipa, used)) void val_begin(void) { __asm volatile("nop"); }
__attribute__((noipa, used)) void val_end(void) { __asm volatile("nop\n nop"); }
static uint8_t pk[PQCLEAN_SPHINCSSHA2128FSIMPLE_CLEAN_CRYPTO_PUBLICKEYBYTES],
    sk[PQCLEAN_SPHINCSSHA2128FSIMPLE_CLEAN_CRYPTO_SECRETKEYBYTES];
static uint8_t sig[PQCLEAN_SPHINCSSHA2128FSIMPLE_CLEAN_CRYPTO_BYTES];
static uint8_t msg[59];
int main(void) {
  for (int r = 0; r < 2; ++r) {
    val_begin();
    PQCLEAN_SPHINCSSHA2128FSIMPLE_CLEAN_crypto_sign_keypair(pk, sk);
    val_end();
  }
  size_t siglen;
  val_begin();
  PQCLEAN_SPHINCSSHA2128FSIMPLE_CLEAN_crypto_sign_signature(sig, &siglen, msg, sizeof msg, sk);
  val_end();
  val_begin();
  int rc = PQCLEAN_SPHINCSSHA2128FSIMPLE_CLEAN_crypto_sign_verify(sig, siglen, msg, sizeof msg, pk);
  val_end();
  return rc;
}
