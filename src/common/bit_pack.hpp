// Little-endian bit packing of fixed-width values (FIPS 203 Alg. 5/6
// ByteEncode/ByteDecode; FIPS 204 Alg. 16–19 SimpleBitPack/BitPack before
// their offsets). Values go in groups of eight, which fill exactly Bits
// bytes, least significant bit first. A packed group is assembled in
// little-endian 64-bit words, so that it costs a few word stores rather
// than one store per byte (about half the time of byte-wise assembly at
// 10 and 13 bits); unpacking works byte-wise, which compilers vectorise. Every shift is a compile-time constant
// and each group is straight-line code (index_sequence folds), so the
// access pattern never depends on the values.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "common/little_endian.hpp"

namespace pqlab::bitpack {
namespace detail {

// A group of eight Bits-bit values being packed: 8·Bits bits, in
// little-endian 64-bit words.
template <std::size_t Bits>
struct Group {
  static constexpr std::size_t words = (Bits + 7) / 8;
  static constexpr std::size_t tail_bytes = Bits - 8 * (words - 1);  // of the last word
  std::uint64_t w[words] = {};

  // Value J's bits ORed into the one or two words it spans.
  template <std::size_t J>
  void put(std::uint32_t v) {
    constexpr std::size_t lo = J * Bits, word = lo / 64, shift = lo % 64;
    w[word] |= std::uint64_t{v} << shift;
    if constexpr (shift + Bits > 64) w[word + 1] |= std::uint64_t{v} >> (64 - shift);
  }

  // Exactly Bits bytes out: whole words, then the last one's bytes.
  void store(std::uint8_t* out) const {
    for (std::size_t i = 0; i + 1 < words; ++i) store_le64(out + 8 * i, w[i]);
    std::uint8_t last[8];
    store_le64(last, w[words - 1]);
    std::memcpy(out + 8 * (words - 1), last, tail_bytes);
  }
};

template <std::size_t Bits, std::size_t... J>
inline void pack_group(std::uint8_t* out, const std::uint32_t (&v)[8], std::index_sequence<J...>) {
  Group<Bits> g;
  (g.template put<J>(v[J]), ...);
  g.store(out);
}

// The part of value J that byte B holds, moved into place within the value.
template <std::size_t Bits, std::size_t B, std::size_t J>
constexpr std::uint32_t byte_in_value(std::uint32_t byte) {
  constexpr std::size_t lo = J * Bits, hi = lo + Bits;
  if constexpr (hi <= 8 * B || lo >= 8 * B + 8)
    return 0;
  else if constexpr (lo >= 8 * B)
    return byte >> (lo - 8 * B);
  else
    return byte << (8 * B - lo);
}

template <std::size_t Bits, std::size_t J, std::size_t... B>
constexpr std::uint32_t unpacked_value(const std::uint8_t* in, std::index_sequence<B...>) {
  return (byte_in_value<Bits, B, J>(in[B]) | ...) & ((std::uint32_t{1} << Bits) - 1);
}

template <std::size_t Bits, std::size_t... J>
inline void unpack_group(std::uint32_t (&v)[8], const std::uint8_t* in, std::index_sequence<J...>) {
  ((v[J] = unpacked_value<Bits, J>(in, std::make_index_sequence<Bits>{})), ...);
}

}  // namespace detail

// Packs Count values of Bits bits each (value_of(i), masked to Bits bits)
// into Count·Bits/8 bytes.
template <std::size_t Bits, std::size_t Count, class ValueOf>
inline void pack(std::uint8_t* out, ValueOf value_of) {
  static_assert(Bits >= 1 && Bits <= 24 && Count % 8 == 0);
  for (std::size_t g = 0; g < Count / 8; ++g) {
    std::uint32_t v[8];
    for (std::size_t j = 0; j < 8; ++j)
      v[j] = static_cast<std::uint32_t>(value_of(8 * g + j)) & ((std::uint32_t{1} << Bits) - 1);
    detail::pack_group<Bits>(out + g * Bits, v, std::make_index_sequence<8>{});
  }
}

// The inverse: store(i, v) receives each of the Count Bits-bit values.
template <std::size_t Bits, std::size_t Count, class Store>
inline void unpack(const std::uint8_t* in, Store store) {
  static_assert(Bits >= 1 && Bits <= 24 && Count % 8 == 0);
  for (std::size_t g = 0; g < Count / 8; ++g) {
    std::uint32_t v[8];
    detail::unpack_group<Bits>(v, in + g * Bits, std::make_index_sequence<8>{});
    for (std::size_t j = 0; j < 8; ++j) store(8 * g + j, v[j]);
  }
}

}  // namespace pqlab::bitpack
