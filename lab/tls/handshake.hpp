// pqlab lab: one full TLS 1.3 handshake between a client and a server
// thread of this process, over a connected socket pair, with each side's
// CPU time (CLOCK_THREAD_CPUTIME_ID) and the bytes and flights each side's
// BIO carried.
#pragma once
#include <openssl/ssl.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pqlab::tls {

// What one endpoint's socket BIO saw: bytes written and read, and each
// flight (a run of writes with no read in between) by size.
struct WireCount {
  std::uint64_t bytes_written = 0;
  std::uint64_t bytes_read = 0;
  std::vector<std::uint64_t> flights_written;
  // Reads that followed a write of this endpoint: the times it waited for
  // the peer's answer (for the client, the round trips of the handshake).
  int waits_after_write = 0;
  bool last_was_write = false;
  // When set before the handshake: the bytes of this endpoint's first
  // flight (ClientHello, or ServerHello and what follows it) are kept.
  bool capture_first_flight = false;
  std::vector<std::uint8_t> first_flight;
};

struct EndpointResult {
  bool ok = false;
  std::string error;         // OpenSSL's error queue on failure
  int alert_sent = -1;       // TLS alert description sent, -1 if none
  int alert_received = -1;   // TLS alert description received, -1 if none
  std::uint64_t cpu_ns = 0;  // thread CPU time inside SSL_connect / SSL_accept
  WireCount wire;
};

struct HandshakeResult {
  EndpointResult client, server;
  std::string group;  // negotiated group as the server names it ("" if none)
  bool ok() const { return client.ok && server.ok; }
  int round_trips() const { return client.wire.waits_after_write; }
  bool hello_retry() const { return round_trips() > 1; }
};

// Runs one handshake: the server side on a new thread, the client on the
// calling thread. Never throws for a handshake failure (that is a result).
// With `capture_first_flights`, each side keeps its first flight's bytes.
HandshakeResult run_handshake(SSL_CTX* client_ctx, SSL_CTX* server_ctx, bool capture_first_flights = false);

// The server side of one handshake on an already connected socket `fd`
// (which it closes); used by run_handshake and by the provider tests'
// servers.
EndpointResult serve_handshake(SSL_CTX* server_ctx, int fd, std::string* group = nullptr,
                               bool capture_first_flight = false);
// The client side on a connected socket `fd` (which it closes).
EndpointResult connect_handshake(SSL_CTX* client_ctx, int fd, bool capture_first_flight = false);

}  // namespace pqlab::tls
