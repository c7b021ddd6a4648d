// SLH-DSA's batched hash calls against the one-at-a-time ones, on the
// active kernel backend (vectors.portable and vectors.avx2 run them on
// those backends too): h_ways against h for every batch size, with the
// in-place layout merkle_tree uses (outputs overwrite the inputs' front),
// and TWays fed in pieces against t, for both hash families and every n.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "slhdsa/address.hpp"
#include "slhdsa/hash_sha2.hpp"
#include "slhdsa/hash_shake.hpp"

namespace {
using namespace pqlab::slhdsa::detail;

std::vector<std::uint8_t> pattern(std::size_t bytes, unsigned seed) {
  std::vector<std::uint8_t> v(bytes);
  for (std::size_t i = 0; i < bytes; ++i) v[i] = static_cast<std::uint8_t>((i + 1) * 131u + seed * 17u);
  return v;
}

Adrs node_adrs(std::uint32_t index) {
  Adrs a;
  a.set_layer_address(3);
  a.set_tree_address(0x0123456789ull);
  a.set_type_and_clear(AdrsType::tree);
  a.set_tree_height(2);
  a.set_tree_index(index);
  return a;
}

template <class Hash>
void check_h_ways() {
  constexpr std::size_t n = Hash::n;
  const auto pk_seed = pattern(n, 1), sk_seed = pattern(n, 2);
  const Hash hash(pk_seed.data(), sk_seed.data());
  for (std::size_t count = 1; count <= Hash::batch; ++count) {
    // 2·count nodes, hashed pairwise into the first count slots.
    auto nodes = pattern(2 * count * n, static_cast<unsigned>(count));
    std::vector<std::uint8_t> expected(count * n);
    Adrs adrs[Hash::batch];
    std::uint8_t* out[Hash::batch];
    const std::uint8_t* in[Hash::batch];
    for (std::size_t i = 0; i < count; ++i) {
      adrs[i] = node_adrs(static_cast<std::uint32_t>(100 + i));
      hash.h(expected.data() + i * n, adrs[i], nodes.data() + 2 * i * n);
      out[i] = nodes.data() + i * n;
      in[i] = nodes.data() + 2 * i * n;
    }
    hash.h_ways(out, adrs, in, count);
    EXPECT_EQ(std::vector<std::uint8_t>(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(count * n)),
              expected)
        << "n = " << n << ", count = " << count;
  }
}

template <class Hash>
void check_t_ways() {
  constexpr std::size_t n = Hash::n;
  constexpr std::size_t chains = 35;  // len of n = 16; any length in whole n-byte pieces
  const auto pk_seed = pattern(n, 5);
  const Hash hash(pk_seed.data(), nullptr);
  for (std::size_t count = 1; count <= Hash::t_batch; ++count) {
    std::vector<std::vector<std::uint8_t>> messages;
    Adrs adrs[Hash::t_batch];
    std::vector<std::uint8_t> expected(count * n), got(count * n);
    for (std::size_t j = 0; j < count; ++j) {
      messages.push_back(pattern(chains * n, static_cast<unsigned>(10 + j)));
      adrs[j] = node_adrs(static_cast<std::uint32_t>(j));
      adrs[j].set_type_and_clear(AdrsType::wots_pk);
      adrs[j].set_key_pair_address(static_cast<std::uint32_t>(j));
      hash.t(expected.data() + j * n, adrs[j], messages[j].data(), chains * n);
    }
    typename Hash::TWays lanes(hash, adrs, count);
    // Pieces of 1, 2, 3, ... chain values, as wots_pk_gen's batches give them.
    for (std::size_t at = 0, piece = 1; at < chains; at += piece, ++piece) {
      const std::size_t take = piece < chains - at ? piece : chains - at;
      const std::uint8_t* in[Hash::t_batch];
      for (std::size_t j = 0; j < count; ++j) in[j] = messages[j].data() + at * n;
      lanes.absorb(in, take * n);
    }
    std::uint8_t* out[Hash::t_batch];
    for (std::size_t j = 0; j < count; ++j) out[j] = got.data() + j * n;
    lanes.finish(out);
    EXPECT_EQ(got, expected) << "n = " << n << ", count = " << count;
  }
}

TEST(SlhDsaWays, ShakeHWaysMatchesH) {
  check_h_ways<ShakeHash<16>>();
  check_h_ways<ShakeHash<24>>();
  check_h_ways<ShakeHash<32>>();
}

TEST(SlhDsaWays, Sha2HLanesMatchesH) {
  check_h_ways<Sha2Hash<16>>();
  check_h_ways<Sha2Hash<24>>();
  check_h_ways<Sha2Hash<32>>();
}

TEST(SlhDsaWays, ShakeTWaysMatchesT) {
  check_t_ways<ShakeHash<16>>();
  check_t_ways<ShakeHash<24>>();
  check_t_ways<ShakeHash<32>>();
}

TEST(SlhDsaWays, Sha2TLanesMatchesT) {
  check_t_ways<Sha2Hash<16>>();
  check_t_ways<Sha2Hash<24>>();
  check_t_ways<Sha2Hash<32>>();
}

}  // namespace
