// pqlab: SLH-DSA (FIPS 205), the stateless hash-based digital signature
// standard. All twelve parameter sets come from one implementation,
// parameterised at compile time. No heap, no exceptions; every size is a
// compile-time constant.
#pragma once
#include "pqlab/export.h"
#include <cstddef>
#include <cstdint>
#include <span>

#include "pqlab/prehash.hpp"
#include "pqlab/random.hpp"
#include "pqlab/status.hpp"

namespace pqlab::slhdsa {

// Which instantiation of the tweakable hash functions (FIPS 205 §11).
enum class HashFamily { sha2, shake };

// A parameter set (FIPS 205 Table 2). Derived sizes follow from §9 and §5:
// len = 8n/lg_w + len2 with len2 = 3 for lg_w = 4 (Alg. 1), pk = 2n,
// sk = 4n, sig = (1 + k(1 + a) + h + d·len) · n.
template <std::size_t N, int H, int D, int HPrime, int A, int K, int LgW, std::size_t M, HashFamily Family>
struct PQLAB_API Params {
  static_assert(LgW == 4, "FIPS 205 fixes lg_w = 4");
  static_assert(H == D * HPrime, "the hypertree height is d · h'");
  static constexpr std::size_t n = N;
  static constexpr int h = H;
  static constexpr int d = D;
  static constexpr int hp = HPrime;
  static constexpr int a = A;
  static constexpr int k = K;
  static constexpr int lg_w = LgW;
  static constexpr std::size_t m = M;
  static constexpr HashFamily family = Family;
  static constexpr std::uint32_t w = 1u << LgW;
  static constexpr std::size_t len1 = 8 * N / LgW;
  static constexpr std::size_t len2 = 3;
  static constexpr std::size_t len = len1 + len2;
  static constexpr std::size_t pk_bytes = 2 * N;
  static constexpr std::size_t sk_bytes = 4 * N;
  static constexpr std::size_t seed_bytes = 3 * N;  // SK.seed ‖ SK.prf ‖ PK.seed
  static constexpr std::size_t fors_sig_bytes = static_cast<std::size_t>(K) * (1 + A) * N;
  static constexpr std::size_t xmss_sig_bytes = (len + HPrime) * N;
  static constexpr std::size_t ht_sig_bytes = static_cast<std::size_t>(D) * xmss_sig_bytes;
  static constexpr std::size_t sig_bytes = N + fors_sig_bytes + ht_sig_bytes;
};

// clang-format off
struct PQLAB_API SLHDSA_SHA2_128s  : Params<16, 63,  7, 9, 12, 14, 4, 30, HashFamily::sha2>  { static constexpr const char* name = "SLH-DSA-SHA2-128s"; };
struct PQLAB_API SLHDSA_SHAKE_128s : Params<16, 63,  7, 9, 12, 14, 4, 30, HashFamily::shake> { static constexpr const char* name = "SLH-DSA-SHAKE-128s"; };
struct PQLAB_API SLHDSA_SHA2_128f  : Params<16, 66, 22, 3,  6, 33, 4, 34, HashFamily::sha2>  { static constexpr const char* name = "SLH-DSA-SHA2-128f"; };
struct PQLAB_API SLHDSA_SHAKE_128f : Params<16, 66, 22, 3,  6, 33, 4, 34, HashFamily::shake> { static constexpr const char* name = "SLH-DSA-SHAKE-128f"; };
struct PQLAB_API SLHDSA_SHA2_192s  : Params<24, 63,  7, 9, 14, 17, 4, 39, HashFamily::sha2>  { static constexpr const char* name = "SLH-DSA-SHA2-192s"; };
struct PQLAB_API SLHDSA_SHAKE_192s : Params<24, 63,  7, 9, 14, 17, 4, 39, HashFamily::shake> { static constexpr const char* name = "SLH-DSA-SHAKE-192s"; };
struct PQLAB_API SLHDSA_SHA2_192f  : Params<24, 66, 22, 3,  8, 33, 4, 42, HashFamily::sha2>  { static constexpr const char* name = "SLH-DSA-SHA2-192f"; };
struct PQLAB_API SLHDSA_SHAKE_192f : Params<24, 66, 22, 3,  8, 33, 4, 42, HashFamily::shake> { static constexpr const char* name = "SLH-DSA-SHAKE-192f"; };
struct PQLAB_API SLHDSA_SHA2_256s  : Params<32, 64,  8, 8, 14, 22, 4, 47, HashFamily::sha2>  { static constexpr const char* name = "SLH-DSA-SHA2-256s"; };
struct PQLAB_API SLHDSA_SHAKE_256s : Params<32, 64,  8, 8, 14, 22, 4, 47, HashFamily::shake> { static constexpr const char* name = "SLH-DSA-SHAKE-256s"; };
struct PQLAB_API SLHDSA_SHA2_256f  : Params<32, 68, 17, 4,  9, 35, 4, 49, HashFamily::sha2>  { static constexpr const char* name = "SLH-DSA-SHA2-256f"; };
struct PQLAB_API SLHDSA_SHAKE_256f : Params<32, 68, 17, 4,  9, 35, 4, 49, HashFamily::shake> { static constexpr const char* name = "SLH-DSA-SHAKE-256f"; };
// clang-format on

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
using KeySeed = std::span<const std::uint8_t, P::seed_bytes>;
template <class P>
using OptRand = std::span<const std::uint8_t, P::n>;
using Message = std::span<const std::uint8_t>;
using Context = std::span<const std::uint8_t>;
// Signatures to verify come with any length; a wrong one is rejected.
using ConstSignatureBytes = std::span<const std::uint8_t>;

// Key generation: slh_keygen (Alg. 21) draws SK.seed, SK.prf and PK.seed
// from the random source; slh_keygen_internal (Alg. 18) takes them as
// seed = SK.seed ‖ SK.prf ‖ PK.seed. sk = SK.seed ‖ SK.prf ‖ PK.seed ‖
// PK.root, pk = PK.seed ‖ PK.root.
template <class P>
PQLAB_API Status keygen(PublicKey<P> pk, SecretKey<P> sk, RandomSource& rng);
template <class P>
PQLAB_API Status keygen_internal(PublicKey<P> pk, SecretKey<P> sk, KeySeed<P> seed);

// Pure SLH-DSA signing (Alg. 22) over M' = 0 ‖ |ctx| ‖ ctx ‖ M.
// Hedged: opt_rand fresh from `rng`. Deterministic: opt_rand = PK.seed.
// With opt_rand: the caller's bytes (tests). Status::invalid_argument if
// ctx is longer than 255 bytes (sig is then left unwritten).
template <class P>
PQLAB_API Status sign(Signature<P> sig, Message msg, Context ctx, ConstSecretKey<P> sk, RandomSource& rng);
template <class P>
PQLAB_API Status sign_deterministic(Signature<P> sig, Message msg, Context ctx, ConstSecretKey<P> sk);
template <class P>
PQLAB_API Status sign_with_opt_rand(Signature<P> sig, Message msg, Context ctx, ConstSecretKey<P> sk,
                                    OptRand<P> opt_rand);

// HashSLH-DSA signing (Alg. 23) over M' = 1 ‖ |ctx| ‖ ctx ‖ OID(PH) ‖ PH(M).
template <class P>
PQLAB_API Status hash_sign(Signature<P> sig, Message msg, Context ctx, hash::PreHash ph, ConstSecretKey<P> sk,
                           RandomSource& rng);
template <class P>
PQLAB_API Status hash_sign_deterministic(Signature<P> sig, Message msg, Context ctx, hash::PreHash ph,
                                         ConstSecretKey<P> sk);
template <class P>
PQLAB_API Status hash_sign_with_opt_rand(Signature<P> sig, Message msg, Context ctx, hash::PreHash ph,
                                         ConstSecretKey<P> sk, OptRand<P> opt_rand);

// slh_sign_internal (Alg. 19): signs M as given, with the caller's opt_rand.
template <class P>
PQLAB_API Status sign_internal(Signature<P> sig, Message msg, ConstSecretKey<P> sk, OptRand<P> opt_rand);

// Verification: Status::ok if valid, Status::invalid_signature if not (a
// signature of the wrong length included; nothing beyond sig.size() is
// read), Status::invalid_argument if ctx is longer than 255 bytes.
// slh_verify (Alg. 24), hash_slh_verify (Alg. 25), slh_verify_internal (Alg. 20).
template <class P>
PQLAB_API Status verify(ConstSignatureBytes sig, Message msg, Context ctx, ConstPublicKey<P> pk);
template <class P>
PQLAB_API Status hash_verify(ConstSignatureBytes sig, Message msg, Context ctx, hash::PreHash ph, ConstPublicKey<P> pk);
template <class P>
PQLAB_API Status verify_internal(ConstSignatureBytes sig, Message msg, ConstPublicKey<P> pk);

}  // namespace pqlab::slhdsa
