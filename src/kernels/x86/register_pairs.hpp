// The vector transforms' register pairs: step(p, v[2p], v[2p + 1]) on each
// pair of v, whatever the register type. The AVX2 and AVX-512 ML-KEM and
// ML-DSA transforms take each step of their in-pair layers (an interleave
// or permute, then the butterflies) on all their pairs before the next:
// one pair's steps form a chain of dependent operations, and the pairs side
// by side give the core independent work to overlap with it (one pair at a
// time, each ML-DSA transform took about a quarter longer on AMD Zen 4).
// Internal linkage, as each kernel file is compiled with its own target
// flags.
#pragma once
#include <cstddef>

namespace pqlab::kernels::x86 {
namespace {

template <class V, std::size_t N, class Step>
inline void each_pair(V (&v)[N], Step&& step) {
  static_assert(N % 2 == 0 && N <= 16);
#pragma GCC unroll 8
  for (std::size_t p = 0; p < N / 2; ++p) step(p, v[2 * p], v[2 * p + 1]);
}

}  // namespace
}  // namespace pqlab::kernels::x86
