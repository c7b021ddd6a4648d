// One Kyber-90s operation on two cores (issue 24 §3: "single ML-KEM (and
// Kyber-90s) operations"), through the same driver as ML-KEM
// (mlkem_two_core.hpp): Kyber-90s's PkeSteps (matrix and noise from
// AES-256-CTR, lab/subjects/kyber90s/) passed to twocore::kpke_keygen and
// kpke_encrypt, with round 3's SHA-2 hashing around them. The AES
// implementation is the one the single-core path takes (default_aes_impl:
// AES-NI where available, unless the portable backend is active). Every
// result is bit-exact with the single-core kyber90s functions.
//
// As for ML-KEM, only ρ and Â go to the worker; the secrets (σ, the noise,
// m, K̄ ‖ r, the re-encryption) stay on the calling core and are wiped as
// in the single-core path. Kyber-90s is a withdrawn variant, in the lab for
// comparison with the ESP32-S3 study (whose dual-core figures are for
// Kyber512-90s) only.
#pragma once
#include <cstdint>
#include <span>

#include "subjects/kyber90s/kyber90s.hpp"
#include "twocore/mlkem_two_core.hpp"
#include "twocore/second_core.hpp"

namespace pqlab::lab::twocore {

// Kyber-90s's steps for the set S (kyber90s::Kyber512_90s, ...), on its
// core parameter type: Â from AES-256-CTR keyed with ρ, the noise from
// PRF(σ, N) = AES-256-CTR keyed with σ.
template <class S>
const PkeSteps<typename S::Core>& kyber90s_steps();

// kyber90s::keygen_derand, encaps_derand and decaps on two cores; the same
// contracts (round 3 has no input checks) and results. `core` serves one
// operation at a time.
template <class S>
void kyber90s_keygen_derand(SecondCore& core, std::span<std::uint8_t, S::ek_bytes> pk,
                            std::span<std::uint8_t, S::dk_bytes> sk, std::span<const std::uint8_t, 32> d,
                            std::span<const std::uint8_t, 32> z);
template <class S>
void kyber90s_encaps_derand(SecondCore& core, std::span<std::uint8_t, S::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                            std::span<const std::uint8_t, S::ek_bytes> pk, std::span<const std::uint8_t, 32> coins);
template <class S>
void kyber90s_decaps(SecondCore& core, std::span<std::uint8_t, 32> ss, std::span<const std::uint8_t, S::ct_bytes> ct,
                     std::span<const std::uint8_t, S::dk_bytes> sk);

}  // namespace pqlab::lab::twocore
