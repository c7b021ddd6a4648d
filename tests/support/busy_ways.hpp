// `busy` SHAKE128 ways over one seed, squeezed a block at a time with
// riders (hash::WayRider) in their idle ways: the host the rider tests
// give their riders. Each busy way's output is SHAKE128(seed), riders or
// not.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "hash/keccak_parallel.hpp"

namespace pqlab::test {

struct BusyWays {
  static constexpr std::size_t max = hash::Shake128Ways::max_ways;
  hash::Shake128Ways lanes;
  std::array<std::array<std::uint8_t, 168>, max> blocks;
  std::uint8_t* outs[max];
  BusyWays(std::span<const std::uint8_t> seed, std::size_t busy) {
    std::span<const std::uint8_t> seeds[max];
    for (auto& sd : seeds) sd = seed;
    lanes.absorb_once(seeds, busy);
    for (std::size_t i = 0; i < max; ++i) outs[i] = blocks[i].data();
  }
  void squeeze(hash::WayRider* rider) { lanes.squeeze_block(outs, 168, rider); }
};

}  // namespace pqlab::test
