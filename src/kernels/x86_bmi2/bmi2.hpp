// The one-state Keccak-f[1600] of keccak_scalar.hpp compiled with BMI1 and
// BMI2 (ANDN, RORX): the serial hashes' permutation on the x86 vector
// backends. Only call it when x86::detect_cpu_features() reports BMI.
#pragma once
#include "kernels/kernels.hpp"

namespace pqlab::kernels::bmi2 {

sig::keccak_f1600_x1 keccak_f1600_x1;

}  // namespace pqlab::kernels::bmi2
