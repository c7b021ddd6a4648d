// The firmware's entry: parse the QEMU command line (-append), report the
// memory layout, calibrate the instruction counter, then run each scheme's
// known-answer checks and measured operations. Exit status: 0 when every
// check passed, 1 when any failed, 2 for a bad command line, 100+n for a
// fault (see startup.cpp).
//
// Command line words: "kat" (checks only), "bench" (measurements only),
// "overflow" (recurse until the stack guard faults: expect exit 104),
// "expanded" (with bench: ML-DSA signing with both key holders; ML-DSA-87's
// expanded one needs more than the 128 KB images have), "cctv" (with bench:
// ML-DSA signing of every CCTV benchmark message, for the mean), "cctv-alt"
// (the same and the .alt message sets), "cctv-compact" / "cctv-expanded"
// (with bench: the CCTV main set signed with that ML-DSA signing schedule),
// "only=<prefix>[,<prefix>...]" (sets whose name starts with one), "seed=<64 hex>".
#include <array>
#include <cstdint>
#include <string_view>

#include "board.hpp"
#include "console.hpp"
#include "cycle_counter.hpp"
#include "harness.hpp"
#include "layout.hpp"
#include "semihost.hpp"

namespace firmware {
namespace {

// The default harness seed: the bytes 0x00..0x1f.
constexpr std::array<std::uint8_t, 32> kDefaultSeed = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                                       16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
std::array<std::uint8_t, 32> g_seed = kDefaultSeed;

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool parse_seed(std::string_view hex) {
  if (hex.size() != 64) return false;
  for (std::size_t i = 0; i < 32; ++i) {
    const int high = hex_digit(hex[2 * i]), low = hex_digit(hex[2 * i + 1]);
    if (high < 0 || low < 0) return false;
    g_seed[i] = static_cast<std::uint8_t>(high * 16 + low);
  }
  return true;
}

char g_command_line[256];

// Returns false on an unknown word. The first word is the image name.
bool parse_options(Options& options, bool& overflow) {
  const std::size_t length = semihost::command_line(g_command_line);
  std::string_view rest(g_command_line, length);
  bool first = true;
  bool only_kat = false, only_bench = false;
  // Split on spaces without std::string_view::substr, whose range check
  // would pull the C++ exception runtime (and with it malloc) into the image.
  while (!rest.empty()) {
    std::size_t end = 0;
    while (end < rest.size() && rest[end] != ' ') ++end;
    const std::string_view word(rest.data(), end);
    rest.remove_prefix(end < rest.size() ? end + 1 : end);
    if (word.empty()) continue;
    if (first) {
      first = false;
      continue;
    }
    if (word == "kat")
      only_kat = true;
    else if (word == "bench")
      only_bench = true;
    else if (word == "overflow")
      overflow = true;
    else if (word == "expanded")
      options.expanded = true;
    else if (word == "cctv")
      options.cctv = true;
    else if (word == "cctv-alt")
      options.cctv = options.cctv_alt = true;
    else if (word == "cctv-compact")
      options.cctv_compact = true;
    else if (word == "cctv-expanded")
      options.cctv_expanded = true;
    else if (word.starts_with("only="))
      options.only = std::string_view(word.data() + 5, word.size() - 5);
    else if (word.starts_with("seed=")) {
      if (!parse_seed(std::string_view(word.data() + 5, word.size() - 5))) return false;
    } else {
      Line().text("error").field("unknown-word", word).end();
      return false;
    }
  }
  if (only_kat || only_bench) {
    options.kat = only_kat;
    options.bench = only_bench;
  }
  return true;
}

// 2·n + a few instructions: checks the ticks-to-instructions scale.
void calibrate() {
  constexpr std::uint32_t kIterations = 1'000'000;
  auto loop = [] {
    std::uint32_t n = kIterations;
    asm volatile(
        "1: subs %0, %0, #1\n"
        "   bne 1b\n"
        : "+r"(n)
        :
        : "cc");
  };
  const Usage usage = measure(loop);
  Line().text("calibrate").field("loop-instructions", 2ull * kIterations).field("measured", usage.instructions).end();
}

// Each frame holds 1 KB that the compiler cannot drop. The depth limit
// (1 GB of frames) is never reached: the stack guard stops it first.
[[gnu::noinline]] std::uint32_t recurse(std::uint32_t depth) {
  volatile std::uint8_t frame[1024];
  for (std::size_t i = 0; i < sizeof(frame); i += 64) frame[i] = static_cast<std::uint8_t>(depth);
  if (depth == (1u << 20)) return frame[0];
  return recurse(depth + 1) + frame[depth % sizeof(frame)];
}

}  // namespace

SeededDrbg& drbg() {
  static SeededDrbg generator(g_seed);
  return generator;
}

// Called by Reset_Handler (startup.cpp); its result is the exit status.
int run() {
  Options options;
  bool overflow = false;
  if (!parse_options(options, overflow)) return 2;
  Line()
      .text("begin")
      .field("board", board::name)
      .field("ram", layout::ram_bytes())
      .field("stack-region", layout::stack_bytes())
      .field("static", layout::static_bytes())
      .field("arena", Arena::capacity)
      .end();
  if (overflow) {
    Line().text("overflow").field("stack-region", layout::stack_bytes()).end();
    return static_cast<int>(recurse(0) & 1);
  }
  cycle_counter::start();
  calibrate();
  Tally tally;
  run_seam_check(options, tally);
  run_sha2_seam(options, tally);
  run_mlkem(options, tally);
  run_kyber90s(options, tally);
  run_mldsa_seam(options, tally);
  run_mldsa(options, tally);
  run_slhdsa(options, tally);
  Line()
      .text("end")
      .field("passed", tally.passed)
      .field("failed", tally.failed)
      .field("result", tally.failed == 0 && tally.passed > 0 ? "pass" : "FAIL")
      .end();
  return tally.failed == 0 && tally.passed > 0 ? 0 : 1;
}

}  // namespace firmware
