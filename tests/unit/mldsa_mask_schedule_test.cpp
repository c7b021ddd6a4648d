// The signing loop's held mask (mldsa::detail::HeldMask) on every backend:
// driven as sign.cpp drives it (start at κ, then draw_ahead with a hash
// riding), each iteration's y_j is ExpandMask's polynomial for nonce κ + j
// (expand_mask_poly, the one-stream path) and stays so after the draw
// ahead, from κ = 0 and over the last iterations before κ + l would pass
// 2^16 (the draws stop at nonce 0xffff); the riding hash is SHAKE256 of its
// input.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string_view>

#include "hash/keccak_parallel.hpp"
#include "mldsa/mask_schedule.hpp"
#include "mldsa/signing_key.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"
#include "support/each_backend.hpp"

namespace {

using pqlab::mldsa::detail::ExpandedSigningKey;
using pqlab::mldsa::detail::HeldMask;
using pqlab::mldsa::detail::NttPoly;
using pqlab::mldsa::detail::Poly;
using pqlab::test::for_each_backend;

template <class P>
void check_iterations(std::string_view backend, const ExpandedSigningKey<P>& key, std::uint32_t first_kappa,
                      std::size_t iterations) {
  constexpr int kGamma1Log2 = P::z_bits - 1;
  std::array<std::uint8_t, 64> rho_second;
  for (std::size_t i = 0; i < rho_second.size(); ++i) rho_second[i] = static_cast<std::uint8_t>(i * 13 + P::l);
  const std::array<std::uint8_t, 832> commitment{};  // what c̃'s hash takes, its length for ML-DSA-44 / 65
  std::array<std::uint8_t, 48> want_hash;
  pqlab::hash::shake256(commitment, want_hash);

  HeldMask<P> mask;
  NttPoly scratch;
  Poly unused;
  std::uint32_t kappa = first_kappa;
  for (std::size_t it = 0; it < iterations && kappa <= 0xffff - P::l; ++it, kappa += P::l) {
    mask.start(key, rho_second, static_cast<std::uint16_t>(kappa), scratch);
    std::array<std::uint8_t, 48> hash{};
    {
      pqlab::hash::KeccakRider h(pqlab::hash::Shake256::rate_bytes, 0x1f, commitment);
      mask.draw_ahead(rho_second, kappa + P::l, h);
      h.finish(hash);
    }
    EXPECT_EQ(hash, want_hash) << backend << " κ " << kappa;
    for (std::size_t j = 0; j < P::l; ++j) {
      Poly want;
      pqlab::mldsa::detail::expand_mask_poly<kGamma1Log2>(want, rho_second, static_cast<std::uint16_t>(kappa + j));
      ASSERT_EQ(mask.y(j, unused).c, want.c) << backend << " l " << P::l << " κ " << kappa << " j " << j;
    }
  }
}

template <class P>
void check_set(std::string_view backend) {
  std::array<std::uint8_t, P::pk_bytes> pk;
  std::array<std::uint8_t, P::sk_bytes> sk;
  const std::array<std::uint8_t, 32> xi{7};
  ASSERT_EQ(pqlab::mldsa::keygen_internal<P>(pk, sk, xi), pqlab::Status::ok);
  ExpandedSigningKey<P> key;
  ASSERT_EQ(key.load(sk), pqlab::Status::ok);
  check_iterations<P>(backend, key, 0, 6);
  // The last multiples of l before κ + l passes 2^16.
  const std::uint32_t last = (0xffff - P::l) / P::l * P::l;
  check_iterations<P>(backend, key, last - 4 * P::l, 8);
}

TEST(MldsaHeldMask, EachIterationGetsItsNoncesOnEveryBackend) {
  for_each_backend([](std::string_view backend) {
    check_set<pqlab::mldsa::MLDSA44>(backend);
    check_set<pqlab::mldsa::MLDSA65>(backend);
    check_set<pqlab::mldsa::MLDSA87>(backend);
  });
}

}  // namespace
