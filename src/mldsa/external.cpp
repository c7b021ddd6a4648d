// The external ML-DSA interfaces: FIPS 204 Alg. 2 (ML-DSA.Sign) and Alg. 3
// (ML-DSA.Verify), plus μ for external-μ signers.
#include <array>

#include "common/wipe.hpp"
#include "mldsa/mu.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/verify_w1.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"

namespace pqlab::mldsa {

// FIPS 204 Alg. 2 with rnd given.
template <class P>
Status sign_with_rnd(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, Randomness rnd) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  std::array<std::uint8_t, mu_bytes> mu;
  detail::formatted_mu(mu, sk.template subspan<detail::Layout<P>::sk_tr, 64>(), 0, ctx, msg);
  return sign_mu<P>(sig, sk, mu, rnd);
}

// FIPS 204 Alg. 2 (ML-DSA.Sign), hedged.
template <class P>
Status sign(Signature<P> sig, ConstSecretKey<P> sk, Message msg, Context ctx, RandomSource& rng) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  std::array<std::uint8_t, rnd_bytes> rnd;
  WipeOnExit<decltype(rnd)> wipe(rnd);
  if (rng.generate(rnd) != Status::ok) return Status::random_failure;
  return sign_with_rnd<P>(sig, sk, msg, ctx, rnd);
}

// FIPS 204 Alg. 3 (ML-DSA.Verify).
template <class P>
Status verify(ConstPublicKey<P> pk, Message msg, Context ctx, ConstSignature<P> sig) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  return detail::verify_with_riding_tr<P>(pk, sig,
                                          [&](std::span<const std::uint8_t, 64> tr,
                                              std::span<std::uint8_t, mu_bytes> mu) {
    detail::formatted_mu(mu, tr, 0, ctx, msg);
  });
}

// μ = H(H(pk, 64) ‖ 0 ‖ |ctx| ‖ ctx ‖ msg, 64) (Alg. 3 line 5, Alg. 8 lines 6–7).
template <class P>
Status compute_mu(std::span<std::uint8_t, mu_bytes> mu, ConstPublicKey<P> pk, Message msg, Context ctx) {
  if (ctx.size() > max_context_bytes) return Status::invalid_argument;
  std::array<std::uint8_t, 64> tr;
  hash::shake256(pk, tr);
  detail::formatted_mu(mu, tr, 0, ctx, msg);
  return Status::ok;
}

#define PQLAB_MLDSA_INSTANTIATE(P)                                                                 \
  template Status sign_with_rnd<P>(Signature<P>, ConstSecretKey<P>, Message, Context, Randomness); \
  template Status sign<P>(Signature<P>, ConstSecretKey<P>, Message, Context, RandomSource&);       \
  template Status verify<P>(ConstPublicKey<P>, Message, Context, ConstSignature<P>);               \
  template Status compute_mu<P>(std::span<std::uint8_t, mu_bytes>, ConstPublicKey<P>, Message, Context);
PQLAB_MLDSA_INSTANTIATE(MLDSA44)
PQLAB_MLDSA_INSTANTIATE(MLDSA65)
PQLAB_MLDSA_INSTANTIATE(MLDSA87)
#undef PQLAB_MLDSA_INSTANTIATE

}  // namespace pqlab::mldsa
