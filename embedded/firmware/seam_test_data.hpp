// Reproducible test inputs for the firmware's kernel seam checks
// (seam_check.cpp, mldsa_seam_check.cpp): public data, not randomness.
#pragma once
#include <cstdint>

namespace firmware {

// xorshift32.
struct SeamTestData {
  std::uint32_t state;
  std::uint32_t next() {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
  }
  // Uniform enough in [-bound, bound] for 0 < bound < 2^31.
  std::int32_t in(std::int32_t bound) {
    const std::uint64_t span = 2 * static_cast<std::uint64_t>(bound) + 1;
    return static_cast<std::int32_t>(static_cast<std::int64_t>(next() % span) - bound);
  }
};

}  // namespace firmware
