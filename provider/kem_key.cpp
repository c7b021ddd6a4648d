// pqlab provider: the key object and the ordering rule of hybrid encodings.
#include "kem_key.hpp"

namespace pqlab::provider {

void KemKey::clear() {
  mlkem_ek.clear();
  mlkem_dk.clear();
  classical.reset();
  classical_pub.clear();
  mlkem_seed.clear();
}

// draft-ietf-tls-ecdhe-mlkem §4: X25519MLKEM768 puts the ML-KEM part first;
// SecP256r1MLKEM768 and SecP384r1MLKEM1024 put the ECDH part first. The same
// order holds for key share, ciphertext and shared secret.
Parts split(const KemVariant& v, std::span<const std::uint8_t> whole, std::size_t mlkem_bytes) {
  const std::size_t classical_bytes = whole.size() - mlkem_bytes;
  if (v.classical_first) return {whole.subspan(classical_bytes), whole.first(classical_bytes)};
  return {whole.first(mlkem_bytes), whole.subspan(mlkem_bytes)};
}

MutableParts split(const KemVariant& v, std::span<std::uint8_t> whole, std::size_t mlkem_bytes) {
  const std::size_t classical_bytes = whole.size() - mlkem_bytes;
  if (v.classical_first) return {whole.subspan(classical_bytes), whole.first(classical_bytes)};
  return {whole.first(mlkem_bytes), whole.subspan(mlkem_bytes)};
}

}  // namespace pqlab::provider
