// The library's parallel Keccak plumbing (internal, not installed): the
// multi-way sponges, the rider that shares their permutation calls, the
// lane-sliced batch permutation and the paired SHA3-256/SHAKE256. The
// schemes use them for speed; the lab (hash-cost floor) and the tests
// include this header explicitly. Outputs equal those of the one-way
// sponges of pqlab/hash.hpp.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "common/buffer_align.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/status.hpp"

namespace pqlab::hash {

// SHA3-256(a) and SHAKE256(b, 32) together: both sponges have a 136-byte
// rate, so where a and b take the same number of blocks they run side by
// side as two states (else one after the other). ML-KEM decapsulation's H(ek)
// check and J(z ‖ c) are such a pair.
void sha3_256_and_shake256_32(std::span<const std::uint8_t> a, std::span<std::uint8_t, 32> a_out,
                              std::span<const std::uint8_t> b, std::span<std::uint8_t, 32> b_out);

// Keccak-f[1600] (FIPS 202 §3.3) on states j < count (1 <= count <= 8) of
// a lane-sliced batch, word w of state j at lanes[8·w + j], through the
// active kernel backend; the other states' words are left unspecified.
// For callers that batch their own single-block hashes (SLH-DSA's F, H and
// PRF do) and for the lab's hash-cost floor. Status::invalid_argument for
// another count.
Status keccak_f1600_sliced8(std::span<std::uint64_t, 200> lanes, std::size_t count);

// Whether what a multi-way sponge or a rider hashes is secret (the
// default: its states, and the kernels' copies of them on the stack, are
// wiped when it is done) or public only (ML-DSA verification's Â, tr =
// H(pk) and H(μ ‖ w1'): nothing to wipe).
enum class Data : bool { secret, public_only };

// Anything that takes the idle ways of a KeccakWays squeeze (a rider):
// that call permutes the rider's states with its own. board() writes up to
// `room` states (25 lanes each, one after another, in the kernels' lane
// form) to permute now and returns how many; the first `free` of those
// ways ride in the Keccak calls the states already seated need anyway (the
// others may take a call more; KeccakWays::ways_per_call()). alight()
// takes them back once permuted. Riders are chained (then_ride): a squeeze
// seats them in order while idle ways last.
//
// The core is built without RTTI, and its riders are used from code built
// with it (the tests), so a rider dispatches through two function pointers
// rather than virtual functions: a derived class Derived defines
// board_states() and alight_states() and constructs its base with
// std::type_identity<Derived>{}.
class WayRider {
 public:
  std::size_t board(std::uint64_t* states, std::size_t room, std::size_t free) {
    return board_(*this, states, room, free);
  }
  void alight(const std::uint64_t* states, std::size_t count) { alight_(*this, states, count); }
  // The rider offered the idle ways after this one (or null).
  void then_ride(WayRider* next) { next_ = next; }
  WayRider* next() const { return next_; }
  // Whether the states it boards hold secrets (the squeeze then wipes).
  bool secret() const { return data_ == Data::secret; }
  // Runs the rider on its own until it boards no more states: room and
  // free both a KeccakWays batch (batch_ways()).
  void ride_alone();

 protected:
  template <class Derived>
  explicit WayRider(std::type_identity<Derived>, Data data = Data::secret)
      : data_(data),
        board_([](WayRider& r, std::uint64_t* states, std::size_t room, std::size_t free) {
          return static_cast<Derived&>(r).board_states(states, room, free);
        }),
        alight_([](WayRider& r, const std::uint64_t* states, std::size_t count) {
          static_cast<Derived&>(r).alight_states(states, count);
        }) {}
  ~WayRider() = default;
  WayRider(const WayRider&) = delete;
  WayRider& operator=(const WayRider&) = delete;
  // For riders that squeeze: sets `state` to the sponge that has absorbed
  // `in` (shorter than `rate`) and padded it (domain bits `domain`), due
  // for its first permutation.
  static void start_single_block(std::uint64_t state[25], std::span<const std::uint8_t> in, std::size_t rate,
                                 std::uint8_t domain);
  // The first `rate` output bytes of a permuted state: the state's own
  // memory where it holds them in order (little-endian, standard lane
  // form), else copied into `scratch` (rate bytes; secret output is the
  // caller's to wipe).
  static const std::uint8_t* output_bytes(const std::uint64_t state[25], std::uint8_t* scratch, std::size_t rate);

 private:
  Data data_;
  std::size_t (*board_)(WayRider&, std::uint64_t*, std::size_t, std::size_t);
  void (*alight_)(WayRider&, const std::uint64_t*, std::size_t);
  WayRider* next_ = nullptr;
};

// One sponge hashing a whole input given up front, whose permutations can
// ride in an idle way of a KeccakWays squeeze. Each ride absorbs one more
// block (the last one padded); finish() runs what is left one state at a
// time and squeezes. The output equals the one-state sponge's over the
// same input. An input still being written can ride too: the rider reads
// only the first `available` bytes of it (raised by make_available) until
// finish(), which reads it all.
class KeccakRider final : public WayRider {
 public:
  KeccakRider(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in, Data data = Data::secret);
  KeccakRider(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in, std::size_t available,
              Data data = Data::secret);
  ~KeccakRider();
  // Whether a permutation is still due before the output is ready.
  bool pending() const { return !padded_; }
  // How many permutations are still due before the output is ready.
  std::size_t permutations_due() const { return padded_ ? 0 : (in_.size() - absorbed_) / rate_ + 1; }
  // Whether the next permutation's block is available to ride now.
  bool can_ride() const;
  void make_available(std::size_t bytes) { available_ = bytes > available_ ? bytes : available_; }
  // Writes the state to permute next to `state`: the rider's state with
  // its next block (or its padded last one) XORed in.
  void load_next(std::uint64_t state[25]);
  // Takes back the state once `state` has been permuted.
  void store(const std::uint64_t state[25]);
  // Runs the permutations still due and writes the first out.size() bytes
  // (at most the rate) of the output.
  void finish(std::span<std::uint8_t> out);
  // One state a squeeze (load_next), while the next block can ride.
  std::size_t board_states(std::uint64_t* states, std::size_t room, std::size_t free);
  void alight_states(const std::uint64_t* states, std::size_t count);

 private:
  alignas(vector_buffer_align<std::uint64_t>) std::uint64_t state_[25] = {};
  std::span<const std::uint8_t> in_;
  std::size_t rate_;
  std::size_t absorbed_ = 0;
  std::size_t available_;
  std::uint8_t domain_;
  bool padded_ = false;
};

// Up to `steps` permutations of two riders side by side, one Keccak call
// (two ways) per step, while both can ride: for two sponges whose first
// blocks have nowhere else to ride. Returns the steps taken.
std::size_t ride_together(KeccakRider& a, KeccakRider& b, std::size_t steps);

// Up to max_ways independent Keccak sponges of one kind (rate and domain
// bits: SHAKE128/256 with 0x1f, SHA3-256/512 with 0x06), absorbing one
// whole input each and squeezed a block at a time: the kernel's x8/x5/x4
// permutations run the ways side by side where that beats one state at a
// time (kernels.hpp). Outputs equal those of the one-state sponge.
template <std::size_t RateBytes, std::uint8_t Domain>
class KeccakWays {
 public:
  static constexpr std::size_t rate_bytes = RateBytes;
  // The most ways held. On x86-64, ten: the avx2 backend's five-state
  // call costs about a four-state one (kernels::Tuning::keccak_x5_near_x4),
  // so ten ways take two calls there, as eight do elsewhere.
#if defined(__x86_64__)
  static constexpr std::size_t max_ways = 10;
#else
  static constexpr std::size_t max_ways = 8;
#endif
  // How many ways a caller with many inputs should run at a time on the
  // active backend: ten where its x5 call costs about an x4 call, else
  // eight (at most max_ways).
  static std::size_t batch_ways();
  // How many states one Keccak call of the active backend permutes for the
  // cost of one: five where its x5 call costs about an x4 call, four where
  // it has a four-way call that beats four one-state ones, else one. Ways
  // up to a multiple of it cost no more calls.
  static std::size_t ways_per_call();
  // `ways`: whether the ways' own inputs are secret. The states are wiped
  // at the end where they are, or where a rider carrying secrets boarded.
  explicit KeccakWays(Data ways = Data::secret) : wipe_(ways == Data::secret) {}
  ~KeccakWays();
  // Absorbs in[i] for i < ways, each under rate_bytes long, and pads.
  void absorb_once(const std::span<const std::uint8_t>* in, std::size_t ways);
  // Absorbs in[i][0 .. bytes) for i < ways (inputs of one length, any
  // length) and pads.
  void absorb_equal(const std::uint8_t* const* in, std::size_t bytes, std::size_t ways);
  // Writes the first `bytes` (at most rate_bytes) of the next output block
  // to out[i] for each way. The riders of the chain from `rider` take the
  // idle ways, in order, while there are any.
  void squeeze_block(std::uint8_t* const* out, std::size_t bytes = rate_bytes, WayRider* rider = nullptr);
  // squeeze_block without the copies: permutes, and the next rate_bytes of
  // way i are then read through squeezed(i, scratch) until the next call on
  // this object. Where a state's memory holds its output bytes in order (a
  // little-endian target, lanes in the standard form) that is the state
  // itself and scratch is not touched; otherwise (the bit-interleaved
  // Cortex-M4 build) the bytes are copied into scratch, which is returned
  // (and which the caller wipes if the output is secret).
  void squeeze_block_to_views(WayRider* rider = nullptr) { permute_with_riders(rider); }
  const std::uint8_t* squeezed(std::size_t way, std::uint8_t (&scratch)[RateBytes]) const;
  // One-shot: in[i][0 .. bytes) for i < ways hashed side by side, the
  // first out_bytes (at most rate_bytes) of each output to out[i].
  static void hash_equal(const std::uint8_t* const* in, std::size_t bytes, std::uint8_t* const* out,
                         std::size_t out_bytes, std::size_t ways);

 private:
  // Clears the states of `ways` new inputs (a permutation call zeroes any
  // further states it runs on).
  void start(std::size_t ways);
  // XORs the last len (< rate_bytes) bytes of a way's input into its state
  // and pads; the permutation is left to the next squeeze_block.
  void absorb_final_block(std::size_t way, const std::uint8_t* data, std::size_t len);
  // The permutation of a squeeze: the live ways and the riders that fit.
  void permute_with_riders(WayRider* rider);
  // Notes that states 0..count-1 hold data, for the wipe.
  void touch(std::size_t count) { touched_ = touched_ > count ? touched_ : count; }

  alignas(vector_buffer_align<std::uint64_t>) std::uint64_t states_[max_ways * 25];
  std::size_t ways_ = 0;
  std::size_t touched_ = 0;  // states written since construction, for the wipe
  bool wipe_;                // whether any of them held secrets
};
using Shake128Ways = KeccakWays<Shake128::rate_bytes, 0x1f>;
using Shake256Ways = KeccakWays<Shake256::rate_bytes, 0x1f>;
using Sha3_256Ways = KeccakWays<Sha3_256::rate_bytes, 0x06>;
using Sha3_512Ways = KeccakWays<Sha3_512::rate_bytes, 0x06>;

}  // namespace pqlab::hash
