// The lab-only subjects: Kyber512/768/1024-90s, the withdrawn round-3
// variant (lab/subjects/kyber90s/), kept for comparison with published
// results only. Selected by name or the group "kyber90s", never by "all".
#include <array>
#include <memory>
#include <stdexcept>
#include <string>

#include "pqlab/random.hpp"
#include "subjects/kyber90s/kyber90s.hpp"
#include "subjects/subject.hpp"

namespace pqlab::lab {
namespace {

namespace k90 = kyber90s;

std::array<std::uint8_t, 32> fresh_seed() {
  std::array<std::uint8_t, 32> s;
  if (system_random().generate(s) != Status::ok) throw std::runtime_error("random source failed");
  return s;
}

template <class S>
struct Kyber90sState {
  std::array<std::uint8_t, S::ek_bytes> pk, scratch_pk;
  std::array<std::uint8_t, S::dk_bytes> sk, scratch_sk;
  std::array<std::uint8_t, S::ct_bytes> ct, scratch_ct;
  std::array<std::uint8_t, 32> ss, scratch_ss;
};

// Like the registry's KEMs, each operation draws its randomness from the
// system source (keygen d and z, encaps 32 bytes).
template <class S>
Instance kyber90s_instance() {
  auto st = std::make_shared<Kyber90sState<S>>();
  k90::keygen_derand<S>(st->pk, st->sk, fresh_seed(), fresh_seed());
  k90::encaps_derand<S>(st->ct, st->ss, st->pk, fresh_seed());
  k90::decaps<S>(st->scratch_ss, st->ct, st->sk);
  if (st->scratch_ss != st->ss) throw std::runtime_error(std::string(S::name) + ": decaps disagrees with encaps");
  Instance in;
  in.operations.push_back(
      {"keygen", [st] { k90::keygen_derand<S>(st->scratch_pk, st->scratch_sk, fresh_seed(), fresh_seed()); }});
  in.operations.push_back(
      {"encaps", [st] { k90::encaps_derand<S>(st->scratch_ct, st->scratch_ss, st->pk, fresh_seed()); }});
  in.operations.push_back({"decaps", [st] { k90::decaps<S>(st->scratch_ss, st->ct, st->sk); }});
  // The symmetric-cost breakdown: "<op>-symmetric" replays the AES-256-CTR
  // and SHA-2 calls (counts and sizes logged from one run of <op>, with the
  // AES implementation the backend uses) without the rest of the operation.
  for (std::size_t i = 0; i < 3; ++i) {
    auto log = std::make_shared<k90::SymmetricLog>();
    k90::set_symmetric_log(log.get());
    in.operations[i].run();
    k90::set_symmetric_log(nullptr);
    in.operations.push_back(
        {in.operations[i].name + "-symmetric", [log] { k90::replay_symmetric(*log, k90::default_aes_impl()); }});
  }
  return in;
}

template <class S>
Subject kyber90s_subject() {
  Subject s;
  s.name = std::string(S::name);
  s.standard = "Kyber round 3 (v3.02), withdrawn 90s variant; not FIPS 203";
  s.kind = "kem";
  s.family = SubjectFamily::post_quantum;
  s.public_key_bytes = S::ek_bytes;
  s.secret_key_bytes = S::dk_bytes;
  s.ciphertext_bytes = S::ct_bytes;
  s.shared_secret_bytes = 32;
  s.size_note = "round-3 Kyber's byte encodings (the same sizes as ML-KEM's)";
  s.operation_names = {"keygen", "encaps", "decaps", "keygen-symmetric", "encaps-symmetric", "decaps-symmetric"};
  s.instantiate = [] { return kyber90s_instance<S>(); };
  return s;
}

}  // namespace

const std::vector<std::string>& lab_only_subject_names() {
  static const std::vector<std::string> names = {"Kyber512-90s", "Kyber768-90s", "Kyber1024-90s"};
  return names;
}

std::vector<Subject> lab_only_subjects() {
  return {kyber90s_subject<k90::Kyber512_90s>(), kyber90s_subject<k90::Kyber768_90s>(),
          kyber90s_subject<k90::Kyber1024_90s>()};
}

}  // namespace pqlab::lab
