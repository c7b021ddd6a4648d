// Kyber-90s on the target (lab/subjects/kyber90s/: the withdrawn round-3
// variant, kept for comparison with published results only; the software
// AES, as the Cortex-M4 has no AES instructions): round-3 known answers,
// then one measured run of keygen, encaps and decaps beside ML-KEM's, and
// of the symmetric calls each made, replayed alone: Kyber-90s's AES-CTR and
// SHA-2 calls as logged, and ML-KEM's SHA-3/SHAKE calls as the core makes
// them (subjects/kyber90s/mlkem_symmetric.hpp).
// Built apart from the other firmware sources because it reaches past the
// public API (the lab library sits on the core's internals).
#include "harness.hpp"
#include "kyber90s_kat.hpp"
#include "pqlab/mlkem.hpp"
#include "subjects/kyber90s/kyber90s.hpp"
#include "subjects/kyber90s/mlkem_symmetric.hpp"

namespace firmware {
namespace {

namespace k90 = pqlab::lab::kyber90s;

template <class S>
void check_known_answers(Tally& tally, const kyber90s_kat::Case (&cases)[2]) {
  for (const kyber90s_kat::Case& c : cases) {
    Arena arena;
    auto pk = arena.take<S::ek_bytes>();
    auto sk = arena.take<S::dk_bytes>();
    auto ct = arena.take<S::ct_bytes>();
    auto ss = arena.take<32>();
    k90::keygen_derand<S>(pk, sk, std::span<const std::uint8_t, 32>(c.d, 32),
                          std::span<const std::uint8_t, 32>(c.z, 32));
    record_kat(tally, S::name, "keygen", c.count, digest_equals(pk, c.pk_digest) && digest_equals(sk, c.sk_digest));
    k90::encaps_derand<S>(ct, ss, pk, std::span<const std::uint8_t, 32>(c.coins, 32));
    record_kat(tally, S::name, "encaps", c.count, digest_equals(ct, c.ct_digest) && bytes_equal(ss, c.ss));
    k90::decaps<S>(ss, ct, sk);
    record_kat(tally, S::name, "decaps", c.count, bytes_equal(ss, c.ss));
  }
}

template <class S>
void measure_operations(Tally& tally) {
  Arena arena;
  auto pk = arena.take<S::ek_bytes>();
  auto sk = arena.take<S::dk_bytes>();
  auto ct = arena.take<S::ct_bytes>();
  auto sender_key = arena.take<32>();
  auto receiver_key = arena.take<32>();
  auto seeds = arena.take<96>();
  // Like ML-KEM's runs (mlkem_runs.cpp), each call draws its randomness
  // from the harness's DRBG inside the measured call.
  bool drawn = true;
  auto keygen = [&] {
    drawn = drbg().generate(seeds.template first<64>()) == pqlab::Status::ok && drawn;
    k90::keygen_derand<S>(pk, sk, seeds.template subspan<0, 32>(), seeds.template subspan<32, 32>());
  };
  record_op(S::name, "keygen", measure(keygen), S::ek_bytes + S::dk_bytes);
  auto encaps = [&] {
    drawn = drbg().generate(seeds.template subspan<64, 32>()) == pqlab::Status::ok && drawn;
    k90::encaps_derand<S>(ct, sender_key, pk, seeds.template subspan<64, 32>());
  };
  record_op(S::name, "encaps", measure(encaps), S::ek_bytes + S::ct_bytes + 32);
  auto decaps = [&] { k90::decaps<S>(receiver_key, ct, sk); };
  record_op(S::name, "decaps", measure(decaps), S::dk_bytes + S::ct_bytes + 32);
  record_kat(tally, S::name, "roundTrip", 0, drawn && bytes_equal(sender_key, receiver_key.data()));

  // The symmetric-cost breakdown: each operation's AES-256-CTR and SHA-2
  // calls, logged from one more run and replayed alone ("<op>-symmetric").
  static k90::SymmetricLog log;
  auto replay = [&] { k90::replay_symmetric(log, k90::AesImpl::software); };
  k90::set_symmetric_log(&log);
  log.count = 0;
  keygen();
  k90::set_symmetric_log(nullptr);
  record_op(S::name, "keygen-symmetric", measure(replay), 0);
  k90::set_symmetric_log(&log);
  log.count = 0;
  encaps();
  k90::set_symmetric_log(nullptr);
  record_op(S::name, "encaps-symmetric", measure(replay), 0);
  k90::set_symmetric_log(&log);
  log.count = 0;
  decaps();
  k90::set_symmetric_log(nullptr);
  record_op(S::name, "decaps-symmetric", measure(replay), 0);
}

// The same breakdown for the ML-KEM set of the same k, η and d: its
// symmetric calls rebuilt from the ρ of a key of that set, replayed alone.
template <class S>
void measure_mlkem_symmetric(Tally& tally) {
  using P = typename S::Core;
  Arena arena;
  auto ek = arena.take<P::ek_bytes>();
  auto dk = arena.take<P::dk_bytes>();
  auto seeds = arena.take<64>();
  const bool ok = drbg().generate(seeds) == pqlab::Status::ok &&
                  pqlab::mlkem::keygen_derand<P>(ek, dk, seeds.template first<32>(), seeds.template last<32>()) ==
                      pqlab::Status::ok;
  record_kat(tally, S::mlkem_name, "symmetricReplayKey", 0, ok);
  k90::MlkemSymmetric replay(P::k, P::eta1, P::eta2, P::ek_bytes, P::ct_bytes);
  const auto rho = std::span<const std::uint8_t, P::ek_bytes>(ek).template last<32>();
  auto keygen = [&] { replay.keygen(); };
  auto encaps = [&] { replay.encaps(); };
  auto decaps = [&] { replay.decaps(); };
  replay.plan_matrix_vartime(rho, false);
  record_op(S::mlkem_name, "keygen-symmetric", measure(keygen), 0);
  replay.plan_matrix_vartime(rho, true);
  record_op(S::mlkem_name, "encaps-symmetric", measure(encaps), 0);
  record_op(S::mlkem_name, "decaps-symmetric", measure(decaps), 0);
}

template <class S>
void run_set(const Options& options, Tally& tally, const kyber90s_kat::Case (&cases)[2]) {
  if (!options.selected(S::name)) return;
  if (options.kat) check_known_answers<S>(tally, cases);
  if (options.bench) {
    measure_operations<S>(tally);
    measure_mlkem_symmetric<S>(tally);
  }
}

}  // namespace

void run_kyber90s(const Options& options, Tally& tally) {
  run_set<k90::Kyber512_90s>(options, tally, kyber90s_kat::Kyber512_90s);
  run_set<k90::Kyber768_90s>(options, tally, kyber90s_kat::Kyber768_90s);
  run_set<k90::Kyber1024_90s>(options, tally, kyber90s_kat::Kyber1024_90s);
}

}  // namespace firmware
