// pqlab: the one place where the core asks the outside world for entropy.
// Hosted builds use SystemRandom (getrandom(2)); a bare-metal build passes
// its own RandomSource (a TRNG driver, or a seeded DRBG under emulation).
#pragma once
#include "pqlab/export.h"
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqlab/status.hpp"

namespace pqlab {

class PQLAB_API RandomSource {
 public:
  virtual Status generate(std::span<std::uint8_t> out) = 0;

 protected:
  ~RandomSource() = default;
};

// getrandom(2)-backed source; not built for freestanding targets.
class PQLAB_API SystemRandom final : public RandomSource {
 public:
  Status generate(std::span<std::uint8_t> out) override;
};

PQLAB_API SystemRandom& system_random();

}  // namespace pqlab
