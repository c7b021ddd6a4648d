// ML-DSA's ExpandS filter (FIPS 204 Alg. 31 lines 4–13 with Alg. 15,
// CoeffFromHalfByte) with AVX2: sixteen bytes, 32 nibbles, per step. The
// step's nibbles are spread into the 32 bytes of one register in stream
// order (each byte's low nibble first); one compare with the limit and
// one movemask give the 32-bit accept mask, and one byte shuffle over the
// sixteen constants of mldsa_field::eta_nibble_values (a register, so no
// memory index depends on a nibble) maps every nibble to its coefficient.
// AVX2 has no compress: each group of eight coefficients is packed while
// still bytes, by a byte shuffle whose indices the group's eight mask bits
// pick from the uniform filters' table of accepted lanes (rej_uniform.hpp),
// then widened to 32 bits and stored. Only the accept mask steers
// anything, and the kernel seam lets it show: it is declassified for the
// constant-time test. Whole steps run without a test while 32 slots are
// free; then a group whose accepted values would pass slot 255 is stored
// through a masked store. The buffer is read only within len. The result
// equals the portable filter's.
#include <immintrin.h>

#include <algorithm>
#include <cstring>
#include <utility>

#include "common/ct_poison.hpp"
#include "kernels/mldsa_field.hpp"
#include "kernels/x86/eta_nibbles.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx2/rej_uniform.hpp"

namespace pqlab::kernels::avx2 {

namespace {

// One step's 32 nibbles as coefficients (int8, stream order) and which of
// them are accepted (bit i: nibble i), declassified.
struct Step {
  __m256i coeffs;
  std::uint32_t accept;
};
[[gnu::always_inline]] inline Step filter_step(__m128i raw, std::uint32_t in_buffer, __m256i values, __m256i limit) {
  // Byte i becomes the 16-bit word i; word | word << 4, masked, leaves the
  // low nibble in its low byte and the high nibble in its high byte.
  const __m256i words = _mm256_cvtepu8_epi16(raw);
  const __m256i nibbles = _mm256_and_si256(_mm256_or_si256(words, _mm256_slli_epi16(words, 4)), _mm256_set1_epi8(0x0f));
  const auto below = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi8(limit, nibbles)));
  return {_mm256_shuffle_epi8(values, nibbles), ct::declassify_value(below & in_buffer)};
}

// Group g (nibbles 8g .. 8g+7) of a step: its accepted coefficients packed
// to the front, widened to 32 bits; the lanes past the count are scratch.
template <std::size_t g>
[[gnu::always_inline]] inline __m256i packed_group(__m256i coeffs, std::uint32_t accept) {
  __m128i bytes = g < 2 ? _mm256_castsi256_si128(coeffs) : _mm256_extracti128_si256(coeffs, 1);
  if constexpr (g % 2 == 1) bytes = _mm_srli_si128(bytes, 8);
  const __m128i order =
      _mm_loadl_epi64(reinterpret_cast<const __m128i*>(accepted_lanes[(accept >> (8 * g)) & 0xffu].data()));
  return _mm256_cvtepi8_epi32(_mm_shuffle_epi8(bytes, order));
}

template <std::size_t g>
[[gnu::always_inline]] inline std::size_t group_count(std::uint32_t accept) {
  return static_cast<std::size_t>(__builtin_popcount((accept >> (8 * g)) & 0xffu));
}

// Stores group g at a + filled, which has room for eight slots; returns
// the new count.
template <std::size_t g>
[[gnu::always_inline]] inline std::size_t store_group(std::int32_t* a, std::size_t filled, const Step& s) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + filled), packed_group<g>(s.coeffs, s.accept));
  return filled + group_count<g>(s.accept);
}

// The same for any filled < 256: near the end only the slots up to 255 are
// written.
template <std::size_t g>
[[gnu::always_inline]] inline std::size_t store_group_bounded(std::int32_t* a, std::size_t filled, const Step& s) {
  if (filled + 8 <= 256) return store_group<g>(a, filled, s);
  const std::size_t kept = std::min<std::size_t>(group_count<g>(s.accept), 256 - filled);
  const __m256i store =
      _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(kept)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  _mm256_maskstore_epi32(a + filled, store, packed_group<g>(s.coeffs, s.accept));
  return filled + kept;
}

// A whole step's four groups, with room for all 32 slots.
template <std::size_t... G>
[[gnu::always_inline]] inline std::size_t store_step(std::int32_t* a, std::size_t filled, const Step& s,
                                                     std::index_sequence<G...>) {
  ((filled = store_group<G>(a, filled, s)), ...);
  return filled;
}

// The groups of a step of `bytes` bytes that hold any of them (group g
// covers bytes 4g .. 4g+3), each stopping at slot 255.
template <std::size_t... G>
[[gnu::always_inline]] inline std::size_t store_step_bounded(std::int32_t* a, std::size_t filled, const Step& s,
                                                             std::size_t bytes, std::index_sequence<G...>) {
  ((filled = bytes > 4 * G && filled < 256 ? store_group_bounded<G>(a, filled, s) : filled), ...);
  return filled;
}

}  // namespace

std::size_t mldsa_rej_eta(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf, std::size_t len,
                          unsigned eta) {
  const __m256i values = _mm256_broadcastsi128_si256(x86::eta_value_table(eta));
  const __m256i limit = _mm256_set1_epi8(static_cast<char>(mldsa_field::eta_nibble_limit(eta)));
  std::size_t pos = 0;
  // Whole steps while their 32 nibbles fit below slot 256: no test inside.
  for (; pos + 16 <= len && filled <= 256 - 32; pos += 16) {
    const Step s = filter_step(_mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + pos)), ~0u, values, limit);
    filled = store_step(a, filled, s, std::make_index_sequence<4>{});
  }
  // The rest a step at a time, each group stopping at slot 255.
  for (; pos < len && filled < 256; pos += 16) {
    const std::size_t bytes = std::min<std::size_t>(16, len - pos);
    // A whole step is read in place, and so are the eight bytes that a
    // 136-byte block (SHAKE256's rate) leaves; only other short steps go
    // through a zeroed copy (a load from narrower stores would stall on
    // forwarding).
    __m128i raw;
    if (bytes == 16) {
      raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + pos));
    } else if (bytes == 8) {
      raw = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(buf + pos));
    } else {
      alignas(16) std::uint8_t chunk[16] = {};
      std::memcpy(chunk, buf + pos, bytes);
      raw = _mm_load_si128(reinterpret_cast<const __m128i*>(chunk));
    }
    const Step s = filter_step(raw, x86::present_nibbles(bytes), values, limit);
    filled = store_step_bounded(a, filled, s, bytes, std::make_index_sequence<4>{});
  }
  return filled;
}

}  // namespace pqlab::kernels::avx2
