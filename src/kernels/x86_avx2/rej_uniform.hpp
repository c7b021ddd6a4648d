// What the AVX2 uniform rejection filters (ML-KEM's FIPS 203 Alg. 7 and
// ML-DSA's FIPS 204 Alg. 30) share: the load of one 24-byte step, and the
// compaction order that packs a step's accepted lanes together. AVX2 has no
// compress instruction, so the filters index a table with the accept mask,
// which is allowed only because the sampled matrix is public (`_vartime`).
// ExpandS's filter (mldsa_rej_eta.cpp) uses the same table: there the mask
// says which secret nibbles were rejected, which the seam lets show
// (kernels.hpp), and it is declassified before it indexes anything.
// Internal linkage, so no copy compiled with one file's flags can be picked
// by the linker for another.
#pragma once
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>

namespace pqlab::kernels::avx2 {
namespace {

// Bytes p[0..15] in the low 128-bit lane and p[8..23] in the high one:
// byte shuffles work within a lane, so the low lane gets the step's first
// 12 bytes at offset 0 and the high lane its last 12 at offset 4, and no
// load reads past p[23].
inline __m256i load_step24(const std::uint8_t* p) {
  const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 8));
  return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

// For each mask of eight lanes, the numbers of its accepted (set) lanes in
// increasing order; entries past the mask's popcount are 0 (their outputs
// are scratch).
constexpr std::array<std::array<std::uint8_t, 8>, 256> make_accepted_lanes() {
  std::array<std::array<std::uint8_t, 8>, 256> t{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    std::size_t count = 0;
    for (unsigned lane = 0; lane < 8; ++lane)
      if ((mask >> lane & 1) != 0) t[mask][count++] = static_cast<std::uint8_t>(lane);
  }
  return t;
}
alignas(64) inline constexpr std::array<std::array<std::uint8_t, 8>, 256> accepted_lanes = make_accepted_lanes();

}  // namespace
}  // namespace pqlab::kernels::avx2
