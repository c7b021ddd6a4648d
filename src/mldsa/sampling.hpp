// ML-DSA pseudorandom sampling (FIPS 204 §7.3): ExpandA, ExpandS,
// ExpandMask, SampleInBall.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "common/buffer_align.hpp"
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
// instances side by side; riders (hash::WayRider) take the idle ways. Â is
// public, but key generation and signing wipe the states and the stack
// below after each batch all the same (hash::Data::secret), which clears
// the copies their other kernels left there too; verification, which holds
// no secret, passes hash::Data::public_only (a rider with secrets would
// still make the batch wipe).
void expand_a_entries_vartime(NttPoly* out, Seed32 rho, const MatrixIndex* at, std::size_t count,
                              hash::WayRider* rider = nullptr, hash::Data data = hash::Data::secret);

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
// for each entry, and batch_done() after a batch's last entry, before the
// next batch replaces it. Â is public. A rider takes its permutations in
// the batches' idle ways while they are due.
inline constexpr std::size_t kMatrixBatch = hash::Shake128Ways::max_ways;
template <std::size_t K, std::size_t L, class Visit, class BatchDone>
void for_each_matrix_entry_vartime(Seed32 rho, std::array<NttPoly, kMatrixBatch>& batch, Visit&& visit,
                                   BatchDone&& batch_done, hash::KeccakRider* rider = nullptr,
                                   hash::Data data = hash::Data::secret) {
  std::array<std::uint8_t, kMaxMatrixBatches> sizes;
  const std::size_t batches = matrix_batch_sizes(K * L, rider != nullptr ? rider->permutations_due() : 0, sizes);
  std::size_t first = 0;
  for (std::size_t b = 0; b < batches; ++b) {
    const std::size_t count = sizes[b];
    std::array<MatrixIndex, kMatrixBatch> at;
    for (std::size_t e = 0; e < count; ++e)
      at[e] = {static_cast<std::uint8_t>((first + e) / L), static_cast<std::uint8_t>((first + e) % L)};
    expand_a_entries_vartime(batch.data(), rho, at.data(), count, rider, data);
    for (std::size_t e = 0; e < count; ++e) visit((first + e) / L, (first + e) % L, batch[e]);
    batch_done();
    first += count;
  }
}

// SHAKE256 streams on seed64 ‖ IntegerToBytes(first + r, 2) for r < count
// (ExpandS's and ExpandMask's inputs), run as a rider (hash::WayRider) in
// the free ways of another multi-way squeeze (ExpandA's): each ride
// squeezes one more block of up to kStreams of them at a time, oldest
// first, a stream starting as another finishes, so one that needs more
// blocks holds up no other. Riding, it boards only free ways (the calls
// need them anyway); finish_through(r) runs on its own what streams 0..r
// still need, later ones filling those calls' ways; finish_started() runs
// only the streams already started and returns how many there were.
// What a stream does with its blocks is the Sampler's:
// - Sampler::Work, the per-stream data (secret: wiped when the stream
//   finishes and with the rider), set up by start(Work&);
// - take_block(Work&, const std::uint8_t* block), one block (rate bytes)
//   of the stream; static done(const Work&), whether it needs no more;
// - void finish(std::size_t r, Work&): the stream's result.
// The seed and whatever the sampler writes to must outlive the rider.
template <class Sampler>
class Shake256StreamsRider final : public hash::WayRider {
 public:
  Shake256StreamsRider(Seed64 seed, std::uint16_t first, std::size_t count, Sampler sampler);
  ~Shake256StreamsRider();
  std::size_t board_states(std::uint64_t* states, std::size_t room, std::size_t free);
  void alight_states(const std::uint64_t* states, std::size_t count);
  void finish_through(std::size_t r);
  std::size_t finish_started();

 private:
  static constexpr std::size_t kStreams = hash::Shake256Ways::max_ways;
  struct Stream {
    alignas(vector_buffer_align<std::uint64_t>) std::uint64_t state[25];
    typename Sampler::Work work;
    std::size_t r;
  };
  // Starts stream started_ in a free slot.
  void start_stream();

  Seed64 seed_;
  std::uint16_t first_;
  std::size_t count_;
  Sampler sampler_;
  std::size_t needed_ = 0;  // finish_through: streams 0..needed_-1 are due
  std::size_t started_ = 0;
  std::size_t under_way_ = 0;
  std::array<std::uint8_t, kStreams> order_{};  // slots under way, oldest first
  std::array<bool, kStreams> busy_{};
  std::array<Stream, kStreams> slots_;
};

// ExpandS (FIPS 204 Alg. 33) as such a rider (in key generation):
// RejBoundedPoly (Alg. 31) of ρ' ‖ IntegerToBytes(r, 2) through the
// kernel's η filter, each finished polynomial packed as skEncode packs
// s1 ‖ s2 (Alg. 24, BitPack(s, η, η)) to packed + r·32·bitlen(2η), and
// for r < ntt_count its NTT to ntt_out[r] as well (key generation's ŝ1, so
// that s1 need not be unpacked again). Which nibbles are rejected shows in
// the number of blocks a stream takes; those nibbles are discarded and
// independent of the accepted ones, so the counts are public
// (declassified by the filter kernel for the constant-time test,
// common/ct_poison.hpp).
template <int Eta>
struct EtaSampler {
  struct Work {
    Poly poly;  // the coefficients accepted so far
    std::size_t filled;
  };
  std::uint8_t* packed;
  NttPoly* ntt_out = nullptr;
  std::size_t ntt_count = 0;
  static void start(Work& w) { w.filled = 0; }
  static bool done(const Work& w) { return w.filled == n; }
  void take_block(Work& w, const std::uint8_t* block) const;
  void finish(std::size_t r, Work& w) const;
};
template <int Eta>
using ExpandSRider = Shake256StreamsRider<EtaSampler<Eta>>;

// ExpandMask (FIPS 204 Alg. 34) as such a rider (signing's first draw,
// in the key's ExpandA): y[r] = BitUnpack(H(ρ'' ‖ IntegerToBytes(κ + r,
// 2)), γ1 - 1, γ1) into out[r]. kBytes and kBlocks are ExpandMask's
// output length and SHAKE256 blocks, whichever way it runs.
template <int Gamma1Log2>
struct MaskSampler {
  static constexpr std::size_t kBytes = 32 * (Gamma1Log2 + 1);
  static constexpr std::size_t kBlocks = (kBytes + hash::Shake256::rate_bytes - 1) / hash::Shake256::rate_bytes;
  struct Work {
    std::array<std::uint8_t, kBlocks * hash::Shake256::rate_bytes> bytes;
    std::size_t blocks;
  };
  Poly* out;
  static void start(Work& w) { w.blocks = 0; }
  static bool done(const Work& w) { return w.blocks == kBlocks; }
  void take_block(Work& w, const std::uint8_t* block) const;
  void finish(std::size_t r, Work& w) const;
};
template <int Gamma1Log2>
using ExpandMaskRider = Shake256StreamsRider<MaskSampler<Gamma1Log2>>;

// ExpandMask's polynomial y[r] = BitUnpack(H(ρ'' ‖ IntegerToBytes(κ + r, 2)),
// γ1 - 1, γ1) (FIPS 204 Alg. 34). Coefficients in (-γ1, γ1].
template <int Gamma1Log2>
void expand_mask_poly(Poly& out, Seed64 rho_second, std::uint16_t nonce);
// *out[r] = y[r] for r < count, from nonces first_nonce, first_nonce + 1, ...
// (Alg. 34 as a whole), hash::KeccakWays::batch_ways() (at most kMaskBatch)
// SHAKE256 instances side by side; the riders chained from `rider` take the
// idle ways of their Keccak calls.
inline constexpr std::size_t kMaskBatch = hash::Shake256Ways::max_ways;
template <int Gamma1Log2>
void expand_mask_polys(Poly* const* out, Seed64 rho_second, std::uint16_t first_nonce, std::size_t count,
                       hash::WayRider* rider = nullptr);

// SampleInBall(c̃) (FIPS 204 Alg. 29): τ coefficients ±1, the rest 0.
// Its running time depends on c̃. c̃ is public for the signature that is
// output; for rejected iterations it is H(μ ‖ w1) of a discarded commitment,
// which FIPS 204 signers (and the reference implementation) treat as public
// as well: the signing key never enters this function.
template <int Tau>
void sample_in_ball_vartime(Poly& out, std::span<const std::uint8_t> c_tilde);

}  // namespace pqlab::mldsa::detail
