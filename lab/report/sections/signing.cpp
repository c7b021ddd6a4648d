// Report section: signing time, whose spread comes from rejection sampling.
// Two measurements: the distribution on the bench's 1 KB message (median,
// p90 from the shared bench), and ML-DSA's mean over the C2SP CCTV message
// sets (lab/data/ML-DSA-*.json): messages chosen so that, signed
// deterministically with the key from the all-zero seed and an empty
// context, their rejection-loop iterations are representative; the total
// time divided by the count estimates the mean signing time, and the .alt
// set should give the same mean. Deterministic signing repeats exactly the
// same work for one message, so each message is signed several times and
// its fastest time kept: a preemption or interrupt during one call then
// cannot inflate the mean (on a busy machine a single-pass mean came out
// up to 3x the median).
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "embedded_files.hpp"
#include "harness/tsc.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/registry.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

struct CctvMean {
  std::string algorithm, backend, set;
  std::size_t messages = 0;
  double mean_ticks = 0, mean_us = 0;
};

std::vector<std::string> load_messages(const std::string& file, std::size_t limit) {
  const std::string_view text = embedded_file(file);
  if (text.empty()) return {};
  std::vector<std::string> msgs = nlohmann::json::parse(text).get<std::vector<std::string>>();
  if (limit != 0 && msgs.size() > limit) msgs.resize(limit);
  return msgs;
}

CctvMean sign_set(const Algorithm& alg, const std::string& backend, const std::string& set,
                  const std::vector<std::string>& msgs, std::size_t repeats, double ticks_per_second) {
  std::vector<std::uint8_t> pk(alg.public_key_bytes), sk(alg.secret_key_bytes), sig(alg.signature_bytes),
      seed(alg.seed_bytes, 0);
  if (alg.sig->keygen_from_seed(pk, sk, seed) != Status::ok)
    throw std::runtime_error(std::string(alg.name) + " keygen_from_seed failed");
  SignOptions opt{};
  opt.mode = SignMode::deterministic;
  std::uint64_t total = 0;
  for (const std::string& m : msgs) {
    const std::span<const std::uint8_t> msg(reinterpret_cast<const std::uint8_t*>(m.data()), m.size());
    std::uint64_t fastest = UINT64_MAX;
    for (std::size_t r = 0; r < repeats; ++r) {
      const std::uint64_t t0 = read_ticks();
      const Status s = alg.sig->sign(sig, msg, sk, opt, system_random());
      const std::uint64_t t1 = read_ticks();
      if (s != Status::ok) throw std::runtime_error(std::string(alg.name) + " sign failed");
      fastest = std::min(fastest, t1 - t0);
    }
    total += fastest;
  }
  CctvMean r{std::string(alg.name), backend, set, msgs.size(), 0, 0};
  if (!msgs.empty()) r.mean_ticks = static_cast<double>(total) / static_cast<double>(msgs.size());
  r.mean_us = r.mean_ticks / ticks_per_second * 1e6;
  return r;
}

class SigningSection final : public Section {
 public:
  std::string key() const override { return "signing"; }
  std::string title() const override { return "Signing time: spread and mean"; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    const std::size_t limit = ctx.options.quick ? 16 : 0;
    repeats_ = ctx.options.quick ? 2 : 5;
    for (const std::string& backend : ctx.bench.kernels) {
      if (kernels::select(backend) != Status::ok) continue;
      for (const Algorithm& alg : algorithms()) {
        if (alg.kind != Kind::signature) continue;
        const std::string name(alg.name);
        for (const std::string set : {"", ".alt"}) {
          const std::vector<std::string> msgs = load_messages(name + set + ".json", limit);
          if (msgs.empty()) continue;
          if (progress) progress("CCTV mean signing time " + name + set + " [" + backend + "]", -1);
          means_.push_back(
              sign_set(alg, backend, set.empty() ? "main" : "alt", msgs, repeats_, ctx.bench.timing.ticks_per_second));
        }
      }
    }
    const auto avail = kernels::available();
    if (!avail.empty()) (void)kernels::select(avail.back());
  }

  nlohmann::json data(const ReportContext&) const override {
    nlohmann::json rows = nlohmann::json::array();
    for (const CctvMean& m : means_)
      rows.push_back({{"algorithm", m.algorithm},
                      {"backend", m.backend},
                      {"set", m.set},
                      {"messages", m.messages},
                      {"mean_ticks", m.mean_ticks},
                      {"mean_us", m.mean_us}});
    return {{"cctv_means", rows},
            {"method", "deterministic signing, key from the all-zero seed, empty context; each message signed " +
                           std::to_string(repeats_) + " times and its fastest time kept; sum / count"}};
  }

  std::string markdown(const ReportContext& ctx) const override {
    const BenchResults& b = ctx.bench;
    std::vector<std::vector<std::string>> rows;
    for (const OperationResult& r : b.results)
      if (r.operation == "sign")
        rows.push_back({r.family == "classical" ? r.algorithm + " (classical)" : r.algorithm, r.backend,
                        std::to_string(r.ticks.count), fixed(r.median_us, 1), fixed(r.p90_us, 1),
                        fixed(r.ticks.p90 / (r.ticks.median > 0 ? r.ticks.median : 1), 2)});
    std::string md = "Signing a " + std::to_string(b.plan.message_bytes) +
                     "-byte message (hedged). ML-DSA's signing loop restarts on rejection, so its time varies from "
                     "call to call: compare the median with the 90th percentile.\n\n";
    md += md_table({"algorithm", "backend", "calls", "median µs", "p90 µs", "p90 / median"}, rows) + "\n";
    if (means_.empty()) {
      md += "No ML-DSA parameter set is compiled in, so the mean over the CCTV message sets was not measured.\n";
      return md;
    }
    md +=
        "Mean signing time over the C2SP CCTV ML-DSA benchmark message sets (deterministic signing, key from "
        "the all-zero seed, empty context; the messages are chosen so that their rejection-loop iterations are "
        "representative, and the `.alt` set should give the same mean). Each message is signed " +
        std::to_string(repeats_) +
        " times and its fastest time kept (the work is identical each time), so interruptions do not inflate the "
        "mean";
    if (ctx.options.quick) md += " — **quick mode: only the first 16 messages of each set**";
    md += ":\n\n";
    std::vector<std::vector<std::string>> mrows;
    for (const CctvMean& m : means_)
      mrows.push_back(
          {m.algorithm, m.backend, m.set, std::to_string(m.messages), fixed(m.mean_ticks, 0), fixed(m.mean_us, 1)});
    md += md_table({"algorithm", "backend", "set", "messages", "mean " + b.timing.unit, "mean µs"}, mrows);
    return md;
  }

 private:
  std::vector<CctvMean> means_;
  std::size_t repeats_ = 1;
};

}  // namespace

std::unique_ptr<Section> make_signing_section() { return std::make_unique<SigningSection>(); }

}  // namespace pqlab::lab
