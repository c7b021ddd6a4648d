// XMSS, the fixed-height Merkle trees of WOTS+ keys (FIPS 205 §6).
#pragma once
#include <cstddef>
#include <cstdint>

#include "slhdsa/address.hpp"
#include "slhdsa/merkle.hpp"
#include "slhdsa/wots.hpp"

namespace pqlab::slhdsa::detail {

// The XMSS leaves (WOTS+ public keys) generated together: Hash::t_batch
// (8), which divides every tree's 2^h' leaves. Their T_len calls absorb
// the chain ends batch by batch, so the stack holds one hash batch of
// chain values and the T_len states, not the Count·len·n bytes of chains.
template <class P, class Hash>
constexpr std::size_t xmss_leaf_batch() {
  static_assert(Hash::t_batch <= (std::size_t{1} << P::hp));
  return Hash::t_batch;
}

// xmss_node (Alg. 9) for the root (i = 0, z = h'), and the authentication
// path of leaf `leaf_idx` when auth is not null (Alg. 10 lines 1-4).
// `adrs` carries the layer and tree addresses.
template <class P, class Hash>
void xmss_root(std::uint8_t* root, std::uint8_t* auth, std::uint32_t leaf_idx, const Adrs& adrs, const Hash& hash) {
  Adrs node_adrs = adrs;
  node_adrs.set_type_and_clear(AdrsType::tree);
  Adrs leaf_adrs = adrs;
  leaf_adrs.set_type_and_clear(AdrsType::wots_hash);
  constexpr std::size_t leaf_batch = xmss_leaf_batch<P, Hash>();
  merkle_tree<P::n, static_cast<std::size_t>(P::hp), leaf_batch>(root, auth, leaf_idx,
                                                                 static_cast<std::uint32_t>(P::hp), 0, node_adrs, hash,
                                                                 [&](std::uint32_t first, std::uint8_t* out) {
    leaf_adrs.set_key_pair_address(first);
    wots_pk_gen<P, leaf_batch>(out, leaf_adrs, hash);
  });
}

// xmss_sign (Alg. 10): sig = WOTS+ signature ‖ AUTH ((len + h')·n bytes).
// msg may alias root. Also returns the tree's root, which Alg. 12 would otherwise recompute
// with xmss_pkFromSig.
template <class P, class Hash>
void xmss_sign(std::uint8_t* sig, std::uint8_t* root, const std::uint8_t* msg, std::uint32_t idx, const Adrs& adrs,
               const Hash& hash) {
  // WOTS+ first: msg may be the same buffer as root.
  Adrs wots_adrs = adrs;
  wots_adrs.set_type_and_clear(AdrsType::wots_hash);
  wots_adrs.set_key_pair_address(idx);
  wots_sign<P>(sig, msg, wots_adrs, hash);
  xmss_root<P>(root, sig + P::len * P::n, idx, adrs, hash);
}

// xmss_pkFromSig (Alg. 11). Public data only.
template <class P, class Hash>
void xmss_pk_from_sig_vartime(std::uint8_t* root, std::uint32_t idx, const std::uint8_t* sig, const std::uint8_t* msg,
                              const Adrs& adrs, const Hash& hash) {
  Adrs wots_adrs = adrs;
  wots_adrs.set_type_and_clear(AdrsType::wots_hash);
  wots_adrs.set_key_pair_address(idx);
  wots_pk_from_sig_vartime<P>(root, sig, msg, wots_adrs, hash);
  Adrs node_adrs = adrs;
  node_adrs.set_type_and_clear(AdrsType::tree);
  merkle_root_from_path_vartime<P::n>(root, sig + P::len * P::n, idx, static_cast<std::uint32_t>(P::hp), 0, node_adrs,
                                      hash);
}

}  // namespace pqlab::slhdsa::detail
