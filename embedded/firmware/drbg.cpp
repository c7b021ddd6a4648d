#include "drbg.hpp"

#include "pqlab/hash.hpp"

namespace firmware {

SeededDrbg::SeededDrbg(std::span<const std::uint8_t, 32> seed) {
  for (std::size_t i = 0; i < seed_.size(); ++i) seed_[i] = seed[i];
}

pqlab::Status SeededDrbg::generate(std::span<std::uint8_t> out) {
  std::uint8_t block_index[8];
  for (std::size_t i = 0; i < 8; ++i) block_index[i] = static_cast<std::uint8_t>(counter_ >> (8 * i));
  ++counter_;
  pqlab::hash::Shake256 xof;
  xof.absorb(seed_);
  xof.absorb(block_index);
  xof.squeeze(out);
  return pqlab::Status::ok;
}

}  // namespace firmware
