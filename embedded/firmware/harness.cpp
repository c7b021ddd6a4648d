#include "harness.hpp"

#include <array>

#include "console.hpp"
#include "pqlab/hash.hpp"

namespace firmware {
namespace {

alignas(8) std::uint8_t g_arena[Arena::capacity];

}  // namespace

Arena::Arena() = default;

std::uint8_t* Arena::take_bytes(std::size_t n) {
  n = (n + 7) & ~std::size_t{7};
  if (n > capacity - used_) __builtin_trap();
  std::uint8_t* p = g_arena + used_;
  used_ += n;
  return p;
}

void record_kat(Tally& tally, std::string_view set, std::string_view check, unsigned tc, bool ok) {
  (ok ? tally.passed : tally.failed) += 1;
  Line()
      .text("kat")
      .field("set", set)
      .field("check", check)
      .field("tc", tc)
      .field("result", ok ? "pass" : "FAIL")
      .end();
}

void record_op(std::string_view set, std::string_view op, const Usage& usage, std::size_t io_bytes) {
  Line()
      .text("op")
      .field("set", set)
      .field("op", op)
      .field("stack", usage.stack_bytes)
      .field("instructions", usage.instructions)
      .field("io", io_bytes)
      .end();
}

bool bytes_equal(std::span<const std::uint8_t> a, const std::uint8_t* b) {
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff = static_cast<std::uint8_t>(diff | (a[i] ^ b[i]));
  return diff == 0;
}

bool digest_equals(std::span<const std::uint8_t> data, const std::uint8_t* digest) {
  std::array<std::uint8_t, 32> computed;
  pqlab::hash::sha3_256(data, computed);
  return bytes_equal(computed, digest);
}

}  // namespace firmware
