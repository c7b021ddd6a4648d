// pqlab: SHA-2 (FIPS 180-4), incremental, built on the kernel seam's
// compression functions; HMAC (FIPS 198-1) and MGF1 (RFC 8017 B.2.1) for
// SLH-DSA's SHA2 instances (PRF_msg = HMAC, H_msg = MGF1; FIPS 205 §11.2).
//
// Everything here is allocation-free. Every object wipes its chaining state
// and buffered input when destroyed; finalize() also wipes and resets the
// object to its freshly constructed state, so it may be reused.
#pragma once
#include "pqlab/export.h"
#include <cstddef>
#include <cstdint>
#include <span>

namespace pqlab::hash {

// SHA-224 / SHA-256: 32-bit words, 64-byte blocks.
template <std::size_t DigestBytes>
class PQLAB_API Sha256Family {
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
  std::uint64_t total_;  // bytes absorbed; FIPS 180-4 limits messages to < 2^64 bits
};
using Sha224 = Sha256Family<28>;
using Sha256 = Sha256Family<32>;

// SHA-384 / SHA-512 / SHA-512/224 / SHA-512/256: 64-bit words, 128-byte
// blocks; the variants differ in initial value and truncation.
template <std::size_t DigestBytes, bool Truncated512 = false>
class PQLAB_API Sha512Family {
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
  std::uint64_t total_;  // bytes absorbed (the 128-bit length field's high part is total_ >> 61)
};
using Sha384 = Sha512Family<48>;
using Sha512 = Sha512Family<64>;
using Sha512_224 = Sha512Family<28, true>;
using Sha512_256 = Sha512Family<32, true>;

PQLAB_API void sha256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out);
PQLAB_API void sha512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out);

// HMAC (FIPS 198-1 §4) over Sha256 or Sha512. The constructor takes the key
// (any length; keys longer than a block are hashed first, step 2); absorb()
// may be called any number of times with pieces of the message; finalize()
// writes the full MAC (truncate by copying a prefix, FIPS 198-1 §5) and
// returns the object to its keyed, empty-message state, so one keyed object
// can MAC several messages.
template <class Hash>
class PQLAB_API Hmac {
 public:
  static constexpr std::size_t mac_bytes = Hash::digest_bytes;
  explicit Hmac(std::span<const std::uint8_t> key);
  ~Hmac() = default;  // the three Hash members wipe themselves
  Hmac(const Hmac&) = default;
  Hmac& operator=(const Hmac&) = default;
  void absorb(std::span<const std::uint8_t> data);
  void finalize(std::span<std::uint8_t, mac_bytes> mac);

 private:
  Hash inner_keyed_;  // H state after absorbing K0 ^ ipad (kept for reuse)
  Hash outer_keyed_;  // H state after absorbing K0 ^ opad
  Hash inner_;        // inner_keyed_ plus the message so far
};
using HmacSha256 = Hmac<Sha256>;
using HmacSha512 = Hmac<Sha512>;

PQLAB_API void hmac_sha256(std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                           std::span<std::uint8_t, 32> mac);
PQLAB_API void hmac_sha512(std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg,
                           std::span<std::uint8_t, 64> mac);

// MGF1 (RFC 8017 B.2.1) over Sha256 or Sha512.
//
// The seed is given in pieces: absorb_seed() any number of times, then
// generate(). Design choice: rather than copying the seed into a buffer of
// some fixed maximum size, the object absorbs the seed into a hash state
// once and, for each counter value, copies that state and absorbs the
// 4-byte counter. This handles seeds of any length given as any number of
// spans (SLH-DSA's H_msg seed is R || PK.seed || digest) without a size
// limit, and hashes the seed's whole blocks only once. The output is exactly
// MGF1(seed, out.size()): T = Hash(seed || C(0)) || Hash(seed || C(1)) || ...
// truncated. Precondition: out.size() <= 2^32 * Hash::digest_bytes (RFC 8017
// "mask too long"); unreachable in practice. generate() may be called again
// for the same seed; each call starts from counter 0.
template <class Hash>
class PQLAB_API Mgf1 {
 public:
  Mgf1() = default;
  ~Mgf1() = default;  // the Hash member wipes itself
  Mgf1(const Mgf1&) = default;
  Mgf1& operator=(const Mgf1&) = default;
  void absorb_seed(std::span<const std::uint8_t> piece);
  void generate(std::span<std::uint8_t> out) const;

 private:
  Hash seeded_;  // H state after absorbing the seed
};
using Mgf1Sha256 = Mgf1<Sha256>;
using Mgf1Sha512 = Mgf1<Sha512>;

PQLAB_API void mgf1_sha256(std::span<const std::uint8_t> seed, std::span<std::uint8_t> out);
PQLAB_API void mgf1_sha512(std::span<const std::uint8_t> seed, std::span<std::uint8_t> out);

}  // namespace pqlab::hash
