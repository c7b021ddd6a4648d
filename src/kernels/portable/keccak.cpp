// Portable Keccak-f[1600] (FIPS 202 §3.3–3.4) on 64-bit lanes.
#include "kernels/keccak_scalar.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {

void keccak_f1600_x1(std::uint64_t state[keccak_lanes]) { keccak_scalar::permute(state); }

void keccak_f1600_x4(std::uint64_t states[4 * keccak_lanes]) {
  for (std::size_t i = 0; i < 4; ++i) keccak_f1600_x1(states + i * keccak_lanes);
}

void keccak_f1600_x5(std::uint64_t states[5 * keccak_lanes]) {
  for (std::size_t i = 0; i < 5; ++i) keccak_f1600_x1(states + i * keccak_lanes);
}

}  // namespace pqlab::kernels::portable
