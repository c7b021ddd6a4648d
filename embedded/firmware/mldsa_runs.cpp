// ML-DSA (FIPS 204) on the target: ACVP keyGen known answers
// (ML-DSA.KeyGen_internal, Alg. 6), then measured ML-DSA.KeyGen (Alg. 1),
// ML-DSA.Sign (Alg. 2, hedged, randomness from the harness DRBG, empty
// context) and ML-DSA.Verify (Alg. 3). Signing time depends on the number of
// rejection-loop iterations, so the count is for this one message and seed.
#include "pqlab/mldsa.hpp"
#include "signature_runs.hpp"

namespace firmware {
namespace {

namespace mldsa = pqlab::mldsa;

template <class P>
struct MldsaScheme {
  using Set = P;
  static pqlab::Status keygen(mldsa::PublicKey<P> pk, mldsa::SecretKey<P> sk, pqlab::RandomSource& rng) {
    return mldsa::keygen<P>(pk, sk, rng);
  }
  static pqlab::Status keygen_from_seed(mldsa::PublicKey<P> pk, mldsa::SecretKey<P> sk,
                                        std::span<const std::uint8_t> seed) {
    if (seed.size() != mldsa::seed_bytes) return pqlab::Status::invalid_length;
    return mldsa::keygen_internal<P>(pk, sk, mldsa::Seed(seed.data(), mldsa::seed_bytes));
  }
  static pqlab::Status sign(mldsa::Signature<P> sig, mldsa::ConstSecretKey<P> sk, mldsa::Message msg,
                            pqlab::RandomSource& rng) {
    return mldsa::sign<P>(sig, sk, msg, {}, rng);
  }
  static pqlab::Status verify(mldsa::ConstPublicKey<P> pk, mldsa::Message msg, mldsa::ConstSignature<P> sig) {
    return mldsa::verify<P>(pk, msg, {}, sig);
  }
};

static_assert(mldsa::MLDSA87::pk_bytes + mldsa::MLDSA87::sk_bytes + mldsa::MLDSA87::sig_bytes + 24 <=
              Arena::capacity);

}  // namespace

void run_mldsa(const Options& options, Tally& tally) {
  check_signature_keygen<MldsaScheme<mldsa::MLDSA44>>(options, tally);
  check_signature_keygen<MldsaScheme<mldsa::MLDSA65>>(options, tally);
  check_signature_keygen<MldsaScheme<mldsa::MLDSA87>>(options, tally);
  measure_signature_set<MldsaScheme<mldsa::MLDSA44>>(options, tally);
  measure_signature_set<MldsaScheme<mldsa::MLDSA65>>(options, tally);
  measure_signature_set<MldsaScheme<mldsa::MLDSA87>>(options, tally);
}

}  // namespace firmware
