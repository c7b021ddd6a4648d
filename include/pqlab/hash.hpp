// pqlab: SHA-3 and SHAKE (FIPS 202), incremental. Built on the Keccak kernel.
#pragma once
#include "pqlab/export.h"
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqlab/status.hpp"

namespace pqlab::hash {

// A Keccak[c] sponge with byte-granular absorb and squeeze (FIPS 202 Alg. 8).
// `rate` is in bytes; `domain` is the padding byte (0x06 for SHA-3, 0x1f for
// SHAKE) that carries the suffix bits and the first pad10*1 bit.
class PQLAB_API KeccakSponge {
 public:
  KeccakSponge(std::size_t rate, std::uint8_t domain);
  ~KeccakSponge();
  KeccakSponge(const KeccakSponge&) = default;
  KeccakSponge& operator=(const KeccakSponge&) = default;

  // Absorbs more input. Contract: only before the first finalize() or
  // squeeze() (or after reset()): absorbing a non-empty span into a sponge
  // that is squeezing is a programming error that would silently drop the
  // bytes from the hash, so it traps (__builtin_trap, in every build type)
  // rather than return a wrong digest. An empty span is a no-op at any time.
  void absorb(std::span<const std::uint8_t> data);
  // Pads and switches to squeezing. Calling it again changes nothing.
  void finalize();
  // Squeezes; finalizes first if needed. May be called repeatedly.
  void squeeze(std::span<std::uint8_t> out);
  // Back to the empty, absorbing state.
  void reset();

  std::size_t rate() const { return rate_; }

 private:
  std::uint64_t state_[25];
  std::size_t rate_;
  std::size_t pos_;  // byte offset within the current block
  std::uint8_t domain_;
  bool squeezing_;
};

class Shake128 : public KeccakSponge {
 public:
  static constexpr std::size_t rate_bytes = 168;
  Shake128() : KeccakSponge(rate_bytes, 0x1f) {}
};
class Shake256 : public KeccakSponge {
 public:
  static constexpr std::size_t rate_bytes = 136;
  Shake256() : KeccakSponge(rate_bytes, 0x1f) {}
};

// SHA3-d: a sponge with capacity 2d and a fixed d-bit digest.
template <std::size_t DigestBytes>
class Sha3 {
 public:
  static constexpr std::size_t digest_bytes = DigestBytes;
  static constexpr std::size_t rate_bytes = 200 - 2 * DigestBytes;
  Sha3() : sponge_(rate_bytes, 0x06) {}
  // absorb() after finalize() traps, as KeccakSponge::absorb does.
  void absorb(std::span<const std::uint8_t> data) { sponge_.absorb(data); }
  void finalize(std::span<std::uint8_t, DigestBytes> digest) { sponge_.squeeze(digest); }

 private:
  KeccakSponge sponge_;
};
using Sha3_224 = Sha3<28>;
using Sha3_256 = Sha3<32>;
using Sha3_384 = Sha3<48>;
using Sha3_512 = Sha3<64>;

// One-shot helpers.
PQLAB_API void sha3_256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out);
PQLAB_API void sha3_512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out);
PQLAB_API void shake128(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
PQLAB_API void shake256(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);

}  // namespace pqlab::hash
