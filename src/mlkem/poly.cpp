// ML-KEM polynomial arithmetic, compression and byte encodings (FIPS 203 §4.2).
#include "mlkem/poly.hpp"

#include "common/bit_pack.hpp"
#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"

namespace pqlab::mlkem {

using namespace pqlab::mlkem_field;

NttPoly ntt(const Poly& p) {
  NttPoly r{p.c};
  kernels::active().mlkem_ntt(r.c.data());
  return r;
}

Poly invntt_from_montgomery(const NttPoly& p) {
  Poly r{p.c};
  kernels::active().mlkem_invntt_tomont(r.c.data());
  return r;
}

template <std::size_t K>
NttPoly dot_montgomery(const NttVec<K>& a, const NttVec<K>& b) {
  NttPoly r{};
  for (std::size_t j = 0; j < K; ++j)
    kernels::active().mlkem_basemul_acc(r.c.data(), a[j].c.data(),
                                        b[j].c.data());
  for (auto& x : r.c) x = barrett_reduce(x);  // |x| < 2qK ≤ 8q fits int16
  return r;
}
template NttPoly dot_montgomery<2>(const NttVec<2>&, const NttVec<2>&);
template NttPoly dot_montgomery<3>(const NttVec<3>&, const NttVec<3>&);
template NttPoly dot_montgomery<4>(const NttVec<4>&, const NttVec<4>&);

void add_to(Poly& r, const Poly& a) {
  for (std::size_t i = 0; i < n; ++i) r.c[i] = barrett_reduce(static_cast<std::int16_t>(r.c[i] + a.c[i]));
}
void sub_from(Poly& r, const Poly& a) {
  for (std::size_t i = 0; i < n; ++i) r.c[i] = barrett_reduce(static_cast<std::int16_t>(r.c[i] - a.c[i]));
}
void add_to(NttPoly& r, const NttPoly& a) {
  for (std::size_t i = 0; i < n; ++i) r.c[i] = barrett_reduce(static_cast<std::int16_t>(r.c[i] + a.c[i]));
}
void to_montgomery(NttPoly& p) {
  for (auto& x : p.c) x = fqmul(x, mont_squared);
}

void byte_encode12(std::span<std::uint8_t, 384> out, const std::array<std::int16_t, n>& a) {
  for (std::size_t i = 0; i < n / 2; ++i) {
    const auto x = static_cast<std::uint16_t>(to_unsigned(a[2 * i]));
    const auto y = static_cast<std::uint16_t>(to_unsigned(a[2 * i + 1]));
    out[3 * i] = static_cast<std::uint8_t>(x);
    out[3 * i + 1] = static_cast<std::uint8_t>((x >> 8) | (y << 4));
    out[3 * i + 2] = static_cast<std::uint8_t>(y >> 4);
  }
}

namespace {
// The two 12-bit values packed in bytes 3i .. 3i+2.
struct Pair12 {
  std::uint16_t x, y;
};
Pair12 unpack12(std::span<const std::uint8_t, 384> in, std::size_t i) {
  const std::uint16_t b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
  return {static_cast<std::uint16_t>((b0 | (b1 << 8)) & 0xfff), static_cast<std::uint16_t>((b1 >> 4) | (b2 << 4))};
}
// x mod q for x < 2^12 < 2q, by a masked subtraction.
std::int16_t reduce12(std::uint16_t x) {
  const auto t = static_cast<std::int16_t>(x - q);
  return static_cast<std::int16_t>(t + ((t >> 15) & q));
}
}  // namespace

void byte_decode12(std::array<std::int16_t, n>& a, std::span<const std::uint8_t, 384> in) {
  for (std::size_t i = 0; i < n / 2; ++i) {
    const Pair12 p = unpack12(in, i);
    a[2 * i] = reduce12(p.x);
    a[2 * i + 1] = reduce12(p.y);
  }
}

bool is_reduced12_vartime(std::span<const std::uint8_t, 384> in) {
  for (std::size_t i = 0; i < n / 2; ++i) {
    const Pair12 p = unpack12(in, i);
    if (p.x >= q || p.y >= q) return false;
  }
  return true;
}

// Compress_d(x) = round(2^d · x / q) mod 2^d for x in [0, q) (eq. 4.7).
// The division by q is a multiplication by ceil(2^36 / q) and a shift,
// exact for numerators below 2^23 (tested exhaustively), so no divide
// instruction with data-dependent timing is emitted.
std::uint32_t compress(std::int16_t coefficient, std::size_t d) {
  constexpr std::uint64_t magic = ((std::uint64_t{1} << 36) + q - 1) / q;
  const auto x = static_cast<std::uint64_t>(to_unsigned(coefficient));
  const std::uint64_t numerator = (x << d) + q / 2;
  return static_cast<std::uint32_t>((numerator * magic) >> 36) & ((1u << d) - 1);
}

// Decompress_d(y) = round(q · y / 2^d) (eq. 4.8). The rounding term 2^d / 2
// is written (1 << d) >> 1 so that no d (not even 0) shifts out of range.
std::int16_t decompress(std::uint32_t y, std::size_t d) {
  return static_cast<std::int16_t>((y * static_cast<std::uint32_t>(q) + ((1u << d) >> 1)) >> d);
}

// ByteEncode_d (Alg. 5) of Compress_d, the compression inlined and the
// packing straight-line (common/bit_pack.hpp).
template <std::size_t D>
void compress_encode(std::span<std::uint8_t, 32 * D> out, const Poly& p) {
  bitpack::pack<D, n>(out.data(), [&](std::size_t i) { return compress(p.c[i], D); });
}
// ByteDecode_d (Alg. 6), then Decompress_d.
template <std::size_t D>
void decode_decompress(Poly& p, std::span<const std::uint8_t, 32 * D> in) {
  bitpack::unpack<D, n>(in.data(), [&](std::size_t i, std::uint32_t v) { p.c[i] = decompress(v, D); });
}
#define PQLAB_MLKEM_INSTANTIATE_D(D)                                                   \
  template void compress_encode<D>(std::span<std::uint8_t, 32 * D>, const Poly&); \
  template void decode_decompress<D>(Poly&, std::span<const std::uint8_t, 32 * D>);
PQLAB_MLKEM_INSTANTIATE_D(1)
PQLAB_MLKEM_INSTANTIATE_D(4)
PQLAB_MLKEM_INSTANTIATE_D(5)
PQLAB_MLKEM_INSTANTIATE_D(10)
PQLAB_MLKEM_INSTANTIATE_D(11)
#undef PQLAB_MLKEM_INSTANTIATE_D

}  // namespace pqlab::mlkem
