// ML-KEM's symmetric calls for one operation, replayed alone: the other
// half of the lab's Kyber-90s comparison (what share of an operation its
// symmetric primitives take), on the host (report section "Kyber-90s: what
// symmetric hardware buys") and on the Cortex-M4 firmware alike.
// Freestanding, like the rest of this library.
//
// The calls are those the core makes (src/mlkem/), rebuilt from a real ρ:
// G and H (SHA3-512 / SHA3-256, FIPS 203 §4.1), the matrix as the core
// samples it (two rows of SHAKE128 ways per multi-way call, squeezing until
// the slowest way has its 256 coefficients: FIPS 203 Alg. 7, the blocks each
// entry needs counted on its own stream), the noise (SHAKE256, eight ways
// per call: Alg. 8 with PRF_η), and decapsulation's paired H(ek) / J(z‖c).
// The core computes H(ek) in ways that the matrix leaves idle (keygen,
// encaps); replayed alone here, it makes ML-KEM's share an upper bound there.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace pqlab::lab::kyber90s {

class MlkemSymmetric {
 public:
  // An ML-KEM parameter set's k, η1, η2 and sizes (FIPS 203 Table 2).
  MlkemSymmetric(std::size_t k, std::size_t eta1, std::size_t eta2, std::size_t ek_bytes, std::size_t ct_bytes)
      : k_(k), eta1_(eta1), eta2_(eta2), ek_bytes_(ek_bytes), ct_bytes_(ct_bytes) {}

  // Plans the matrix's multi-way calls from ρ (public): Â for keygen,
  // Âᵀ (transposed) for encaps and decaps. Call before the replays.
  void plan_matrix_vartime(std::span<const std::uint8_t, 32> rho, bool transposed);

  // The symmetric calls of ML-KEM.KeyGen, Encaps and Decaps, on dummy data
  // of the real sizes (the cost does not depend on the data).
  void keygen() const;
  void encaps() const;
  void decaps() const;

 private:
  struct MatrixCall {
    std::size_t ways = 0, blocks = 0;
  };
  void matrix() const;
  void encrypt_noise() const;

  std::size_t k_, eta1_, eta2_, ek_bytes_, ct_bytes_;
  std::array<MatrixCall, 2> matrix_calls_{};  // k <= 4: at most two pairs of rows
  std::size_t matrix_call_count_ = 0;
};

}  // namespace pqlab::lab::kyber90s
