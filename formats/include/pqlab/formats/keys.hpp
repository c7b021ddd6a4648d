// pqlab formats: the standard encodings of pqlab's keys, for the tools (the
// CLI, the OpenSSL provider). A tool library: heap, exceptions and libcrypto
// are allowed here, never in the core.
//
//   SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) and PKCS#8 / OneAsymmetricKey
//   (RFC 5958), DER and PEM, as the IETF LAMPS documents define them:
//   - ML-KEM-512/768/1024: "Algorithm Identifiers for ML-KEM in X.509"
//     (the LAMPS kyber-certificates document), OIDs 2.16.840.1.101.3.4.4.1-3;
//   - ML-DSA-44/65/87: RFC 9881, OIDs 2.16.840.1.101.3.4.3.17-19;
//   - the 12 SLH-DSA sets: RFC 9909 (OIDs of RFC 9814), 2.16.840.1.101.3.4.3.20-31.
//   AlgorithmIdentifier parameters are absent for all of them, and the public
//   key is the raw FIPS encoding in the BIT STRING.
//
// Private keys. ML-KEM and ML-DSA put a CHOICE in the privateKey OCTET STRING:
//     seed        [0] IMPLICIT OCTET STRING (64 bytes d‖z for ML-KEM, 32 bytes ξ for ML-DSA)
//     expandedKey OCTET STRING (the FIPS decapsulation / signing key)
//     both        SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING }
// SLH-DSA (RFC 9909 §6) puts the raw FIPS 205 secret key SK.seed‖SK.prf‖
// PK.seed‖PK.root in the OCTET STRING, with no inner encoding.
//
// Every decoder is strict: exact lengths, canonical DER (the input must be
// what the encoder writes for the key it holds), no trailing bytes, no
// parameters, the OID of a pqlab algorithm (and of the expected one, when
// the caller names one). A private key read is checked for consistency:
//   - seed:      the expanded key is generated from the seed;
//   - both:      the seed must regenerate the expanded key (else refused);
//   - expanded:  ML-KEM: the FIPS 203 §7.3 hash check and a pairwise
//                encapsulate/decapsulate test; ML-DSA: the key's t0 and tr
//                must follow from its s1, s2 (mldsa::public_from_secret);
//                SLH-DSA: PK.root must follow from SK.seed and PK.seed.
//
// Errors. The throwing functions throw pqlab::formats::Error (a
// std::runtime_error) whose what() is one line, e.g. "wrong OID for
// ML-DSA-65: the key is an ML-DSA-44 key (2.16.840.1.101.3.4.3.17)" or
// "seed does not regenerate the expanded key"; they may also throw
// std::bad_alloc. For C callers (the provider's callbacks) every operation
// has a `try_` form that is noexcept: it returns false and puts the message
// in *error (when error is not null) instead of throwing.
//
// Secrets. Seeds, expanded keys and encoded private keys live in SecureBytes,
// whose allocator wipes (OPENSSL_cleanse) every block it frees; temporary
// copies inside the library are wiped too.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pqlab/registry.hpp"

namespace pqlab::formats {

// ---------------------------------------------------------------------------
// Secure byte strings.

// Overwrites n bytes (OPENSSL_cleanse; not optimised away).
void wipe(void* p, std::size_t n) noexcept;

template <class T>
struct WipingAllocator {
  using value_type = T;
  WipingAllocator() noexcept = default;
  template <class U>
  WipingAllocator(const WipingAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return std::allocator<T>().allocate(n); }
  void deallocate(T* p, std::size_t n) noexcept {
    wipe(p, n * sizeof(T));
    std::allocator<T>().deallocate(p, n);
  }
  template <class U>
  bool operator==(const WipingAllocator<U>&) const noexcept {
    return true;
  }
};
// Bytes that are wiped when freed (and when the vector reallocates).
using SecureBytes = std::vector<std::uint8_t, WipingAllocator<std::uint8_t>>;

// ---------------------------------------------------------------------------
// Errors.

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// ---------------------------------------------------------------------------
// Object identifiers.

struct OidEntry {
  std::string_view name;       // the registry's name, e.g. "ML-DSA-65"
  std::string_view oid;        // dotted, e.g. "2.16.840.1.101.3.4.3.18"
  std::string_view asn1_name;  // the specification's name, e.g. "id-ml-dsa-65"
};
// All 18 entries: ML-KEM-512/768/1024, ML-DSA-44/65/87, the 12 SLH-DSA sets.
std::span<const OidEntry> oid_table() noexcept;
// The dotted OID of an algorithm (by registry name, case-insensitive), or
// an empty view if it has none.
std::string_view oid_of(std::string_view algorithm_name) noexcept;
std::string_view oid_of(const Algorithm& alg) noexcept;
// The registry entry an OID names (dotted form), or nullptr.
const Algorithm* algorithm_of_oid(std::string_view dotted_oid) noexcept;
// The specification's ASN.1 name ("id-alg-ml-kem-768", "id-ml-dsa-65",
// "id-slh-dsa-sha2-128s"), or an empty view.
std::string_view asn1_name_of(const Algorithm& alg) noexcept;

// ---------------------------------------------------------------------------
// Keys.

enum class Encoding { raw, der, pem };
// The private-key CHOICE alternatives (ML-KEM, ML-DSA). SLH-DSA has one
// form only, reported as `expanded`.
enum class PrivateForm { seed, expanded, both };

const char* to_string(Encoding e) noexcept;     // "raw", "der", "pem"
const char* to_string(PrivateForm f) noexcept;  // "seed", "expanded", "both"

struct PublicKey {
  const Algorithm* alg = nullptr;
  std::vector<std::uint8_t> bytes;  // the raw FIPS encoding (ek / pk)
};

struct PrivateKey {
  const Algorithm* alg = nullptr;
  // The key-generation seed where known: ML-KEM d‖z (64 bytes), ML-DSA ξ
  // (32 bytes). Never set for SLH-DSA (its secret key holds the seeds).
  std::optional<SecureBytes> seed;
  // The raw FIPS secret key (ML-KEM dk, ML-DSA sk, SLH-DSA sk); always set
  // by the decoders and by generate()/from_seed().
  SecureBytes expanded;
  // The form the key was read in (for re-encoding in the same form).
  PrivateForm form = PrivateForm::expanded;
};

// A key pair from the algorithm's keygen_from_seed (registry.hpp): ML-KEM
// d‖z, ML-DSA ξ, SLH-DSA SK.seed‖SK.prf‖PK.seed. The private key carries the
// seed for ML-KEM and ML-DSA. Error on a seed of the wrong length.
struct KeyPair {
  PublicKey public_key;
  PrivateKey private_key;
};
KeyPair from_seed(const Algorithm& alg, std::span<const std::uint8_t> seed);
// A fresh key pair: a seed from pqlab::system_random(), then from_seed().
KeyPair generate(const Algorithm& alg);
// The public key of a private key (from the expanded key: ML-KEM's ek is
// inside dk, SLH-DSA's PK.seed‖PK.root ends sk, ML-DSA's (ρ, t1) is
// recomputed). Error if the expanded key is inconsistent.
PublicKey public_of(const PrivateKey& key);

// What a buffer holds, from its content alone.
enum class KeyKind { unknown, public_key, private_key };
struct Detected {
  Encoding encoding = Encoding::raw;  // raw: neither DER nor PEM of a key
  KeyKind kind = KeyKind::unknown;    // public / private for DER and PEM
  const Algorithm* alg = nullptr;     // the algorithm the OID names (nullptr if unknown)
  std::string oid;                    // the dotted OID found, if any
};
// PEM: the text starts (after white space) with "-----BEGIN "; the label
// "PUBLIC KEY" or "PRIVATE KEY" gives the kind. DER: a complete
// SubjectPublicKeyInfo or PrivateKeyInfo SEQUENCE. Anything else is raw.
// Never throws; a malformed DER/PEM key is reported with its encoding and
// kind unknown, and is then refused by the decoders with the reason.
Detected detect(std::span<const std::uint8_t> input) noexcept;
// The same, for input meant as a key of `expected` (may be null): input of
// exactly its raw public or secret key size that is one whole DER SEQUENCE
// but no well-formed key is raw, as the decoders read it (a raw key can
// happen to look like that).
Detected detect(std::span<const std::uint8_t> input, const Algorithm* expected) noexcept;

// Decoding. `input` is DER or PEM (detected from the content), or the raw
// FIPS encoding when `expected` is given and the input has exactly the raw
// length of that algorithm (at that length, DER only if it is a
// well-formed SubjectPublicKeyInfo / PrivateKeyInfo). With `expected`, a
// DER/PEM key for another algorithm is refused ("wrong OID for ...").
PublicKey decode_public(std::span<const std::uint8_t> input, const Algorithm* expected = nullptr);
PrivateKey decode_private(std::span<const std::uint8_t> input, const Algorithm* expected = nullptr);

// Encoding. Public keys: raw (the FIPS bytes), DER SubjectPublicKeyInfo, or
// PEM "PUBLIC KEY". Private keys: raw (the expanded FIPS secret key), DER
// PrivateKeyInfo (version 0, no attributes) or PEM "PRIVATE KEY", in the
// form asked; with no form, the seed form where a seed is known, else the
// expanded form. Error if the form needs a seed that is not known, if a
// seed/both form is asked for SLH-DSA or for raw output, or if the key's
// sizes do not match its algorithm.
std::vector<std::uint8_t> encode_public(const PublicKey& key, Encoding encoding);
SecureBytes encode_private(const PrivateKey& key, Encoding encoding, std::optional<PrivateForm> form = std::nullopt);

// ---------------------------------------------------------------------------
// Non-throwing forms (noexcept): false on failure, with the one-line
// message in *error when error is not null. Outputs are written only on
// success.
bool try_decode_public(std::span<const std::uint8_t> input, const Algorithm* expected, PublicKey& out,
                       std::string* error) noexcept;
bool try_decode_private(std::span<const std::uint8_t> input, const Algorithm* expected, PrivateKey& out,
                        std::string* error) noexcept;
bool try_encode_public(const PublicKey& key, Encoding encoding, std::vector<std::uint8_t>& out,
                       std::string* error) noexcept;
bool try_encode_private(const PrivateKey& key, Encoding encoding, std::optional<PrivateForm> form, SecureBytes& out,
                        std::string* error) noexcept;
bool try_from_seed(const Algorithm& alg, std::span<const std::uint8_t> seed, KeyPair& out, std::string* error) noexcept;
bool try_public_of(const PrivateKey& key, PublicKey& out, std::string* error) noexcept;

}  // namespace pqlab::formats
