// The part of ML-DSA verification before the final hash (FIPS 204 Alg. 8
// lines 8–12), shared by verify_mu and the batch verification.
#pragma once
#include <cstdint>
#include <span>

#include "mldsa/packing.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa::detail {

template <class P>
Status verify_w1_vartime(ConstPublicKey<P> pk, ConstSignature<P> sig,
                         std::span<std::uint8_t, Layout<P>::w1_bytes> w1_packed);

}  // namespace pqlab::mldsa::detail
