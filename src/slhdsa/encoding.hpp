// SLH-DSA's integer and digit encodings (FIPS 205 §4.4).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqlab::slhdsa::detail {

// toInt (Alg. 2): the big-endian integer of `bytes` bytes (at most 8).
inline std::uint64_t to_int(const std::uint8_t* x, std::size_t bytes) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < bytes; ++i) total = (total << 8) | x[i];
  return total;
}

// toByte (Alg. 3): x as `bytes` big-endian bytes.
inline void to_byte(std::uint8_t* out, std::uint64_t x, std::size_t bytes) {
  for (std::size_t i = bytes; i-- > 0;) {
    out[i] = static_cast<std::uint8_t>(x);
    x >>= 8;
  }
}

// x mod 2^bits for bits in 0..64.
inline std::uint64_t low_bits(std::uint64_t x, unsigned bits) {
  return bits >= 64 ? x : x & ((std::uint64_t{1} << bits) - 1);
}

// base_2b (Alg. 4): the first out_len base-2^b digits of x, most
// significant bits first. b ≤ 16; x holds at least ⌈out_len·b/8⌉ bytes.
template <class Digit>
void base_2b(Digit* out, const std::uint8_t* x, unsigned b, std::size_t out_len) {
  std::size_t in = 0;
  unsigned bits = 0;
  std::uint32_t total = 0;
  for (std::size_t i = 0; i < out_len; ++i) {
    while (bits < b) {
      total = (total << 8) | x[in++];
      bits += 8;
    }
    bits -= b;
    out[i] = static_cast<Digit>((total >> bits) & ((1u << b) - 1));
  }
}

}  // namespace pqlab::slhdsa::detail
