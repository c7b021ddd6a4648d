// Four and eight Keccak-f[1600] permutations at once with AVX-512: lane
// sliced (one register per lane index) in 256-bit (VL) or 512-bit
// registers, with ternary-logic θ and χ and native 64-bit rotates.
#include "kernels/x86_avx512/intrinsics.hpp"

#include "kernels/x86/keccak_sliced.hpp"
#include "kernels/x86/transpose4x64.hpp"
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {
namespace {

constexpr int kXor3 = 0x96;  // a ^ b ^ c
constexpr int kChi = 0xd2;   // a ^ (~b & c)

struct Ops4 {
  using V = __m256i;
  static constexpr bool has_xor3 = true;
  static V xor2(V a, V b) { return _mm256_xor_si256(a, b); }
  static V xor3(V a, V b, V c) { return _mm256_ternarylogic_epi64(a, b, c, kXor3); }
  static V xor5(V a, V b, V c, V d, V e) {
    return _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64(a, b, c, kXor3), d, e, kXor3);
  }
  static V chi(V a, V b, V c) { return _mm256_ternarylogic_epi64(a, b, c, kChi); }
  static V broadcast(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
  static V load(const std::uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static void store(std::uint64_t* p, V x) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), x); }
  template <int n>
  static V rotl(V x) {
    if constexpr (n == 0)
      return x;
    else
      return _mm256_rol_epi64(x, n);
  }
};

struct Ops8 {
  using V = __m512i;
  // The fused θ (keccak_sliced.hpp) measured slower for eight states: GCC
  // spills more with C and its rotation live through the round.
  static constexpr bool has_xor3 = false;
  static V xor2(V a, V b) { return _mm512_xor_si512(a, b); }
  static V xor5(V a, V b, V c, V d, V e) {
    return _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a, b, c, kXor3), d, e, kXor3);
  }
  static V chi(V a, V b, V c) { return _mm512_ternarylogic_epi64(a, b, c, kChi); }
  static V broadcast(std::uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
  static V load(const std::uint64_t* p) { return _mm512_loadu_si512(p); }
  static void store(std::uint64_t* p, V x) { _mm512_storeu_si512(p, x); }
  template <int n>
  static V rotl(V x) {
    if constexpr (n == 0)
      return x;
    else
      return _mm512_rol_epi64(x, n);
  }
};

// Lanes i..i+3 of states first..first+3, as four lane-sliced registers.
void load_sliced4(const std::uint64_t* states, std::size_t first, std::size_t i, __m256i r[4]) {
  for (std::size_t k = 0; k < 4; ++k)
    r[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states + 25 * (first + k) + i));
  x86::transpose4x64(r);
}
void store_sliced4(std::uint64_t* states, std::size_t first, std::size_t i, __m256i r[4]) {
  x86::transpose4x64(r);
  for (std::size_t k = 0; k < 4; ++k)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(states + 25 * (first + k) + i), r[k]);
}

// Lane 24 of each state (the lane left over by the 4×4 transposes).
template <std::size_t states_count>
void load_last(const std::uint64_t* states, std::uint64_t (&last)[states_count]) {
  for (std::size_t k = 0; k < states_count; ++k) last[k] = states[25 * k + 24];
}
template <std::size_t states_count>
void store_last(std::uint64_t* states, const std::uint64_t (&last)[states_count]) {
  for (std::size_t k = 0; k < states_count; ++k) states[25 * k + 24] = last[k];
}

}  // namespace

void keccak_f1600_x4(std::uint64_t states[4 * keccak_lanes]) {
  alignas(32) std::uint64_t last[4];
  __m256i a[25];
  for (std::size_t i = 0; i < 24; i += 4) load_sliced4(states, 0, i, a + i);
  load_last(states, last);
  a[24] = _mm256_load_si256(reinterpret_cast<const __m256i*>(last));
  x86::keccak_sliced_rounds<Ops4>(a);
  for (std::size_t i = 0; i < 24; i += 4) store_sliced4(states, 0, i, a + i);
  _mm256_store_si256(reinterpret_cast<__m256i*>(last), a[24]);
  store_last(states, last);
}

void keccak_f1600_x8(std::uint64_t states[8 * keccak_lanes]) {
  alignas(64) std::uint64_t last[8];
  __m512i a[25];
  for (std::size_t i = 0; i < 24; i += 4) {
    __m256i lo[4], hi[4];
    load_sliced4(states, 0, i, lo);
    load_sliced4(states, 4, i, hi);
    for (std::size_t k = 0; k < 4; ++k) a[i + k] = _mm512_inserti64x4(_mm512_castsi256_si512(lo[k]), hi[k], 1);
  }
  load_last(states, last);
  a[24] = _mm512_load_si512(last);
  x86::keccak_sliced_rounds<Ops8>(a);
  for (std::size_t i = 0; i < 24; i += 4) {
    __m256i lo[4], hi[4];
    for (std::size_t k = 0; k < 4; ++k) {
      lo[k] = _mm512_castsi512_si256(a[i + k]);
      hi[k] = _mm512_extracti64x4_epi64(a[i + k], 1);
    }
    store_sliced4(states, 0, i, lo);
    store_sliced4(states, 4, i, hi);
  }
  _mm512_store_si512(last, a[24]);
  store_last(states, last);
}

// One register per lane index, no transposes: 256-bit registers for up to
// four states (cheaper here than eight in 512-bit ones), else 512-bit.
void keccak_f1600_sliced8(std::uint64_t lanes[8 * keccak_lanes], std::size_t count, std::size_t words) {
  if (count <= 4)
    x86::keccak_sliced_in_memory<Ops4>(lanes, words);
  else
    x86::keccak_sliced_in_memory<Ops8>(lanes, words);
}

}  // namespace pqlab::kernels::avx512
