// SHA-3 and SHAKE (FIPS 202 §6) over the Keccak kernel.
#include <bit>
#include <cstring>

#include "common/buffer_align.hpp"
#include "common/little_endian.hpp"
#include "common/wipe.hpp"
#include "hash/keccak_ways.hpp"
#include "hash/keccak_parallel.hpp"
#include "kernels/keccak_lane_form.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::hash {
namespace {

using kernels::keccak::lane_in;
using kernels::keccak::lane_out;

// The widest call of the backends without a cheap five-state call (x8).
constexpr std::size_t eight_ways = 8;

// Lanes are little-endian (FIPS 202 §B.1): byte i of the state is byte
// i % 8 of lane i / 8, which the kernels hold in their lane form
// (kernels/keccak_lane_form.hpp; linear, so a byte goes in as a lane).
inline void xor_byte(std::uint64_t* state, std::size_t i, std::uint8_t v) {
  state[i / 8] ^= lane_in(std::uint64_t{v} << (8 * (i % 8)));
}

// XORs len bytes of data into the start of a state: whole lanes, then the
// bytes left gathered into one lane. (Byte-wide XORs into memory would
// leave the lane's next 64-bit access, the padding's, waiting for the
// narrow stores to retire: the core cannot forward several of them into
// one wider load.)
inline void xor_bytes(std::uint64_t* state, const std::uint8_t* data, std::size_t len) {
  std::size_t i = 0;
  for (; i + 8 <= len; i += 8) state[i / 8] ^= lane_in(load_le64(data + i));
  std::uint64_t tail = 0;
  for (std::size_t j = i; j < len; ++j) tail |= std::uint64_t{data[j]} << (8 * (j - i));
  if (i < len) state[i / 8] ^= lane_in(tail);
}

// The first len bytes of a state, out.
inline void get_bytes(std::uint8_t* out, const std::uint64_t* state, std::size_t len) {
  if constexpr (std::endian::native == std::endian::little && !kernels::keccak::interleaved_lanes) {
    std::memcpy(out, state, len);
  } else {
    std::size_t i = 0;
    for (; i + 8 <= len; i += 8) store_le64(out + i, lane_out(state[i / 8]));
    if (i < len) {
      const std::uint64_t last = lane_out(state[i / 8]);
      for (std::size_t j = i; j < len; ++j) out[j] = static_cast<std::uint8_t>(last >> (8 * (j - i)));
    }
  }
}

// The first `rate` output bytes of a permuted state: the state's memory
// where it holds them in order, else copied into scratch.
inline const std::uint8_t* state_bytes(const std::uint64_t* state, std::uint8_t* scratch, std::size_t rate) {
  if constexpr (std::endian::native == std::endian::little && !kernels::keccak::interleaved_lanes) {
    return reinterpret_cast<const std::uint8_t*>(state);
  } else {
    get_bytes(scratch, state, rate);
    return scratch;
  }
}

// The last block's padding (FIPS 202 §5.1, pad10*1, with the domain bits
// in front): domain at byte pos, 0x80 at the rate's last byte.
inline void pad(std::uint64_t* state, std::size_t pos, std::uint8_t domain, std::size_t rate) {
  xor_byte(state, pos, domain);
  xor_byte(state, rate - 1, 0x80);
}

}  // namespace

KeccakSponge::KeccakSponge(std::size_t rate, std::uint8_t domain)
    : state_{}, rate_(rate), pos_(0), domain_(domain), squeezing_(false) {}

// The permutations ran from absorb/squeeze, below the caller's frame, and
// the kernel's local copy of the state (the sponge's output, secrets
// included) may still lie there (it does under ASan): wipe that too.
KeccakSponge::~KeccakSponge() {
  secure_wipe(state_, sizeof state_);
  secure_wipe_stack();
}

void KeccakSponge::reset() {
  std::memset(state_, 0, sizeof state_);
  pos_ = 0;
  squeezing_ = false;
}

void KeccakSponge::absorb(std::span<const std::uint8_t> data) {
  // The contract (pqlab/hash.hpp): no input after the padding. Bytes
  // absorbed there would be silently dropped from the hash, so the call
  // stops the program instead, in every build type (a correct caller never
  // gets here; an empty span is accepted, as it changes nothing).
  if (squeezing_) {
    if (!data.empty()) __builtin_trap();
    return;
  }
  const auto permute = kernels::active().keccak.keccak_f1600_x1;
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  while (n > 0) {
    if (pos_ % 8 == 0 && n >= 8) {
      state_[pos_ / 8] ^= lane_in(load_le64(p));
      p += 8;
      n -= 8;
      pos_ += 8;
    } else {
      // The bytes up to the end of this lane or of the input, as one lane.
      const std::size_t lane = pos_ / 8;
      std::uint64_t bytes = 0;
      do {
        bytes |= std::uint64_t{*p++} << (8 * (pos_++ % 8));
        --n;
      } while (n > 0 && pos_ % 8 != 0);
      state_[lane] ^= lane_in(bytes);
    }
    if (pos_ == rate_) {  // every rate is a whole number of lanes
      permute(state_);
      pos_ = 0;
    }
  }
}

void KeccakSponge::finalize() {
  if (squeezing_) return;
  pad(state_, pos_, domain_, rate_);
  kernels::active().keccak.keccak_f1600_x1(state_);
  pos_ = 0;
  squeezing_ = true;
}

void KeccakSponge::squeeze(std::span<std::uint8_t> out) {
  finalize();
  const auto permute = kernels::active().keccak.keccak_f1600_x1;
  std::uint8_t* p = out.data();
  std::size_t n = out.size();
  while (n > 0) {
    if (pos_ == rate_) {
      permute(state_);
      pos_ = 0;
    }
    if (pos_ % 8 == 0 && n >= 8) {
      store_le64(p, lane_out(state_[pos_ / 8]));
      p += 8;
      n -= 8;
      pos_ += 8;
    } else {
      // Bytes of one lane, up to its end or the output's.
      const std::uint64_t lane = lane_out(state_[pos_ / 8]);
      do {
        *p++ = static_cast<std::uint8_t>(lane >> (8 * (pos_++ % 8)));
        --n;
      } while (n > 0 && pos_ % 8 != 0);
    }
  }
}

void sha3_256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out) {
  Sha3_256 h;
  h.absorb(in);
  h.finalize(out);
}
void sha3_512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out) {
  Sha3_512 h;
  h.absorb(in);
  h.finalize(out);
}
void shake128(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  Shake128 h;
  h.absorb(in);
  h.squeeze(out);
}
void shake256(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  Shake256 h;
  h.absorb(in);
  h.squeeze(out);
}

void sha3_256_and_shake256_32(std::span<const std::uint8_t> a, std::span<std::uint8_t, 32> a_out,
                              std::span<const std::uint8_t> b, std::span<std::uint8_t, 32> b_out) {
  constexpr std::size_t rate = Sha3_256::rate_bytes;
  static_assert(rate == Shake256::rate_bytes);
  const std::size_t blocks = a.size() / rate;
  if (b.size() / rate != blocks) {
    sha3_256(a, a_out);
    shake256(b, b_out);
    return;
  }
  // Two states with room for a four-state kernel call.
  alignas(vector_buffer_align<std::uint64_t>) std::uint64_t states[4 * 25] = {};
  std::uint64_t* const sa = states;
  std::uint64_t* const sb = states + 25;
  for (std::size_t block = 0; block < blocks; ++block) {
    for (std::size_t i = 0; i < rate / 8; ++i) {
      sa[i] ^= lane_in(load_le64(a.data() + block * rate + 8 * i));
      sb[i] ^= lane_in(load_le64(b.data() + block * rate + 8 * i));
    }
    detail::permute_ways(states, 2, 4);
  }
  const std::size_t done = blocks * rate;
  xor_bytes(sa, a.data() + done, a.size() - done);
  xor_bytes(sb, b.data() + done, b.size() - done);
  pad(sa, a.size() - done, 0x06, rate);  // SHA-3's domain bits
  pad(sb, b.size() - done, 0x1f, rate);  // SHAKE's
  detail::permute_ways(states, 2, 4);
  for (std::size_t i = 0; i < 4; ++i) {
    store_le64(a_out.data() + 8 * i, lane_out(sa[i]));
    store_le64(b_out.data() + 8 * i, lane_out(sb[i]));
  }
  secure_wipe(states, sizeof states);
  secure_wipe_stack();  // the kernels' copies of the states, as for KeccakSponge
}

Status keccak_f1600_sliced8(std::span<std::uint64_t, 200> lanes, std::size_t count) {
  static_assert(detail::sliced_words == 200);
  if (count < 1 || count > detail::sliced_states) return Status::invalid_argument;
  // The caller's lanes are FIPS 202's: into the kernels' form and back.
  if constexpr (kernels::keccak::interleaved_lanes)
    for (auto& lane : lanes) lane = lane_in(lane);
  detail::permute_sliced(lanes.data(), count, kernels::keccak_lanes);
  if constexpr (kernels::keccak::interleaved_lanes)
    for (auto& lane : lanes) lane = lane_out(lane);
  return Status::ok;
}

namespace detail {

std::size_t permute_ways(std::uint64_t* states, std::size_t count, std::size_t capacity) {
  const kernels::Table& k = kernels::active();
  std::size_t done = 0;
  std::size_t written = 0;
  while (done < count) {
    const std::size_t left = count - done;
    const std::size_t room = capacity - done;
    std::uint64_t* first = states + done * kernels::keccak_lanes;
    std::size_t width = 1;
    // Five live states in an x5 call where the fifth would otherwise take
    // an x1 call of its own (5, 9 or 10 left); never an idle fifth state,
    // which would occupy the integer units for nothing.
    if (k.tuning.keccak_x5_near_x4 && room >= 5 && (left == 5 || left >= 9))
      width = 5;
    else if (room >= 8 && left >= k.tuning.keccak_x8_min_ways)
      width = 8;
    else if (room >= 4 && left >= k.tuning.keccak_x4_min_ways)
      width = 4;
    for (std::size_t i = left; i < width; ++i)
      for (std::size_t w = 0; w < kernels::keccak_lanes; ++w) first[i * kernels::keccak_lanes + w] = 0;
    if (width == 8)
      k.keccak.keccak_f1600_x8(first);
    else if (width == 5)
      k.keccak.keccak_f1600_x5(first);
    else if (width == 4)
      k.keccak.keccak_f1600_x4(first);
    else
      k.keccak.keccak_f1600_x1(first);
    written = done + width;
    done += width < left ? width : left;
  }
  return written;
}

void permute_sliced(std::uint64_t batch[sliced_words], std::size_t count, std::size_t words) {
  const kernels::Table& k = kernels::active();
  if (count >= k.tuning.keccak_sliced_min_states) {
    k.keccak.keccak_f1600_sliced8(batch, count, words);
    return;
  }
  // Fewer states than a sliced call pays off for: each copied out, permuted
  // alone and copied back.
  std::uint64_t state[25];
  for (std::size_t j = 0; j < count; ++j) {
    for (std::size_t w = 0; w < 25; ++w) state[w] = batch[sliced_index(w, j)];
    k.keccak.keccak_f1600_x1(state);
    for (std::size_t w = 0; w < 25; ++w) batch[sliced_index(w, j)] = state[w];
  }
  secure_wipe(state, sizeof state);
}

}  // namespace detail

void WayRider::start_single_block(std::uint64_t state[25], std::span<const std::uint8_t> in, std::size_t rate,
                                  std::uint8_t domain) {
  std::memset(state, 0, 25 * sizeof(std::uint64_t));
  xor_bytes(state, in.data(), in.size());
  pad(state, in.size(), domain, rate);
}

const std::uint8_t* WayRider::output_bytes(const std::uint64_t state[25], std::uint8_t* scratch, std::size_t rate) {
  return state_bytes(state, scratch, rate);
}

void WayRider::ride_alone() {
  constexpr std::size_t kCapacity = Shake256Ways::max_ways;
  alignas(vector_buffer_align<std::uint64_t>) std::uint64_t states[kCapacity * 25];
  const std::size_t room = Shake256Ways::batch_ways();
  std::size_t touched = 0;
  for (std::size_t count; (count = board(states, room, room)) > 0;) {
    const std::size_t written = detail::permute_ways(states, count, kCapacity);
    touched = written > touched ? written : touched;
    alight(states, count);
  }
  if (touched == 0) return;  // nothing boarded: no state was copied here
  secure_wipe(states, touched * 25 * sizeof(std::uint64_t));
  secure_wipe_stack();  // the kernels' copies of the states, as for KeccakSponge
}

KeccakRider::KeccakRider(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in, Data data)
    : KeccakRider(rate, domain, in, in.size(), data) {}

KeccakRider::KeccakRider(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in, std::size_t available,
                         Data data)
    : WayRider(std::type_identity<KeccakRider>{}, data), in_(in), rate_(rate), available_(available), domain_(domain) {}

bool KeccakRider::can_ride() const {
  if (padded_) return false;
  // A whole block, or the last (padded) one, which needs all of the input.
  const std::size_t needed = in_.size() - absorbed_ >= rate_ ? absorbed_ + rate_ : in_.size();
  return needed <= available_;
}

KeccakRider::~KeccakRider() {
  if (secret()) secure_wipe(state_, sizeof state_);
}

void KeccakRider::load_next(std::uint64_t state[25]) {
  if (state != state_) std::memcpy(state, state_, sizeof state_);
  const std::size_t left = in_.size() - absorbed_;
  if (left >= rate_) {
    xor_bytes(state, in_.data() + absorbed_, rate_);
    absorbed_ += rate_;
  } else {
    if (left > 0) xor_bytes(state, in_.data() + absorbed_, left);
    pad(state, left, domain_, rate_);
    absorbed_ = in_.size();
    padded_ = true;
  }
}

void KeccakRider::store(const std::uint64_t state[25]) { std::memcpy(state_, state, sizeof state_); }

std::size_t KeccakRider::board_states(std::uint64_t* states, std::size_t room, std::size_t) {
  if (room == 0 || !can_ride()) return 0;
  load_next(states);
  return 1;
}

void KeccakRider::alight_states(const std::uint64_t* states, std::size_t count) {
  if (count == 1) store(states);
}

void KeccakRider::finish(std::span<std::uint8_t> out) {
  const auto permute = kernels::active().keccak.keccak_f1600_x1;
  while (pending()) {
    load_next(state_);
    permute(state_);
  }
  get_bytes(out.data(), state_, out.size());
  if (secret()) secure_wipe_stack();  // the kernel's copies of the state, as for KeccakSponge
}

std::size_t ride_together(KeccakRider& a, KeccakRider& b, std::size_t steps) {
  alignas(vector_buffer_align<std::uint64_t>) std::uint64_t states[4 * 25] = {};  // room for a four-state kernel call
  std::size_t taken = 0;
  for (; taken < steps && a.can_ride() && b.can_ride(); ++taken) {
    a.load_next(states);
    b.load_next(states + 25);
    detail::permute_ways(states, 2, 4);
    a.store(states);
    b.store(states + 25);
  }
  secure_wipe(states, sizeof states);
  secure_wipe_stack();  // the kernels' copies of the states, as for KeccakSponge
  return taken;
}

template <std::size_t RateBytes, std::uint8_t Domain>
std::size_t KeccakWays<RateBytes, Domain>::batch_ways() {
  return kernels::active().tuning.keccak_x5_near_x4 ? max_ways : eight_ways;
}

template <std::size_t RateBytes, std::uint8_t Domain>
std::size_t KeccakWays<RateBytes, Domain>::ways_per_call() {
  const kernels::Tuning& tuning = kernels::active().tuning;
  if (tuning.keccak_x5_near_x4) return 5;
  return tuning.keccak_x4_min_ways < 4 ? 4 : 1;
}

template <std::size_t RateBytes, std::uint8_t Domain>
KeccakWays<RateBytes, Domain>::~KeccakWays() {
  if (!wipe_) return;  // public data only
  secure_wipe(states_, touched_ * sizeof(std::uint64_t) * 25);
  secure_wipe_stack();  // the kernels' copies of the states, as for KeccakSponge
}

template <std::size_t RateBytes, std::uint8_t Domain>
void KeccakWays<RateBytes, Domain>::start(std::size_t ways) {
  ways_ = ways < max_ways ? ways : max_ways;
  touch(ways_);
  std::memset(states_, 0, ways_ * sizeof(std::uint64_t) * 25);
}

template <std::size_t RateBytes, std::uint8_t Domain>
void KeccakWays<RateBytes, Domain>::absorb_final_block(std::size_t way, const std::uint8_t* data, std::size_t len) {
  std::uint64_t* s = states_ + 25 * way;
  xor_bytes(s, data, len);
  pad(s, len, Domain, rate_bytes);
}

template <std::size_t RateBytes, std::uint8_t Domain>
void KeccakWays<RateBytes, Domain>::absorb_once(const std::span<const std::uint8_t>* in, std::size_t ways) {
  start(ways);
  for (std::size_t way = 0; way < ways_; ++way) absorb_final_block(way, in[way].data(), in[way].size());
  // Each squeeze_block permutes first, so no permutation is pending here.
}

template <std::size_t RateBytes, std::uint8_t Domain>
void KeccakWays<RateBytes, Domain>::absorb_equal(const std::uint8_t* const* in, std::size_t bytes, std::size_t ways) {
  start(ways);
  std::size_t at = 0;
  for (; bytes - at >= rate_bytes; at += rate_bytes) {
    for (std::size_t way = 0; way < ways_; ++way)
      for (std::size_t i = 0; i < rate_bytes / 8; ++i)
        states_[25 * way + i] ^= lane_in(load_le64(in[way] + at + 8 * i));
    touch(detail::permute_ways(states_, ways_, max_ways));
  }
  for (std::size_t way = 0; way < ways_; ++way) absorb_final_block(way, in[way] + at, bytes - at);
}

template <std::size_t RateBytes, std::uint8_t Domain>
void KeccakWays<RateBytes, Domain>::hash_equal(const std::uint8_t* const* in, std::size_t bytes,
                                               std::uint8_t* const* out, std::size_t out_bytes, std::size_t ways) {
  KeccakWays h;
  h.absorb_equal(in, bytes, ways);
  h.squeeze_block(out, out_bytes);
}

template <std::size_t RateBytes, std::uint8_t Domain>
void KeccakWays<RateBytes, Domain>::squeeze_block(std::uint8_t* const* out, std::size_t bytes, WayRider* rider) {
  permute_with_riders(rider);
  // Whole blocks (ExpandMask's draws) are copied with a constant length,
  // which the compiler does inline rather than through a library call.
  if (bytes == RateBytes)
    for (std::size_t way = 0; way < ways_; ++way) get_bytes(out[way], states_ + 25 * way, RateBytes);
  else
    for (std::size_t way = 0; way < ways_; ++way) get_bytes(out[way], states_ + 25 * way, bytes);
}

template <std::size_t RateBytes, std::uint8_t Domain>
const std::uint8_t* KeccakWays<RateBytes, Domain>::squeezed(std::size_t way, std::uint8_t (&scratch)[RateBytes]) const {
  return state_bytes(states_ + 25 * way, scratch, RateBytes);
}

template <std::size_t RateBytes, std::uint8_t Domain>
void KeccakWays<RateBytes, Domain>::permute_with_riders(WayRider* rider) {
  // Riders take the idle ways of the calls the live ways need anyway, and
  // on a backend whose x5 call costs about an x4 call, the fifth ways: up
  // to the ways a batch fills.
  const std::size_t room = batch_ways();
  struct Seated {
    WayRider* rider;
    std::size_t first;
    std::size_t count;
  } seated[max_ways];
  const std::size_t per_call = ways_per_call();
  std::size_t riders = 0;
  std::size_t taken = 0;
  for (; rider != nullptr && ways_ + taken < room; rider = rider->next()) {
    const std::size_t first = ways_ + taken;
    const std::size_t free = (per_call - first % per_call) % per_call;
    const std::size_t count = rider->board(states_ + 25 * first, room - first, free);
    if (count == 0) continue;
    wipe_ = wipe_ || rider->secret();
    seated[riders++] = {rider, first, count};
    taken += count;
  }
  touch(detail::permute_ways(states_, ways_ + taken, max_ways));
  for (std::size_t i = 0; i < riders; ++i) seated[i].rider->alight(states_ + 25 * seated[i].first, seated[i].count);
}

template class KeccakWays<Shake128::rate_bytes, 0x1f>;
template class KeccakWays<Shake256::rate_bytes, 0x1f>;
template class KeccakWays<Sha3_256::rate_bytes, 0x06>;
template class KeccakWays<Sha3_512::rate_bytes, 0x06>;

}  // namespace pqlab::hash
