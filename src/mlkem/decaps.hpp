// The rules of ML-KEM's decapsulation key and decapsulation that every path
// (mlkem.cpp, batch.cpp, low_stack.cpp, the lab's two-core driver) applies,
// written once: the key's layout after dk_pke (Alg. 16 line 3), the
// decapsulation-key hash check of FIPS 203 §7.3 and the implicit rejection
// of Alg. 18 lines 9–11.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "common/ct.hpp"
#include "mlkem/kpke.hpp"
#include "pqlab/mlkem.hpp"

namespace pqlab::mlkem {

// FIPS 203 Alg. 16 line 3, dk = dk_pke ‖ ek ‖ H(ek) ‖ z, but for dk_pke
// and H(ek), which each caller computes its own way: copies ek and z into
// their places.
template <class P>
void place_ek_and_z(DecapsKey<P> dk, ConstEncapsKey<P> ek, std::span<const std::uint8_t, 32> z) {
  auto ek_copy = dk.template subspan<dk_ek_offset<P>, P::ek_bytes>();
  for (std::size_t i = 0; i < P::ek_bytes; ++i) ek_copy[i] = ek[i];
  auto z_out = dk.template subspan<dk_z_offset<P>, 32>();
  for (std::size_t i = 0; i < 32; ++i) z_out[i] = z[i];
}

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
