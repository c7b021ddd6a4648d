// ML-DSA's rejection sampling filter for Â (FIPS 204 Alg. 30), portable.
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

}  // namespace pqlab::kernels::portable
