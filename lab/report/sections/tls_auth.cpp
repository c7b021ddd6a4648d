// Report section: TLS authentication — what ML-DSA and SLH-DSA certificate
// chains cost in a TLS 1.3 handshake (issue 20). Classical chains are
// measured in real handshakes; post-quantum and mixed chains are measured
// outside the handshake and composed into the measured ECDSA-P256 one,
// because OpenSSL 3.0 cannot negotiate their signature schemes; the
// composition is checked on the classical chains (lab/tls/tls_auth.hpp,
// tls_bench.hpp).
#include "report/section.hpp"
#include "tls/tls_bench.hpp"
#include "tls/tls_bench_output.hpp"

namespace pqlab::lab {
namespace {

using tls::CertKind;
using tls::KeySharePolicy;

tls::TlsBenchPlan plan(bool quick) {
  tls::TlsBenchPlan p;
  // Real: the ECDSA-P256 baselines of the composed rows, and the three
  // classical chains with x25519 for the composition check.
  for (CertKind k : {CertKind::ecdsa_p256, CertKind::rsa2048, CertKind::ed25519})
    p.configs.push_back({k, "x25519", KeySharePolicy::exact});
  auto composed = [&](const tls::ChainSpec& c, const char* group) {
    p.composed.push_back({c, group, KeySharePolicy::exact});
  };
  for (const std::string& s : tls::sig_scheme_names())
    if (!tls::is_classical_scheme(s)) composed(tls::parse_cert_scheme(s), "X25519MLKEM768");
  composed(tls::parse_chain("ML-DSA-65/ML-DSA-65/ML-DSA-44"), "X25519MLKEM768");
  composed(tls::parse_chain("SLH-DSA-SHA2-128s/ML-DSA-65/ML-DSA-44"), "X25519MLKEM768");
  composed(tls::parse_cert_scheme("ML-DSA-87"), "MLKEM1024");
  p.runs = 3;
  p.handshakes = quick ? 20 : 400;
  p.auth.min_ms_per_run = quick ? 5 : 50;
  p.auth.min_iterations = quick ? 1 : 3;
  return p;
}

// The handshakes of the stacked bar plot, in its order: (group, chain).
const std::pair<const char*, const char*> breakdown_rows[] = {
    {"x25519", "ECDSA-P256"},        {"X25519MLKEM768", "ECDSA-P256"}, {"X25519MLKEM768", "ML-DSA-44"},
    {"X25519MLKEM768", "ML-DSA-65"}, {"MLKEM1024", "ML-DSA-87"},       {"X25519MLKEM768", "SLH-DSA-SHA2-128s"}};

const tls::AuthResult* find_auth(const tls::TlsBenchResults& r, const std::string& chain) {
  for (const tls::AuthResult& a : r.auth)
    if (a.chain.label() == chain) return &a;
  return nullptr;
}

// Bytes of one handshake (both directions) split into key shares,
// certificates (the Certificate message in its records), CertificateVerify
// (likewise) and the rest, with its modelled times.
nlohmann::json breakdown(const tls::TlsBenchResults& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& [group, chain] : breakdown_rows) {
    const tls::AuthResult* a = find_auth(r, chain);
    if (a == nullptr) continue;
    std::uint64_t shares = 0, total = 0, server_flight = 0;
    std::string label;
    bool composed = false, found = false;
    for (const tls::ConfigResult& c : r.configs)
      if (c.config.group == group && tls::cert_kind_name(c.config.cert) == std::string(chain) &&
          c.config.policy == KeySharePolicy::exact) {
        shares = c.client_key_share_bytes + c.server_key_share_bytes;
        total = c.client_to_server_bytes + c.server_to_client_bytes;
        server_flight = c.server_flights.empty() ? 0 : c.server_flights.back();
        label = c.config.label();
        found = true;
      }
    for (const tls::ComposedResult& c : r.composed)
      if (!found && c.config.group == group && c.config.chain.label() == chain) {
        shares = c.client_key_share_bytes + c.server_key_share_bytes;
        total = c.client_to_server_bytes + c.server_to_client_bytes;
        server_flight = c.server_flights.empty() ? 0 : c.server_flights.back();
        label = c.config.label() + " [composed]";
        composed = found = true;
      }
    if (!found) continue;
    const std::uint64_t certs = tls::in_records(a->certificate_message_bytes);
    const std::uint64_t cv = tls::in_records(a->certificate_verify_message_bytes);
    nlohmann::json ms = nullptr;
    for (const tls::LatencyRow& l : r.latency.rows)
      if (l.label == label) ms = l.ms;
    rows.push_back(
        {{"label", std::string(group) + " + " + chain},
         {"composed", composed},
         {"key_share_bytes", shares},
         {"certificate_bytes", certs},
         {"certificate_verify_bytes", cv},
         {"rest_bytes", total - shares - certs - cv},
         {"total_bytes", total},
         {"server_flight_bytes", server_flight},
         {"server_flight_extra_round_trips", tls::extra_round_trips(server_flight, r.latency.initcwnd_bytes)},
         {"latency_ms", ms}});
  }
  return rows;
}

class TlsAuthSection final : public Section {
 public:
  std::string key() const override { return "tls_auth"; }
  std::string title() const override { return "TLS authentication"; }
  double weight() const override { return 2; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    results_ = tls::run_tls_bench(plan(ctx.options.quick), [&](const std::string& what, double fraction) {
      if (progress) progress("TLS authentication: " + what, fraction);
    });
  }

  nlohmann::json data(const ReportContext&) const override {
    nlohmann::json d = tls::tls_bench_to_json(results_);
    d["breakdown"] = breakdown(results_);
    return d;
  }

  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "What a certificate chain costs in a TLS 1.3 handshake. Each chain is root CA → intermediate CA → leaf, "
        "built with libcrypto's X509 API through EVP (the pqlab provider for ML-DSA / SLH-DSA, the default "
        "provider for ECDSA, RSA, Ed25519) with basicConstraints, keyUsage, extendedKeyUsage, subjectAltName and "
        "key identifiers; the server sends leaf + intermediate, the client trusts the root. Per chain: the TLS 1.3 "
        "Certificate and CertificateVerify messages (bytes without record framing), the server's CPU to sign "
        "CertificateVerify (the RFC 8446 §4.4.3 content over a 48-byte transcript hash), the client's CPU to parse "
        "the two certificates and verify CertificateVerify, the leaf's and the intermediate's signatures; medians "
        "of " +
        std::to_string(results_.runs) + " runs (range in brackets).\n\n";
    const tls::TextTable a = tls::auth_table(results_);
    md += md_table(a.header, a.rows) + "\n";
    md += "**Composed rows.** " + tls::composed_note() + "\n";
    const tls::TextTable c = tls::config_table(results_);
    md += md_table(c.header, c.rows) + "\n";
    md += "**The composition checked** on handshakes that run for real (" + std::to_string(results_.handshakes) +
          " handshakes per run): bytes must agree exactly, or within 2 bytes when an ECDSA CertificateVerify is "
          "involved (its DER signature is 70–72 bytes; the composition uses the median length of the measured "
          "signatures, the handshake the median over handshakes); CPU within the noise, the sum of the ranges "
          "over runs of every measured term.\n\n";
    const tls::TextTable k = tls::check_table(results_);
    md += md_table(k.header, k.rows) + "\n";
    md += md_plot(ctx, "tls_auth_bytes.png",
                  "Bytes of a handshake: key shares, certificates, CertificateVerify, "
                  "the rest") +
          "\n";
    md +=
        "**Latency model** (as in the TLS section; not measured): client + server CPU + round trips × RTT, plus "
        "TCP slow start's extra round trips when a flight exceeds the initial congestion window of " +
        std::to_string(results_.latency.initcwnd_bytes) +
        (results_.latency.initcwnd_bytes == 14600 ? " bytes (10 × 1460" : " bytes (set with --initcwnd-bytes") +
        "; the window doubles each round trip, no loss, TCP's own handshake not counted).\n\n";
    const tls::TextTable l = tls::latency_table(results_);
    md += md_table(l.header, l.rows) + "\n";
    md += md_plot(ctx, "tls_auth_latency.png", "Modelled handshake time against RTT, by certificate chain");
    return md;
  }

 private:
  tls::TlsBenchResults results_;
};

}  // namespace

std::unique_ptr<Section> make_tls_auth_section() { return std::make_unique<TlsAuthSection>(); }

}  // namespace pqlab::lab
