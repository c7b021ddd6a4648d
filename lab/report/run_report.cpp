// pqlab report: runs the shared bench, lets each section measure, writes
// report.json, draws the plots with matplotlib, then writes report.md.
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>

#include "bench/output.hpp"
#include "embedded_files.hpp"
#include "report/plots.hpp"
#include "pqlab/registry.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

namespace fs = std::filesystem;

BenchPlan report_plan(bool quick) {
  BenchPlan plan;  // every algorithm, every backend this CPU supports
  if (quick) {
    plan.sampling.min_time_s = 0.01;
    plan.sampling.min_samples = 3;
    plan.sampling.max_time_s = 0.2;
    plan.sampling.floor_samples = 1;
    plan.sampling.warmup_s = 0;
  } else {
    plan.sampling.min_time_s = 0.5;
    plan.sampling.min_samples = 11;
    plan.sampling.max_time_s = 3.0;
    plan.sampling.floor_samples = 3;
    plan.sampling.warmup_s = 0.05;
  }
  return plan;
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&t));
  return buf;
}

}  // namespace

ReportOutcome run_report(const ReportOptions& options, const Progress& progress) {
  const auto start = std::chrono::steady_clock::now();
  ReportContext ctx;
  ctx.options = options;
  ctx.out_dir = options.out_dir.empty() ? fs::path("report") : fs::path(options.out_dir);
  fs::create_directories(ctx.out_dir);

  // Inputs are checked before the long measurement starts.
  if (!options.embedded_results.empty()) (void)load_embedded_results(options.embedded_results);
  BenchPlan plan = report_plan(options.quick);
  plan.algorithms = options.algorithms;
  // --quick keeps CI under a minute: every ML-KEM and ML-DSA set, the two
  // fast SLH-DSA-128f sets (the 's' sets sign for seconds each), and the
  // classical baselines.
  if (options.quick && plan.algorithms.empty())
    plan.algorithms = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87",
                       "SLH-DSA-SHA2-128f", "SLH-DSA-SHAKE-128f", "classical"};
  // The six SLH-DSA 's' sets sign for seconds each: the default run
  // measures them on the best backend only, and every other algorithm on
  // every backend, so that it stays near 10 minutes on a 2-core machine.
  for (const Algorithm& a : algorithms())
    if (a.name.starts_with("SLH-DSA-") && a.name.ends_with("s")) plan.best_backend_only.emplace_back(a.name);
  ctx.bench = run_bench(plan, progress);
  std::vector<std::unique_ptr<Section>> sections = standard_sections();
  for (auto& s : sections) s->measure(ctx, progress);

  ReportOutcome outcome;
  nlohmann::json doc = {{"schema", "pqlab-report/1"},
                        {"generated", utc_now()},
                        {"quick", options.quick},
                        {"bench", bench_to_json(ctx.bench)},
                        {"sections", nlohmann::json::object()}};
  for (auto& s : sections) doc["sections"][s->key()] = s->data(ctx);
  const fs::path json_path = ctx.out_dir / "report.json";
  write_file(json_path, doc.dump(2) + "\n");
  outcome.files.push_back(json_path.string());

  if (progress) progress("drawing plots");
  const PlotOutcome plots = draw_plots(ctx.out_dir, json_path);
  ctx.plots_drawn = plots.drawn;
  ctx.plot_note = plots.note;
  if (!plots.note.empty()) outcome.notes.push_back(plots.note);
  for (const auto& p : plots.drawn) outcome.files.push_back((ctx.out_dir / p).string());

  std::string md = "# pqlab report\n\n";
  md += "Generated " + utc_now() + " by `pqlab report" + std::string(options.quick ? " --quick" : "") +
        "`. Every figure outside the section of published reference figures was measured by this run on this "
        "machine.";
  if (options.quick) md += " **Quick mode**: short measurements, for CI and a first look; run without --quick for the real figures.";
  md += "\n\n";
  for (auto& s : sections) md += "## " + s->title() + "\n\n" + s->markdown(ctx) + "\n";
  const fs::path md_path = ctx.out_dir / "report.md";
  write_file(md_path, md);
  outcome.files.push_back(md_path.string());
  outcome.markdown_path = md_path.string();
  outcome.json_path = json_path.string();
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

}  // namespace pqlab::lab
