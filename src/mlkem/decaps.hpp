// The two rules of ML-KEM decapsulation that both decaps (mlkem.cpp) and
// decaps_batch (batch.cpp) apply, written once: the decapsulation-key hash
// check of FIPS 203 §7.3 and the implicit rejection of Alg. 18 lines 9–11.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "common/ct.hpp"
#include "mlkem/kpke.hpp"
#include "pqlab/mlkem.hpp"

namespace pqlab::mlkem {

// FIPS 203 §7.3 (hash check): h_ek, the H(ek) computed over the ek stored in
// dk, equals the hash stored in dk. Status::invalid_key if not. Both are
// public parts of dk; the compare is constant-time anyway.
template <class P>
Status decaps_key_hash_check(std::span<const std::uint8_t, 32> h_ek, ConstDecapsKey<P> dk) {
  return ct::diff(h_ek, dk.template subspan<dk_hash_offset<P>, 32>()) == 0 ? Status::ok : Status::invalid_key;
}

// FIPS 203 Alg. 18 lines 9–11 (implicit rejection) given `difference`,
// any value that is nonzero exactly when the re-encryption c' differs from
// c (for example the OR of their bytes' XORs, accumulated piece by piece):
// key = K' if c' = c, else K̄ = J(z ‖ c). The choice is by mask, so nothing
// observable depends on whether c was valid. k_prime is overwritten.
inline void select_shared_secret(SharedSecret key, std::uint8_t difference, std::span<std::uint8_t, 32> k_prime,
                                 std::span<const std::uint8_t, 32> k_bar) {
  ct::select_bytes(k_prime, k_bar, ct::mask_nonzero_u8(difference));
  for (std::size_t i = 0; i < 32; ++i) key[i] = k_prime[i];
}

// The same with c' held whole.
template <class P>
void implicit_rejection(SharedSecret key, ConstCiphertext<P> c, std::span<const std::uint8_t, P::ct_bytes> c_again,
                        std::span<std::uint8_t, 32> k_prime, std::span<const std::uint8_t, 32> k_bar) {
  select_shared_secret(key, ct::diff(c, c_again), k_prime, k_bar);
}

}  // namespace pqlab::mlkem
