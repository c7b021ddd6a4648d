// pqlab: the runtime registry of algorithms. The CLI, the lab and the
// provider all find schemes here by name ("ML-KEM-768", "ML-DSA-65",
// "SLH-DSA-SHAKE-128f", ...), so every tool accepts the same names: the
// FIPS names and OpenSSL 3.5's spellings of them (MLKEM768, MLDSA65,
// id-ml-dsa-65, id-alg-ml-kem-768, id-slh-dsa-sha2-128s, the dotted OIDs),
// all ignoring case; algorithms() lists each under its FIPS name only.
// Buffers are plain spans; each call checks their lengths against the sizes
// below and returns Status::invalid_length on a mismatch.
#pragma once
#include "pqlab/export.h"
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "pqlab/random.hpp"
#include "pqlab/status.hpp"

namespace pqlab {

enum class Kind { kem, signature };

using Bytes = std::span<std::uint8_t>;
using ConstBytes = std::span<const std::uint8_t>;

struct KemOps {
  Status (*keygen)(Bytes ek, Bytes dk, RandomSource& rng);
  // Deterministic key generation from `seed_bytes` of seed (ML-KEM: d ‖ z).
  Status (*keygen_from_seed)(Bytes ek, Bytes dk, ConstBytes seed);
  Status (*encaps)(Bytes ct, Bytes shared_secret, ConstBytes ek, RandomSource& rng);
  // Deterministic encapsulation with the given message m (tests, vectors).
  Status (*encaps_derand)(Bytes ct, Bytes shared_secret, ConstBytes ek, ConstBytes m);
  Status (*decaps)(Bytes shared_secret, ConstBytes ct, ConstBytes dk);
  // The standard's input checks on their own (FIPS 203 §7.2, §7.3).
  Status (*check_encaps_key)(ConstBytes ek);
  Status (*check_decaps_key)(ConstBytes dk);
  // Up to max_kem_batch independent encapsulations in one call (ML-KEM's
  // batch API): cts[i] and shared_secrets[i] for eks[i].
  Status (*encaps_batch)(std::span<const Bytes> cts, std::span<const Bytes> shared_secrets,
                         std::span<const ConstBytes> eks, RandomSource& rng);
};
inline constexpr std::size_t max_kem_batch = 8;

// How a signature is randomised.
enum class SignMode {
  hedged,         // fresh randomness from the RandomSource (the default)
  deterministic,  // the standard's deterministic variant
  explicit_rnd,   // the caller's bytes in SignOptions::rnd (tests)
};

struct SignOptions {
  ConstBytes context{};  // 0..255 bytes
  SignMode mode = SignMode::hedged;
  ConstBytes rnd{};            // used only with explicit_rnd
  std::string_view prehash{};  // empty: pure; else "SHA2-256", "SHAKE-128", ...
};

struct SignatureOps {
  Status (*keygen)(Bytes pk, Bytes sk, RandomSource& rng);
  // Deterministic key generation (ML-DSA: ξ; SLH-DSA: SK.seed‖SK.prf‖PK.seed).
  Status (*keygen_from_seed)(Bytes pk, Bytes sk, ConstBytes seed);
  Status (*sign)(Bytes sig, ConstBytes msg, ConstBytes sk, const SignOptions& opt, RandomSource& rng);
  // Status::ok if valid, Status::invalid_signature if not; other values for
  // malformed arguments (wrong key length, context too long, unknown hash).
  Status (*verify)(ConstBytes sig, ConstBytes msg, ConstBytes pk, const SignOptions& opt);
  // Up to max_sig_batch independent pure verifications in one call
  // (ML-DSA's batch API; nullptr for schemes without one): results[i] is
  // what verify(sigs[i], msgs[i], pks[i], {contexts[i]}) returns. A key or
  // signature of the wrong length fails the whole call (invalid_length),
  // as do spans of different sizes or an empty or over-long batch
  // (invalid_argument); then no result is written.
  Status (*verify_batch)(std::span<Status> results, std::span<const ConstBytes> sigs, std::span<const ConstBytes> msgs,
                         std::span<const ConstBytes> contexts, std::span<const ConstBytes> pks);
};
inline constexpr std::size_t max_sig_batch = 8;

struct Algorithm {
  std::string_view name;      // e.g. "ML-KEM-768"
  std::string_view standard;  // e.g. "FIPS 203"
  Kind kind;
  std::size_t public_key_bytes;
  std::size_t secret_key_bytes;
  std::size_t ciphertext_bytes;     // KEM only
  std::size_t shared_secret_bytes;  // KEM only
  std::size_t signature_bytes;      // signatures only
  std::size_t seed_bytes;           // keygen_from_seed
  const KemOps* kem;                // non-null iff kind == kem
  const SignatureOps* sig;          // non-null iff kind == signature
};

// Every algorithm compiled in, in a stable order (KEMs, then signatures).
PQLAB_API std::span<const Algorithm> algorithms();
// Case-insensitive lookup; nullptr if unknown.
PQLAB_API const Algorithm* find_algorithm(std::string_view name);

}  // namespace pqlab
