// The AVX-512 transforms' register pairs: step(p, v[2p], v[2p + 1]) on
// each pair of v. The ML-KEM and ML-DSA transforms take each in-pair step
// (a permute or interleave, then the butterflies) on all their pairs
// before the next: one pair's steps form a chain of dependent operations,
// and the pairs side by side give the core independent work to overlap
// with it (one pair at a time, each ML-DSA transform took about a quarter
// longer on AMD Zen 4). Internal linkage, as each kernel file is compiled
// with its own target flags.
#pragma once
#include <cstddef>

#include "kernels/x86_avx512/intrinsics.hpp"

namespace pqlab::kernels::avx512 {
namespace {

template <std::size_t N, class Step>
inline void each_pair(__m512i (&v)[N], Step&& step) {
  static_assert(N % 2 == 0);
#pragma GCC unroll 8
  for (std::size_t p = 0; p < N / 2; ++p) step(p, v[2 * p], v[2 * p + 1]);
}

}  // namespace
}  // namespace pqlab::kernels::avx512
