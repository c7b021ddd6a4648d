// ML-DSA batch verification against one-at-a-time verify(): every item of a
// batch (1..8 items, every parameter set, every kernel backend) gets the
// status the single call returns, for valid signatures, messages and
// contexts of different lengths, and for each kind of bad item (changed
// signature or message, over-long context, malformed hints, z out of
// range). Malformed batches are refused without writing any result.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "pqlab/mldsa.hpp"
#include "pqlab/registry.hpp"
#include "support/each_backend.hpp"

namespace {

using pqlab::Status;
using pqlab::test::for_each_backend;
namespace mldsa = pqlab::mldsa;

// Eight signed items; items 2..6 are then spoiled, one way each.
template <class P>
struct Items {
  static constexpr std::size_t n = mldsa::max_batch;
  std::vector<std::array<std::uint8_t, P::pk_bytes>> pk = std::vector<std::array<std::uint8_t, P::pk_bytes>>(n);
  std::vector<std::array<std::uint8_t, P::sig_bytes>> sig = std::vector<std::array<std::uint8_t, P::sig_bytes>>(n);
  std::vector<std::vector<std::uint8_t>> msg = std::vector<std::vector<std::uint8_t>>(n);
  std::vector<std::vector<std::uint8_t>> ctx = std::vector<std::vector<std::uint8_t>>(n);
  std::vector<Status> want = std::vector<Status>(n, Status::ok);

  Items() {
    std::array<std::uint8_t, P::sk_bytes> sk;
    const std::array<std::uint8_t, 32> rnd{};
    for (std::size_t i = 0; i < n; ++i) {
      std::array<std::uint8_t, 32> xi{};
      xi[0] = static_cast<std::uint8_t>(i + 1);
      EXPECT_EQ(mldsa::keygen_internal<P>(pk[i], sk, xi), Status::ok);
      msg[i].assign(37 * i * i, static_cast<std::uint8_t>(i));  // 0 .. 1813 bytes
      ctx[i].assign(i % 2 == 0 ? 0 : 36 * i, static_cast<std::uint8_t>(0x5a));
      EXPECT_EQ(mldsa::sign_with_rnd<P>(sig[i], sk, msg[i], ctx[i], rnd), Status::ok);
    }
    sig[2][P::ctilde_bytes + 5] ^= 1;                                     // z changed
    msg[3].push_back(0);                                                  // another message
    ctx[4].assign(256, 0);                                                // context too long
    sig[5][P::sig_bytes - 1] = static_cast<std::uint8_t>(P::omega + 1);   // hint count over ω
    for (std::size_t b = 0; b < 4; ++b) sig[6][P::ctilde_bytes + b] = 0;  // z[0] = γ1: out of range
    want[2] = want[3] = want[5] = want[6] = Status::invalid_signature;
    want[4] = Status::invalid_argument;
  }

  // The batch of items first .. first + count - 1.
  Status verify_batch(std::size_t first, std::size_t count, std::vector<Status>& results) {
    std::vector<mldsa::ConstPublicKey<P>> pks;
    std::vector<mldsa::ConstSignature<P>> sigs;
    std::vector<mldsa::Message> msgs;
    std::vector<mldsa::Context> ctxs;
    for (std::size_t i = first; i < first + count; ++i) {
      pks.emplace_back(pk[i]);
      sigs.emplace_back(sig[i]);
      msgs.emplace_back(msg[i]);
      ctxs.emplace_back(ctx[i]);
    }
    results.assign(count, Status::unsupported);
    return mldsa::verify_batch<P>(results, pks, msgs, ctxs, sigs);
  }
};

template <class P>
void expect_batches_equal_single_calls() {
  Items<P> items;
  for_each_backend([&](std::string_view backend) {
    for (std::size_t i = 0; i < Items<P>::n; ++i)
      ASSERT_EQ(mldsa::verify<P>(items.pk[i], items.msg[i], items.ctx[i], items.sig[i]), items.want[i])
          << backend << " item " << i;
    for (std::size_t count = 1; count <= Items<P>::n; ++count) {
      for (std::size_t first = 0; first + count <= Items<P>::n; first += count) {
        std::vector<Status> results;
        ASSERT_EQ(items.verify_batch(first, count, results), Status::ok);
        for (std::size_t j = 0; j < count; ++j)
          EXPECT_EQ(results[j], items.want[first + j]) << backend << " batch of " << count << ", item " << first + j;
      }
    }
  });
}

TEST(MldsaBatch, VerifyEqualsSingleCalls44) { expect_batches_equal_single_calls<mldsa::MLDSA44>(); }
TEST(MldsaBatch, VerifyEqualsSingleCalls65) { expect_batches_equal_single_calls<mldsa::MLDSA65>(); }
TEST(MldsaBatch, VerifyEqualsSingleCalls87) { expect_batches_equal_single_calls<mldsa::MLDSA87>(); }

TEST(MldsaBatch, RefusesMalformedBatches) {
  using P = mldsa::MLDSA44;
  Items<P> items;
  std::vector<Status> results;
  EXPECT_EQ(items.verify_batch(0, 0, results), Status::invalid_argument);  // empty
  // Nine items: one too many.
  std::vector<mldsa::ConstPublicKey<P>> pks(9, mldsa::ConstPublicKey<P>(items.pk[0]));
  std::vector<mldsa::ConstSignature<P>> sigs(9, mldsa::ConstSignature<P>(items.sig[0]));
  std::vector<mldsa::Message> msgs(9, mldsa::Message(items.msg[0]));
  std::vector<mldsa::Context> ctxs(9, mldsa::Context(items.ctx[0]));
  std::vector<Status> nine(9, Status::unsupported);
  EXPECT_EQ(mldsa::verify_batch<P>(nine, pks, msgs, ctxs, sigs), Status::invalid_argument);
  for (Status s : nine) EXPECT_EQ(s, Status::unsupported);  // nothing written (verify never returns it)
  // Spans of different sizes.
  std::vector<Status> two(2, Status::unsupported);
  const auto first = [](auto& v, std::size_t k) { return std::span(v.data(), k); };
  EXPECT_EQ(mldsa::verify_batch<P>(two, first(pks, 2), first(msgs, 2), first(ctxs, 2), first(sigs, 3)),
            Status::invalid_argument);
  EXPECT_EQ(mldsa::verify_batch<P>(two, first(pks, 3), first(msgs, 3), first(ctxs, 3), first(sigs, 3)),
            Status::invalid_argument);
  EXPECT_EQ(mldsa::verify_batch<P>(two, first(pks, 2), first(msgs, 1), first(ctxs, 2), first(sigs, 2)),
            Status::invalid_argument);
  for (Status s : two) EXPECT_EQ(s, Status::unsupported);
}

// The registry's entry (what the bench calls): same results as the typed
// call; wrong-length keys or signatures, mismatched and empty or over-long
// batches are refused without a result.
TEST(MldsaBatch, RegistryEntryChecksEveryItem) {
  using P = mldsa::MLDSA65;
  Items<P> items;
  const pqlab::Algorithm* alg = pqlab::find_algorithm("ML-DSA-65");
  ASSERT_NE(alg, nullptr);
  ASSERT_NE(alg->sig->verify_batch, nullptr);
  std::vector<pqlab::ConstBytes> sigs, msgs, ctxs, pks;
  for (std::size_t i = 0; i < Items<P>::n; ++i) {
    sigs.emplace_back(items.sig[i]);
    msgs.emplace_back(items.msg[i]);
    ctxs.emplace_back(items.ctx[i]);
    pks.emplace_back(items.pk[i]);
  }
  std::vector<Status> results(Items<P>::n, Status::unsupported);
  ASSERT_EQ(alg->sig->verify_batch(results, sigs, msgs, ctxs, pks), Status::ok);
  EXPECT_EQ(results, items.want);

  results.assign(Items<P>::n, Status::unsupported);
  const std::vector<Status> untouched = results;
  auto short_sig = sigs;
  short_sig[7] = short_sig[7].first(P::sig_bytes - 1);
  EXPECT_EQ(alg->sig->verify_batch(results, short_sig, msgs, ctxs, pks), Status::invalid_length);
  auto long_pk = pks;
  std::vector<std::uint8_t> pk_plus(items.pk[0].begin(), items.pk[0].end());
  pk_plus.push_back(0);
  long_pk[0] = pk_plus;
  EXPECT_EQ(alg->sig->verify_batch(results, sigs, msgs, ctxs, long_pk), Status::invalid_length);
  EXPECT_EQ(alg->sig->verify_batch(std::span(results).first(7), sigs, msgs, ctxs, pks), Status::invalid_argument);
  EXPECT_EQ(alg->sig->verify_batch({}, {}, {}, {}, {}), Status::invalid_argument);
  std::vector<pqlab::ConstBytes> nine(9, pks[0]);
  std::vector<Status> nine_results(9, Status::unsupported);
  EXPECT_EQ(alg->sig->verify_batch(nine_results, nine, nine, nine, nine), Status::invalid_argument);
  EXPECT_EQ(results, untouched);
  // Schemes without a batch form say so.
  const pqlab::Algorithm* slh = pqlab::find_algorithm("SLH-DSA-SHA2-128f");
  ASSERT_NE(slh, nullptr);
  EXPECT_EQ(slh->sig->verify_batch, nullptr);
}

}  // namespace
