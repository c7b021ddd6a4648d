// Keccak-f[1600] on one state, compiled with -mbmi -mbmi2 (src/CMakeLists.txt).
#include "kernels/keccak_scalar.hpp"
#include "kernels/x86_bmi2/bmi2.hpp"

namespace pqlab::kernels::bmi2 {

void keccak_f1600_x1(std::uint64_t state[keccak_lanes]) { keccak_scalar::permute(state); }

}  // namespace pqlab::kernels::bmi2
