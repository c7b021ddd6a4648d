// The part of ML-DSA verification before the final hash (FIPS 204 Alg. 8
// lines 8–12), shared by verify_mu and the batch verification.
#pragma once
#include <cstdint>
#include <span>

#include "common/ct.hpp"
#include "mldsa/packing.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa::detail {

// The verification outcome from the constant-time difference of c̃ and c̃'
// (Alg. 8 line 13): Status::ok when diff is zero, else invalid_signature,
// formed from diff's mask rather than a branch or conditional move
// (scripts/check_select_asm.sh checks the generated code).
inline Status status_from_ctilde_diff(std::uint8_t diff) {
  return static_cast<Status>(ct::mask_nonzero_u8(diff) & static_cast<std::uint8_t>(Status::invalid_signature));
}

template <class P>
Status verify_w1_vartime(ConstPublicKey<P> pk, ConstSignature<P> sig,
                         std::span<std::uint8_t, Layout<P>::w1_bytes> w1_packed);

}  // namespace pqlab::mldsa::detail
