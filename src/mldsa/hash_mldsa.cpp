// HashML-DSA: FIPS 204 Alg. 4 (HashML-DSA.Sign) and Alg. 5
// (HashML-DSA.Verify), M' = 1 ‖ |ctx| ‖ ctx ‖ OID ‖ PH(M).
#include <array>

#include "common/wipe.hpp"
#include "mldsa/mu.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/verify_w1.hpp"
#include "pqlab/mldsa.hpp"
#include "pqlab/prehash.hpp"

namespace pqlab::mldsa {
namespace {

// μ for HashML-DSA, given tr.
void hash_mu(std::span<std::uint8_t, mu_bytes> mu, std::span<const std::uint8_t, 64> tr, Message msg, Context ctx,
             hash::PreHash ph) {
  std::array<std::uint8_t, hash::prehash_max_digest_bytes> digest;
  const std::size_t len = hash::prehash_compute(ph, msg, digest);
  detail::formatted_mu(mu, tr, 1, ctx, hash::prehash_oid(ph), std::span(digest.data(), len));
}

}  // namespace

// FIPS 204 Alg. 4 with rnd given.
template <class P>
Status hash_sign_with_rnd(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, hash::PreHash ph,
                          Randomness rnd) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  std::array<std::uint8_t, mu_bytes> mu;
  hash_mu(mu, sk.template subspan<detail::Layout<P>::sk_tr, 64>(), msg, ctx, ph);
  return sign_mu<P>(sig, sk, mu, rnd);
}

// FIPS 204 Alg. 4 (HashML-DSA.Sign), hedged.
template <class P>
Status hash_sign(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, hash::PreHash ph,
                 RandomSource& rng) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  std::array<std::uint8_t, rnd_bytes> rnd;
  WipeOnExit<decltype(rnd)> wipe(rnd);
  if (rng.generate(rnd) != Status::ok) return Status::random_failure;
  return hash_sign_with_rnd<P>(sig, sk, msg, ctx, ph, rnd);
}

// FIPS 204 Alg. 5 (HashML-DSA.Verify).
template <class P>
Status hash_verify(ConstPublicKey<P> pk, Message msg, Context ctx, hash::PreHash ph, ConstSignature<P> sig) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  return detail::verify_with_riding_tr<P>(pk, sig,
                                          [&](std::span<const std::uint8_t, 64> tr,
                                              std::span<std::uint8_t, mu_bytes> mu) { hash_mu(mu, tr, msg, ctx, ph); });
}

#define PQLAB_MLDSA_INSTANTIATE(P)                                                                                     \
  template Status hash_sign_with_rnd<P>(Signature<P>, ConstSecretKey<P>, Message, Context, hash::PreHash, Randomness); \
  template Status hash_sign<P>(Signature<P>, ConstSecretKey<P>, Message, Context, hash::PreHash, RandomSource&);       \
  template Status hash_verify<P>(ConstPublicKey<P>, Message, Context, hash::PreHash, ConstSignature<P>);
PQLAB_MLDSA_INSTANTIATE(MLDSA44)
PQLAB_MLDSA_INSTANTIATE(MLDSA65)
PQLAB_MLDSA_INSTANTIATE(MLDSA87)
#undef PQLAB_MLDSA_INSTANTIATE

}  // namespace pqlab::mldsa
