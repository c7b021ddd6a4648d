// SHA-3 / SHAKE known answers (FIPS 202 examples as published by NIST's
// CSRC "example values") and incremental-vs-one-shot consistency.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "pqlab/hash.hpp"
#include "support/vectors.hpp"

namespace {
using pqlab::test::to_hex;

std::vector<std::uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }

TEST(Sha3, EmptyAndAbc) {
  std::array<std::uint8_t, 32> d256{};
  pqlab::hash::sha3_256({}, d256);
  EXPECT_EQ(to_hex(d256.data(), 32), "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
  const auto abc = bytes("abc");
  pqlab::hash::sha3_256(abc, d256);
  EXPECT_EQ(to_hex(d256.data(), 32), "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  std::array<std::uint8_t, 64> d512{};
  pqlab::hash::sha3_512(abc, d512);
  EXPECT_EQ(to_hex(d512.data(), 64),
            "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
            "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
}

TEST(Sha3, MillionA) {  // 10^6 × 'a', absorbed in odd-sized pieces
  pqlab::hash::Sha3_256 h;
  const std::vector<std::uint8_t> chunk(997, 'a');
  std::size_t left = 1000000;
  while (left > 0) {
    const std::size_t n = left < chunk.size() ? left : chunk.size();
    h.absorb(std::span(chunk.data(), n));
    left -= n;
  }
  std::array<std::uint8_t, 32> d{};
  h.finalize(d);
  EXPECT_EQ(to_hex(d.data(), 32), "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1");
}

TEST(Shake, EmptyInput) {
  std::array<std::uint8_t, 32> o128{};
  pqlab::hash::shake128({}, o128);
  EXPECT_EQ(to_hex(o128.data(), 32), "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
  std::array<std::uint8_t, 64> o256{};
  pqlab::hash::shake256({}, o256);
  EXPECT_EQ(to_hex(o256.data(), 64),
            "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
            "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be");
}

TEST(Shake, IncrementalSqueezeMatchesOneShot) {
  std::vector<std::uint8_t> in(500);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint8_t>(i * 7 + 1);
  std::vector<std::uint8_t> whole(1000), pieces(1000);
  pqlab::hash::shake256(in, whole);
  pqlab::hash::Shake256 h;
  h.absorb(std::span(in).first(3));
  h.absorb(std::span(in).subspan(3, 200));
  h.absorb(std::span(in).subspan(203));
  std::size_t off = 0;
  for (std::size_t step : {1u, 7u, 136u, 135u, 300u, 421u}) {
    h.squeeze(std::span(pieces).subspan(off, step));
    off += step;
  }
  ASSERT_EQ(off, pieces.size());
  EXPECT_EQ(whole, pieces);
}

TEST(Shake, X4MatchesX1) {
  std::array<std::array<std::uint8_t, 34>, 4> seeds{};
  for (std::size_t l = 0; l < 4; ++l)
    for (std::size_t i = 0; i < 34; ++i) seeds[l][i] = static_cast<std::uint8_t>(l * 31 + i);
  std::span<const std::uint8_t> in[4] = {seeds[0], seeds[1], seeds[2], seeds[3]};
  for (std::size_t lanes = 1; lanes <= 4; ++lanes) {
  pqlab::hash::Shake128x4 x4;
  x4.absorb_once(in, lanes);
  std::array<std::array<std::uint8_t, 336>, 4> got{};
  for (int block = 0; block < 2; ++block) {
    std::span<std::uint8_t, 168> out[4] = {
        std::span<std::uint8_t, 168>(got[0].data() + 168 * block, 168),
        std::span<std::uint8_t, 168>(got[1].data() + 168 * block, 168),
        std::span<std::uint8_t, 168>(got[2].data() + 168 * block, 168),
        std::span<std::uint8_t, 168>(got[3].data() + 168 * block, 168)};
    x4.squeeze_block(out);
  }
  for (std::size_t l = 0; l < lanes; ++l) {
    std::array<std::uint8_t, 336> want{};
    pqlab::hash::shake128(seeds[l], want);
    EXPECT_EQ(got[l], want) << "lane " << l << " of " << lanes;
  }
  }
}

}  // namespace
