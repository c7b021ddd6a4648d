// K-PKE, the CPA-secure encryption scheme inside ML-KEM (FIPS 203 §5).
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
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

// FIPS 203 Alg. 13 line 1: (ρ, σ) = G(d ‖ k) into rho_sigma. ρ, its first
// 32 bytes, ends ek (line 19) and is declassified, so that Â's rejection
// sampling may branch on it; σ stays secret.
template <class P>
void kpke_expand_seed(std::span<std::uint8_t, 64> rho_sigma, std::span<const std::uint8_t, 32> d) {
  std::array<std::uint8_t, 33> g_in;
  for (std::size_t i = 0; i < 32; ++i) g_in[i] = d[i];
  g_in[32] = static_cast<std::uint8_t>(P::k);
  hash::sha3_512(g_in, rho_sigma);
  secure_wipe(g_in.data(), g_in.size());
  ct::declassify(rho_sigma.data(), 32);
}

// FIPS 203 Alg. 13 (K-PKE.KeyGen) from the 32-byte seed d. A rider over
// ek (ML-KEM.KeyGen's H(ek)) is told as each row of t̂ is written, and takes
// the Keccak ways that Â's later rows leave idle.
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
                  std::span<const std::uint8_t, 32> m, std::span<const std::uint8_t, 32> r,
                  hash::KeccakRider* rider = nullptr);

// How many of kpke_encrypt's Keccak calls for Âᵀ leave a way idle for a
// rider when every entry takes the usual three SHAKE128 blocks (504 bytes
// for the 384 that 256 coefficients need at an acceptance rate of
// 3329/4096; a rare fourth block gives one more): the rows go two at a time
// into the 8-way calls, so a pair of rows of ML-KEM-1024 fills them.
template <std::size_t K>
constexpr std::size_t matrix_rider_steps() {
  std::size_t steps = 0;
  for (std::size_t first = 0; first < K; first += 2) {
    const std::size_t entries = (K - first < 2 ? K - first : 2) * K;
    if (entries % 4 != 0) steps += 3;
  }
  return steps;
}

// A k × k matrix over T_q, row by row: Â, or Âᵀ (same type, same storage).
template <std::size_t K>
using Matrix = std::array<NttVec<K>, K>;
template <std::size_t K>
using TransposedMatrix = Matrix<K>;

// K-PKE split where Â is used, for a caller that samples Â elsewhere (on
// another core: lab/twocore/) while the noise is sampled and transformed:
// matrix, noise and the step that combines them. Each composes to exactly
// kpke_keygen_from_rho_sigma / kpke_encrypt. Encapsulation uses them too,
// to hold Âᵀ whole while H(ek) rides in the idle ways of its sampling.

// Â whole (Alg. 13 lines 3–7) or, when `transposed`, Âᵀ (Alg. 14 lines
// 4–8), from the public seed ρ, two rows at a time; a rider
// (hash::KeccakRider, or null) takes the Keccak ways they leave idle.
// Public: rejection sampling branches on it.
template <std::size_t K>
void sample_matrix_vartime(Matrix<K>& a, std::span<const std::uint8_t, 32> rho, bool transposed,
                           hash::KeccakRider* rider);

// K-PKE.KeyGen's secrets in the NTT domain: ŝ and ê (Alg. 13 lines 8–17).
template <class P>
struct KeygenNoise {
  NttVec<P::k> s_hat, e_hat;
};
// Alg. 13 lines 8–17: s (nonces 0..k-1) and e (k..2k-1) from PRF_η1(σ, N),
// then ŝ = NTT(s), ê = NTT(e).
template <class P>
void kpke_keygen_noise(KeygenNoise<P>& out, std::span<const std::uint8_t, 32> sigma);
// Alg. 13 lines 18–20 with Â given (not transposed): t̂ = Â ∘ ŝ + ê,
// ek = ByteEncode_12(t̂) ‖ ρ, dk_pke = ByteEncode_12(ŝ).
template <class P>
void kpke_keygen_from_matrix(std::span<std::uint8_t, P::ek_bytes> ek, std::span<std::uint8_t, dk_pke_bytes<P>> dk_pke,
                             std::span<const std::uint8_t, 32> rho, const Matrix<P::k>& a, const KeygenNoise<P>& noise);

// K-PKE.Encrypt's secret values (Alg. 14): y, e1, e2 and ŷ.
template <class P>
struct EncryptNoise {
  std::array<Poly, 2 * P::k + 1> noise;  // y (0..k-1), e1 (k..2k-1), e2 (2k)
  NttVec<P::k> y_hat;
};
// Alg. 14 lines 9–18: y, e1, e2 from PRF(r, N), then ŷ = NTT(y).
template <class P>
void kpke_encrypt_noise(EncryptNoise<P>& w, std::span<const std::uint8_t, 32> r);
// Alg. 14 lines 19–23 with Âᵀ given: u, v, and c. Consumes w (y's slot is
// reused for μ); the caller wipes it.
template <class P>
void kpke_encrypt_from_noise(std::span<std::uint8_t, P::ct_bytes> c, std::span<const std::uint8_t, P::ek_bytes> ek,
                             std::span<const std::uint8_t, 32> m, EncryptNoise<P>& w,
                             const TransposedMatrix<P::k>& a_t);

// Alg. 14 for up to max_batch items at once (all spans of one size): the
// matrix entries of all items are sampled together, eight Keccak ways at
// a time. Each c[i] equals kpke_encrypt's for (ek[i], m[i], r[i]).
template <class P>
void kpke_encrypt_batch(std::span<const std::span<std::uint8_t, P::ct_bytes>> cs,
                        std::span<const std::span<const std::uint8_t, P::ek_bytes>> eks,
                        std::span<const std::span<const std::uint8_t, 32>> ms,
                        std::span<const std::span<const std::uint8_t, 32>> rs);

// FIPS 203 Alg. 15 (K-PKE.Decrypt).
template <class P>
void kpke_decrypt(std::span<std::uint8_t, 32> m, std::span<const std::uint8_t, dk_pke_bytes<P>> dk_pke,
                  std::span<const std::uint8_t, P::ct_bytes> c);

}  // namespace pqlab::mlkem
