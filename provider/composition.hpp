// pqlab provider: the KEM operations on composed keys. For a pure ML-KEM
// variant these are ML-KEM (FIPS 203) alone; for a hybrid they run the
// ML-KEM part with the core and the classical part through EVP and
// concatenate public keys, ciphertexts and shared secrets in the draft's
// order (draft-ietf-tls-ecdhe-mlkem §4). Every function checks lengths and
// returns false (with an error on OpenSSL's queue) on any failure.
#pragma once
#include <cstdint>
#include <span>

#include "kem_key.hpp"

namespace pqlab::provider {

// A fresh key pair (ML-KEM.KeyGen, FIPS 203 Alg. 19, plus a classical pair).
bool generate_keypair(KemKey& key);

// The composed public key (the TLS key share).
PublicBytes encoded_public_key(const KemKey& key);
// Sets a public key only (a peer's key share). Rejects a wrong length, an
// ML-KEM encapsulation key failing the modulus check (FIPS 203 §7.2), and an
// invalid classical public key. On failure the key is left empty.
bool set_public_key(KemKey& key, std::span<const std::uint8_t> encoded);

// The composed private key: ML-KEM dk and the classical private key, in the
// same order as the public key.
SecretBytes encoded_private_key(const KemKey& key);
// Sets a key pair from its composed private key; hybrids also need the
// composed public key (for the classical point), pure ML-KEM takes ek from
// dk and, when `pub` is non-empty, requires it to match. Runs the
// decapsulation-key check (FIPS 203 §7.3).
bool set_private_key(KemKey& key, std::span<const std::uint8_t> priv,
                     std::span<const std::uint8_t> pub);

// Pure ML-KEM only: the key pair from its seed d ‖ z (FIPS 203 Alg. 16);
// priv and pub, when non-empty, must be what the seed generates.
bool set_from_seed(KemKey& key, std::span<const std::uint8_t> seed,
                   std::span<const std::uint8_t> priv, std::span<const std::uint8_t> pub);

// Encapsulation to a public key: `ct` and `secret` must have the composed sizes.
bool encapsulate(const KemKey& key, std::span<std::uint8_t> ct, std::span<std::uint8_t> secret);
// Decapsulation with a private key: `ct` and `secret` must have the composed sizes.
bool decapsulate(const KemKey& key, std::span<std::uint8_t> secret,
                 std::span<const std::uint8_t> ct);

}  // namespace pqlab::provider
