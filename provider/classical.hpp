// pqlab provider: the classical half of a hybrid, done by whichever provider
// the application loaded for X25519 and EC (normally OpenSSL's default)
// through libcrypto's EVP API. Nothing here reimplements elliptic curves.
#pragma once
#include <openssl/evp.h>

#include <cstdint>
#include <memory>
#include <span>

#include "secret_bytes.hpp"
#include "variants.hpp"

namespace pqlab::provider {

struct EvpPkeyFree {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
using EvpPkey = std::unique_ptr<EVP_PKEY, EvpPkeyFree>;

// A fresh key pair on the curve; null on failure.
EvpPkey classical_generate(OSSL_LIB_CTX* libctx, Classical c);
// Public key as sent in TLS: raw X25519 u-coordinate, or an uncompressed
// SEC1 point. Empty on failure.
PublicBytes classical_public(EVP_PKEY* key, Classical c);
// A peer public key from its TLS encoding; null if the length is wrong, the
// point is not uncompressed, or it is not on the curve.
EvpPkey classical_public_from_bytes(OSSL_LIB_CTX* libctx, Classical c,
                                    std::span<const std::uint8_t> bytes);
// (EC)DH of our private key with a peer public key into `out` (exactly
// classical_secret_bytes(c)); false on failure, including X25519's all-zero
// output from a low-order point.
bool classical_derive(OSSL_LIB_CTX* libctx, EVP_PKEY* own, EVP_PKEY* peer,
                      std::span<std::uint8_t> out);
// The private scalar / X25519 private key as fixed-length bytes.
SecretBytes classical_private(EVP_PKEY* key, Classical c);
// A key pair from its private and public encodings (the public key must
// match the private one); null on failure.
EvpPkey classical_from_private(OSSL_LIB_CTX* libctx, Classical c,
                               std::span<const std::uint8_t> priv,
                               std::span<const std::uint8_t> pub);

}  // namespace pqlab::provider
