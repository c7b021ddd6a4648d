// ML-DSA pseudorandom sampling (FIPS 204 §7.3): ExpandA, ExpandS,
// ExpandMask, SampleInBall.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "hash/keccak_parallel.hpp"
#include "mldsa/poly.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mldsa::detail {

using Seed32 = std::span<const std::uint8_t, 32>;
using Seed64 = std::span<const std::uint8_t, 64>;

// Entry Â[row][col] = RejNTTPoly(ρ ‖ col ‖ row) (FIPS 204 Alg. 32 line 3,
// Alg. 30). ρ is public, so the rejection loop may branch. Coefficients in
// [0, q).
struct MatrixIndex {
  std::uint8_t row;
  std::uint8_t col;
};
void expand_a_entry_vartime(NttPoly& out, Seed32 rho, MatrixIndex at);
// `count` entries at once, hash::KeccakWays::batch_ways() SHAKE128
// instances side by side; a rider (hash::KeccakRider) takes an idle way
// where there is one.
void expand_a_entries_vartime(NttPoly* out, Seed32 rho, const MatrixIndex* at, std::size_t count,
                              hash::KeccakRider* rider = nullptr);

// How many entries each batch of for_each_matrix_entry_vartime takes, for
// `total` entries on the active backend (hash::KeccakWays::batch_ways()
// ways) and a rider with `rider_permutations` still due (0: none). Writes
// the sizes to `sizes` and returns how many batches there are: a short
// one first if the entries leave one (its idle ways take key generation's
// ExpandS rider, which must finish before the first product), then full
// batches, then those that leave the rider a way, last, where a rider over
// an input still being written (key generation's tr = H(pk)) finds most of
// it ready, and a rider chained after it (verification's H(μ ‖ w1'))
// finds rows of w1'.
// - no rider: the short batch, then full ones;
// - eight ways: the fewest batches, the idle ways spread one per batch over
//   the last ones (k·l = 30 for ML-DSA-65: 8, 8, 7, 7);
// - ten ways (two x5 calls, whose fifth ways cost nothing more): enough
//   batches of four for the rider's permutations (about five per batch),
//   each one x5 call with the rider (ML-DSA-44 with tr's 10: 8, 4, 4;
//   ML-DSA-65 with 15: 8, 10, 4, 4, 4; ML-DSA-87 with 20: 10, 10, 10, 10,
//   4, 4, 4, 4).
inline constexpr std::size_t kMaxMatrixBatches = 16;  // k·l <= 56 in FIPS 204's sets: at most 14 batches
std::size_t matrix_batch_sizes(std::size_t total, std::size_t rider_permutations,
                               std::array<std::uint8_t, kMaxMatrixBatches>& sizes);

// Â (FIPS 204 Alg. 32) for a k × l matrix, entry by entry in row-major
// order, generated a batch at a time (matrix_batch_sizes) into `batch`, so
// that the SHAKE128 ways are full whatever l is: calls visit(i, j, Â_ij)
// for each entry. Â is public. A rider takes its permutations in the
// batches' idle ways while they are due.
inline constexpr std::size_t kMatrixBatch = hash::Shake128Ways::max_ways;
template <std::size_t K, std::size_t L, class Visit>
void for_each_matrix_entry_vartime(Seed32 rho, std::array<NttPoly, kMatrixBatch>& batch, Visit&& visit,
                                   hash::KeccakRider* rider = nullptr) {
  std::array<std::uint8_t, kMaxMatrixBatches> sizes;
  const std::size_t batches = matrix_batch_sizes(K * L, rider != nullptr ? rider->permutations_due() : 0, sizes);
  std::size_t first = 0;
  for (std::size_t b = 0; b < batches; ++b) {
    const std::size_t count = sizes[b];
    std::array<MatrixIndex, kMatrixBatch> at;
    for (std::size_t e = 0; e < count; ++e)
      at[e] = {static_cast<std::uint8_t>((first + e) / L), static_cast<std::uint8_t>((first + e) % L)};
    expand_a_entries_vartime(batch.data(), rho, at.data(), count, rider);
    for (std::size_t e = 0; e < count; ++e) visit((first + e) / L, (first + e) % L, batch[e]);
    first += count;
  }
}

// ExpandS (FIPS 204 Alg. 33) as a rider (hash::WayRider) in the idle
// ways of another multi-way squeeze (ExpandA's, in key generation):
// RejBoundedPoly (Alg. 31) of ρ' ‖ IntegerToBytes(r, 2) for r < count, each
// ride squeezing one more SHAKE256 block of up to kStreams of them at a
// time; a stream starts as another finishes, so one that needs a second
// block holds up no other. Each finished polynomial is packed as skEncode
// packs s1 ‖ s2 (Alg. 24, BitPack(s, η, η)) to packed + r·32·bitlen(2η)
// and wiped. Riding, it boards only free ways (the calls need them
// anyway); finish_through(r) runs on its own what polynomials 0..r still
// need, later streams filling those calls' ways. Which nibbles are
// rejected shows in the number of blocks a stream takes; those nibbles are
// discarded and independent of the accepted ones, so the counts are public
// (declassified by the filter kernel for the constant-time test,
// common/ct_poison.hpp). ρ' and packed must outlive the rider.
template <int Eta>
class ExpandSRider final : public hash::WayRider {
 public:
  ExpandSRider(Seed64 rho_prime, std::size_t count, std::uint8_t* packed);
  ~ExpandSRider();
  std::size_t board(std::uint64_t* states, std::size_t room, std::size_t free) override;
  void alight(const std::uint64_t* states, std::size_t count) override;
  void finish_through(std::size_t index);

 private:
  static constexpr std::size_t kStreams = hash::Shake256Ways::max_ways;
  struct Stream {
    std::uint64_t state[25];
    Poly poly;  // the coefficients accepted so far
    std::size_t filled;
    std::size_t index;
  };
  // Starts polynomial started_ in a free slot.
  void start_stream();

  Seed64 rho_prime_;
  std::uint8_t* packed_;
  std::size_t count_;
  std::size_t needed_ = 0;  // finish_through: polynomials 0..needed_-1 are due
  std::size_t started_ = 0;
  std::size_t under_way_ = 0;
  std::array<std::uint8_t, kStreams> order_{};  // slots under way, oldest first
  std::array<bool, kStreams> busy_{};
  std::array<Stream, kStreams> slots_;
};

// ExpandMask's polynomial y[r] = BitUnpack(H(ρ'' ‖ IntegerToBytes(κ + r, 2)),
// γ1 - 1, γ1) (FIPS 204 Alg. 34). Coefficients in (-γ1, γ1].
template <int Gamma1Log2>
void expand_mask_poly(Poly& out, Seed64 rho_second, std::uint16_t nonce);
// y[0..count) from nonces first_nonce, first_nonce + 1, ... (Alg. 34 as a
// whole), hash::KeccakWays::batch_ways() (at most kMaskBatch) SHAKE256
// instances side by side.
inline constexpr std::size_t kMaskBatch = hash::Shake256Ways::max_ways;
template <int Gamma1Log2>
void expand_mask_polys(Poly* out, Seed64 rho_second, std::uint16_t first_nonce, std::size_t count);

// SampleInBall(c̃) (FIPS 204 Alg. 29): τ coefficients ±1, the rest 0.
// Its running time depends on c̃. c̃ is public for the signature that is
// output; for rejected iterations it is H(μ ‖ w1) of a discarded commitment,
// which FIPS 204 signers (and the reference implementation) treat as public
// as well: the signing key never enters this function.
template <int Tau>
void sample_in_ball_vartime(Poly& out, std::span<const std::uint8_t> c_tilde);

}  // namespace pqlab::mldsa::detail
