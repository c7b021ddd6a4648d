// pqlab: ML-DSA (FIPS 204), the module-lattice digital signature algorithm.
// No heap, no exceptions; every size is a compile-time constant.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqlab/export.h"
#include "pqlab/mldsa_params.hpp"
#include "pqlab/prehash.hpp"
#include "pqlab/random.hpp"
#include "pqlab/status.hpp"

namespace pqlab::mldsa {

inline constexpr std::size_t seed_bytes = 32;  // ξ
inline constexpr std::size_t rnd_bytes = 32;
inline constexpr std::size_t mu_bytes = 64;
inline constexpr std::size_t max_context_bytes = 255;

template <class P>
using PublicKey = std::span<std::uint8_t, P::pk_bytes>;
template <class P>
using SecretKey = std::span<std::uint8_t, P::sk_bytes>;
template <class P>
using Signature = std::span<std::uint8_t, P::sig_bytes>;
template <class P>
using ConstPublicKey = std::span<const std::uint8_t, P::pk_bytes>;
template <class P>
using ConstSecretKey = std::span<const std::uint8_t, P::sk_bytes>;
template <class P>
using ConstSignature = std::span<const std::uint8_t, P::sig_bytes>;
using Seed = std::span<const std::uint8_t, seed_bytes>;
using Randomness = std::span<const std::uint8_t, rnd_bytes>;  // all zero: deterministic
using Mu = std::span<const std::uint8_t, mu_bytes>;
using Message = std::span<const std::uint8_t>;
using Context = std::span<const std::uint8_t>;  // 0..255 bytes

// ML-DSA.KeyGen (Alg. 1) and ML-DSA.KeyGen_internal (Alg. 6) from ξ.
template <class P>
PQLAB_API Status keygen(PublicKey<P> pk, SecretKey<P> sk, RandomSource& rng);
template <class P>
PQLAB_API Status keygen_internal(PublicKey<P> pk, SecretKey<P> sk, Seed xi);

// The public key (ρ, t1) of an expanded secret key, with the checks that
// the key is what KeyGen_internal (Alg. 6) makes: every s1, s2 coefficient
// in [-η, η], t0 equal to the low part of Power2Round(A·s1 + s2) (Alg. 35),
// and tr = H(pk, 64). Status::invalid_key (and pk zeroed) if any fails. For
// keys read from outside (the "expandedKey" form of the LAMPS private-key
// CHOICE), where no seed can be checked against. Constant time in sk; only
// the verdict is published.
template <class P>
PQLAB_API Status public_from_secret(PublicKey<P> pk, ConstSecretKey<P> sk);

// Signing. Every form returns Status::invalid_key if sk holds an s1 or s2
// coefficient outside [-η, η] (no valid key does), and the external forms
// return Status::invalid_argument for a context over 255 bytes.
//
// ML-DSA.Sign (Alg. 2): hedged, rnd drawn from rng.
template <class P>
PQLAB_API Status sign(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, RandomSource& rng);
// Alg. 2 with the caller's rnd (all-zero rnd is the deterministic variant).
template <class P>
PQLAB_API Status sign_with_rnd(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, Randomness rnd);
// HashML-DSA.Sign (Alg. 4), hedged or with the caller's rnd.
template <class P>
PQLAB_API Status hash_sign(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, hash::PreHash ph,
                           RandomSource& rng);
template <class P>
PQLAB_API Status hash_sign_with_rnd(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, hash::PreHash ph,
                                    Randomness rnd);
// ML-DSA.Sign_internal (Alg. 7) on the formatted message M'.
template <class P>
PQLAB_API Status sign_internal(Signature<P> sig, ConstSecretKey<P> sk, Message formatted_msg, Randomness rnd);
// Alg. 7 from line 7 on, given μ (the "external μ" interface of ACVP).
template <class P>
PQLAB_API Status sign_mu(Signature<P> sig, ConstSecretKey<P> sk, Mu mu, Randomness rnd);

// How Alg. 7's rejection loop trades memory for time. All three give the
// same signature for the same key, μ and rnd.
//   expanded: holds Â, the key's NTTs, y and w across iterations (fastest;
//             the hosted build's default);
//   compact:  regenerates Â and the key's NTTs where they are used, holds
//             y and w;
//   streamed: also regenerates y and w where used (least memory; the
//             default of a core built with PQLAB_MLDSA_STREAMED_SIGNING, as
//             the Cortex-M4 firmware is; PQLAB_MLDSA_COMPACT_SIGNING makes
//             `compact` the default).
// The sign functions above use the build's default; sign_mu_scheduled runs
// sign_mu with the one named, for a device that must bound its stack or a
// measurement that compares them. Status::invalid_argument for a value
// outside the enumeration.
enum class SigningSchedule { expanded, compact, streamed };
template <class P>
PQLAB_API Status sign_mu_scheduled(SigningSchedule schedule, Signature<P> sig, ConstSecretKey<P> sk, Mu mu,
                                   Randomness rnd);

// Verification: Status::ok for a valid signature, Status::invalid_signature
// otherwise (malformed hints and out-of-range z included), and
// Status::invalid_argument for a context over 255 bytes.
//
// ML-DSA.Verify (Alg. 3), HashML-DSA.Verify (Alg. 5).
template <class P>
PQLAB_API Status verify(ConstPublicKey<P> pk, Message msg, Context ctx, ConstSignature<P> sig);
template <class P>
PQLAB_API Status hash_verify(ConstPublicKey<P> pk, Message msg, Context ctx, hash::PreHash ph, ConstSignature<P> sig);
// ML-DSA.Verify_internal (Alg. 8) on M', and from μ (external μ).
template <class P>
PQLAB_API Status verify_internal(ConstPublicKey<P> pk, Message formatted_msg, ConstSignature<P> sig);
template <class P>
PQLAB_API Status verify_mu(ConstPublicKey<P> pk, Mu mu, ConstSignature<P> sig);

// Batch verification, for servers: up to max_batch independent ML-DSA.Verify
// (Alg. 3) calls at once, their tr = H(pk) and final c̃ hashes run side by
// side in Keccak ways. results[i] receives what verify(pks[i], msgs[i],
// ctxs[i], sigs[i]) returns. Returns Status::invalid_argument, and writes no
// result, unless all five spans have one size between 1 and max_batch.
inline constexpr std::size_t max_batch = 8;
template <class P>
PQLAB_API Status verify_batch(std::span<Status> results, std::span<const ConstPublicKey<P>> pks,
                              std::span<const Message> msgs, std::span<const Context> ctxs,
                              std::span<const ConstSignature<P>> sigs);

// μ = H(H(pk, 64) ‖ M', 64) (Alg. 7 line 6 / Alg. 8 line 7) for an
// external-μ signer, with M' = 0 ‖ |ctx| ‖ ctx ‖ msg (Alg. 2 line 10).
template <class P>
PQLAB_API Status compute_mu(std::span<std::uint8_t, mu_bytes> mu, ConstPublicKey<P> pk, Message msg, Context ctx);

}  // namespace pqlab::mldsa
