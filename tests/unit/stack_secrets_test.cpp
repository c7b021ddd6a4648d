// Secrets must not outlive the call on the stack: each operation runs on a
// thread with a painted stack (lab/harness/stack_meter), every caller
// buffer lives on the heap, and afterwards the whole stack is searched for
// the secret seed and for secrets derived from it. Any 8-byte aligned piece
// of a secret found there is a wipe the library missed. Every kernel
// backend in pqlab::kernels::available() is checked.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/stack_meter.hpp"
#include "pqlab/hash.hpp"
#include "pqlab/mldsa.hpp"
#include "pqlab/mlkem.hpp"
#include "pqlab/slhdsa.hpp"
#include "support/each_backend.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
using pqlab::test::for_each_backend;

struct Secret {
  std::string name;
  Bytes bytes;
};

Bytes pattern(std::size_t n, std::uint8_t salt) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>((i * 167 + salt * 59 + 11) ^ (i >> 3));
  return b;
}

// The first offset in `stack` holding some 8-byte piece of `secret`, or npos.
std::size_t find_piece(std::span<const unsigned char> stack, const Bytes& secret) {
  constexpr std::size_t piece = 8;
  for (std::size_t at = 0; at + piece <= secret.size(); at += piece) {
    const auto it = std::search(stack.begin(), stack.end(), secret.begin() + static_cast<std::ptrdiff_t>(at),
                                secret.begin() + static_cast<std::ptrdiff_t>(at + piece));
    if (it != stack.end()) return static_cast<std::size_t>(it - stack.begin());
  }
  return static_cast<std::size_t>(-1);
}

// Runs op on a painted stack, then requires that none of the secrets is on it.
void expect_no_secret_left(const std::string& what, const std::function<void()>& op,
                           const std::vector<Secret>& secrets) {
  pqlab::lab::run_on_painted_stack(
      op,
      [&](std::span<const unsigned char> stack) {
    for (const Secret& s : secrets) {
      const std::size_t at = find_piece(stack, s.bytes);
      EXPECT_EQ(at, static_cast<std::size_t>(-1)) << what << " left a piece of " << s.name << " on the stack, "
                                                  << (stack.size() - at) << " bytes below its top";
    }
      },
      std::size_t{1} << 20);
}

Bytes concat(const Bytes& a, const Bytes& b) {
  Bytes r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

template <class P>
void check_mlkem() {
  namespace m = pqlab::mlkem;
  const Bytes d = pattern(32, 1), z = pattern(32, 2), msg = pattern(32, 3);
  // (ρ, σ) = G(d ‖ k): σ is the secret noise seed; (K, r) = G(m ‖ H(ek)).
  Bytes g_in = d;
  g_in.push_back(static_cast<std::uint8_t>(P::k));
  Bytes rho_sigma(64);
  pqlab::hash::sha3_512(g_in, std::span<std::uint8_t, 64>(rho_sigma.data(), 64));
  const Bytes sigma(rho_sigma.begin() + 32, rho_sigma.end());

  Bytes ek(P::ek_bytes), dk(P::dk_bytes), ct(P::ct_bytes), key(32), key_again(32);
  expect_no_secret_left(
      std::string(P::name) + " keygen",
      [&] {
    ASSERT_EQ(m::keygen_derand<P>(m::EncapsKey<P>(ek.data(), ek.size()), m::DecapsKey<P>(dk.data(), dk.size()),
                                  m::Seed(d.data(), 32), m::Seed(z.data(), 32)),
              pqlab::Status::ok);
      },
      {{"d", d}, {"z", z}, {"sigma", sigma}});
  // The encoded ŝ (dk_pke) is only known after keygen: run it again for that.
  expect_no_secret_left(
      std::string(P::name) + " keygen (again)",
      [&] {
    ASSERT_EQ(m::keygen_derand<P>(m::EncapsKey<P>(ek.data(), ek.size()), m::DecapsKey<P>(dk.data(), dk.size()),
                                  m::Seed(d.data(), 32), m::Seed(z.data(), 32)),
              pqlab::Status::ok);
      },
      {{"s (dk_pke)", Bytes(dk.begin(), dk.begin() + 384 * P::k)}});

  Bytes h_ek(32);
  pqlab::hash::sha3_256(ek, std::span<std::uint8_t, 32>(h_ek.data(), 32));
  Bytes k_r(64);
  pqlab::hash::sha3_512(concat(msg, h_ek), std::span<std::uint8_t, 64>(k_r.data(), 64));
  const Bytes shared_key(k_r.begin(), k_r.begin() + 32), r(k_r.begin() + 32, k_r.end());
  expect_no_secret_left(
      std::string(P::name) + " encaps",
      [&] {
    ASSERT_EQ(m::encaps_derand<P>(m::Ciphertext<P>(ct.data(), ct.size()), m::SharedSecret(key.data(), 32),
                                  m::ConstEncapsKey<P>(ek.data(), ek.size()), m::Seed(msg.data(), 32)),
              pqlab::Status::ok);
      },
      {{"m", msg}, {"r", r}, {"K", shared_key}});
  expect_no_secret_left(
      std::string(P::name) + " decaps",
      [&] {
    ASSERT_EQ(m::decaps<P>(m::SharedSecret(key_again.data(), 32), m::ConstCiphertext<P>(ct.data(), ct.size()),
                           m::ConstDecapsKey<P>(dk.data(), dk.size())),
              pqlab::Status::ok);
      },
      {{"m", msg}, {"r", r}, {"K", shared_key}, {"z", z}, {"s (dk_pke)", Bytes(dk.begin(), dk.begin() + 384 * P::k)}});
  EXPECT_EQ(key, shared_key);
  EXPECT_EQ(key_again, shared_key);
}

TEST(StackSecrets, MlKem) {
  for_each_backend([](std::string_view) {
    check_mlkem<pqlab::mlkem::MLKEM512>();
    check_mlkem<pqlab::mlkem::MLKEM768>();
    check_mlkem<pqlab::mlkem::MLKEM1024>();
  });
}

template <class P>
void check_mldsa() {
  namespace d = pqlab::mldsa;
  const Bytes xi = pattern(32, 4), rnd = pattern(32, 5), msg = pattern(40, 6);
  // (ρ, ρ', K) = H(ξ ‖ k ‖ l, 128): ρ' and K are secret.
  Bytes seed_in = xi;
  seed_in.push_back(static_cast<std::uint8_t>(P::k));
  seed_in.push_back(static_cast<std::uint8_t>(P::l));
  Bytes expanded(128);
  pqlab::hash::shake256(seed_in, expanded);
  const Bytes rho_prime(expanded.begin() + 32, expanded.begin() + 96), key(expanded.begin() + 96, expanded.end());

  Bytes pk(P::pk_bytes), sk(P::sk_bytes), sig(P::sig_bytes);
  expect_no_secret_left(
      std::string(P::name) + " keygen",
      [&] {
    ASSERT_EQ(d::keygen_internal<P>(d::PublicKey<P>(pk.data(), pk.size()), d::SecretKey<P>(sk.data(), sk.size()),
                                    d::Seed(xi.data(), 32)),
              pqlab::Status::ok);
      },
      {{"xi", xi}, {"rho'", rho_prime}, {"K", key}});
  // ρ'' = H(K ‖ rnd ‖ μ, 64), μ = H(tr ‖ M', 64), M' = 0 ‖ 0 ‖ msg.
  Bytes mu(64);
  ASSERT_EQ(d::compute_mu<P>(std::span<std::uint8_t, 64>(mu.data(), 64), d::ConstPublicKey<P>(pk.data(), pk.size()),
                             msg, {}),
            pqlab::Status::ok);
  Bytes rho_second(64);
  pqlab::hash::shake256(concat(concat(key, rnd), mu), rho_second);
  const Bytes s1_s2(sk.begin() + 128, sk.begin() + 128 + 32 * (P::k + P::l) * P::eta_bits);
  expect_no_secret_left(
      std::string(P::name) + " sign",
      [&] {
    ASSERT_EQ(d::sign_with_rnd<P>(d::Signature<P>(sig.data(), sig.size()), d::ConstSecretKey<P>(sk.data(), sk.size()),
                                  msg, {}, d::Randomness(rnd.data(), 32)),
              pqlab::Status::ok);
      },
      {{"rnd", rnd}, {"K", key}, {"rho''", rho_second}, {"s1 ‖ s2 (packed)", s1_s2}});
  EXPECT_EQ(d::verify<P>(d::ConstPublicKey<P>(pk.data(), pk.size()), msg, {},
                         d::ConstSignature<P>(sig.data(), sig.size())),
            pqlab::Status::ok);
}

TEST(StackSecrets, MlDsa) {
  for_each_backend([](std::string_view) {
    check_mldsa<pqlab::mldsa::MLDSA44>();
    check_mldsa<pqlab::mldsa::MLDSA65>();
    check_mldsa<pqlab::mldsa::MLDSA87>();
  });
}

template <class P>
void check_slhdsa() {
  namespace s = pqlab::slhdsa;
  const Bytes seed = pattern(P::seed_bytes, 7), opt_rand = pattern(P::n, 8), msg = pattern(24, 9);
  const Bytes sk_seed(seed.begin(), seed.begin() + P::n), sk_prf(seed.begin() + P::n, seed.begin() + 2 * P::n);
  Bytes pk(P::pk_bytes), sk(P::sk_bytes), sig(P::sig_bytes);
  expect_no_secret_left(
      std::string(P::name) + " keygen",
      [&] {
    ASSERT_EQ(s::keygen_internal<P>(s::PublicKey<P>(pk.data(), pk.size()), s::SecretKey<P>(sk.data(), sk.size()),
                                    s::KeySeed<P>(seed.data(), seed.size())),
              pqlab::Status::ok);
      },
      {{"SK.seed", sk_seed}, {"SK.prf", sk_prf}});
  expect_no_secret_left(
      std::string(P::name) + " sign",
      [&] {
    ASSERT_EQ(s::sign_with_opt_rand<P>(s::Signature<P>(sig.data(), sig.size()), msg, {},
                                       s::ConstSecretKey<P>(sk.data(), sk.size()),
                                       s::OptRand<P>(opt_rand.data(), opt_rand.size())),
              pqlab::Status::ok);
      },
      {{"SK.seed", sk_seed}, {"SK.prf", sk_prf}, {"opt_rand", opt_rand}});
  EXPECT_EQ(s::verify<P>(sig, msg, {}, s::ConstPublicKey<P>(pk.data(), pk.size())), pqlab::Status::ok);
}

TEST(StackSecrets, SlhDsa) {
  for_each_backend([](std::string_view) {
    check_slhdsa<pqlab::slhdsa::SLHDSA_SHA2_128f>();
    check_slhdsa<pqlab::slhdsa::SLHDSA_SHAKE_128f>();
    check_slhdsa<pqlab::slhdsa::SLHDSA_SHA2_192f>();
  });
}

}  // namespace
