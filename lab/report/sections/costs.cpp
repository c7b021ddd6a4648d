// Report section: cost of every operation, all algorithms × backends, with
// the classical baselines in the same table.
#include "bench/output.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

class CostSection final : public Section {
 public:
  std::string key() const override { return "costs"; }
  std::string title() const override { return "Cost per operation"; }
  std::string markdown(const ReportContext& ctx) const override {
    const BenchResults& b = ctx.bench;
    const bool have_ratio = b.timing.core_cycles_per_tick.has_value();
    std::vector<std::string> header = {"algorithm", "backend", "operation",   "median (" + b.timing.unit + ")",
                                       "IQR",       "p90",     "µs (median)", "ops/s (1 core)"};
    if (have_ratio) header.push_back("≈ core cycles");
    std::vector<std::vector<std::string>> rows;
    for (const OperationResult& r : b.results) {
      std::vector<std::string> row = {r.family == "classical" ? r.algorithm + " (classical)" : r.algorithm,
                                      r.backend,
                                      r.operation,
                                      format_count(r.ticks.median),
                                      format_count(r.ticks.iqr()),
                                      format_count(r.ticks.p90),
                                      fixed(r.median_us, r.median_us < 100 ? 2 : 1),
                                      format_count(r.ops_per_s)};
      if (have_ratio) row.push_back(format_count(r.ticks.median * b.timing.core_cycles_per_tick->ratio));
      rows.push_back(std::move(row));
    }
    std::string md = "Median over at least " + std::to_string(b.plan.sampling.min_samples) +
                     " calls (fewer only for operations slower than " + fixed(b.plan.sampling.max_time_s, 1) +
                     " s); the sample count of each row is in report.json. Batch rows (encaps-batch8: one call "
                     "encapsulating to 8 independent keys; verify-batch8: one call verifying 8 signatures "
                     "under 8 keys) are per operation, the call's time divided by 8.";
    if (have_ratio) md += " The last column converts with the estimated core-clock ratio; it is an estimate.";
    md += "\n\n" + md_table(header, rows) + "\n";
    md += md_plot(ctx, "time.png", "Time per operation, log scale; classical baselines hatched");
    return md;
  }
};

}  // namespace

std::unique_ptr<Section> make_cost_section() { return std::make_unique<CostSection>(); }

}  // namespace pqlab::lab
