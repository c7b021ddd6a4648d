// Report section: one ML-KEM (or Kyber-90s) operation on two cores (issue
// 24 §3). The matrix Â is sampled on a second, pinned core while the first
// samples and transforms the noise (lab/twocore/); each operation is timed
// on one core and on two, with the same inputs (the derand calls, fixed
// seeds), beside the two quantities that decide whether the split can pay:
// the round trip of an empty hand-off, and the time of the work moved (Â
// alone, on one core). Kyber512-90s, the set the ESP32-S3 study split, is
// measured whenever an ML-KEM set is (and every Kyber-90s set the run
// selects); the study's published ratios stand beside it, labelled.
#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/output.hpp"
#include "harness/pinning.hpp"
#include "harness/sampler.hpp"
#include "harness/stats.hpp"
#include "mlkem/kpke.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/mlkem.hpp"
#include "report/section.hpp"
#include "subjects/kyber90s/kyber90s.hpp"
#include "twocore/bench_ops.hpp"
#include "twocore/kyber90s_two_core.hpp"
#include "twocore/mlkem_two_core.hpp"

namespace pqlab::lab {
namespace {

namespace tc = twocore;
namespace k90 = kyber90s;

void check(Status s) {
  if (s != Status::ok) throw std::runtime_error(std::string("two-core section: ") + describe(s));
}

// The calls measure_set times for one set: the single-core derand calls,
// their two-core counterparts, and Âᵀ's sampling alone.
template <class P>
struct MlkemCalls {
  using Set = P;
  using Bytes32 = std::span<const std::uint8_t, 32>;
  static void keygen(std::span<std::uint8_t, P::ek_bytes> ek, std::span<std::uint8_t, P::dk_bytes> dk, Bytes32 d,
                     Bytes32 z) {
    check(mlkem::keygen_derand<P>(ek, dk, d, z));
  }
  static void keygen2(tc::SecondCore& core, std::span<std::uint8_t, P::ek_bytes> ek,
                      std::span<std::uint8_t, P::dk_bytes> dk, Bytes32 d, Bytes32 z) {
    check(tc::keygen_derand<P>(core, ek, dk, d, z));
  }
  static void encaps(std::span<std::uint8_t, P::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                     std::span<const std::uint8_t, P::ek_bytes> ek, Bytes32 m) {
    check(mlkem::encaps_derand<P>(ct, ss, ek, m));
  }
  static void encaps2(tc::SecondCore& core, std::span<std::uint8_t, P::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                      std::span<const std::uint8_t, P::ek_bytes> ek, Bytes32 m) {
    check(tc::encaps_derand<P>(core, ct, ss, ek, m));
  }
  static void decaps(std::span<std::uint8_t, 32> ss, std::span<const std::uint8_t, P::ct_bytes> ct,
                     std::span<const std::uint8_t, P::dk_bytes> dk) {
    check(mlkem::decaps<P>(ss, ct, dk));
  }
  static void decaps2(tc::SecondCore& core, std::span<std::uint8_t, 32> ss,
                      std::span<const std::uint8_t, P::ct_bytes> ct, std::span<const std::uint8_t, P::dk_bytes> dk) {
    check(tc::decaps<P>(core, ss, ct, dk));
  }
  static void matrix(mlkem::Matrix<P::k>& a, Bytes32 rho) { mlkem::sample_matrix_vartime<P::k>(a, rho, true, nullptr); }
};

// Kyber-90s: the same with round 3's calls and AES-256-CTR's Âᵀ (the AES
// implementation the operations use).
template <class S>
struct Kyber90sCalls {
  using Set = S;
  using Bytes32 = std::span<const std::uint8_t, 32>;
  static void keygen(std::span<std::uint8_t, S::ek_bytes> pk, std::span<std::uint8_t, S::dk_bytes> sk, Bytes32 d,
                     Bytes32 z) {
    k90::keygen_derand<S>(pk, sk, d, z);
  }
  static void keygen2(tc::SecondCore& core, std::span<std::uint8_t, S::ek_bytes> pk,
                      std::span<std::uint8_t, S::dk_bytes> sk, Bytes32 d, Bytes32 z) {
    tc::kyber90s_keygen_derand<S>(core, pk, sk, d, z);
  }
  static void encaps(std::span<std::uint8_t, S::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                     std::span<const std::uint8_t, S::ek_bytes> pk, Bytes32 coins) {
    k90::encaps_derand<S>(ct, ss, pk, coins);
  }
  static void encaps2(tc::SecondCore& core, std::span<std::uint8_t, S::ct_bytes> ct, std::span<std::uint8_t, 32> ss,
                      std::span<const std::uint8_t, S::ek_bytes> pk, Bytes32 coins) {
    tc::kyber90s_encaps_derand<S>(core, ct, ss, pk, coins);
  }
  static void decaps(std::span<std::uint8_t, 32> ss, std::span<const std::uint8_t, S::ct_bytes> ct,
                     std::span<const std::uint8_t, S::dk_bytes> sk) {
    k90::decaps<S>(ss, ct, sk);
  }
  static void decaps2(tc::SecondCore& core, std::span<std::uint8_t, 32> ss,
                      std::span<const std::uint8_t, S::ct_bytes> ct, std::span<const std::uint8_t, S::dk_bytes> sk) {
    tc::kyber90s_decaps<S>(core, ss, ct, sk);
  }
  static void matrix(mlkem::Matrix<S::k>& a, Bytes32 rho) {
    k90::gen_matrix_vartime<S::k>(a, rho, true, k90::default_aes_impl());
  }
};

struct OpRow {
  std::string algorithm, operation;
  double one_core_us = 0, two_core_us = 0;
  double ratio() const { return two_core_us > 0 ? one_core_us / two_core_us : 0; }
};

struct SetRow {
  std::string algorithm;
  double matrix_us = 0;  // Â (Âᵀ) alone, on one core
};

// The study's clock cycles at 160 MHz, single core and dual core, for
// Kyber512-90s on the ESP32-S3 (../shared/notes/studies.md, study 3).
struct Published {
  const char* operation;
  double single_cycles, dual_cycles;
  double ratio() const { return single_cycles / dual_cycles; }
};
constexpr std::array<Published, 3> kPublished = {
    {{"keygen", 2248841, 1818840}, {"encaps", 2011697, 1513054}, {"decaps", 310357, 353378}}};
constexpr const char* kStudy = "ESP32-S3上Kyber后量子加密算法的优化实践 (Optimising Kyber on the ESP32-S3)";

class TwoCoreSection final : public Section {
 public:
  std::string key() const override { return "two_core"; }
  std::string title() const override { return "One operation on two cores"; }
  double weight() const override { return 1; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    std::vector<std::string> sets;
    bool any_mlkem = false;
    for (const Subject& s : ctx.bench.subjects)
      if (tc::has_two_core_mode(s.name)) {
        sets.push_back(s.name);
        any_mlkem = any_mlkem || s.name.starts_with("ML-KEM-");
      }
    // The study's subject beside ML-KEM, whether or not the run selected it.
    if (any_mlkem && std::find(sets.begin(), sets.end(), k90::Kyber512_90s::name) == sets.end())
      sets.emplace_back(k90::Kyber512_90s::name);
    if (sets.empty()) return;
    SamplingPolicy policy;
    if (ctx.options.quick) {
      policy.min_time_s = 0.005;
      policy.min_samples = 5;
      policy.max_time_s = 0.1;
      policy.warmup_s = 0;
    } else {
      policy.min_time_s = 0.15;  // two rounds of each: 0.3 s per variant
      policy.min_samples = 11;
      policy.max_time_s = 2;
      policy.warmup_s = 0.02;
    }
    ticks_per_us_ = ctx.bench.timing.ticks_per_second / 1e6;
    const auto avail = kernels::available();
    backend_ = avail.empty() ? "portable" : std::string(avail.back());
    cpus_ = allowed_cpus().size();
    struct Pin {
      int cpu = pin_current_thread_here();
      ~Pin() { unpin_current_thread(); }
    } pin;
    tc::SecondCore core;
    caller_cpu_ = pin.cpu;
    worker_cpu_ = core.worker_cpu();
    measured_ = true;

    if (progress) progress("two cores: hand-off round trip", 0);
    handoff_us_ = median_us([&] { core.round_trip(); }, policy);
    for (std::size_t i = 0; i < sets.size(); ++i) {
      if (progress)
        progress("two cores: " + sets[i], static_cast<double>(i + 1) / static_cast<double>(sets.size() + 1));
      if (sets[i] == mlkem::MLKEM512::name) measure_set<MlkemCalls<mlkem::MLKEM512>>(core, policy);
      if (sets[i] == mlkem::MLKEM768::name) measure_set<MlkemCalls<mlkem::MLKEM768>>(core, policy);
      if (sets[i] == mlkem::MLKEM1024::name) measure_set<MlkemCalls<mlkem::MLKEM1024>>(core, policy);
      if (sets[i] == k90::Kyber512_90s::name) measure_set<Kyber90sCalls<k90::Kyber512_90s>>(core, policy);
      if (sets[i] == k90::Kyber768_90s::name) measure_set<Kyber90sCalls<k90::Kyber768_90s>>(core, policy);
      if (sets[i] == k90::Kyber1024_90s::name) measure_set<Kyber90sCalls<k90::Kyber1024_90s>>(core, policy);
    }
  }

  nlohmann::json data(const ReportContext&) const override {
    nlohmann::json ops = nlohmann::json::array(), sets = nlohmann::json::array(), pub = nlohmann::json::array();
    for (const OpRow& r : ops_)
      ops.push_back({{"algorithm", r.algorithm},
                     {"operation", r.operation},
                     {"one_core_us", r.one_core_us},
                     {"two_core_us", r.two_core_us},
                     {"ratio", r.ratio()}});
    for (const SetRow& s : sets_) sets.push_back({{"algorithm", s.algorithm}, {"matrix_us", s.matrix_us}});
    for (const Published& p : kPublished)
      pub.push_back({{"operation", p.operation},
                     {"single_core_cycles", p.single_cycles},
                     {"dual_core_cycles", p.dual_cycles},
                     {"ratio", p.ratio()}});
    return {{"measured", measured_},
            {"backend", backend_},
            {"cpus", cpus_},
            {"caller_cpu", caller_cpu_},
            {"worker_cpu", worker_cpu_},
            {"handoff_round_trip_us", handoff_us_},
            {"operations", ops},
            {"matrix", sets},
            {"published",
             {{"source", kStudy},
              {"subject", "Kyber512-90s"},
              {"platform", "ESP32-S3 (two Xtensa LX7 cores) at 160 MHz"},
              {"figures", pub}}}};
  }

  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "The matrix Â (Âᵀ for encapsulation and decapsulation's re-encryption), FIPS 203 Alg. 7 on SHAKE128 (for "
        "Kyber-90s, the withdrawn round-3 variant the ESP32-S3 study split, round 3's AES-256-CTR), is "
        "sampled on a second core by a persistent worker (pinned, started once; the hand-off is an atomic store "
        "and a spin with the pause instruction) while the first core samples and transforms the noise and does "
        "the hashing that does not need Â; then the first core combines the two (`pqlab bench --two-core` measures "
        "the same operations). The results are bit-exact with one core. Both variants run here on the same inputs "
        "(the deterministic calls), on the " +
        backend_ + " backend, median of each.\n\n";
    if (!measured_) return md + "Not measured: the run covered no ML-KEM or Kyber-90s set.\n";
    md += "Caller pinned to CPU " + std::to_string(caller_cpu_) + ", worker " +
          (worker_cpu_ >= 0 ? "pinned to CPU " + std::to_string(worker_cpu_) : std::string("not pinned")) + " (" +
          std::to_string(cpus_) + " CPU" + (cpus_ == 1 ? "" : "s") + " allowed" +
          (ctx.bench.machine.hypervisor ? "; a virtual machine, whose vCPUs may share a physical core" : "") + ").\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const OpRow& r : ops_)
      rows.push_back({r.algorithm, r.operation, fixed(r.one_core_us, 2), fixed(r.two_core_us, 2),
                      fixed(r.ratio(), 2) + "×", published_ratio(r)});
    md += md_table({"algorithm", "operation", "µs, 1 core", "µs, 2 cores", "speed-up",
                    "published (Kyber512-90s, ESP32-S3)"},
                   rows) +
          "\n";
    md +=
        "What the split can win and what it costs, measured on their own: the work moved is Â's sampling alone "
        "on one core; the hand-off is the round trip of an empty job (post, worker runs nothing, caller sees it "
        "done), median " +
        fixed(handoff_us_, 2) + " µs.\n\n";
    std::vector<std::vector<std::string>> cost_rows;
    for (const SetRow& s : sets_)
      cost_rows.push_back({s.algorithm, fixed(s.matrix_us, 2), fixed(handoff_us_, 2),
                           fixed(handoff_us_ > 0 ? s.matrix_us / handoff_us_ : 0, 1) + "×"});
    md +=
        md_table({"algorithm", "Â alone, µs (work moved)", "empty hand-off, µs", "work moved / hand-off"}, cost_rows) +
        "\n";
    md += verdict() + "\n\n";
    md += "Published, not measured here: " + std::string(kStudy) +
          ", Kyber512-90s on the ESP32-S3 at 160 MHz, matrix generation in two halves on the two cores and the "
          "noise transforms in parallel: key generation 2,248,841 → 1,818,840 cycles (1.24×), encapsulation "
          "2,011,697 → 1,513,054 (1.33×), decapsulation 310,357 → 353,378 (0.88×: the study found the "
          "synchronisation cost above the gain and kept decapsulation on one core).\n";
    return md;
  }

 private:
  template <class F>
  double median_us(F&& f, const SamplingPolicy& policy) const {
    return summarize(sample_ticks(f, policy)).median / ticks_per_us_;
  }

  // One and two cores alternately, two rounds each, so that a change of load
  // during the measurement falls on both.
  template <class One, class Two>
  void compare(const std::string& alg, const std::string& op, One&& one, Two&& two, const SamplingPolicy& policy) {
    std::vector<double> a, b;
    for (int round = 0; round < 2; ++round) {
      for (double t : sample_ticks(one, policy)) a.push_back(t);
      for (double t : sample_ticks(two, policy)) b.push_back(t);
    }
    ops_.push_back({alg, op, summarize(a).median / ticks_per_us_, summarize(b).median / ticks_per_us_});
  }

  template <class Calls>
  void measure_set(tc::SecondCore& core, const SamplingPolicy& policy) {
    using P = typename Calls::Set;
    struct Buffers {
      std::array<std::uint8_t, 32> d{}, z{}, m{};
      std::array<std::uint8_t, P::ek_bytes> ek{}, ek2{};
      std::array<std::uint8_t, P::dk_bytes> dk{}, dk2{};
      std::array<std::uint8_t, P::ct_bytes> ct{}, ct2{};
      std::array<std::uint8_t, 32> ss{}, ss2{};
      mlkem::Matrix<P::k> a;
    };
    auto b = std::make_unique<Buffers>();
    for (std::size_t i = 0; i < 32; ++i) {
      b->d[i] = static_cast<std::uint8_t>(i);
      b->z[i] = static_cast<std::uint8_t>(0x40 + i);
      b->m[i] = static_cast<std::uint8_t>(0x80 + i);
    }
    Calls::keygen(b->ek, b->dk, b->d, b->z);
    Calls::encaps(b->ct, b->ss, b->ek, b->m);
    const std::string alg(P::name);
    compare(
        alg, "keygen", [&] { Calls::keygen(b->ek2, b->dk2, b->d, b->z); },
        [&] { Calls::keygen2(core, b->ek2, b->dk2, b->d, b->z); }, policy);
    compare(
        alg, "encaps", [&] { Calls::encaps(b->ct2, b->ss2, b->ek, b->m); },
        [&] { Calls::encaps2(core, b->ct2, b->ss2, b->ek, b->m); }, policy);
    compare(
        alg, "decaps", [&] { Calls::decaps(b->ss2, b->ct, b->dk); },
        [&] { Calls::decaps2(core, b->ss2, b->ct, b->dk); }, policy);
    // The results the report times must agree (the tests check this in depth).
    Calls::encaps2(core, b->ct2, b->ss2, b->ek, b->m);
    if (b->ct2 != b->ct || b->ss2 != b->ss) throw std::runtime_error("two-core section: two cores disagree with one");
    const auto rho = std::span<const std::uint8_t, P::ek_bytes>(b->ek).template last<32>();
    sets_.push_back({alg, median_us([&] { Calls::matrix(b->a, rho); }, policy)});
  }

  std::string published_ratio(const OpRow& r) const {
    for (const Published& p : kPublished)
      if (r.operation == p.operation &&
          (r.algorithm == k90::Kyber512_90s::name || r.algorithm == mlkem::MLKEM512::name))
        return fixed(p.ratio(), 2) + "×";
    return "";
  }

  // Says plainly whether the split pays here, and why, from the figures.
  std::string verdict() const {
    std::size_t faster = 0;
    double best = 0, worst = 1e300;
    for (const OpRow& r : ops_) {
      if (r.ratio() > 1) ++faster;
      best = std::max(best, r.ratio());
      worst = std::min(worst, r.ratio());
    }
    double min_matrix = 1e300, max_matrix = 0;
    for (const SetRow& s : sets_) {
      min_matrix = std::min(min_matrix, s.matrix_us);
      max_matrix = std::max(max_matrix, s.matrix_us);
    }
    std::string v = "**On this machine two cores were faster for " + std::to_string(faster) + " of " +
                    std::to_string(ops_.size()) + " operations (speed-ups " + fixed(worst, 2) + "× to " +
                    fixed(best, 2) + "×).** ";
    v += "The most the split can save is the work moved, " + fixed(min_matrix, 1) + "–" + fixed(max_matrix, 1) +
         " µs of Â, and only if the first core has as much of its own to do meanwhile; every operation pays the "
         "hand-off's " +
         fixed(handoff_us_, 2) + " µs (plus the cache-line transfer of Â, " + "2–8 KB, to the first core) in return. ";
    if (faster == ops_.size())
      v += "Here the work moved outweighs the hand-off, so the split pays";
    else if (faster == 0)
      v += "Here it does not pay: the hand-off and the transfer of Â cost more than the overlap wins (with "
           "vectorised Keccak, Â takes only microseconds, where the study's software SHAKE/AES took milliseconds), "
           "or the two CPUs are not free to run side by side (shared physical core, other load)";
    else
      v += "Here it pays for some operations and not others: where it does not, the overlap was shorter than the "
           "hand-off and Â's transfer";
    v += ". ML-KEM's key generation and encapsulation also lose a gain the single-core path has: there H(ek) rides "
         "in the Keccak lanes that Â's sampling leaves idle, while split it costs its own permutations (in key "
         "generation after t̂, on the critical path).";
    return v + " An ESP32-S3 operation takes milliseconds, so a hand-off of microseconds is negligible there.";
  }

  bool measured_ = false;
  std::string backend_;
  std::size_t cpus_ = 0;
  int caller_cpu_ = -1, worker_cpu_ = -1;
  double ticks_per_us_ = 1, handoff_us_ = 0;
  std::vector<OpRow> ops_;
  std::vector<SetRow> sets_;
};

}  // namespace

std::unique_ptr<Section> make_two_core_section() { return std::make_unique<TwoCoreSection>(); }

}  // namespace pqlab::lab
