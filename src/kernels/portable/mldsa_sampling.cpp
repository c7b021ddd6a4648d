// ML-DSA's rejection sampling filters, portable: Â's (FIPS 204 Alg. 30)
// and ExpandS's (Alg. 31).
#include "common/ct.hpp"
#include "common/ct_poison.hpp"
#include "kernels/mldsa_field.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {

// FIPS 204 Alg. 30 lines 4–10 with Alg. 14 (CoeffFromThreeBytes) over one
// buffer. Nearly every candidate is accepted (q / 2^23 ≈ 0.999), so the
// branch predicts well.
std::size_t mldsa_rej_uniform_vartime(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf,
                                      std::size_t len) {
  constexpr auto q = static_cast<std::uint32_t>(mldsa_field::q);
  for (std::size_t i = 0; i + 3 <= len && filled < 256; i += 3) {
    const std::uint32_t z = static_cast<std::uint32_t>(buf[i]) | static_cast<std::uint32_t>(buf[i + 1]) << 8 |
                            static_cast<std::uint32_t>(buf[i + 2] & 0x7f) << 16;
    if (z < q) a[filled++] = static_cast<std::int32_t>(z);
  }
  return filled;
}

// FIPS 204 Alg. 31 lines 4–13 with Alg. 15 (CoeffFromHalfByte) over one
// buffer. The nibble's value is computed with arithmetic and written at
// position `filled` whether accepted or not (a later value overwrites a
// rejected one); only the accept decision, declassified, moves `filled`.
std::size_t mldsa_rej_eta(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf, std::size_t len,
                          unsigned eta) {
  const std::uint32_t limit = mldsa_field::eta_nibble_limit(eta);
  for (std::size_t i = 0; i < 2 * len && filled < 256; ++i) {
    const std::uint32_t b = (static_cast<std::uint32_t>(buf[i / 2]) >> (4 * (i % 2))) & 15u;
    // η − (b mod 5) for η = 2 (b mod 5 = b − ⌊b·205 / 2^10⌋·5 for b < 15), 4 − b for η = 4.
    const std::uint32_t reduced = eta == 2 ? b - ((b * 205) >> 10) * 5 : b;
    a[filled] = static_cast<std::int32_t>(eta) - static_cast<std::int32_t>(reduced);
    filled += ct::declassify_value(ct::mask_lt(b, limit)) & 1u;
  }
  return filled;
}

}  // namespace pqlab::kernels::portable
