// The handshake benchmark's own figures checked against the draft: with the
// exact key-share policy and the same certificate, X25519MLKEM768's key
// shares are 1,184 bytes larger than x25519's in the ClientHello and 1,088
// in the ServerHello, read from the bytes the BIOs carried; a
// HelloRetryRequest costs exactly one more round trip. Also the benchmark's
// refusals of bad plans.
#include <gtest/gtest.h>

#include "provider_support.hpp"
#include "tls/hello_parse.hpp"
#include "tls/tls_bench.hpp"

namespace pqlab::provider_test {
namespace {

using tls::BenchConfig;
using tls::CertKind;
using tls::ConfigResult;
using tls::KeySharePolicy;

class TlsBench : public ::testing::Test {
 protected:
  void SetUp() override { load_test_providers(); }
};

tls::TlsBenchResults bench(std::vector<BenchConfig> configs) {
  tls::TlsBenchPlan plan;
  plan.configs = std::move(configs);
  plan.handshakes = 5;
  plan.runs = 1;
  return tls::run_tls_bench(plan);
}

TEST_F(TlsBench, HybridKeySharesAddThePublishedBytes) {
  for (CertKind cert : {CertKind::ecdsa_p256, CertKind::ed25519}) {
    const auto r = bench({{cert, "x25519", KeySharePolicy::exact}, {cert, "X25519MLKEM768", KeySharePolicy::exact}});
    ASSERT_EQ(r.configs.size(), 2u);
    const ConfigResult &classical = r.configs[0], &hybrid = r.configs[1];
    const std::string what = tls::cert_kind_name(cert);
    EXPECT_EQ(classical.negotiated_group, "x25519");
    EXPECT_EQ(hybrid.negotiated_group, "X25519MLKEM768");
    EXPECT_EQ(classical.client_key_share_bytes, 32u) << what;
    EXPECT_EQ(hybrid.client_key_share_bytes - classical.client_key_share_bytes, 1184u) << what;
    EXPECT_EQ(hybrid.server_key_share_bytes - classical.server_key_share_bytes, 1088u) << what;
    EXPECT_EQ(hybrid.server_hello_bytes - classical.server_hello_bytes, 1088u) << what;
    // The whole ClientHello grows by 8 bytes less: OpenSSL 3.0 sends the
    // ec_point_formats extension (8 bytes) only when an EC group is offered.
    EXPECT_EQ(hybrid.client_hello_bytes - classical.client_hello_bytes, 1184u - 8u) << what;
    EXPECT_EQ(hybrid.client_to_server_bytes - classical.client_to_server_bytes, 1184u - 8u) << what;
    EXPECT_EQ(hybrid.round_trips, 1);
    EXPECT_EQ(classical.round_trips, 1);
    if (cert == CertKind::ed25519) {
      // Fixed-size signatures: the whole server side differs by the share only.
      EXPECT_EQ(hybrid.server_to_client_bytes - classical.server_to_client_bytes, 1088u);
    }
  }
}

TEST_F(TlsBench, HelloRetryRequestAddsOneRoundTrip) {
  const auto r = bench({{CertKind::ecdsa_p256, "MLKEM1024", KeySharePolicy::exact},
                        {CertKind::ecdsa_p256, "MLKEM1024", KeySharePolicy::browser}});
  ASSERT_EQ(r.configs.size(), 2u);
  const ConfigResult &exact = r.configs[0], &browser = r.configs[1];
  EXPECT_EQ(exact.negotiated_group, "MLKEM1024");
  EXPECT_EQ(browser.negotiated_group, "MLKEM1024");
  EXPECT_FALSE(exact.hello_retry);
  EXPECT_TRUE(browser.hello_retry);
  EXPECT_EQ(exact.round_trips, 1);
  EXPECT_EQ(browser.round_trips, 2);
  EXPECT_EQ(browser.client_flights.size(), exact.client_flights.size() + 1);
  ASSERT_EQ(r.hello_retry_costs.size(), 1u);
  const tls::HelloRetryCost& cost = r.hello_retry_costs[0];
  EXPECT_EQ(cost.group, "MLKEM1024");
  EXPECT_EQ(cost.extra_round_trips, 1);
  // The first ClientHello, with its unused X25519MLKEM768 share, is extra.
  EXPECT_GE(cost.extra_client_to_server_bytes, 1216);
  EXPECT_GT(cost.extra_server_to_client_bytes, 0);
  // The latency model charges the extra round trip: 2 × RTT for the retry.
  ASSERT_EQ(r.latency.rows.size(), 2u);
  const double rtt = r.latency.rtt_ms.back();
  EXPECT_GT(r.latency.rows[1].ms.back(), 2 * rtt);
  EXPECT_LT(r.latency.rows[0].ms.back(), 2 * rtt);
}

TEST_F(TlsBench, RefusesBadPlans) {
  tls::TlsBenchPlan plan;
  plan.configs = {{CertKind::ecdsa_p256, "x25519", KeySharePolicy::exact}};
  plan.handshakes = 0;
  EXPECT_THROW(tls::validate(plan), tls::TlsError);
  plan.handshakes = 1;
  plan.runs = 0;
  EXPECT_THROW(tls::validate(plan), tls::TlsError);
  plan.runs = 1;
  plan.configs[0].group = "X25519MLKEM769";
  EXPECT_THROW(tls::validate(plan), tls::TlsError);
  plan.configs.clear();
  EXPECT_THROW(tls::validate(plan), tls::TlsError);
  EXPECT_THROW(tls::parse_policy("firefox"), tls::TlsError);
  EXPECT_THROW(tls::parse_cert_kind("DSA"), tls::TlsError);
}

TEST(HelloParse, RejectsWhatIsNotAWholeHello) {
  EXPECT_FALSE(tls::parse_hello({}, true));
  EXPECT_FALSE(tls::parse_hello({0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28}, true));  // an alert record
  // A handshake record claiming more bytes than it holds.
  EXPECT_FALSE(tls::parse_hello({0x16, 0x03, 0x01, 0x00, 0x40, 0x01, 0x00, 0x00, 0x3c}, true));
}

}  // namespace
}  // namespace pqlab::provider_test
