// The bench's two-core ML-KEM and Kyber-90s operations (bench_ops.hpp).
#include "twocore/bench_ops.hpp"

#include <array>
#include <memory>
#include <stdexcept>

#include "pqlab/mlkem.hpp"
#include "pqlab/random.hpp"
#include "subjects/kyber90s/kyber90s.hpp"
#include "twocore/kyber90s_two_core.hpp"
#include "twocore/mlkem_two_core.hpp"

namespace pqlab::lab::twocore {
namespace {

void require_ok(Status s, const char* what) {
  if (s != Status::ok) throw std::runtime_error(std::string("two-core ") + what + " failed: " + describe(s));
}

template <class P>
struct State {
  SecondCore core;
  std::array<std::uint8_t, P::ek_bytes> ek{}, scratch_ek{};
  std::array<std::uint8_t, P::dk_bytes> dk{}, scratch_dk{};
  std::array<std::uint8_t, P::ct_bytes> ct{}, scratch_ct{};
  std::array<std::uint8_t, 32> ss{}, scratch_ss{};
};

template <class P>
void append_operations(Instance& in) {
  auto st = std::make_shared<State<P>>();
  require_ok(mlkem::keygen<P>(st->ek, st->dk, system_random()), "setup keygen");
  require_ok(mlkem::encaps<P>(st->ct, st->ss, st->ek, system_random()), "setup encaps");
  require_ok(decaps<P>(st->core, st->scratch_ss, st->ct, st->dk), "decaps");
  if (st->scratch_ss != st->ss) throw std::runtime_error("two-core decaps disagrees with encaps");
  const std::string s = kTwoCoreSuffix;
  in.operations.push_back({"keygen" + s, [st] {
                             require_ok(keygen<P>(st->core, st->scratch_ek, st->scratch_dk, system_random()), "keygen");
                           }});
  in.operations.push_back(
      {"encaps" + s,
       [st] { require_ok(encaps<P>(st->core, st->scratch_ct, st->scratch_ss, st->ek, system_random()), "encaps"); }});
  in.operations.push_back(
      {"decaps" + s, [st] { require_ok(decaps<P>(st->core, st->scratch_ss, st->ct, st->dk), "decaps"); }});
}

std::array<std::uint8_t, 32> fresh_seed() {
  std::array<std::uint8_t, 32> s;
  require_ok(system_random().generate(s), "seed");
  return s;
}

// Kyber-90s: like its single-core subject (lab/subjects/kyber90s_subjects.cpp),
// each operation draws its seeds from the system source.
template <class S>
void append_kyber90s_operations(Instance& in) {
  auto st = std::make_shared<State<S>>();
  kyber90s::keygen_derand<S>(st->ek, st->dk, fresh_seed(), fresh_seed());
  kyber90s::encaps_derand<S>(st->ct, st->ss, st->ek, fresh_seed());
  kyber90s_decaps<S>(st->core, st->scratch_ss, st->ct, st->dk);
  if (st->scratch_ss != st->ss) throw std::runtime_error("two-core Kyber-90s decaps disagrees with encaps");
  const std::string s = kTwoCoreSuffix;
  in.operations.push_back(
      {"keygen" + s,
       [st] { kyber90s_keygen_derand<S>(st->core, st->scratch_ek, st->scratch_dk, fresh_seed(), fresh_seed()); }});
  in.operations.push_back({"encaps" + s, [st] {
                             kyber90s_encaps_derand<S>(st->core, st->scratch_ct, st->scratch_ss, st->ek, fresh_seed());
                           }});
  in.operations.push_back({"decaps" + s, [st] { kyber90s_decaps<S>(st->core, st->scratch_ss, st->ct, st->dk); }});
}

void append_for(const std::string& name, Instance& in) {
  if (name == mlkem::MLKEM512::name) return append_operations<mlkem::MLKEM512>(in);
  if (name == mlkem::MLKEM768::name) return append_operations<mlkem::MLKEM768>(in);
  if (name == mlkem::MLKEM1024::name) return append_operations<mlkem::MLKEM1024>(in);
  if (name == kyber90s::Kyber512_90s::name) return append_kyber90s_operations<kyber90s::Kyber512_90s>(in);
  if (name == kyber90s::Kyber768_90s::name) return append_kyber90s_operations<kyber90s::Kyber768_90s>(in);
  if (name == kyber90s::Kyber1024_90s::name) return append_kyber90s_operations<kyber90s::Kyber1024_90s>(in);
  throw std::logic_error(name + " has no two-core mode");
}

}  // namespace

bool has_two_core_mode(const std::string& algorithm) {
  return algorithm == mlkem::MLKEM512::name || algorithm == mlkem::MLKEM768::name ||
         algorithm == mlkem::MLKEM1024::name || algorithm == kyber90s::Kyber512_90s::name ||
         algorithm == kyber90s::Kyber768_90s::name || algorithm == kyber90s::Kyber1024_90s::name;
}

void add_two_core_operations(Subject& s) {
  for (const char* op : {"keygen", "encaps", "decaps"}) s.operation_names.push_back(op + std::string(kTwoCoreSuffix));
  s.instantiate = [base = s.instantiate, name = s.name] {
    Instance in = base();
    append_for(name, in);
    return in;
  };
}

}  // namespace pqlab::lab::twocore
