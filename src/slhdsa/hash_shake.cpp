// SLH-DSA's SHAKE hash functions (FIPS 205 §11.1).
#include "slhdsa/hash_shake.hpp"

#include "common/wipe.hpp"
#include "hash/keccak_lanes.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/hash.hpp"

namespace pqlab::slhdsa::detail {
namespace {

constexpr std::size_t kRateLanes = 136 / 8;  // SHAKE256
constexpr std::size_t kAdrsLanes = adrs_bytes / 8;

inline std::uint64_t load64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
inline void store64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// Lays PK.seed ‖ ADRS ‖ input (input_lanes 64-bit words) and the SHAKE
// padding (0x1f after the input, 0x80 in the last byte of the rate) into a
// fresh Keccak state; the input is shorter than the rate for every n.
template <std::size_t SeedLanes>
void load_single_block(std::uint64_t state[kernels::keccak_lanes], const std::uint64_t* pk_seed,
                       const Adrs& adrs, const std::uint8_t* input, std::size_t input_lanes) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < SeedLanes; ++i) state[at++] = pk_seed[i];
  for (std::size_t i = 0; i < kAdrsLanes; ++i) state[at++] = load64(adrs.data() + 8 * i);
  for (std::size_t i = 0; i < input_lanes; ++i) state[at++] = load64(input + 8 * i);
  state[at++] = 0x1f;
  while (at < kernels::keccak_lanes) state[at++] = 0;
  state[kRateLanes - 1] ^= std::uint64_t{0x80} << 56;
}

template <std::size_t Lanes>
void store_output(std::uint8_t* out, const std::uint64_t* state) {
  for (std::size_t i = 0; i < Lanes; ++i) store64(out + 8 * i, state[i]);
}

void absorb_message(hash::Shake256& sponge, const MessageParts& msg) {
  sponge.absorb(msg.prefix);
  sponge.absorb(msg.body);
}

}  // namespace

template <std::size_t N>
ShakeHash<N>::ShakeHash(const std::uint8_t* pk_seed, const std::uint8_t* sk_seed) {
  for (std::size_t i = 0; i < lanes; ++i) {
    pk_seed_[i] = load64(pk_seed + 8 * i);
    sk_seed_[i] = sk_seed != nullptr ? load64(sk_seed + 8 * i) : 0;
  }
}

template <std::size_t N>
ShakeHash<N>::~ShakeHash() {
  secure_wipe(sk_seed_, sizeof sk_seed_);
}

template <std::size_t N>
void ShakeHash<N>::f(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const {
  std::uint64_t state[kernels::keccak_lanes];
  load_single_block<lanes>(state, pk_seed_, adrs, in, lanes);
  kernels::active().keccak_f1600_x1(state);
  store_output<lanes>(out, state);
}

template <std::size_t N>
void ShakeHash<N>::f_lanes(std::uint8_t* const out[batch], const Adrs (&adrs)[batch],
                           const std::uint8_t* const in[batch], std::size_t count) const {
  std::uint64_t states[batch * kernels::keccak_lanes];
  for (std::size_t j = 0; j < count; ++j)
    load_single_block<lanes>(states + j * kernels::keccak_lanes, pk_seed_, adrs[j], in[j], lanes);
  hash::detail::permute_lanes(states, count, batch);
  for (std::size_t j = 0; j < count; ++j) store_output<lanes>(out[j], states + j * kernels::keccak_lanes);
}

template <std::size_t N>
void ShakeHash<N>::h(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in) const {
  std::uint64_t state[kernels::keccak_lanes];
  load_single_block<lanes>(state, pk_seed_, adrs, in, 2 * lanes);
  kernels::active().keccak_f1600_x1(state);
  store_output<lanes>(out, state);
}

template <std::size_t N>
void ShakeHash<N>::t(std::uint8_t* out, const Adrs& adrs, const std::uint8_t* in, std::size_t bytes) const {
  std::uint8_t seed[N];
  store_output<lanes>(seed, pk_seed_);
  hash::Shake256 sponge;
  sponge.absorb(seed);
  sponge.absorb(std::span<const std::uint8_t>(adrs.data(), adrs_bytes));
  sponge.absorb(std::span<const std::uint8_t>(in, bytes));
  sponge.squeeze(std::span<std::uint8_t>(out, N));
}

template <std::size_t N>
void ShakeHash<N>::prf(std::uint8_t* out, const Adrs& adrs) const {
  std::uint64_t state[kernels::keccak_lanes];
  std::uint8_t sk_seed[N];
  store_output<lanes>(sk_seed, sk_seed_);
  load_single_block<lanes>(state, pk_seed_, adrs, sk_seed, lanes);
  kernels::active().keccak_f1600_x1(state);
  store_output<lanes>(out, state);
  secure_wipe(sk_seed, sizeof sk_seed);
  secure_wipe(state, sizeof state);
}

template <std::size_t N>
void ShakeHash<N>::prf_lanes(std::uint8_t* const out[batch], const Adrs (&adrs)[batch], std::size_t count) const {
  std::uint64_t states[batch * kernels::keccak_lanes];
  std::uint8_t sk_seed[N];
  store_output<lanes>(sk_seed, sk_seed_);
  for (std::size_t j = 0; j < count; ++j)
    load_single_block<lanes>(states + j * kernels::keccak_lanes, pk_seed_, adrs[j], sk_seed, lanes);
  hash::detail::permute_lanes(states, count, batch);
  for (std::size_t j = 0; j < count; ++j) store_output<lanes>(out[j], states + j * kernels::keccak_lanes);
  secure_wipe(sk_seed, sizeof sk_seed);
  secure_wipe(states, sizeof states);
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
