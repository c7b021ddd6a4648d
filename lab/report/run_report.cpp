// pqlab report: runs the shared bench, lets each section measure, writes
// report.json, draws the plots with matplotlib, then writes report.md.
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>

#include "bench/output.hpp"
#include "harness/machine_info.hpp"
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

// The commit of the source tree this binary was built from: git in that
// tree when it is still there, with "-dirty" for uncommitted changes.
std::string source_commit() {
#ifdef PQLAB_LAB_SOURCE_DIR
  const std::string dir = PQLAB_LAB_SOURCE_DIR;
  auto run = [](const std::string& cmd) {
    std::string out;
    if (FILE* p = ::popen(cmd.c_str(), "r")) {
      char buf[256];
      while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
      if (::pclose(p) != 0) return std::string();
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  };
  const std::string q = "'" + dir + "'";
  std::string commit = run("git -C " + q + " rev-parse HEAD 2>/dev/null");
  if (!commit.empty()) {
    if (!run("git -C " + q + " status --porcelain --untracked-files=no 2>/dev/null").empty()) commit += "-dirty";
    return commit;
  }
#endif
  return "unknown (not built from a git checkout)";
}

double load_now() { return read_load_average().value_or(LoadAverage{}).one; }

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
  if (!options.zynq_results.empty()) (void)load_zynq_results(options.zynq_results);
  BenchPlan plan = report_plan(options.quick);
  plan.algorithms = options.algorithms;
  // --quick keeps CI under a minute: every ML-KEM and ML-DSA set, the two
  // fast SLH-DSA-128f sets (the 's' sets sign for seconds each), and the
  // classical baselines.
  if (options.quick && plan.algorithms.empty())
    plan.algorithms = {"ML-KEM-512", "ML-KEM-768",        "ML-KEM-1024",        "ML-DSA-44", "ML-DSA-65",
                       "ML-DSA-87",  "SLH-DSA-SHA2-128f", "SLH-DSA-SHAKE-128f", "classical"};
  // The six SLH-DSA 's' sets sign for seconds each: the default run
  // measures them on the best backend only, and every other algorithm on
  // every backend, so that it stays near 10 minutes on a 2-core machine.
  for (const Algorithm& a : algorithms())
    if (a.name.starts_with("SLH-DSA-") && a.name.ends_with("s")) plan.best_backend_only.emplace_back(a.name);
  ctx.generated = utc_now();
  ctx.command = options.command.empty() ? "pqlab report" + std::string(options.quick ? " --quick" : "")
                                        : options.command;
  ctx.git_commit = source_commit();
  std::vector<std::unique_ptr<Section>> sections = standard_sections();

  // The progress fraction of the whole run: the bench weighs 10, each
  // section its weight(); within a part, the part's own fraction.
  double total_weight = 10;
  for (const auto& s : sections) total_weight += s->weight();
  double done_weight = 0, part_weight = 10;
  const Progress part_progress = [&](const std::string& what, double fraction) {
    if (!progress) return;
    const double f = fraction < 0 ? 0 : std::min(fraction, 1.0);
    progress(what, (done_weight + f * part_weight) / total_weight);
  };

  // Sections prepare (the peers are built) before the long measurement, so
  // that bad input ends the run at once; counted in the bench's share.
  for (auto& s : sections) s->prepare(ctx, [&](const std::string& what, double) { part_progress(what, 0); });

  double before = load_now();
  ctx.bench = run_bench(plan, part_progress);
  ctx.cpus = std::max(1u, ctx.bench.machine.logical_cpus);
  ctx.load.push_back({"bench", before, load_now()});
  done_weight += part_weight;
  for (auto& s : sections) {
    part_weight = s->weight();
    before = load_now();
    s->measure(ctx, part_progress);
    ctx.load.push_back({s->key(), before, load_now()});
    done_weight += part_weight;
  }

  ReportOutcome outcome;
  nlohmann::json load = {{"cpus", ctx.cpus},
                         {"suspect_above_per_cpu", kSuspectLoadPerCore},
                         {"max", ctx.max_load()},
                         {"suspect", ctx.load_suspect()},
                         {"samples", nlohmann::json::array()}};
  for (const LoadSample& l : ctx.load)
    load["samples"].push_back({{"phase", l.phase},
                               {"before", l.before},
                               {"after", l.after},
                               {"suspect", load_is_suspect(std::max(l.before, l.after), ctx.cpus)}});
  nlohmann::json doc = {{"schema", "pqlab-report/1"},
                        {"generated", ctx.generated},
                        {"git_commit", ctx.git_commit},
                        {"command", ctx.command},
                        {"quick", options.quick},
                        {"load", load},
                        {"bench", bench_to_json(ctx.bench)},
                        {"sections", nlohmann::json::object()}};
  for (auto& s : sections) doc["sections"][s->key()] = s->data(ctx);
  const fs::path json_path = ctx.out_dir / "report.json";
  write_file(json_path, doc.dump(2) + "\n");
  outcome.files.push_back(json_path.string());

  if (progress) progress("drawing plots", 0.99);
  const PlotOutcome plots = draw_plots(ctx.out_dir, json_path);
  ctx.plots_drawn = plots.drawn;
  ctx.plot_note = plots.note;
  if (!plots.note.empty()) outcome.notes.push_back(plots.note);
  for (const auto& p : plots.drawn) outcome.files.push_back((ctx.out_dir / p).string());

  std::string md = "# pqlab report\n\n";
  md += "Generated " + ctx.generated + " by `" + ctx.command + "` from commit `" + ctx.git_commit + "` on " +
        describe_cpu(ctx.bench.machine) + describe_guest(ctx.bench.machine) +
        ". Every figure outside the sections of published figures was measured by "
        "this run on this machine.";
  if (options.quick)
    md += " **Quick mode**: short measurements, for CI and a first look; run without --quick for the real figures.";
  md += "\n\n";
  if (ctx.load_suspect())
    md += "**Warning: the machine was busy during this run (load average up to " + fixed(ctx.max_load(), 2) + " on " +
          std::to_string(ctx.cpus) + " CPUs, above " + fixed(kSuspectLoadPerCore, 1) +
          " per CPU): the measured figures are suspect.** See \"Machine load\" at the end.\n\n";
  for (auto& s : sections) md += "## " + s->title() + "\n\n" + s->markdown(ctx) + "\n";
  md += "## Machine load\n\n" + md_load(ctx);
  const fs::path md_path = ctx.out_dir / "report.md";
  write_file(md_path, md);
  outcome.files.push_back(md_path.string());
  for (auto& s : sections)
    for (const auto& [name, text] : s->files(ctx)) {
      write_file(ctx.out_dir / name, text);
      outcome.files.push_back((ctx.out_dir / name).string());
    }
  const fs::path html_path = ctx.out_dir / "report.html";
  write_file(html_path, markdown_to_html(md, ctx.out_dir, "pqlab report " + ctx.generated));
  outcome.files.push_back(html_path.string());
  outcome.html_path = html_path.string();
  outcome.markdown_path = md_path.string();
  outcome.json_path = json_path.string();
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

void render_report_html(const std::string& dir) {
  const fs::path d(dir);
  std::ifstream in(d / "report.md", std::ios::binary);
  if (!in) throw SelectionError("cannot read " + (d / "report.md").string());
  std::ostringstream md;
  md << in.rdbuf();
  write_file(d / "report.html", markdown_to_html(md.str(), d, "pqlab report"));
}

}  // namespace pqlab::lab
