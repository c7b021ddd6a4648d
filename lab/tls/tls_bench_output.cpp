// pqlab lab: tls-bench tables and JSON.
#include "tls/tls_bench_output.hpp"

#include <algorithm>
#include <cstdio>

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

TextTable config_table(const TlsBenchResults& r) {
  TextTable t{{"configuration", "group used", "client CPU µs", "server CPU µs", "c→s bytes", "s→c bytes",
               "round trips", "handshakes/s per core"},
              {}};
  for (const ConfigResult& c : r.configs)
    t.rows.push_back({c.config.label(), c.negotiated_group + (c.hello_retry ? " (after HRR)" : ""),
                      fixed(c.client_cpu_us, 0), fixed(c.server_cpu_us, 0), std::to_string(c.client_to_server_bytes),
                      std::to_string(c.server_to_client_bytes), std::to_string(c.round_trips),
                      fixed(c.handshakes_per_s_per_core(), 0)});
  return t;
}

TextTable hello_retry_table(const TlsBenchResults& r) {
  TextTable t{{"HelloRetryRequest (browser vs exact)", "extra round trips", "extra c→s bytes", "extra s→c bytes",
               "extra client CPU µs", "extra server CPU µs"},
              {}};
  for (const HelloRetryCost& c : r.hello_retry_costs)
    t.rows.push_back({c.cert + " + " + c.group, signed_int(c.extra_round_trips),
                      signed_int(c.extra_client_to_server_bytes), signed_int(c.extra_server_to_client_bytes),
                      signed_fixed(c.extra_client_cpu_us), signed_fixed(c.extra_server_cpu_us)});
  return t;
}

TextTable latency_table(const TlsBenchResults& r) {
  TextTable t{{"modelled handshake time (ms)"}, {}};
  for (double rtt : r.latency.rtt_ms) t.header.push_back("RTT " + fixed(rtt, 0) + " ms");
  t.header.push_back("flights > initcwnd");
  for (const LatencyRow& row : r.latency.rows) {
    std::vector<std::string> cells = {row.label};
    for (double ms : row.ms) cells.push_back(fixed(ms, 1));
    cells.push_back(std::to_string(row.flights_over_window));
    t.rows.push_back(cells);
  }
  return t;
}

std::string tls_bench_to_text(const TlsBenchResults& r) {
  std::string out = "TLS 1.3 full handshakes, " + std::to_string(r.handshakes) + " per run, median of " +
                    std::to_string(r.runs) + " runs; " + r.openssl_version + " with the pqlab provider\n\n";
  out += aligned(config_table(r));
  if (!r.hello_retry_costs.empty()) {
    out += '\n';
    out += aligned(hello_retry_table(r));
  } else if (std::any_of(r.configs.begin(), r.configs.end(), [](const ConfigResult& c) { return c.hello_retry; })) {
    out += "\n(HelloRetryRequest cost: measure the same certificate and group with --policy exact too)\n";
  }
  out += "\nLatency model: CPU of both sides + round trips × RTT, + one RTT per flight over the initial window of " +
         std::to_string(r.latency.initcwnd_bytes) + " bytes (TCP's handshake not counted)\n";
  out += aligned(latency_table(r));
  return out;
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
                   {"extra_server_cpu_us", c.extra_server_cpu_us}});
  nlohmann::json latency_rows = nlohmann::json::array();
  for (const LatencyRow& row : r.latency.rows)
    latency_rows.push_back({{"label", row.label}, {"ms", row.ms}, {"flights_over_window", row.flights_over_window}});
  return {{"schema", "pqlab-tls-bench/1"},
          {"method",
           {{"handshakes_per_run", r.handshakes},
            {"runs", r.runs},
            {"statistic", "median over runs of the mean CPU per handshake; bytes: median over handshakes"},
            {"openssl", r.openssl_version},
            {"resumption", false}}},
          {"configs", configs},
          {"hello_retry", hrr},
          {"latency_model",
           {{"rtt_ms", r.latency.rtt_ms}, {"initcwnd_bytes", r.latency.initcwnd_bytes}, {"rows", latency_rows}}}};
}

}  // namespace pqlab::tls
