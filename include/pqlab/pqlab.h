/* pqlab.h: the C API of pqlab (FIPS 203 ML-KEM, FIPS 204 ML-DSA, FIPS 205
 * SLH-DSA), for C and for every language with a C foreign-function
 * interface (Python's ctypes, Rust, Go, Java's FFM, ...).
 *
 * C11, no C++ types. A thin layer over the library's runtime registry
 * (pqlab/registry.hpp): the same algorithms, the same names (the FIPS names
 * in any case, and OpenSSL 3.5's spellings: MLKEM768, MLDSA65, id-ml-dsa-65,
 * id-slh-dsa-sha2-128s, the dotted OIDs), the same checks and the same
 * status codes as the C++ API. It allocates nothing, throws nothing, keeps
 * no state of its own, and is safe to call from several threads at once.
 *
 * Why this shape (docs/C_API.md has the long form):
 *   - One set of functions for every algorithm, chosen at run time by name
 *     (pqlab_algorithm_find), like liboqs's OQS_KEM / OQS_SIG objects, so a
 *     program or a binding handles all 18 parameter sets with one code path
 *     and new ones without new symbols. Unlike OQS_KEM_new, the handle is a
 *     pointer to the library's static table: nothing to allocate or free.
 *     Names rather than an enum: they are what users and OpenSSL already
 *     spell, and they never renumber.
 *   - Every buffer is passed with its length and the length is checked
 *     (PQLAB_INVALID_LENGTH on a mismatch), where liboqs trusts the caller
 *     to have read the sizes and BoringSSL's MLKEM768_* functions rely on C
 *     array types that C does not enforce. Keys, ciphertexts and signatures
 *     are the standards' raw byte strings (BoringSSL instead parses public
 *     keys into opaque structs once; here every call parses and checks what
 *     it is given, as FIPS 203 section 7 asks of an encapsulation key).
 *   - Per-set size macros (PQLAB_ML_KEM_768_CIPHERTEXT_BYTES, ...) and
 *     maxima over all sets (PQLAB_MAX_SIGNATURE_BYTES, ...) let C callers
 *     use stack buffers, as liboqs's per-scheme macros and BoringSSL's
 *     constants do; the run-time size functions give the same numbers.
 *
 * Ownership: every buffer belongs to the caller, before and after the call.
 * The library reads inputs and writes outputs during the call only, keeps
 * no pointer to any of them, and never allocates. Output buffers must not
 * overlap inputs or each other. On any status but PQLAB_OK the contents of
 * the output buffers are unspecified (they may be partly written): do not
 * use them. Secret outputs (secret keys, shared secrets, seeds) are the
 * caller's to wipe when done. A NULL pointer is accepted only with a length
 * of 0 (an empty message or context); otherwise PQLAB_INVALID_ARGUMENT.
 *
 * Randomness: pqlab_keygen, pqlab_kem_encaps and hedged signing draw fresh
 * bytes from the operating system (getrandom(2)); a failure there is
 * PQLAB_RANDOM_FAILURE. The _from_seed / _derand functions and
 * PQLAB_SIGN_DETERMINISTIC use none (known-answer tests, reproducible keys).
 */
#ifndef PQLAB_H
#define PQLAB_H

#include <stddef.h>
#include <stdint.h>

#include "pqlab/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status codes: the values of pqlab::Status (pqlab/status.hpp). ---- */
typedef enum pqlab_status {
  PQLAB_OK = 0,
  PQLAB_INVALID_LENGTH = 1,    /* a buffer has the wrong length for the algorithm */
  PQLAB_INVALID_KEY = 2,       /* a key fails the checks its standard requires */
  PQLAB_INVALID_SIGNATURE = 3, /* the signature does not verify (any length) */
  PQLAB_INVALID_ARGUMENT = 4,  /* NULL handle or buffer, context over 255 bytes, ... */
  PQLAB_RANDOM_FAILURE = 5,    /* the system's random source failed */
  PQLAB_UNSUPPORTED = 6        /* wrong kind of algorithm for the call, unknown pre-hash */
} pqlab_status;

/* A short English description of a status ("ok", "wrong length", ...);
 * a static string, never NULL. */
PQLAB_API const char* pqlab_status_string(pqlab_status status);

/* The library's version, "MAJOR.MINOR.PATCH"; a static string. */
PQLAB_API const char* pqlab_version(void);

/* ---- Algorithms. ---- */
typedef enum pqlab_kind { PQLAB_KIND_KEM = 0, PQLAB_KIND_SIGNATURE = 1 } pqlab_kind;

/* An algorithm: a pointer into the library's static table, valid for the
 * life of the process; never freed. */
typedef struct pqlab_algorithm pqlab_algorithm;

/* The algorithm called `name` (NUL-terminated, any accepted spelling), or
 * NULL if there is none. */
PQLAB_API const pqlab_algorithm* pqlab_algorithm_find(const char* name);
/* Every algorithm, in a stable order (KEMs, then signatures): index 0 to
 * pqlab_algorithm_count() - 1; NULL past the end. */
PQLAB_API size_t pqlab_algorithm_count(void);
PQLAB_API const pqlab_algorithm* pqlab_algorithm_at(size_t index);
/* Its FIPS name ("ML-KEM-768") and standard ("FIPS 203"): static,
 * NUL-terminated strings; NULL for a NULL handle. */
PQLAB_API const char* pqlab_algorithm_name(const pqlab_algorithm* alg);
PQLAB_API const char* pqlab_algorithm_standard(const pqlab_algorithm* alg);
/* PQLAB_KIND_KEM or PQLAB_KIND_SIGNATURE; alg must not be NULL. */
PQLAB_API pqlab_kind pqlab_algorithm_kind(const pqlab_algorithm* alg);

/* Sizes in bytes; 0 where the algorithm has no such thing (a KEM's
 * signature, a signature scheme's ciphertext) or alg is NULL. The seed is
 * what pqlab_keygen_from_seed takes (ML-KEM: d || z, 64; ML-DSA: xi, 32;
 * SLH-DSA: SK.seed || SK.prf || PK.seed, 3n). */
PQLAB_API size_t pqlab_public_key_bytes(const pqlab_algorithm* alg);
PQLAB_API size_t pqlab_secret_key_bytes(const pqlab_algorithm* alg);
PQLAB_API size_t pqlab_ciphertext_bytes(const pqlab_algorithm* alg);
PQLAB_API size_t pqlab_shared_secret_bytes(const pqlab_algorithm* alg);
PQLAB_API size_t pqlab_signature_bytes(const pqlab_algorithm* alg);
PQLAB_API size_t pqlab_seed_bytes(const pqlab_algorithm* alg);

/* ---- Key generation (any algorithm). ---- */

/* A fresh key pair: pk receives pqlab_public_key_bytes(alg) bytes, sk
 * pqlab_secret_key_bytes(alg) (the lengths must be exactly these). */
PQLAB_API pqlab_status pqlab_keygen(const pqlab_algorithm* alg, uint8_t* pk, size_t pk_len, uint8_t* sk, size_t sk_len);
/* The key pair determined by `seed` (pqlab_seed_bytes(alg) bytes):
 * ML-KEM.KeyGen_internal(d, z) (FIPS 203 Algorithm 16), ML-DSA.KeyGen_internal(xi)
 * (FIPS 204 Algorithm 6), slh_keygen_internal (FIPS 205 Algorithm 18). */
PQLAB_API pqlab_status pqlab_keygen_from_seed(const pqlab_algorithm* alg, uint8_t* pk, size_t pk_len, uint8_t* sk,
                                              size_t sk_len, const uint8_t* seed, size_t seed_len);

/* ---- KEMs (ML-KEM, FIPS 203). PQLAB_UNSUPPORTED for a signature scheme. ---- */

/* ML-KEM.Encaps (FIPS 203 Algorithm 20): ct receives the ciphertext, ss the
 * 32-byte shared secret, for the encapsulation key pk. PQLAB_INVALID_KEY if
 * pk fails the section 7.2 checks. */
PQLAB_API pqlab_status pqlab_kem_encaps(const pqlab_algorithm* alg, uint8_t* ct, size_t ct_len, uint8_t* ss,
                                        size_t ss_len, const uint8_t* pk, size_t pk_len);
/* The same with the caller's 32-byte m in place of fresh randomness
 * (ML-KEM.Encaps_internal, Algorithm 17): for known-answer tests only. */
PQLAB_API pqlab_status pqlab_kem_encaps_derand(const pqlab_algorithm* alg, uint8_t* ct, size_t ct_len, uint8_t* ss,
                                               size_t ss_len, const uint8_t* pk, size_t pk_len, const uint8_t* m,
                                               size_t m_len);
/* ML-KEM.Decaps (FIPS 203 Algorithm 21): ss receives the shared secret of ct
 * under the decapsulation key sk. A well-formed but wrong ciphertext gives
 * PQLAB_OK and the implicit-rejection secret, never an error; the
 * section 7.3 checks of sk failing give PQLAB_INVALID_KEY. */
PQLAB_API pqlab_status pqlab_kem_decaps(const pqlab_algorithm* alg, uint8_t* ss, size_t ss_len, const uint8_t* ct,
                                        size_t ct_len, const uint8_t* sk, size_t sk_len);

/* ---- Signatures (ML-DSA, FIPS 204; SLH-DSA, FIPS 205). ----
 * PQLAB_UNSUPPORTED for a KEM. The context string ctx (0 to 255 bytes;
 * NULL with ctx_len 0 for none) is bound into the signature as the
 * standards' external interfaces define. */

/* Flags of pqlab_sign / pqlab_hash_sign. */
#define PQLAB_SIGN_HEDGED 0u        /* fresh randomness (the standards' default) */
#define PQLAB_SIGN_DETERMINISTIC 1u /* the deterministic variant: rnd = 0^32 (ML-DSA), opt_rand = PK.seed (SLH-DSA) */

/* ML-DSA.Sign (FIPS 204 Algorithm 2) / slh_sign (FIPS 205 Algorithm 22):
 * sig receives exactly pqlab_signature_bytes(alg) bytes. */
PQLAB_API pqlab_status pqlab_sign(const pqlab_algorithm* alg, uint8_t* sig, size_t sig_len, const uint8_t* msg,
                                  size_t msg_len, const uint8_t* ctx, size_t ctx_len, const uint8_t* sk, size_t sk_len,
                                  unsigned flags);
/* ML-DSA.Verify (Algorithm 3) / slh_verify (Algorithm 24): PQLAB_OK if sig
 * is a valid signature of msg and ctx under pk, PQLAB_INVALID_SIGNATURE if
 * not, including a signature of another length (the standards' verification
 * returns false for it). Other codes mean the call was malformed (a public
 * key of the wrong length, a context over 255 bytes, ...). */
PQLAB_API pqlab_status pqlab_verify(const pqlab_algorithm* alg, const uint8_t* sig, size_t sig_len, const uint8_t* msg,
                                    size_t msg_len, const uint8_t* ctx, size_t ctx_len, const uint8_t* pk,
                                    size_t pk_len);
/* HashML-DSA (FIPS 204 Algorithms 4, 5) / HashSLH-DSA (FIPS 205 Algorithms
 * 23, 25): the message is hashed with `prehash`, one of "SHA2-224",
 * "SHA2-256", "SHA2-384", "SHA2-512", "SHA2-512/224", "SHA2-512/256",
 * "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE-128", "SHAKE-256"
 * (PQLAB_UNSUPPORTED for another). */
PQLAB_API pqlab_status pqlab_hash_sign(const pqlab_algorithm* alg, uint8_t* sig, size_t sig_len, const uint8_t* msg,
                                       size_t msg_len, const uint8_t* ctx, size_t ctx_len, const char* prehash,
                                       const uint8_t* sk, size_t sk_len, unsigned flags);
PQLAB_API pqlab_status pqlab_hash_verify(const pqlab_algorithm* alg, const uint8_t* sig, size_t sig_len,
                                         const uint8_t* msg, size_t msg_len, const uint8_t* ctx, size_t ctx_len,
                                         const char* prehash, const uint8_t* pk, size_t pk_len);

/* ---- Sizes as constants, for buffers on the stack. ---- */
#define PQLAB_ML_KEM_512_PUBLIC_KEY_BYTES 800
#define PQLAB_ML_KEM_512_SECRET_KEY_BYTES 1632
#define PQLAB_ML_KEM_512_CIPHERTEXT_BYTES 768
#define PQLAB_ML_KEM_768_PUBLIC_KEY_BYTES 1184
#define PQLAB_ML_KEM_768_SECRET_KEY_BYTES 2400
#define PQLAB_ML_KEM_768_CIPHERTEXT_BYTES 1088
#define PQLAB_ML_KEM_1024_PUBLIC_KEY_BYTES 1568
#define PQLAB_ML_KEM_1024_SECRET_KEY_BYTES 3168
#define PQLAB_ML_KEM_1024_CIPHERTEXT_BYTES 1568
#define PQLAB_ML_KEM_SHARED_SECRET_BYTES 32
#define PQLAB_ML_KEM_SEED_BYTES 64
#define PQLAB_ML_KEM_ENCAPS_SEED_BYTES 32

#define PQLAB_ML_DSA_44_PUBLIC_KEY_BYTES 1312
#define PQLAB_ML_DSA_44_SECRET_KEY_BYTES 2560
#define PQLAB_ML_DSA_44_SIGNATURE_BYTES 2420
#define PQLAB_ML_DSA_65_PUBLIC_KEY_BYTES 1952
#define PQLAB_ML_DSA_65_SECRET_KEY_BYTES 4032
#define PQLAB_ML_DSA_65_SIGNATURE_BYTES 3309
#define PQLAB_ML_DSA_87_PUBLIC_KEY_BYTES 2592
#define PQLAB_ML_DSA_87_SECRET_KEY_BYTES 4896
#define PQLAB_ML_DSA_87_SIGNATURE_BYTES 4627
#define PQLAB_ML_DSA_SEED_BYTES 32

/* The largest of each size over every algorithm (SLH-DSA's 256f signature
 * is the largest signature: 49856 bytes). */
#define PQLAB_MAX_PUBLIC_KEY_BYTES 2592
#define PQLAB_MAX_SECRET_KEY_BYTES 4896
#define PQLAB_MAX_CIPHERTEXT_BYTES 1568
#define PQLAB_MAX_SHARED_SECRET_BYTES 32
#define PQLAB_MAX_SIGNATURE_BYTES 49856
#define PQLAB_MAX_SEED_BYTES 96
#define PQLAB_MAX_CONTEXT_BYTES 255

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PQLAB_H */
