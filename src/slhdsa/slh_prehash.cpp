// HashSLH-DSA: hash_slh_sign (FIPS 205 Alg. 23) and hash_slh_verify
// (Alg. 25), with the pre-hash functions of §10.2.2.
#include "slhdsa/parameter_sets.hpp"
#include "slhdsa/slh_core.hpp"

namespace pqlab::slhdsa {
namespace {

// M' = toByte(1, 1) ‖ toByte(|ctx|, 1) ‖ ctx ‖ OID ‖ PH(M): the prefix and
// the digest it is followed by. |ctx| ≤ 255 checked by the caller.
class PreHashedMessage {
 public:
  PreHashedMessage(Message msg, Context ctx, hash::PreHash ph)
      : prefix_(1, ctx, hash::prehash_oid(ph)), digest_bytes_(hash::prehash_compute(ph, msg, digest_)) {}
  detail::MessageParts parts() const { return {prefix_.bytes(), {digest_, digest_bytes_}}; }

 private:
  detail::MessagePrefix prefix_;
  std::uint8_t digest_[hash::prehash_max_digest_bytes];
  std::size_t digest_bytes_;
};

template <class P>
Status hash_sign_with(Signature<P> sig, Message msg, Context ctx, hash::PreHash ph, ConstSecretKey<P> sk,
                      const std::uint8_t* opt_rand) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  const PreHashedMessage prehashed(msg, ctx, ph);
  detail::slh_sign_internal<P>(sig.data(), prehashed.parts(), sk.data(), opt_rand);
  return Status::ok;
}

}  // namespace

// Hedged (Alg. 23 line 5).
template <class P>
Status hash_sign(Signature<P> sig, Message msg, Context ctx, hash::PreHash ph, ConstSecretKey<P> sk,
                 RandomSource& rng) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  std::uint8_t opt_rand[P::n];
  if (rng.generate(opt_rand) != Status::ok) return Status::random_failure;
  return hash_sign_with<P>(sig, msg, ctx, ph, sk, opt_rand);
}

// Deterministic: opt_rand = PK.seed (Alg. 23 line 6).
template <class P>
Status hash_sign_deterministic(Signature<P> sig, Message msg, Context ctx, hash::PreHash ph, ConstSecretKey<P> sk) {
  return hash_sign_with<P>(sig, msg, ctx, ph, sk, sk.data() + 2 * P::n);
}

template <class P>
Status hash_sign_with_opt_rand(Signature<P> sig, Message msg, Context ctx, hash::PreHash ph, ConstSecretKey<P> sk,
                               OptRand<P> opt_rand) {
  return hash_sign_with<P>(sig, msg, ctx, ph, sk, opt_rand.data());
}

template <class P>
Status hash_verify(ConstSignatureBytes sig, Message msg, Context ctx, hash::PreHash ph, ConstPublicKey<P> pk) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  const PreHashedMessage prehashed(msg, ctx, ph);
  return detail::slh_verify_internal<P>(sig, prehashed.parts(), pk.data());
}

#define PQLAB_INSTANTIATE(P)                                                                                     \
  template Status hash_sign<P>(Signature<P>, Message, Context, hash::PreHash, ConstSecretKey<P>, RandomSource&); \
  template Status hash_sign_deterministic<P>(Signature<P>, Message, Context, hash::PreHash, ConstSecretKey<P>);  \
  template Status hash_sign_with_opt_rand<P>(Signature<P>, Message, Context, hash::PreHash, ConstSecretKey<P>,   \
                                             OptRand<P>);                                                        \
  template Status hash_verify<P>(ConstSignatureBytes, Message, Context, hash::PreHash, ConstPublicKey<P>);
PQLAB_SLHDSA_FOR_EACH_SET(PQLAB_INSTANTIATE)
#undef PQLAB_INSTANTIATE

}  // namespace pqlab::slhdsa
