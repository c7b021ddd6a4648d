// pqlab bench / pqlab report: the measuring lab (lab/).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli_util.hpp"
#include "commands.hpp"
#include "lab.hpp"

namespace pqlab::cli {
namespace {

struct BenchArgs {
  std::vector<std::string> algorithms;
  std::string kernels;
  double min_time = 0.5;
  std::size_t message_bytes = 1024;
  bool throughput = false;
  bool no_memory = false;
  std::string json, csv;
};

struct ReportArgs {
  std::vector<std::string> algorithms;
  std::string out = "report";
  std::string embedded;
  bool quick = false;
};

void write_text(const std::string& path, const std::string& text) {
  const ByteVector bytes(text.begin(), text.end());
  write_files({{path, &bytes}});
}

void run_bench_command(const BenchArgs& a) {
  lab::BenchPlan plan;
  plan.algorithms = a.algorithms;
  if (!a.kernels.empty()) plan.kernels = {a.kernels};
  plan.sampling.min_time_s = a.min_time;
  plan.sampling.max_time_s = std::max(5.0, 10 * a.min_time);
  plan.message_bytes = a.message_bytes;
  plan.throughput = a.throughput;
  plan.measure_memory = !a.no_memory;
  lab::BenchResults results;
  try {
    lab::validate(plan);
    results = lab::run_bench(plan, [](const std::string& what) { std::fprintf(stderr, "measuring %s\n", what.c_str()); });
  } catch (const lab::SelectionError& e) {
    throw Failure(e.what());
  }
  std::fputs(lab::bench_to_table(results).c_str(), stdout);
  if (!a.json.empty()) write_text(a.json, lab::bench_to_json(results).dump(2) + "\n");
  if (!a.csv.empty()) write_text(a.csv, lab::bench_to_csv(results));
}

void run_report_command(const ReportArgs& a) {
  lab::ReportOptions opt;
  opt.out_dir = a.out;
  opt.quick = a.quick;
  opt.algorithms = a.algorithms;
  opt.embedded_results = a.embedded;
  lab::ReportOutcome outcome;
  try {
    outcome = lab::run_report(opt, [](const std::string& what) { std::fprintf(stderr, "pqlab report: %s\n", what.c_str()); });
  } catch (const lab::SelectionError& e) {
    throw Failure(e.what());
  }
  std::printf("wrote %s (%.0f s)\n", outcome.markdown_path.c_str(), outcome.seconds);
  for (const std::string& note : outcome.notes) std::printf("note: %s\n", note.c_str());
}

}  // namespace

void add_lab_commands(CLI::App& app) {
  auto bench_args = std::make_shared<BenchArgs>();
  auto* bench = app.add_subcommand(
      "bench",
      "Measure every operation of the selected algorithms on every selected kernel backend: TSC ticks (median, "
      "IQR, p90), µs, ops/s on one pinned core, peak stack and heap bytes; classical OpenSSL baselines too");
  bench->add_option("-a,--algorithm", bench_args->algorithms,
                    "Algorithms to measure (repeatable, or comma-separated): registry names such as ML-KEM-768 "
                    "(see `pqlab list`), the classical baselines RSA-2048, ECDSA-P256, Ed25519, X25519, "
                    "ECDH-P256, or the groups all, pq, classical. Default: all")
      ->delimiter(',');
  bench->add_option("--kernels", bench_args->kernels,
                    "Kernel backends, comma-separated: portable, avx2, avx512, or all (default: all that this "
                    "CPU supports); classical baselines always run once, through OpenSSL");
  bench->add_option("--min-time", bench_args->min_time,
                    "Seconds to sample each operation (at least 11 calls, after warm-up; default 0.5)");
  bench->add_option("--message-bytes", bench_args->message_bytes, "Length of the signed message (default 1024)");
  bench->add_flag("--throughput", bench_args->throughput,
                  "Also measure ops/s with 1 thread and with one thread per CPU on independent operations");
  bench->add_flag("--no-memory", bench_args->no_memory, "Skip the peak-stack and heap measurement");
  bench->add_option("--json", bench_args->json, "Also write the results as JSON (schema lab/report.schema.json)");
  bench->add_option("--csv", bench_args->csv, "Also write the results as CSV");
  bench->callback([bench_args] { run_bench_command(*bench_args); });

  auto report_args = std::make_shared<ReportArgs>();
  auto* report = app.add_subcommand(
      "report",
      "Run the whole comparative analysis on this machine and write report.md, report.json and plots "
      "(about 10 minutes on a 2-core machine; --quick: under a minute)");
  report->add_option("--out", report_args->out, "Directory to write into (default: ./report)");
  report->add_flag("--quick", report_args->quick, "Short measurements, for CI and a first look");
  report->add_option("--embedded", report_args->embedded,
                     "Include the Cortex-M4 section from this embedded.json (written by embedded/run.py bench)");
  report->add_option("-a,--algorithm", report_args->algorithms,
                     "Restrict the report to these algorithms (names as for bench; default: all)")
      ->delimiter(',');
  report->callback([report_args] { run_report_command(*report_args); });
}

}  // namespace pqlab::cli
