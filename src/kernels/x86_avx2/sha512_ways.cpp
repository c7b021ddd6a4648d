// Multi-buffer SHA-512 compression (FIPS 180-4 §6.4.2) with AVX2: four
// streams per pass, one per 64-bit element (x86/sha2_sliced.hpp). AVX2
// has no rotate or ternary logic, so a rotate is two shifts and an or,
// and Ch and Maj take three bitwise operations each.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86/sha2_sliced.hpp"
#include "kernels/x86/transpose4x64.hpp"
#include "kernels/x86_avx2/avx2.hpp"

namespace pqlab::kernels::avx2 {
namespace {

constexpr std::size_t kWidth = 4;  // streams per pass

struct Ops4 {
  using V = __m256i;
  using Word = std::uint64_t;
  static V add(V a, V b) { return _mm256_add_epi64(a, b); }
  static V xor3(V a, V b, V c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
  template <int n>
  static V rotr(V x) {
    return _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - n));
  }
  template <int n>
  static V shr(V x) {
    return _mm256_srli_epi64(x, n);
  }
  // Ch(e, f, g) = ((f ^ g) & e) ^ g and Maj(a, b, c) = ((a ^ b) & (b ^ c)) ^ b:
  // the §4.1.3 functions with fewer operations.
  static V ch(V e, V f, V g) { return _mm256_xor_si256(_mm256_and_si256(_mm256_xor_si256(f, g), e), g); }
  static V maj(V a, V b, V c) {
    return _mm256_xor_si256(_mm256_and_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(b, c)), b);
  }
  static V broadcast(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
};

// One pass over `live` (1..4) streams; idle elements compress a copy of
// stream 0's block from a zero state and are not stored. Each stream's
// state is two registers (words 0..3 and 4..7) and its block four.
void compress_pass(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t live) {
  __m256i s[8], w[16];
  for (std::size_t i = 0; i < kWidth; ++i) {
    s[i] = i < live ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states[i])) : _mm256_setzero_si256();
    s[kWidth + i] = i < live ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states[i] + 4))
                             : _mm256_setzero_si256();
  }
  x86::transpose4x64(s);
  x86::transpose4x64(s + kWidth);
  // Big-endian message words (§3.1): reverse the bytes of each word.
  const __m256i byteswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,  //
                                            7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  for (std::size_t i = 0; i < kWidth; ++i) {
    const std::uint8_t* block = blocks[i < live ? i : 0];
    for (std::size_t quarter = 0; quarter < 4; ++quarter)
      w[kWidth * quarter + i] =
          _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 32 * quarter)), byteswap);
  }
  for (std::size_t quarter = 0; quarter < 4; ++quarter) x86::transpose4x64(w + kWidth * quarter);
  x86::Sha2Sliced<Ops4>::compress(s, w);
  x86::transpose4x64(s);
  x86::transpose4x64(s + kWidth);
  for (std::size_t i = 0; i < live; ++i) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(states[i]), s[i]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(states[i] + 4), s[kWidth + i]);
  }
}

}  // namespace

void sha512_compress_ways(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t ways) {
  for (std::size_t first = 0; first < ways; first += kWidth) {
    const std::size_t live = ways - first < kWidth ? ways - first : kWidth;
    compress_pass(states + first, blocks + first, live);
  }
}

}  // namespace pqlab::kernels::avx2
