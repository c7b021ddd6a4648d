// Little-endian 64-bit words (FIPS 202's byte order within a Keccak lane):
// one plain copy on little-endian targets (x86-64, the Cortex-M4), a byte
// loop elsewhere.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>

namespace pqlab {

inline std::uint64_t load_le64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&v, p, 8);
  } else {
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  }
  return v;
}

inline void store_le64(std::uint8_t* p, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(p, &v, 8);
  } else {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
  }
}

}  // namespace pqlab
