// The message that SLH-DSA's message hashes (PRF_msg, H_msg) absorb, kept
// as two pieces so that it is never copied whole: the external interfaces
// (FIPS 205 Alg. 22 and 23) put 0 ‖ |ctx| ‖ ctx, or 1 ‖ |ctx| ‖ ctx ‖ OID,
// in front of M or PH(M); the internal interface has no prefix.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqlab/prehash.hpp"
#include "pqlab/slhdsa.hpp"

namespace pqlab::slhdsa::detail {

struct MessageParts {
  std::span<const std::uint8_t> prefix;
  std::span<const std::uint8_t> body;
};

// toByte(domain, 1) ‖ toByte(|ctx|, 1) ‖ ctx ‖ oid: domain 0 for pure
// signing (Alg. 22 line 8, Alg. 24 line 4), 1 with the pre-hash OID for
// HashSLH-DSA (Alg. 23, Alg. 25). The caller has checked |ctx| ≤ 255.
class MessagePrefix {
 public:
  MessagePrefix(std::uint8_t domain, std::span<const std::uint8_t> ctx, std::span<const std::uint8_t> oid = {}) {
    bytes_[0] = domain;
    bytes_[1] = static_cast<std::uint8_t>(ctx.size());
    size_ = 2;
    for (std::uint8_t c : ctx) bytes_[size_++] = c;
    for (std::uint8_t c : oid) bytes_[size_++] = c;
  }
  std::span<const std::uint8_t> bytes() const { return {bytes_, size_}; }

 private:
  std::uint8_t bytes_[2 + max_context_bytes + hash::prehash_oid_bytes];
  std::size_t size_;
};

}  // namespace pqlab::slhdsa::detail
