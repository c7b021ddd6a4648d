// A small HTTPS server for the interop tests: TLS 1.3 on 127.0.0.1 through
// the system's OpenSSL 3 with the pqlab provider module loaded from
// --provider-dir, an ECDSA P-256 certificate made at start, and the groups
// given. It answers every request with one small HTML page naming the
// negotiated group, and logs one line per connection to stdout:
//   conn 3 ok group=X25519MLKEM768 request="GET / HTTP/1.1"
//   conn 4 failed alert_sent=40 error=...
// The group comes from the server side (SSL_get_negotiated_group, named by
// SSL_group_to_name). It writes its port to --port-file once listening, and
// exits after --lifetime seconds or on SIGTERM/SIGINT.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>

#include "tls/tls_setup.hpp"

namespace {

std::mutex log_mutex;
std::atomic<int> active{0};
volatile std::sig_atomic_t stop_requested = 0;

void log_line(const std::string& line) {
  std::lock_guard<std::mutex> lock(log_mutex);
  std::fprintf(stdout, "%s\n", line.c_str());
  std::fflush(stdout);
}

void on_signal(int) { stop_requested = 1; }

void note_alert(const SSL* ssl, int where, int value) {
  if ((where & SSL_CB_ALERT) == 0 || (where & SSL_CB_WRITE) == 0) return;
  auto* sent = static_cast<int*>(SSL_get_app_data(ssl));
  if (sent != nullptr && *sent < 0) *sent = value & 0xff;
}

// The request line of an HTTP/1.x request read from `ssl` (up to the blank
// line), or "" if none came.
std::string read_request(SSL* ssl) {
  std::string req;
  char buf[2048];
  while (req.find("\r\n\r\n") == std::string::npos && req.size() < 16384) {
    const int n = SSL_read(ssl, buf, sizeof buf);
    if (n <= 0) break;
    req.append(buf, static_cast<std::size_t>(n));
  }
  return req.substr(0, req.find("\r\n"));
}

void serve(SSL_CTX* ctx, int fd, int id) {
  timeval tv{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  SSL* ssl = SSL_new(ctx);
  int alert_sent = -1;
  std::string line = "conn " + std::to_string(id);
  if (ssl == nullptr || SSL_set_fd(ssl, fd) != 1) {
    line += " failed error=SSL_new";
  } else {
    SSL_set_app_data(ssl, &alert_sent);
    SSL_set_info_callback(ssl, note_alert);
    if (SSL_accept(ssl) != 1) {
      line += " failed alert_sent=" + std::to_string(alert_sent) + " error=" + pqlab::tls::drain_openssl_errors();
    } else {
      const int nid = static_cast<int>(SSL_get_negotiated_group(ssl));
      const char* name = SSL_group_to_name(ssl, nid);
      const std::string group = name != nullptr ? name : "?";
      const std::string request = read_request(ssl);
      line += " ok group=" + group + " request=\"" + request + "\"";
      if (!request.empty()) {
        const std::string body =
            "<html><head><title>pqlab</title></head><body><p id=\"result\">"
            "pqlab interop page, group " +
            group + "</p></body></html>\n";
        const std::string response = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " +
                                     std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
        const bool sent = SSL_write(ssl, response.data(), static_cast<int>(response.size())) > 0;
        line += sent ? " served" : " write-failed";
        SSL_shutdown(ssl);
      }
    }
  }
  ERR_clear_error();
  SSL_free(ssl);
  close(fd);
  log_line(line);
  --active;
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "tls_test_server: %s\nusage: tls_test_server --provider-dir DIR --groups LIST "
               "--port-file FILE [--lifetime SECONDS]\n",
               why);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::string provider_dir, groups, port_file;
  int lifetime_s = 100;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) usage(("missing value for " + arg).c_str());
    const std::string value = argv[++i];
    if (arg == "--provider-dir")
      provider_dir = value;
    else if (arg == "--groups")
      groups = value;
    else if (arg == "--port-file")
      port_file = value;
    else if (arg == "--lifetime")
      lifetime_s = std::atoi(value.c_str());
    else
      usage(("unknown option " + arg).c_str());
  }
  if (provider_dir.empty() || groups.empty() || port_file.empty()) usage("missing option");

  std::signal(SIGTERM, on_signal);
  std::signal(SIGINT, on_signal);
  std::signal(SIGPIPE, SIG_IGN);
  try {
    pqlab::tls::load_providers(provider_dir);
    const pqlab::tls::Credentials creds = pqlab::tls::make_credentials(pqlab::tls::CertKind::ecdsa_p256);
    pqlab::tls::SslCtx ctx = pqlab::tls::make_server_ctx(creds, groups);

    const int listen_fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (listen_fd < 0 || bind(listen_fd, reinterpret_cast<sockaddr*>(&addr), len) != 0 || listen(listen_fd, 64) != 0 ||
        getsockname(listen_fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
      throw std::runtime_error(std::string("listening socket: ") + std::strerror(errno));
    {
      const std::string tmp = port_file + ".tmp";
      std::ofstream(tmp) << ntohs(addr.sin_port) << "\n";
      std::rename(tmp.c_str(), port_file.c_str());
    }
    log_line("listening on 127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + " groups=" + groups);

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(lifetime_s);
    int next_id = 1;
    while (!stop_requested && std::chrono::steady_clock::now() < deadline) {
      pollfd p{listen_fd, POLLIN, 0};
      if (poll(&p, 1, 200) <= 0) continue;
      const int fd = accept(listen_fd, nullptr, nullptr);
      if (fd < 0) continue;
      ++active;
      std::thread(serve, ctx.get(), fd, next_id++).detach();
    }
    close(listen_fd);
    // Let connections in progress finish (each is bounded by its timeouts).
    for (int i = 0; i < 250 && active > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    log_line("stopped");
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tls_test_server: %s\n", e.what());
    return 1;
  }
}
