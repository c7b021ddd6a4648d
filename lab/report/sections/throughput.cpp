// Report section: throughput scaling, 1 thread against one thread per CPU,
// on independent operations (own keys per thread), best kernel backend.
#include <memory>

#include "bench/output.hpp"
#include "harness/pinning.hpp"
#include "harness/throughput.hpp"
#include "pqlab/kernels.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

struct Row {
  std::string algorithm, family, backend, operation;
  Throughput t;
};

class ThroughputSection final : public Section {
 public:
  std::string key() const override { return "throughput"; }
  std::string title() const override { return "Throughput scaling: 1 thread against all cores"; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    seconds_ = ctx.options.quick ? 0.05 : 0.3;
    // Operations slower than this are left out (each thread must finish
    // several calls for the figure to mean anything).
    max_call_s_ = ctx.options.quick ? 0.01 : 0.2;
    const auto avail = kernels::available();
    const std::string best = avail.empty() ? "portable" : std::string(avail.back());
    for (const Subject& s : ctx.bench.subjects) {
      const std::string backend = s.uses_kernels() ? best : kOpenSslBackend;
      for (const std::string& op : s.operation_names) {
        const OperationResult* r = ctx.bench.find(s.name, backend, op);
        if (r == nullptr) continue;
        if (r->median_us * 1e-6 > max_call_s_) {
          skipped_.push_back(s.name + " " + op);
          continue;
        }
        if (progress) progress("throughput " + s.name + " " + op + " [" + backend + "]", -1);
        const OperationFactory factory = [&s, op]() -> std::function<void()> {
          auto instance = std::make_shared<Instance>(s.instantiate());
          const Operation* o = &instance->find(op);
          return [instance, o] { o->run(); };
        };
        Row row{s.name, s.uses_kernels() ? "post-quantum" : "classical", backend, op, {}};
        row.t.threads = allowed_cpus().size();
        row.t.single_thread_ops_per_s = measure_throughput(factory, 1, seconds_);
        row.t.all_threads_ops_per_s = measure_throughput(factory, row.t.threads, seconds_);
        rows_.push_back(row);
      }
    }
  }

  nlohmann::json data(const ReportContext&) const override {
    nlohmann::json rows = nlohmann::json::array();
    for (const Row& r : rows_)
      rows.push_back({{"algorithm", r.algorithm},
                      {"family", r.family},
                      {"backend", r.backend},
                      {"operation", r.operation},
                      {"threads", r.t.threads},
                      {"single_thread_ops_per_s", r.t.single_thread_ops_per_s},
                      {"all_threads_ops_per_s", r.t.all_threads_ops_per_s},
                      {"speedup", r.t.speedup()}});
    return {{"seconds_per_measurement", seconds_},
            {"rows", rows},
            {"skipped_slower_than_s", max_call_s_},
            {"skipped", skipped_}};
  }

  std::string markdown(const ReportContext& ctx) const override {
    std::vector<std::vector<std::string>> rows;
    for (const Row& r : rows_)
      rows.push_back({r.family == "classical" ? r.algorithm + " (classical)" : r.algorithm, r.backend, r.operation,
                      format_count(r.t.single_thread_ops_per_s), std::to_string(r.t.threads),
                      format_count(r.t.all_threads_ops_per_s), fixed(r.t.speedup(), 2) + "×"});
    std::string md = "Each thread runs its own instance (own keys and buffers) back to back for " + fixed(seconds_, 2) +
                     " s, pinned to its own CPU; ops/s is completed calls over elapsed time. "
                     "On a virtual machine, vCPUs may share physical cores, which caps the speed-up.\n\n";
    md +=
        md_table({"algorithm", "backend", "operation", "ops/s, 1 thread", "threads", "ops/s, all threads", "speed-up"},
                 rows);
    if (!skipped_.empty()) {
      md += "\nLeft out (slower than " + fixed(max_call_s_ * 1000, 0) + " ms a call at this report's budget):";
      for (const auto& s : skipped_) md += " " + s + ";";
      md += "\n";
    }
    (void)ctx;
    return md;
  }

 private:
  double seconds_ = 0.3, max_call_s_ = 0.2;
  std::vector<Row> rows_;
  std::vector<std::string> skipped_;
};

}  // namespace

std::unique_ptr<Section> make_throughput_section() { return std::make_unique<ThroughputSection>(); }

}  // namespace pqlab::lab
