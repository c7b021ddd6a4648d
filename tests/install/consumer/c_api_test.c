/* The C API (pqlab/pqlab.h) from a C11 program linked against an installed
 * pqlab: known answers from NIST ACVP (ML-KEM-768 keygen from a seed,
 * encaps_derand and decaps; ML-DSA-44 keygen from a seed, deterministic
 * pure and pre-hash signatures), round trips, the checks on lengths, kinds
 * and NULL buffers, and the size macros against the run-time sizes.
 * Usage: c_api_test <known-answer file written by tests/install/make_kat.py>
 * Exits 0 only when every check passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pqlab/pqlab.h"

static int failures = 0;
#define CHECK(cond, ...)                             \
  do {                                               \
    if (!(cond)) {                                   \
      fprintf(stderr, "FAIL (line %d): ", __LINE__); \
      fprintf(stderr, __VA_ARGS__);                  \
      fputc('\n', stderr);                           \
      ++failures;                                    \
    }                                                \
  } while (0)
#define CHECK_STATUS(call, want)                                                                               \
  do {                                                                                                         \
    pqlab_status got_ = (call);                                                                                \
    CHECK(got_ == (want), "%s: %s, expected %s", #call, pqlab_status_string(got_), pqlab_status_string(want)); \
  } while (0)

/* ---- The known-answer file: `name value` lines. ---- */
#define MAX_ENTRIES 64
static char* names[MAX_ENTRIES];
static char* values[MAX_ENTRIES];
static size_t entries = 0;

static void load(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) {
    perror(path);
    exit(2);
  }
  static char text[1 << 20];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  for (char* line = strtok(text, "\n"); line != NULL && entries < MAX_ENTRIES; line = strtok(NULL, "\n")) {
    char* space = strchr(line, ' ');
    if (space == NULL) continue;
    *space = '\0';
    names[entries] = line;
    values[entries] = space + 1;
    ++entries;
  }
}

static const char* text_of(const char* name) {
  for (size_t i = 0; i < entries; ++i)
    if (strcmp(names[i], name) == 0) return values[i];
  fprintf(stderr, "known-answer file lacks '%s'\n", name);
  exit(2);
}

static int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  fprintf(stderr, "bad hex digit '%c'\n", c);
  exit(2);
}

/* The named value as bytes, in a new buffer of *len bytes (the caller frees). */
static uint8_t* bytes_of(const char* name, size_t* len) {
  const char* hex = text_of(name);
  if (strcmp(hex, "-") == 0) hex = "";
  *len = strlen(hex) / 2;
  uint8_t* out = malloc(*len + 1);
  if (out == NULL) exit(2);
  for (size_t i = 0; i < *len; ++i) out[i] = (uint8_t)(nibble(hex[2 * i]) << 4 | nibble(hex[2 * i + 1]));
  return out;
}

static int equal(const uint8_t* a, size_t a_len, const uint8_t* b, size_t b_len) {
  return a_len == b_len && memcmp(a, b, a_len) == 0;
}

/* ---- The checks. ---- */

static void test_algorithms(void) {
  CHECK(strcmp(pqlab_version(), "") != 0, "empty version");
  CHECK(pqlab_algorithm_count() == 18, "%zu algorithms, expected 18", pqlab_algorithm_count());
  CHECK(pqlab_algorithm_at(pqlab_algorithm_count()) == NULL, "algorithm_at past the end is not NULL");
  size_t max_pk = 0, max_sk = 0, max_ct = 0, max_sig = 0, max_seed = 0;
  for (size_t i = 0; i < pqlab_algorithm_count(); ++i) {
    const pqlab_algorithm* a = pqlab_algorithm_at(i);
    CHECK(a != NULL, "algorithm_at(%zu) is NULL", i);
    if (a == NULL) continue;
    CHECK(pqlab_algorithm_find(pqlab_algorithm_name(a)) == a, "find(name(at(%zu))) differs", i);
    if (pqlab_public_key_bytes(a) > max_pk) max_pk = pqlab_public_key_bytes(a);
    if (pqlab_secret_key_bytes(a) > max_sk) max_sk = pqlab_secret_key_bytes(a);
    if (pqlab_ciphertext_bytes(a) > max_ct) max_ct = pqlab_ciphertext_bytes(a);
    if (pqlab_signature_bytes(a) > max_sig) max_sig = pqlab_signature_bytes(a);
    if (pqlab_seed_bytes(a) > max_seed) max_seed = pqlab_seed_bytes(a);
  }
  CHECK(max_pk == PQLAB_MAX_PUBLIC_KEY_BYTES, "max public key %zu", max_pk);
  CHECK(max_sk == PQLAB_MAX_SECRET_KEY_BYTES, "max secret key %zu", max_sk);
  CHECK(max_ct == PQLAB_MAX_CIPHERTEXT_BYTES, "max ciphertext %zu", max_ct);
  CHECK(max_sig == PQLAB_MAX_SIGNATURE_BYTES, "max signature %zu", max_sig);
  CHECK(max_seed == PQLAB_MAX_SEED_BYTES, "max seed %zu", max_seed);

  const pqlab_algorithm* kem = pqlab_algorithm_find("ML-KEM-768");
  CHECK(kem != NULL && strcmp(pqlab_algorithm_name(kem), "ML-KEM-768") == 0, "ML-KEM-768 not found");
  CHECK(pqlab_algorithm_find("MLKEM768") == kem, "OpenSSL's MLKEM768 is not ML-KEM-768");
  CHECK(pqlab_algorithm_find("mldsa65") == pqlab_algorithm_find("ML-DSA-65"), "mldsa65 is not ML-DSA-65");
  CHECK(pqlab_algorithm_find("id-slh-dsa-sha2-128s") == pqlab_algorithm_find("SLH-DSA-SHA2-128s"),
        "id-slh-dsa-sha2-128s is not SLH-DSA-SHA2-128s");
  CHECK(pqlab_algorithm_find("ML-KEM-769") == NULL, "ML-KEM-769 found");
  CHECK(pqlab_algorithm_find(NULL) == NULL, "find(NULL) is not NULL");
  CHECK(pqlab_algorithm_kind(kem) == PQLAB_KIND_KEM, "ML-KEM-768 is not a KEM");
  CHECK(strcmp(pqlab_algorithm_standard(kem), "FIPS 203") == 0, "ML-KEM-768's standard");
  CHECK(pqlab_public_key_bytes(kem) == PQLAB_ML_KEM_768_PUBLIC_KEY_BYTES, "ML-KEM-768 pk size");
  CHECK(pqlab_secret_key_bytes(kem) == PQLAB_ML_KEM_768_SECRET_KEY_BYTES, "ML-KEM-768 sk size");
  CHECK(pqlab_ciphertext_bytes(kem) == PQLAB_ML_KEM_768_CIPHERTEXT_BYTES, "ML-KEM-768 ct size");
  CHECK(pqlab_shared_secret_bytes(kem) == PQLAB_ML_KEM_SHARED_SECRET_BYTES, "ML-KEM-768 ss size");
  CHECK(pqlab_signature_bytes(kem) == 0, "a KEM has a signature size");
  const pqlab_algorithm* dsa = pqlab_algorithm_find("ML-DSA-44");
  CHECK(pqlab_algorithm_kind(dsa) == PQLAB_KIND_SIGNATURE, "ML-DSA-44 is not a signature scheme");
  CHECK(pqlab_signature_bytes(dsa) == PQLAB_ML_DSA_44_SIGNATURE_BYTES, "ML-DSA-44 signature size");
  CHECK(pqlab_ciphertext_bytes(dsa) == 0, "a signature scheme has a ciphertext size");
  CHECK(strcmp(pqlab_status_string(PQLAB_INVALID_LENGTH), "wrong length") == 0, "status string");
}

static void test_mlkem768(void) {
  const pqlab_algorithm* kem = pqlab_algorithm_find("ML-KEM-768");
  uint8_t ek[PQLAB_ML_KEM_768_PUBLIC_KEY_BYTES], dk[PQLAB_ML_KEM_768_SECRET_KEY_BYTES];
  uint8_t ct[PQLAB_ML_KEM_768_CIPHERTEXT_BYTES], ss[PQLAB_ML_KEM_SHARED_SECRET_BYTES],
      ss2[PQLAB_ML_KEM_SHARED_SECRET_BYTES];
  size_t seed_len, want_ek_len, want_dk_len;
  uint8_t* seed = bytes_of("mlkem768_keygen_seed", &seed_len);
  uint8_t* want_ek = bytes_of("mlkem768_keygen_ek", &want_ek_len);
  uint8_t* want_dk = bytes_of("mlkem768_keygen_dk", &want_dk_len);
  CHECK_STATUS(pqlab_keygen_from_seed(kem, ek, sizeof ek, dk, sizeof dk, seed, seed_len), PQLAB_OK);
  CHECK(equal(ek, sizeof ek, want_ek, want_ek_len), "ML-KEM-768 keygen from seed: ek differs from ACVP");
  CHECK(equal(dk, sizeof dk, want_dk, want_dk_len), "ML-KEM-768 keygen from seed: dk differs from ACVP");
  /* Lengths are checked. */
  CHECK_STATUS(pqlab_keygen_from_seed(kem, ek, sizeof ek - 1, dk, sizeof dk, seed, seed_len), PQLAB_INVALID_LENGTH);
  CHECK_STATUS(pqlab_keygen_from_seed(kem, ek, sizeof ek, dk, sizeof dk, seed, seed_len - 1), PQLAB_INVALID_LENGTH);
  CHECK_STATUS(pqlab_keygen_from_seed(kem, NULL, sizeof ek, dk, sizeof dk, seed, seed_len), PQLAB_INVALID_ARGUMENT);
  CHECK_STATUS(pqlab_keygen_from_seed(NULL, ek, sizeof ek, dk, sizeof dk, seed, seed_len), PQLAB_INVALID_ARGUMENT);

  size_t pk_len, m_len, c_len, k_len;
  uint8_t* pk = bytes_of("mlkem768_encaps_ek", &pk_len);
  uint8_t* m = bytes_of("mlkem768_encaps_m", &m_len);
  uint8_t* want_c = bytes_of("mlkem768_encaps_c", &c_len);
  uint8_t* want_k = bytes_of("mlkem768_encaps_k", &k_len);
  CHECK_STATUS(pqlab_kem_encaps_derand(kem, ct, sizeof ct, ss, sizeof ss, pk, pk_len, m, m_len), PQLAB_OK);
  CHECK(equal(ct, sizeof ct, want_c, c_len), "ML-KEM-768 encaps_derand: c differs from ACVP");
  CHECK(equal(ss, sizeof ss, want_k, k_len), "ML-KEM-768 encaps_derand: K differs from ACVP");
  CHECK_STATUS(pqlab_kem_encaps_derand(kem, ct, sizeof ct, ss, sizeof ss, pk, pk_len - 1, m, m_len),
               PQLAB_INVALID_LENGTH);

  size_t ddk_len, dc_len, dk_want_len;
  uint8_t* ddk = bytes_of("mlkem768_decaps_dk", &ddk_len);
  uint8_t* dc = bytes_of("mlkem768_decaps_c", &dc_len);
  uint8_t* dwant = bytes_of("mlkem768_decaps_k", &dk_want_len);
  CHECK_STATUS(pqlab_kem_decaps(kem, ss, sizeof ss, dc, dc_len, ddk, ddk_len), PQLAB_OK);
  CHECK(equal(ss, sizeof ss, dwant, dk_want_len), "ML-KEM-768 decaps: K differs from ACVP");

  /* A fresh round trip, and the kind check. */
  CHECK_STATUS(pqlab_keygen(kem, ek, sizeof ek, dk, sizeof dk), PQLAB_OK);
  CHECK_STATUS(pqlab_kem_encaps(kem, ct, sizeof ct, ss, sizeof ss, ek, sizeof ek), PQLAB_OK);
  CHECK_STATUS(pqlab_kem_decaps(kem, ss2, sizeof ss2, ct, sizeof ct, dk, sizeof dk), PQLAB_OK);
  CHECK(memcmp(ss, ss2, sizeof ss) == 0, "ML-KEM-768 round trip: shared secrets differ");
  CHECK_STATUS(pqlab_kem_encaps(pqlab_algorithm_find("ML-DSA-65"), ct, sizeof ct, ss, sizeof ss, ek, sizeof ek),
               PQLAB_UNSUPPORTED);
  /* FIPS 203 section 7.2: a coefficient >= q in ek is refused. */
  ek[0] = 0xff;
  ek[1] = 0xff;
  CHECK_STATUS(pqlab_kem_encaps(kem, ct, sizeof ct, ss, sizeof ss, ek, sizeof ek), PQLAB_INVALID_KEY);

  free(seed);
  free(want_ek);
  free(want_dk);
  free(pk);
  free(m);
  free(want_c);
  free(want_k);
  free(ddk);
  free(dc);
  free(dwant);
}

static void test_mldsa44(void) {
  const pqlab_algorithm* dsa = pqlab_algorithm_find("ML-DSA-44");
  uint8_t pk[PQLAB_ML_DSA_44_PUBLIC_KEY_BYTES], sk[PQLAB_ML_DSA_44_SECRET_KEY_BYTES];
  uint8_t sig[PQLAB_ML_DSA_44_SIGNATURE_BYTES];
  size_t seed_len, want_pk_len, want_sk_len;
  uint8_t* seed = bytes_of("mldsa44_keygen_seed", &seed_len);
  uint8_t* want_pk = bytes_of("mldsa44_keygen_pk", &want_pk_len);
  uint8_t* want_sk = bytes_of("mldsa44_keygen_sk", &want_sk_len);
  CHECK_STATUS(pqlab_keygen_from_seed(dsa, pk, sizeof pk, sk, sizeof sk, seed, seed_len), PQLAB_OK);
  CHECK(equal(pk, sizeof pk, want_pk, want_pk_len), "ML-DSA-44 keygen from seed: pk differs from ACVP");
  CHECK(equal(sk, sizeof sk, want_sk, want_sk_len), "ML-DSA-44 keygen from seed: sk differs from ACVP");

  /* Deterministic pure signature (ACVP sigGen, external interface). */
  size_t ssk_len, msg_len, ctx_len, want_len;
  uint8_t* ssk = bytes_of("mldsa44_sign_sk", &ssk_len);
  uint8_t* msg = bytes_of("mldsa44_sign_msg", &msg_len);
  uint8_t* ctx = bytes_of("mldsa44_sign_ctx", &ctx_len);
  uint8_t* want = bytes_of("mldsa44_sign_sig", &want_len);
  CHECK_STATUS(pqlab_sign(dsa, sig, sizeof sig, msg, msg_len, ctx, ctx_len, ssk, ssk_len, PQLAB_SIGN_DETERMINISTIC),
               PQLAB_OK);
  CHECK(equal(sig, sizeof sig, want, want_len), "ML-DSA-44 deterministic signature differs from ACVP");
  CHECK_STATUS(pqlab_sign(dsa, sig, sizeof sig - 1, msg, msg_len, ctx, ctx_len, ssk, ssk_len, PQLAB_SIGN_DETERMINISTIC),
               PQLAB_INVALID_LENGTH);
  CHECK_STATUS(pqlab_sign(dsa, sig, sizeof sig, msg, msg_len, ctx, ctx_len, ssk, ssk_len, 2u), PQLAB_INVALID_ARGUMENT);

  /* Deterministic HashML-DSA signature. */
  size_t hsk_len, hmsg_len, hctx_len, hwant_len;
  uint8_t* hsk = bytes_of("mldsa44_hashsign_sk", &hsk_len);
  uint8_t* hmsg = bytes_of("mldsa44_hashsign_msg", &hmsg_len);
  uint8_t* hctx = bytes_of("mldsa44_hashsign_ctx", &hctx_len);
  uint8_t* hwant = bytes_of("mldsa44_hashsign_sig", &hwant_len);
  const char* hash = text_of("mldsa44_hashsign_hash");
  CHECK_STATUS(pqlab_hash_sign(dsa, sig, sizeof sig, hmsg, hmsg_len, hctx, hctx_len, hash, hsk, hsk_len,
                               PQLAB_SIGN_DETERMINISTIC),
               PQLAB_OK);
  CHECK(equal(sig, sizeof sig, hwant, hwant_len), "ML-DSA-44 deterministic HashML-DSA signature differs");
  CHECK_STATUS(pqlab_hash_sign(dsa, sig, sizeof sig, hmsg, hmsg_len, NULL, 0, "MD5", hsk, hsk_len, 0),
               PQLAB_UNSUPPORTED);

  /* Round trip with the ACVP key pair: valid, then invalid when changed. */
  static const uint8_t message[] = "a message from C";
  static const uint8_t context[] = {1, 2, 3};
  CHECK_STATUS(pqlab_sign(dsa, sig, sizeof sig, message, sizeof message, context, sizeof context, sk, sizeof sk,
                          PQLAB_SIGN_HEDGED),
               PQLAB_OK);
  CHECK_STATUS(pqlab_verify(dsa, sig, sizeof sig, message, sizeof message, context, sizeof context, pk, sizeof pk),
               PQLAB_OK);
  CHECK_STATUS(pqlab_verify(dsa, sig, sizeof sig, message, sizeof message, NULL, 0, pk, sizeof pk),
               PQLAB_INVALID_SIGNATURE);
  CHECK_STATUS(pqlab_verify(dsa, sig, sizeof sig - 1, message, sizeof message, context, sizeof context, pk, sizeof pk),
               PQLAB_INVALID_SIGNATURE);
  CHECK_STATUS(pqlab_verify(dsa, sig, sizeof sig, message, sizeof message, context, sizeof context, pk, sizeof pk - 1),
               PQLAB_INVALID_LENGTH);
  CHECK_STATUS(pqlab_verify(dsa, sig, sizeof sig, NULL, 5, context, sizeof context, pk, sizeof pk),
               PQLAB_INVALID_ARGUMENT);
  sig[10] ^= 1;
  CHECK_STATUS(pqlab_verify(dsa, sig, sizeof sig, message, sizeof message, context, sizeof context, pk, sizeof pk),
               PQLAB_INVALID_SIGNATURE);
  CHECK_STATUS(pqlab_verify(pqlab_algorithm_find("ML-KEM-512"), sig, sizeof sig, message, sizeof message, NULL, 0, pk,
                            sizeof pk),
               PQLAB_UNSUPPORTED);

  free(seed);
  free(want_pk);
  free(want_sk);
  free(ssk);
  free(msg);
  free(ctx);
  free(want);
  free(hsk);
  free(hmsg);
  free(hctx);
  free(hwant);
}

static void test_slhdsa(void) {
  /* Any algorithm through the same calls: buffers sized at run time. */
  const pqlab_algorithm* slh = pqlab_algorithm_find("slh-dsa-shake-128f");
  static uint8_t pk[PQLAB_MAX_PUBLIC_KEY_BYTES], sk[PQLAB_MAX_SECRET_KEY_BYTES], sig[PQLAB_MAX_SIGNATURE_BYTES];
  const size_t pk_len = pqlab_public_key_bytes(slh), sk_len = pqlab_secret_key_bytes(slh),
               sig_len = pqlab_signature_bytes(slh);
  static const uint8_t message[] = "SLH-DSA from C";
  CHECK_STATUS(pqlab_keygen(slh, pk, pk_len, sk, sk_len), PQLAB_OK);
  CHECK_STATUS(pqlab_sign(slh, sig, sig_len, message, sizeof message, NULL, 0, sk, sk_len, PQLAB_SIGN_DETERMINISTIC),
               PQLAB_OK);
  CHECK_STATUS(pqlab_verify(slh, sig, sig_len, message, sizeof message, NULL, 0, pk, pk_len), PQLAB_OK);
  sig[sig_len / 2] ^= 0x80;
  CHECK_STATUS(pqlab_verify(slh, sig, sig_len, message, sizeof message, NULL, 0, pk, pk_len), PQLAB_INVALID_SIGNATURE);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s <known-answer file>\n", argv[0]);
    return 2;
  }
  load(argv[1]);
  test_algorithms();
  test_mlkem768();
  test_mldsa44();
  test_slhdsa();
  if (failures != 0) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("pqlab C API (%s): known answers and checks passed\n", pqlab_version());
  return 0;
}
