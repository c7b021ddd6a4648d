// Four Keccak-f[1600] permutations at once with AVX2: one 256-bit register
// per lane index, holding that lane of the four states.
#include <immintrin.h>

#include "kernels/x86/keccak_sliced.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/keccak_lanes4.hpp"

namespace pqlab::kernels::avx2 {

void keccak_f1600_x4(std::uint64_t states[4 * keccak_lanes]) {
  __m256i a[25];
  load_lanes4(a, states);
  x86::keccak_sliced_rounds<Lanes4>(a);
  store_lanes4(states, a);
}

// Two groups of four in one instruction stream (keccak_sliced.hpp's
// sliced_round): median TSC ticks per call on the KVM guest (AMD Zen 4)
// 1,880, against 2,012 for two x4 calls.
void keccak_f1600_x8(std::uint64_t states[8 * keccak_lanes]) {
  __m256i a[2][25];
  load_lanes4(a[0], states);
  load_lanes4(a[1], states + 4 * keccak_lanes);
  x86::keccak_sliced_rounds<Lanes4, 2>(a);
  store_lanes4(states, a[0]);
  store_lanes4(states + 4 * keccak_lanes, a[1]);
}

// States 0..3 and, where count > 4, 4..7 as a second group in the same
// instruction stream: one register per lane index, no transposes. For up
// to four words, the last round computes those alone: about 5% less time
// per call (1,636 against 1,720 median TSC ticks for eight states, two
// words, on the development machine). The second group interleaved rather
// than after the first: 1,752-1,766 against 1,874 ticks for eight states,
// two words, and 1,815-1,825 against 1,965 for whole states (KVM guest).
void keccak_f1600_sliced8(std::uint64_t lanes[8 * keccak_lanes], std::size_t count, std::size_t words) {
  if (count <= 4)
    x86::keccak_sliced_in_memory<Lanes4, 1>(lanes, words);
  else
    x86::keccak_sliced_in_memory<Lanes4, 2>(lanes, words);
}

}  // namespace pqlab::kernels::avx2
