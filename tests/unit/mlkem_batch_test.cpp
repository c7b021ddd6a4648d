// The ML-KEM batch API against one-at-a-time calls: every item of a batch
// (1..8 items, every parameter set, every kernel backend) must equal the
// single call's output, tampered ciphertexts included; malformed batches
// and bad keys are refused without output.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "pqlab/mlkem.hpp"
#include "pqlab/registry.hpp"
#include "support/each_backend.hpp"

namespace {

using pqlab::Status;
using pqlab::test::for_each_backend;
namespace mlkem = pqlab::mlkem;

// The keys, ciphertexts and secrets of a batch of `count` items, with the
// spans the batch calls take.
template <class P>
struct Batch {
  explicit Batch(std::size_t n) : count(n), ek(n), dk(n), ct(n), key(n), d(n), z(n), m(n) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t b = 0; b < 32; ++b) {
        d[i][b] = static_cast<std::uint8_t>(17 * i + b);
        z[i][b] = static_cast<std::uint8_t>(29 * i + 3 * b);
        m[i][b] = static_cast<std::uint8_t>(41 * i + 5 * b + 1);
      }
  }
  std::size_t count;
  std::vector<std::array<std::uint8_t, P::ek_bytes>> ek;
  std::vector<std::array<std::uint8_t, P::dk_bytes>> dk;
  std::vector<std::array<std::uint8_t, P::ct_bytes>> ct;
  std::vector<std::array<std::uint8_t, 32>> key;
  std::vector<std::array<std::uint8_t, 32>> d, z, m;

  template <class Span, class Array>
  static std::vector<Span> spans(std::vector<Array>& v) {
    return std::vector<Span>(v.begin(), v.end());
  }
  Status keygen() {
    auto eks = spans<mlkem::EncapsKey<P>>(ek);
    auto dks = spans<mlkem::DecapsKey<P>>(dk);
    auto ds = spans<mlkem::Seed>(d);
    auto zs = spans<mlkem::Seed>(z);
    return mlkem::keygen_batch_derand<P>(eks, dks, ds, zs);
  }
  Status encaps() {
    auto cts = spans<mlkem::Ciphertext<P>>(ct);
    auto keys = spans<mlkem::SharedSecret>(key);
    auto eks = spans<mlkem::ConstEncapsKey<P>>(ek);
    auto ms = spans<mlkem::Seed>(m);
    return mlkem::encaps_batch_derand<P>(cts, keys, eks, ms);
  }
  Status decaps() {
    auto keys = spans<mlkem::SharedSecret>(key);
    auto cts = spans<mlkem::ConstCiphertext<P>>(ct);
    auto dks = spans<mlkem::ConstDecapsKey<P>>(dk);
    return mlkem::decaps_batch<P>(keys, cts, dks);
  }
};

template <class P>
void expect_batches_equal_single_calls() {
  for_each_backend([](std::string_view backend) {
    for (std::size_t count = 1; count <= mlkem::max_batch; ++count) {
      SCOPED_TRACE(std::string(P::name) + " on " + std::string(backend) + ", batch of " + std::to_string(count));
      Batch<P> b(count);
      ASSERT_EQ(b.keygen(), Status::ok);
      ASSERT_EQ(b.encaps(), Status::ok);
      const auto encaps_keys = b.key;
      for (std::size_t i = 0; i < count; ++i) {
        std::array<std::uint8_t, P::ek_bytes> ek;
        std::array<std::uint8_t, P::dk_bytes> dk;
        ASSERT_EQ(mlkem::keygen_derand<P>(ek, dk, b.d[i], b.z[i]), Status::ok);
        EXPECT_EQ(b.ek[i], ek) << "ek " << i;
        EXPECT_EQ(b.dk[i], dk) << "dk " << i;
        std::array<std::uint8_t, P::ct_bytes> ct;
        std::array<std::uint8_t, 32> key;
        ASSERT_EQ(mlkem::encaps_derand<P>(ct, key, ek, b.m[i]), Status::ok);
        EXPECT_EQ(b.ct[i], ct) << "ct " << i;
        EXPECT_EQ(b.key[i], key) << "encaps key " << i;
      }
      // Every other ciphertext tampered: implicit rejection item by item.
      for (std::size_t i = 0; i < count; i += 2) b.ct[i][i] ^= 0x40;
      ASSERT_EQ(b.decaps(), Status::ok);
      for (std::size_t i = 0; i < count; ++i) {
        std::array<std::uint8_t, 32> key;
        ASSERT_EQ(mlkem::decaps<P>(key, b.ct[i], b.dk[i]), Status::ok);
        EXPECT_EQ(b.key[i], key) << "decaps key " << i;
        if (i % 2 == 1)
          EXPECT_EQ(b.key[i], encaps_keys[i]) << "untampered item " << i;
        else
          EXPECT_NE(b.key[i], encaps_keys[i]) << "tampered item " << i;
      }
    }
  });
}

TEST(MlkemBatch, EqualsSingleCalls512) { expect_batches_equal_single_calls<mlkem::MLKEM512>(); }
TEST(MlkemBatch, EqualsSingleCalls768) { expect_batches_equal_single_calls<mlkem::MLKEM768>(); }
TEST(MlkemBatch, EqualsSingleCalls1024) { expect_batches_equal_single_calls<mlkem::MLKEM1024>(); }

TEST(MlkemBatch, RefusesMalformedBatchesAndBadKeys) {
  using P = mlkem::MLKEM768;
  Batch<P> b(3);
  ASSERT_EQ(b.keygen(), Status::ok);
  ASSERT_EQ(b.encaps(), Status::ok);
  const auto cts_before = b.ct;
  const auto keys_before = b.key;

  // Empty, over-long and mismatched batches.
  Batch<P> empty(0);
  EXPECT_EQ(empty.keygen(), Status::invalid_argument);
  EXPECT_EQ(empty.encaps(), Status::invalid_argument);
  EXPECT_EQ(empty.decaps(), Status::invalid_argument);
  Batch<P> nine(mlkem::max_batch + 1);
  EXPECT_EQ(nine.keygen(), Status::invalid_argument);
  EXPECT_EQ(nine.encaps(), Status::invalid_argument);
  EXPECT_EQ(nine.decaps(), Status::invalid_argument);
  {
    auto cts = Batch<P>::spans<mlkem::Ciphertext<P>>(b.ct);
    auto keys = Batch<P>::spans<mlkem::SharedSecret>(b.key);
    auto eks = Batch<P>::spans<mlkem::ConstEncapsKey<P>>(b.ek);
    auto ms = Batch<P>::spans<mlkem::Seed>(b.m);
    keys.pop_back();
    EXPECT_EQ(mlkem::encaps_batch_derand<P>(cts, keys, eks, ms), Status::invalid_argument);
    EXPECT_EQ(mlkem::encaps_batch<P>(cts, keys, eks, pqlab::system_random()), Status::invalid_argument);
  }

  // One ek failing the modulus check (a coefficient set to q = 3329 in the
  // second polynomial): the whole batch is refused and nothing is written.
  auto bad_ek = b;
  bad_ek.ek[1][384] = 0x01;
  bad_ek.ek[1][385] = static_cast<std::uint8_t>((bad_ek.ek[1][385] & 0xf0) | 0x0d);
  EXPECT_EQ(bad_ek.encaps(), Status::invalid_key);
  EXPECT_EQ(bad_ek.ct, cts_before);
  EXPECT_EQ(bad_ek.key, keys_before);

  // One dk whose stored H(ek) does not match: refused, nothing written.
  auto bad_dk = b;
  bad_dk.dk[2][P::dk_bytes - 40] ^= 0x01;
  EXPECT_EQ(bad_dk.decaps(), Status::invalid_key);
  EXPECT_EQ(bad_dk.key, keys_before);
}

// The registry's type-erased batch (what the bench calls): sizes checked
// item by item, counts and span lengths checked, and a good batch equal to
// the typed call's keys decapsulating.
TEST(MlkemBatch, RegistryEntryChecksEveryItem) {
  const pqlab::Algorithm* alg = pqlab::find_algorithm("ML-KEM-768");
  ASSERT_NE(alg, nullptr);
  ASSERT_NE(alg->kem->encaps_batch, nullptr);
  using Buffer = std::vector<std::uint8_t>;
  std::vector<Buffer> ek(3, Buffer(alg->public_key_bytes)), dk(3, Buffer(alg->secret_key_bytes)),
      ct(3, Buffer(alg->ciphertext_bytes)), ss(3, Buffer(32));
  for (std::size_t i = 0; i < 3; ++i) ASSERT_EQ(alg->kem->keygen(ek[i], dk[i], pqlab::system_random()), Status::ok);
  auto spans = [](std::vector<Buffer>& v) { return std::vector<pqlab::Bytes>(v.begin(), v.end()); };
  auto const_spans = [](std::vector<Buffer>& v) { return std::vector<pqlab::ConstBytes>(v.begin(), v.end()); };
  auto cts = spans(ct), sss = spans(ss);
  auto eks = const_spans(ek);
  ASSERT_EQ(alg->kem->encaps_batch(cts, sss, eks, pqlab::system_random()), Status::ok);
  for (std::size_t i = 0; i < 3; ++i) {
    Buffer key(32);
    ASSERT_EQ(alg->kem->decaps(key, ct[i], dk[i]), Status::ok);
    EXPECT_EQ(key, ss[i]) << "item " << i;
  }
  Buffer short_ek(alg->public_key_bytes - 1), short_ct(alg->ciphertext_bytes - 1), short_ss(31);
  auto bad_eks = eks;
  bad_eks[2] = short_ek;
  EXPECT_EQ(alg->kem->encaps_batch(cts, sss, bad_eks, pqlab::system_random()), Status::invalid_length);
  auto bad_cts = cts;
  bad_cts[1] = short_ct;
  EXPECT_EQ(alg->kem->encaps_batch(bad_cts, sss, eks, pqlab::system_random()), Status::invalid_length);
  auto bad_sss = sss;
  bad_sss[0] = short_ss;
  EXPECT_EQ(alg->kem->encaps_batch(cts, bad_sss, eks, pqlab::system_random()), Status::invalid_length);
  auto fewer = sss;
  fewer.pop_back();
  EXPECT_EQ(alg->kem->encaps_batch(cts, fewer, eks, pqlab::system_random()), Status::invalid_argument);
  EXPECT_EQ(alg->kem->encaps_batch({}, {}, {}, pqlab::system_random()), Status::invalid_argument);
  std::vector<Buffer> nine(9, Buffer(alg->public_key_bytes));
  auto nine_eks = const_spans(nine);
  auto nine_cts = std::vector<pqlab::Bytes>(9, cts[0]), nine_sss = std::vector<pqlab::Bytes>(9, sss[0]);
  EXPECT_EQ(alg->kem->encaps_batch(nine_cts, nine_sss, nine_eks, pqlab::system_random()), Status::invalid_argument);
}

}  // namespace
