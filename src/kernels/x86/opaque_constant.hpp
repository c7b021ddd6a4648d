// A constant the compiler must take as unknown, for the 32-bit multiplies
// by constants in the AVX2 and AVX-512 ML-DSA kernels. GCC's generic tuning
// prices vpmulld at its latency on older Intel cores and rewrites a
// multiply by a constant into shifts and adds (four operations for q, five
// for 2γ2 = 190464), a longer chain that takes more of the vector pipes;
// these loops are bound by throughput, where one vpmulld costs less: two
// issue a cycle on the AMD EPYC development machine (Zen 4, 256-bit), and
// it is two µops on recent Intel cores against the four or five that
// replace it. The empty asm may change v in its register, so the multiply
// stays a multiply. Internal linkage, as each kernel file is compiled with
// its own target flags.
#pragma once

namespace pqlab::kernels::x86 {
namespace {

template <class Vector>
inline Vector opaque(Vector v) {
  __asm__("" : "+v"(v));
  return v;
}

}  // namespace
}  // namespace pqlab::kernels::x86
