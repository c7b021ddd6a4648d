// μ = H(tr ‖ M', 64) for the external interfaces (FIPS 204 Alg. 2 line 10
// with Alg. 7 line 6, and Alg. 4 line 23), absorbed piece by piece so that
// M' is never built in memory.
#pragma once
#include <cstdint>
#include <span>

#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa::detail {

// M' = domain ‖ |ctx| ‖ ctx ‖ body..., domain 0 for ML-DSA and 1 for
// HashML-DSA (whose body is OID ‖ PH(M)). ctx has at most 255 bytes.
inline void formatted_mu(std::span<std::uint8_t, mu_bytes> mu, std::span<const std::uint8_t, 64> tr,
                         std::uint8_t domain, Context ctx, std::span<const std::uint8_t> body1,
                         std::span<const std::uint8_t> body2 = {}) {
  const std::uint8_t prefix[2] = {domain, static_cast<std::uint8_t>(ctx.size())};
  hash::Shake256 h;
  h.absorb(tr);
  h.absorb(prefix);
  h.absorb(ctx);
  h.absorb(body1);
  h.absorb(body2);
  h.squeeze(mu);
}

}  // namespace pqlab::mldsa::detail
