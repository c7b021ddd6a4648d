// Report section: TLS 1.3 handshakes with the pqlab provider — the cost per
// side, bytes per direction, round trips and the HelloRetryRequest, measured
// by the handshake benchmark (lab/tls/), and the latency model.
#include "report/section.hpp"
#include "tls/tls_bench.hpp"
#include "tls/tls_bench_output.hpp"

namespace pqlab::lab {
namespace {

using tls::CertKind;
using tls::KeySharePolicy;

// draft-ietf-tls-ecdhe-mlkem: X25519MLKEM768's shares are 1,216 and 1,120
// bytes against x25519's 32.
constexpr std::uint64_t draft_client_share_delta = 1184, draft_server_share_delta = 1088;

tls::TlsBenchPlan plan(bool quick) {
  tls::TlsBenchPlan p;
  if (quick) {
    // The published study's four, and the HelloRetryRequest case.
    p.configs = {{CertKind::ecdsa_p256, "x25519", KeySharePolicy::exact},
                 {CertKind::rsa2048, "x25519", KeySharePolicy::exact},
                 {CertKind::ecdsa_p256, "X25519MLKEM768", KeySharePolicy::exact},
                 {CertKind::ecdsa_p256, "MLKEM1024", KeySharePolicy::exact},
                 {CertKind::ecdsa_p256, "MLKEM1024", KeySharePolicy::browser}};
    p.handshakes = 20;
    p.runs = 3;
  } else {
    p.configs = tls::default_configs();
  }
  return p;
}

// The ECDSA-P256 configuration with the exact policy and this group, if measured.
const tls::ConfigResult* find_ecdsa_exact(const tls::TlsBenchResults& r, const std::string& group) {
  for (const tls::ConfigResult& c : r.configs)
    if (c.config.cert == CertKind::ecdsa_p256 && c.config.group == group && c.config.policy == KeySharePolicy::exact)
      return &c;
  return nullptr;
}

class TlsHandshakeSection final : public Section {
 public:
  std::string key() const override { return "tls_handshakes"; }
  std::string title() const override { return "TLS 1.3 handshakes"; }
  double weight() const override { return 4; }

  void measure(ReportContext& ctx, const Progress& progress) override {
    results_ = tls::run_tls_bench(plan(ctx.options.quick), [&](const std::string& what, double fraction) {
      if (progress) progress("TLS handshakes: " + what, fraction);
    });
  }

  nlohmann::json data(const ReportContext&) const override {
    nlohmann::json d = tls::tls_bench_to_json(results_);
    const tls::ConfigResult* classical = find_ecdsa_exact(results_, "x25519");
    const tls::ConfigResult* hybrid = find_ecdsa_exact(results_, "X25519MLKEM768");
    if (classical != nullptr && hybrid != nullptr)
      d["key_share_check"] = {
          {"client_key_share_delta_bytes", hybrid->client_key_share_bytes - classical->client_key_share_bytes},
          {"server_key_share_delta_bytes", hybrid->server_key_share_bytes - classical->server_key_share_bytes},
          {"published_client_delta_bytes", draft_client_share_delta},
          {"published_server_delta_bytes", draft_server_share_delta}};
    return d;
  }

  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "Full TLS 1.3 handshakes (no resumption) through " + results_.openssl_version +
        " with the pqlab provider, client and server on two threads of one process over a socket pair: " +
        std::to_string(results_.handshakes) + " handshakes per run, " + std::to_string(results_.runs) +
        " runs going round the configurations after untimed warm-up handshakes; the median run's mean. CPU "
        "time is each thread's CPU clock inside SSL_connect / SSL_accept; bytes are what each side's socket BIO "
        "carried. Handshakes/s per core is 1 / (client CPU + server CPU). Policy `exact`: the client offers the "
        "group under test only; `browser`: it lists X25519MLKEM768 then x25519 (OpenSSL 3.0 sends the first "
        "one's key share only; Chromium also sends x25519's), so a server that wants another group answers "
        "with a HelloRetryRequest.\n\n";
    md += tls::noise_note(results_) + " " + tls::load_note(results_) + "\n\n";
    const tls::TextTable t = tls::config_table(results_);
    md += md_table(t.header, t.rows) + "\n";
    const tls::ConfigResult* classical = find_ecdsa_exact(results_, "x25519");
    const tls::ConfigResult* hybrid = find_ecdsa_exact(results_, "X25519MLKEM768");
    if (classical != nullptr && hybrid != nullptr)
      md += "Check against the draft's sizes: X25519MLKEM768's key shares are " +
            std::to_string(hybrid->client_key_share_bytes - classical->client_key_share_bytes) +
            " bytes larger in the ClientHello (published: 1,184) and " +
            std::to_string(hybrid->server_key_share_bytes - classical->server_key_share_bytes) +
            " in the ServerHello (published: 1,088) than x25519's, read from the captured hellos. The whole "
            "ClientHello grows by 8 bytes less, because OpenSSL 3.0 leaves out the ec_point_formats extension "
            "when no elliptic-curve group is offered.\n\n";
    if (!results_.hello_retry_costs.empty()) {
      const tls::TextTable h = tls::hello_retry_table(results_);
      md +=
          "What the HelloRetryRequest costs (browser policy against the same server measured with the exact "
          "policy):\n\n" +
          md_table(h.header, h.rows) + "\n";
    }
    md += md_plot(ctx, "tls.png", "CPU per handshake and bytes per direction") + "\n";
    md +=
        "**Latency model** (not measured: networks this machine cannot reach). Time to complete the handshake = "
        "client + server CPU above + round trips × RTT, + slow start's extra round trips for a flight larger "
        "than the initial congestion window of " +
        std::to_string(results_.latency.initcwnd_bytes) +
        " bytes (the window doubling each RTT, no loss). TCP's own handshake is not "
        "counted.\n\n";
    const tls::TextTable l = tls::latency_table(results_);
    md += md_table(l.header, l.rows) + "\n";
    md += md_plot(ctx, "tls_latency.png", "Modelled handshake time against RTT");
    return md;
  }

 private:
  tls::TlsBenchResults results_;
};

}  // namespace

std::unique_ptr<Section> make_tls_handshake_section() { return std::make_unique<TlsHandshakeSection>(); }

}  // namespace pqlab::lab
