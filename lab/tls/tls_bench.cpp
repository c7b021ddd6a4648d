// pqlab lab: the TLS 1.3 handshake benchmark.
#include "tls/tls_bench.hpp"

#include <openssl/crypto.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstdlib>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "harness/load.hpp"
#include "tls/handshake.hpp"
#include "tls/hello_parse.hpp"

namespace pqlab::tls {
namespace {

// The browser policy's offer, in Chromium's order.
const char* const browser_groups = "X25519MLKEM768:x25519";

std::string client_groups(const BenchConfig& c) {
  if (c.policy == KeySharePolicy::exact) return c.group;
  std::string groups = browser_groups;
  if (c.group != "X25519MLKEM768" && c.group != "x25519") groups += ":" + c.group;
  return groups;
}

template <typename T>
T median(std::vector<T> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? T{} : v[v.size() / 2];
}

double spread(const std::vector<double>& v) {
  if (v.empty()) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return *hi - *lo;
}

// Connected socket ends handed from the client thread to the server thread.
class FdQueue {
 public:
  void push(int fd) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      fds_.push_back(fd);
    }
    ready_.notify_one();
  }
  int pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [&] { return !fds_.empty(); });
    const int fd = fds_.front();
    fds_.pop_front();
    return fd;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<int> fds_;
};

struct Series {
  std::vector<EndpointResult> client, server;
  std::string group;
};

// One run: n handshakes, the server on its own thread for the whole run.
Series run_series(SSL_CTX* client_ctx, SSL_CTX* server_ctx, int n) {
  const auto count = static_cast<std::size_t>(n);
  Series s;
  s.client.resize(count);
  s.server.resize(count);
  FdQueue queue;
  std::thread server([&] {
    for (std::size_t i = 0; i < count; ++i) {
      const int fd = queue.pop();
      if (fd < 0) {
        s.server[i].error = "socketpair failed";
        continue;
      }
      s.server[i] = serve_handshake(server_ctx, fd, i == 0 ? &s.group : nullptr);
    }
  });
  for (std::size_t i = 0; i < count; ++i) {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
      queue.push(-1);
      s.client[i].error = "socketpair failed";
      continue;
    }
    queue.push(fds[1]);
    s.client[i] = connect_handshake(client_ctx, fds[0]);
  }
  server.join();
  return s;
}

// One configuration being measured: its two contexts and what its runs gave.
class Measurement {
 public:
  Measurement(const BenchConfig& config, const Credentials& creds)
      : server_(make_server_ctx(creds, config.group)),
        client_(make_client_ctx(client_groups(config), creds.trust_anchor())) {
    result_.config = config;
  }

  // Untimed handshakes first: lazily initialised state (algorithm fetches,
  // the caches, the code's pages) is not charged to the first run.
  void warm_up(int handshakes) { check(run_series(client_.get(), server_.get(), handshakes)); }

  void add_run(int handshakes) {
    const Series s = run_series(client_.get(), server_.get(), handshakes);
    check(s);
    std::uint64_t client_ns = 0, server_ns = 0;
    for (std::size_t i = 0; i < s.client.size(); ++i) {
      const EndpointResult &c = s.client[i], &sv = s.server[i];
      client_ns += c.cpu_ns;
      server_ns += sv.cpu_ns;
      c2s_.push_back(c.wire.bytes_written);
      s2c_.push_back(sv.wire.bytes_written);
      trips_.push_back(c.wire.waits_after_write);
    }
    result_.client_cpu_us_runs.push_back(static_cast<double>(client_ns) / 1e3 / handshakes);
    result_.server_cpu_us_runs.push_back(static_cast<double>(server_ns) / 1e3 / handshakes);
    if (result_.negotiated_group.empty()) {
      result_.negotiated_group = s.group;
      result_.client_flights = s.client.front().wire.flights_written;
      result_.server_flights = s.server.front().wire.flights_written;
    }
  }

  // Max − min of the runs above `limit` × median, for either side.
  bool spread_too_large(double limit) const {
    for (const auto* runs : {&result_.client_cpu_us_runs, &result_.server_cpu_us_runs}) {
      const double m = median(*runs);
      if (m > 0 && spread(*runs) > limit * m) return true;
    }
    return false;
  }

  ConfigResult finish() {
    ConfigResult& r = result_;
    r.client_cpu_us = median(r.client_cpu_us_runs);
    r.server_cpu_us = median(r.server_cpu_us_runs);
    r.client_to_server_bytes = median(c2s_);
    r.server_to_client_bytes = median(s2c_);
    r.round_trips = median(trips_);
    // One more handshake, untimed, with its first flights kept for the hellos.
    const HandshakeResult probe = run_handshake(client_.get(), server_.get(), true);
    const auto ch = parse_hello(probe.client.wire.first_flight, true);
    const auto sh = parse_hello(probe.server.wire.first_flight, false);
    if (!probe.ok() || !ch || !sh) throw TlsError(r.config.label() + ": could not read the hello messages");
    r.client_hello_bytes = ch->message_bytes;
    r.client_key_share_bytes = ch->key_share_bytes;
    r.server_hello_bytes = sh->message_bytes;
    r.server_key_share_bytes = sh->key_share_bytes;
    r.hello_retry = sh->hello_retry;
    return r;
  }

 private:
  void check(const Series& s) const {
    for (std::size_t i = 0; i < s.client.size(); ++i) {
      const EndpointResult &c = s.client[i], &sv = s.server[i];
      if (!c.ok || !sv.ok)
        throw TlsError(result_.config.label() + ": handshake failed: client: " + (c.ok ? "ok" : c.error) +
                       "; server: " + (sv.ok ? "ok" : sv.error));
    }
  }

  SslCtx server_, client_;
  ConfigResult result_;
  std::vector<std::uint64_t> c2s_, s2c_;
  std::vector<int> trips_;
};

std::vector<HelloRetryCost> hello_retry_costs(const std::vector<ConfigResult>& results) {
  std::vector<HelloRetryCost> costs;
  for (const ConfigResult& b : results) {
    if (b.config.policy != KeySharePolicy::browser || !b.hello_retry) continue;
    for (const ConfigResult& e : results) {
      const bool same_server = e.config.cert == b.config.cert && e.config.group == b.config.group;
      if (e.config.policy != KeySharePolicy::exact || !same_server) continue;
      HelloRetryCost c;
      c.cert = cert_kind_name(b.config.cert);
      c.group = b.config.group;
      c.extra_client_to_server_bytes = static_cast<std::int64_t>(b.client_to_server_bytes) -
                                       static_cast<std::int64_t>(e.client_to_server_bytes);
      c.extra_server_to_client_bytes = static_cast<std::int64_t>(b.server_to_client_bytes) -
                                       static_cast<std::int64_t>(e.server_to_client_bytes);
      c.extra_client_cpu_us = b.client_cpu_us - e.client_cpu_us;
      c.extra_server_cpu_us = b.server_cpu_us - e.server_cpu_us;
      c.client_cpu_within_noise = compare_runs(e.client_cpu_us_runs, b.client_cpu_us_runs).within_noise;
      c.server_cpu_within_noise = compare_runs(e.server_cpu_us_runs, b.server_cpu_us_runs).within_noise;
      c.extra_round_trips = b.round_trips - e.round_trips;
      costs.push_back(c);
    }
  }
  return costs;
}

std::vector<BaselineComparison> baseline_comparisons(const std::vector<ConfigResult>& results) {
  std::vector<BaselineComparison> out;
  for (const ConfigResult& r : results) {
    for (const ConfigResult& base : results) {
      if (&base == &r || base.config.cert != r.config.cert || base.config.group != "x25519" ||
          base.config.policy != KeySharePolicy::exact)
        continue;
      out.push_back(
          {r.config.label(), base.config.label(), compare_runs(base.total_cpu_us_runs(), r.total_cpu_us_runs())});
      break;
    }
  }
  return out;
}

template <typename R>
LatencyRow latency_row(const R& r, const std::string& label, const LatencyModel& m, bool composed) {
  LatencyRow row;
  row.label = label;
  row.composed = composed;
  for (const auto* flights : {&r.client_flights, &r.server_flights})
    for (std::uint64_t f : *flights) {
      row.flights_over_window += f > m.initcwnd_bytes ? 1 : 0;
      row.window_round_trips += extra_round_trips(f, m.initcwnd_bytes);
    }
  const double cpu_ms = (r.client_cpu_us + r.server_cpu_us) / 1e3;
  for (double rtt : m.rtt_ms) row.ms.push_back(cpu_ms + (r.round_trips + row.window_round_trips) * rtt);
  return row;
}

LatencyModel latency_model(const TlsBenchResults& results, std::uint64_t initcwnd_bytes) {
  LatencyModel m;
  m.initcwnd_bytes = initcwnd_bytes;
  for (const ConfigResult& r : results.configs) m.rows.push_back(latency_row(r, r.config.label(), m, false));
  for (const ComposedResult& r : results.composed)
    m.rows.push_back(latency_row(r, r.config.label() + " [composed]", m, true));
  return m;
}

const ConfigResult* find_config(const std::vector<ConfigResult>& results, const BenchConfig& c) {
  for (const ConfigResult& r : results)
    if (r.config.cert == c.cert && r.config.group == c.group && r.config.policy == c.policy) return &r;
  return nullptr;
}

const AuthResult* find_auth(const std::vector<AuthResult>& auth, const ChainSpec& spec) {
  for (const AuthResult& a : auth)
    if (a.chain == spec) return &a;
  return nullptr;
}

double range(const std::vector<double>& v) {
  if (v.empty()) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return *hi - *lo;
}

// Each classical handshake measured for real, composed from another
// classical baseline of the same group and policy: ECDSA-P256's for RSA-2048
// and Ed25519, Ed25519's (else RSA-2048's) for ECDSA-P256.
std::vector<CompositionCheck> composition_checks(const TlsBenchResults& out) {
  std::vector<CompositionCheck> checks;
  for (const ConfigResult& real : out.configs) {
    std::vector<CertKind> bases;
    if (real.config.cert == CertKind::ecdsa_p256)
      bases = {CertKind::ed25519, CertKind::rsa2048};
    else
      bases = {CertKind::ecdsa_p256};
    for (CertKind b : bases) {
      const ConfigResult* base = find_config(out.configs, {b, real.config.group, real.config.policy});
      const ChainSpec real_chain = parse_cert_scheme(cert_kind_name(real.config.cert));
      const ChainSpec base_chain = parse_cert_scheme(cert_kind_name(b));
      const AuthResult* real_auth = find_auth(out.auth, real_chain);
      const AuthResult* base_auth = find_auth(out.auth, base_chain);
      if (base == nullptr || real_auth == nullptr || base_auth == nullptr) continue;
      const ComposedResult c =
          compose(*base, *base_auth, *real_auth, {real_chain, real.config.group, real.config.policy});
      CompositionCheck k;
      k.real_label = real.config.label();
      k.baseline_label = base->config.label();
      k.client_to_server_error = static_cast<std::int64_t>(c.client_to_server_bytes) -
                                 static_cast<std::int64_t>(real.client_to_server_bytes);
      k.server_to_client_error = static_cast<std::int64_t>(c.server_to_client_bytes) -
                                 static_cast<std::int64_t>(real.server_to_client_bytes);
      k.byte_tolerance = (b == CertKind::ecdsa_p256 || real.config.cert == CertKind::ecdsa_p256) ? 2 : 0;
      k.client_cpu_error_us = c.client_cpu_us - real.client_cpu_us;
      k.server_cpu_error_us = c.server_cpu_us - real.server_cpu_us;
      k.real_client_cpu_us = real.client_cpu_us;
      k.real_server_cpu_us = real.server_cpu_us;
      k.client_noise_us = range(real.client_cpu_us_runs) + range(base->client_cpu_us_runs);
      k.server_noise_us = range(real.server_cpu_us_runs) + range(base->server_cpu_us_runs);
      for (const AuthResult* a : {real_auth, base_auth}) {
        k.server_noise_us += a->sign_cv.spread_us();
        k.client_noise_us += a->verify_cv.spread_us() + a->verify_leaf.spread_us() +
                             a->verify_intermediate.spread_us() + a->parse_chain.spread_us();
      }
      checks.push_back(k);
      break;
    }
  }
  return checks;
}

}  // namespace

Difference compare_runs(const std::vector<double>& a, const std::vector<double>& b) {
  Difference d;
  if (a.empty() || b.empty()) return d;
  d.delta = median(b) - median(a);
  const auto [alo, ahi] = std::minmax_element(a.begin(), a.end());
  const auto [blo, bhi] = std::minmax_element(b.begin(), b.end());
  d.within_noise = *alo <= *bhi && *blo <= *ahi;
  return d;
}

std::string describe_difference(const Difference& d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s%.0f µs", d.delta > 0 ? "+" : "", d.delta);
  return d.within_noise ? "within noise (" + std::string(buf) + ")" : std::string(buf);
}

double ConfigResult::client_cpu_spread_us() const { return spread(client_cpu_us_runs); }
double ConfigResult::server_cpu_spread_us() const { return spread(server_cpu_us_runs); }
std::vector<double> ConfigResult::total_cpu_us_runs() const {
  std::vector<double> t;
  for (std::size_t i = 0; i < client_cpu_us_runs.size() && i < server_cpu_us_runs.size(); ++i)
    t.push_back(client_cpu_us_runs[i] + server_cpu_us_runs[i]);
  return t;
}

bool TlsBenchResults::load_suspect() const {
  return pqlab::lab::load_is_suspect(std::max(load_before, load_after), cpus);
}

const char* policy_name(KeySharePolicy p) { return p == KeySharePolicy::exact ? "exact" : "browser"; }

KeySharePolicy parse_policy(const std::string& name) {
  if (name == "exact") return KeySharePolicy::exact;
  if (name == "browser") return KeySharePolicy::browser;
  throw TlsError("unknown key-share policy '" + name + "' (exact, browser)");
}

std::string ComposedConfig::label() const { return chain.label() + " + " + group + " (" + policy_name(policy) + ")"; }

std::vector<ComposedConfig> default_composed_configs() {
  std::vector<ComposedConfig> c;
  for (const char* s : {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "SLH-DSA-SHA2-128s"})
    c.push_back({parse_cert_scheme(s), "X25519MLKEM768", KeySharePolicy::exact});
  return c;
}

ComposedResult compose(const ConfigResult& base, const AuthResult& base_auth, const AuthResult& target,
                       const ComposedConfig& config) {
  ComposedResult r;
  r.config = config;
  r.baseline_label = base.config.label();
  r.reason = "composed: OpenSSL 3.0 cannot negotiate " + config.chain.label() +
             " signatures in TLS 1.3 (provider signature schemes arrived in 3.2); the measured " + r.baseline_label +
             " handshake with its measured " + base_auth.chain.label() + " authentication replaced by the measured " +
             config.chain.label() + " chain's";
  r.negotiated_group = base.negotiated_group;
  r.hello_retry = base.hello_retry;
  r.round_trips = base.round_trips;
  r.client_key_share_bytes = base.client_key_share_bytes;
  r.server_key_share_bytes = base.server_key_share_bytes;
  r.certificate_bytes = target.certificate_message_bytes;
  r.certificate_verify_bytes = target.certificate_verify_message_bytes;
  // The ClientHello advertises each post-quantum scheme the client must
  // verify (2 bytes each in signature_algorithms).
  std::vector<std::string> pq;
  for (const std::string* s : {&config.chain.root, &config.chain.intermediate, &config.chain.leaf})
    if (!is_classical_scheme(*s) && std::find(pq.begin(), pq.end(), *s) == pq.end()) pq.push_back(*s);
  const std::uint64_t hello_extra = 2 * pq.size();
  r.client_flights = base.client_flights;
  // The ClientHello is the client's first flight; after a HelloRetryRequest
  // the second ClientHello carries the list again.
  for (std::size_t i = 0; i < r.client_flights.size() && i < (base.hello_retry ? 2u : 1u); ++i)
    r.client_flights[i] += hello_extra;
  r.client_to_server_bytes = base.client_to_server_bytes + hello_extra * (base.hello_retry ? 2 : 1);
  const auto delta = static_cast<std::int64_t>(target.wire_bytes()) - static_cast<std::int64_t>(base_auth.wire_bytes());
  r.server_to_client_bytes = static_cast<std::uint64_t>(static_cast<std::int64_t>(base.server_to_client_bytes) + delta);
  r.server_flights = base.server_flights;
  if (!r.server_flights.empty())
    r.server_flights.back() = static_cast<std::uint64_t>(static_cast<std::int64_t>(r.server_flights.back()) + delta);
  r.server_cpu_us = base.server_cpu_us - base_auth.server_us() + target.server_us();
  r.client_cpu_us = base.client_cpu_us - base_auth.client_us() + target.client_us();
  return r;
}

double ComposedResult::handshakes_per_s_per_core() const {
  return client_cpu_us + server_cpu_us > 0 ? 1e6 / (client_cpu_us + server_cpu_us) : 0;
}

bool CompositionCheck::bytes_ok() const {
  return std::abs(client_to_server_error) <= byte_tolerance && std::abs(server_to_client_error) <= byte_tolerance;
}
bool CompositionCheck::cpu_ok() const {
  return std::abs(client_cpu_error_us) <= client_noise_us && std::abs(server_cpu_error_us) <= server_noise_us;
}

std::string BenchConfig::label() const {
  return std::string(cert_kind_name(cert)) + " + " + group + " (" + policy_name(policy) + ")";
}

const std::vector<std::string>& study_groups() {
  static const std::vector<std::string> groups = {"x25519",   "secp256r1", "X25519MLKEM768", "SecP256r1MLKEM768",
                                                  "MLKEM768", "MLKEM1024"};
  return groups;
}

std::vector<BenchConfig> default_configs() {
  std::vector<BenchConfig> c;
  for (const std::string& g : study_groups()) c.push_back({CertKind::ecdsa_p256, g, KeySharePolicy::exact});
  for (CertKind k : {CertKind::rsa2048, CertKind::ed25519})
    for (const char* g : {"x25519", "X25519MLKEM768"}) c.push_back({k, g, KeySharePolicy::exact});
  for (const char* g : {"X25519MLKEM768", "MLKEM1024"}) c.push_back({CertKind::ecdsa_p256, g, KeySharePolicy::browser});
  return c;
}

void validate(const TlsBenchPlan& plan) {
  if (plan.handshakes < 1) throw TlsError("--handshakes must be at least 1");
  if (plan.runs < 1) throw TlsError("--runs must be at least 1");
  if (plan.max_runs != 0 && plan.max_runs < plan.runs) throw TlsError("--max-runs must be at least --runs");
  if (plan.configs.empty() && plan.composed.empty()) throw TlsError("no configuration selected");
  load_providers();
  std::vector<std::string> groups;
  for (const BenchConfig& c : plan.configs) groups.push_back(c.group);
  for (const ComposedConfig& c : plan.composed) groups.push_back(c.group);
  for (const std::string& group : groups) {
    SslCtx ctx(SSL_CTX_new(TLS_method()));
    if (!ctx || SSL_CTX_set1_groups_list(ctx.get(), group.c_str()) != 1) {
      drain_openssl_errors();
      throw TlsError("unknown TLS group '" + group + "'");
    }
  }
}

double ConfigResult::handshakes_per_s_per_core() const {
  return client_cpu_us + server_cpu_us > 0 ? 1e6 / (client_cpu_us + server_cpu_us) : 0;
}
double ConfigResult::server_handshakes_per_s_per_core() const { return server_cpu_us > 0 ? 1e6 / server_cpu_us : 0; }

TlsBenchResults run_tls_bench(const TlsBenchPlan& plan, const TlsProgress& progress) {
  validate(plan);
  TlsBenchResults out;
  out.handshakes = plan.handshakes;
  out.runs = plan.runs;
  out.runs_planned = plan.runs;
  out.max_relative_spread = plan.max_relative_spread;
  out.openssl_version = OpenSSL_version(OPENSSL_VERSION);
  out.cpus = std::max(1u, std::thread::hardware_concurrency());
  out.load_before = pqlab::lab::read_load_average().value_or(pqlab::lab::LoadAverage{}).one;
  // The real configurations: those asked for, then the composed ones'
  // baselines not among them.
  std::vector<BenchConfig> real = plan.configs;
  for (const ComposedConfig& c : plan.composed) {
    const BenchConfig b = c.baseline();
    if (std::none_of(real.begin(), real.end(), [&](const BenchConfig& r) {
          return r.cert == b.cert && r.group == b.group && r.policy == b.policy;
        }))
      real.push_back(b);
  }
  // One chain per scheme (root → intermediate → leaf): the real handshakes
  // send its leaf and intermediate, and its authentication is measured.
  std::vector<Chain> chains;
  auto chain_for = [&](const ChainSpec& spec) -> const Chain& {
    for (const Chain& ch : chains)
      if (ch.spec == spec) return ch;
    if (progress) progress("building the " + spec.label() + " chain", 0.0);
    chains.push_back(build_chain(spec));
    return chains.back();
  };
  std::map<CertKind, Credentials> creds;
  for (const BenchConfig& c : real)
    if (!creds.count(c.cert))
      creds.emplace(c.cert, chain_credentials(chain_for(parse_cert_scheme(cert_kind_name(c.cert)))));
  for (const ComposedConfig& c : plan.composed) chain_for(c.chain);
  std::vector<Measurement> measurements;
  measurements.reserve(real.size());
  for (const BenchConfig& c : real) measurements.emplace_back(c, creds.at(c.cert));
  // Runs go round the configurations, so that a change in the machine's
  // load during the benchmark falls on all of them, not on one.
  // More runs, one round at a time, while some configuration's runs spread
  // by more than max_relative_spread of its median, up to max_runs.
  const int warm_up = std::max(1, plan.handshakes / 20);
  const int max_runs = plan.max_runs > 0 ? plan.max_runs : 2 * plan.runs + 1;
  const double steps = static_cast<double>(max_runs) * static_cast<double>(measurements.size());
  int run = 0;
  for (; run < max_runs; ++run) {
    if (run >= plan.runs && std::none_of(measurements.begin(), measurements.end(), [&](const Measurement& m) {
          return m.spread_too_large(plan.max_relative_spread);
        }))
      break;
    for (std::size_t i = 0; i < measurements.size(); ++i) {
      if (progress) {
        // Planned runs count as the whole until an extra round is needed;
        // the handshakes are 80% of the work, the chains' authentication 20%.
        const double total = run < plan.runs ? static_cast<double>(plan.runs) * static_cast<double>(measurements.size())
                                             : steps;
        progress("run " + std::to_string(run + 1) + "/" + std::to_string(run < plan.runs ? plan.runs : max_runs) +
                     (run >= plan.runs ? " (extra: large spread)" : "") + ": " + real[i].label(),
                 0.8 * (static_cast<double>(run) * static_cast<double>(measurements.size()) + static_cast<double>(i)) /
                     total);
      }
      if (run == 0) measurements[i].warm_up(warm_up);
      measurements[i].add_run(plan.handshakes);
    }
  }
  out.runs = run;
  for (Measurement& m : measurements) out.configs.push_back(m.finish());
  out.load_after = pqlab::lab::read_load_average().value_or(pqlab::lab::LoadAverage{}).one;
  out.hello_retry_costs = hello_retry_costs(out.configs);
  out.baseline_comparisons = baseline_comparisons(out.configs);
  AuthPlan auth = plan.auth;
  auth.runs = plan.runs;
  for (const Chain& ch : chains) {
    if (progress)
      progress("authentication: " + ch.spec.label() + " chain",
               0.8 + 0.2 * static_cast<double>(out.auth.size()) / static_cast<double>(chains.size()));
    out.auth.push_back(measure_auth(ch, auth));
  }
  const AuthResult* ecdsa = find_auth(out.auth, parse_cert_scheme("ECDSA-P256"));
  for (const ComposedConfig& c : plan.composed) {
    const ConfigResult* base = find_config(out.configs, c.baseline());
    const AuthResult* target = find_auth(out.auth, c.chain);
    if (base == nullptr || target == nullptr || ecdsa == nullptr) throw TlsError(c.label() + ": no baseline");
    out.composed.push_back(compose(*base, *ecdsa, *target, c));
  }
  out.checks = composition_checks(out);
  out.latency = latency_model(out, plan.initcwnd_bytes);
  if (progress) progress("TLS handshakes done", 1.0);
  return out;
}

}  // namespace pqlab::tls
