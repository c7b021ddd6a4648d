// The hypertree: d layers of XMSS trees (FIPS 205 §7).
#pragma once
#include <cstddef>
#include <cstdint>

#include "common/ct.hpp"
#include "common/ct_poison.hpp"
#include "slhdsa/address.hpp"
#include "slhdsa/encoding.hpp"
#include "slhdsa/xmss.hpp"

namespace pqlab::slhdsa::detail {

// ht_sign (Alg. 12): signs the n-byte `msg` (a FORS public key) with the
// XMSS key idx_leaf of tree idx_tree on layer 0, then each tree's root with
// its parent. sig is d · (len + h') · n bytes.
template <class P, class Hash>
void ht_sign(std::uint8_t* sig, const std::uint8_t* msg, std::uint64_t idx_tree, std::uint32_t idx_leaf,
             const Hash& hash) {
  Adrs adrs;
  std::uint8_t root[P::n];
  copy_bytes(root, msg, P::n);
  for (int j = 0; j < P::d; ++j) {
    // The message of layer j (the FORS public key, then each layer's root)
    // is public: every verifier recomputes it from the signature (Alg. 13).
    // Its WOTS+ digits set the chain lengths, so declassify it.
    ct::declassify(root, P::n);
    adrs.set_layer_address(static_cast<std::uint32_t>(j));
    adrs.set_tree_address(idx_tree);
    xmss_sign<P>(sig + static_cast<std::size_t>(j) * P::xmss_sig_bytes, root, root, idx_leaf, adrs, hash);
    idx_leaf = static_cast<std::uint32_t>(low_bits(idx_tree, static_cast<unsigned>(P::hp)));
    idx_tree >>= P::hp;
  }
}

// ht_verify (Alg. 13). Public data only; true iff the signature leads to
// pk_root.
template <class P, class Hash>
bool ht_verify_vartime(const std::uint8_t* msg, const std::uint8_t* sig, std::uint64_t idx_tree, std::uint32_t idx_leaf,
                       const std::uint8_t* pk_root, const Hash& hash) {
  Adrs adrs;
  std::uint8_t node[P::n];
  copy_bytes(node, msg, P::n);
  for (int j = 0; j < P::d; ++j) {
    adrs.set_layer_address(static_cast<std::uint32_t>(j));
    adrs.set_tree_address(idx_tree);
    xmss_pk_from_sig_vartime<P>(node, idx_leaf, sig + static_cast<std::size_t>(j) * P::xmss_sig_bytes, node, adrs,
                                hash);
    idx_leaf = static_cast<std::uint32_t>(low_bits(idx_tree, static_cast<unsigned>(P::hp)));
    idx_tree >>= P::hp;
  }
  return ct::diff(std::span<const std::uint8_t>(node, P::n), std::span<const std::uint8_t>(pk_root, P::n)) == 0;
}

}  // namespace pqlab::slhdsa::detail
