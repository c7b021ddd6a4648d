// ML-DSA's rejection sampling filter for Â (FIPS 204 Alg. 30 with Alg. 14)
// with AVX2: eight 3-byte candidates (24 bytes) per step. A byte shuffle
// puts each candidate in a 32-bit lane, a mask keeps its 23 bits, and one
// compare and a movemask give the accepted lanes. A candidate is accepted
// with probability q / 2^23 ≈ 0.999, so more than 99% of steps keep all
// eight: those are stored as they are. Otherwise a dword permutation
// chosen by the mask packs the accepted lanes, in order, at the front.
// Either way the step is stored at the next free slot, while a whole
// step's eight slots are free (Â is public, so the branches on the mask
// and the table index reveal nothing). The last few slots, and a tail
// under 24 bytes, go to the portable filter, one candidate at a time, so
// nothing past slot 255 is written. The result equals the portable
// filter's.
#include <immintrin.h>

#include <bit>
#include <cstddef>
#include <cstdint>

#include "kernels/mldsa_field.hpp"
#include "kernels/portable/portable.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/rej_uniform.hpp"

namespace pqlab::kernels::avx2 {

std::size_t mldsa_rej_uniform_vartime(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf,
                                      std::size_t len) {
  // Candidate j of a group of 4 (12 bytes) is bytes 3j .. 3j+2, the fourth
  // byte zero. The low lane holds the step's first group at byte 0, the
  // high lane its second at byte 4 (load_step24).
  const __m256i pick = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1,  //
                                        4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1);
  const __m256i mask23 = _mm256_set1_epi32(0x7fffff);
  const __m256i q = _mm256_set1_epi32(mldsa_field::q);
  std::size_t pos = 0;
  for (; pos + 24 <= len && filled <= 256 - 8; pos += 24) {
    const __m256i cand = _mm256_and_si256(_mm256_shuffle_epi8(load_step24(buf + pos), pick), mask23);
    // Candidates are below 2^23, so the signed compare is exact.
    const auto mask = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(q, cand))));
    if (mask == 0xff) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + filled), cand);
      filled += 8;
      continue;
    }
    const __m256i order =
        _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(accepted_lanes[mask].data())));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + filled), _mm256_permutevar8x32_epi32(cand, order));
    filled += static_cast<std::size_t>(std::popcount(mask));
  }
  return pos == len ? filled : portable::mldsa_rej_uniform_vartime(a, filled, buf + pos, len - pos);
}

}  // namespace pqlab::kernels::avx2
