// pqlab: SHA-2 (FIPS 180-4), incremental, built on the kernel seam's
// compression functions; HMAC (FIPS 198-1) and MGF1 (RFC 8017 B.2.1) for
// SLH-DSA's SHA2 instances.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

namespace pqlab::hash {

// SHA-224 / SHA-256: 32-bit words, 64-byte blocks.
template <std::size_t DigestBytes>
class Sha256Family {
 public:
  static constexpr std::size_t digest_bytes = DigestBytes;
  static constexpr std::size_t block_bytes = 64;
  Sha256Family();
  ~Sha256Family();
  Sha256Family(const Sha256Family&) = default;
  Sha256Family& operator=(const Sha256Family&) = default;
  void absorb(std::span<const std::uint8_t> data);
  void finalize(std::span<std::uint8_t, DigestBytes> digest);

 private:
  std::uint32_t state_[8];
  std::uint8_t block_[64];
  std::size_t fill_;
  std::uint64_t total_;
};
using Sha224 = Sha256Family<28>;
using Sha256 = Sha256Family<32>;

// SHA-384 / SHA-512 / SHA-512/224 / SHA-512/256: 64-bit words, 128-byte
// blocks; the variants differ in initial value and truncation.
template <std::size_t DigestBytes, bool Truncated512 = false>
class Sha512Family {
 public:
  static constexpr std::size_t digest_bytes = DigestBytes;
  static constexpr std::size_t block_bytes = 128;
  Sha512Family();
  ~Sha512Family();
  Sha512Family(const Sha512Family&) = default;
  Sha512Family& operator=(const Sha512Family&) = default;
  void absorb(std::span<const std::uint8_t> data);
  void finalize(std::span<std::uint8_t, DigestBytes> digest);

 private:
  std::uint64_t state_[8];
  std::uint8_t block_[128];
  std::size_t fill_;
  std::uint64_t total_;
};
using Sha384 = Sha512Family<48>;
using Sha512 = Sha512Family<64>;
using Sha512_224 = Sha512Family<28, true>;
using Sha512_256 = Sha512Family<32, true>;

void sha256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out);
void sha512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out);

}  // namespace pqlab::hash
