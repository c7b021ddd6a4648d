// pqlab lab: the handshake benchmark's results as text tables and as JSON
// (schema: $defs/tls_bench in lab/report.schema.json).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tls/tls_bench.hpp"

namespace pqlab::tls {

// Rows of the three tables: per configuration, the HelloRetryRequest costs,
// and the latency model (one column per RTT). Shared by the text output and
// the report's markdown.
struct TextTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};
TextTable config_table(const TlsBenchResults& r);
TextTable hello_retry_table(const TlsBenchResults& r);
TextTable latency_table(const TlsBenchResults& r);
// Per chain: the Certificate and CertificateVerify messages and the CPU of
// each side's authentication (medians, with the runs' range).
TextTable auth_table(const TlsBenchResults& r);
// The composition's check on the classical chains.
TextTable check_table(const TlsBenchResults& r);
// What "composed" means, one paragraph (CLI and report).
std::string composed_note();

// How the CPU figures' spread and "within noise" are defined, and how many
// runs were made; the machine load with its verdict.
std::string noise_note(const TlsBenchResults& r);
std::string load_note(const TlsBenchResults& r);

// The three tables, aligned, for the terminal.
std::string tls_bench_to_text(const TlsBenchResults& r);
nlohmann::json tls_bench_to_json(const TlsBenchResults& r);

}  // namespace pqlab::tls
