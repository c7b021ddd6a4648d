// Report section: the summary table that opens the report — one row per
// scheme and operation on the best backend, in µs, ms, ticks and estimated
// core cycles, with sizes and peak stack; the Cortex-M4 rows (when the
// embedded results are given) as cycles and ms at the STM32F407's 168 MHz.
// The same table is written as summary.md (stamped with commit, date, CPU,
// load and command, for docs/RESULTS.md) and summary.csv.
#include <sstream>

#include "harness/machine_info.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

constexpr double kStm32f407Hz = 168e6;

constexpr const char* kCpiAssumption =
    "QEMU counts executed instructions, not cycles; the cycle column assumes one cycle per instruction "
    "(CPI = 1). On a real Cortex-M4 a load takes 2 cycles, a taken branch 2 to 4 (pipeline refill) and flash "
    "wait states at 168 MHz add more where the ART cache misses, so silicon needs more cycles than this column; "
    "it is a lower bound, not a measurement (pqm4's published silicon counts are in the Cortex-M4 section)";

bool summary_operation(const std::string& op) { return op.find("batch") == std::string::npos; }

struct HostRow {
  const OperationResult* r;
  const Subject* s;
};

std::vector<HostRow> host_rows(const BenchResults& b) {
  std::vector<HostRow> rows;
  const std::string best = b.kernels.empty() ? "" : b.kernels.back();
  for (const Subject& s : b.subjects) {
    const std::string backend = s.uses_kernels() ? best : std::string(kOpenSslBackend);
    for (const OperationResult& r : b.results)
      if (r.algorithm == s.name && r.backend == backend && summary_operation(r.operation)) rows.push_back({&r, &s});
  }
  return rows;
}

std::size_t output_bytes(const Subject& s) { return s.signature_bytes ? s.signature_bytes : s.ciphertext_bytes; }

// Its implicit constructor default-constructs nlohmann::json members, which
// allocate nothing for null; clang-tidy 14 follows the allocating branches.
// NOLINTNEXTLINE(bugprone-exception-escape)
class SummarySection final : public Section {
 public:
  std::string key() const override { return "summary"; }
  std::string title() const override { return "Summary"; }

  void measure(ReportContext& ctx, const Progress&) override {
    if (!ctx.options.embedded_results.empty()) embedded_ = load_embedded_results(ctx.options.embedded_results);
  }

  nlohmann::json data(const ReportContext& ctx) const override {
    const BenchResults& b = ctx.bench;
    const auto& ratio = b.timing.core_cycles_per_tick;
    nlohmann::json rows = nlohmann::json::array();
    for (const HostRow& h : host_rows(b)) {
      const OperationResult& r = *h.r;
      rows.push_back(
          {{"algorithm", r.algorithm},
           {"family", r.family},
           {"operation", r.operation},
           {"backend", r.backend},
           {"median_us", r.median_us},
           {"median_ms", r.median_us / 1000},
           {"median_ticks", r.ticks.median},
           {"est_core_cycles", ratio ? nlohmann::json(r.ticks.median * ratio->ratio) : nlohmann::json()},
           {"public_key_bytes", h.s->public_key_bytes},
           {"secret_key_bytes", h.s->secret_key_bytes},
           {"ciphertext_or_signature_bytes", output_bytes(*h.s)},
           {"peak_stack_bytes", r.peak_stack_bytes ? nlohmann::json(*r.peak_stack_bytes) : nlohmann::json()}});
    }
    nlohmann::json d = {{"best_backend", b.kernels.empty() ? "" : b.kernels.back()},
                        {"tick_unit", b.timing.unit},
                        {"ticks_per_second", b.timing.ticks_per_second},
                        {"core_cycles_per_tick", ratio ? nlohmann::json(ratio->ratio) : nlohmann::json()},
                        {"core_cycles_per_tick_method", ratio ? tsc_factor_method() : "not estimated"},
                        {"rows", rows},
                        {"cortex_m4", nullptr}};
    if (!embedded_.is_null()) {
      nlohmann::json m4 = nlohmann::json::array();
      for (const nlohmann::json& e : embedded_rows()) m4.push_back(e);
      d["cortex_m4"] = {{"clock_hz", kStm32f407Hz}, {"cycle_assumption", kCpiAssumption}, {"rows", m4}};
    }
    return d;
  }

  std::string markdown(const ReportContext& ctx) const override { return tables(ctx); }

  std::vector<std::pair<std::string, std::string>> files(const ReportContext& ctx) const override {
    std::string md = "# pqlab: headline figures\n\n";
    md += "- Commit: `" + ctx.git_commit + "`\n";
    md += "- Date: " + ctx.generated + "\n";
    md += "- CPU: " + describe_cpu(ctx.bench.machine) + describe_guest(ctx.bench.machine) + ", " +
          std::to_string(ctx.bench.machine.logical_cpus) + " CPUs\n";
    md += "- Load: " + describe_load(ctx.max_load(), ctx.cpus) + " (the highest 1-minute load average seen)\n";
    md += "- Command: `" + ctx.command + "`" + (ctx.options.quick ? " (quick mode: short measurements)" : "") + "\n\n";
    if (ctx.load_suspect()) md += "**The machine was busy while these figures were measured: they are suspect.**\n\n";
    md += tables(ctx);
    md += "\nFull report: report.md / report.html of the same run.\n";
    return {{"summary.md", md}, {"summary.csv", csv(ctx)}};
  }

 private:
  static std::string tsc_factor_method() {
    return "the fastest of 15 runs of a chain of 2,000,000 dependent register adds (one core cycle each) timed in "
           "TSC ticks, cross-checked with dependent 64-bit multiplies";
  }

  std::vector<nlohmann::json> embedded_rows() const {
    std::vector<nlohmann::json> out;
    for (const nlohmann::json& image : embedded_.at("images"))
      for (const nlohmann::json& op : image.at("operations")) {
        // Kyber-90s's symmetric-call replays are a breakdown (its own section), not operations.
        if (op.at("op").get<std::string>().ends_with("-symmetric")) continue;
        bool seen = false;
        for (const nlohmann::json& e : out) seen = seen || (e["set"] == op.at("set") && e["operation"] == op.at("op"));
        if (seen) continue;  // the first image (board, RAM budget) that ran it
        const double instructions = op.at("instructions").get<double>();
        nlohmann::json row = {{"set", op.at("set")},
                              {"operation", op.at("op")},
                              {"board", image.at("board")},
                              {"instructions", op.at("instructions")},
                              {"est_cycles_cpi1", instructions},
                              {"ms_at_168mhz_cpi1", instructions / kStm32f407Hz * 1e3},
                              {"est_cycles_model", nullptr},
                              {"ms_at_168mhz_model", nullptr},
                              {"peak_stack_bytes", op.at("stack")}};
        // The TRM-timing estimate of embedded/tools/m4cycles.c, where the
        // results file has it.
        if (op.contains("cycles_model")) {
          const double cycles = op.at("cycles_model").get<double>();
          row["est_cycles_model"] = cycles;
          row["ms_at_168mhz_model"] = cycles / kStm32f407Hz * 1e3;
        }
        out.push_back(row);
      }
    return out;
  }

  std::string tables(const ReportContext& ctx) const {
    const BenchResults& b = ctx.bench;
    const auto& ratio = b.timing.core_cycles_per_tick;
    std::string md = "One row per scheme and operation on the best backend this CPU has (" +
                     (b.kernels.empty() ? std::string("none") : b.kernels.back()) +
                     "; the classical baselines through OpenSSL): the median of the timed calls. ";
    if (ratio)
      md += "**Estimated core cycles** = " + b.timing.unit + " × " + fixed(ratio->ratio, 3) +
            ", the core-clock-to-TSC factor estimated by this run (" + tsc_factor_method() + "; core clock ≈ " +
            fixed(ratio->ratio * b.timing.ticks_per_second / 1e9, 2) + " GHz against a TSC of " +
            fixed(b.timing.ticks_per_second / 1e9, 3) +
            " GHz). It is an estimate: the core clock can change during the run (turbo, power states), and a "
            "hypervisor can hide it.";
    else
      md += "Core cycles are not estimated on this machine (no TSC, or the calibration chains disagreed).";
    md +=
        " Sizes in bytes; peak stack is the x86-64 host build's, measured. The batch operations and every "
        "backend are in the cost table below.\n\n";
    if (ctx.load_suspect())
      md += "**The machine was busy while these figures were measured (load " + fixed(ctx.max_load(), 2) + " on " +
            std::to_string(ctx.cpus) + " CPUs): they are suspect.**\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const HostRow& h : host_rows(b)) {
      const OperationResult& r = *h.r;
      rows.push_back({r.family == "classical" ? r.algorithm + " (classical)" : r.algorithm, r.operation, r.backend,
                      fixed(r.median_us, r.median_us < 100 ? 2 : 1), fixed(r.median_us / 1000, 4),
                      with_commas(r.ticks.median), ratio ? with_commas(r.ticks.median * ratio->ratio) : "—",
                      std::to_string(h.s->public_key_bytes), std::to_string(h.s->secret_key_bytes),
                      output_bytes(*h.s) ? std::to_string(output_bytes(*h.s)) : "—",
                      r.peak_stack_bytes ? with_commas(static_cast<double>(*r.peak_stack_bytes)) : "—"});
    }
    md += md_table({"scheme", "operation", "backend", "µs", "ms", b.timing.unit, "≈ core cycles (estimate)",
                    "public key", "secret key", "ciphertext / signature", "peak stack"},
                   rows);
    if (!embedded_.is_null()) {
      md += "\n**Cortex-M4** (the same core under QEMU, `--embedded` results), at the STM32F407's 168 MHz. " +
            std::string(kCpiAssumption) + ".\n\n";
      std::vector<std::vector<std::string>> m4;
      bool model = false;
      for (const nlohmann::json& e : embedded_rows()) model = model || !e["est_cycles_model"].is_null();
      for (const nlohmann::json& e : embedded_rows()) {
        std::vector<std::string> row = {e["set"].get<std::string>(),
                                        e["operation"].get<std::string>(),
                                        e["board"].get<std::string>(),
                                        with_commas(e["instructions"].get<double>()),
                                        with_commas(e["est_cycles_cpi1"].get<double>()),
                                        fixed(e["ms_at_168mhz_cpi1"].get<double>(), 2)};
        if (model) {
          const bool has = !e["est_cycles_model"].is_null();
          row.push_back(has ? with_commas(e["est_cycles_model"].get<double>()) : "—");
          row.push_back(has ? fixed(e["ms_at_168mhz_model"].get<double>(), 2) : "—");
        }
        row.push_back(with_commas(e["peak_stack_bytes"].get<double>()));
        m4.push_back(row);
      }
      std::vector<std::string> header = {"scheme",
                                         "operation",
                                         "QEMU board",
                                         "instructions",
                                         "≈ cycles (CPI = 1, assumed)",
                                         "ms at 168 MHz (CPI = 1)"};
      if (model) {
        md +=
            "The estimated cycles weight the instructions by the Cortex-M4 TRM's timings per instruction class "
            "(embedded/tools/m4cycles.c; validated 4-10% below pqm4's published silicon cycles, see the "
            "Cortex-M4 section).\n\n";
        header.push_back("≈ cycles (TRM timings, estimated)");
        header.push_back("ms at 168 MHz (estimated)");
      }
      header.push_back("peak stack");
      md += md_table(header, m4);
    }
    return md;
  }

  std::string csv(const ReportContext& ctx) const {
    const BenchResults& b = ctx.bench;
    const auto& ratio = b.timing.core_cycles_per_tick;
    std::ostringstream out;
    out << "algorithm,family,operation,backend,median_us,median_ms,median_ticks,est_core_cycles,public_key_bytes,"
           "secret_key_bytes,ciphertext_or_signature_bytes,peak_stack_bytes\n";
    for (const HostRow& h : host_rows(b)) {
      const OperationResult& r = *h.r;
      out << r.algorithm << ',' << r.family << ',' << r.operation << ',' << r.backend << ',' << fixed(r.median_us, 3)
          << ',' << fixed(r.median_us / 1000, 6) << ',' << fixed(r.ticks.median, 0) << ','
          << (ratio ? fixed(r.ticks.median * ratio->ratio, 0) : "") << ',' << h.s->public_key_bytes << ','
          << h.s->secret_key_bytes << ',' << output_bytes(*h.s) << ','
          << (r.peak_stack_bytes ? std::to_string(*r.peak_stack_bytes) : "") << '\n';
    }
    return out.str();
  }

  nlohmann::json embedded_;
};

}  // namespace

std::unique_ptr<Section> make_summary_section() { return std::make_unique<SummarySection>(); }

}  // namespace pqlab::lab
