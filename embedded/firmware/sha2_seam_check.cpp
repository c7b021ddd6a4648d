// The kernel seam's SHA-2 entries checked on the target: the active
// backend's sha256_compress / sha512_compress (FIPS 180-4 §6.2.2, §6.4.2;
// the Thumb-2 assembly where the build registers it, src/kernels/armv7em/)
// and their multi-way forms against the portable ones, state word for state
// word. Inputs: pseudo-random chaining states with 1..3 pseudo-random
// blocks, the all-zero state and blocks, the all-ones state and all-0xFF
// blocks, a call with no block, and blocks at an odd address (the seam
// accepts any byte pointer). Reported as the known-answer set "SHA2-seam",
// one line per entry and input, in every `kat` run. With bench, one
// one-block call of each entry and backend is measured (set "SHA2-kernels",
// ops "<entry>-portable" / "<entry>-active", their results compared). Like seam_check.cpp, it reads
// the library's internal kernel tables (src/), which embedded/CMakeLists
// makes visible to it.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "console.hpp"
#include "harness.hpp"
#include "kernels/kernels.hpp"
#include "kernels/portable/portable.hpp"
#include "seam_test_data.hpp"
#include "stack_meter.hpp"

namespace firmware {
namespace {

namespace kernels = pqlab::kernels;
constexpr std::string_view kSet = "SHA2-seam";
constexpr std::string_view kTimingSet = "SHA2-kernels";

// Room for three SHA-512 blocks and one byte of offset.
constexpr std::size_t kMaxBlocks = 3;
using Buffer = std::array<std::uint8_t, kMaxBlocks * 128 + 1>;

template <class Word>
struct Entries;
template <>
struct Entries<std::uint32_t> {
  static constexpr std::size_t block_bytes = 64;
  static constexpr std::string_view name = "sha256_compress";
  static constexpr std::string_view ways_name = "sha256_compress_ways";
  static constexpr std::string_view portable_op = "sha256_compress-portable";
  static constexpr std::string_view active_op = "sha256_compress-active";
  static void portable(std::uint32_t s[8], const std::uint8_t* d, std::size_t n) {
    kernels::portable::sha256_compress(s, d, n);
  }
  static void active(std::uint32_t s[8], const std::uint8_t* d, std::size_t n) {
    kernels::active().sha2.sha256_compress(s, d, n);
  }
  static void active_ways(std::uint32_t (*s)[8], const std::uint8_t* const* d, std::size_t n) {
    kernels::active().sha2.sha256_compress_ways(s, d, n);
  }
};
template <>
struct Entries<std::uint64_t> {
  static constexpr std::size_t block_bytes = 128;
  static constexpr std::string_view name = "sha512_compress";
  static constexpr std::string_view ways_name = "sha512_compress_ways";
  static constexpr std::string_view portable_op = "sha512_compress-portable";
  static constexpr std::string_view active_op = "sha512_compress-active";
  static void portable(std::uint64_t s[8], const std::uint8_t* d, std::size_t n) {
    kernels::portable::sha512_compress(s, d, n);
  }
  static void active(std::uint64_t s[8], const std::uint8_t* d, std::size_t n) {
    kernels::active().sha2.sha512_compress(s, d, n);
  }
  static void active_ways(std::uint64_t (*s)[8], const std::uint8_t* const* d, std::size_t n) {
    kernels::active().sha2.sha512_compress_ways(s, d, n);
  }
};

template <class Word>
Word random_word(SeamTestData& rng) {
  if constexpr (sizeof(Word) == 8)
    return (std::uint64_t{rng.next()} << 32) | rng.next();
  else
    return rng.next();
}

template <class Word>
void random_state(std::array<Word, 8>& s, SeamTestData& rng) {
  for (auto& w : s) w = random_word<Word>(rng);
}

void random_bytes(std::uint8_t* p, std::size_t n, SeamTestData& rng) {
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(rng.next() >> 24);
}

// Case tc: 0..5 pseudo-random state and 1..3 blocks; 6 all-zero state and
// two all-zero blocks; 7 all-ones state and two all-0xFF blocks; 8 no
// block (the state must stay as it was); 9 three pseudo-random blocks at
// an odd address.
constexpr unsigned kCases = 10;

template <class Word>
void check_entry(Tally& tally, SeamTestData& rng) {
  using E = Entries<Word>;
  Buffer buffer{};
  std::array<Word, 8> start{}, want{}, got{};
  for (unsigned tc = 0; tc < kCases; ++tc) {
    std::size_t blocks = 1 + tc % kMaxBlocks;
    const std::uint8_t* data = buffer.data();
    if (tc < 6 || tc == 8) {
      random_state(start, rng);
      random_bytes(buffer.data(), buffer.size(), rng);
      if (tc == 8) blocks = 0;
    } else if (tc == 6 || tc == 7) {
      const std::uint8_t fill = tc == 6 ? 0x00 : 0xff;
      start.fill(tc == 6 ? Word{0} : static_cast<Word>(~Word{0}));
      buffer.fill(fill);
      blocks = 2;
    } else {
      random_state(start, rng);
      random_bytes(buffer.data(), buffer.size(), rng);
      blocks = kMaxBlocks;
      data = buffer.data() + 1;
    }
    want = start;
    got = start;
    E::portable(want.data(), data, blocks);
    E::active(got.data(), data, blocks);
    const bool same = want == got && (blocks != 0 || got == start);
    if (!same) Line().text("seam-mismatch").field("check", E::name).field("tc", tc).field("blocks", blocks).end();
    record_kat(tally, kSet, E::name, tc, same);
  }
  // The multi-way entry: three states, each with its own block.
  std::array<std::array<Word, 8>, kMaxBlocks> ways_want{}, ways_got{};
  Word ways_states[kMaxBlocks][8];
  const std::uint8_t* ways_blocks[kMaxBlocks];
  random_bytes(buffer.data(), buffer.size(), rng);
  for (std::size_t w = 0; w < kMaxBlocks; ++w) {
    random_state(ways_want[w], rng);
    ways_blocks[w] = buffer.data() + w * E::block_bytes;
    std::memcpy(ways_states[w], ways_want[w].data(), sizeof ways_states[w]);
    E::portable(ways_want[w].data(), ways_blocks[w], 1);
  }
  E::active_ways(ways_states, ways_blocks, kMaxBlocks);
  for (std::size_t w = 0; w < kMaxBlocks; ++w) std::memcpy(ways_got[w].data(), ways_states[w], sizeof ways_states[w]);
  record_kat(tally, kSet, E::ways_name, 0, ways_want == ways_got);
}

// One measured one-block call per backend, from the same state: the two
// results must agree (a known-answer line in set SHA2-kernels, so that a
// bench run of this set alone also has a verdict).
template <class Word>
void measure_entry(Tally& tally, SeamTestData& rng) {
  using E = Entries<Word>;
  Buffer buffer{};
  std::array<Word, 8> want{};
  random_state(want, rng);
  random_bytes(buffer.data(), buffer.size(), rng);
  std::array<Word, 8> got = want;
  auto portable = [&] { E::portable(want.data(), buffer.data(), 1); };
  auto active = [&] { E::active(got.data(), buffer.data(), 1); };
  record_op(kTimingSet, E::portable_op, measure(portable), E::block_bytes + sizeof want);
  record_op(kTimingSet, E::active_op, measure(active), E::block_bytes + sizeof got);
  record_kat(tally, kTimingSet, E::name, 0, want == got);
}

}  // namespace

void run_sha2_seam(const Options& options, Tally& tally) {
  if (options.bench && options.selected(kTimingSet)) {
    SeamTestData rng{0x2545f491u};
    measure_entry<std::uint32_t>(tally, rng);
    measure_entry<std::uint64_t>(tally, rng);
  }
  if (!options.kat || !options.selected(kSet)) return;
  Line().text("seam").field("set", kSet).field("backend", kernels::active().name).end();
  SeamTestData rng{0x9e3779b9u};
  check_entry<std::uint32_t>(tally, rng);
  check_entry<std::uint64_t>(tally, rng);
}

}  // namespace firmware
