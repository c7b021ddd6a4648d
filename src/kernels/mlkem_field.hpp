// Arithmetic in Z_q for ML-KEM, q = 3329, shared by the portable kernels and
// the ML-KEM frontend. Elements are int16_t in Montgomery or plain form as
// each caller states; R = 2^16.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace pqlab::mlkem_field {

inline constexpr std::int16_t q = 3329;
// q^-1 mod 2^16 as a signed 16-bit value: 3329 · (-3327) ≡ 1 (mod 2^16).
inline constexpr std::int16_t q_inv = -3327;
// R mod q and R^2 mod q: 2^16 mod 3329 = 2285, 2285^2 mod 3329 = 1353.
inline constexpr std::int16_t mont = 2285;
inline constexpr std::int16_t mont_squared = 1353;

// Montgomery reduction: for |a| < q · 2^15 returns a · R^-1 mod q in (-q, q).
constexpr std::int16_t montgomery_reduce(std::int32_t a) {
  const auto t = static_cast<std::int16_t>(static_cast<std::int16_t>(a) * q_inv);
  return static_cast<std::int16_t>((a - static_cast<std::int32_t>(t) * q) >> 16);
}

// a · b · R^-1 mod q, in (-q, q) for |a · b| < q · 2^15: montgomery_reduce
// of the product, in one of two bit-exact forms (a·b and t·q agree in
// their low 16 bits, so the high half of their difference is the
// difference of their high halves):
// - with SSE2 (every x86-64), from the high and low halves of 16×16-bit
//   products, so loops over polynomials vectorise in 16-bit lanes (pmullw,
//   pmulhw): portable ML-KEM about 10% faster here, avx2 keygen 2%;
// - elsewhere as the 32-bit difference, a multiply-subtract on the
//   Cortex-M4, where the other form measured 5–6% more instructions in
//   ML-KEM (embedded/RESULTS.md is measured with this one).
constexpr std::int16_t fqmul(std::int16_t a, std::int16_t b) {
  const std::int32_t product = static_cast<std::int32_t>(a) * b;
#if defined(__SSE2__)
  const auto t = static_cast<std::int16_t>(static_cast<std::int16_t>(product) * q_inv);
  return static_cast<std::int16_t>((product >> 16) - ((static_cast<std::int32_t>(t) * q) >> 16));
#else
  return montgomery_reduce(product);
#endif
}

// Barrett reduction: for any int16 a, returns a mod q as the representative
// in [-(q-1)/2, (q-1)/2]: a − q · round(a · v / 2^26) with v = round(2^26 / q)
// = 20159, the rounding taken as floor((a · v + 2^25) / 2^26). That equals
// floor((floor(a · v / 2^16) + 2^9) / 2^10), which is how it is written:
// a 16×16-bit high product, so the loops over polynomials vectorise with
// 16-bit lanes (pmulhw) even on baseline x86-64.
// On the Cortex-M4 (ARMv7E-M), where a multiply takes one cycle but gcc
// expands a multiplication by a constant into five or more shifts and adds,
// the same value comes from MLA/MLS on the constants passed through an
// empty asm (the rounding term folded into the first: floor((a · v + 2^25)
// / 2^26) equals the nested floors below).
constexpr std::int16_t barrett_reduce(std::int16_t a) {
  constexpr std::int16_t v = ((1 << 26) + q / 2) / q;
#if defined(__ARM_ARCH_7EM__)
  if (!std::is_constant_evaluated()) {
    std::int32_t v_reg = v, round = 1 << 25, q_reg = q;
    asm("" : "+r"(v_reg), "+r"(round), "+r"(q_reg));
    const std::int32_t quotient = (a * v_reg + round) >> 26;
    return static_cast<std::int16_t>(a - quotient * q_reg);
  }
#endif
  const auto high = static_cast<std::int16_t>((static_cast<std::int32_t>(a) * v) >> 16);
  const auto quotient = static_cast<std::int16_t>((high + (1 << 9)) >> 10);
  return static_cast<std::int16_t>(a - quotient * q);
}

// Maps a representative in (-q, q) to [0, q) without branching.
constexpr std::int16_t to_unsigned(std::int16_t a) { return static_cast<std::int16_t>(a + ((a >> 15) & q)); }

// Compress_d(x) = round(2^d · x / q) mod 2^d (FIPS 203 eq. 4.7) of a
// representative in (-q, q). The division by q is a multiplication by
// ceil(2^36 / q) and a shift, exact for numerators below 2^23 (tested
// exhaustively), so no divide instruction with data-dependent timing is
// emitted.
constexpr std::uint32_t compress(std::int16_t coefficient, std::size_t d) {
  constexpr std::uint64_t magic = ((std::uint64_t{1} << 36) + q - 1) / q;
  const auto x = static_cast<std::uint64_t>(to_unsigned(coefficient));
  const std::uint64_t numerator = (x << d) + q / 2;
  return static_cast<std::uint32_t>((numerator * magic) >> 36) & ((1u << d) - 1);
}

// Decompress_d(y) = round(q · y / 2^d) (eq. 4.8). The rounding term 2^d / 2
// is written (1 << d) >> 1 so that no d (not even 0) shifts out of range.
constexpr std::int16_t decompress(std::uint32_t y, std::size_t d) {
  return static_cast<std::int16_t>((y * static_cast<std::uint32_t>(q) + ((1u << d) >> 1)) >> d);
}

// Calls f.template operator()<D>() with D = d, for the compression widths
// d in {1, 4, 5, 10, 11} (FIPS 203 Table 2's d_u and d_v), so that each
// backend's codec entries dispatch to compile-time widths. Any other d is a
// caller's bug: it traps rather than being taken for one of them.
template <class F>
constexpr void with_compress_width(unsigned d, F&& f) {
  switch (d) {
    case 1: return f.template operator()<1>();
    case 4: return f.template operator()<4>();
    case 5: return f.template operator()<5>();
    case 10: return f.template operator()<10>();
    case 11: return f.template operator()<11>();
    default: __builtin_trap();
  }
}

// zetas[k] = R · ζ^BitRev7(k) mod q with ζ = 17 (FIPS 203 §4.3, Appendix A),
// centred in (-q/2, q/2]: the twiddle factors of the NTT in Montgomery form.
constexpr std::array<std::int16_t, 128> make_zetas() {
  std::array<std::int16_t, 128> z{};
  for (unsigned k = 0; k < 128; ++k) {
    unsigned rev = 0;
    for (unsigned bit = 0; bit < 7; ++bit) rev |= ((k >> bit) & 1u) << (6 - bit);
    std::int64_t power = 1;
    for (unsigned i = 0; i < rev; ++i) power = power * 17 % q;
    std::int64_t value = power * mont % q;
    if (value > q / 2) value -= q;
    z[k] = static_cast<std::int16_t>(value);
  }
  return z;
}
inline constexpr std::array<std::int16_t, 128> zetas = make_zetas();

}  // namespace pqlab::mlkem_field
