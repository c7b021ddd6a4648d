// Portable eight-state Keccak-f[1600]: the fallback for backends without
// 8-lane vectors: two four-state permutations.
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {

void keccak_f1600_x8(std::uint64_t states[8 * keccak_lanes]) {
  keccak_f1600_x4(states);
  keccak_f1600_x4(states + 4 * keccak_lanes);
}

}  // namespace pqlab::kernels::portable
