// ML-DSA's modular reductions, as the scheme code uses them: the one
// definition (q and the branch-free reductions) is the kernels' own, in
// kernels/mldsa_field.hpp; this header names it in mldsa::detail.
#pragma once
#include "kernels/mldsa_field.hpp"

namespace pqlab::mldsa::detail {

using kernels::mldsa_field::abs_ct;
using kernels::mldsa_field::add_q_if_negative;
using kernels::mldsa_field::freeze;
using kernels::mldsa_field::n;
using kernels::mldsa_field::q;
using kernels::mldsa_field::reduce32;

}  // namespace pqlab::mldsa::detail
