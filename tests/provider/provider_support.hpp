// Helpers for the provider tests: EVP wrappers that return owned objects,
// and the expected sizes of each KEM offered by pqlab.so.
#pragma once
#include <openssl/evp.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pqlab::provider_test {

using Bytes = std::vector<std::uint8_t>;

struct PkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

struct KemCase {
  const char* name;   // keymgmt/KEM name
  const char* group;  // TLS group name
  std::size_t public_key, ciphertext, shared_secret;
  const char* mlkem;      // the ML-KEM part
  const char* classical;  // "" for pure ML-KEM, else "X25519" / "P-256" / "P-384"
  bool classical_first;
};

// draft-ietf-tls-ecdhe-mlkem sizes: ML-KEM-768 ek 1184 / ct 1088, X25519 32,
// P-256 point 65, P-384 point 97; secrets 32 + 32/32/48.
inline const KemCase kem_cases[] = {
    {"ML-KEM-512", "MLKEM512", 800, 768, 32, "ML-KEM-512", "", false},
    {"ML-KEM-768", "MLKEM768", 1184, 1088, 32, "ML-KEM-768", "", false},
    {"ML-KEM-1024", "MLKEM1024", 1568, 1568, 32, "ML-KEM-1024", "", false},
    {"X25519MLKEM768", "X25519MLKEM768", 1216, 1120, 64, "ML-KEM-768", "X25519", false},
    {"SecP256r1MLKEM768", "SecP256r1MLKEM768", 1249, 1153, 64, "ML-KEM-768", "P-256", true},
    {"SecP384r1MLKEM1024", "SecP384r1MLKEM1024", 1665, 1665, 80, "ML-KEM-1024", "P-384", true},
};

// Loads default + pqlab.so from the build tree (once per process).
void load_test_providers();

Pkey generate(const char* name);
Bytes public_key(EVP_PKEY* key);
Bytes private_key(EVP_PKEY* key);
// A key of algorithm `name` from raw public (and, when non-empty, private)
// bytes; null if the provider rejects them.
Pkey import_key(const char* name, const Bytes& pub, const Bytes& priv = {});

struct Encapsulation {
  bool ok = false;
  Bytes ciphertext, secret;
};
Encapsulation encapsulate(EVP_PKEY* key);
// Decapsulates; ok == false when the provider refuses the ciphertext.
Encapsulation decapsulate(EVP_PKEY* key, const Bytes& ciphertext);

}  // namespace pqlab::provider_test
