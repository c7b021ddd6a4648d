// pqlab bench / pqlab report / pqlab tls-bench: the measuring lab (lab/).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli_util.hpp"
#include "commands.hpp"
#include "harness/progress.hpp"
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
  bool two_core = false;
  std::string peers;
  bool quick = false;  // with --peers only
  std::string json, csv;
};

struct ReportArgs {
  std::vector<std::string> algorithms;
  std::string out = "report";
  std::string embedded;
  std::string zynq, zynq_synth;
  std::string peers;
  bool quick = false;
  bool render_html = false;
};

void write_text(const std::string& path, const std::string& text, const char* role) {
  const ByteVector bytes(text.begin(), text.end());
  write_outputs({{path, bytes, Sensitivity::public_data, role}});
}

constexpr const char* kStdoutTaken = "standard output carries the results table; give a file name";

// A results file written after the measurement (--json, --csv): refused
// before it, so that minutes of measuring are not lost to a bad name.
// write_outputs() checks the rest (permissions, the disk) when it writes.
void check_results_path(const std::string& path, const char* option) {
  if (path.empty()) return;
  refuse_dash(path, option, kStdoutTaken);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Failure(std::string("cannot write ") + option + " '" + path + "': it is a directory");
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
    throw Failure(std::string("cannot write ") + option + " '" + path + "': no directory '" + dir.string() + "'");
}

// bench --peers DIR: only the side-by-side comparison with the speed peers
// (the report's peers section), as a table on standard output.
void run_peers_command(const BenchArgs& a, bool quick) {
  if (!a.kernels.empty() || a.throughput || a.two_core || !a.csv.empty())
    throw Failure(
        "--peers compares its rows (issue 25's table) on the avx2 and avx512 backends; "
        "--kernels, --throughput, --two-core and --csv do not apply to it");
  lab::PeerResults results;
  try {
    lab::PeerPlan plan;
    plan.dir = a.peers;
    plan.quick = quick;
    plan.algorithms = lab::select_peer_algorithms(a.algorithms, true);
    lab::ProgressLine line(stderr, "pqlab bench --peers: ");
    const auto progress = [&](const std::string& what, double f) { line.update(what, f < 0 ? -1 : f / 2); };
    const auto builds = lab::PeerBuilds::build(plan, progress);
    results = builds->measure([&](const std::string& what, double f) { line.update(what, 0.5 + f / 2); });
  } catch (const lab::SelectionError& e) {
    throw Failure(e.what());
  }
  std::fputs(lab::peers_to_markdown(results).c_str(), stdout);
  if (!a.json.empty()) write_text(a.json, lab::peers_to_json(&results).dump(2) + "\n", "JSON results");
}

void run_bench_command(const BenchArgs& a) {
  check_results_path(a.json, "--json");
  check_results_path(a.csv, "--csv");
  if (!a.peers.empty()) return run_peers_command(a, a.quick);
  if (a.quick) throw Failure("--quick applies to --peers only (pqlab report --quick is the quick report)");
  lab::BenchPlan plan;
  plan.algorithms = a.algorithms;
  if (!a.kernels.empty()) plan.kernels = {a.kernels};
  plan.sampling.min_time_s = a.min_time;
  plan.sampling.max_time_s = std::max(5.0, 10 * a.min_time);
  plan.message_bytes = a.message_bytes;
  plan.throughput = a.throughput;
  plan.measure_memory = !a.no_memory;
  plan.two_core = a.two_core;
  lab::BenchResults results;
  try {
    lab::validate(plan);
    lab::ProgressLine line(stderr, "pqlab bench: ");
    results = lab::run_bench(plan, [&](const std::string& what, double f) { line.update(what, f); });
  } catch (const lab::SelectionError& e) {
    throw Failure(e.what());
  }
  std::fputs(lab::bench_to_table(results).c_str(), stdout);
  if (!a.json.empty()) write_text(a.json, lab::bench_to_json(results).dump(2) + "\n", "JSON results");
  if (!a.csv.empty()) write_text(a.csv, lab::bench_to_csv(results), "CSV results");
}

void run_report_command(const ReportArgs& a) {
  refuse_dash(a.out, "--out", "the report is a directory of files; give its name");
  refuse_dash(a.embedded, "--embedded", "give the file's name (standard input is not read by report)");
  refuse_dash(a.zynq, "--zynq", "give the file's name (standard input is not read by report)");
  refuse_dash(a.zynq_synth, "--zynq-synth", "give the file's name (standard input is not read by report)");
  lab::ReportOptions opt;
  opt.out_dir = a.out;
  opt.quick = a.quick;
  opt.algorithms = a.algorithms;
  opt.embedded_results = a.embedded;
  opt.zynq_results = a.zynq;
  opt.zynq_synthesis = a.zynq_synth;
  opt.peers_dir = a.peers;
  if (a.render_html) {
    try {
      lab::render_report_html(a.out);
    } catch (const lab::SelectionError& e) {
      throw Failure(e.what());
    }
    std::printf("wrote %s\n", (std::filesystem::path(a.out) / "report.html").string().c_str());
    return;
  }
  opt.command = "pqlab report" + std::string(a.quick ? " --quick" : "") +
                (a.embedded.empty() ? "" : " --embedded " + a.embedded) + (a.zynq.empty() ? "" : " --zynq " + a.zynq) +
                (a.zynq_synth.empty() ? "" : " --zynq-synth " + a.zynq_synth) +
                (a.peers.empty() ? "" : " --peers " + a.peers);
  if (!a.algorithms.empty()) {
    opt.command += " -a ";
    for (std::size_t i = 0; i < a.algorithms.size(); ++i) opt.command += (i ? "," : "") + a.algorithms[i];
  }
  lab::ReportOutcome outcome;
  try {
    lab::ProgressLine line(stderr, "pqlab report: ");
    outcome = lab::run_report(opt, [&](const std::string& what, double f) { line.update(what, f); });
  } catch (const lab::SelectionError& e) {
    throw Failure(e.what());
  }
  std::printf("wrote %s (%.0f s)\n", outcome.markdown_path.c_str(), outcome.seconds);
  for (const std::string& note : outcome.notes) std::printf("note: %s\n", note.c_str());
}

struct TlsBenchArgs {
  std::vector<std::string> certs, chains, groups, policies;
  std::uint64_t initcwnd_bytes = 10 * 1460;
  int handshakes = 2000;
  int runs = 3;
  int max_runs = 0;
  std::string json;
};

// The configurations asked for: the default selection when no --cert,
// --chain, --group or --policy is given; otherwise every combination of the
// given lists, with ECDSA-P256 (when no --chain either), the study's six
// groups and `exact` standing in for a list not given. A classical
// certificate is measured for real; a post-quantum one or a --chain is
// composed (tls/tls_bench.hpp: ComposedConfig).
void select_configs(const TlsBenchArgs& a, tls::TlsBenchPlan& plan) {
  if (a.certs.empty() && a.chains.empty() && a.groups.empty() && a.policies.empty()) {
    plan.configs = tls::default_configs();
    plan.composed = tls::default_composed_configs();
    return;
  }
  std::vector<tls::ChainSpec> chains;
  for (const std::string& c : a.certs) chains.push_back(tls::parse_cert_scheme(c));
  for (const std::string& c : a.chains) chains.push_back(tls::parse_chain(c));
  if (chains.empty()) chains.push_back(tls::parse_cert_scheme("ECDSA-P256"));
  const std::vector<std::string> groups = a.groups.empty() ? tls::study_groups() : a.groups;
  const std::vector<std::string> policies = a.policies.empty() ? std::vector<std::string>{"exact"} : a.policies;
  for (const tls::ChainSpec& c : chains)
    for (const std::string& g : groups)
      for (const std::string& p : policies) {
        if (c.uniform() && c.classical())
          plan.configs.push_back({tls::parse_cert_kind(c.leaf), g, tls::parse_policy(p)});
        else
          plan.composed.push_back({c, g, tls::parse_policy(p)});
      }
}

void run_tls_bench_command(const TlsBenchArgs& a) {
  check_results_path(a.json, "--json");
  tls::TlsBenchPlan plan;
  tls::TlsBenchResults results;
  try {
    select_configs(a, plan);
    plan.initcwnd_bytes = a.initcwnd_bytes;
    plan.handshakes = a.handshakes;
    plan.runs = a.runs;
    plan.max_runs = a.max_runs;
    tls::validate(plan);
    lab::ProgressLine line(stderr, "pqlab tls-bench: ");
    results = tls::run_tls_bench(plan, [&](const std::string& what, double f) { line.update(what, f); });
  } catch (const tls::TlsError& e) {
    throw Failure(e.what());
  }
  std::fputs(tls::tls_bench_to_text(results).c_str(), stdout);
  if (!a.json.empty()) write_text(a.json, tls::tls_bench_to_json(results).dump(2) + "\n", "JSON results");
}

}  // namespace

void add_lab_commands(CLI::App& app) {
  auto bench_args = std::make_shared<BenchArgs>();
  auto* bench = app.add_subcommand(
      "bench",
      "Measure every operation of the selected algorithms on every selected kernel backend: TSC ticks (median, "
      "IQR, p90), µs, ops/s on one pinned core, peak stack and heap bytes; classical OpenSSL baselines too");
  bench
      ->add_option("-a,--algorithm", bench_args->algorithms,
                   "Algorithms to measure (repeatable, or comma-separated): registry names such as ML-KEM-768 "
                   "(see `pqlab list`), the classical baselines RSA-2048, ECDSA-P256, Ed25519, X25519, "
                   "ECDH-P256, or the groups all, pq, classical; also the lab-only Kyber512-90s, Kyber768-90s, "
                   "Kyber1024-90s (withdrawn round-3 variant, for comparison with published results; group "
                   "kyber90s, not part of all). Default: all")
      ->delimiter(',');
  bench->add_option("--kernels", bench_args->kernels,
                    "Kernel backends, comma-separated: portable, avx2, avx512, rtl (the co-simulated FPGA cores, "
                    "only when named), or all (default: all that this CPU supports but rtl); classical "
                    "baselines always run once, through OpenSSL");
  bench->add_option("--min-time", bench_args->min_time,
                    "Seconds to sample each operation (at least 11 calls, after warm-up; default 0.5)");
  bench->add_option("--message-bytes", bench_args->message_bytes, "Length of the signed message (default 1024)");
  bench->add_flag("--throughput", bench_args->throughput,
                  "Also measure ops/s with 1 thread and with one thread per CPU on independent operations");
  bench->add_flag("--no-memory", bench_args->no_memory, "Skip the peak-stack and heap measurement");
  bench->add_flag("--two-core", bench_args->two_core,
                  "Also measure each ML-KEM (and selected Kyber-90s) operation on two cores (keygen-2core, "
                  "encaps-2core, decaps-2core: the matrix sampled on a second, pinned core beside the noise on the "
                  "first)");
  bench
      ->add_option("--peers", bench_args->peers,
                   "Measure only the speed peers: build the peers in DIR (laid out like the peers' snapshots: "
                   "mlkem-native/, pq-crystals-dilithium/, sphincsplus/) with cc, strict AVX2 and -march=native, "
                   "time them interleaved with pqlab's avx2 / avx512 backends on one pinned core and print the "
                   "ratios against the 0.8 target (-a: only these rows; --json: $defs/peers of the schema)")
      ->type_name("DIR");
  bench->add_flag("--quick", bench_args->quick, "With --peers: few rounds, for CI and a first look");
  bench->add_option("--json", bench_args->json,
                    "Also write the results as JSON (schema lab/report.schema.json); a file, not -");
  bench->add_option("--csv", bench_args->csv, "Also write the results as CSV; a file, not -");
  bench->callback([bench_args] { run_bench_command(*bench_args); });

  auto report_args = std::make_shared<ReportArgs>();
  auto* report = app.add_subcommand(
      "report",
      "Run the whole comparative analysis on this machine and write report.md, report.html, report.json, "
      "summary.md, summary.csv and plots "
      "(about 10 minutes on a 2-core machine, plus about 3 for the TLS handshakes; --quick: under a minute)");
  report->add_option("--out", report_args->out, "Directory to write into (default: ./report; not -)");
  report->add_flag("--quick", report_args->quick, "Short measurements, for CI and a first look");
  report->add_option(
      "--embedded", report_args->embedded,
      "Include the Cortex-M4 section from this embedded.json (written by embedded/run.py bench; a file, not -)");
  report->add_option("--zynq", report_args->zynq,
                     "Include the Zynq-7000 co-design model from this zynq.json (written by "
                     "embedded/zynq/run_zynq.py bench; a file, not -)");
  report->add_option("--zynq-synth", report_args->zynq_synth,
                     "With --zynq: the PL cores' synthesis results (the JSON rtl/synth.sh writes; a file, not -)");
  report
      ->add_option("--peers", report_args->peers,
                   "Include the speed-peers section: build the peers in DIR (laid out like the peers' snapshots: "
                   "mlkem-native/, pq-crystals-dilithium/, sphincsplus/) with cc before the bench and time them "
                   "interleaved with pqlab (-a restricts its rows too); a bad DIR, a missing peer or a failed build: "
                   "exit 2")
      ->type_name("DIR");
  report->add_flag("--render-html", report_args->render_html,
                   "Measure nothing: (re)write report.html in the --out directory from its report.md and plots");
  report
      ->add_option("-a,--algorithm", report_args->algorithms,
                   "Restrict the report to these algorithms (names as for bench; default: all)")
      ->delimiter(',');
  report->callback([report_args] { run_report_command(*report_args); });

  auto args = std::make_shared<TlsBenchArgs>();
  auto* cmd = app.add_subcommand(
      "tls-bench",
      "Measure full TLS 1.3 handshakes (OpenSSL + the pqlab provider, client and server on two threads of this "
      "process): CPU µs per side, bytes per direction, round trips, handshakes/s per core; with a latency model");
  cmd->add_option("--cert", args->certs,
                  "Server chain's scheme (root, intermediate and leaf): ECDSA-P256, RSA-2048, Ed25519 (measured), "
                  "ML-DSA-44, ML-DSA-65, ML-DSA-87, SLH-DSA-SHA2-128s, SLH-DSA-SHA2-128f, SLH-DSA-SHAKE-128s "
                  "(composed: OpenSSL 3.0 cannot negotiate them); repeatable or comma-separated; default ECDSA-P256")
      ->delimiter(',');
  cmd->add_option("--chain", args->chains,
                  "A mixed chain ROOT/INTERMEDIATE/LEAF of those schemes, e.g. ML-DSA-65/ML-DSA-65/ML-DSA-44 "
                  "(composed; repeatable or comma-separated)")
      ->delimiter(',');
  cmd->add_option("--initcwnd-bytes", args->initcwnd_bytes,
                  "TCP initial congestion window of the latency model, bytes (default 14600 = 10 × 1460)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32));
  cmd->add_option("--group", args->groups,
                  "The server's group (OpenSSL names: x25519, secp256r1, X25519MLKEM768, SecP256r1MLKEM768, "
                  "MLKEM768, MLKEM1024, ...; repeatable or comma-separated; default: those six)")
      ->delimiter(',');
  cmd->add_option("--policy", args->policies,
                  "Client key shares: exact (only the group under test) or browser (X25519MLKEM768 first, then "
                  "x25519; a server wanting another group answers HelloRetryRequest); default exact")
      ->delimiter(',');
  cmd->add_option("--handshakes", args->handshakes, "Handshakes per run (default 2000)");
  cmd->add_option("--runs", args->runs,
                  "Runs per configuration; the median is reported with the runs' spread (default 3)");
  cmd->add_option("--max-runs", args->max_runs,
                  "Up to this many runs in all when a configuration's runs spread by more than 10% of their median "
                  "(default 2 × runs + 1)");
  cmd->add_option("--json", args->json,
                  "Also write the results as JSON (schema lab/report.schema.json, $defs/tls_bench); a file, not -");
  cmd->callback([args] { run_tls_bench_command(*args); });
}

}  // namespace pqlab::cli
