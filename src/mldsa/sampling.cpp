// ML-DSA pseudorandom sampling (FIPS 204 §7.3).
#include "hash/keccak_parallel.hpp"
#include "mldsa/sampling.hpp"

#include <array>
#include <bit>
#include <cstring>

#include "common/wipe.hpp"
#include "kernels/kernels.hpp"
#include "mldsa/packing.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::mldsa::detail {
namespace {

constexpr std::size_t kShake128Block = hash::Shake128::rate_bytes;  // 168 = 56 triples
constexpr std::size_t kShake256Block = hash::Shake256::rate_bytes;  // 136
// Five blocks give 280 candidates; 256 are needed and each is accepted with
// probability q / 2^23 ≈ 0.999, so more are rarely squeezed.
constexpr std::size_t kInitialBlocks = 5;
static_assert(kMatrixBatch == hash::Shake128Ways::max_ways, "Â batches fill the SHAKE128 ways");
static_assert(kMaskBatch == hash::Shake256Ways::max_ways, "mask batches fill the SHAKE256 ways");

// FIPS 204 Alg. 30's filter (with Alg. 14, CoeffFromThreeBytes) over a
// buffer, at the kernel seam: appends accepted values to out from position
// `filled`; returns the new count.
std::size_t accept_three_byte_coeffs_vartime(NttPoly& out, std::size_t filled, const std::uint8_t* buf,
                                             std::size_t len) {
  return kernels::active().mldsa.mldsa_rej_uniform_vartime(out.c.data(), filled, buf, len);
}

std::array<std::uint8_t, 34> matrix_seed(Seed32 rho, MatrixIndex at) {
  std::array<std::uint8_t, 34> seed{};
  for (std::size_t i = 0; i < 32; ++i) seed[i] = rho[i];
  seed[32] = at.col;
  seed[33] = at.row;
  return seed;
}

// ρ' ‖ IntegerToBytes(index, 2) (ExpandS, Alg. 33) or ρ'' ‖
// IntegerToBytes(nonce, 2) (ExpandMask, Alg. 34), written in place (the
// 64-byte seed is secret: no copies left behind).
void fill_indexed_seed(std::array<std::uint8_t, 66>& seed, Seed64 seed64, std::uint16_t index) {
  for (std::size_t i = 0; i < 64; ++i) seed[i] = seed64[i];
  seed[64] = static_cast<std::uint8_t>(index);
  seed[65] = static_cast<std::uint8_t>(index >> 8);
}

// Starts `ways` SHAKE256 instances side by side on seed64 ‖
// IntegerToBytes(first + way, 2), written to `seeds` (secret: the caller
// wipes them).
using IndexedSeeds = std::array<std::array<std::uint8_t, 66>, hash::Shake256Ways::max_ways>;
void absorb_indexed_seeds(hash::Shake256Ways& xof, IndexedSeeds& seeds, Seed64 seed64, std::uint16_t first,
                          std::size_t ways) {
  std::span<const std::uint8_t> in[hash::Shake256Ways::max_ways];
  for (std::size_t way = 0; way < ways; ++way) {
    fill_indexed_seed(seeds[way], seed64, static_cast<std::uint16_t>(first + way));
    in[way] = seeds[way];
  }
  xof.absorb_once(in, ways);
}

// 32·bitlen(2η): the bytes of one packed s1 or s2 polynomial (Alg. 24).
template <int Eta>
constexpr std::size_t kEtaPolyBytes = 32 * std::bit_width(unsigned{2 * Eta});

// FIPS 204 Alg. 19 (BitUnpack(·, γ1 - 1, γ1)) as ExpandMask uses it, on
// MaskSampler<Gamma1Log2>::kBytes bytes.
template <int Gamma1Log2>
void unpack_mask(Poly& out, const std::uint8_t* packed) {
  kernels::active().mldsa.mldsa_unpack_z(out.c.data(), packed, std::int32_t{1} << Gamma1Log2);
}

}  // namespace

// FIPS 204 Alg. 30 (RejNTTPoly).
void expand_a_entry_vartime(NttPoly& out, Seed32 rho, MatrixIndex at) {
  hash::Shake128 xof;
  xof.absorb(matrix_seed(rho, at));
  std::array<std::uint8_t, kInitialBlocks * kShake128Block> buf;
  xof.squeeze(buf);
  std::size_t filled = accept_three_byte_coeffs_vartime(out, 0, buf.data(), buf.size());
  while (filled < n) {
    xof.squeeze(std::span(buf.data(), kShake128Block));
    filled = accept_three_byte_coeffs_vartime(out, filled, buf.data(), kShake128Block);
  }
}

std::size_t matrix_batch_sizes(std::size_t total, std::size_t rider_permutations,
                               std::array<std::uint8_t, kMaxMatrixBatches>& sizes) {
  const std::size_t width = hash::Shake128Ways::batch_ways();
  // How many batches leave the rider a way, and how many entries each takes.
  std::size_t with_room = 0;
  std::size_t room_size = width - 1;
  if (rider_permutations > 0 && kernels::active().tuning.keccak_x5_near_x4) {
    // Ten ways are two x5 calls; four entries and the rider fill one.
    room_size = width / 2 - 1;
    const std::size_t wanted = (rider_permutations + kInitialBlocks - 1) / kInitialBlocks;
    const std::size_t most = (total + room_size - 1) / room_size;
    with_room = wanted < most ? wanted : most;
  } else if (rider_permutations > 0) {
    const std::size_t batches = (total + width - 1) / width;
    const std::size_t idle = batches * width - total;
    with_room = idle < batches ? idle : 0;
  }
  const std::size_t in_room = with_room * room_size < total ? with_room * room_size : total;
  // The other entries first: a short batch if they leave one (its idle
  // ways go to the riders that can ride at once, key generation's ExpandS),
  // then full batches of `width`; the rider's batches last, where an input
  // still being written (tr in key generation) has the most of itself
  // ready.
  const std::size_t in_full = total - in_room;
  std::size_t count = 0;
  if (in_full % width != 0) sizes[count++] = static_cast<std::uint8_t>(in_full % width);
  for (std::size_t b = 0; b < in_full / width; ++b) sizes[count++] = static_cast<std::uint8_t>(width);
  for (std::size_t left = in_room; left > 0; ++count) {
    const std::size_t take = left < room_size ? left : room_size;
    sizes[count] = static_cast<std::uint8_t>(take);
    left -= take;
  }
  return count;
}

// FIPS 204 Alg. 30 (RejNTTPoly), batch_ways() entries side by side.
void expand_a_entries_vartime(NttPoly* out, Seed32 rho, const MatrixIndex* at, std::size_t count, hash::WayRider* rider,
                              hash::Data data) {
  constexpr std::size_t kWays = hash::Shake128Ways::max_ways;
  const std::size_t batch = hash::Shake128Ways::batch_ways();
  for (std::size_t done = 0; done < count;) {
    const std::size_t ways = count - done < batch ? count - done : batch;
    std::array<std::array<std::uint8_t, 34>, kWays> seeds;
    std::span<const std::uint8_t> in[kWays];
    for (std::size_t way = 0; way < ways; ++way) {
      seeds[way] = matrix_seed(rho, at[done + way]);
      in[way] = seeds[way];
    }
    hash::Shake128Ways xof(data);
    xof.absorb_once(in, ways);
    std::array<std::size_t, kWays> filled{};
    std::uint8_t scratch[kShake128Block];  // public bytes (Â), where a block must be copied
    for (bool all_full = false; !all_full;) {
      xof.squeeze_block_to_views(rider);
      all_full = true;
      for (std::size_t way = 0; way < ways; ++way) {
        filled[way] =
            accept_three_byte_coeffs_vartime(out[done + way], filled[way], xof.squeezed(way, scratch), kShake128Block);
        all_full = all_full && filled[way] == n;
      }
    }
    done += ways;
  }
}

template <class Sampler>
Shake256StreamsRider<Sampler>::Shake256StreamsRider(Seed64 seed, std::uint16_t first, std::size_t count,
                                                    Sampler sampler)
    : WayRider(std::type_identity<Shake256StreamsRider>{}),
      seed_(seed),
      first_(first),
      count_(count),
      sampler_(sampler) {}

// A stream is wiped as it finishes; those still under way (none once all
// are out) are wiped here: XOF states and the samplers' data are secret.
template <class Sampler>
Shake256StreamsRider<Sampler>::~Shake256StreamsRider() {
  for (std::size_t slot = 0; slot < kStreams; ++slot)
    if (busy_[slot]) secure_wipe(&slots_[slot], sizeof slots_[slot]);
}

template <class Sampler>
void Shake256StreamsRider<Sampler>::start_stream() {
  std::size_t slot = 0;
  while (busy_[slot]) ++slot;
  std::array<std::uint8_t, 66> seed;
  fill_indexed_seed(seed, seed_, static_cast<std::uint16_t>(first_ + started_));
  start_single_block(slots_[slot].state, seed, kShake256Block, 0x1f);
  secure_wipe(seed.data(), seed.size());
  Sampler::start(slots_[slot].work);
  slots_[slot].r = started_++;
  busy_[slot] = true;
  order_[under_way_++] = static_cast<std::uint8_t>(slot);
}

// Boards the streams under way, oldest first (so in index order), and
// starts new ones while they can board at once: riding, as many as there
// are free ways; finishing, the streams still due, and later ones up to
// the end of the last Keccak call those take.
template <class Sampler>
std::size_t Shake256StreamsRider<Sampler>::board_states(std::uint64_t* states, std::size_t room, std::size_t free) {
  std::size_t want = free;
  if (needed_ > 0) {
    std::size_t due = started_ < needed_ ? needed_ - started_ : 0;
    for (std::size_t i = 0; i < under_way_ && slots_[order_[i]].r < needed_; ++i) ++due;
    if (due == 0) return 0;
    const std::size_t per_call = hash::Shake256Ways::ways_per_call();
    want = (due + per_call - 1) / per_call * per_call;
  }
  want = want < room ? want : room;
  while (under_way_ < want && under_way_ < kStreams && started_ < count_) start_stream();
  const std::size_t count = under_way_ < want ? under_way_ : want;
  for (std::size_t i = 0; i < count; ++i) std::memcpy(states + 25 * i, slots_[order_[i]].state, sizeof(Stream::state));
  return count;
}

// Each boarded stream's new block to its sampler; finished streams
// retired.
template <class Sampler>
void Shake256StreamsRider<Sampler>::alight_states(const std::uint64_t* states, std::size_t count) {
  std::uint8_t scratch[kShake256Block];  // only where the state's bytes are not in order
  std::size_t done = 0;
  for (std::size_t i = 0; i < count; ++i) {
    Stream& s = slots_[order_[i]];
    const std::uint64_t* state = states + 25 * i;
    sampler_.take_block(s.work, output_bytes(state, scratch, kShake256Block));
    if (Sampler::done(s.work))
      ++done;
    else
      std::memcpy(s.state, state, sizeof s.state);
  }
  secure_wipe(scratch, sizeof scratch);
  if (done == 0) return;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < under_way_; ++i) {
    Stream& s = slots_[order_[i]];
    if (i < count && Sampler::done(s.work)) {
      sampler_.finish(s.r, s.work);
      secure_wipe(&s, sizeof s);
      busy_[order_[i]] = false;
    } else {
      order_[kept++] = order_[i];
    }
  }
  under_way_ = kept;
}

template <class Sampler>
void Shake256StreamsRider<Sampler>::finish_through(std::size_t r) {
  needed_ = r + 1 < count_ ? r + 1 : count_;
  ride_alone();
  needed_ = 0;
}

template <class Sampler>
std::size_t Shake256StreamsRider<Sampler>::finish_started() {
  count_ = started_;
  if (count_ > 0) finish_through(count_ - 1);
  return count_;
}

// Alg. 31 lines 4-13 (with Alg. 15) on a block, through the kernel's
// filter.
template <int Eta>
void EtaSampler<Eta>::take_block(Work& w, const std::uint8_t* block) const {
  w.filled = kernels::active().mldsa.mldsa_rej_eta(w.poly.c.data(), w.filled, block, kShake256Block,
                                                   static_cast<unsigned>(Eta));
}

template <int Eta>
void EtaSampler<Eta>::finish(std::size_t r, Work& w) const {
  pack_eta<Eta>(packed + r * kEtaPolyBytes<Eta>, w.poly);
  if (r < ntt_count) ntt(ntt_out[r], w.poly);
}

template <int Gamma1Log2>
void MaskSampler<Gamma1Log2>::take_block(Work& w, const std::uint8_t* block) const {
  std::memcpy(w.bytes.data() + w.blocks * kShake256Block, block, kShake256Block);
  ++w.blocks;
}

template <int Gamma1Log2>
void MaskSampler<Gamma1Log2>::finish(std::size_t r, Work& w) const {
  unpack_mask<Gamma1Log2>(out[r], w.bytes.data());
}

template struct EtaSampler<2>;
template struct EtaSampler<4>;
template class Shake256StreamsRider<EtaSampler<2>>;
template class Shake256StreamsRider<EtaSampler<4>>;
template struct MaskSampler<17>;
template struct MaskSampler<19>;
template class Shake256StreamsRider<MaskSampler<17>>;
template class Shake256StreamsRider<MaskSampler<19>>;

// FIPS 204 Alg. 34 (ExpandMask) for one polynomial.
template <int Gamma1Log2>
void expand_mask_poly(Poly& out, Seed64 rho_second, std::uint16_t nonce) {
  std::array<std::uint8_t, 66> seed;
  fill_indexed_seed(seed, rho_second, nonce);
  std::array<std::uint8_t, MaskSampler<Gamma1Log2>::kBytes> buf;
  hash::shake256(seed, buf);
  unpack_mask<Gamma1Log2>(out, buf.data());
  secure_wipe(buf.data(), buf.size());
  secure_wipe(seed.data(), seed.size());
}
template void expand_mask_poly<17>(Poly&, Seed64, std::uint16_t);
template void expand_mask_poly<19>(Poly&, Seed64, std::uint16_t);

// FIPS 204 Alg. 34 (ExpandMask) for `count` consecutive polynomials, their
// SHAKE256 instances run side by side.
template <int Gamma1Log2>
void expand_mask_polys(Poly* const* out, Seed64 rho_second, std::uint16_t first_nonce, std::size_t count,
                       hash::WayRider* rider) {
  constexpr std::size_t kWays = hash::Shake256Ways::max_ways;
  constexpr std::size_t kBlocks = MaskSampler<Gamma1Log2>::kBlocks;
  using Buffer = std::array<std::uint8_t, kBlocks * kShake256Block>;
  struct Work {
    IndexedSeeds seeds;
    std::array<Buffer, kWays> bufs;
  } w;
  const std::size_t batch = hash::Shake256Ways::batch_ways();
  std::size_t widest = 0;
  for (std::size_t done = 0; done < count;) {
    const std::size_t ways = count - done < batch ? count - done : batch;
    widest = ways > widest ? ways : widest;
    hash::Shake256Ways xof;
    absorb_indexed_seeds(xof, w.seeds, rho_second, static_cast<std::uint16_t>(first_nonce + done), ways);
    for (std::size_t block = 0; block < kBlocks; ++block) {
      std::uint8_t* outs[kWays];
      for (std::size_t way = 0; way < ways; ++way) outs[way] = w.bufs[way].data() + block * kShake256Block;
      xof.squeeze_block(outs, kShake256Block, rider);
    }
    for (std::size_t way = 0; way < ways; ++way) unpack_mask<Gamma1Log2>(*out[done + way], w.bufs[way].data());
    done += ways;
  }
  secure_wipe(&w.seeds, sizeof w.seeds);
  secure_wipe(w.bufs.data(), widest * sizeof(Buffer));  // the buffers written
}
template void expand_mask_polys<17>(Poly* const*, Seed64, std::uint16_t, std::size_t, hash::WayRider*);
template void expand_mask_polys<19>(Poly* const*, Seed64, std::uint16_t, std::size_t, hash::WayRider*);

// FIPS 204 Alg. 29 (SampleInBall).
template <int Tau>
void sample_in_ball_vartime(Poly& out, std::span<const std::uint8_t> c_tilde) {
  hash::Shake256 xof;
  xof.absorb(c_tilde);
  std::array<std::uint8_t, kShake256Block> buf;
  xof.squeeze(buf);
  std::uint64_t signs = 0;
  for (std::size_t i = 0; i < 8; ++i) signs |= static_cast<std::uint64_t>(buf[i]) << (8 * i);
  std::size_t pos = 8;
  out.c.fill(0);
  for (std::size_t i = n - Tau; i < n; ++i) {
    std::size_t j;
    do {
      if (pos == buf.size()) {
        xof.squeeze(buf);
        pos = 0;
      }
      j = buf[pos++];
    } while (j > i);
    out.c[i] = out.c[j];
    out.c[j] = 1 - 2 * static_cast<std::int32_t>(signs & 1);
    signs >>= 1;
  }
}
template void sample_in_ball_vartime<39>(Poly&, std::span<const std::uint8_t>);
template void sample_in_ball_vartime<49>(Poly&, std::span<const std::uint8_t>);
template void sample_in_ball_vartime<60>(Poly&, std::span<const std::uint8_t>);

}  // namespace pqlab::mldsa::detail
