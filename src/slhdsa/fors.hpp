// FORS, the few-time signature on the message digest (FIPS 205 §8). Leaves
// are computed Hash::batch at a time (PRF then F over independent inputs).
#pragma once
#include <cstddef>
#include <cstdint>

#include "slhdsa/address.hpp"
#include "slhdsa/encoding.hpp"
#include "slhdsa/merkle.hpp"

namespace pqlab::slhdsa::detail {

// The FORS_PRF address of secret value `index` (fors_skGen, Alg. 14).
inline Adrs fors_secret_adrs(const Adrs& adrs, std::uint32_t index) {
  Adrs sk_adrs = adrs;
  sk_adrs.set_type_and_clear(AdrsType::fors_prf);
  sk_adrs.set_key_pair_address(adrs.key_pair_address());
  sk_adrs.set_tree_index(index);
  return sk_adrs;
}

// FORS leaves per Merkle batch: two hash batches, so that the first node
// level above them fills one whole h_ways batch.
template <class Hash>
inline constexpr std::uint32_t fors_leaf_batch = 2 * static_cast<std::uint32_t>(Hash::batch);

// T_k over the k roots (Alg. 16's caller, Alg. 17 lines 20-24).
template <class P, class Hash>
void fors_compress_roots(std::uint8_t* pk, const std::uint8_t* roots, const Adrs& adrs, const Hash& hash) {
  Adrs roots_adrs = adrs;
  roots_adrs.set_type_and_clear(AdrsType::fors_roots);
  roots_adrs.set_key_pair_address(adrs.key_pair_address());
  hash.t(pk, roots_adrs, roots, static_cast<std::size_t>(P::k) * P::n);
}

// fors_sign (Alg. 16) of the digest part md, with fors_node (Alg. 15)
// computed by the Merkle stack; also writes the FORS public key (what
// fors_pkFromSig, Alg. 17, would return). `adrs`: type FORS_TREE, tree
// address and key pair set.
template <class P, class Hash>
void fors_sign(std::uint8_t* sig, std::uint8_t* pk, const std::uint8_t* md, const Adrs& adrs, const Hash& hash) {
  constexpr std::size_t n = P::n;
  constexpr std::uint32_t a = static_cast<std::uint32_t>(P::a);
  std::uint32_t indices[P::k];
  base_2b(indices, md, a, static_cast<std::size_t>(P::k));
  std::uint8_t roots[static_cast<std::size_t>(P::k) * n];
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(P::k); ++i) {
    const std::uint32_t offset = i << a;
    std::uint8_t* sig_i = sig + i * (a + 1) * n;
    hash.prf(sig_i, fors_secret_adrs(adrs, offset + indices[i]));
    merkle_tree<n, static_cast<std::size_t>(P::a), fors_leaf_batch<Hash>>(roots + i * n, sig_i + n, indices[i], a,
                                                                          offset, adrs, hash,
                                                                          [&](std::uint32_t first, std::uint8_t* out) {
      for (std::uint32_t part = 0; part < fors_leaf_batch<Hash>; part += Hash::batch) {
        Adrs sk_adrs[Hash::batch], leaf_adrs[Hash::batch];
        std::uint8_t* way[Hash::batch];
        for (std::uint32_t b = 0; b < Hash::batch; ++b) {
          const std::uint32_t leaf = offset + first + part + b;
          sk_adrs[b] = fors_secret_adrs(adrs, leaf);
          leaf_adrs[b] = adrs;
          leaf_adrs[b].set_tree_height(0);
          leaf_adrs[b].set_tree_index(leaf);
          way[b] = out + (part + b) * n;
        }
        hash.prf_ways(way, sk_adrs, Hash::batch);
        hash.f_ways(way, leaf_adrs, way, Hash::batch);
      }
    });
  }
  fors_compress_roots<P>(pk, roots, adrs, hash);
}

// fors_pkFromSig (Alg. 17). Public data only.
template <class P, class Hash>
void fors_pk_from_sig_vartime(std::uint8_t* pk, const std::uint8_t* sig, const std::uint8_t* md, const Adrs& adrs,
                              const Hash& hash) {
  constexpr std::size_t n = P::n;
  constexpr std::uint32_t a = static_cast<std::uint32_t>(P::a);
  std::uint32_t indices[P::k];
  base_2b(indices, md, a, static_cast<std::size_t>(P::k));
  std::uint8_t roots[static_cast<std::size_t>(P::k) * n];
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(P::k); ++i) {
    const std::uint32_t offset = i << a;
    const std::uint8_t* sig_i = sig + i * (a + 1) * n;
    Adrs leaf_adrs = adrs;
    leaf_adrs.set_tree_height(0);
    leaf_adrs.set_tree_index(offset + indices[i]);
    hash.f(roots + i * n, leaf_adrs, sig_i);
    merkle_root_from_path_vartime<n>(roots + i * n, sig_i + n, indices[i], a, offset, adrs, hash);
  }
  fors_compress_roots<P>(pk, roots, adrs, hash);
}

}  // namespace pqlab::slhdsa::detail
