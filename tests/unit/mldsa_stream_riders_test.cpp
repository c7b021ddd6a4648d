// ML-DSA's SHAKE256 streams as riders (mldsa::detail::Shake256StreamsRider)
// on every backend.
//
// ExpandS (ExpandSRider): riding
// in the free ways of a SHAKE128 squeeze with 0..max_ways busy ways, for a
// few squeezes, then finishing the first half and then the rest alone, it
// writes the same packed s1 ‖ s2 as FIPS 204
// Alg. 31 run one polynomial at a time (a one-state SHAKE256 and the
// half-byte rule of Alg. 15, written out here), and leaves the busy ways'
// outputs unchanged.
//
// ExpandMask (ExpandMaskRider): riding likewise from a nonce κ, then
// finishing the streams it started, it yields ExpandMask's polynomials for
// κ, κ + 1, ... (expand_mask_poly, the one-stream path) and says how many.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "hash/keccak_parallel.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/sampling.hpp"
#include "pqlab/hash.hpp"
#include "support/busy_ways.hpp"
#include "support/each_backend.hpp"

namespace {

using pqlab::mldsa::detail::ExpandSRider;
using pqlab::mldsa::detail::Poly;
using pqlab::test::BusyWays;
using pqlab::test::for_each_backend;

// RejBoundedPoly (Alg. 31) of seed ‖ IntegerToBytes(r, 2), straight from
// the standard: low nibble first, CoeffFromHalfByte (Alg. 15).
template <int Eta>
Poly reference_bounded_poly(const std::array<std::uint8_t, 64>& seed, std::uint16_t r) {
  std::vector<std::uint8_t> in(seed.begin(), seed.end());
  in.push_back(static_cast<std::uint8_t>(r));
  in.push_back(static_cast<std::uint8_t>(r >> 8));
  pqlab::hash::Shake256 xof;
  xof.absorb(in);
  Poly out{};
  std::size_t filled = 0;
  while (filled < 256) {
    std::array<std::uint8_t, 1> z;
    xof.squeeze(z);
    for (const int b : {z[0] & 15, z[0] >> 4}) {
      if (filled == 256) break;
      if (Eta == 2 && b < 15) out.c[filled++] = 2 - b % 5;
      if (Eta == 4 && b < 9) out.c[filled++] = 4 - b;
    }
  }
  return out;
}

template <int Eta>
void check_rider(std::string_view backend, std::size_t count) {
  constexpr std::size_t kPolyBytes = Eta == 2 ? 96 : 128;
  std::array<std::uint8_t, 64> seed;
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i * 29 + Eta);
  std::vector<std::uint8_t> want(count * kPolyBytes);
  for (std::size_t r = 0; r < count; ++r)
    pqlab::mldsa::detail::pack_eta<Eta>(want.data() + r * kPolyBytes,
                                        reference_bounded_poly<Eta>(seed, static_cast<std::uint16_t>(r)));

  const std::array<std::uint8_t, 2> way_seed{3, 4};
  std::array<std::uint8_t, 168 * 4> way_stream;
  pqlab::hash::shake128(way_seed, way_stream);
  for (std::size_t busy = 0; busy <= BusyWays::max; ++busy) {
    for (std::size_t squeezes = 0; squeezes <= 4; ++squeezes) {
      std::vector<std::uint8_t> got(count * kPolyBytes + 1, 0xa5);  // one guard byte
      {
        ExpandSRider<Eta> rider(seed, 0, count, pqlab::mldsa::detail::EtaSampler<Eta>{got.data()});
        BusyWays ways(way_seed, busy);
        for (std::size_t s = 0; s < squeezes; ++s) {
          ways.squeeze(&rider);
          for (std::size_t w = 0; w < busy; ++w)
            EXPECT_TRUE(std::equal(ways.blocks[w].begin(), ways.blocks[w].end(),
                                   way_stream.begin() + static_cast<std::ptrdiff_t>(168 * s)))
                << backend << " eta " << Eta << " busy " << busy << " squeeze " << s << " way " << w;
        }
        // What the first half needs, on its own; then the rest.
        rider.finish_through(count / 2);
        EXPECT_TRUE(std::equal(want.begin(), want.begin() + static_cast<std::ptrdiff_t>((count / 2 + 1) * kPolyBytes),
                               got.begin()))
            << backend << " eta " << Eta << " count " << count << " busy " << busy << " squeezes " << squeezes;
        rider.ride_alone();
      }
      EXPECT_TRUE(std::equal(want.begin(), want.end(), got.begin()))
          << backend << " eta " << Eta << " count " << count << " busy " << busy << " squeezes " << squeezes;
      EXPECT_EQ(got.back(), 0xa5) << backend << " eta " << Eta << " wrote past the end";
    }
  }
}

TEST(MldsaExpandSRider, MatchesAlg31OnePolynomialAtATime) {
  for_each_backend([](std::string_view backend) {
    // The three sets' l + k (8, 11, 15), one stream, and more streams than
    // the rider runs at once.
    for (const std::size_t count : {1u, 8u, 15u, 23u}) check_rider<2>(backend, count);
    for (const std::size_t count : {1u, 11u, 23u}) check_rider<4>(backend, count);
  });
}

template <int Gamma1Log2>
void check_mask_rider(std::string_view backend) {
  using pqlab::mldsa::detail::ExpandMaskRider;
  using pqlab::mldsa::detail::MaskSampler;
  std::array<std::uint8_t, 64> seed;
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i * 17 + Gamma1Log2);
  constexpr std::uint16_t kKappa = 0x00fe;  // nonces cross a byte boundary
  const std::array<std::uint8_t, 1> way_seed{5};
  std::size_t most_drawn = 0;
  for (std::size_t busy = 0; busy <= BusyWays::max; ++busy) {
    for (std::size_t squeezes = 0; squeezes <= 6; ++squeezes) {
      std::array<Poly, 7> got{};
      std::size_t drawn = 0;
      {
        ExpandMaskRider<Gamma1Log2> rider(seed, kKappa, got.size(), MaskSampler<Gamma1Log2>{got.data()});
        BusyWays ways(way_seed, busy);
        for (std::size_t s = 0; s < squeezes; ++s) ways.squeeze(&rider);
        drawn = rider.finish_started();
      }
      // Streams start only in free ways, so none without squeezes, and
      // never more than asked for.
      if (squeezes == 0) EXPECT_EQ(drawn, 0u) << backend;
      EXPECT_LE(drawn, 7u) << backend;
      most_drawn = drawn > most_drawn ? drawn : most_drawn;
      for (std::size_t r = 0; r < drawn; ++r) {
        Poly want;
        pqlab::mldsa::detail::expand_mask_poly<Gamma1Log2>(want, seed, static_cast<std::uint16_t>(kKappa + r));
        EXPECT_EQ(got[r].c, want.c) << backend << " gamma1 2^" << Gamma1Log2 << " busy " << busy << " squeezes "
                                    << squeezes << " r " << r;
      }
    }
  }
  // Where a call permutes several ways for the cost of one, some layout
  // leaves free ways, so the rider did ride.
  if (pqlab::hash::Shake256Ways::ways_per_call() > 1) EXPECT_GT(most_drawn, 0u) << backend;
}

TEST(MldsaExpandMaskRider, MatchesExpandMaskFromKappa) {
  for_each_backend([](std::string_view backend) {
    check_mask_rider<17>(backend);
    check_mask_rider<19>(backend);
  });
}

// expand_mask_polys with a hash riding (the signing loop's c̃ = H(μ ‖ w1)
// as HeldMask::draw_ahead passes it): 1..max_ways polynomials from κ, each
// ExpandMask's (the one-stream path), and the rider's output the one-state
// SHAKE256 of its input; inputs from one block to more blocks than the
// draw has Keccak calls.
template <int Gamma1Log2>
void check_mask_draw_with_hash(std::string_view backend) {
  std::array<std::uint8_t, 64> seed;
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i * 29 + Gamma1Log2);
  constexpr std::uint16_t kKappa = 0x01fb;
  for (const std::size_t message_bytes : {0u, 135u, 136u, 832u, 1088u}) {
    std::vector<std::uint8_t> message(message_bytes);
    for (std::size_t i = 0; i < message.size(); ++i) message[i] = static_cast<std::uint8_t>(i * 7 + 3);
    std::array<std::uint8_t, 64> want_hash;
    {
      pqlab::hash::Shake256 h;
      h.absorb(message);
      h.squeeze(want_hash);
    }
    for (std::size_t count = 1; count <= pqlab::mldsa::detail::kMaskBatch; ++count) {
      // Out of order in memory, as HeldMask's slots can be.
      std::array<Poly, pqlab::mldsa::detail::kMaskBatch> got{};
      std::array<Poly*, pqlab::mldsa::detail::kMaskBatch> outs;
      for (std::size_t r = 0; r < count; ++r) outs[r] = &got[count - 1 - r];
      std::array<std::uint8_t, 64> hash{};
      {
        pqlab::hash::KeccakRider h(pqlab::hash::Shake256::rate_bytes, 0x1f, message);
        pqlab::mldsa::detail::expand_mask_polys<Gamma1Log2>(outs.data(), seed, kKappa, count, &h);
        h.finish(hash);
      }
      EXPECT_EQ(hash, want_hash) << backend << " message " << message_bytes << " count " << count;
      for (std::size_t r = 0; r < count; ++r) {
        Poly want;
        pqlab::mldsa::detail::expand_mask_poly<Gamma1Log2>(want, seed, static_cast<std::uint16_t>(kKappa + r));
        EXPECT_EQ(outs[r]->c, want.c) << backend << " gamma1 2^" << Gamma1Log2 << " count " << count << " r " << r;
      }
    }
  }
}

TEST(MldsaExpandMaskRider, DrawCarriesAHash) {
  for_each_backend([](std::string_view backend) {
    check_mask_draw_with_hash<17>(backend);
    check_mask_draw_with_hash<19>(backend);
  });
}

}  // namespace
