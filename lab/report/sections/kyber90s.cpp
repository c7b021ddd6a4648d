// Report section: Kyber-90s (the withdrawn round-3 variant, lab comparison
// only) against ML-KEM, per set and backend, with the share of each
// operation spent in its symmetric primitives, next to the ESP32-S3
// study's published Kyber512-90s figures.
//
// Symmetric share, measured: the operation is timed whole; then the
// symmetric calls it made are timed alone, on inputs of the same sizes and
// in the same numbers, counted from this very operation:
// - Kyber-90s: the library records every AES-256 key expansion, CTR
//   keystream (in blocks) and SHA-256/SHA-512 call (with its length) of one
//   run (kyber90s::SymmetricLog); replay_symmetric() repeats them with the
//   same AES implementation and the backend's SHA-2 kernels.
// - ML-KEM: the calls the core makes, rebuilt from the operation's real ρ
//   (kyber90s::MlkemSymmetric, subjects/kyber90s/mlkem_symmetric.hpp, which
//   the Cortex-M4 firmware replays too). The core computes H(ek) in ways
//   the matrix leaves idle (keygen, encaps); timed alone, it makes ML-KEM's
//   share an upper bound there.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "bench/output.hpp"
#include "embedded_files.hpp"
#include "harness/sampler.hpp"
#include "harness/stats.hpp"
#include "harness/tsc.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/mlkem.hpp"
#include "report/section.hpp"
#include "subjects/kyber90s/kyber90s.hpp"
#include "subjects/kyber90s/mlkem_symmetric.hpp"

namespace pqlab::lab {
namespace {

namespace k90 = kyber90s;

SamplingPolicy policy(bool quick) {
  SamplingPolicy p;
  p.min_time_s = quick ? 0.005 : 0.1;
  p.min_samples = quick ? 5 : 21;
  p.max_time_s = quick ? 0.2 : 2.0;
  p.warmup_s = quick ? 0.001 : 0.01;
  return p;
}

double median_ticks(const std::function<void()>& op, bool quick) {
  return summarize(sample_ticks(op, policy(quick))).median;
}

struct Row {
  std::string set, mlkem, backend, aes, operation;
  double k90_ticks = 0, k90_sym_ticks = 0, mlkem_ticks = 0, mlkem_sym_ticks = 0;
};

template <class S, class P>
void measure_set(std::vector<Row>& rows, const std::string& backend, bool quick) {
  namespace m = pqlab::mlkem;
  const k90::AesImpl aes = k90::default_aes_impl();
  std::array<std::uint8_t, 32> d{}, z{}, coins{};
  for (std::size_t i = 0; i < 32; ++i)
    d[i] = static_cast<std::uint8_t>(i), z[i] = static_cast<std::uint8_t>(3 * i),
    coins[i] = static_cast<std::uint8_t>(7 * i);
  std::array<std::uint8_t, S::ek_bytes> pk, pk2;
  std::array<std::uint8_t, S::dk_bytes> sk, sk2;
  std::array<std::uint8_t, S::ct_bytes> ct, ct2;
  std::array<std::uint8_t, 32> ss, ss2;
  k90::keygen_derand<S>(pk, sk, d, z);
  k90::encaps_derand<S>(ct, ss, pk, coins);
  std::array<std::uint8_t, P::ek_bytes> ek, ek2;
  std::array<std::uint8_t, P::dk_bytes> dk, dk2;
  std::array<std::uint8_t, P::ct_bytes> c, c2;
  (void)m::keygen_derand<P>(ek, dk, d, z);
  (void)m::encaps_derand<P>(c, ss, ek, coins);

  k90::MlkemSymmetric ms(P::k, P::eta1, P::eta2, P::ek_bytes, P::ct_bytes);
  const auto rho = std::span<const std::uint8_t, P::ek_bytes>(ek).template last<32>();

  struct Op {
    const char* name;
    std::function<void()> k90_op, mlkem_op;
    bool transposed;
    void (k90::MlkemSymmetric::*mlkem_sym)() const;
  };
  const std::vector<Op> ops = {
      {"keygen", [&] { k90::keygen_derand<S>(pk2, sk2, d, z); }, [&] { (void)m::keygen_derand<P>(ek2, dk2, d, z); },
       false, &k90::MlkemSymmetric::keygen},
      {"encaps", [&] { k90::encaps_derand<S>(ct2, ss2, pk, coins); },
       [&] { (void)m::encaps_derand<P>(c2, ss2, ek, coins); }, true, &k90::MlkemSymmetric::encaps},
      {"decaps", [&] { k90::decaps<S>(ss2, ct, sk); }, [&] { (void)m::decaps<P>(ss2, c, dk); }, true,
       &k90::MlkemSymmetric::decaps},
  };
  for (const Op& op : ops) {
    Row r{std::string(S::name), std::string(S::mlkem_name), backend, std::string(k90::aes_impl_name(aes)), op.name};
    k90::SymmetricLog log;
    k90::set_symmetric_log(&log);
    op.k90_op();
    k90::set_symmetric_log(nullptr);
    r.k90_ticks = median_ticks(op.k90_op, quick);
    r.k90_sym_ticks = median_ticks([&] { k90::replay_symmetric(log, aes); }, quick);
    ms.plan_matrix_vartime(rho, op.transposed);
    r.mlkem_ticks = median_ticks(op.mlkem_op, quick);
    r.mlkem_sym_ticks = median_ticks([&] { (ms.*op.mlkem_sym)(); }, quick);
    rows.push_back(r);
  }
}

nlohmann::json esp32_study() {
  const std::string_view text = embedded_file("published_figures.json");
  if (text.empty()) return nullptr;
  for (const auto& e : nlohmann::json::parse(text))
    if (e.value("what", "").rfind("Kyber512-90s", 0) == 0) return e;
  return nullptr;
}

std::string pct(double share) { return fixed(100 * share, 0) + " %"; }

class Kyber90sSection final : public Section {
 public:
  std::string key() const override { return "kyber90s"; }
  std::string title() const override { return "Kyber-90s: what symmetric hardware buys"; }
  double weight() const override { return 1.5; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    tps_ = ticks_per_second();
    // The Cortex-M4 firmware's counts (embedded/run.py bench), where given:
    // Kyber-90s (software AES) beside ML-KEM, per board and RAM budget.
    if (!ctx.options.embedded_results.empty()) {
      const nlohmann::json results = load_embedded_results(ctx.options.embedded_results);
      for (const nlohmann::json& image : results.at("images")) {
        if (image.at("ram_budget").get<std::uint64_t>() != 128 * 1024) continue;  // one image per board
        auto find = [&](const std::string& set, const std::string& op) -> const nlohmann::json* {
          for (const nlohmann::json& o : image.at("operations"))
            if (o.at("set") == set && o.at("op") == op) return &o;
          return nullptr;
        };
        for (const auto& [k90_set, mlkem_set] :
             {std::pair{"Kyber512-90s", "ML-KEM-512"}, std::pair{"Kyber768-90s", "ML-KEM-768"},
              std::pair{"Kyber1024-90s", "ML-KEM-1024"}})
          for (const char* op : {"keygen", "encaps", "decaps"}) {
            const nlohmann::json* a = find(k90_set, op);
            const nlohmann::json* b = find(mlkem_set, op);
            const nlohmann::json* sym = find(k90_set, std::string(op) + "-symmetric");
            const nlohmann::json* mlkem_sym = find(mlkem_set, std::string(op) + "-symmetric");
            if (a == nullptr || b == nullptr) continue;
            m4_rows_.push_back({{"board", image.at("board")},
                                {"ram_budget_bytes", image.at("ram_budget")},
                                {"set", k90_set},
                                {"operation", op},
                                {"kyber90s_instructions", a->at("instructions")},
                                {"mlkem_instructions", b->at("instructions")},
                                {"kyber90s_symmetric_instructions",
                                 sym != nullptr ? sym->at("instructions") : nlohmann::json(nullptr)},
                                {"mlkem_symmetric_instructions",
                                 mlkem_sym != nullptr ? mlkem_sym->at("instructions") : nlohmann::json(nullptr)},
                                {"kyber90s_peak_stack_bytes", a->at("stack")},
                                {"mlkem_peak_stack_bytes", b->at("stack")}});
          }
      }
    }
    const auto& backends = ctx.bench.kernels;
    for (std::size_t b = 0; b < backends.size(); ++b) {
      if (kernels::select(backends[b]) != Status::ok) continue;
      if (progress)
        progress("Kyber-90s against ML-KEM [" + backends[b] + "]",
                 static_cast<double>(b) / static_cast<double>(backends.size()));
      measure_set<k90::Kyber512_90s, mlkem::MLKEM512>(rows_, backends[b], ctx.options.quick);
      measure_set<k90::Kyber768_90s, mlkem::MLKEM768>(rows_, backends[b], ctx.options.quick);
      measure_set<k90::Kyber1024_90s, mlkem::MLKEM1024>(rows_, backends[b], ctx.options.quick);
    }
    const auto avail = kernels::available();
    if (!avail.empty()) (void)kernels::select(avail.back());
  }

  nlohmann::json data(const ReportContext& ctx) const override {
    nlohmann::json rows = nlohmann::json::array();
    for (const Row& r : rows_)
      rows.push_back({{"set", r.set},
                      {"mlkem_set", r.mlkem},
                      {"backend", r.backend},
                      {"aes", r.aes},
                      {"operation", r.operation},
                      {"kyber90s_median_ticks", r.k90_ticks},
                      {"kyber90s_symmetric_ticks", r.k90_sym_ticks},
                      {"kyber90s_symmetric_share", r.k90_ticks > 0 ? r.k90_sym_ticks / r.k90_ticks : 0},
                      {"mlkem_median_ticks", r.mlkem_ticks},
                      {"mlkem_symmetric_ticks", r.mlkem_sym_ticks},
                      {"mlkem_symmetric_share", r.mlkem_ticks > 0 ? r.mlkem_sym_ticks / r.mlkem_ticks : 0},
                      {"kyber90s_over_mlkem", r.mlkem_ticks > 0 ? r.k90_ticks / r.mlkem_ticks : 0}});
    return {{"label", "Kyber-90s is a withdrawn round-3 variant, measured for comparison only; not FIPS 203"},
            {"unit", ctx.bench.timing.unit},
            {"ticks_per_second", tps_},
            {"rows", rows},
            {"cortex_m4", m4_rows_},
            {"published_esp32_s3", esp32_study()}};
  }

  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "Kyber-90s is the round-3 Kyber variant (specification v3.02) that hashes with SHA-2 and expands with "
        "AES-256-CTR instead of SHA-3/SHAKE, so that chips with AES and SHA hardware could run it faster. It was "
        "withdrawn: FIPS 203 (ML-KEM) does not include it, and pqlab keeps it in the lab only, to answer the "
        "ESP32-S3 study's question (what do symmetric accelerators buy a lattice KEM?) on measured hardware. "
        "It is bit-exact with the round-3 known-answer files and shares ML-KEM's arithmetic kernels, so the two "
        "differ only in their symmetric primitives. AES: AES-NI on the vector backends where the CPU has it, "
        "a constant-time bitsliced software AES on `portable` (a CPU without AES hardware); SHA-2 and SHA-3 "
        "through each backend's kernels.\n\n"
        "Times: median of one operation with fixed inputs (no random-number generation), " +
        ctx.bench.timing.unit +
        " converted to µs. Symmetric share: the time of the symmetric calls the operation made, replayed alone "
        "with the same sizes and counts (counted from that operation, see lab/report/sections/kyber90s.cpp), "
        "over the operation's time. ML-KEM's share is an upper bound for keygen and encaps, where the core "
        "hides H(ek) in idle Keccak lanes.\n\n";
    std::vector<std::vector<std::string>> t;
    auto us = [&](double ticks) { return tps_ > 0 ? fixed(ticks / tps_ * 1e6, 1) : std::string("-"); };
    for (const Row& r : rows_)
      t.push_back({r.set, r.backend, r.aes, r.operation, us(r.k90_ticks), pct(r.k90_sym_ticks / r.k90_ticks),
                   us(r.mlkem_ticks), pct(r.mlkem_sym_ticks / r.mlkem_ticks),
                   fixed(r.k90_ticks / r.mlkem_ticks, 2) + "×"});
    md += md_table({"set", "backend", "AES", "operation", "Kyber-90s µs", "symmetric share (AES-CTR, SHA-2)",
                    "ML-KEM µs", "symmetric share (SHAKE, SHA-3)", "Kyber-90s / ML-KEM"},
                   t) +
          "\n";
    const bool over = std::any_of(rows_.begin(), rows_.end(), [](const Row& r) {
      return r.k90_sym_ticks > r.k90_ticks || r.mlkem_sym_ticks > r.mlkem_ticks;
    });
    if (over)
      md += "A share above 100 % is measurement noise: the replay and the operation are separate medians (" +
            std::string(ctx.options.quick ? "short ones in quick mode" : "on a busy machine, see Machine load") +
            ").\n\n";
    if (!m4_rows_.empty()) {
      md +=
          "On the Cortex-M4 (QEMU instruction counts from `embedded/run.py bench`, the 128 KB images, see the "
          "Cortex-M4 section; no AES or SHA hardware: the bitsliced software AES and the portable SHA-2/SHA-3). "
          "Kyber-90s's symmetric share: its logged AES-CTR and SHA-2 calls replayed alone on the target "
          "(`<op>-symmetric`); ML-KEM's: its SHA-3/SHAKE calls, rebuilt from the ρ of a key of that set as on "
          "the host, replayed alone on the target.\n\n";
      std::vector<std::vector<std::string>> m;
      for (const nlohmann::json& r : m4_rows_) {
        const double a = r.at("kyber90s_instructions").get<double>(), b = r.at("mlkem_instructions").get<double>();
        const nlohmann::json& sym = r.at("kyber90s_symmetric_instructions");
        const nlohmann::json& mlkem_sym = r.at("mlkem_symmetric_instructions");
        m.push_back({r.at("board").get<std::string>(), r.at("set").get<std::string>(),
                     r.at("operation").get<std::string>(), with_commas(a),
                     sym.is_number() && a > 0 ? pct(sym.get<double>() / a) : std::string("not measured"),
                     with_commas(b),
                     mlkem_sym.is_number() && b > 0 ? pct(mlkem_sym.get<double>() / b) : std::string("not measured"),
                     b > 0 ? fixed(a / b, 2) + "×" : "-",
                     std::to_string(r.at("kyber90s_peak_stack_bytes").get<std::uint64_t>())});
      }
      md += md_table({"board", "set", "operation", "Kyber-90s instructions", "symmetric share (software AES, SHA-2)",
                      "ML-KEM instructions", "symmetric share (SHAKE, SHA-3)", "Kyber-90s / ML-KEM",
                      "Kyber-90s peak stack (B)"},
                     m) +
            "\n";
    }
    const nlohmann::json study = esp32_study();
    if (!study.is_null()) {
      md += "**Published on the ESP32-S3, not measured here** (" + study.value("platform", "") + "; source: \"" +
            study["source"].value("title", "") + "\", " + study["source"].value("where", "") + "): Kyber512-90s";
      std::vector<std::vector<std::string>> p;
      for (const auto& f : study["figures"])
        p.push_back({f.value("operation", ""), f.value("variant", ""), fixed(f.value("ms", 0.0), 2) + " ms"});
      md += ".\n\n" + md_table({"operation", "published configuration", "published time (ESP32-S3)"}, p) + "\n";
      md +=
          "The study reports its hardware SHA-256, AES and SHA-512 as 10.44×, 9.65× and 6.1× faster than its "
          "software (published, not measured here). Its software-to-hardware gain mixes the accelerators with "
          "a second core; the table above separates what the symmetric primitives cost on this machine with "
          "(AES-NI, the SHA-2 kernels) and without (`portable`) hardware help.\n";
    }
    return md;
  }

 private:
  double tps_ = 0;
  std::vector<Row> rows_;
  nlohmann::json m4_rows_ = nlohmann::json::array();
};

}  // namespace

std::unique_ptr<Section> make_kyber90s_section() { return std::make_unique<Kyber90sSection>(); }

}  // namespace pqlab::lab
