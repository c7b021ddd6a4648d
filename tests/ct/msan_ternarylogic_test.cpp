// The ct-msan build's VPTERNLOGQ/D stand-ins (msan_intrinsics.hpp) give the
// instruction's bits for every one of the 256 immediates, in 512 and 256
// bits, on varied inputs. Compiled for AVX-512 like the kernels; main checks
// the CPU first and skips (exit 77) without AVX-512.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

#include "msan_intrinsics.hpp"

namespace {

using Inputs = std::array<std::uint64_t, 24>;  // a, b, c: eight words each

template <int imm>
bool same_bits(const __m512i& a, const __m512i& b, const __m512i& c) {
  const __m512i want512 = (__m512i)__builtin_ia32_pternlogq512_mask((__v8di)a, (__v8di)b, (__v8di)c, imm, (__mmask8)-1);
  const __m512i got512 = _mm512_ternarylogic_epi64(a, b, c, imm);
  const __m256i a256 = _mm512_castsi512_si256(a), b256 = _mm512_castsi512_si256(b);
  const __m256i c256 = _mm512_castsi512_si256(c);
  const __m256i want256 =
      (__m256i)__builtin_ia32_pternlogq256_mask((__v4di)a256, (__v4di)b256, (__v4di)c256, imm, (__mmask8)-1);
  const __m256i got256 = _mm256_ternarylogic_epi64(a256, b256, c256, imm);
  // The dword forms (VPTERNLOGD) through their own stand-ins.
  const __m512i want512d =
      (__m512i)__builtin_ia32_pternlogd512_mask((__v16si)a, (__v16si)b, (__v16si)c, imm, (__mmask16)-1);
  const __m512i got512d = _mm512_ternarylogic_epi32(a, b, c, imm);
  const __m256i want256d =
      (__m256i)__builtin_ia32_pternlogd256_mask((__v8si)a256, (__v8si)b256, (__v8si)c256, imm, (__mmask8)-1);
  const __m256i got256d = _mm256_ternarylogic_epi32(a256, b256, c256, imm);
  return std::memcmp(&want512, &got512, sizeof want512) == 0 && std::memcmp(&want256, &got256, sizeof want256) == 0 &&
         std::memcmp(&want512d, &got512d, sizeof want512d) == 0 &&
         std::memcmp(&want256d, &got256d, sizeof want256d) == 0;
}

template <int... imm>
[[gnu::noinline]] int count_mismatches(std::integer_sequence<int, imm...>, const Inputs& in) {
  __m512i a, b, c;
  std::memcpy(&a, in.data(), 64);
  std::memcpy(&b, in.data() + 8, 64);
  std::memcpy(&c, in.data() + 16, 64);
  return (0 + ... + (same_bits<imm>(a, b, c) ? 0 : 1));
}

}  // namespace

int main() {
  if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512vl")) {
    std::printf("msan_ternarylogic_test: no AVX-512 here: skipped\n");
    return 77;
  }
  std::uint64_t x = 0x9e3779b97f4a7c15u;
  int mismatches = 0;
  for (int round = 0; round < 16; ++round) {
    Inputs in;
    for (auto& w : in) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift64
      w = x;
    }
    mismatches += count_mismatches(std::make_integer_sequence<int, 256>{}, in);
  }
  if (mismatches != 0) {
    std::fprintf(stderr, "msan_ternarylogic_test: %d (immediate, input) cases differ from VPTERNLOGQ\n", mismatches);
    return 1;
  }
  std::printf(
      "msan_ternarylogic_test: all 256 immediates match VPTERNLOGQ and VPTERNLOGD (512 and 256 bits, 16 inputs)\n");
  return 0;
}
