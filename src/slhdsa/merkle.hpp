// The Merkle tree hash shared by XMSS and FORS: the iterative (stack) form
// of xmss_node (FIPS 205 Alg. 9) and fors_node (Alg. 15), which also
// collects the authentication path of one leaf as in xmss_sign (Alg. 10
// lines 1-4) and fors_sign (Alg. 16 lines 5-9). Memory: one stack of
// height + 1 nodes, instead of the 2^height leaves.
#pragma once
#include <bit>
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
// FORS tree t passes index_offset = t · 2^a. The subtree over one batch of
// leaves is computed level by level, each level's nodes in one
// Hash::h_ways call; the batches' roots then meet on the stack. The
// branches depend only on leaf_idx, which the signature reveals.
template <std::size_t N, std::size_t MaxHeight, std::size_t LeafBatch, class Hash, class Leaves>
void merkle_tree(std::uint8_t* root, std::uint8_t* auth, std::uint32_t leaf_idx, std::uint32_t height,
                 std::uint32_t index_offset, Adrs node_adrs, const Hash& hash, Leaves&& leaves) {
  static_assert(LeafBatch >= 1 && (LeafBatch & (LeafBatch - 1)) == 0 && LeafBatch <= Hash::batch * 2);
  static_assert(LeafBatch <= (std::size_t{1} << MaxHeight));
  constexpr std::uint32_t batch_height = static_cast<std::uint32_t>(std::bit_width(LeafBatch) - 1);
  std::uint8_t stack[(MaxHeight + 1) * N];
  std::uint32_t heights[MaxHeight + 1];
  std::size_t depth = 0;
  const std::uint32_t count = std::uint32_t{1} << height;
  for (std::uint32_t first = 0; first < count; first += LeafBatch) {
    std::uint8_t batch[LeafBatch * N];
    leaves(first, batch);
    // Level z of the batch: nodes (first >> z) + i, i < LeafBatch >> z, at
    // batch + i·N; node i of level z + 1 is H of nodes 2i and 2i + 1.
    for (std::uint32_t z = 0;; ++z) {
      const std::uint32_t nodes = static_cast<std::uint32_t>(LeafBatch) >> z;
      if (auth != nullptr && z < height) {
        const std::uint32_t sibling = (leaf_idx >> z) ^ 1u;
        const std::uint32_t level_first = first >> z;
        if (sibling >= level_first && sibling - level_first < nodes)
          copy_bytes(auth + z * N, batch + (sibling - level_first) * N, N);
      }
      if (z == batch_height) break;
      Adrs way_adrs[Hash::batch];
      std::uint8_t* out[Hash::batch];
      const std::uint8_t* in[Hash::batch];
      for (std::uint32_t i = 0; i < nodes / 2; ++i) {
        way_adrs[i] = node_adrs;
        way_adrs[i].set_tree_height(z + 1);
        way_adrs[i].set_tree_index(((index_offset + first) >> (z + 1)) + i);
        out[i] = batch + i * N;
        in[i] = batch + 2 * i * N;
      }
      hash.h_ways(out, way_adrs, in, nodes / 2);
    }
    copy_bytes(stack + depth * N, batch, N);
    heights[depth++] = batch_height;
    while (depth >= 2 && heights[depth - 1] == heights[depth - 2]) {
      const std::uint32_t z = heights[depth - 1] + 1;
      node_adrs.set_tree_height(z);
      node_adrs.set_tree_index((index_offset + first) >> z);
      std::uint8_t* node = stack + (depth - 2) * N;
      hash.h(node, node_adrs, node);
      --depth;
      heights[depth - 1] = z;
      if (auth != nullptr && z < height && (first >> z) == ((leaf_idx >> z) ^ 1u)) copy_bytes(auth + z * N, node, N);
    }
  }
  copy_bytes(root, stack, N);
}

// The root from a leaf and its authentication path (Alg. 11 lines 6-15,
// Alg. 17 lines 9-18): public data only.
template <std::size_t N, class Hash>
void merkle_root_from_path_vartime(std::uint8_t* node, const std::uint8_t* auth, std::uint32_t leaf_idx,
                                   std::uint32_t height, std::uint32_t index_offset, Adrs node_adrs, const Hash& hash) {
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
