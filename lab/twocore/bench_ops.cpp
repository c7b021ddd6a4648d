// The bench's two-core ML-KEM operations (bench_ops.hpp).
#include "twocore/bench_ops.hpp"

#include <array>
#include <memory>
#include <stdexcept>

#include "pqlab/mlkem.hpp"
#include "pqlab/random.hpp"
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
  in.operations.push_back(
      {"keygen" + s, [st] { require_ok(keygen<P>(st->core, st->scratch_ek, st->scratch_dk, system_random()), "keygen"); }});
  in.operations.push_back({"encaps" + s, [st] {
                             require_ok(encaps<P>(st->core, st->scratch_ct, st->scratch_ss, st->ek, system_random()),
                                        "encaps");
                           }});
  in.operations.push_back(
      {"decaps" + s, [st] { require_ok(decaps<P>(st->core, st->scratch_ss, st->ct, st->dk), "decaps"); }});
}

void append_for(const std::string& name, Instance& in) {
  if (name == mlkem::MLKEM512::name) return append_operations<mlkem::MLKEM512>(in);
  if (name == mlkem::MLKEM768::name) return append_operations<mlkem::MLKEM768>(in);
  if (name == mlkem::MLKEM1024::name) return append_operations<mlkem::MLKEM1024>(in);
  throw std::logic_error(name + " has no two-core mode");
}

}  // namespace

bool has_two_core_mode(const std::string& algorithm) {
  return algorithm == mlkem::MLKEM512::name || algorithm == mlkem::MLKEM768::name ||
         algorithm == mlkem::MLKEM1024::name;
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
