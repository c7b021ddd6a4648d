// The internal SLH-DSA functions (FIPS 205 §9): key generation, signing and
// verification of a message given as MessageParts, for parameter set P.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "common/ct_poison.hpp"
#include "common/wipe.hpp"
#include "pqlab/slhdsa.hpp"
#include "slhdsa/address.hpp"
#include "slhdsa/encoding.hpp"
#include "slhdsa/fors.hpp"
#include "slhdsa/hash_sha2.hpp"
#include "slhdsa/hash_shake.hpp"
#include "slhdsa/hypertree.hpp"
#include "slhdsa/message.hpp"
#include "slhdsa/xmss.hpp"

namespace pqlab::slhdsa::detail {

template <class P>
using HashFor = std::conditional_t<P::family == HashFamily::shake, ShakeHash<P::n>, Sha2Hash<P::n>>;

// The split of the message digest (Alg. 19 lines 7-10, Alg. 20 lines 9-12).
template <class P>
struct DigestIndices {
  static constexpr std::size_t md_bytes = (static_cast<std::size_t>(P::k) * P::a + 7) / 8;
  static constexpr unsigned tree_bits = static_cast<unsigned>(P::h - P::hp);
  static constexpr std::size_t tree_bytes = (tree_bits + 7) / 8;
  static constexpr std::size_t leaf_bytes = (static_cast<std::size_t>(P::hp) + 7) / 8;
  static_assert(md_bytes + tree_bytes + leaf_bytes == P::m, "m is the digest length FIPS 205 Table 2 gives");

  explicit DigestIndices(const std::uint8_t* digest)
      : idx_tree(low_bits(to_int(digest + md_bytes, tree_bytes), tree_bits)),
        idx_leaf(static_cast<std::uint32_t>(
            low_bits(to_int(digest + md_bytes + tree_bytes, leaf_bytes), static_cast<unsigned>(P::hp)))) {}

  std::uint64_t idx_tree;
  std::uint32_t idx_leaf;
};

// slh_keygen_internal (Alg. 18). Writes sk = SK.seed ‖ SK.prf ‖ PK.seed ‖
// PK.root and pk = PK.seed ‖ PK.root.
template <class P>
void slh_keygen_internal(std::uint8_t* pk, std::uint8_t* sk, const std::uint8_t* sk_seed, const std::uint8_t* sk_prf,
                         const std::uint8_t* pk_seed) {
  constexpr std::size_t n = P::n;
  std::uint8_t root[n];
  {
    const HashFor<P> hash(pk_seed, sk_seed);
    Adrs adrs;
    adrs.set_layer_address(static_cast<std::uint32_t>(P::d - 1));
    xmss_root<P>(root, nullptr, 0, adrs, hash);
  }
  std::uint8_t seeds[3 * n];
  copy_bytes(seeds, sk_seed, n);
  copy_bytes(seeds + n, sk_prf, n);
  copy_bytes(seeds + 2 * n, pk_seed, n);
  copy_bytes(sk, seeds, 3 * n);
  copy_bytes(sk + 3 * n, root, n);
  copy_bytes(pk, seeds + 2 * n, n);
  copy_bytes(pk + n, root, n);
  secure_wipe(seeds, sizeof seeds);
}

// slh_sign_internal (Alg. 19). opt_rand may point into sk (deterministic
// signing uses PK.seed).
template <class P>
void slh_sign_internal(std::uint8_t* sig, const MessageParts& msg, const std::uint8_t* sk,
                       const std::uint8_t* opt_rand) {
  constexpr std::size_t n = P::n;
  const std::uint8_t* sk_seed = sk;
  const std::uint8_t* sk_prf = sk + n;
  const std::uint8_t* pk_seed = sk + 2 * n;
  const std::uint8_t* pk_root = sk + 3 * n;
  const HashFor<P> hash(pk_seed, sk_seed);
  HashFor<P>::prf_msg(sig, sk_prf, opt_rand, msg);  // R
  // R is the signature's first n bytes (Alg. 19 line 6), public; the FORS
  // and hypertree indices derived from it (lines 7-10) steer the branches.
  ct::declassify(sig, n);
  std::uint8_t digest[P::m];
  HashFor<P>::h_msg(digest, P::m, sig, pk_seed, pk_root, msg);
  const DigestIndices<P> at(digest);
  Adrs adrs;
  adrs.set_tree_address(at.idx_tree);
  adrs.set_type_and_clear(AdrsType::fors_tree);
  adrs.set_key_pair_address(at.idx_leaf);
  std::uint8_t pk_fors[n];
  fors_sign<P>(sig + n, pk_fors, digest, adrs, hash);
  ht_sign<P>(sig + n + P::fors_sig_bytes, pk_fors, at.idx_tree, at.idx_leaf, hash);
}

// slh_verify_internal (Alg. 20). Reads nothing beyond sig.size().
template <class P>
Status slh_verify_internal(std::span<const std::uint8_t> sig, const MessageParts& msg, const std::uint8_t* pk) {
  constexpr std::size_t n = P::n;
  if (sig.size() != P::sig_bytes) return Status::invalid_signature;
  const std::uint8_t* pk_seed = pk;
  const std::uint8_t* pk_root = pk + n;
  const HashFor<P> hash(pk_seed, nullptr);
  std::uint8_t digest[P::m];
  HashFor<P>::h_msg(digest, P::m, sig.data(), pk_seed, pk_root, msg);
  const DigestIndices<P> at(digest);
  Adrs adrs;
  adrs.set_tree_address(at.idx_tree);
  adrs.set_type_and_clear(AdrsType::fors_tree);
  adrs.set_key_pair_address(at.idx_leaf);
  std::uint8_t pk_fors[n];
  fors_pk_from_sig_vartime<P>(pk_fors, sig.data() + n, digest, adrs, hash);
  const bool valid =
      ht_verify_vartime<P>(pk_fors, sig.data() + n + P::fors_sig_bytes, at.idx_tree, at.idx_leaf, pk_root, hash);
  return valid ? Status::ok : Status::invalid_signature;
}

}  // namespace pqlab::slhdsa::detail
