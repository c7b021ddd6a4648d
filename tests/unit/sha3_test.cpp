// SHA-3 / SHAKE known answers (FIPS 202 examples as published by NIST's
// CSRC "example values") and incremental-vs-one-shot consistency.
#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hash/keccak_parallel.hpp"
#include "pqlab/hash.hpp"
#include "support/busy_ways.hpp"
#include "support/each_backend.hpp"
#include "support/vectors.hpp"

namespace {
using pqlab::test::for_each_backend;
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

// The sponge's contract (pqlab/hash.hpp): input after the first squeeze (or
// finalize) is refused with a trap rather than dropped from the hash; an
// empty absorb stays a no-op, and reset() makes the sponge absorb again.
TEST(ShakeDeathTest, AbsorbAfterSqueezeTraps) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::array<std::uint8_t, 3> abc = {'a', 'b', 'c'};
  std::array<std::uint8_t, 32> out{};
  EXPECT_DEATH(
      {
        pqlab::hash::Shake128 h;
        h.absorb(abc);
        h.squeeze(out);
        h.absorb(abc);
      },
      "");
  EXPECT_DEATH(
      {
        pqlab::hash::Sha3_256 h;
        h.finalize(out);
        h.absorb(abc);
      },
      "");
}

TEST(Shake, EmptyAbsorbAfterSqueezeAndResetKeepTheHash) {
  const std::array<std::uint8_t, 3> abc = {'a', 'b', 'c'};
  std::array<std::uint8_t, 32> want{}, got{}, again{};
  pqlab::hash::shake128(abc, want);
  pqlab::hash::Shake128 h;
  h.absorb(abc);
  h.squeeze(got);
  h.absorb(std::span<const std::uint8_t>{});  // a no-op at any time
  EXPECT_EQ(got, want);
  h.reset();
  h.absorb(abc);
  h.squeeze(again);
  EXPECT_EQ(again, want);
}

// KeccakWays against the one-state sponge of the same rate and domain, for
// every lane count and every backend (each picks its own mix of x8/x4/x1
// calls): short inputs of different lengths (absorb_once), equal inputs of
// several blocks (absorb_equal), whole and partial output blocks.
template <class Lanes, std::uint8_t Domain>
void expect_ways_match_one_way() {
  constexpr std::size_t rate = Lanes::rate_bytes, max = Lanes::max_ways;
  constexpr std::size_t long_bytes = 3 * rate + 5;
  std::array<std::array<std::uint8_t, long_bytes>, max> inputs{};
  for (std::size_t l = 0; l < max; ++l)
    for (std::size_t i = 0; i < long_bytes; ++i) inputs[l][i] = static_cast<std::uint8_t>(l * 31 + i * 7);
  std::span<const std::uint8_t> short_in[max];
  const std::uint8_t* long_in[max];
  for (std::size_t l = 0; l < max; ++l) {
    short_in[l] = std::span<const std::uint8_t>(inputs[l]).first(34 + 4 * l);
    long_in[l] = inputs[l].data();
  }
  for_each_backend([&](std::string_view backend) {
    for (const bool equal : {false, true}) {
      for (std::size_t lanes = 1; lanes <= max; ++lanes) {
        Lanes xof;
        if (equal)
          xof.absorb_equal(long_in, long_bytes, lanes);
        else
          xof.absorb_once(short_in, lanes);
        // One whole block, then the first 40 bytes of the next.
        std::array<std::array<std::uint8_t, rate + 40>, max> got{};
        std::uint8_t* out[max];
        for (std::size_t l = 0; l < max; ++l) out[l] = got[l].data();
        xof.squeeze_block(out);
        for (std::size_t l = 0; l < max; ++l) out[l] = got[l].data() + rate;
        xof.squeeze_block(out, 40);
        for (std::size_t l = 0; l < lanes; ++l) {
          std::array<std::uint8_t, rate + 40> want{};
          pqlab::hash::KeccakSponge one(rate, Domain);
          one.absorb(equal ? std::span<const std::uint8_t>(inputs[l]) : short_in[l]);
          one.squeeze(want);
          EXPECT_EQ(got[l], want) << backend << (equal ? " absorb_equal" : " absorb_once") << ": lane " << l << " of "
                                  << lanes;
        }
      }
    }
  });
}

TEST(KeccakWays, Shake128MatchesOneLane) { expect_ways_match_one_way<pqlab::hash::Shake128Ways, 0x1f>(); }
TEST(KeccakWays, Shake256MatchesOneLane) { expect_ways_match_one_way<pqlab::hash::Shake256Ways, 0x1f>(); }
TEST(KeccakWays, Sha3_256MatchesOneLane) { expect_ways_match_one_way<pqlab::hash::Sha3_256Ways, 0x06>(); }
TEST(KeccakWays, Sha3_512MatchesOneLane) { expect_ways_match_one_way<pqlab::hash::Sha3_512Ways, 0x06>(); }

// The paired SHA3-256 / SHAKE256 equals the two one-state hashes on every
// backend, for inputs of the same block count (lanes, block edges
// included) and of different counts (one after the other).
TEST(KeccakWays, Sha3_256AndShake256PairMatchesOneLane) {
  std::vector<std::uint8_t> data(3 * 136 + 5);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7 + 3);
  const std::size_t lengths[] = {0, 1, 135, 136, 137, 271, 272, 400, 3 * 136 + 5};
  for_each_backend([&](std::string_view backend) {
    for (std::size_t la : lengths) {
      for (std::size_t lb : lengths) {
        const std::span<const std::uint8_t> a(data.data(), la), b(data.data() + 1, lb - (lb > 0 ? 1 : 0));
        std::array<std::uint8_t, 32> got_a, got_b, want_a, want_b;
        pqlab::hash::sha3_256_and_shake256_32(a, got_a, b, got_b);
        pqlab::hash::sha3_256(a, want_a);
        pqlab::hash::shake256(b, want_b);
        EXPECT_EQ(got_a, want_a) << backend << " " << la << " " << b.size();
        EXPECT_EQ(got_b, want_b) << backend << " " << la << " " << b.size();
      }
    }
  });
}

using pqlab::test::BusyWays;

// A rider gives the one-state SHAKE256 output whatever share of its
// permutations ride: inputs at block edges, squeezes with 0..max_ways busy
// ways (all busy: no room, so it does not ride; on the avx2 backend eight
// busy ways still leave two fifth ways of its five-state calls), 0 to 6
// rides before finish().
TEST(KeccakWays, RiderMatchesOneLane) {
  std::vector<std::uint8_t> data(4 * 136 + 9);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 13 + 1);
  const std::size_t lengths[] = {0, 1, 135, 136, 137, 272, 4 * 136 + 9};
  const std::array<std::uint8_t, 1> seed{7};
  for_each_backend([&](std::string_view backend) {
    for (std::size_t len : lengths) {
      const std::span<const std::uint8_t> in(data.data(), len);
      std::array<std::uint8_t, 64> want;
      pqlab::hash::shake256(in, want);
      for (std::size_t busy = 0; busy <= BusyWays::max; ++busy) {
        for (std::size_t squeezes = 0; squeezes <= 6; ++squeezes) {
          pqlab::hash::KeccakRider rider(pqlab::hash::Shake256::rate_bytes, 0x1f, in);
          BusyWays ways(seed, busy);
          for (std::size_t i = 0; i < squeezes; ++i) ways.squeeze(&rider);
          std::array<std::uint8_t, 64> got;
          rider.finish(got);
          EXPECT_EQ(got, want) << backend << " len " << len << " busy " << busy << " squeezes " << squeezes;
          // The busy lanes' outputs are those of SHAKE128(seed), rider or not.
          if (busy > 0 && squeezes > 0) {
            std::array<std::uint8_t, 168 * 6> stream;
            pqlab::hash::shake128(seed, std::span(stream.data(), 168 * squeezes));
            EXPECT_TRUE(std::equal(ways.blocks[busy - 1].begin(), ways.blocks[busy - 1].end(),
                                   stream.begin() + static_cast<std::ptrdiff_t>(168 * (squeezes - 1))))
                << backend << " len " << len << " busy " << busy;
          }
        }
      }
    }
  });
}

// A chain of riders (then_ride): each squeeze seats the riders that can
// ride, in chain order, while idle ways last; every rider's output is its
// one-state hash, and the busy ways' outputs are unchanged. Five riders of
// one, two and three blocks behind 5 to max_ways busy ways, one waiting for
// its input until the third squeeze.
TEST(KeccakWays, ChainedRidersMatchOneLane) {
  std::vector<std::uint8_t> data(3 * 136);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7 + 3);
  const std::size_t lengths[5] = {33, 140, 300, 0, 136};
  const std::array<std::uint8_t, 1> seed{9};
  for_each_backend([&](std::string_view backend) {
    for (std::size_t busy = 5; busy <= BusyWays::max; ++busy) {
      std::deque<pqlab::hash::KeccakRider> riders;  // stable addresses: the chain holds them
      for (std::size_t r = 0; r < 5; ++r)
        riders.emplace_back(pqlab::hash::Shake256::rate_bytes, 0x1f,
                            std::span<const std::uint8_t>(data.data() + 11 * r, lengths[r]), r == 2 ? 0 : lengths[r]);
      for (std::size_t r = 0; r + 1 < 5; ++r) riders[r].then_ride(&riders[r + 1]);
      BusyWays ways(seed, busy);
      std::array<std::uint8_t, 168 * 5> stream;
      pqlab::hash::shake128(seed, stream);
      for (std::size_t squeeze = 0; squeeze < 5; ++squeeze) {
        if (squeeze == 2) riders[2].make_available(lengths[2]);
        ways.squeeze(&riders[0]);
        EXPECT_TRUE(std::equal(ways.blocks[busy - 1].begin(), ways.blocks[busy - 1].end(),
                               stream.begin() + static_cast<std::ptrdiff_t>(168 * squeeze)))
            << backend << " busy " << busy << " squeeze " << squeeze;
      }
      for (std::size_t r = 0; r < 5; ++r) {
        const std::span<const std::uint8_t> in(data.data() + 11 * r, lengths[r]);
        std::array<std::uint8_t, 48> want, got;
        pqlab::hash::shake256(in, want);
        riders[r].finish(got);
        EXPECT_EQ(got, want) << backend << " busy " << busy << " rider " << r;
      }
    }
  });
}

// A rider over an input still being written rides only over the bytes
// made available; its output is the one-state hash of the final input.
TEST(KeccakWays, RiderWaitsForItsInput) {
  std::vector<std::uint8_t> data(3 * 136 + 20, 0);
  std::array<std::uint8_t, 32> want, got;
  pqlab::hash::KeccakRider rider(pqlab::hash::Sha3_256::rate_bytes, 0x06, data, 0);
  EXPECT_FALSE(rider.can_ride());
  pqlab::hash::Shake128Ways lanes;
  const std::array<std::uint8_t, 1> seed{1};
  std::span<const std::uint8_t> seeds[1] = {seed};
  lanes.absorb_once(seeds, 1);
  std::array<std::uint8_t, 168> block;
  std::uint8_t* outs[1] = {block.data()};
  lanes.squeeze_block(outs, 168, &rider);  // nothing available: no ride
  for (std::size_t i = 0; i < 200; ++i) data[i] = static_cast<std::uint8_t>(i + 1);
  rider.make_available(200);
  EXPECT_TRUE(rider.can_ride());
  lanes.squeeze_block(outs, 168, &rider);  // block 0 rides
  EXPECT_FALSE(rider.can_ride());          // block 1 needs bytes up to 272
  lanes.squeeze_block(outs, 168, &rider);
  for (std::size_t i = 200; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(3 * i);
  rider.finish(got);
  pqlab::hash::sha3_256(data, want);
  EXPECT_EQ(got, want);
}

// The public lane-sliced permutation: states j < count each hold the padded
// single block of a SHAKE256 message of 13·j bytes; after the call, the
// first 32 bytes of each are SHAKE256 of that message (one-state sponge).
TEST(KeccakSliced, PermutesTheLiveStatesOfABatchOnEveryBackend) {
  for_each_backend([](std::string_view backend) {
    for (std::size_t count = 1; count <= 8; ++count) {
      std::array<std::uint64_t, 200> lanes{};
      std::array<std::vector<std::uint8_t>, 8> messages;
      for (std::size_t j = 0; j < 8; ++j) {
        messages[j].resize(13 * j);
        for (std::size_t i = 0; i < messages[j].size(); ++i) messages[j][i] = static_cast<std::uint8_t>(i * 7 + j);
        const auto xor_byte = [&](std::size_t i, std::uint8_t v) {
          lanes[8 * (i / 8) + j] ^= std::uint64_t{v} << (8 * (i % 8));
        };
        for (std::size_t i = 0; i < messages[j].size(); ++i) xor_byte(i, messages[j][i]);
        xor_byte(messages[j].size(), 0x1f);  // SHAKE's domain bits and pad10*1
        xor_byte(135, 0x80);
      }
      ASSERT_EQ(pqlab::hash::keccak_f1600_sliced8(lanes, count), pqlab::Status::ok);
      for (std::size_t j = 0; j < count; ++j) {
        std::array<std::uint8_t, 32> expected, got;
        pqlab::hash::shake256(messages[j], expected);
        for (std::size_t i = 0; i < got.size(); ++i)
          got[i] = static_cast<std::uint8_t>(lanes[8 * (i / 8) + j] >> (8 * (i % 8)));
        EXPECT_EQ(got, expected) << backend << " count " << count << " state " << j;
      }
    }
    std::array<std::uint64_t, 200> lanes{};
    EXPECT_EQ(pqlab::hash::keccak_f1600_sliced8(lanes, 0), pqlab::Status::invalid_argument) << backend;
    EXPECT_EQ(pqlab::hash::keccak_f1600_sliced8(lanes, 9), pqlab::Status::invalid_argument) << backend;
  });
}

}  // namespace
