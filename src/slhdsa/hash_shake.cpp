// SLH-DSA's SHAKE hash functions (FIPS 205 §11.1).
#include "slhdsa/hash_shake.hpp"

#include <cstring>

#include "common/buffer_align.hpp"
#include "common/little_endian.hpp"
#include "common/wipe.hpp"
#include "hash/keccak_ways.hpp"
#include "kernels/keccak_lane_form.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::slhdsa::detail {
namespace {

constexpr std::size_t kRateBytes = 136;  // SHAKE256
constexpr std::size_t kRateLanes = kRateBytes / 8;
constexpr std::size_t kAdrsLanes = adrs_bytes / 8;
constexpr std::size_t kStateBytes = kernels::keccak_lanes * 8;
static_assert(kernels::keccak_lanes == 25, "hash_shake.hpp sizes its states with 25 lanes");

using hash::detail::sliced_index;
// Every state word below is in the kernels' lane form
// (kernels/keccak_lane_form.hpp): bytes go in through lane_in, out
// through lane_out.
using kernels::keccak::lane_in;
using kernels::keccak::lane_out;

// Eight one-block states of PK.seed ‖ 0 ‖ the padding of an n-byte input
// (0x1f after it, 0x80 in the last byte of the rate): `prepared` in every
// state of the batch, which is then given ADRS and input per state.
void load_prepared(std::uint64_t* lanes, const std::uint64_t* prepared) {
  for (std::size_t w = 0; w < kernels::keccak_lanes; ++w)
    for (std::size_t j = 0; j < hash::detail::sliced_states; ++j) lanes[sliced_index(w, j)] = prepared[w];
}

// ADRS and the input (InputLanes 64-bit words) written over a prepared
// one-block state, and for a 2n-byte input the 0x1f moved past it; word(w)
// is the state's word w, in whichever layout it is held.
template <std::size_t SeedLanes, std::size_t InputLanes, class Word>
void write_adrs_and_input(Word&& word, const Adrs& adrs, const std::uint8_t* input) {
  static_assert(SeedLanes + kAdrsLanes + InputLanes < kRateLanes);  // room for the 0x1f
  for (std::size_t i = 0; i < kAdrsLanes; ++i) word(SeedLanes + i) = lane_in(load_le64(adrs.data() + 8 * i));
  for (std::size_t i = 0; i < InputLanes; ++i) word(SeedLanes + kAdrsLanes + i) = lane_in(load_le64(input + 8 * i));
  if constexpr (InputLanes != SeedLanes) word(SeedLanes + kAdrsLanes + InputLanes) ^= lane_in(0x1f);
}

// The first Lanes words of a state, word(w) as above, as n bytes.
template <std::size_t Lanes, class Word>
void store_output(std::uint8_t* out, Word&& word) {
  for (std::size_t i = 0; i < Lanes; ++i) store_le64(out + 8 * i, lane_out(word(i)));
}

// One state for the one-at-a-time calls: the prepared one, then ADRS and
// the input.
template <std::size_t SeedLanes, std::size_t InputLanes>
void load_one_state(std::uint64_t* state, const std::uint64_t* prepared, const Adrs& adrs, const std::uint8_t* input) {
  std::memcpy(state, prepared, kStateBytes);
  write_adrs_and_input<SeedLanes, InputLanes>([state](std::size_t w) -> std::uint64_t& { return state[w]; }, adrs,
                                              input);
}
template <std::size_t Lanes>
void store_one_output(std::uint8_t* out, const std::uint64_t* state) {
  store_output<Lanes>(out, [state](std::size_t w) { return state[w]; });
}

// Word w of state j of a sliced batch, as write_adrs_and_input and
// store_output take it.
inline auto sliced_word(std::uint64_t* lanes, std::size_t j) {
  return [lanes, j](std::size_t w) -> std::uint64_t& { return lanes[sliced_index(w, j)]; };
}

// `count` one-block hashes side by side in one lane-sliced batch: states
// j < count are loaded with ADRS adrs[j] and input in[j] (InputLanes
// words), permuted together, and their first n bytes written to out[j]
// (after every input was read). Secret: the states, and the kernel's
// copies on the stack, are wiped afterwards (PRF outputs).
template <std::size_t SeedLanes, std::size_t InputLanes, std::size_t Batch, bool Secret = false>
void hash_one_block_ways(std::uint8_t* const out[Batch], const std::uint64_t* prepared, const Adrs (&adrs)[Batch],
                         const std::uint8_t* const in[Batch], std::size_t count) {
  static_assert(Batch == 8, "one sliced batch of eight states");
  alignas(vector_buffer_align<std::uint64_t>) std::uint64_t lanes[hash::detail::sliced_words];
  load_prepared(lanes, prepared);
  for (std::size_t j = 0; j < count; ++j)
    write_adrs_and_input<SeedLanes, InputLanes>(sliced_word(lanes, j), adrs[j], in[j]);
  hash::detail::permute_sliced(lanes, count, SeedLanes);  // the n-byte outputs' words only
  for (std::size_t j = 0; j < count; ++j) store_output<SeedLanes>(out[j], sliced_word(lanes, j));
  if constexpr (Secret) {
    secure_wipe(lanes, sizeof lanes);
    secure_wipe_stack();
  }
}

void absorb_message(hash::Shake256& sponge, const MessageParts& msg) {
  sponge.absorb(msg.prefix);
  sponge.absorb(msg.body);
}

}  // namespace

template <std::size_t N>
ShakeHash<N>::ShakeHash(const std::uint8_t* pk_seed, const std::uint8_t* sk_seed) {
  for (std::size_t i = 0; i < kernels::keccak_lanes; ++i) prepared_[i] = 0;
  for (std::size_t i = 0; i < lanes; ++i) prepared_[i] = lane_in(load_le64(pk_seed + 8 * i));
  prepared_[2 * lanes + kAdrsLanes] = lane_in(0x1f);
  prepared_[kRateLanes - 1] ^= lane_in(std::uint64_t{0x80} << 56);
  for (std::size_t i = 0; i < N; ++i) sk_seed_[i] = sk_seed != nullptr ? sk_seed[i] : 0;
}

template <std::size_t N>
ShakeHash<N>::~ShakeHash() {
  secure_wipe(sk_seed_, sizeof sk_seed_);
}

template <std::size_t N>
void ShakeHash<N>::f(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const {
  std::uint64_t state[kernels::keccak_lanes];
  load_one_state<lanes, lanes>(state, prepared_, adrs, in);
  kernels::active().keccak.keccak_f1600_x1(state);
  store_one_output<lanes>(out, state);
}

template <std::size_t N>
void ShakeHash<N>::f_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch],
                          const std::uint8_t* const in[batch], std::size_t count) const {
  hash_one_block_ways<lanes, lanes, batch>(out, prepared_, adrs, in, count);
}

template <std::size_t N>
void ShakeHash<N>::h(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const {
  std::uint64_t state[kernels::keccak_lanes];
  load_one_state<lanes, 2 * lanes>(state, prepared_, adrs, in);
  kernels::active().keccak.keccak_f1600_x1(state);
  store_one_output<lanes>(out, state);
}

template <std::size_t N>
void ShakeHash<N>::h_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch],
                          const std::uint8_t* const in[batch], std::size_t count) const {
  hash_one_block_ways<lanes, 2 * lanes, batch>(out, prepared_, adrs, in, count);
}

template <std::size_t N>
void ShakeHash<N>::t(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in, std::size_t bytes) const {
  std::uint8_t seed[N];
  store_one_output<lanes>(seed, prepared_);
  hash::Shake256 sponge;
  sponge.absorb(seed);
  sponge.absorb(std::span<const std::uint8_t>(adrs.data(), adrs_bytes));
  sponge.absorb(std::span<const std::uint8_t>(in, bytes));
  sponge.squeeze(std::span<std::uint8_t>(out, N));
}

template <std::size_t N>
ShakeHash<N>::TWays::TWays(const ShakeHash& hash, const Adrs* adrs, std::size_t count) : count_(count) {
  for (std::size_t j = 0; j < count_; ++j) {
    for (std::size_t i = 0; i < lanes; ++i) states_[sliced_index(i, j)] = hash.prepared_[i];
    for (std::size_t i = 0; i < kAdrsLanes; ++i)
      states_[sliced_index(lanes + i, j)] = lane_in(load_le64(adrs[j].data() + 8 * i));
  }
  word_ = lanes + kAdrsLanes;
}

template <std::size_t N>
void ShakeHash<N>::TWays::absorb(const std::uint8_t* const* in, std::size_t bytes) {
  for (std::size_t at = 0; at < bytes; at += 8) {
    for (std::size_t j = 0; j < count_; ++j) states_[sliced_index(word_, j)] ^= lane_in(load_le64(in[j] + at));
    if (++word_ == kRateLanes) {
      hash::detail::permute_sliced(states_, count_, kernels::keccak_lanes);
      word_ = 0;
    }
  }
}

template <std::size_t N>
void ShakeHash<N>::TWays::finish(std::uint8_t* const* out) {
  for (std::size_t j = 0; j < count_; ++j) {
    states_[sliced_index(word_, j)] ^= lane_in(0x1f);
    states_[sliced_index(kRateLanes - 1, j)] ^= lane_in(std::uint64_t{0x80} << 56);
  }
  hash::detail::permute_sliced(states_, count_, lanes);
  for (std::size_t j = 0; j < count_; ++j) store_output<lanes>(out[j], sliced_word(states_, j));
}

template <std::size_t N>
void ShakeHash<N>::prf(std::uint8_t* out, const Adrs& adrs) const {
  std::uint64_t state[kernels::keccak_lanes];
  load_one_state<lanes, lanes>(state, prepared_, adrs, sk_seed_);
  kernels::active().keccak.keccak_f1600_x1(state);
  store_one_output<lanes>(out, state);
  secure_wipe(state, sizeof state);
}

template <std::size_t N>
void ShakeHash<N>::prf_ways(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], std::size_t count) const {
  const std::uint8_t* in[batch];
  for (std::size_t j = 0; j < count; ++j) in[j] = sk_seed_;
  hash_one_block_ways<lanes, lanes, batch, true>(out, prepared_, adrs, in, count);
}

template <std::size_t N>
void ShakeHash<N>::prf_msg(std::uint8_t* out, const std::uint8_t* sk_prf, const std::uint8_t* opt_rand,
                           const MessageParts& msg) {
  hash::Shake256 sponge;
  sponge.absorb(std::span<const std::uint8_t>(sk_prf, N));
  sponge.absorb(std::span<const std::uint8_t>(opt_rand, N));
  absorb_message(sponge, msg);
  sponge.squeeze(std::span<std::uint8_t>(out, N));
}

template <std::size_t N>
void ShakeHash<N>::h_msg(std::uint8_t* out, std::size_t m, const std::uint8_t* r, const std::uint8_t* pk_seed,
                         const std::uint8_t* pk_root, const MessageParts& msg) {
  hash::Shake256 sponge;
  sponge.absorb(std::span<const std::uint8_t>(r, N));
  sponge.absorb(std::span<const std::uint8_t>(pk_seed, N));
  sponge.absorb(std::span<const std::uint8_t>(pk_root, N));
  absorb_message(sponge, msg);
  sponge.squeeze(std::span<std::uint8_t>(out, m));
}

template class ShakeHash<16>;
template class ShakeHash<24>;
template class ShakeHash<32>;

}  // namespace pqlab::slhdsa::detail
