// ML-KEM's rejection sampling filter (FIPS 203 Alg. 7), portable.
#include "kernels/mlkem_field.hpp"
#include "kernels/portable/portable.hpp"

namespace pqlab::kernels::portable {

// FIPS 203 Alg. 7 lines 5–13 over one buffer. About one candidate in five
// is rejected, too often for a branch to predict: while two free slots
// remain, each candidate is written to the next slot, which advances only
// if it is accepted.
std::size_t mlkem_rej_uniform_vartime(std::int16_t a[256], std::size_t filled, const std::uint8_t* buf,
                                      std::size_t len) {
  constexpr std::int16_t q = mlkem_field::q;
  std::size_t pos = 0;
  for (; pos + 3 <= len && filled + 2 <= 256; pos += 3) {
    const auto d1 = static_cast<std::int16_t>(buf[pos] | ((buf[pos + 1] & 0x0f) << 8));
    const auto d2 = static_cast<std::int16_t>((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));
    a[filled] = d1;
    filled += static_cast<std::size_t>(d1 < q);
    a[filled] = d2;
    filled += static_cast<std::size_t>(d2 < q);
  }
  for (; pos + 3 <= len && filled < 256; pos += 3) {
    const auto d1 = static_cast<std::int16_t>(buf[pos] | ((buf[pos + 1] & 0x0f) << 8));
    const auto d2 = static_cast<std::int16_t>((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));
    if (d1 < q) a[filled++] = d1;
    if (d2 < q && filled < 256) a[filled++] = d2;
  }
  return filled;
}

}  // namespace pqlab::kernels::portable
