// pqlab provider: the key object behind every EVP_PKEY of this provider.
// It holds the ML-KEM half (encapsulation key, decapsulation key) and, for a
// hybrid, the classical half as an EVP_PKEY of the default provider.
#pragma once
#include <cstdint>
#include <span>

#include "classical.hpp"
#include "provider_context.hpp"
#include "secret_bytes.hpp"
#include "variants.hpp"

namespace pqlab::provider {

struct KemKey {
  const ProviderContext* provider;
  const KemVariant* variant;
  PublicBytes mlkem_ek;       // empty until a public key is set or generated
  SecretBytes mlkem_dk;       // empty unless the private key is present
  EvpPkey classical;          // hybrids only: own key pair, or the peer's public key
  PublicBytes classical_pub;  // hybrids only: its TLS encoding
  SecretBytes mlkem_seed;     // pure ML-KEM: d ‖ z when known (generated keys, seed-form imports)

  bool has_public() const { return !mlkem_ek.empty(); }
  bool has_private() const { return !mlkem_dk.empty(); }
  bool is_hybrid() const { return variant->classical != Classical::none; }
  void clear();
};

// The key objects of a composed buffer: which bytes are the ML-KEM part and
// which the classical part, in the draft's order for the variant.
struct Parts {
  std::span<const std::uint8_t> mlkem, classical;
};
struct MutableParts {
  std::span<std::uint8_t> mlkem, classical;
};
Parts split(const KemVariant& v, std::span<const std::uint8_t> whole, std::size_t mlkem_bytes);
MutableParts split(const KemVariant& v, std::span<std::uint8_t> whole, std::size_t mlkem_bytes);

}  // namespace pqlab::provider
