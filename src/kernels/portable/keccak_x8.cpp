// Portable eight-state Keccak-f[1600]: the fallback for backends without
// 8-lane vectors: two four-state permutations; and the lane-sliced entry,
// one state at a time, whole (its copy of each state is left on the stack,
// as the other Keccak kernels leave theirs: callers with secret states wipe
// it).
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {

void keccak_f1600_x8(std::uint64_t states[8 * keccak_lanes]) {
  keccak_f1600_x4(states);
  keccak_f1600_x4(states + 4 * keccak_lanes);
}

void keccak_f1600_sliced8(std::uint64_t lanes[8 * keccak_lanes], std::size_t count, std::size_t /*words*/) {
  std::uint64_t state[keccak_lanes];
  for (std::size_t j = 0; j < count; ++j) {
    for (std::size_t i = 0; i < keccak_lanes; ++i) state[i] = lanes[8 * i + j];
    keccak_f1600_x1(state);
    for (std::size_t i = 0; i < keccak_lanes; ++i) lanes[8 * i + j] = state[i];
  }
}

}  // namespace pqlab::kernels::portable
