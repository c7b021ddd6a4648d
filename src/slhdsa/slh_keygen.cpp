// SLH-DSA key generation: slh_keygen (FIPS 205 Alg. 21) and
// slh_keygen_internal (Alg. 18).
#include "common/wipe.hpp"
#include "slhdsa/parameter_sets.hpp"
#include "slhdsa/slh_core.hpp"

namespace pqlab::slhdsa {

template <class P>
Status keygen_internal(PublicKey<P> pk, SecretKey<P> sk, KeySeed<P> seed) {
  detail::slh_keygen_internal<P>(pk.data(), sk.data(), seed.data(), seed.data() + P::n, seed.data() + 2 * P::n);
  return Status::ok;
}

// FIPS 205 Alg. 21.
template <class P>
Status keygen(PublicKey<P> pk, SecretKey<P> sk, RandomSource& rng) {
  std::uint8_t seed[P::seed_bytes];
  WipeOnExit<decltype(seed)> wipe(seed);
  if (rng.generate(seed) != Status::ok) return Status::random_failure;
  return keygen_internal<P>(pk, sk, KeySeed<P>(seed));
}

#define PQLAB_INSTANTIATE(P)                                            \
  template Status keygen<P>(PublicKey<P>, SecretKey<P>, RandomSource&); \
  template Status keygen_internal<P>(PublicKey<P>, SecretKey<P>, KeySeed<P>);
PQLAB_SLHDSA_FOR_EACH_SET(PQLAB_INSTANTIATE)
#undef PQLAB_INSTANTIATE

}  // namespace pqlab::slhdsa
