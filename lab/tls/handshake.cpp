// pqlab lab: in-process TLS 1.3 handshakes, measured per side.
#include "tls/handshake.hpp"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <thread>

#include "tls/tls_setup.hpp"

namespace pqlab::tls {
namespace {

std::uint64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

// BIO callback on the socket BIO: counts what actually went over the wire.
long count_bytes(BIO* bio, int oper, const char* argp, std::size_t, int, long, int ret, std::size_t* processed) {
  auto* wire = reinterpret_cast<WireCount*>(BIO_get_callback_arg(bio));
  if (wire == nullptr || ret <= 0 || processed == nullptr || *processed == 0) return ret;
  const std::uint64_t n = *processed;
  const auto* data = reinterpret_cast<const std::uint8_t*>(argp);
  if (oper == (BIO_CB_WRITE | BIO_CB_RETURN)) {
    if (!wire->last_was_write) wire->flights_written.push_back(0);
    wire->flights_written.back() += n;
    if (wire->capture_first_flight && wire->flights_written.size() == 1)
      wire->first_flight.insert(wire->first_flight.end(), data, data + n);
    wire->bytes_written += n;
    wire->last_was_write = true;
  } else if (oper == (BIO_CB_READ | BIO_CB_RETURN)) {
    if (wire->last_was_write) ++wire->waits_after_write;
    wire->bytes_read += n;
    wire->last_was_write = false;
  }
  return ret;
}

void note_alert(const SSL* ssl, int where, int value) {
  if ((where & SSL_CB_ALERT) == 0) return;
  auto* result = static_cast<EndpointResult*>(SSL_get_app_data(ssl));
  if (result == nullptr) return;
  const int description = value & 0xff;
  if ((where & SSL_CB_WRITE) != 0) {
    if (result->alert_sent < 0) result->alert_sent = description;
  } else if (result->alert_received < 0) {
    result->alert_received = description;
  }
}

struct SslFree {
  void operator()(SSL* p) const { SSL_free(p); }
};

EndpointResult run_side(SSL_CTX* ctx, int fd, bool server, std::string* group, bool capture) {
  EndpointResult result;
  result.wire.capture_first_flight = capture;
  std::unique_ptr<SSL, SslFree> ssl(SSL_new(ctx));
  BIO* bio = ssl ? BIO_new_socket(fd, BIO_CLOSE) : nullptr;
  if (bio == nullptr) {
    close(fd);
    result.error = "SSL_new/BIO_new_socket: " + drain_openssl_errors();
    return result;
  }
  BIO_set_callback_arg(bio, reinterpret_cast<char*>(&result.wire));
  BIO_set_callback_ex(bio, count_bytes);
  SSL_set_bio(ssl.get(), bio, bio);
  SSL_set_app_data(ssl.get(), &result);
  SSL_set_info_callback(ssl.get(), note_alert);
  const std::uint64_t start = thread_cpu_ns();
  const int rc = server ? SSL_accept(ssl.get()) : SSL_connect(ssl.get());
  result.cpu_ns = thread_cpu_ns() - start;
  result.ok = rc == 1;
  if (!result.ok) result.error = drain_openssl_errors();
  if (result.ok && group != nullptr) {
    const int nid = static_cast<int>(SSL_get_negotiated_group(ssl.get()));
    const char* name = SSL_group_to_name(ssl.get(), nid);
    *group = name != nullptr ? name : "";
  }
  SSL_set_app_data(ssl.get(), nullptr);
  ERR_clear_error();
  return result;
}

}  // namespace

EndpointResult serve_handshake(SSL_CTX* server_ctx, int fd, std::string* group, bool capture_first_flight) {
  return run_side(server_ctx, fd, true, group, capture_first_flight);
}

EndpointResult connect_handshake(SSL_CTX* client_ctx, int fd, bool capture_first_flight) {
  return run_side(client_ctx, fd, false, nullptr, capture_first_flight);
}

HandshakeResult run_handshake(SSL_CTX* client_ctx, SSL_CTX* server_ctx, bool capture_first_flights) {
  HandshakeResult result;
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
    result.client.error = "socketpair failed";
    return result;
  }
  std::thread server(
      [&] { result.server = serve_handshake(server_ctx, fds[1], &result.group, capture_first_flights); });
  result.client = connect_handshake(client_ctx, fds[0], capture_first_flights);
  server.join();
  return result;
}

}  // namespace pqlab::tls
