/* Subject for tools/validate_cycles.sh: keygen, encaps, decaps of PQClean
 * ml-kem-768 clean (with mupq fips202.c and pqm4 keccakf1600.S, as pqm4
 * links it) between the cycle-model markers. Startup from sphincs_main.c. */
#include <stdint.h>
#include <stddef.h>
#include "api.h"
int randombytes(uint8_t* out, size_t n) {
  for (size_t i = 0; i < n; ++i) out[i] = (uint8_t)(i * 13 + 5);
  return 0;
}
__attribute__((noipa, used)) void val_begin(void) { __asm volatile("nop"); }
__attribute__((noipa, used)) void val_end(void) { __asm volatile("nop\n nop"); }
static uint8_t pk[PQCLEAN_MLKEM768_CLEAN_CRYPTO_PUBLICKEYBYTES], sk[PQCLEAN_MLKEM768_CLEAN_CRYPTO_SECRETKEYBYTES];
static uint8_t ct[PQCLEAN_MLKEM768_CLEAN_CRYPTO_CIPHERTEXTBYTES], k1[32], k2[32];
int main(void) {
  val_begin();
  PQCLEAN_MLKEM768_CLEAN_crypto_kem_keypair(pk, sk);
  val_end();
  val_begin();
  PQCLEAN_MLKEM768_CLEAN_crypto_kem_enc(ct, k1, pk);
  val_end();
  val_begin();
  PQCLEAN_MLKEM768_CLEAN_crypto_kem_dec(k2, ct, sk);
  val_end();
  for (int i = 0; i < 32; ++i)
    if (k1[i] != k2[i]) return 1;
  return 0;
}
