// SLH-DSA (FIPS 205) on the target, for the 128-bit sets and the
// 192/256-bit "f" sets: ACVP keyGen known answers (slh_keygen_internal,
// Alg. 18) and deterministic sigGen known answers (slh_sign, Alg. 22,
// opt_rand = PK.seed), then measured slh_keygen (Alg. 21), slh_sign (Alg. 22,
// randomized: opt_rand from the harness DRBG, empty context) and slh_verify
// (Alg. 24).
#include "pqlab/slhdsa.hpp"
#include "signature_runs.hpp"

namespace firmware {
namespace {

namespace slhdsa = pqlab::slhdsa;

template <class P>
struct SlhdsaScheme {
  using Set = P;
  static pqlab::Status keygen(slhdsa::PublicKey<P> pk, slhdsa::SecretKey<P> sk, pqlab::RandomSource& rng) {
    return slhdsa::keygen<P>(pk, sk, rng);
  }
  static pqlab::Status keygen_from_seed(slhdsa::PublicKey<P> pk, slhdsa::SecretKey<P> sk,
                                        std::span<const std::uint8_t> seed) {
    if (seed.size() != P::seed_bytes) return pqlab::Status::invalid_length;
    return slhdsa::keygen_internal<P>(pk, sk, slhdsa::KeySeed<P>(seed.data(), P::seed_bytes));
  }
  // The ACVP sigGen key is sk = SK.seed ‖ SK.prf ‖ PK.seed ‖ PK.root;
  // pk = PK.seed ‖ PK.root is its second half.
  static pqlab::Status siggen_key(slhdsa::PublicKey<P> pk, slhdsa::SecretKey<P> sk, std::span<const std::uint8_t> key) {
    if (key.size() != P::sk_bytes) return pqlab::Status::invalid_length;
    for (std::size_t i = 0; i < P::sk_bytes; ++i) sk[i] = key[i];
    for (std::size_t i = 0; i < P::pk_bytes; ++i) pk[i] = key[P::sk_bytes - P::pk_bytes + i];
    return pqlab::Status::ok;
  }
  static pqlab::Status sign(slhdsa::Signature<P> sig, slhdsa::ConstSecretKey<P> sk, slhdsa::Message msg,
                            pqlab::RandomSource& rng) {
    return slhdsa::sign<P>(sig, msg, {}, sk, rng);
  }
  static pqlab::Status sign_deterministic(slhdsa::Signature<P> sig, slhdsa::ConstSecretKey<P> sk, slhdsa::Message msg,
                                          slhdsa::Context ctx) {
    return slhdsa::sign_deterministic<P>(sig, msg, ctx, sk);
  }
  static pqlab::Status verify(slhdsa::ConstPublicKey<P> pk, slhdsa::Message msg, slhdsa::Context ctx,
                              std::span<const std::uint8_t> sig) {
    return slhdsa::verify<P>(sig, msg, ctx, pk);
  }
};

// The largest signature the image handles: SLH-DSA-256f's 49,856 bytes.
static_assert(slhdsa::SLHDSA_SHA2_256f::pk_bytes + slhdsa::SLHDSA_SHA2_256f::sk_bytes +
                  slhdsa::SLHDSA_SHA2_256f::sig_bytes + 24 <=
              Arena::capacity);

template <class P>
void run_set(const Options& options, Tally& tally) {
  check_signature_keygen<SlhdsaScheme<P>>(options, tally);
  check_signature_siggen<SlhdsaScheme<P>>(options, tally);
  measure_signature_set<SlhdsaScheme<P>>(options, tally);
}

}  // namespace

void run_slhdsa(const Options& options, Tally& tally) {
  run_set<slhdsa::SLHDSA_SHA2_128f>(options, tally);
  run_set<slhdsa::SLHDSA_SHAKE_128f>(options, tally);
  run_set<slhdsa::SLHDSA_SHA2_128s>(options, tally);
  run_set<slhdsa::SLHDSA_SHAKE_128s>(options, tally);
  run_set<slhdsa::SLHDSA_SHA2_192f>(options, tally);
  run_set<slhdsa::SLHDSA_SHAKE_192f>(options, tally);
  run_set<slhdsa::SLHDSA_SHA2_256f>(options, tally);
  run_set<slhdsa::SLHDSA_SHAKE_256f>(options, tally);
}

}  // namespace firmware
