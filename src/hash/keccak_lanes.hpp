// Running several independent Keccak-f[1600] states through the widest
// kernel call that pays off (kernels.hpp: keccak_x4_min_lanes and
// keccak_x8_min_lanes). Shared by the multi-lane sponges (hash::KeccakLanes) and
// SLH-DSA's batched F/PRF.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqlab::hash::detail {

// Permutes the first `count` of the states laid out one after another in
// `states`, which has room for `capacity` states (capacity >= count; the
// idle states of a wide call are overwritten with zeros, so their content
// is lost). Each live state ends as keccak_f1600_x1 would leave it.
void permute_lanes(std::uint64_t* states, std::size_t count, std::size_t capacity);

}  // namespace pqlab::hash::detail
