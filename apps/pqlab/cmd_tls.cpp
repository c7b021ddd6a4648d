// pqlab tls-bench: the TLS 1.3 handshake benchmark (lab/tls/).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli_util.hpp"
#include "commands.hpp"
#include "tls/tls_bench.hpp"
#include "tls/tls_bench_output.hpp"

namespace pqlab::cli {
namespace {

struct TlsBenchArgs {
  std::vector<std::string> certs, groups, policies;
  int handshakes = 2000;
  int runs = 3;
  std::string json;
};

// The configurations asked for: the default selection when no --cert,
// --group or --policy is given; otherwise every combination of the given
// lists, with ECDSA-P256, the study's six groups and `exact` standing in for
// a list not given.
std::vector<tls::BenchConfig> selected_configs(const TlsBenchArgs& a) {
  if (a.certs.empty() && a.groups.empty() && a.policies.empty()) return tls::default_configs();
  const std::vector<std::string> certs = a.certs.empty() ? std::vector<std::string>{"ECDSA-P256"} : a.certs;
  const std::vector<std::string> groups = a.groups.empty() ? tls::study_groups() : a.groups;
  const std::vector<std::string> policies = a.policies.empty() ? std::vector<std::string>{"exact"} : a.policies;
  std::vector<tls::BenchConfig> configs;
  for (const std::string& c : certs)
    for (const std::string& g : groups)
      for (const std::string& p : policies)
        configs.push_back({tls::parse_cert_kind(c), g, tls::parse_policy(p)});
  return configs;
}

void run_tls_bench_command(const TlsBenchArgs& a) {
  // A JSON path that cannot be written is refused before the measurement.
  const std::filesystem::path json_dir = std::filesystem::path(a.json).parent_path();
  if (!a.json.empty() && !json_dir.empty() && !std::filesystem::is_directory(json_dir))
    throw Failure("cannot write '" + a.json + "': no directory '" + json_dir.string() + "'");
  tls::TlsBenchPlan plan;
  tls::TlsBenchResults results;
  try {
    plan.configs = selected_configs(a);
    plan.handshakes = a.handshakes;
    plan.runs = a.runs;
    tls::validate(plan);
    results = tls::run_tls_bench(
        plan, [](const std::string& what) { std::fprintf(stderr, "measuring %s\n", what.c_str()); });
  } catch (const tls::TlsError& e) {
    throw Failure(e.what());
  }
  std::fputs(tls::tls_bench_to_text(results).c_str(), stdout);
  if (!a.json.empty()) {
    const std::string text = tls::tls_bench_to_json(results).dump(2) + "\n";
    const ByteVector bytes(text.begin(), text.end());
    write_files({{a.json, &bytes}});
  }
}

}  // namespace

void add_tls_commands(CLI::App& app) {
  auto args = std::make_shared<TlsBenchArgs>();
  auto* cmd = app.add_subcommand(
      "tls-bench",
      "Measure full TLS 1.3 handshakes (OpenSSL + the pqlab provider, client and server on two threads of this "
      "process): CPU µs per side, bytes per direction, round trips, handshakes/s per core; with a latency model");
  cmd->add_option("--cert", args->certs, "Server certificate: ECDSA-P256, RSA-2048, Ed25519 (repeatable or "
                                         "comma-separated; default ECDSA-P256)")
      ->delimiter(',');
  cmd->add_option("--group", args->groups,
                  "The server's group (OpenSSL names: x25519, secp256r1, X25519MLKEM768, SecP256r1MLKEM768, "
                  "MLKEM768, MLKEM1024, ...; repeatable or comma-separated; default: those six)")
      ->delimiter(',');
  cmd->add_option("--policy", args->policies,
                  "Client key shares: exact (only the group under test) or browser (X25519MLKEM768 first, then "
                  "x25519; a server wanting another group answers HelloRetryRequest); default exact")
      ->delimiter(',');
  cmd->add_option("--handshakes", args->handshakes, "Handshakes per run (default 2000)");
  cmd->add_option("--runs", args->runs, "Runs per configuration; the median is reported (default 3)");
  cmd->add_option("--json", args->json,
                  "Also write the results as JSON (schema lab/report.schema.json, $defs/tls_bench)");
  cmd->callback([args] { run_tls_bench_command(*args); });
}

}  // namespace pqlab::cli
