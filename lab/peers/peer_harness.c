/* pqlab's timing harness for speed peers (lab/peers/peers.hpp): compiled at
 * run time together with one peer's unmodified sources, into one program
 * per peer, parameter set and build. It is the project's own code: it calls
 * the peer's public functions by their exported names, times them with the
 * same fenced time-stamp counter as the lab (lfence; rdtsc; lfence) and
 * answers the lab's commands on standard input, one line each, so that the
 * lab can alternate peer and pqlab rounds on one pinned core.
 *
 * Compile-time parameters (-D, set by the lab):
 *   PH_KIND      1: ML-KEM (mlkem-native, namespace pqlab_peer_mlkem_),
 *                2: ML-DSA (pq-crystals, mode DILITHIUM_MODE),
 *                3: SLH-DSA (sphincsplus, crypto_sign_* API)
 *   PH_PK_BYTES, PH_SK_BYTES, PH_CT_BYTES (KEM), PH_SIG_BYTES (signatures):
 *                the sizes of pqlab's parameter set, which the peer must use.
 *
 * Protocol (every line ends in '\n'; numbers are decimal):
 *   on start    "pqlab-peer-harness/1 <kem|mldsa|slhdsa> <pk> <sk> <ct> <sig>"
 *               after a keygen / encaps / decaps (or sign / verify) check
 *   "time OP N" one untimed call, then N timed calls of OP (keygen, encaps,
 *               decaps; keygen, sign, verify); answer "ticks OP N t1 ... tN"
 *   "msg HEX"   (ML-DSA) appends a message to the signing set; "ok COUNT"
 *   "signset"   (ML-DSA) the key from the all-zero seed, each message of the
 *               set signed once with all-zero randomness (FIPS 204's
 *               deterministic variant, empty context); answer
 *               "signset COUNT FNV t1 ... tCOUNT", FNV the FNV-1a 64 hash of
 *               the signatures in order (16 hex digits)
 *   "quit" or end of input: exit 0
 *   anything wrong: "error TEXT" and exit 1. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#if !defined(PH_KIND) || !defined(PH_PK_BYTES) || !defined(PH_SK_BYTES) || !defined(PH_CT_BYTES) || \
    !defined(PH_SIG_BYTES)
#error "the lab sets PH_KIND and the PH_*_BYTES sizes"
#endif

/* The peers' randomness: a 64-bit linear congruential stream (cheap, so that
 * no OS call is timed), or all zeros while ph_zero_random is set. */
static uint64_t ph_state = 0x243f6a8885a308d3ULL;
static int ph_zero_random = 0;
static void ph_fill(uint8_t* out, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (ph_zero_random) {
      out[i] = 0;
      continue;
    }
    ph_state = ph_state * 6364136223846793005ULL + 1442695040888963407ULL;
    out[i] = (uint8_t)(ph_state >> 56);
  }
}

#if PH_KIND == 1
int randombytes(uint8_t* out, size_t n);
int randombytes(uint8_t* out, size_t n) {
  ph_fill(out, n);
  return 0;
}
int pqlab_peer_mlkem_keypair(uint8_t* pk, uint8_t* sk);
int pqlab_peer_mlkem_enc(uint8_t* ct, uint8_t* ss, const uint8_t* pk);
int pqlab_peer_mlkem_dec(uint8_t* ss, const uint8_t* ct, const uint8_t* sk);
#define PH_KIND_NAME "kem"
#elif PH_KIND == 2
void randombytes(uint8_t* out, size_t n);
void randombytes(uint8_t* out, size_t n) { ph_fill(out, n); }
#define PH_CAT3(a, b, c) a##b##c
#define PH_DSYM(m, s) PH_CAT3(pqcrystals_dilithium, m, _avx2_##s)
#define ph_keypair PH_DSYM(DILITHIUM_MODE, keypair)
#define ph_signature PH_DSYM(DILITHIUM_MODE, signature)
#define ph_verify PH_DSYM(DILITHIUM_MODE, verify)
int ph_keypair(uint8_t* pk, uint8_t* sk);
int ph_signature(uint8_t* sig, size_t* siglen, const uint8_t* m, size_t mlen, const uint8_t* ctx, size_t ctxlen,
                 const uint8_t* sk);
int ph_verify(const uint8_t* sig, size_t siglen, const uint8_t* m, size_t mlen, const uint8_t* ctx, size_t ctxlen,
              const uint8_t* pk);
#define PH_KIND_NAME "mldsa"
#elif PH_KIND == 3
void randombytes(unsigned char* x, unsigned long long n);
void randombytes(unsigned char* x, unsigned long long n) { ph_fill(x, (size_t)n); }
unsigned long long crypto_sign_publickeybytes(void);
unsigned long long crypto_sign_secretkeybytes(void);
unsigned long long crypto_sign_bytes(void);
int crypto_sign_keypair(unsigned char* pk, unsigned char* sk);
int crypto_sign_signature(uint8_t* sig, size_t* siglen, const uint8_t* m, size_t mlen, const uint8_t* sk);
int crypto_sign_verify(const uint8_t* sig, size_t siglen, const uint8_t* m, size_t mlen, const uint8_t* pk);
#define PH_KIND_NAME "slhdsa"
#else
#error "PH_KIND must be 1, 2 or 3"
#endif

static inline uint64_t ph_ticks(void) {
  _mm_lfence();
  const uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}

static void ph_fail(const char* what) {
  printf("error %s\n", what);
  fflush(stdout);
  exit(1);
}

/* Keys and buffers: the timed calls write to scratch copies, so that the
 * key pair and ciphertext / signature of the set-up stay valid. */
static uint8_t ph_pk[PH_PK_BYTES], ph_sk[PH_SK_BYTES], ph_pk2[PH_PK_BYTES], ph_sk2[PH_SK_BYTES];
#if PH_KIND == 1
static uint8_t ph_ct[PH_CT_BYTES], ph_ct2[PH_CT_BYTES], ph_ss[32], ph_ss2[32];
#else
static uint8_t ph_sig[PH_SIG_BYTES], ph_sig2[PH_SIG_BYTES], ph_msg[32];
static size_t ph_siglen;
static int ph_sign(uint8_t* sig, size_t* siglen, const uint8_t* m, size_t mlen, const uint8_t* sk) {
#if PH_KIND == 2
  return ph_signature(sig, siglen, m, mlen, NULL, 0, sk);
#else
  return crypto_sign_signature(sig, siglen, m, mlen, sk);
#endif
}
static int ph_check(const uint8_t* sig, size_t siglen, const uint8_t* m, size_t mlen, const uint8_t* pk) {
#if PH_KIND == 2
  return ph_verify(sig, siglen, m, mlen, NULL, 0, pk);
#else
  return crypto_sign_verify(sig, siglen, m, mlen, pk);
#endif
}
#endif

/* One call of `op` (0 keygen, 1 encaps / sign, 2 decaps / verify); a
 * failing call ends the harness. `i` varies the signed message. */
static void ph_call(int op, unsigned i) {
#if PH_KIND == 1
  if (op == 0 && pqlab_peer_mlkem_keypair(ph_pk2, ph_sk2) != 0) ph_fail("keygen failed");
  if (op == 1 && pqlab_peer_mlkem_enc(ph_ct2, ph_ss2, ph_pk) != 0) ph_fail("encaps failed");
  if (op == 2 && pqlab_peer_mlkem_dec(ph_ss2, ph_ct, ph_sk) != 0) ph_fail("decaps failed");
#else
  size_t len = 0;
#if PH_KIND == 2
  if (op == 0 && ph_keypair(ph_pk2, ph_sk2) != 0) ph_fail("keygen failed");
#else
  if (op == 0 && crypto_sign_keypair(ph_pk2, ph_sk2) != 0) ph_fail("keygen failed");
#endif
  if (op == 1) {
    uint8_t m[32];
    memcpy(m, ph_msg, sizeof m);
    m[0] = (uint8_t)i;
    m[1] = (uint8_t)(i >> 8);
    if (ph_sign(ph_sig2, &len, m, sizeof m, ph_sk) != 0 || len != PH_SIG_BYTES) ph_fail("sign failed");
  }
  if (op == 2 && ph_check(ph_sig, ph_siglen, ph_msg, sizeof ph_msg, ph_pk) != 0) ph_fail("verify rejected");
#endif
}

static void ph_setup(void) {
#if PH_KIND == 1
  if (pqlab_peer_mlkem_keypair(ph_pk, ph_sk) != 0 || pqlab_peer_mlkem_enc(ph_ct, ph_ss, ph_pk) != 0 ||
      pqlab_peer_mlkem_dec(ph_ss2, ph_ct, ph_sk) != 0)
    ph_fail("set-up keygen / encaps / decaps failed");
  if (memcmp(ph_ss, ph_ss2, sizeof ph_ss) != 0) ph_fail("decaps disagrees with encaps");
#else
#if PH_KIND == 3
  if (crypto_sign_publickeybytes() != PH_PK_BYTES || crypto_sign_secretkeybytes() != PH_SK_BYTES ||
      crypto_sign_bytes() != PH_SIG_BYTES)
    ph_fail("the peer's key or signature sizes differ from the parameter set's");
  if (crypto_sign_keypair(ph_pk, ph_sk) != 0) ph_fail("set-up keygen failed");
#else
  if (ph_keypair(ph_pk, ph_sk) != 0) ph_fail("set-up keygen failed");
#endif
  ph_fill(ph_msg, sizeof ph_msg);
  if (ph_sign(ph_sig, &ph_siglen, ph_msg, sizeof ph_msg, ph_sk) != 0) ph_fail("set-up sign failed");
  if (ph_siglen != PH_SIG_BYTES) ph_fail("the peer's signature length differs from the parameter set's");
  if (ph_check(ph_sig, ph_siglen, ph_msg, sizeof ph_msg, ph_pk) != 0) ph_fail("set-up verify rejected");
  ph_msg[0] ^= 1;
  if (ph_check(ph_sig, ph_siglen, ph_msg, sizeof ph_msg, ph_pk) == 0) ph_fail("verify accepted a changed message");
  ph_msg[0] ^= 1;
#endif
}

static int ph_op(const char* name) {
#if PH_KIND == 1
  static const char* const names[3] = {"keygen", "encaps", "decaps"};
#else
  static const char* const names[3] = {"keygen", "sign", "verify"};
#endif
  for (int i = 0; i < 3; i++)
    if (strcmp(name, names[i]) == 0) return i;
  return -1;
}

/* A decimal count 1..100000, digits only. */
static long ph_count(const char* s) {
  long v = 0;
  if (*s == '\0') return -1;
  for (; *s; s++) {
    if (*s < '0' || *s > '9' || v > 100000) return -1;
    v = v * 10 + (*s - '0');
  }
  return v >= 1 && v <= 100000 ? v : -1;
}

#define PH_MAX_MSG_BYTES 1024
#if PH_KIND == 2
#define PH_MAX_MSGS 4096
static uint8_t* ph_msgs[PH_MAX_MSGS];
static size_t ph_msg_len[PH_MAX_MSGS];
static size_t ph_msg_count;

static int ph_hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

static void ph_add_message(const char* hex) {
  const size_t n = strlen(hex);
  if (n % 2 != 0 || n / 2 > PH_MAX_MSG_BYTES || ph_msg_count == PH_MAX_MSGS) ph_fail("bad msg");
  uint8_t* m = malloc(n / 2 + 1);
  if (m == NULL) ph_fail("out of memory");
  for (size_t i = 0; i < n / 2; i++) {
    const int hi = ph_hex(hex[2 * i]), lo = ph_hex(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) ph_fail("bad msg");
    m[i] = (uint8_t)(hi * 16 + lo);
  }
  ph_msgs[ph_msg_count] = m;
  ph_msg_len[ph_msg_count++] = n / 2;
  printf("ok %zu\n", ph_msg_count);
}

static void ph_signset(void) {
  static uint64_t t[PH_MAX_MSGS];
  static uint8_t pk[PH_PK_BYTES], sk[PH_SK_BYTES], sig[PH_SIG_BYTES];
  uint64_t fnv = 0xcbf29ce484222325ULL;
  ph_zero_random = 1; /* the key from the all-zero seed; rnd = 0 (deterministic) */
  if (ph_keypair(pk, sk) != 0) ph_fail("signset keygen failed");
  for (size_t i = 0; i < ph_msg_count; i++) {
    size_t len = 0;
    const uint64_t a = ph_ticks();
    const int r = ph_signature(sig, &len, ph_msgs[i], ph_msg_len[i], NULL, 0, sk);
    t[i] = ph_ticks() - a;
    if (r != 0 || len != PH_SIG_BYTES) ph_fail("signset sign failed");
    for (size_t j = 0; j < len; j++) fnv = (fnv ^ sig[j]) * 0x100000001b3ULL;
  }
  ph_zero_random = 0;
  printf("signset %zu %016llx", ph_msg_count, (unsigned long long)fnv);
  for (size_t i = 0; i < ph_msg_count; i++) printf(" %llu", (unsigned long long)t[i]);
  printf("\n");
}
#endif

int main(void) {
  static char line[2 * PH_MAX_MSG_BYTES + 64];
  static uint64_t t[100000];
  ph_setup();
  printf("pqlab-peer-harness/1 %s %d %d %d %d\n", PH_KIND_NAME, PH_PK_BYTES, PH_SK_BYTES, PH_CT_BYTES, PH_SIG_BYTES);
  fflush(stdout);
  while (fgets(line, sizeof line, stdin) != NULL) {
    char* nl = strchr(line, '\n');
    if (nl == NULL) ph_fail("line too long");
    *nl = '\0';
    char* words[4];
    int n = 0;
    for (char* w = strtok(line, " "); w != NULL; w = strtok(NULL, " ")) {
      if (n == 4) ph_fail("too many words");
      words[n++] = w;
    }
    if (n == 1 && strcmp(words[0], "quit") == 0) return 0;
    if (n == 3 && strcmp(words[0], "time") == 0) {
      const int op = ph_op(words[1]);
      const long count = ph_count(words[2]);
      if (op < 0 || count < 0) ph_fail("bad time command");
      ph_call(op, 0);
      for (long i = 0; i < count; i++) {
        const uint64_t a = ph_ticks();
        ph_call(op, (unsigned)i + 1);
        t[i] = ph_ticks() - a;
      }
      printf("ticks %s %ld", words[1], count);
      for (long i = 0; i < count; i++) printf(" %llu", (unsigned long long)t[i]);
      printf("\n");
#if PH_KIND == 2
    } else if (n == 2 && strcmp(words[0], "msg") == 0) {
      ph_add_message(words[1]);
    } else if (n == 1 && strcmp(words[0], "signset") == 0) {
      if (ph_msg_count == 0) ph_fail("signset without messages");
      ph_signset();
#endif
    } else {
      ph_fail("unknown command");
    }
    fflush(stdout);
  }
  return 0;
}
