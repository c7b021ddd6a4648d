// ML-DSA verification in pieces (FIPS 204 Alg. 8), shared by the single
// and the batch verification: w1' from the signature (lines 8–12), the
// final hash and compare (line 13), and the two together with tr = H(pk)
// riding in ExpandA's idle ways.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "common/ct.hpp"
#include "hash/keccak_parallel.hpp"
#include "mldsa/packing.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa::detail {

// The verification outcome from the constant-time difference of c̃ and c̃'
// (Alg. 8 line 13): Status::ok when diff is zero, else invalid_signature,
// formed from diff's mask rather than a branch or conditional move
// (scripts/check_select_asm.sh checks the generated code).
inline Status status_from_ctilde_diff(std::uint8_t diff) {
  return static_cast<Status>(ct::mask_nonzero_u8(diff) & static_cast<std::uint8_t>(Status::invalid_signature));
}

// Alg. 8 lines 8–12: w1Encode(w1') of the signature, or invalid_signature
// for malformed hints or z out of range. A rider (hash::KeccakRider) takes
// the idle ways of ExpandA's SHAKE128 batches.
template <class P>
Status verify_w1_vartime(ConstPublicKey<P> pk, ConstSignature<P> sig,
                         std::span<std::uint8_t, Layout<P>::w1_bytes> w1_packed, hash::KeccakRider* rider = nullptr);

// Alg. 8 line 13: c̃' = H(μ ‖ w1Encode(w1'), λ/4); valid iff c̃ = c̃',
// compared in constant time. Never inlined: every verification calls this
// one copy, whose code scripts/check_select_asm.sh checks.
template <class P>
Status check_ctilde(Mu mu, std::span<const std::uint8_t, Layout<P>::w1_bytes> w1_packed, ConstSignature<P> sig);

// Alg. 8 from line 5 with μ formed from tr by make_mu(tr, mu). tr = H(pk,
// 64) (15 serial permutations for ML-DSA-65) does not feed ExpandA, so it
// rides in the idle ways of ExpandA's batches and only what is left of it
// runs alone.
template <class P, class MakeMu>
Status verify_with_riding_tr(ConstPublicKey<P> pk, ConstSignature<P> sig, MakeMu&& make_mu) {
  std::array<std::uint8_t, Layout<P>::w1_bytes> w1_packed;
  hash::KeccakRider tr_hash(hash::Shake256::rate_bytes, 0x1f, pk);
  if (verify_w1_vartime<P>(pk, sig, w1_packed, &tr_hash) != Status::ok) return Status::invalid_signature;
  std::array<std::uint8_t, 64> tr;
  tr_hash.finish(tr);
  std::array<std::uint8_t, mu_bytes> mu;
  make_mu(std::span<const std::uint8_t, 64>(tr), std::span<std::uint8_t, mu_bytes>(mu));
  return check_ctilde<P>(mu, w1_packed, sig);
}

}  // namespace pqlab::mldsa::detail
