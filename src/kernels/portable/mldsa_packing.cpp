// Portable packing of ML-DSA's z (FIPS 204 Alg. 26/27 with BitPack and
// BitUnpack, Alg. 17/19): the values γ1 - z_i, b bits each, little-endian.
// Four values (4b bits: 72 or 80) go through one 64-bit word and its few
// top bits, written and read byte by byte, so the layout does not depend
// on the target's byte order; the same bits as common/bit_pack.hpp's
// byte-by-byte packing. Fixed shifts only: nothing depends on the values.
// Also s1 and s2's encoding, key generation's Power2Round of t into the
// t1 and t0 encodings and those encodings read back, through
// common/bit_pack.hpp.
#include <cstddef>
#include <cstdint>

#include "common/bit_pack.hpp"
#include "common/ct.hpp"
#include "kernels/mldsa_rounding.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {
namespace {

template <std::size_t Bits>
void pack_z_bits(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  static_assert(Bits % 2 == 0 && Bits > 16 && Bits < 32);
  constexpr std::uint64_t mask = (std::uint64_t{1} << Bits) - 1;
  constexpr std::size_t group_bytes = Bits / 2;  // four values
  for (std::size_t i = 0; i < 256; i += 4, out += group_bytes) {
    std::uint64_t v[4];
    for (std::size_t j = 0; j < 4; ++j) v[j] = static_cast<std::uint32_t>(gamma1 - z[i + j]) & mask;
    const std::uint64_t low = v[0] | v[1] << Bits | v[2] << (2 * Bits) | v[3] << (3 * Bits);
    const std::uint64_t top = v[3] >> (64 - 3 * Bits);
    for (std::size_t b = 0; b < 8; ++b) out[b] = static_cast<std::uint8_t>(low >> (8 * b));
    for (std::size_t b = 8; b < group_bytes; ++b) out[b] = static_cast<std::uint8_t>(top >> (8 * (b - 8)));
  }
}

template <std::size_t Bits>
void unpack_z_bits(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  static_assert(Bits % 2 == 0 && Bits > 16 && Bits < 32);
  constexpr std::uint64_t mask = (std::uint64_t{1} << Bits) - 1;
  constexpr std::size_t group_bytes = Bits / 2;
  for (std::size_t i = 0; i < 256; i += 4, in += group_bytes) {
    std::uint64_t low = 0, top = 0;
    for (std::size_t b = 0; b < 8; ++b) low |= std::uint64_t{in[b]} << (8 * b);
    for (std::size_t b = 8; b < group_bytes; ++b) top |= std::uint64_t{in[b]} << (8 * (b - 8));
    const std::uint64_t v[4] = {low & mask, low >> Bits & mask, low >> (2 * Bits) & mask,
                                (low >> (3 * Bits) | top << (64 - 3 * Bits)) & mask};
    for (std::size_t j = 0; j < 4; ++j) z[i + j] = gamma1 - static_cast<std::int32_t>(v[j]);
  }
}

// s1, s2: the values η - s_i, Bits bits each (Alg. 24/25). Unpacking
// returns 0xffffffff if some value exceeds 2η: 2η - v is ORed over the
// polynomial and its sign tested once (no barrier per coefficient, so the
// loop vectorises).
template <int Eta, std::size_t Bits>
void pack_eta_poly(std::uint8_t* out, const std::int32_t s[256]) {
  bitpack::pack<Bits, 256>(out, [&](std::size_t i) { return static_cast<std::uint32_t>(Eta - s[i]); });
}

template <int Eta, std::size_t Bits>
std::uint32_t unpack_eta_poly(std::int32_t s[256], const std::uint8_t* in) {
  std::int32_t below = 0;  // sign bit set once some value exceeds 2η
  bitpack::unpack<Bits, 256>(in, [&](std::size_t i, std::uint32_t v) {
    below |= 2 * Eta - static_cast<std::int32_t>(v);
    s[i] = Eta - static_cast<std::int32_t>(v);
  });
  return ct::mask_negative(below);
}

}  // namespace

void mldsa_pack_z(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  mldsa_field::with_gamma1_bits(gamma1, [&]<std::size_t B>() { pack_z_bits<B>(out, z, gamma1); });
}

void mldsa_unpack_z(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  mldsa_field::with_gamma1_bits(gamma1, [&]<std::size_t B>() { unpack_z_bits<B>(z, in, gamma1); });
}

void mldsa_pack_eta(std::uint8_t* out, const std::int32_t s[256], unsigned eta) {
  mldsa_field::with_eta(eta, [&]<int Eta, std::size_t Bits>() { pack_eta_poly<Eta, Bits>(out, s); });
}

std::uint32_t mldsa_unpack_eta(std::int32_t s[256], const std::uint8_t* in, unsigned eta) {
  return mldsa_field::with_eta(eta, [&]<int Eta, std::size_t Bits>() { return unpack_eta_poly<Eta, Bits>(s, in); });
}

void mldsa_power2round_pack(std::uint8_t t1[320], std::uint8_t t0[416], const std::int32_t t[256]) {
  using mldsa_field::add_q_if_negative;
  using mldsa_field::d;
  using mldsa_field::power2round;
  bitpack::pack<10, 256>(t1, [&](std::size_t i) {
    return static_cast<std::uint32_t>(power2round(add_q_if_negative(t[i])).high);
  });
  bitpack::pack<d, 256>(t0, [&](std::size_t i) {
    return static_cast<std::uint32_t>((1 << (d - 1)) - power2round(add_q_if_negative(t[i])).low);
  });
}

void mldsa_unpack_t1(std::int32_t t1[256], const std::uint8_t in[320]) {
  bitpack::unpack<10, 256>(in, [&](std::size_t i, std::uint32_t v) { t1[i] = static_cast<std::int32_t>(v); });
}

void mldsa_unpack_t0(std::int32_t t0[256], const std::uint8_t in[416]) {
  using mldsa_field::d;
  bitpack::unpack<d, 256>(in, [&](std::size_t i, std::uint32_t v) {
    t0[i] = (1 << (d - 1)) - static_cast<std::int32_t>(v);
  });
}

}  // namespace pqlab::kernels::portable
