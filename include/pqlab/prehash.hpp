// pqlab: the pre-hash functions of HashML-DSA (FIPS 204 §5.4) and
// HashSLH-DSA (FIPS 205 §10.2): name, DER-encoded OID, and PH(M).
#pragma once
#include "pqlab/export.h"
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace pqlab::hash {

enum class PreHash {
  sha2_224,
  sha2_256,
  sha2_384,
  sha2_512,
  sha2_512_224,
  sha2_512_256,
  sha3_224,
  sha3_256,
  sha3_384,
  sha3_512,
  shake128,
  shake256,
};

inline constexpr std::size_t prehash_max_digest_bytes = 64;
inline constexpr std::size_t prehash_oid_bytes = 11;

// ACVP spelling, case-insensitive: "SHA2-256", "SHA2-512/224", "SHA3-384",
// "SHAKE-128", "SHAKE-256"; nullopt if unknown.
PQLAB_API std::optional<PreHash> prehash_from_name(std::string_view name);
PQLAB_API std::string_view prehash_name(PreHash h);
// The DER encoding of the hash function's OID (06 09 60 86 48 01 65 03 04 02 xx).
PQLAB_API std::span<const std::uint8_t, prehash_oid_bytes> prehash_oid(PreHash h);
// Output length of PH: the digest size; 32 for SHAKE128 and 64 for SHAKE256.
PQLAB_API std::size_t prehash_digest_bytes(PreHash h);
// PH(M) into the first prehash_digest_bytes(h) bytes of `out`; returns that length.
PQLAB_API std::size_t prehash_compute(PreHash h, std::span<const std::uint8_t> msg,
                                      std::span<std::uint8_t, prehash_max_digest_bytes> out);

}  // namespace pqlab::hash
