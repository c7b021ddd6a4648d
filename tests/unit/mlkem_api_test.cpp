// ML-KEM through its public API: round trips, implicit rejection, and
// refusal of malformed inputs (wrong lengths, keys failing §7.2 / §7.3).
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <type_traits>

#include "pqlab/hash.hpp"
#include "pqlab/mlkem.hpp"
#include "support/each_backend.hpp"
#include "support/mlkem_checked.hpp"
#include "support/vectors.hpp"

namespace pqlab::test {
namespace {

class MlkemApi : public ::testing::TestWithParam<std::string> {};

TEST_P(MlkemApi, RoundTripWithSystemRandomness) {
  const Algorithm& alg = algorithm(GetParam());
  for (int trial = 0; trial < 20; ++trial) {
    Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes), ct(alg.ciphertext_bytes), k1(32), k2(32);
    ASSERT_EQ(alg.kem->keygen(ek, dk, system_random()), Status::ok);
    ASSERT_EQ(alg.kem->check_encaps_key(ek), Status::ok);
    ASSERT_EQ(alg.kem->check_decaps_key(dk), Status::ok);
    ASSERT_EQ(alg.kem->encaps(ct, k1, ek, system_random()), Status::ok);
    ASSERT_EQ(alg.kem->decaps(k2, ct, dk), Status::ok);
    EXPECT_EQ(k1, k2);
  }
}

// A modified ciphertext decapsulates to J(z ‖ c) (FIPS 203 Alg. 18 line 7),
// never to the real key and never to an error.
TEST_P(MlkemApi, ImplicitRejectionYieldsJOfZAndC) {
  const Algorithm& alg = algorithm(GetParam());
  Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes), ct(alg.ciphertext_bytes), k1(32), k2(32);
  ASSERT_EQ(alg.kem->keygen(ek, dk, system_random()), Status::ok);
  ASSERT_EQ(alg.kem->encaps(ct, k1, ek, system_random()), Status::ok);
  for (std::size_t pos : {std::size_t{0}, ct.size() / 2, ct.size() - 1}) {
    Bytes bad = ct;
    bad[pos] ^= 0x01;
    ASSERT_EQ(alg.kem->decaps(k2, bad, dk), Status::ok);
    EXPECT_NE(k2, k1);
    Bytes z_c(dk.end() - 32, dk.end());
    z_c.insert(z_c.end(), bad.begin(), bad.end());
    Bytes j(32);
    hash::shake256(z_c, j);
    EXPECT_EQ(k2, j) << "position " << pos;
  }
}

TEST_P(MlkemApi, RefusesWrongLengths) {
  const Algorithm& alg = algorithm(GetParam());
  Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes), ct(alg.ciphertext_bytes), k(32);
  ASSERT_EQ(alg.kem->keygen(ek, dk, system_random()), Status::ok);
  Bytes short_ek(ek.begin(), ek.end() - 1), long_ek = ek, short_dk(dk.begin(), dk.end() - 1), short_ct(ct.size() - 1);
  long_ek.push_back(0);
  EXPECT_EQ(alg.kem->encaps(ct, k, short_ek, system_random()), Status::invalid_length);
  EXPECT_EQ(alg.kem->encaps(ct, k, long_ek, system_random()), Status::invalid_length);
  EXPECT_EQ(alg.kem->decaps(k, ct, short_dk), Status::invalid_length);
  EXPECT_EQ(alg.kem->decaps(k, short_ct, dk), Status::invalid_length);
  EXPECT_EQ(alg.kem->keygen_from_seed(ek, dk, Bytes(63)), Status::invalid_length);
  EXPECT_EQ(alg.kem->encaps_derand(ct, k, ek, Bytes(31)), Status::invalid_length);
}

TEST_P(MlkemApi, DecapsulationKeyHashCheck) {
  const Algorithm& alg = algorithm(GetParam());
  Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes), ct(alg.ciphertext_bytes), k(32);
  ASSERT_EQ(alg.kem->keygen(ek, dk, system_random()), Status::ok);
  // Flip one bit in the embedded ek, then in the stored H(ek): both must fail.
  for (std::size_t pos : {alg.secret_key_bytes - 64 - alg.public_key_bytes, alg.secret_key_bytes - 64}) {
    Bytes bad = dk;
    bad[pos] ^= 0x80;
    EXPECT_EQ(alg.kem->check_decaps_key(bad), Status::invalid_key);
    EXPECT_EQ(alg.kem->decaps(k, ct, bad), Status::invalid_key);
  }
}

// A key checked once (CheckedDecapsKey, FIPS 203 §7.3) decapsulates
// exactly as decaps() does: the real key for the real ciphertext, J(z ‖ c)
// for modified ones.
TEST_P(MlkemApi, CheckedKeyDecapsulatesAsDecaps) {
  const Algorithm& alg = algorithm(GetParam());
  for (int trial = 0; trial < 5; ++trial) {
    Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes), ct(alg.ciphertext_bytes), k1(32), k2(32), k3(32);
    ASSERT_EQ(alg.kem->keygen(ek, dk, system_random()), Status::ok);
    ASSERT_EQ(alg.kem->encaps(ct, k1, ek, system_random()), Status::ok);
    ASSERT_EQ(decaps_with_checked_key(alg.name, k2, ct, dk), Status::ok);
    EXPECT_EQ(k2, k1);
    for (std::size_t pos : {std::size_t{0}, ct.size() / 3, ct.size() - 1}) {
      Bytes bad = ct;
      bad[pos] ^= static_cast<std::uint8_t>(1u << (trial % 8));
      ASSERT_EQ(alg.kem->decaps(k2, bad, dk), Status::ok);
      ASSERT_EQ(decaps_with_checked_key(alg.name, k3, bad, dk), Status::ok);
      EXPECT_EQ(k3, k2) << "position " << pos;
      EXPECT_NE(k3, k1) << "position " << pos;
    }
  }
}

// A dk whose stored H(ek) or embedded ek was changed cannot become a
// CheckedDecapsKey (and decapsulating through one fails with the check).
TEST_P(MlkemApi, CorruptedKeyCannotBeChecked) {
  const Algorithm& alg = algorithm(GetParam());
  Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes), ct(alg.ciphertext_bytes), k(32, 0xa5);
  ASSERT_EQ(alg.kem->keygen(ek, dk, system_random()), Status::ok);
  for (std::size_t pos :
       {alg.secret_key_bytes - 64 - alg.public_key_bytes, alg.secret_key_bytes - 64, alg.secret_key_bytes - 33}) {
    Bytes bad = dk;
    bad[pos] ^= 0x01;
    EXPECT_EQ(decaps_with_checked_key(alg.name, k, ct, bad), Status::invalid_key) << "position " << pos;
    EXPECT_EQ(k, Bytes(32, 0xa5));
  }
}

using CheckedKey768 = mlkem::CheckedDecapsKey<mlkem::MLKEM768>;
static_assert(!std::is_default_constructible_v<CheckedKey768>);
static_assert(!std::is_constructible_v<CheckedKey768, mlkem::ConstDecapsKey<mlkem::MLKEM768>>);
static_assert(!std::is_constructible_v<CheckedKey768, mlkem::DecapsKey<mlkem::MLKEM768>>);

// check_decaps_key empties the optional when the check fails, even if it
// held a key checked before.
TEST(MlkemCheckedKey, FailedCheckLeavesNoKey) {
  using P = mlkem::MLKEM768;
  std::array<std::uint8_t, P::ek_bytes> ek;
  std::array<std::uint8_t, P::dk_bytes> dk;
  ASSERT_EQ(mlkem::keygen<P>(ek, dk, system_random()), Status::ok);
  std::optional<mlkem::CheckedDecapsKey<P>> checked;
  ASSERT_EQ(mlkem::check_decaps_key<P>(dk, checked), Status::ok);
  ASSERT_TRUE(checked.has_value());
  EXPECT_EQ(checked->bytes().data(), dk.data());
  auto bad = dk;
  bad[P::dk_bytes - 64] ^= 0x40;
  EXPECT_EQ(mlkem::check_decaps_key<P>(bad, checked), Status::invalid_key);
  EXPECT_FALSE(checked.has_value());
}

TEST_P(MlkemApi, ModulusCheckOnEachCoefficientPosition) {
  const Algorithm& alg = algorithm(GetParam());
  Bytes ek(alg.public_key_bytes), dk(alg.secret_key_bytes);
  ASSERT_EQ(alg.kem->keygen(ek, dk, system_random()), Status::ok);
  // Set the first 12-bit value of each polynomial to q = 3329 = 0xd01.
  for (std::size_t poly = 0; poly * 384 + 32 < ek.size(); ++poly) {
    Bytes bad = ek;
    bad[384 * poly] = 0x01;
    bad[384 * poly + 1] = static_cast<std::uint8_t>((bad[384 * poly + 1] & 0xf0) | 0x0d);
    EXPECT_EQ(alg.kem->check_encaps_key(bad), Status::invalid_key) << "polynomial " << poly;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSets, MlkemApi, ::testing::Values("ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"),
                         [](const auto& p) { return p.param.substr(7); });

// Key generation takes a different Keccak schedule where the backend's
// 8-way call is cheap (ML-KEM-768's noise riding in Â's idle ways):
// every backend must give the portable one's bytes, for keys and for an
// encapsulation under them.
template <class P>
void expect_same_on_every_backend() {
  namespace m = pqlab::mlkem;
  for (std::size_t trial = 0; trial < 8; ++trial) {
    std::array<std::uint8_t, 32> d{}, z{}, msg{};
    for (std::size_t i = 0; i < 32; ++i) {
      d[i] = static_cast<std::uint8_t>(trial * 31 + i);
      z[i] = static_cast<std::uint8_t>(trial * 17 + 3 * i);
      msg[i] = static_cast<std::uint8_t>(trial * 7 + 5 * i);
    }
    std::optional<std::array<Bytes, 4>> reference;  // ek, dk, ct, K
    for_each_backend([&](std::string_view name) {
      Bytes ek(P::ek_bytes), dk(P::dk_bytes), ct(P::ct_bytes), key(32);
      ASSERT_EQ(m::keygen_derand<P>(m::EncapsKey<P>(ek.data(), ek.size()), m::DecapsKey<P>(dk.data(), dk.size()),
                                    m::Seed(d.data(), 32), m::Seed(z.data(), 32)),
                Status::ok);
      ASSERT_EQ(m::encaps_derand<P>(m::Ciphertext<P>(ct.data(), ct.size()), m::SharedSecret(key.data(), 32),
                                    m::ConstEncapsKey<P>(ek.data(), ek.size()), m::Seed(msg.data(), 32)),
                Status::ok);
      const std::array<Bytes, 4> got{ek, dk, ct, key};
      if (!reference) reference = got;  // available() lists portable first
      EXPECT_EQ(got, *reference) << P::name << " on " << name << ", trial " << trial;
    });
  }
}

TEST(MlkemBackends, KeysAndCiphertextsIdenticalOnEveryBackend) {
  expect_same_on_every_backend<pqlab::mlkem::MLKEM512>();
  expect_same_on_every_backend<pqlab::mlkem::MLKEM768>();
  expect_same_on_every_backend<pqlab::mlkem::MLKEM1024>();
}

TEST(MlkemRegistry, NamesAreCaseInsensitiveAndSizesMatchFips203) {
  const Algorithm* a = find_algorithm("ml-kem-768");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->name, "ML-KEM-768");
  EXPECT_EQ(a->public_key_bytes, 1184u);
  EXPECT_EQ(a->secret_key_bytes, 2400u);
  EXPECT_EQ(a->ciphertext_bytes, 1088u);
  EXPECT_EQ(find_algorithm("ML-KEM-769"), nullptr);
  static_assert(mlkem::MLKEM512::ct_bytes == 768 && mlkem::MLKEM1024::ek_bytes == 1568);
}

}  // namespace
}  // namespace pqlab::test
