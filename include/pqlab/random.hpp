// pqlab: the one place where the core asks the outside world for entropy.
// Hosted builds use SystemRandom (getrandom(2)); a bare-metal build passes
// its own RandomSource (a TRNG driver, or a seeded DRBG under emulation).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqlab/status.hpp"

namespace pqlab {

class RandomSource {
 public:
  virtual Status generate(std::span<std::uint8_t> out) = 0;

 protected:
  ~RandomSource() = default;
};

// getrandom(2)-backed source; not built for freestanding targets.
class SystemRandom final : public RandomSource {
 public:
  Status generate(std::span<std::uint8_t> out) override;
};

SystemRandom& system_random();

}  // namespace pqlab
