// Five Keccak-f[1600] permutations in one instruction stream: four states
// lane-sliced in 256-bit registers (as keccak_x4.cpp) and the fifth in
// general-purpose registers (keccak_scalar.hpp with ANDN and RORX), their
// rounds interleaved row by row. The vector rounds are bound by the vector
// units and the scalar ones by the integer units, so an out-of-order core
// runs the two side by side: the fifth state costs a fraction of an x1
// call. Compiled with -mavx2 -mbmi -mbmi2 (src/CMakeLists.txt); the table
// installs it only where CPUID reports BMI as well as AVX2.
#include <immintrin.h>

#include <utility>

#include "kernels/keccak_scalar.hpp"
#include "kernels/x86/keccak_sliced.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/keccak_lanes4.hpp"

namespace pqlab::kernels::avx2 {
namespace {

// One round of both (FIPS 202 Alg. 7's θ, ρ, π, χ, ι): vector a -> e and
// scalar sa -> se, whose column parities c are kept up to date by
// keccak_scalar's rows. Each output row of the vector round is followed by
// the same row of the scalar one.
template <std::size_t... Y>
[[gnu::always_inline]] inline void round_both(const __m256i* a, __m256i* e, const std::uint64_t* sa, std::uint64_t* se,
                                              std::uint64_t* c, std::uint64_t rc, std::index_sequence<Y...>) {
  const x86::Theta<Lanes4> theta(a);
  std::uint64_t d[5];
  keccak_scalar::theta_d(c, d);
  ((x86::sliced_row<Lanes4, Y>(a, e, theta, rc, std::make_index_sequence<5>{}),
    keccak_scalar::round_row<Y>(sa, se, c, d, rc)),
   ...);
}

}  // namespace

void keccak_f1600_x5(std::uint64_t states[5 * keccak_lanes]) {
  __m256i a[25], e[25];
  load_lanes4(a, states);
  std::uint64_t sa[25], se[25], c[5];
  keccak_scalar::enter(states + 4 * keccak_lanes, sa, c);
  for (std::size_t r = 0; r < 24; r += 2) {
    round_both(a, e, sa, se, c, keccak::round_constants[r], std::make_index_sequence<5>{});
    round_both(e, a, se, sa, c, keccak::round_constants[r + 1], std::make_index_sequence<5>{});
  }
  store_lanes4(states, a);
  keccak_scalar::leave(sa, states + 4 * keccak_lanes);
}

}  // namespace pqlab::kernels::avx2
