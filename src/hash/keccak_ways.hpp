// Running several independent Keccak-f[1600] states through the widest
// kernel call that pays off, in either of the kernel seam's layouts:
// - states one after another (x4/x5/x8, kernels.hpp: keccak_x4_min_ways,
//   keccak_x8_min_ways, keccak_x5_near_x4), for the multi-way sponges
//   (hash::KeccakWays), whose callers read whole blocks of each state;
// - lane-sliced batches of up to eight (keccak_f1600_sliced8: word w of
//   state j at 8·w + j), for callers that write and read only a few words
//   of each state (SLH-DSA-SHAKE's batched F, H, PRF and T_l): no
//   transposes on either side.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqlab::hash::detail {

// Permutes the first `count` of the states laid out one after another in
// `states`, which has room for `capacity` states (capacity >= count; the
// idle states of a wide call are overwritten with zeros, so their content
// is lost). Each live state ends as keccak_f1600_x1 would leave it. Where
// the backend's x5 call costs about an x4 call (Tuning::keccak_x5_near_x4),
// it takes five states per call wherever x4 would take four. Returns how
// many states from the first were written (live and idle).
std::size_t permute_ways(std::uint64_t* states, std::size_t count, std::size_t capacity);

inline constexpr std::size_t sliced_states = 8;
inline constexpr std::size_t sliced_words = 25 * sliced_states;

// Index of word w of state j in a sliced batch.
constexpr std::size_t sliced_index(std::size_t w, std::size_t j) { return sliced_states * w + j; }

// Permutes states 0..count-1 (1 <= count <= 8) of a sliced batch, each as
// keccak_f1600_x1 would: one keccak_f1600_sliced8 call from the kernel's
// keccak_sliced_min_states live states, one x1 call per state below that.
// Words w < `words` (1 <= words <= 25) of each are the permutation's, the
// others may be left unspecified (a caller that reads only its output's
// first words passes their count; one that goes on absorbing, 25). The
// other states' words must be initialised and are left unspecified.
void permute_sliced(std::uint64_t batch[sliced_words], std::size_t count, std::size_t words);

}  // namespace pqlab::hash::detail
