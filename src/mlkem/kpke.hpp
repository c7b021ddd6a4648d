// K-PKE, the CPA-secure encryption scheme inside ML-KEM (FIPS 203 §5).
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "hash/keccak_parallel.hpp"
#include "mlkem/poly.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mlkem {

template <class P>
inline constexpr std::size_t dk_pke_bytes = 384 * P::k;
// Offsets inside ML-KEM's dk = dk_pke ‖ ek ‖ H(ek) ‖ z (FIPS 203 Alg. 16,
// line 3).
template <class P>
inline constexpr std::size_t dk_ek_offset = dk_pke_bytes<P>;
template <class P>
inline constexpr std::size_t dk_hash_offset = dk_ek_offset<P> + P::ek_bytes;
template <class P>
inline constexpr std::size_t dk_z_offset = dk_hash_offset<P> + 32;

// FIPS 203 Alg. 13 (K-PKE.KeyGen) from the 32-byte seed d. A rider over
// ek (ML-KEM.KeyGen's H(ek)) is told as each row of t̂ is written, and takes
// the Keccak lanes that Â's later rows leave idle.
template <class P>
void kpke_keygen(std::span<std::uint8_t, P::ek_bytes> ek, std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                 std::span<const std::uint8_t, 32> d, hash::KeccakRider* ek_hash = nullptr);
// The same from line 2 on, given (ρ, σ) = G(d ‖ k) (for batches, whose G
// calls run side by side). ρ must already be declassified.
template <class P>
void kpke_keygen_from_rho_sigma(std::span<std::uint8_t, P::ek_bytes> ek,
                                std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                                std::span<const std::uint8_t, 64> rho_sigma, hash::KeccakRider* ek_hash = nullptr);

// FIPS 203 Alg. 14 (K-PKE.Encrypt) of the 32-byte message m with randomness r.
// ek must have passed the modulus check.
template <class P>
void kpke_encrypt(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
                  std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> r);

// Âᵀ whole (Alg. 14 lines 4–8), sampled two rows at a time with a rider
// (hash::KeccakRider) taking the idle Keccak lanes: encapsulation's H(ek),
// which does not depend on Âᵀ.
template <std::size_t K>
using TransposedMatrix = std::array<NttVec<K>, K>;
template <class P>
void kpke_sample_matrix_vartime(TransposedMatrix<P::k>& a_t, std::span<const std::uint8_t, P::ek_bytes> ek,
                                hash::KeccakRider* rider);
// Alg. 14 with Âᵀ given (from kpke_sample_matrix_vartime) instead of sampled.
template <class P>
void kpke_encrypt_with_matrix(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
                              std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> r,
                              const TransposedMatrix<P::k>& a_t);

// Alg. 14 for up to max_batch items at once (all spans of one size): the
// matrix entries of all items are sampled together, eight Keccak lanes at
// a time. Each c[i] equals kpke_encrypt's for (ek[i], m[i], r[i]).
template <class P>
void kpke_encrypt_batch(std::span<const std::span<std::uint8_t, P::ct_bytes>> cs,
                        std::span<const std::span<const std::uint8_t, P::ek_bytes>> eks,
                        std::span<const std::span<const std::uint8_t, 32>> ms,
                        std::span<const std::span<const std::uint8_t, 32>> rs);

// K-PKE with its samples given, for a variant that draws Â and the noise
// from other symmetric primitives (the lab's withdrawn round-3 Kyber-90s,
// lab/subjects/kyber90s/, which samples them with AES-256-CTR): the same
// arithmetic as Alg. 13 lines 18–20 and Alg. 14 lines 18–23, nothing sampled
// here, so that the sampling steps stay separately callable.
// Alg. 13 from line 18: a_hat holds the rows of Â, noise = s (k polys) then
// e (k polys); ek ends with rho.
template <class P>
void kpke_keygen_from_samples(std::span<std::uint8_t, P::ek_bytes> ek, std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                              std::span<const std::uint8_t, 32> rho, const TransposedMatrix<P::k>& a_hat,
                              std::span<const Poly, 2 * P::k> noise);
// Alg. 14 from line 18: a_t holds the rows of Âᵀ, noise = y (k), e1 (k), e2.
template <class P>
void kpke_encrypt_from_samples(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
                               std::span<const std::uint8_t, 32> m, const TransposedMatrix<P::k>& a_t,
                               std::span<const Poly, 2 * P::k + 1> noise);

// FIPS 203 Alg. 15 (K-PKE.Decrypt).
template <class P>
void kpke_decrypt(std::span<std::uint8_t, 32> m, std::span<const std::uint8_t, dk_pke_bytes<P>> dk_pke,
                  std::span<const std::uint8_t, P::ct_bytes> c);

}  // namespace pqlab::mlkem
