// ML-DSA rounding (FIPS 204 §7.4), as the scheme code uses it: defined once
// with the kernels, in kernels/mldsa_rounding.hpp; this header names it in
// mldsa::detail.
#pragma once
#include "kernels/mldsa_rounding.hpp"
#include "mldsa/reduce.hpp"

namespace pqlab::mldsa::detail {

using kernels::mldsa_field::d;
using kernels::mldsa_field::decompose;
using kernels::mldsa_field::DecomposeDivision;
using kernels::mldsa_field::high_bits;
using kernels::mldsa_field::make_hint;
using kernels::mldsa_field::power2round;
using kernels::mldsa_field::Split;
using kernels::mldsa_field::use_hint;

}  // namespace pqlab::mldsa::detail
