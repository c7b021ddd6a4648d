// ML-KEM polynomial arithmetic, compression and byte encodings (FIPS 203 §4.2).
#include "mlkem/poly.hpp"

#include "kernels/kernels.hpp"
#include "kernels/mlkem_field.hpp"

namespace pqlab::mlkem {

using namespace pqlab::mlkem_field;

NttPoly ntt(const Poly& p) {
  NttPoly r{p.c};
  kernels::active().mlkem.mlkem_ntt(r.c.data());
  return r;
}

Poly invntt_from_montgomery(const NttPoly& p) {
  Poly r{p.c};
  kernels::active().mlkem.mlkem_invntt_tomont(r.c.data());
  return r;
}

template <std::size_t K>
NttPoly dot_montgomery(const NttVec<K>& a, const NttVec<K>& b) {
  NttPoly r{};
  for (std::size_t j = 0; j < K; ++j)
    kernels::active().mlkem.mlkem_basemul_acc(r.c.data(), a[j].c.data(), b[j].c.data());
  for (auto& x : r.c) x = barrett_reduce(x);  // |x| < 2qK ≤ 8q fits int16
  return r;
}
template NttPoly dot_montgomery<2>(const NttVec<2>&, const NttVec<2>&);
template NttPoly dot_montgomery<3>(const NttVec<3>&, const NttVec<3>&);
template NttPoly dot_montgomery<4>(const NttVec<4>&, const NttVec<4>&);

namespace {

// For x in (-2q, 2q), a representative of x mod q in (-q, q): q subtracted
// when x ≥ q, added when x ≤ -q, by masks (no branch on x). Cheaper than a
// Barrett reduction, and enough where the result only needs the (-q, q)
// invariant: the callers below encode (ByteEncode_12, Compress_d) through
// the canonical [0, q) representative, so outputs do not change.
constexpr std::int16_t reduce_below_2q(std::int32_t x) {
  x -= q & ((q - 1 - x) >> 31);  // x ≥ q: now x ∈ (-2q, q)
  x += q & ((x + q - 1) >> 31);  // x ≤ -q: now x ∈ (-q, q)
  return static_cast<std::int16_t>(x);
}
static_assert(reduce_below_2q(2 * q - 1) == q - 1 && reduce_below_2q(q) == 0 && reduce_below_2q(q - 1) == q - 1);
static_assert(reduce_below_2q(-2 * q + 1) == -q + 1 && reduce_below_2q(-q) == 0 && reduce_below_2q(-q + 1) == -q + 1);

}  // namespace

// Both operands in (-q, q) (the Poly/NttPoly invariant), so the sum or
// difference is in (-2q, 2q).
void add_to(Poly& r, const Poly& a) {
  for (std::size_t i = 0; i < n; ++i) r.c[i] = reduce_below_2q(std::int32_t{r.c[i]} + a.c[i]);
}
void add_to(Poly& r, const Poly& a, const Poly& b) {
  for (std::size_t i = 0; i < n; ++i) r.c[i] = reduce_below_2q(std::int32_t{r.c[i]} + a.c[i] + b.c[i]);
}
void sub_from(Poly& r, const Poly& a) {
  for (std::size_t i = 0; i < n; ++i) r.c[i] = reduce_below_2q(std::int32_t{r.c[i]} - a.c[i]);
}
void add_to(NttPoly& r, const NttPoly& a) {
  for (std::size_t i = 0; i < n; ++i) r.c[i] = reduce_below_2q(std::int32_t{r.c[i]} + a.c[i]);
}
void to_montgomery(NttPoly& p) {
  for (auto& x : p.c) x = fqmul(x, mont_squared);
}

void byte_encode12(std::span<std::uint8_t, 384> out, const std::array<std::int16_t, n>& a) {
  kernels::active().mlkem.mlkem_byte_encode12(out.data(), a.data());
}

void byte_decode12(std::array<std::int16_t, n>& a, std::span<const std::uint8_t, 384> in) {
  kernels::active().mlkem.mlkem_byte_decode12(a.data(), in.data());
}

bool is_reduced12_vartime(std::span<const std::uint8_t, 384> in) {
  std::array<std::int16_t, n> decoded;
  return kernels::active().mlkem.mlkem_byte_decode12(decoded.data(), in.data()) == 0;
}

template <std::size_t D>
void compress_encode(std::span<std::uint8_t, 32 * D> out, const Poly& p) {
  kernels::active().mlkem.mlkem_compress_encode(out.data(), p.c.data(), D);
}
template <std::size_t D>
void decode_decompress(Poly& p, std::span<const std::uint8_t, 32 * D> in) {
  kernels::active().mlkem.mlkem_decode_decompress(p.c.data(), in.data(), D);
}
#define PQLAB_MLKEM_INSTANTIATE_D(D)                                              \
  template void compress_encode<D>(std::span<std::uint8_t, 32 * D>, const Poly&); \
  template void decode_decompress<D>(Poly&, std::span<const std::uint8_t, 32 * D>);
PQLAB_MLKEM_INSTANTIATE_D(1)
PQLAB_MLKEM_INSTANTIATE_D(4)
PQLAB_MLKEM_INSTANTIATE_D(5)
PQLAB_MLKEM_INSTANTIATE_D(10)
PQLAB_MLKEM_INSTANTIATE_D(11)
#undef PQLAB_MLKEM_INSTANTIATE_D

}  // namespace pqlab::mlkem
