// ML-DSA's ExpandS filter (FIPS 204 Alg. 31 lines 4–13 with Alg. 15,
// CoeffFromHalfByte) with AVX2: sixteen bytes, 32 nibbles, per step, in
// groups of eight. The nibbles are split into bytes in stream order; a
// byte shuffle over the sixteen constants of
// mldsa_field::eta_nibble_values (a register, so no memory index depends
// on a nibble) maps each to its coefficient; a compare with the limit
// gives the accepted ones. AVX2 has no compress, so the accept mask of a
// group indexes the uniform filters' table of accepted lanes
// (rej_uniform.hpp), which moves the accepted values to the front, in
// order. Only that mask steers anything, and the
// kernel seam lets it show: it is declassified for the constant-time test.
// Whole steps run without a test while 32 slots are free; then a group
// whose accepted values would pass slot 255 is stored through a masked
// store. The buffer is read only within len. The result equals the
// portable filter's.
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "common/ct_poison.hpp"
#include "kernels/mldsa_field.hpp"
#include "kernels/x86/eta_nibbles.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/rej_uniform.hpp"

namespace pqlab::kernels::avx2 {

namespace {

// One group of eight nibbles: their coefficients, the accepted ones packed
// to the front (the accept mask, declassified, picks the permutation), and
// how many were accepted.
struct Group {
  __m256i packed;
  std::size_t count;
};
[[gnu::always_inline]] inline Group filter_group(__m128i nibbles, std::uint32_t in_buffer, __m128i values,
                                                 __m128i limit) {
  const auto below = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmplt_epi8(nibbles, limit))) & 0xffu;
  const std::uint32_t accept = ct::declassify_value(below & in_buffer);
  const __m256i coeffs = _mm256_cvtepi8_epi32(_mm_shuffle_epi8(values, nibbles));
  const __m256i order =
      _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(accepted_lanes[accept].data())));
  return {_mm256_permutevar8x32_epi32(coeffs, order), static_cast<std::size_t>(__builtin_popcount(accept))};
}

[[gnu::always_inline]] inline __m128i group_nibbles(const x86::EtaNibbles& halves, std::size_t group) {
  return group % 2 == 0 ? halves.half[group / 2] : _mm_srli_si128(halves.half[group / 2], 8);
}

}  // namespace

std::size_t mldsa_rej_eta(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf, std::size_t len,
                          unsigned eta) {
  const __m128i values = x86::eta_value_table(eta);
  const __m128i limit = _mm_set1_epi8(static_cast<char>(mldsa_field::eta_nibble_limit(eta)));
  std::size_t pos = 0;
  // Whole steps while their 32 nibbles fit below slot 256: no test inside.
  for (; pos + 16 <= len && filled <= 256 - 32; pos += 16) {
    const x86::EtaNibbles halves = x86::split_nibbles(_mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + pos)));
    for (std::size_t group = 0; group < 4; ++group) {
      const Group g = filter_group(group_nibbles(halves, group), 0xffu, values, limit);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + filled), g.packed);
      filled += g.count;
    }
  }
  // The rest a group at a time, each stopping at slot 255.
  for (; pos < len && filled < 256; pos += 16) {
    const std::size_t bytes = std::min<std::size_t>(16, len - pos);
    // A whole step is read in place; only a short last one goes through a
    // zeroed copy (a load from narrower stores would stall on forwarding).
    __m128i raw;
    if (bytes == 16) {
      raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + pos));
    } else {
      alignas(16) std::uint8_t chunk[16] = {};
      std::memcpy(chunk, buf + pos, bytes);
      raw = _mm_load_si128(reinterpret_cast<const __m128i*>(chunk));
    }
    const x86::EtaNibbles halves = x86::split_nibbles(raw);
    const std::uint32_t present = x86::present_nibbles(bytes);
    for (std::size_t group = 0; group < 4 && filled < 256; ++group) {
      const Group g = filter_group(group_nibbles(halves, group), (present >> (8 * group)) & 0xffu, values, limit);
      if (filled + 8 <= 256) {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + filled), g.packed);
        filled += g.count;
      } else {
        // Near the end: keep only the slots up to 255.
        const std::size_t kept = std::min<std::size_t>(g.count, 256 - filled);
        const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        const __m256i store = _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(kept)), lanes);
        _mm256_maskstore_epi32(a + filled, store, g.packed);
        filled += kept;
      }
    }
  }
  return filled;
}

}  // namespace pqlab::kernels::avx2
