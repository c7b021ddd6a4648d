// ML-DSA (FIPS 204) on the target: ACVP keyGen known answers
// (ML-DSA.KeyGen_internal, Alg. 6) and deterministic sigGen known answers
// (ML-DSA.Sign, Alg. 2, with rnd = 0 and the key from KeyGen_internal of
// the case's seed), then measured ML-DSA.KeyGen (Alg. 1),
// ML-DSA.Sign (Alg. 2, hedged, randomness from the harness DRBG, empty
// context) and ML-DSA.Verify (Alg. 3). Signing time depends on the number of
// rejection-loop iterations, so the count is for this one message and seed.
#include "cctv_messages.hpp"
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
  static pqlab::Status siggen_key(mldsa::PublicKey<P> pk, mldsa::SecretKey<P> sk, std::span<const std::uint8_t> seed) {
    return keygen_from_seed(pk, sk, seed);
  }
  static pqlab::Status sign(mldsa::Signature<P> sig, mldsa::ConstSecretKey<P> sk, mldsa::Message msg,
                            pqlab::RandomSource& rng) {
    return mldsa::sign<P>(sig, sk, msg, {}, rng);
  }
  static pqlab::Status sign_deterministic(mldsa::Signature<P> sig, mldsa::ConstSecretKey<P> sk, mldsa::Message msg,
                                          mldsa::Context ctx) {
    constexpr std::array<std::uint8_t, mldsa::rnd_bytes> zero_rnd{};
    return mldsa::sign_with_rnd<P>(sig, sk, msg, ctx, zero_rnd);
  }
  static pqlab::Status verify(mldsa::ConstPublicKey<P> pk, mldsa::Message msg, mldsa::Context ctx,
                              mldsa::ConstSignature<P> sig) {
    return mldsa::verify<P>(pk, msg, ctx, sig);
  }
};

// The three signing schedules of ML-DSA's public API
// (mldsa::SigningSchedule) on the same μ and rnd, so the same rejection
// iterations: "sign-mu-streamed" regenerates Â, the key's NTTs, y and w
// where they are used (the firmware's default: the core is built with
// PQLAB_MLDSA_STREAMED_SIGNING), "sign-mu-compact" holds y and w,
// "sign-mu-expanded" also holds Â and the key's NTTs (the hosted default).
// All three must give the same signature.
template <class P>
void compare_signing_keys(const Options& options, Tally& tally) {
  if (!options.selected(P::name) || !options.expanded) return;
  using mldsa::SigningSchedule;
  Arena arena;
  auto pk = arena.take<P::pk_bytes>();
  auto sk = arena.take<P::sk_bytes>();
  auto first_sig = arena.take<P::sig_bytes>();
  auto other_sig = arena.take<P::sig_bytes>();
  std::array<std::uint8_t, mldsa::mu_bytes> mu;
  std::array<std::uint8_t, mldsa::rnd_bytes> rnd;
  bool ok = mldsa::keygen<P>(pk, sk, drbg()) == pqlab::Status::ok && drbg().generate(rnd) == pqlab::Status::ok &&
            mldsa::compute_mu<P>(mu, pk, kBenchMessage, {}) == pqlab::Status::ok;
  pqlab::Status status = pqlab::Status::ok;
  auto streamed = [&] { status = mldsa::sign_mu_scheduled<P>(SigningSchedule::streamed, first_sig, sk, mu, rnd); };
  record_op(P::name, "sign-mu-streamed", measure(streamed), P::sk_bytes + P::sig_bytes + mldsa::mu_bytes);
  ok = ok && status == pqlab::Status::ok;
  auto compact = [&] { status = mldsa::sign_mu_scheduled<P>(SigningSchedule::compact, other_sig, sk, mu, rnd); };
  record_op(P::name, "sign-mu-compact", measure(compact), P::sk_bytes + P::sig_bytes + mldsa::mu_bytes);
  ok = ok && status == pqlab::Status::ok && bytes_equal(first_sig, other_sig.data());
  auto expanded = [&] { status = mldsa::sign_mu_scheduled<P>(SigningSchedule::expanded, other_sig, sk, mu, rnd); };
  record_op(P::name, "sign-mu-expanded", measure(expanded), P::sk_bytes + P::sig_bytes + mldsa::mu_bytes);
  ok = ok && status == pqlab::Status::ok && bytes_equal(first_sig, other_sig.data());
  record_kat(tally, P::name, "schedulesAgree", 0, ok);
}

// The mean signing cost over a C2SP CCTV benchmark message set, as the lab
// measures it on the host (lab/report/sections/signing.cpp) and as pqm4
// reports a mean: key from KeyGen_internal (Alg. 6) of the all-zero seed,
// each message signed deterministically (rnd = 0, empty context) by
// sign(sig, sk, pk, msg, rnd). One "<op>" line per message (run.py averages
// them); every signature must verify.
template <class P, std::size_t N, class Sign>
void measure_cctv_set(Tally& tally, const char* op, const std::string_view (&messages)[N], Sign&& sign) {
  Arena arena;
  auto pk = arena.take<P::pk_bytes>();
  auto sk = arena.take<P::sk_bytes>();
  auto sig = arena.take<P::sig_bytes>();
  constexpr std::array<std::uint8_t, mldsa::seed_bytes> zero_seed{};
  constexpr std::array<std::uint8_t, mldsa::rnd_bytes> zero_rnd{};
  bool ok = mldsa::keygen_internal<P>(pk, sk, mldsa::Seed(zero_seed)) == pqlab::Status::ok;
  for (const std::string_view text : messages) {
    const std::span<const std::uint8_t> msg(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    pqlab::Status status = pqlab::Status::ok;
    auto one = [&] { status = sign(sig, sk, pk, msg, mldsa::Randomness(zero_rnd)); };
    record_op(P::name, op, measure(one), P::sk_bytes + P::sig_bytes + msg.size());
    ok = ok && status == pqlab::Status::ok && mldsa::verify<P>(pk, msg, {}, sig) == pqlab::Status::ok;
  }
  record_kat(tally, P::name, op, 0, ok);
}

// With ML-DSA.Sign (Alg. 2), the public API's default schedule
// ("sign-cctv-<set>").
template <class P, std::size_t N>
void measure_cctv_mean(const Options& options, Tally& tally, const char* op, const std::string_view (&messages)[N],
                       bool alt = false) {
  if (!options.selected(P::name) || !options.bench || !options.cctv || (alt && !options.cctv_alt)) return;
  measure_cctv_set<P>(tally, op, messages, [](auto sig, auto sk, auto, auto msg, mldsa::Randomness rnd) {
    return mldsa::sign_with_rnd<P>(sig, sk, msg, {}, rnd);
  });
}

// The same with an explicit signing schedule (mldsa::SigningSchedule): μ
// from the public key (Alg. 2 line 6 with Alg. 7 line 6's tr), then
// ML-DSA.Sign_internal (Alg. 7) through sign_mu_scheduled. Its signatures
// equal the default schedule's. The measured call includes computing μ, as
// sign_with_rnd does.
template <class P, std::size_t N>
void measure_cctv_mean_scheduled(const Options& options, Tally& tally, mldsa::SigningSchedule schedule, const char* op,
                                 const std::string_view (&messages)[N]) {
  const bool wanted = schedule == mldsa::SigningSchedule::compact ? options.cctv_compact : options.cctv_expanded;
  if (!options.selected(P::name) || !options.bench || !wanted) return;
  measure_cctv_set<P>(tally, op, messages, [schedule](auto sig, auto sk, auto pk, auto msg, mldsa::Randomness rnd) {
    std::array<std::uint8_t, mldsa::mu_bytes> mu;
    pqlab::Status status = mldsa::compute_mu<P>(mu, pk, msg, {});
    if (status == pqlab::Status::ok) status = mldsa::sign_mu_scheduled<P>(schedule, sig, sk, mu, rnd);
    return status;
  });
}

static_assert(mldsa::MLDSA87::pk_bytes + mldsa::MLDSA87::sk_bytes + 2 * mldsa::MLDSA87::sig_bytes + 32 <=
              Arena::capacity);
static_assert(mldsa::MLDSA87::pk_bytes + mldsa::MLDSA87::sk_bytes + mldsa::MLDSA87::sig_bytes + 24 <= Arena::capacity);

}  // namespace

void run_mldsa(const Options& options, Tally& tally) {
  check_signature_keygen<MldsaScheme<mldsa::MLDSA44>>(options, tally);
  check_signature_keygen<MldsaScheme<mldsa::MLDSA65>>(options, tally);
  check_signature_keygen<MldsaScheme<mldsa::MLDSA87>>(options, tally);
  check_signature_siggen<MldsaScheme<mldsa::MLDSA44>>(options, tally);
  check_signature_siggen<MldsaScheme<mldsa::MLDSA65>>(options, tally);
  check_signature_siggen<MldsaScheme<mldsa::MLDSA87>>(options, tally);
  measure_signature_set<MldsaScheme<mldsa::MLDSA44>>(options, tally);
  measure_signature_set<MldsaScheme<mldsa::MLDSA65>>(options, tally);
  measure_signature_set<MldsaScheme<mldsa::MLDSA87>>(options, tally);
  compare_signing_keys<mldsa::MLDSA44>(options, tally);
  compare_signing_keys<mldsa::MLDSA65>(options, tally);
  compare_signing_keys<mldsa::MLDSA87>(options, tally);
  measure_cctv_mean<mldsa::MLDSA44>(options, tally, "sign-cctv-main", cctv::mldsa44_main);
  measure_cctv_mean<mldsa::MLDSA44>(options, tally, "sign-cctv-alt", cctv::mldsa44_alt, true);
  measure_cctv_mean<mldsa::MLDSA65>(options, tally, "sign-cctv-main", cctv::mldsa65_main);
  measure_cctv_mean<mldsa::MLDSA65>(options, tally, "sign-cctv-alt", cctv::mldsa65_alt, true);
  measure_cctv_mean<mldsa::MLDSA87>(options, tally, "sign-cctv-main", cctv::mldsa87_main);
  measure_cctv_mean<mldsa::MLDSA87>(options, tally, "sign-cctv-alt", cctv::mldsa87_alt, true);
  using mldsa::SigningSchedule;
  measure_cctv_mean_scheduled<mldsa::MLDSA44>(options, tally, SigningSchedule::compact, "sign-cctv-main-compact",
                                              cctv::mldsa44_main);
  measure_cctv_mean_scheduled<mldsa::MLDSA44>(options, tally, SigningSchedule::expanded, "sign-cctv-main-expanded",
                                              cctv::mldsa44_main);
  measure_cctv_mean_scheduled<mldsa::MLDSA65>(options, tally, SigningSchedule::compact, "sign-cctv-main-compact",
                                              cctv::mldsa65_main);
  measure_cctv_mean_scheduled<mldsa::MLDSA65>(options, tally, SigningSchedule::expanded, "sign-cctv-main-expanded",
                                              cctv::mldsa65_main);
  measure_cctv_mean_scheduled<mldsa::MLDSA87>(options, tally, SigningSchedule::compact, "sign-cctv-main-compact",
                                              cctv::mldsa87_main);
  measure_cctv_mean_scheduled<mldsa::MLDSA87>(options, tally, SigningSchedule::expanded, "sign-cctv-main-expanded",
                                              cctv::mldsa87_main);
}

}  // namespace firmware
