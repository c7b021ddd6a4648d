// ML-DSA through its API and the registry: round trips for all three sets
// (pure and every pre-hash), rejection of flipped bits in message,
// signature and context, over-long contexts, wrong lengths, unknown
// pre-hash names, and every malformed hint encoding of FIPS 204 Alg. 21.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "mldsa/packing.hpp"
#include "pqlab/mldsa.hpp"
#include "pqlab/registry.hpp"
#include "support/each_backend.hpp"
#include "support/vectors.hpp"

namespace pqlab::test {
namespace {

const char* const kSets[] = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"};

struct Keys {
  Bytes pk, sk;
};
Keys make_keys(const Algorithm& alg) {
  Keys k{Bytes(alg.public_key_bytes), Bytes(alg.secret_key_bytes)};
  EXPECT_EQ(alg.sig->keygen(k.pk, k.sk, system_random()), Status::ok);
  return k;
}

TEST(MldsaApi, RoundTripsAndFlippedBits) {
  for (const char* name : kSets) {
    const Algorithm& alg = *find_algorithm(name);
    const Keys keys = make_keys(alg);
    Bytes msg(1000), ctx = {1, 2, 3, 4, 5};
    for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = static_cast<std::uint8_t>(i * 7);
    SignOptions opt;
    opt.context = ctx;
    Bytes sig(alg.signature_bytes);
    ASSERT_EQ(alg.sig->sign(sig, msg, keys.sk, opt, system_random()), Status::ok) << name;
    ASSERT_EQ(alg.sig->verify(sig, msg, keys.pk, opt), Status::ok) << name;

    for (const std::size_t bit : {std::size_t{0}, std::size_t{4321}, msg.size() * 8 - 1}) {
      Bytes m = msg;
      m[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      EXPECT_EQ(alg.sig->verify(sig, m, keys.pk, opt), Status::invalid_signature) << name << " msg bit " << bit;
    }
    for (std::size_t bit = 0; bit < sig.size() * 8; bit += 97) {
      Bytes s = sig;
      s[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      EXPECT_EQ(alg.sig->verify(s, msg, keys.pk, opt), Status::invalid_signature) << name << " sig bit " << bit;
    }
    for (std::size_t bit = 0; bit < ctx.size() * 8; bit += 3) {
      Bytes c = ctx;
      c[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      SignOptions o = opt;
      o.context = c;
      EXPECT_EQ(alg.sig->verify(sig, msg, keys.pk, o), Status::invalid_signature) << name << " ctx bit " << bit;
    }
    SignOptions no_ctx;
    EXPECT_EQ(alg.sig->verify(sig, msg, keys.pk, no_ctx), Status::invalid_signature) << name;

    // Deterministic signing repeats itself; hedged signing does not.
    SignOptions det = opt;
    det.mode = SignMode::deterministic;
    Bytes d1(alg.signature_bytes), d2(alg.signature_bytes), h2(alg.signature_bytes);
    ASSERT_EQ(alg.sig->sign(d1, msg, keys.sk, det, system_random()), Status::ok);
    ASSERT_EQ(alg.sig->sign(d2, msg, keys.sk, det, system_random()), Status::ok);
    EXPECT_EQ(d1, d2);
    ASSERT_EQ(alg.sig->sign(h2, msg, keys.sk, opt, system_random()), Status::ok);
    EXPECT_NE(h2, sig);
    EXPECT_EQ(alg.sig->verify(d1, msg, keys.pk, opt), Status::ok);
  }
}

TEST(MldsaApi, HashMldsaRoundTripsForEveryPreHash) {
  const char* const hashes[] = {"SHA2-224", "SHA2-256", "SHA2-384", "SHA2-512", "SHA2-512/224", "SHA2-512/256",
                                "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512", "SHAKE-128",    "SHAKE-256"};
  for (const char* name : kSets) {
    const Algorithm& alg = *find_algorithm(name);
    const Keys keys = make_keys(alg);
    const Bytes msg = {'a', 'b', 'c'};
    for (const char* h : hashes) {
      SignOptions opt;
      opt.prehash = h;
      Bytes sig(alg.signature_bytes);
      ASSERT_EQ(alg.sig->sign(sig, msg, keys.sk, opt, system_random()), Status::ok) << name << " " << h;
      EXPECT_EQ(alg.sig->verify(sig, msg, keys.pk, opt), Status::ok) << name << " " << h;
      SignOptions pure;
      EXPECT_EQ(alg.sig->verify(sig, msg, keys.pk, pure), Status::invalid_signature) << name << " " << h;
      SignOptions other = opt;
      other.prehash = std::string_view(h) == "SHA2-256" ? "SHA2-384" : "SHA2-256";
      EXPECT_EQ(alg.sig->verify(sig, msg, keys.pk, other), Status::invalid_signature) << name << " " << h;
    }
  }
}

TEST(MldsaApi, RefusesBadArguments) {
  for (const char* name : kSets) {
    const Algorithm& alg = *find_algorithm(name);
    const Keys keys = make_keys(alg);
    const Bytes msg = {1, 2, 3};
    Bytes sig(alg.signature_bytes);
    ASSERT_EQ(alg.sig->sign(sig, msg, keys.sk, {}, system_random()), Status::ok);

    const Bytes long_ctx(256, 0x41);
    SignOptions too_long;
    too_long.context = long_ctx;
    EXPECT_EQ(alg.sig->sign(sig, msg, keys.sk, too_long, system_random()), Status::invalid_argument);
    EXPECT_EQ(alg.sig->verify(sig, msg, keys.pk, too_long), Status::invalid_argument);
    const Bytes max_ctx(255, 0x41);
    SignOptions longest;
    longest.context = max_ctx;
    Bytes sig255(alg.signature_bytes);
    ASSERT_EQ(alg.sig->sign(sig255, msg, keys.sk, longest, system_random()), Status::ok);
    EXPECT_EQ(alg.sig->verify(sig255, msg, keys.pk, longest), Status::ok);

    SignOptions unknown;
    unknown.prehash = "MD5";
    EXPECT_EQ(alg.sig->sign(sig, msg, keys.sk, unknown, system_random()), Status::unsupported);
    EXPECT_EQ(alg.sig->verify(sig, msg, keys.pk, unknown), Status::unsupported);

    SignOptions short_rnd;
    const Bytes rnd(31, 0);
    short_rnd.mode = SignMode::explicit_rnd;
    short_rnd.rnd = rnd;
    EXPECT_EQ(alg.sig->sign(sig, msg, keys.sk, short_rnd, system_random()), Status::invalid_length);

    Bytes longer = sig, shorter(sig.begin(), sig.end() - 1);
    longer.push_back(0);
    EXPECT_EQ(alg.sig->verify(longer, msg, keys.pk, {}), Status::invalid_signature);
    EXPECT_EQ(alg.sig->verify(shorter, msg, keys.pk, {}), Status::invalid_signature);
    EXPECT_EQ(alg.sig->verify({}, msg, keys.pk, {}), Status::invalid_signature);
    const Bytes short_pk(keys.pk.begin(), keys.pk.end() - 1), short_sk(keys.sk.begin(), keys.sk.end() - 1);
    EXPECT_EQ(alg.sig->verify(sig, msg, short_pk, {}), Status::invalid_length);
    EXPECT_EQ(alg.sig->sign(sig, msg, short_sk, {}, system_random()), Status::invalid_length);
    const Bytes seed31(31, 0);
    Bytes pk(alg.public_key_bytes), sk(alg.secret_key_bytes);
    EXPECT_EQ(alg.sig->keygen_from_seed(pk, sk, seed31), Status::invalid_length);
  }
}

// A signing key with one s1 coefficient packed outside [-η, η] is refused.
TEST(MldsaApi, RefusesOutOfRangeSecretKey) {
  using P = mldsa::MLDSA65;  // η = 4: 4-bit fields, valid values 0..8
  Bytes pk(P::pk_bytes), sk(P::sk_bytes), sig(P::sig_bytes);
  const Bytes xi(32, 7), rnd(32, 0), msg = {9};
  ASSERT_EQ(mldsa::keygen_internal<P>(mldsa::PublicKey<P>(pk.data(), pk.size()),
                                      mldsa::SecretKey<P>(sk.data(), sk.size()), mldsa::Seed(xi.data(), 32)),
            Status::ok);
  sk[mldsa::detail::Layout<P>::sk_s1] |= 0x0f;  // first coefficient := 15 > 2η
  EXPECT_EQ(mldsa::sign_with_rnd<P>(mldsa::Signature<P>(sig.data(), sig.size()),
                                    mldsa::ConstSecretKey<P>(sk.data(), sk.size()), msg, {},
                                    mldsa::Randomness(rnd.data(), 32)),
            Status::invalid_key);
}

// FIPS 204 Alg. 21: every malformed hint encoding makes verification fail.
template <class P>
void check_hint_rejections() {
  using Lay = mldsa::detail::Layout<P>;
  Bytes pk(P::pk_bytes), sk(P::sk_bytes), sig(P::sig_bytes);
  const Bytes xi(32, 3), rnd(32, 0);
  ASSERT_EQ(mldsa::keygen_internal<P>(mldsa::PublicKey<P>(pk.data(), pk.size()),
                                      mldsa::SecretKey<P>(sk.data(), sk.size()), mldsa::Seed(xi.data(), 32)),
            Status::ok);
  const mldsa::ConstPublicKey<P> cpk(pk.data(), pk.size());
  // Find a message whose signature has a polynomial with at least two hints.
  std::size_t row = 0, first = 0;
  Bytes msg = {0};
  for (;; ++msg[0]) {
    ASSERT_EQ(mldsa::sign_with_rnd<P>(mldsa::Signature<P>(sig.data(), sig.size()),
                                      mldsa::ConstSecretKey<P>(sk.data(), sk.size()), msg, {},
                                      mldsa::Randomness(rnd.data(), 32)),
              Status::ok);
    const std::uint8_t* y = sig.data() + Lay::sig_h;
    std::size_t begin = 0;
    bool found = false;
    for (std::size_t i = 0; i < static_cast<std::size_t>(P::k) && !found; ++i) {
      if (y[P::omega + i] >= begin + 2) {
        row = i, first = begin, found = true;
      }
      begin = y[P::omega + i];
    }
    if (found && y[P::omega + P::k - 1] < P::omega) break;  // also has zero padding
  }
  auto verify = [&](const Bytes& s) {
    return mldsa::verify<P>(cpk, msg, {}, mldsa::ConstSignature<P>(s.data(), s.size()));
  };
  ASSERT_EQ(verify(sig), Status::ok);
  const std::size_t h = Lay::sig_h;
  const std::size_t total = sig[h + P::omega + P::k - 1];

  Bytes swapped = sig;  // indices within a polynomial not increasing
  std::swap(swapped[h + first], swapped[h + first + 1]);
  EXPECT_EQ(verify(swapped), Status::invalid_signature);
  Bytes repeated = sig;  // an index repeated
  repeated[h + first + 1] = repeated[h + first];
  EXPECT_EQ(verify(repeated), Status::invalid_signature);
  Bytes over = sig;  // a count over ω
  over[h + P::omega + P::k - 1] = static_cast<std::uint8_t>(P::omega + 1);
  EXPECT_EQ(verify(over), Status::invalid_signature);
  Bytes decreasing = sig;  // a count below the previous one
  if (row + 1 < static_cast<std::size_t>(P::k)) {
    decreasing[h + P::omega + row + 1] = static_cast<std::uint8_t>(first);
    EXPECT_EQ(verify(decreasing), Status::invalid_signature);
  }
  Bytes padding = sig;  // a non-zero unused index byte
  padding[h + total] = 1;
  EXPECT_EQ(verify(padding), Status::invalid_signature);
  Bytes last_padding = sig;
  last_padding[h + P::omega - 1] = 0xff;
  EXPECT_EQ(verify(last_padding), Status::invalid_signature);
}
TEST(MldsaApi, MalformedHintsRejected44) { check_hint_rejections<mldsa::MLDSA44>(); }
TEST(MldsaApi, MalformedHintsRejected65) { check_hint_rejections<mldsa::MLDSA65>(); }
TEST(MldsaApi, MalformedHintsRejected87) { check_hint_rejections<mldsa::MLDSA87>(); }

// The public signing schedules (mldsa::sign_mu_scheduled): all three give
// sign_mu's signature for the same key, μ and rnd, and it verifies; a value
// outside the enumeration is refused. On every backend, for 12 μ: the held
// schedules draw each next iteration's y ahead while c̃ is hashed (and the
// streamed one does not), so the signatures must agree whatever the number
// of iterations (an iteration passes with probability about 1/4 to 1/5, so
// across 12 μ several signatures take more than one).
template <class P>
void check_schedules_agree() {
  Bytes pk(P::pk_bytes), sk(P::sk_bytes), msg = {1, 2, 3}, rnd(mldsa::rnd_bytes, 0x5a);
  ASSERT_EQ(mldsa::keygen<P>(mldsa::PublicKey<P>(pk), mldsa::SecretKey<P>(sk), system_random()), Status::ok);
  std::array<std::uint8_t, mldsa::mu_bytes> mu;
  ASSERT_EQ(mldsa::compute_mu<P>(mu, mldsa::ConstPublicKey<P>(pk), msg, {}), Status::ok);
  for_each_backend([&](std::string_view backend) {
    for (std::size_t round = 0; round < 12; ++round) {
      mu[0] = static_cast<std::uint8_t>(round);
      Bytes want(P::sig_bytes);
      ASSERT_EQ(mldsa::sign_mu<P>(mldsa::Signature<P>(want), mldsa::ConstSecretKey<P>(sk), mu,
                                  mldsa::Randomness(rnd.data(), mldsa::rnd_bytes)),
                Status::ok);
      for (auto schedule :
           {mldsa::SigningSchedule::expanded, mldsa::SigningSchedule::compact, mldsa::SigningSchedule::streamed}) {
        Bytes sig(P::sig_bytes);
        ASSERT_EQ(mldsa::sign_mu_scheduled<P>(schedule, mldsa::Signature<P>(sig), mldsa::ConstSecretKey<P>(sk), mu,
                                              mldsa::Randomness(rnd.data(), mldsa::rnd_bytes)),
                  Status::ok);
        EXPECT_EQ(sig, want) << P::name << " " << backend << " schedule " << static_cast<int>(schedule) << " μ "
                             << round;
        EXPECT_EQ(mldsa::verify_mu<P>(mldsa::ConstPublicKey<P>(pk), mu, mldsa::ConstSignature<P>(sig)), Status::ok);
      }
    }
  });
  Bytes sig(P::sig_bytes);
  EXPECT_EQ(mldsa::sign_mu_scheduled<P>(static_cast<mldsa::SigningSchedule>(7), mldsa::Signature<P>(sig),
                                        mldsa::ConstSecretKey<P>(sk), mu,
                                        mldsa::Randomness(rnd.data(), mldsa::rnd_bytes)),
            Status::invalid_argument);
}
TEST(MldsaApi, SigningSchedulesAgree) {
  check_schedules_agree<mldsa::MLDSA44>();
  check_schedules_agree<mldsa::MLDSA65>();
  check_schedules_agree<mldsa::MLDSA87>();
}

// public_from_secret: the public key of a generated key, and invalid_key
// (pk zeroed) for a key with a changed field: tr, t0, s1, s2 (a value out of
// [-η, η] included), ρ.
template <class P>
void check_public_from_secret() {
  const Algorithm& alg = *find_algorithm(P::name);
  const Keys keys = make_keys(alg);
  using L = mldsa::detail::Layout<P>;
  Bytes pk(P::pk_bytes);
  auto derive = [&](const Bytes& sk) {
    return mldsa::public_from_secret<P>(std::span<std::uint8_t, P::pk_bytes>(pk.data(), P::pk_bytes),
                                        std::span<const std::uint8_t, P::sk_bytes>(sk.data(), P::sk_bytes));
  };
  ASSERT_EQ(derive(keys.sk), Status::ok) << P::name;
  EXPECT_EQ(pk, keys.pk) << P::name;
  for (const std::size_t at :
       {std::size_t{0}, L::sk_tr, L::sk_tr + 63, L::sk_s1, L::sk_s2 + 5, L::sk_t0, P::sk_bytes - 1}) {
    Bytes sk = keys.sk;
    sk[at] ^= 0x01;
    EXPECT_EQ(derive(sk), Status::invalid_key) << P::name << " byte " << at;
    EXPECT_EQ(pk, Bytes(P::pk_bytes, 0)) << P::name;
  }
  // K (bytes 32..63) is not bound to the public key: no check can see it.
  Bytes sk = keys.sk;
  sk[L::sk_key] ^= 0x01;
  EXPECT_EQ(derive(sk), Status::ok) << P::name;
  // An s1 value outside [-η, η]: all bits set in the first packed bytes.
  sk = keys.sk;
  sk[L::sk_s1] = 0xff;
  EXPECT_EQ(derive(sk), Status::invalid_key) << P::name;
}

TEST(MldsaApi, PublicFromSecretChecksTheExpandedKey) {
  check_public_from_secret<mldsa::MLDSA44>();
  check_public_from_secret<mldsa::MLDSA65>();
  check_public_from_secret<mldsa::MLDSA87>();
}

}  // namespace
}  // namespace pqlab::test
