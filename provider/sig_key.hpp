// pqlab provider: the key object behind every ML-DSA / SLH-DSA EVP_PKEY of
// this provider, and the operations on it: generation (from a seed or
// fresh randomness), setting key material with consistency checks, signing
// and verification through the core registry.
#pragma once
#include <cstdint>
#include <span>

#include "pqlab/registry.hpp"
#include "param_names.hpp"
#include "provider_context.hpp"
#include "secret_bytes.hpp"
#include "sig_variants.hpp"


namespace pqlab::provider {

struct SigKey {
  const ProviderContext* provider;
  const SigVariant* variant;
  PublicBytes pub;   // empty until set or generated
  SecretBytes priv;  // the FIPS 204/205 secret key; empty for a public key
  SecretBytes seed;  // ML-DSA's ξ when known (generation, or a seed import)

  bool has_public() const { return !pub.empty(); }
  bool has_private() const { return !priv.empty(); }
  void clear() {
    pub.clear();
    priv.clear();
    seed.clear();
  }
};

// The seed the key can be regenerated from: ML-DSA ξ (32 bytes, FIPS 204
// Alg. 6), SLH-DSA SK.seed ‖ SK.prf ‖ PK.seed (3n bytes, FIPS 205 Alg. 18).
std::size_t seed_length(const SigVariant& v);

// A key pair from `seed` (exactly seed_length bytes), or from a seed drawn
// from the system's random source when `seed` is empty. ML-DSA keys keep
// their seed (so that the seed form of the private key can be written).
bool sig_generate(SigKey& key, std::span<const std::uint8_t> seed);

// Sets key material from any of seed / priv / pub (empty spans: absent).
// A seed regenerates the key; priv and pub given with it must then match.
// A priv without a seed must have the exact length, and pub, when given,
// must belong to it (ML-DSA: ρ and tr = H(pk) inside sk; SLH-DSA: the
// PK.seed ‖ PK.root half of sk). SLH-DSA takes pub from sk; ML-DSA
// recomputes it from sk (mldsa::public_from_secret, which checks the key).
// On failure the key is left empty and an error is on the queue.
bool sig_set_key(SigKey& key, std::span<const std::uint8_t> seed,
                 std::span<const std::uint8_t> priv, std::span<const std::uint8_t> pub);

// FIPS 204 Alg. 2 / FIPS 205 Alg. 22 (pure, with context), hedged or, on
// request, deterministic. `sig` must be exactly the signature size.
bool sig_sign(const SigKey& key, std::span<std::uint8_t> sig, std::span<const std::uint8_t> msg,
              std::span<const std::uint8_t> context, bool deterministic, RandomSource& rng);
// FIPS 204 Alg. 3 / FIPS 205 Alg. 24. Returns 1 valid, 0 invalid (no error
// raised for a plain bad signature), -1 on a malformed argument (error raised).
int sig_verify(const SigKey& key, std::span<const std::uint8_t> sig,
               std::span<const std::uint8_t> msg, std::span<const std::uint8_t> context);

}  // namespace pqlab::provider
