// The firmware's RandomSource: a deterministic generator seeded by the
// harness (a fixed seed, or seed=<64 hex digits> on the QEMU command line).
// Output block i is SHAKE256(seed || i) (FIPS 202), i a 64-bit little-endian
// counter. Fine for repeatable measurements under emulation; NOT an entropy
// source for a real device, which would pass a TRNG-backed RandomSource.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "pqlab/random.hpp"

namespace firmware {

class SeededDrbg final : public pqlab::RandomSource {
 public:
  explicit SeededDrbg(std::span<const std::uint8_t, 32> seed);
  pqlab::Status generate(std::span<std::uint8_t> out) override;

 private:
  std::array<std::uint8_t, 32> seed_;
  std::uint64_t counter_ = 0;
};

}  // namespace firmware
