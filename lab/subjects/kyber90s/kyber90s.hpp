// Kyber-90s (CRYSTALS-Kyber round 3, specification v3.02, §1.5 and the
// "90s" instantiation of §1.4): a WITHDRAWN variant of round-3 Kyber in
// which SHAKE is replaced by AES-256-CTR (XOF and PRF) and SHA-2 (H =
// SHA-256, G = SHA-512, KDF = SHA-256). It is not ML-KEM, FIPS 203 does
// not include it, and it is kept here for one purpose only: lab comparison
// with published measurements (the ESP32-S3 study's Kyber512-90s, issue 24).
// It is not part of pqlab's public API and must not protect anything.
//
// The arithmetic is the core's ML-KEM K-PKE (src/mlkem/kpke.hpp: the steps
// that take Â and the noise from the caller, kpke_keygen_from_matrix and
// kpke_encrypt_from_noise, and kpke_decrypt): the same polynomials, NTT,
// base multiplication, codecs and CBD sampler, through the kernel seam.
// What differs is done here, exactly as round 3 does it:
// - the matrix: entry (i, j) of Â from AES-256-CTR keyed with ρ, nonce
//   j ‖ i ‖ 0^10 (Âᵀ: i ‖ j), filtered like SampleNTT;
// - the noise: PRF(σ, N) = AES-256-CTR keyed with σ, nonce N ‖ 0^11;
// - KeyGen: (ρ, σ) = G(d) (no domain-separating k, unlike FIPS 203);
// - Encaps: m = H(coins), (K̄, r) = G(m ‖ H(pk)), K = KDF(K̄ ‖ H(c));
// - Decaps: K = KDF(K̄' ‖ H(c)) or KDF(z ‖ H(c)) on a failed re-encryption.
// Round 3 has no input checks (no §7.2/§7.3 of FIPS 203): neither has this.
//
// The matrix and noise samplers are separate calls so that a driver may run
// them on different threads (e.g. the matrix on a second core).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "mlkem/kpke.hpp"
#include "mlkem/poly.hpp"
#include "pqlab/mlkem.hpp"
#include "subjects/kyber90s/aes.hpp"

namespace pqlab::lab::kyber90s {

// The three sets: round 3's sizes, k, η1, η2, du and dv equal ML-KEM's
// (Kyber512 η1 = 3 included), so each reuses ML-KEM's parameter type.
struct Kyber512_90s : mlkem::MLKEM512 {
  using Core = mlkem::MLKEM512;
  static constexpr std::string_view name = "Kyber512-90s";
  static constexpr std::string_view mlkem_name = "ML-KEM-512";
};
struct Kyber768_90s : mlkem::MLKEM768 {
  using Core = mlkem::MLKEM768;
  static constexpr std::string_view name = "Kyber768-90s";
  static constexpr std::string_view mlkem_name = "ML-KEM-768";
};
struct Kyber1024_90s : mlkem::MLKEM1024 {
  using Core = mlkem::MLKEM1024;
  static constexpr std::string_view name = "Kyber1024-90s";
  static constexpr std::string_view mlkem_name = "ML-KEM-1024";
};

// Round 3's crypto_kem_keypair with its two 32-byte random strings given:
// d (indcpa_keypair's seed) then z. sk = sk_pke ‖ pk ‖ H(pk) ‖ z.
template <class S>
void keygen_derand(std::span<std::uint8_t, S::ek_bytes> pk, std::span<std::uint8_t, S::dk_bytes> sk,
                   std::span<const std::uint8_t, 32> d, std::span<const std::uint8_t, 32> z);
// crypto_kem_enc with its 32 random bytes given (hashed into m first).
template <class S>
void encaps_derand(std::span<std::uint8_t, S::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                   std::span<const std::uint8_t, S::ek_bytes> pk, std::span<const std::uint8_t, 32> coins);
// crypto_kem_dec (implicit rejection: a bad ciphertext gives KDF(z ‖ H(c))).
template <class S>
void decaps(std::span<std::uint8_t, 32> ss, std::span<const std::uint8_t, S::ct_bytes> ct,
            std::span<const std::uint8_t, S::dk_bytes> sk);

// The separately callable sampling steps.
// Â (or Âᵀ) from ρ through AES-256-CTR; ρ is public (rejection branches).
template <std::size_t K>
void gen_matrix_vartime(mlkem::TransposedMatrix<K>& a, std::span<const std::uint8_t, 32> rho, bool transposed,
                        AesImpl impl);
// CBD_η over PRF(σ, N) for N = first_nonce .. first_nonce + count - 1.
void sample_noise(mlkem::Poly* out, std::span<const std::uint8_t, 32> sigma, std::uint8_t first_nonce,
                  std::size_t count, int eta, AesImpl impl);
// indcpa_keypair's secrets in the NTT domain: ŝ (nonces 0 .. k-1) and ê
// (k .. 2k-1), CBD_η1 over PRF(σ, N), each transformed. Secret.
template <class S>
void keygen_noise(mlkem::KeygenNoise<typename S::Core>& out, std::span<const std::uint8_t, 32> sigma, AesImpl impl);
// indcpa_enc's noise: y (η1, nonces 0 .. k-1), e1 (η2, k .. 2k-1), e2 (η2,
// 2k) over PRF(coins, N), and ŷ. Secret.
template <class S>
void encrypt_noise(mlkem::EncryptNoise<typename S::Core>& out, std::span<const std::uint8_t, 32> coins, AesImpl impl);

// A record of the symmetric-primitive calls one operation makes, for the
// bench's symmetric-cost breakdown (lab/bench): while installed, every
// AES key expansion with its CTR blocks, and every SHA-256/SHA-512 call
// with its input length, is appended. Not thread-safe; the bench installs
// it for one single-threaded operation.
struct SymmetricCall {
  enum Kind : std::uint8_t { aes256_key_expansion, aes256_ctr, sha256, sha512 } kind;
  std::uint32_t amount;  // CTR blocks of one keystream, hash input bytes, or 0 (expansion)
};
struct SymmetricLog {
  static constexpr std::size_t capacity = 128;
  std::array<SymmetricCall, capacity> calls;
  std::size_t count = 0;
  void add(SymmetricCall::Kind kind, std::size_t amount) {
    if (count < capacity) calls[count++] = {kind, static_cast<std::uint32_t>(amount)};
  }
};
// Installs (or with nullptr removes) the log.
void set_symmetric_log(SymmetricLog* log);
// Runs the calls of a log again on dummy inputs of the same sizes, with the
// same AES implementation: the time the operation spends in them.
void replay_symmetric(const SymmetricLog& log, AesImpl impl);

}  // namespace pqlab::lab::kyber90s
