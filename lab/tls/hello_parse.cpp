// pqlab lab: reading the hello messages of a captured first flight.
#include "tls/hello_parse.hpp"

#include <algorithm>
#include <array>

namespace pqlab::tls {
namespace {

constexpr std::uint8_t record_handshake = 22;
constexpr std::uint8_t client_hello = 1, server_hello = 2;
constexpr unsigned key_share_extension = 0x0033;

// SHA-256("HelloRetryRequest"), the ServerHello.random of an HRR (RFC 8446 §4.1.3).
constexpr std::array<std::uint8_t, 32> hello_retry_random = {0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11,
                                                             0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
                                                             0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E,
                                                             0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C};

// A bounds-checked reader over public wire bytes.
class Reader {
 public:
  Reader(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}
  bool ok() const { return ok_; }
  std::size_t left() const { return n_ - at_; }
  const std::uint8_t* here() const { return p_ + at_; }
  unsigned take(std::size_t bytes) {
    if (bytes > left()) {
      ok_ = false;
      return 0;
    }
    unsigned v = 0;
    for (std::size_t i = 0; i < bytes; ++i) v = (v << 8) | p_[at_ + i];
    at_ += bytes;
    return v;
  }
  void skip(std::size_t bytes) {
    if (bytes > left())
      ok_ = false;
    else
      at_ += bytes;
  }
  Reader sub(std::size_t bytes) {
    if (bytes > left()) {
      ok_ = false;
      return Reader(p_, 0);
    }
    Reader r(p_ + at_, bytes);
    at_ += bytes;
    return r;
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_, at_ = 0;
  bool ok_ = true;
};

// Sum of key_exchange lengths in a key_share extension body.
std::size_t key_exchange_bytes(Reader ext, bool client, bool hello_retry) {
  if (hello_retry) return 0;  // an HRR names the selected group only
  std::size_t total = 0;
  Reader shares = client ? ext.sub(ext.take(2)) : ext;
  while (shares.ok() && shares.left() > 0) {
    shares.take(2);  // group
    const unsigned len = shares.take(2);
    shares.skip(len);
    if (shares.ok()) total += len;
  }
  return shares.ok() && ext.ok() ? total : 0;
}

}  // namespace

std::optional<HelloSizes> parse_hello(const std::vector<std::uint8_t>& flight, bool client) {
  Reader in(flight.data(), flight.size());
  if (in.take(1) != record_handshake) return std::nullopt;
  in.take(2);  // legacy_record_version
  const unsigned record_len = in.take(2);
  Reader record = in.sub(record_len);
  if (record.take(1) != (client ? client_hello : server_hello)) return std::nullopt;
  const unsigned message_len = record.take(3);
  Reader hello = record.sub(message_len);
  HelloSizes sizes;
  sizes.record_bytes = 5 + std::size_t{record_len};
  sizes.message_bytes = 4 + std::size_t{message_len};
  hello.take(2);  // legacy_version
  sizes.hello_retry = !client && hello.left() >= 32 &&
                      std::equal(hello_retry_random.begin(), hello_retry_random.end(), hello.here());
  hello.skip(32);             // random
  hello.skip(hello.take(1));  // legacy_session_id
  if (client) {
    hello.skip(hello.take(2));  // cipher_suites
    hello.skip(hello.take(1));  // legacy_compression_methods
  } else {
    hello.skip(2 + 1);  // cipher_suite, legacy_compression_method
  }
  Reader extensions = hello.sub(hello.take(2));
  while (extensions.ok() && extensions.left() > 0) {
    const unsigned type = extensions.take(2);
    Reader body = extensions.sub(extensions.take(2));
    if (type == key_share_extension) sizes.key_share_bytes = key_exchange_bytes(body, client, sizes.hello_retry);
  }
  if (!in.ok() || !record.ok() || !hello.ok() || !extensions.ok()) return std::nullopt;
  return sizes;
}

}  // namespace pqlab::tls
