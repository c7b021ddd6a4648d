// TLS 1.3 through libssl 3.0 with the pqlab provider: in-process handshakes
// for every group, the HelloRetryRequest path, a clean refusal when no group
// is shared, malformed key shares sent to a running server (which then still
// serves good clients), and a small load test.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <openssl/rand.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "provider_support.hpp"
#include "tls/handshake.hpp"
#include "tls/tls_setup.hpp"

namespace pqlab::provider_test {
namespace {

using pqlab::tls::CertKind;
using pqlab::tls::Credentials;
using pqlab::tls::HandshakeResult;

constexpr int alert_handshake_failure = 40;

class ProviderTls : public ::testing::Test {
 protected:
  void SetUp() override { load_test_providers(); }
};

HandshakeResult handshake(const Credentials& creds, const std::string& server_groups,
                          const std::string& client_groups) {
  auto server = tls::make_server_ctx(creds, server_groups);
  auto client = tls::make_client_ctx(client_groups, creds.cert.get());
  return tls::run_handshake(client.get(), server.get());
}

TEST_F(ProviderTls, EveryGroupNegotiates) {
  const Credentials creds = tls::make_credentials(CertKind::ecdsa_p256);
  for (const KemCase& c : kem_cases) {
    const HandshakeResult r = handshake(creds, c.group, c.group);
    EXPECT_TRUE(r.ok()) << c.group << ": " << r.client.error << " / " << r.server.error;
    EXPECT_EQ(r.group, c.group);
    EXPECT_EQ(r.round_trips(), 1) << c.group;
  }
}

// With an Ed25519 certificate (fixed-size signature) the handshake bytes are
// deterministic, so the hybrid's cost over x25519 is exact: the ClientHello
// key share grows by 1,216 - 32 = 1,184 bytes but OpenSSL drops its 8-byte
// ec_point_formats extension when no EC group is offered (+1,176); the
// ServerHello share grows by 1,120 - 32 = 1,088 bytes.
TEST_F(ProviderTls, HybridAddsTheDraftsKeyShareBytes) {
  const Credentials creds = tls::make_credentials(CertKind::ed25519);
  const HandshakeResult classical = handshake(creds, "x25519", "x25519");
  const HandshakeResult hybrid = handshake(creds, "X25519MLKEM768", "X25519MLKEM768");
  ASSERT_TRUE(classical.ok() && hybrid.ok());
  EXPECT_EQ(hybrid.client.wire.bytes_written - classical.client.wire.bytes_written, 1176u);
  EXPECT_EQ(hybrid.server.wire.bytes_written - classical.server.wire.bytes_written, 1088u);
  EXPECT_EQ(hybrid.client.wire.bytes_written, hybrid.server.wire.bytes_read);
  EXPECT_EQ(hybrid.server.wire.bytes_written, hybrid.client.wire.bytes_read);
}

TEST_F(ProviderTls, HelloRetryRequestToMlkem1024) {
  const Credentials creds = tls::make_credentials(CertKind::ecdsa_p256);
  const HandshakeResult r = handshake(creds, "MLKEM1024", "x25519:MLKEM1024");
  ASSERT_TRUE(r.ok()) << r.client.error << " / " << r.server.error;
  EXPECT_EQ(r.group, "MLKEM1024");
  EXPECT_EQ(r.round_trips(), 2);
  EXPECT_TRUE(r.hello_retry());
  EXPECT_EQ(r.client.wire.flights_written.size(), 3u);  // CH, CH2, Finished
}

TEST_F(ProviderTls, NoSharedGroupFailsWithAnAlert) {
  const Credentials creds = tls::make_credentials(CertKind::ecdsa_p256);
  const HandshakeResult r = handshake(creds, "MLKEM1024", "X25519MLKEM768:x25519");
  EXPECT_FALSE(r.client.ok);
  EXPECT_FALSE(r.server.ok);
  EXPECT_EQ(r.server.alert_sent, alert_handshake_failure);
  EXPECT_EQ(r.client.alert_received, alert_handshake_failure);
  // A server that also accepts x25519 serves the same client over x25519.
  const HandshakeResult fallback = handshake(creds, "MLKEM1024:x25519", "X25519MLKEM768:x25519");
  ASSERT_TRUE(fallback.ok());
  EXPECT_EQ(fallback.group, "x25519");
}

// A TLS server on 127.0.0.1 serving every connection on its own thread with
// one SSL_CTX, counting outcomes.
class TestServer {
 public:
  TestServer(const Credentials& creds, const std::string& groups) : ctx_(tls::make_server_ctx(creds, groups)) {
    listen_fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), len) != 0 || listen(listen_fd_, 64) != 0 ||
        getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
      throw std::runtime_error("test server socket");
    port_ = ntohs(addr.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
  }
  ~TestServer() {
    shutdown(listen_fd_, SHUT_RDWR);
    acceptor_.join();
    for (auto& t : workers_) t.join();
    close(listen_fd_);
  }
  int connect_client() const {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(port_);
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      close(fd);
      return -1;
    }
    return fd;
  }
  int succeeded() const { return succeeded_; }
  int failed() const { return failed_; }

 private:
  void accept_loop() {
    for (;;) {
      const int fd = accept(listen_fd_, nullptr, nullptr);
      if (fd < 0) return;
      std::lock_guard<std::mutex> lock(mutex_);
      workers_.emplace_back([this, fd] {
        const tls::EndpointResult r = tls::serve_handshake(ctx_.get(), fd);
        (r.ok ? succeeded_ : failed_)++;
      });
    }
  }
  tls::SslCtx ctx_;
  int listen_fd_ = -1;
  std::uint16_t port_ = 0;
  std::thread acceptor_;
  std::mutex mutex_;
  std::vector<std::thread> workers_;
  std::atomic<int> succeeded_{0}, failed_{0};
};

void put16(Bytes& b, std::size_t v) {
  b.push_back(static_cast<std::uint8_t>(v >> 8));
  b.push_back(static_cast<std::uint8_t>(v));
}
void put24(Bytes& b, std::size_t v) {
  b.push_back(static_cast<std::uint8_t>(v >> 16));
  put16(b, v & 0xffff);
}
void put_extension(Bytes& b, unsigned type, const Bytes& body) {
  put16(b, type);
  put16(b, body.size());
  b.insert(b.end(), body.begin(), body.end());
}

// A TLS 1.3 ClientHello (RFC 8446 §4.1.2) offering one group with the given
// key share bytes, as one record.
Bytes client_hello(unsigned group, const Bytes& share) {
  Bytes hello;
  put16(hello, 0x0303);
  Bytes random(32 + 32);
  RAND_bytes(random.data(), static_cast<int>(random.size()));
  hello.insert(hello.end(), random.begin(), random.begin() + 32);
  hello.push_back(32);  // legacy_session_id
  hello.insert(hello.end(), random.begin() + 32, random.end());
  put16(hello, 2);
  put16(hello, 0x1301);  // TLS_AES_128_GCM_SHA256
  hello.push_back(1);
  hello.push_back(0);
  Bytes ext;
  put_extension(ext, 0x002b, {0x02, 0x03, 0x04});  // supported_versions: TLS 1.3
  Bytes groups;
  put16(groups, 2);
  put16(groups, group);
  put_extension(ext, 0x000a, groups);
  Bytes sigalgs;
  put16(sigalgs, 6);
  for (unsigned s : {0x0403u, 0x0807u, 0x0804u}) put16(sigalgs, s);
  put_extension(ext, 0x000d, sigalgs);
  Bytes key_share;
  put16(key_share, 4 + share.size());
  put16(key_share, group);
  put16(key_share, share.size());
  key_share.insert(key_share.end(), share.begin(), share.end());
  put_extension(ext, 0x0033, key_share);
  put16(hello, ext.size());
  hello.insert(hello.end(), ext.begin(), ext.end());
  Bytes handshake{0x01};
  put24(handshake, hello.size());
  handshake.insert(handshake.end(), hello.begin(), hello.end());
  Bytes record{0x16, 0x03, 0x01};
  put16(record, handshake.size());
  record.insert(record.end(), handshake.begin(), handshake.end());
  return record;
}

struct ServerAnswer {
  int first_record_type = -1;
  int handshake_type = -1;  // for a handshake record: its first message type
  int alert_level = -1, alert_description = -1;
};

// Sends the raw ClientHello and reads what the server answers until it
// closes the connection.
ServerAnswer send_raw_hello(const TestServer& server, const Bytes& hello) {
  ServerAnswer a;
  const int fd = server.connect_client();
  if (fd < 0) return a;
  if (send(fd, hello.data(), hello.size(), 0) != static_cast<ssize_t>(hello.size())) {
    close(fd);
    return a;
  }
  Bytes got;
  std::uint8_t buf[4096];
  timeval tv{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  while (got.size() < 7) {
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    got.insert(got.end(), buf, buf + n);
  }
  close(fd);
  if (got.size() >= 7) {
    a.first_record_type = got[0];
    if (got[0] == 0x15) {
      a.alert_level = got[5];
      a.alert_description = got[6];
    } else if (got[0] == 0x16) {
      a.handshake_type = got[5];
    }
  }
  return a;
}

Bytes valid_share(const char* name) { return public_key(generate(name).get()); }

bool good_client_succeeds(const TestServer& server, const std::string& groups, X509* trusted) {
  auto ctx = tls::make_client_ctx(groups, trusted);
  const int fd = server.connect_client();
  return fd >= 0 && tls::connect_handshake(ctx.get(), fd).ok;
}

TEST_F(ProviderTls, MalformedKeySharesGetAnAlertAndTheServerKeepsServing) {
  const Credentials creds = tls::make_credentials(CertKind::ecdsa_p256);
  TestServer server(creds, "X25519MLKEM768:SecP256r1MLKEM768:MLKEM768:x25519");

  // The raw ClientHello itself is good: with a valid share, a ServerHello.
  const ServerAnswer good = send_raw_hello(server, client_hello(0x11EC, valid_share("X25519MLKEM768")));
  EXPECT_EQ(good.first_record_type, 0x16);
  EXPECT_EQ(good.handshake_type, 0x02);

  struct BadShare {
    const char* what;
    unsigned group;
    Bytes share;
  };
  std::vector<BadShare> bad;
  Bytes x = valid_share("X25519MLKEM768");
  bad.push_back({"X25519MLKEM768 share one byte short", 0x11EC, Bytes(x.begin(), x.end() - 1)});
  bad.push_back({"X25519MLKEM768 share one byte long", 0x11EC, [&] {
                   Bytes b(x);
                   b.push_back(0);
                   return b;
                 }()});
  bad.push_back({"X25519MLKEM768 share of 32 bytes", 0x11EC, Bytes(32, 9)});
  Bytes modulus(x);
  modulus[0] = 0xff;
  modulus[1] |= 0x0f;  // coefficient 4095 >= q: fails FIPS 203 §7.2
  bad.push_back({"X25519MLKEM768 share failing the modulus check", 0x11EC, modulus});
  Bytes low_order(x);
  std::fill(low_order.begin() + 1184, low_order.end(), std::uint8_t{0});
  bad.push_back({"X25519MLKEM768 share with a low-order X25519 point", 0x11EC, low_order});
  Bytes p = valid_share("SecP256r1MLKEM768");
  Bytes off_curve(p);
  off_curve[64] ^= 1;
  bad.push_back({"SecP256r1MLKEM768 share with a point off the curve", 0x11EB, off_curve});
  Bytes m = valid_share("ML-KEM-768");
  Bytes m_bad(m);
  m_bad[0] = 0xff;
  m_bad[1] |= 0x0f;
  bad.push_back({"MLKEM768 share failing the modulus check", 0x0201, m_bad});
  bad.push_back({"MLKEM768 share one byte short", 0x0201, Bytes(m.begin(), m.end() - 1)});

  for (const BadShare& b : bad) {
    const ServerAnswer a = send_raw_hello(server, client_hello(b.group, b.share));
    EXPECT_EQ(a.first_record_type, 0x15) << b.what;
    EXPECT_EQ(a.alert_level, 2) << b.what << " (fatal)";
    EXPECT_GT(a.alert_description, 0) << b.what;
    // ... and the server still serves a good client.
    EXPECT_TRUE(good_client_succeeds(server, "X25519MLKEM768", creds.cert.get())) << b.what;
  }
}

TEST_F(ProviderTls, LoadFourClientsAgainstOneServer) {
  const Credentials creds = tls::make_credentials(CertKind::ecdsa_p256);
  constexpr int clients = 4, per_client = 125;
  std::atomic<int> failures{0};
  {
    TestServer server(creds, "X25519MLKEM768:x25519");
    auto ctx = tls::make_client_ctx("X25519MLKEM768", creds.cert.get());
    std::vector<std::thread> threads;
    for (int t = 0; t < clients; ++t)
      threads.emplace_back([&] {
        for (int i = 0; i < per_client; ++i) {
          const int fd = server.connect_client();
          if (fd < 0 || !tls::connect_handshake(ctx.get(), fd).ok) ++failures;
        }
      });
    for (auto& t : threads) t.join();
  }
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace pqlab::provider_test
