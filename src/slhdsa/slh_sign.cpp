// Pure SLH-DSA signing: slh_sign (FIPS 205 Alg. 22) and slh_sign_internal
// (Alg. 19).
#include "common/wipe.hpp"
#include "slhdsa/parameter_sets.hpp"
#include "slhdsa/slh_core.hpp"

namespace pqlab::slhdsa {
namespace {

// Alg. 22 with the given opt_rand.
template <class P>
Status sign_pure(Signature<P> sig, Message msg, Context ctx, ConstSecretKey<P> sk, const std::uint8_t* opt_rand) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  const detail::MessagePrefix prefix(0, ctx);
  detail::slh_sign_internal<P>(sig.data(), {prefix.bytes(), msg}, sk.data(), opt_rand);
  return Status::ok;
}

}  // namespace

template <class P>
Status sign_internal(Signature<P> sig, Message msg, ConstSecretKey<P> sk, OptRand<P> opt_rand) {
  detail::slh_sign_internal<P>(sig.data(), {{}, msg}, sk.data(), opt_rand.data());
  return Status::ok;
}

// Hedged: opt_rand fresh from the random source (Alg. 22 line 5).
template <class P>
Status sign(Signature<P> sig, Message msg, Context ctx, ConstSecretKey<P> sk, RandomSource& rng) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  std::uint8_t opt_rand[P::n];
  if (rng.generate(opt_rand) != Status::ok) return Status::random_failure;
  return sign_pure<P>(sig, msg, ctx, sk, opt_rand);
}

// Deterministic: opt_rand = PK.seed (Alg. 22 line 6).
template <class P>
Status sign_deterministic(Signature<P> sig, Message msg, Context ctx, ConstSecretKey<P> sk) {
  return sign_pure<P>(sig, msg, ctx, sk, sk.data() + 2 * P::n);
}

template <class P>
Status sign_with_opt_rand(Signature<P> sig, Message msg, Context ctx, ConstSecretKey<P> sk, OptRand<P> opt_rand) {
  return sign_pure<P>(sig, msg, ctx, sk, opt_rand.data());
}

#define PQLAB_INSTANTIATE(P)                                                                 \
  template Status sign_internal<P>(Signature<P>, Message, ConstSecretKey<P>, OptRand<P>);    \
  template Status sign<P>(Signature<P>, Message, Context, ConstSecretKey<P>, RandomSource&); \
  template Status sign_deterministic<P>(Signature<P>, Message, Context, ConstSecretKey<P>);  \
  template Status sign_with_opt_rand<P>(Signature<P>, Message, Context, ConstSecretKey<P>, OptRand<P>);
PQLAB_SLHDSA_FOR_EACH_SET(PQLAB_INSTANTIATE)
#undef PQLAB_INSTANTIATE

}  // namespace pqlab::slhdsa
