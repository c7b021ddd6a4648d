// ML-KEM's byte encodings, compression and noise sampler (FIPS 203 §4.2.1,
// Alg. 5, 6 and 8), portable. Every loop runs the same instructions
// whatever the coefficient values.
#include "common/bit_pack.hpp"
#include "kernels/mlkem_field.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {
namespace {

using mlkem_field::q;

template <std::size_t D>
void compress_encode_d(std::uint8_t* out, const std::int16_t a[256]) {
  bitpack::pack<D, 256>(out, [&](std::size_t i) { return mlkem_field::compress(a[i], D); });
}
template <std::size_t D>
void decode_decompress_d(std::int16_t a[256], const std::uint8_t* in) {
  bitpack::unpack<D, 256>(in, [&](std::size_t i, std::uint32_t v) { a[i] = mlkem_field::decompress(v, D); });
}

}  // namespace

// ByteDecode_12 (Alg. 6, d = 12): each 12-bit value x, reduced by a masked
// subtraction (x < 2^12 < 2q); the flag collects x ≥ q without a branch.
std::uint32_t mlkem_byte_decode12(std::int16_t a[256], const std::uint8_t in[384]) {
  std::uint32_t out_of_range = 0;
  for (std::size_t i = 0; i < 128; ++i) {
    const std::uint32_t b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
    const std::uint32_t x[2] = {(b0 | (b1 << 8)) & 0xfff, (b1 >> 4) | (b2 << 4)};
    for (std::size_t j = 0; j < 2; ++j) {
      const std::int32_t t = static_cast<std::int32_t>(x[j]) - q;  // negative iff x < q
      out_of_range |= (static_cast<std::uint32_t>(t) >> 31) ^ 1u;
      a[2 * i + j] = static_cast<std::int16_t>(t + ((t >> 31) & q));
    }
  }
  return out_of_range;
}

// ByteEncode_12 (Alg. 5, d = 12) of the representatives in [0, q).
void mlkem_byte_encode12(std::uint8_t out[384], const std::int16_t a[256]) {
  for (std::size_t i = 0; i < 128; ++i) {
    const auto x = static_cast<std::uint16_t>(mlkem_field::to_unsigned(a[2 * i]));
    const auto y = static_cast<std::uint16_t>(mlkem_field::to_unsigned(a[2 * i + 1]));
    out[3 * i] = static_cast<std::uint8_t>(x);
    out[3 * i + 1] = static_cast<std::uint8_t>((x >> 8) | (y << 4));
    out[3 * i + 2] = static_cast<std::uint8_t>(y >> 4);
  }
}

void mlkem_compress_encode(std::uint8_t* out, const std::int16_t a[256], unsigned d) {
  mlkem_field::with_compress_width(d, [&]<std::size_t D>() { compress_encode_d<D>(out, a); });
}

void mlkem_decode_decompress(std::int16_t a[256], const std::uint8_t* in, unsigned d) {
  mlkem_field::with_compress_width(d, [&]<std::size_t D>() { decode_decompress_d<D>(a, in); });
}

// SamplePolyCBD_η (Alg. 8). Each coefficient is (sum of η bits) − (sum of
// the next η bits); the sums for a whole word are formed at once
// (bit-sliced), so no branch or index depends on the secret bytes.
void mlkem_cbd(std::int16_t a[256], const std::uint8_t* buf, unsigned eta) {
  if (eta == 2) {
    // 4 bytes → 8 coefficients of 4 bits each.
    for (std::size_t i = 0; i < 32; ++i) {
      const std::uint32_t w = std::uint32_t{buf[4 * i]} | std::uint32_t{buf[4 * i + 1]} << 8 |
                              std::uint32_t{buf[4 * i + 2]} << 16 | std::uint32_t{buf[4 * i + 3]} << 24;
      const std::uint32_t sums = (w & 0x55555555u) + ((w >> 1) & 0x55555555u);
      for (unsigned j = 0; j < 8; ++j) {
        const auto x = static_cast<std::int16_t>((sums >> (4 * j)) & 3u);
        const auto y = static_cast<std::int16_t>((sums >> (4 * j + 2)) & 3u);
        a[8 * i + j] = static_cast<std::int16_t>(x - y);
      }
    }
  } else {
    // 3 bytes → 4 coefficients of 6 bits each.
    for (std::size_t i = 0; i < 64; ++i) {
      const std::uint32_t w = std::uint32_t{buf[3 * i]} | std::uint32_t{buf[3 * i + 1]} << 8 |
                              std::uint32_t{buf[3 * i + 2]} << 16;
      const std::uint32_t sums = (w & 0x249249u) + ((w >> 1) & 0x249249u) + ((w >> 2) & 0x249249u);
      for (unsigned j = 0; j < 4; ++j) {
        const auto x = static_cast<std::int16_t>((sums >> (6 * j)) & 7u);
        const auto y = static_cast<std::int16_t>((sums >> (6 * j + 3)) & 7u);
        a[4 * i + j] = static_cast<std::int16_t>(x - y);
      }
    }
  }
}

}  // namespace pqlab::kernels::portable
