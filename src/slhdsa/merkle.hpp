// The Merkle tree hash shared by XMSS and FORS: the iterative (stack) form
// of xmss_node (FIPS 205 Alg. 9) and fors_node (Alg. 15), which also
// collects the authentication path of one leaf as in xmss_sign (Alg. 10
// lines 1-4) and fors_sign (Alg. 16 lines 5-9). Memory: one stack of
// height + 1 nodes, instead of the 2^height leaves.
#pragma once
#include <cstddef>
#include <cstdint>

#include "slhdsa/address.hpp"

namespace pqlab::slhdsa::detail {

inline void copy_bytes(std::uint8_t* dst, const std::uint8_t* src, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) dst[i] = src[i];
}

// Writes the root of the tree of 2^height leaves to `root` and, when `auth`
// is not null, the height sibling nodes of leaf `leaf_idx` to auth.
// `leaves(first, out)` writes leaves first .. first + LeafBatch − 1 (n bytes
// each) to out. Inner nodes are H(node_adrs, left ‖ right) with
// node_adrs' tree height z and tree index (index_offset + leaf) >> z, so
// FORS tree t passes index_offset = t · 2^a. The branches depend only on
// leaf_idx, which the signature reveals.
template <std::size_t N, std::size_t MaxHeight, std::size_t LeafBatch, class Hash, class Leaves>
void merkle_tree(std::uint8_t* root, std::uint8_t* auth, std::uint32_t leaf_idx, std::uint32_t height,
                 std::uint32_t index_offset, Adrs node_adrs, const Hash& hash, Leaves&& leaves) {
  std::uint8_t stack[(MaxHeight + 1) * N];
  std::uint32_t heights[MaxHeight + 1];
  std::size_t depth = 0;
  const std::uint32_t count = std::uint32_t{1} << height;
  for (std::uint32_t first = 0; first < count; first += LeafBatch) {
    std::uint8_t batch[LeafBatch * N];
    leaves(first, batch);
    for (std::uint32_t b = 0; b < LeafBatch; ++b) {
      const std::uint32_t idx = first + b;
      copy_bytes(stack + depth * N, batch + b * N, N);
      heights[depth++] = 0;
      if (auth != nullptr && idx == (leaf_idx ^ 1u)) copy_bytes(auth, batch + b * N, N);
      while (depth >= 2 && heights[depth - 1] == heights[depth - 2]) {
        const std::uint32_t z = heights[depth - 1] + 1;
        node_adrs.set_tree_height(z);
        node_adrs.set_tree_index((index_offset + idx) >> z);
        std::uint8_t* node = stack + (depth - 2) * N;
        hash.h(node, node_adrs, node);
        --depth;
        heights[depth - 1] = z;
        if (auth != nullptr && z < height && (idx >> z) == ((leaf_idx >> z) ^ 1u))
          copy_bytes(auth + z * N, node, N);
      }
    }
  }
  copy_bytes(root, stack, N);
}

// The root from a leaf and its authentication path (Alg. 11 lines 6-15,
// Alg. 17 lines 9-18): public data only.
template <std::size_t N, class Hash>
void merkle_root_from_path_vartime(std::uint8_t* node, const std::uint8_t* auth, std::uint32_t leaf_idx,
                                   std::uint32_t height, std::uint32_t index_offset, Adrs node_adrs,
                                   const Hash& hash) {
  std::uint8_t pair[2 * N];
  std::uint32_t index = index_offset + leaf_idx;
  for (std::uint32_t z = 0; z < height; ++z) {
    node_adrs.set_tree_height(z + 1);
    if (((leaf_idx >> z) & 1u) == 0) {
      copy_bytes(pair, node, N);
      copy_bytes(pair + N, auth + z * N, N);
    } else {
      copy_bytes(pair, auth + z * N, N);
      copy_bytes(pair + N, node, N);
    }
    index >>= 1;
    node_adrs.set_tree_index(index);
    hash.h(node, node_adrs, pair);
  }
}

}  // namespace pqlab::slhdsa::detail
