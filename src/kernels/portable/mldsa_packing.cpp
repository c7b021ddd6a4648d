// Portable packing of ML-DSA's z (FIPS 204 Alg. 26/27 with BitPack and
// BitUnpack, Alg. 17/19): common/bit_pack.hpp's fixed-pattern packing of
// γ1 - z_i, and its inverse.
#include <cstdint>

#include "common/bit_pack.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {
namespace {

template <std::size_t Bits>
void pack_z_bits(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  bitpack::pack<Bits, 256>(out, [&](std::size_t i) { return gamma1 - z[i]; });
}

template <std::size_t Bits>
void unpack_z_bits(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  bitpack::unpack<Bits, 256>(in, [&](std::size_t i, std::uint32_t v) { z[i] = gamma1 - static_cast<std::int32_t>(v); });
}

}  // namespace

void mldsa_pack_z(std::uint8_t* out, const std::int32_t z[256], std::int32_t gamma1) {
  if (gamma1 == (1 << 17)) pack_z_bits<18>(out, z, gamma1);
  else pack_z_bits<20>(out, z, gamma1);
}

void mldsa_unpack_z(std::int32_t z[256], const std::uint8_t* in, std::int32_t gamma1) {
  if (gamma1 == (1 << 17)) unpack_z_bits<18>(z, in, gamma1);
  else unpack_z_bits<20>(z, in, gamma1);
}

}  // namespace pqlab::kernels::portable
