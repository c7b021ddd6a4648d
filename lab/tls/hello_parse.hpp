// pqlab lab: the sizes inside a captured first flight — the ClientHello or
// ServerHello message (RFC 8446 §4.1.2, §4.1.3) in the flight's first
// record, and the key_share extension's key exchange bytes (§4.2.8).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace pqlab::tls {

struct HelloSizes {
  std::size_t record_bytes = 0;     // the first record, with its 5-byte header
  std::size_t message_bytes = 0;    // the hello message, with its 4-byte header
  std::size_t key_share_bytes = 0;  // key_exchange bytes of every share in it
  bool hello_retry = false;         // a ServerHello carrying the HelloRetryRequest random
};

// The first record of `flight` parsed as a ClientHello (`client` true) or a
// ServerHello; nullopt if it is not one, or is truncated.
std::optional<HelloSizes> parse_hello(const std::vector<std::uint8_t>& flight, bool client);

}  // namespace pqlab::tls
