// pqlab lab: tls-bench tables and JSON.
#include "tls/tls_bench_output.hpp"

#include <algorithm>
#include <cstdio>

#include "harness/load.hpp"

namespace pqlab::tls {
namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// A difference with its sign ("+12", "-3", "0").
std::string signed_text(bool positive, const std::string& magnitude) {
  std::string s = positive ? "+" : "";
  s += magnitude;
  return s;
}
std::string signed_int(std::int64_t v) { return signed_text(v > 0, std::to_string(v)); }
std::string signed_fixed(double v) { return signed_text(v > 0, fixed(v, 0)); }
// A difference in CPU µs, or "within noise (+3)" when the runs overlap.
std::string cpu_difference(double v, bool within_noise) {
  return within_noise ? "within noise (" + signed_fixed(v) + ")" : signed_fixed(v);
}
// "412 ±12": the median run and half the runs' range.
std::string with_spread(double median, double spread) { return fixed(median, 0) + " ±" + fixed(spread / 2, 0); }

const BaselineComparison* comparison_for(const TlsBenchResults& r, const std::string& label) {
  for (const BaselineComparison& c : r.baseline_comparisons)
    if (c.label == label) return &c;
  return nullptr;
}

std::string aligned(const TextTable& t) {
  std::vector<std::size_t> width(t.header.size(), 0);
  auto widen = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i) width[i] = std::max(width[i], row[i].size());
  };
  widen(t.header);
  for (const auto& row : t.rows) widen(row);
  auto line = [&](const std::vector<std::string>& row) {
    std::string s;
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::size_t pad = width[i] - row[i].size();
      if (i == 0) {  // the first column left-aligned, the numbers right-aligned
        s += row[i];
        s.append(pad, ' ');
      } else {
        s.append(2 + pad, ' ');
        s += row[i];
      }
    }
    s += '\n';
    return s;
  };
  std::string out = line(t.header);
  for (const auto& row : t.rows) out += line(row);
  return out;
}

}  // namespace

namespace {
// The handshake's round trips, with slow start's extra ones for flights
// over the initial window: "1", or "1 +1 cwnd".
std::string trips(int round_trips, const std::vector<std::uint64_t>& client_flights,
                  const std::vector<std::uint64_t>& server_flights, std::uint64_t initcwnd) {
  int extra = 0;
  for (const auto* flights : {&client_flights, &server_flights})
    for (std::uint64_t f : *flights) extra += extra_round_trips(f, initcwnd);
  return std::to_string(round_trips) + (extra > 0 ? " +" + std::to_string(extra) + " cwnd" : "");
}
}  // namespace

TextTable config_table(const TlsBenchResults& r) {
  TextTable t{{"configuration", "group used", "client CPU µs", "server CPU µs", "CPU vs x25519 (same cert) µs",
               "c→s bytes", "s→c bytes", "round trips (+ slow start)", "handshakes/s per core"},
              {}};
  for (const ConfigResult& c : r.configs) {
    const BaselineComparison* cmp = comparison_for(r, c.config.label());
    t.rows.push_back(
        {c.config.label(), c.negotiated_group + (c.hello_retry ? " (after HRR)" : ""),
         with_spread(c.client_cpu_us, c.client_cpu_spread_us()), with_spread(c.server_cpu_us, c.server_cpu_spread_us()),
         cmp == nullptr ? "baseline" : cpu_difference(cmp->total_cpu_us.delta, cmp->total_cpu_us.within_noise),
         std::to_string(c.client_to_server_bytes), std::to_string(c.server_to_client_bytes),
         trips(c.round_trips, c.client_flights, c.server_flights, r.latency.initcwnd_bytes),
         fixed(c.handshakes_per_s_per_core(), 0)});
  }
  // Composed rows: CPU is a sum of medians (no runs of their own to spread).
  for (const ComposedResult& c : r.composed)
    t.rows.push_back({c.config.label() + " [composed]", c.negotiated_group + (c.hello_retry ? " (after HRR)" : ""),
                      fixed(c.client_cpu_us, 0), fixed(c.server_cpu_us, 0), "composed",
                      std::to_string(c.client_to_server_bytes), std::to_string(c.server_to_client_bytes),
                      trips(c.round_trips, c.client_flights, c.server_flights, r.latency.initcwnd_bytes),
                      fixed(c.handshakes_per_s_per_core(), 0)});
  return t;
}

namespace {
std::string stat(const CpuStat& s) {
  return fixed(s.median_us, 0) + " (" + fixed(s.min_us, 0) + "–" + fixed(s.max_us, 0) + ")";
}
}  // namespace

TextTable auth_table(const TlsBenchResults& r) {
  TextTable t{{"chain (root/intermediate/leaf)", "leaf DER", "intermediate DER", "Certificate msg",
               "CertificateVerify msg", "server: sign CV µs", "client: verify CV µs", "verify leaf µs",
               "verify intermediate µs", "parse chain µs", "client total µs", "first flight extra RTTs"},
              {}};
  for (const AuthResult& a : r.auth) {
    // Extra slow-start rounds of the server's last flight with this chain
    // in the first composed (else real) row that uses it.
    std::string extra = "-";
    for (const ComposedResult& c : r.composed)
      if (c.config.chain == a.chain && !c.server_flights.empty()) {
        extra = std::to_string(extra_round_trips(c.server_flights.back(), r.latency.initcwnd_bytes)) + " (" +
                c.config.group + ")";
        break;
      }
    if (extra == "-")
      for (const ConfigResult& c : r.configs)
        if (a.chain.uniform() && a.chain.leaf == cert_kind_name(c.config.cert) && !c.server_flights.empty()) {
          extra = std::to_string(extra_round_trips(c.server_flights.back(), r.latency.initcwnd_bytes)) + " (" +
                  c.config.group + ")";
          break;
        }
    t.rows.push_back({a.chain.label(), std::to_string(a.leaf_der_bytes), std::to_string(a.intermediate_der_bytes),
                      std::to_string(a.certificate_message_bytes), std::to_string(a.certificate_verify_message_bytes),
                      stat(a.sign_cv), stat(a.verify_cv), stat(a.verify_leaf), stat(a.verify_intermediate),
                      stat(a.parse_chain), fixed(a.client_us(), 0), extra});
  }
  return t;
}

TextTable check_table(const TlsBenchResults& r) {
  TextTable t{{"composition check: real handshake", "composed from", "c→s bytes error", "s→c bytes error",
               "byte tolerance", "client CPU error µs", "client noise µs", "server CPU error µs", "server noise µs",
               "verdict"},
              {}};
  for (const CompositionCheck& k : r.checks)
    t.rows.push_back({k.real_label, k.baseline_label, signed_int(k.client_to_server_error),
                      signed_int(k.server_to_client_error), std::to_string(k.byte_tolerance),
                      signed_fixed(k.client_cpu_error_us), fixed(k.client_noise_us, 0),
                      signed_fixed(k.server_cpu_error_us), fixed(k.server_noise_us, 0),
                      std::string(k.bytes_ok() ? "bytes ok" : "BYTES DIFFER") + ", " +
                          (k.cpu_ok() ? "CPU within noise" : "CPU outside noise")});
  return t;
}

std::string composed_note() {
  return "Rows marked [composed] did not run: OpenSSL 3.0 cannot negotiate ML-DSA or SLH-DSA signatures in TLS 1.3 "
         "(a provider's signature schemes reach libssl in 3.2). Each is the measured handshake of the same group and "
         "policy with the ECDSA-P256 chain, minus that chain's measured authentication (Certificate and "
         "CertificateVerify bytes in records; server: CertificateVerify signature; client: parsing the chain and "
         "three verifications), plus the post-quantum chain's, measured the same way through EVP and the pqlab "
         "provider; the ClientHello gains 2 bytes per post-quantum scheme (signature_algorithms). The composition "
         "check below composes each classical chain the same way and compares it with its real handshake.\n";
}

TextTable hello_retry_table(const TlsBenchResults& r) {
  TextTable t{{"HelloRetryRequest (browser vs exact)", "extra round trips", "extra c→s bytes", "extra s→c bytes",
               "extra client CPU µs", "extra server CPU µs"},
              {}};
  for (const HelloRetryCost& c : r.hello_retry_costs)
    t.rows.push_back({c.cert + " + " + c.group, signed_int(c.extra_round_trips),
                      signed_int(c.extra_client_to_server_bytes), signed_int(c.extra_server_to_client_bytes),
                      cpu_difference(c.extra_client_cpu_us, c.client_cpu_within_noise),
                      cpu_difference(c.extra_server_cpu_us, c.server_cpu_within_noise)});
  return t;
}

TextTable latency_table(const TlsBenchResults& r) {
  TextTable t{{"modelled handshake time (ms)"}, {}};
  for (double rtt : r.latency.rtt_ms) t.header.push_back("RTT " + fixed(rtt, 0) + " ms");
  t.header.push_back("flights > initcwnd");
  t.header.push_back("extra RTTs (slow start)");
  for (const LatencyRow& row : r.latency.rows) {
    std::vector<std::string> cells = {row.label};
    for (double ms : row.ms) cells.push_back(fixed(ms, 1));
    cells.push_back(std::to_string(row.flights_over_window));
    cells.push_back(std::to_string(row.window_round_trips));
    t.rows.push_back(cells);
  }
  return t;
}

std::string noise_note(const TlsBenchResults& r) {
  std::string s =
      "CPU figures: the median run's mean per handshake ± half the range of the runs. A difference is "
      "\"within noise\" when the two configurations' runs overlap. " +
      std::to_string(r.runs) + " runs";
  if (r.runs > r.runs_planned)
    s += " (" + std::to_string(r.runs_planned) + " planned; more because some spread exceeded " +
         fixed(r.max_relative_spread * 100, 0) + "% of the median)";
  s += ".";
  return s;
}

std::string load_note(const TlsBenchResults& r) {
  std::string s = "Machine load before: " + pqlab::lab::describe_load(r.load_before, r.cpus) +
                  "; after: " + pqlab::lab::describe_load(r.load_after, r.cpus) + ".";
  if (r.load_suspect()) s += " The machine was busy: these figures are suspect.";
  return s;
}

std::string tls_bench_to_text(const TlsBenchResults& r) {
  std::string out = "TLS 1.3 full handshakes, " + std::to_string(r.handshakes) + " per run, median of " +
                    std::to_string(r.runs) + " runs; " + r.openssl_version + " with the pqlab provider\n";
  out += noise_note(r) + "\n" + load_note(r) + "\n";
  if (r.load_suspect()) out += "WARNING: the machine was busy; these figures are suspect\n";
  out += "\n";
  out += aligned(config_table(r));
  if (!r.hello_retry_costs.empty()) {
    out += '\n';
    out += aligned(hello_retry_table(r));
  } else if (std::any_of(r.configs.begin(), r.configs.end(), [](const ConfigResult& c) { return c.hello_retry; })) {
    out += "\n(HelloRetryRequest cost: measure the same certificate and group with --policy exact too)\n";
  }
  if (!r.auth.empty()) {
    out +=
        "\nAuthentication per chain (root CA → intermediate CA → leaf; the server sends leaf + intermediate). "
        "Bytes: the TLS 1.3 messages without record framing; CPU µs: median (range) over runs\n";
    out += aligned(auth_table(r));
  }
  if (!r.composed.empty()) {
    out += '\n';
    out += composed_note();
  }
  if (!r.checks.empty()) {
    out += '\n';
    out += aligned(check_table(r));
  }
  out +=
      "\nLatency model: CPU of both sides + round trips × RTT, + slow start's extra round trips for a flight over "
      "the initial window of " +
      std::to_string(r.latency.initcwnd_bytes) +
      " bytes (window doubling each RTT, no loss; TCP's handshake not counted)\n";
  out += aligned(latency_table(r));
  return out;
}

static nlohmann::json cpu_vs_baseline_json(const TlsBenchResults& r, const ConfigResult& c) {
  const BaselineComparison* cmp = comparison_for(r, c.config.label());
  if (cmp == nullptr) return nullptr;
  return {{"baseline", cmp->baseline},
          {"delta_total_cpu_us", cmp->total_cpu_us.delta},
          {"within_noise", cmp->total_cpu_us.within_noise}};
}

nlohmann::json tls_bench_to_json(const TlsBenchResults& r) {
  nlohmann::json configs = nlohmann::json::array();
  for (const ConfigResult& c : r.configs)
    configs.push_back({{"label", c.config.label()},
                       {"cert", cert_kind_name(c.config.cert)},
                       {"group", c.config.group},
                       {"policy", policy_name(c.config.policy)},
                       {"negotiated_group", c.negotiated_group},
                       {"hello_retry", c.hello_retry},
                       {"client_cpu_us", c.client_cpu_us},
                       {"server_cpu_us", c.server_cpu_us},
                       {"client_cpu_us_runs", c.client_cpu_us_runs},
                       {"server_cpu_us_runs", c.server_cpu_us_runs},
                       {"client_cpu_us_spread", c.client_cpu_spread_us()},
                       {"server_cpu_us_spread", c.server_cpu_spread_us()},
                       {"cpu_vs_baseline", cpu_vs_baseline_json(r, c)},
                       {"client_to_server_bytes", c.client_to_server_bytes},
                       {"server_to_client_bytes", c.server_to_client_bytes},
                       {"round_trips", c.round_trips},
                       {"client_flights_bytes", c.client_flights},
                       {"server_flights_bytes", c.server_flights},
                       {"client_hello_bytes", c.client_hello_bytes},
                       {"client_key_share_bytes", c.client_key_share_bytes},
                       {"server_hello_bytes", c.server_hello_bytes},
                       {"server_key_share_bytes", c.server_key_share_bytes},
                       {"handshakes_per_s_per_core", c.handshakes_per_s_per_core()},
                       {"server_handshakes_per_s_per_core", c.server_handshakes_per_s_per_core()}});
  nlohmann::json hrr = nlohmann::json::array();
  for (const HelloRetryCost& c : r.hello_retry_costs)
    hrr.push_back({{"cert", c.cert},
                   {"group", c.group},
                   {"extra_round_trips", c.extra_round_trips},
                   {"extra_client_to_server_bytes", c.extra_client_to_server_bytes},
                   {"extra_server_to_client_bytes", c.extra_server_to_client_bytes},
                   {"extra_client_cpu_us", c.extra_client_cpu_us},
                   {"extra_server_cpu_us", c.extra_server_cpu_us},
                   {"extra_client_cpu_within_noise", c.client_cpu_within_noise},
                   {"extra_server_cpu_within_noise", c.server_cpu_within_noise}});
  nlohmann::json latency_rows = nlohmann::json::array();
  for (const LatencyRow& row : r.latency.rows)
    latency_rows.push_back({{"label", row.label},
                            {"ms", row.ms},
                            {"flights_over_window", row.flights_over_window},
                            {"window_round_trips", row.window_round_trips},
                            {"composed", row.composed}});
  auto cpu = [](const CpuStat& s) {
    return nlohmann::json{
        {"median_us", s.median_us}, {"min_us", s.min_us}, {"max_us", s.max_us}, {"runs_us", s.runs_us}};
  };
  nlohmann::json auth = nlohmann::json::array();
  for (const AuthResult& a : r.auth)
    auth.push_back({{"chain", a.chain.label()},
                    {"root", a.chain.root},
                    {"intermediate", a.chain.intermediate},
                    {"leaf", a.chain.leaf},
                    {"leaf_der_bytes", a.leaf_der_bytes},
                    {"intermediate_der_bytes", a.intermediate_der_bytes},
                    {"root_der_bytes", a.root_der_bytes},
                    {"leaf_public_key_bytes", a.leaf_public_key_bytes},
                    {"intermediate_public_key_bytes", a.intermediate_public_key_bytes},
                    {"root_public_key_bytes", a.root_public_key_bytes},
                    {"leaf_signature_bytes", a.leaf_signature_bytes},
                    {"intermediate_signature_bytes", a.intermediate_signature_bytes},
                    {"certificate_verify_signature_bytes", a.certificate_verify_signature_bytes},
                    {"certificate_message_bytes", a.certificate_message_bytes},
                    {"certificate_verify_message_bytes", a.certificate_verify_message_bytes},
                    {"wire_bytes", a.wire_bytes()},
                    {"sign_certificate_verify", cpu(a.sign_cv)},
                    {"verify_certificate_verify", cpu(a.verify_cv)},
                    {"verify_leaf", cpu(a.verify_leaf)},
                    {"verify_intermediate", cpu(a.verify_intermediate)},
                    {"parse_chain", cpu(a.parse_chain)},
                    {"server_us", a.server_us()},
                    {"client_us", a.client_us()}});
  nlohmann::json composed = nlohmann::json::array();
  for (const ComposedResult& c : r.composed)
    composed.push_back({{"label", c.config.label()},
                        {"composed", true},
                        {"reason", c.reason},
                        {"baseline", c.baseline_label},
                        {"chain", c.config.chain.label()},
                        {"group", c.config.group},
                        {"policy", policy_name(c.config.policy)},
                        {"negotiated_group", c.negotiated_group},
                        {"hello_retry", c.hello_retry},
                        {"client_cpu_us", c.client_cpu_us},
                        {"server_cpu_us", c.server_cpu_us},
                        {"client_to_server_bytes", c.client_to_server_bytes},
                        {"server_to_client_bytes", c.server_to_client_bytes},
                        {"round_trips", c.round_trips},
                        {"client_flights_bytes", c.client_flights},
                        {"server_flights_bytes", c.server_flights},
                        {"client_key_share_bytes", c.client_key_share_bytes},
                        {"server_key_share_bytes", c.server_key_share_bytes},
                        {"certificate_message_bytes", c.certificate_bytes},
                        {"certificate_verify_message_bytes", c.certificate_verify_bytes},
                        {"handshakes_per_s_per_core", c.handshakes_per_s_per_core()}});
  nlohmann::json checks = nlohmann::json::array();
  for (const CompositionCheck& k : r.checks)
    checks.push_back({{"real", k.real_label},
                      {"composed_from", k.baseline_label},
                      {"client_to_server_error_bytes", k.client_to_server_error},
                      {"server_to_client_error_bytes", k.server_to_client_error},
                      {"byte_tolerance", k.byte_tolerance},
                      {"client_cpu_error_us", k.client_cpu_error_us},
                      {"server_cpu_error_us", k.server_cpu_error_us},
                      {"client_noise_us", k.client_noise_us},
                      {"server_noise_us", k.server_noise_us},
                      {"bytes_ok", k.bytes_ok()},
                      {"cpu_ok", k.cpu_ok()}});
  return {{"schema", "pqlab-tls-bench/1"},
          {"method",
           {{"handshakes_per_run", r.handshakes},
            {"runs", r.runs},
            {"runs_planned", r.runs_planned},
            {"max_relative_spread", r.max_relative_spread},
            {"statistic",
             "median over runs of the mean CPU per handshake; spread: max - min over the runs; bytes: "
             "median over handshakes"},
            {"noise_rule", "a difference between two configurations is within noise when their runs' ranges overlap"},
            {"openssl", r.openssl_version},
            {"resumption", false}}},
          {"load",
           {{"before", r.load_before},
            {"after", r.load_after},
            {"cpus", r.cpus},
            {"suspect_above_per_cpu", pqlab::lab::kSuspectLoadPerCore},
            {"suspect", r.load_suspect()}}},
          {"configs", configs},
          {"hello_retry", hrr},
          {"auth", auth},
          {"composed", composed},
          {"composition_checks", checks},
          {"latency_model",
           {{"rtt_ms", r.latency.rtt_ms}, {"initcwnd_bytes", r.latency.initcwnd_bytes}, {"rows", latency_rows}}}};
}

}  // namespace pqlab::tls
