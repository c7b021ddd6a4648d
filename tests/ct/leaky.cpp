// The constant-time check must bite: two deliberately leaky routines on a
// poisoned secret byte, each of which memcheck has to report. Built only
// into the test (never into the library).
//   leaky branch: a conditional jump on the secret
//   leaky index:  a table lookup indexed by the secret
#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "common/ct_poison.hpp"
#include "tracker.hpp"

namespace {

// Early-exit compare: the classic timing leak (branch on secret data).
[[gnu::noinline]] int leaky_branch(const std::uint8_t* secret, const std::uint8_t* guess, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (secret[i] != guess[i]) return 0;
  return 1;
}

// S-box style lookup: the address depends on the secret (cache-timing leak).
[[gnu::noinline]] std::uint8_t leaky_index(const std::uint8_t* secret, std::size_t n) {
  static std::array<std::uint8_t, 256> table = [] {
    std::array<std::uint8_t, 256> t{};
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<std::uint8_t>(i * 7 + 3);
    return t;
  }();
  std::uint8_t acc = 0;
  for (std::size_t i = 0; i < n; ++i) acc = static_cast<std::uint8_t>(acc ^ table[secret[i]]);
  return acc;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: pqlab_ct_leaky branch|index  (under valgrind, or the MSan build)\n");
    return 2;
  }
  if (pqlab::ct_test::tracker() == nullptr) {
    std::fprintf(stderr, "pqlab_ct_leaky: run me under valgrind (memcheck)\n");
    return 2;
  }
  std::array<std::uint8_t, 16> secret{}, guess{};
  for (std::size_t i = 0; i < secret.size(); ++i) secret[i] = static_cast<std::uint8_t>(i);
  pqlab::ct::poison(secret.data(), secret.size());
  const std::string_view mode = argv[1];
  int result;
  if (mode == "branch") {
    result = leaky_branch(secret.data(), guess.data(), secret.size());
  } else if (mode == "index") {
    result = leaky_index(secret.data(), secret.size());
  } else {
    std::fprintf(stderr, "pqlab_ct_leaky: unknown mode %s\n", argv[1]);
    return 2;
  }
  // Declassified only to print: the leak, if any, happened above.
  pqlab::ct::declassify(&result, sizeof result);
  std::printf("pqlab_ct_leaky %s: %d\n", argv[1], result);
  return 0;
}
