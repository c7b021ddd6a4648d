// The multi-way entries of the kernel seam against their one-state forms,
// for every backend usable on this CPU: Keccak-f[1600] x4 against four x1
// calls, the lane-sliced eight-state entry against x1 per state (each
// count of live states), sha256_compress_ways (and the x86 multi-buffer SHA-256
// functions behind it) against the portable sha256_compress per lane, and
// sha512_compress_ways against the portable sha512_compress per lane.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string_view>
#include <vector>

#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"
#include "support/each_backend.hpp"
#if defined(__x86_64__)
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_avx512/avx512.hpp"
#endif

namespace {

using pqlab::test::for_each_backend;

TEST(KernelWays, KeccakX4EqualsFourX1) {
  for_each_backend([](std::string_view) {
    const pqlab::kernels::Table& k = pqlab::kernels::active();
    std::mt19937_64 rng(4);
    for (int trial = 0; trial < 50; ++trial) {
      std::array<std::uint64_t, 4 * pqlab::kernels::keccak_lanes> x4{}, x1{};
      for (auto& lane : x4) lane = rng();
      // Extreme states too: all zero and all ones.
      if (trial == 0) x4.fill(0);
      if (trial == 1) x4.fill(~std::uint64_t{0});
      x1 = x4;
      k.keccak.keccak_f1600_x4(x4.data());
      for (std::size_t i = 0; i < 4; ++i) k.keccak.keccak_f1600_x1(x1.data() + i * pqlab::kernels::keccak_lanes);
      EXPECT_EQ(x4, x1) << "trial " << trial;
    }
  });
}

// Whole states (words = 25) and the first 1 to 5 words, which a backend
// may compute alone (the others are then unspecified and not compared).
TEST(KernelWays, KeccakSliced8EqualsX1PerState) {
  constexpr std::size_t lanes = pqlab::kernels::keccak_lanes;
  for_each_backend([](std::string_view) {
    const pqlab::kernels::Table& k = pqlab::kernels::active();
    std::mt19937_64 rng(8);
    for (std::size_t count = 1; count <= 8; ++count) {
      for (int trial = 0; trial < 12; ++trial) {
        const std::size_t words = trial < 6 ? lanes : static_cast<std::size_t>(trial) - 5;  // 25, then 1..6
        std::array<std::uint64_t, 8 * lanes> sliced{};
        for (auto& word : sliced) word = rng();
        if (trial == 0) sliced.fill(0);
        if (trial == 1) sliced.fill(~std::uint64_t{0});
        // The expected states j < count, one x1 call each.
        std::array<std::uint64_t, 8 * lanes> expected{};
        for (std::size_t j = 0; j < count; ++j) {
          for (std::size_t i = 0; i < lanes; ++i) expected[j * lanes + i] = sliced[8 * i + j];
          k.keccak.keccak_f1600_x1(expected.data() + j * lanes);
        }
        k.keccak.keccak_f1600_sliced8(sliced.data(), count, words);
        for (std::size_t j = 0; j < count; ++j)
          for (std::size_t i = 0; i < words; ++i)
            ASSERT_EQ(sliced[8 * i + j], expected[j * lanes + i])
                << "count " << count << " words " << words << " state " << j << " lane " << i;
      }
    }
  });
}

// The lane contents of one SHA-2 lanes trial: random, or all 0x00 / all
// 0xff (in the block and in the chaining state), varied from lane to lane.
// Word is the SHA-2 word (uint32_t: SHA-256, uint64_t: SHA-512); a block
// holds sixteen of them.
template <class Word>
using Block = std::array<std::uint8_t, 16 * sizeof(Word)>;

template <class Word>
void fill_lane(std::mt19937& rng, std::size_t kind, Word state[8], Block<Word>& block) {
  for (std::size_t w = 0; w < 8; ++w) state[w] = static_cast<Word>((std::uint64_t{rng()} << 32) | rng());
  for (auto& b : block) b = static_cast<std::uint8_t>(rng());
  if (kind == 1) block.fill(0x00);
  if (kind == 2) block.fill(0xff);
  if (kind == 3) std::fill(state, state + 8, Word{0});
  if (kind == 4) std::fill(state, state + 8, static_cast<Word>(~Word{0}));
  if (kind == 5) {
    block.fill(0xff);
    std::fill(state, state + 8, static_cast<Word>(~Word{0}));
  }
}

// The portable one-block compression for Word's SHA-2.
void compress_one(const pqlab::kernels::Table& portable, std::uint32_t state[8], const std::uint8_t* block) {
  portable.sha2.sha256_compress(state, block, 1);
}
void compress_one(const pqlab::kernels::Table& portable, std::uint64_t state[8], const std::uint8_t* block) {
  portable.sha2.sha512_compress(state, block, 1);
}

// `ways_fn` over 0..33 lanes (partial passes, full passes of 4, 8 or 16
// and more) against the portable one-block compression of each lane.
template <class Word>
void expect_ways_equal_portable(void (*ways_fn)(Word (*)[8], const std::uint8_t* const*, std::size_t),
                                const pqlab::kernels::Table& portable) {
  std::mt19937 rng(5);
  for (std::size_t lanes = 0; lanes <= 33; ++lanes) {
    for (std::size_t pattern = 0; pattern < 3; ++pattern) {
      auto multi = std::make_unique<Word[][8]>(lanes);
      auto single = std::make_unique<Word[][8]>(lanes);
      std::vector<Block<Word>> blocks(lanes);
      std::vector<const std::uint8_t*> block_ptrs(lanes);
      for (std::size_t i = 0; i < lanes; ++i) {
        // Pattern 0: all random; 1 and 2: the extreme kinds spread over the lanes.
        const std::size_t kind = pattern == 0 ? 0 : (i + pattern) % 6;
        fill_lane<Word>(rng, kind, multi[i], blocks[i]);
        std::copy(multi[i], multi[i] + 8, single[i]);
        block_ptrs[i] = blocks[i].data();
      }
      ways_fn(multi.get(), block_ptrs.data(), lanes);
      for (std::size_t i = 0; i < lanes; ++i) {
        compress_one(portable, single[i], blocks[i].data());
        for (std::size_t w = 0; w < 8; ++w)
          EXPECT_EQ(multi[i][w], single[i][w]) << lanes << " lanes, pattern " << pattern << ", lane " << i;
      }
    }
  }
}

pqlab::kernels::Table portable_table() {
  const pqlab::test::ActiveBackendGuard restore;
  EXPECT_EQ(pqlab::kernels::select("portable"), pqlab::Status::ok);
  return pqlab::kernels::active();
}

bool listed(std::string_view name) {
  const auto names = pqlab::kernels::available();
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(KernelWays, Sha256WaysEqualsPortable) {
  const pqlab::kernels::Table portable = portable_table();
  for_each_backend([&](std::string_view) {
    const pqlab::kernels::Table& k = pqlab::kernels::active();
    EXPECT_GE(k.tuning.sha256_ways_min, 1u);
    expect_ways_equal_portable(k.sha2.sha256_compress_ways.fn, portable);
  });
}

// On every backend: the multi-buffer SHA-512 (4 lanes per AVX2 pass, 4 or
// 8 per AVX-512 pass) or the portable loop.
TEST(KernelWays, Sha512WaysEqualsPortable) {
  const pqlab::kernels::Table portable = portable_table();
  for_each_backend([&](std::string_view) {
    const pqlab::kernels::Table& k = pqlab::kernels::active();
    EXPECT_GE(k.tuning.sha512_ways_min, 1u);
    expect_ways_equal_portable(k.sha2.sha512_compress_ways.fn, portable);
  });
}

#if defined(__x86_64__)
// The multi-buffer functions themselves, also where the backend's table
// picks SHA-NI instead (the AVX2 one on a CPU with the SHA extensions).
TEST(KernelWays, Sha256MultiBufferEqualsPortable) {
  const pqlab::kernels::Table portable = portable_table();
  if (!listed("avx2")) GTEST_SKIP() << "no AVX2 on this CPU";
  {
    SCOPED_TRACE("avx2 multi-buffer");
    expect_ways_equal_portable(pqlab::kernels::avx2::sha256_compress_ways, portable);
  }
  if (listed("avx512")) {
    SCOPED_TRACE("avx512 multi-buffer");
    expect_ways_equal_portable(pqlab::kernels::avx512::sha256_compress_ways, portable);
  }
}
#endif

}  // namespace
