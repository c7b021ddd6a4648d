// pqlab lab: the TLS 1.3 handshake benchmark (`pqlab tls-bench`, the
// report's TLS section). Client and server run on two threads of this
// process over socket pairs; every handshake is a full one (no resumption);
// each side's CPU time comes from its thread CPU clock, the bytes per
// direction from the socket BIO counters. A configuration is measured in R
// runs of N handshakes, after N/20 untimed warm-up handshakes; the runs go
// round the configurations; the figures are the median over the runs.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tls/tls_auth.hpp"
#include "tls/tls_setup.hpp"

namespace pqlab::tls {

// Which key shares the client sends.
//  exact:   supported_groups and key share = the group under test only.
//  browser: supported_groups X25519MLKEM768, x25519, then the group under
//           test; OpenSSL 3.0 sends a key share for the first listed group
//           only (X25519MLKEM768), where Chromium also sends one for x25519.
//           A server that wants another group answers HelloRetryRequest.
enum class KeySharePolicy { exact, browser };
const char* policy_name(KeySharePolicy p);
KeySharePolicy parse_policy(const std::string& name);  // TlsError if unknown

struct BenchConfig {
  CertKind cert;
  std::string group;  // the server's only group (OpenSSL group name)
  KeySharePolicy policy;
  std::string label() const;  // "ECDSA-P256 + X25519MLKEM768 (exact)"
};

// The default selection: ECDSA-P256 with every group of the study, RSA-2048
// and Ed25519 with x25519 and X25519MLKEM768 (exact), and the browser policy
// against X25519MLKEM768 and MLKEM1024 servers (the HelloRetryRequest case).
std::vector<BenchConfig> default_configs();
// Groups the study measures: x25519, secp256r1, X25519MLKEM768,
// SecP256r1MLKEM768, MLKEM768, MLKEM1024.
const std::vector<std::string>& study_groups();

// A handshake that cannot run on OpenSSL 3.0 (a post-quantum or mixed
// chain), composed: the measured handshake of the same group and policy
// with the ECDSA-P256 chain (its baseline), minus ECDSA-P256's measured
// authentication, plus this chain's (tls/tls_auth.hpp).
struct ComposedConfig {
  ChainSpec chain;
  std::string group;
  KeySharePolicy policy;
  std::string label() const;  // "ML-DSA-65 + X25519MLKEM768 (exact)"
  BenchConfig baseline() const { return {CertKind::ecdsa_p256, group, policy}; }
};

// The default composed selection: ML-DSA-44/65/87 and SLH-DSA-SHA2-128s
// chains with X25519MLKEM768 (exact).
std::vector<ComposedConfig> default_composed_configs();

struct TlsBenchPlan {
  std::vector<BenchConfig> configs;
  std::vector<ComposedConfig> composed;  // their baselines are measured too
  int handshakes = 2000;                 // per run
  int runs = 3;
  std::uint64_t initcwnd_bytes = 10 * 1460;
  AuthPlan auth;  // its runs = `runs`
  // When a configuration's runs spread by more than max_relative_spread of
  // its median (client or server CPU), all configurations get one more run,
  // up to max_runs in all (0: 2 × runs + 1).
  double max_relative_spread = 0.10;
  int max_runs = 0;
};

// Checks counts, and that both the server and the client accept each
// configuration's groups; TlsError naming the problem otherwise.
void validate(const TlsBenchPlan& plan);

struct ConfigResult {
  BenchConfig config;
  std::string negotiated_group;
  // Medians over the runs of each run's mean per handshake.
  double client_cpu_us = 0, server_cpu_us = 0;
  std::vector<double> client_cpu_us_runs, server_cpu_us_runs;
  // Medians over every handshake (ECDSA signatures vary by a byte or two).
  std::uint64_t client_to_server_bytes = 0, server_to_client_bytes = 0;
  int round_trips = 0;                                        // the client's waits for the server
  std::vector<std::uint64_t> client_flights, server_flights;  // bytes, of one handshake
  // From one extra, untimed handshake with its first flights captured.
  std::uint64_t client_hello_bytes = 0, client_key_share_bytes = 0;
  std::uint64_t server_hello_bytes = 0, server_key_share_bytes = 0;
  bool hello_retry = false;
  // The spread of the runs (max − min of the per-run means), µs.
  double client_cpu_spread_us() const;
  double server_cpu_spread_us() const;
  // Per run: client + server CPU, µs.
  std::vector<double> total_cpu_us_runs() const;
  // Both sides on one core: 1e6 / (client µs + server µs); the server alone.
  double handshakes_per_s_per_core() const;
  double server_handshakes_per_s_per_core() const;
};

// A composed handshake (see ComposedConfig), labelled as such everywhere.
struct ComposedResult {
  ComposedConfig config;
  std::string baseline_label, reason;
  std::string negotiated_group;
  bool hello_retry = false;
  double client_cpu_us = 0, server_cpu_us = 0;
  std::uint64_t client_to_server_bytes = 0, server_to_client_bytes = 0;
  int round_trips = 0;  // the baseline's (the client's waits)
  std::vector<std::uint64_t> client_flights, server_flights;
  std::uint64_t client_key_share_bytes = 0, server_key_share_bytes = 0;
  std::uint64_t certificate_bytes = 0, certificate_verify_bytes = 0;  // the messages, unframed by records
  double handshakes_per_s_per_core() const;
};

// Composition (exact bytes, CPU per side): `base` measured with the
// `base_auth` chain, that chain's authentication replaced by `target`'s.
// The server's last flight (the one with Certificate and
// CertificateVerify) changes by the difference of the two messages in
// records (tls_auth.hpp: in_records); the ClientHello grows by 2 bytes per
// post-quantum scheme of the chain (its SignatureScheme in
// signature_algorithms; OpenSSL 3.0's own list already has the classical
// ones). Server CPU: − base sign + target sign; client CPU: − base
// (parse + 3 verifications) + target's.
ComposedResult compose(const ConfigResult& base, const AuthResult& base_auth, const AuthResult& target,
                       const ComposedConfig& config);

// The composition checked against a handshake that runs for real: a
// classical chain's measured handshake against the same configuration
// composed from another classical baseline.
struct CompositionCheck {
  std::string real_label, baseline_label;
  std::int64_t client_to_server_error = 0, server_to_client_error = 0;  // composed − real
  std::int64_t byte_tolerance = 0;  // 2 when an ECDSA CertificateVerify is involved, else 0
  double client_cpu_error_us = 0, server_cpu_error_us = 0;
  // The run's noise: the sum of the ranges (max − min over runs) of every
  // measured term in the comparison.
  double client_noise_us = 0, server_noise_us = 0;
  double real_client_cpu_us = 0, real_server_cpu_us = 0;
  bool bytes_ok() const;
  bool cpu_ok() const;
};
// A difference between two configurations' figures, measured over runs: it
// is "within noise" when the ranges of the two sets of runs overlap (the
// difference of the medians is no larger than the runs' own scatter).
struct Difference {
  double delta = 0;  // median of b − median of a
  bool within_noise = true;
};
Difference compare_runs(const std::vector<double>& a, const std::vector<double>& b);
// "+35 µs", or "within noise (+3 µs)".
std::string describe_difference(const Difference& d);

// The cost of a HelloRetryRequest: a browser-policy configuration that got
// one, against the exact-policy configuration with the same certificate and
// group (both measured).
struct HelloRetryCost {
  std::string cert, group;
  std::int64_t extra_client_to_server_bytes = 0, extra_server_to_client_bytes = 0;
  double extra_client_cpu_us = 0, extra_server_cpu_us = 0;
  bool client_cpu_within_noise = true, server_cpu_within_noise = true;
  int extra_round_trips = 0;
};

// Each configuration's CPU (client + server) against the baseline with the
// same certificate, the x25519 group and the exact policy, when measured.
struct BaselineComparison {
  std::string label, baseline;
  Difference total_cpu_us;
};

// Time to complete the handshake on a network: CPU of both sides + round
// trips × RTT, plus the extra round trips TCP slow start needs for a flight
// larger than the initial congestion window (10 × 1460 bytes by default;
// the window doubles each round, no loss: one extra RTT up to 3 windows,
// two up to 7). TCP's own handshake is not counted.
struct LatencyRow {
  std::string label;
  std::vector<double> ms;  // one per rtt_ms entry
  int flights_over_window = 0;
  int window_round_trips = 0;  // slow start's extra rounds for those flights
  bool composed = false;
};
struct LatencyModel {
  std::vector<double> rtt_ms = {1, 20, 100, 250};
  std::uint64_t initcwnd_bytes = 10 * 1460;
  std::vector<LatencyRow> rows;
};

struct TlsBenchResults {
  int handshakes = 0, runs = 0;
  int runs_planned = 0;  // runs asked for; more were made when the spread was large
  double max_relative_spread = 0;
  double load_before = 0, load_after = 0;
  unsigned cpus = 1;
  bool load_suspect() const;
  std::string openssl_version;
  std::vector<ConfigResult> configs;
  std::vector<HelloRetryCost> hello_retry_costs;
  std::vector<AuthResult> auth;  // every chain measured (classical ones included)
  std::vector<ComposedResult> composed;
  std::vector<CompositionCheck> checks;
  std::vector<BaselineComparison> baseline_comparisons;
  LatencyModel latency;
};

// what, fraction of the run done (0..1).
using TlsProgress = std::function<void(const std::string& what, double fraction)>;

// Loads the providers (the pqlab provider linked into this program) and
// measures every configuration. TlsError if a handshake fails.
TlsBenchResults run_tls_bench(const TlsBenchPlan& plan, const TlsProgress& progress = {});

}  // namespace pqlab::tls
