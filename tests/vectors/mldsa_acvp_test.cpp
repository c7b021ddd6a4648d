// NIST ACVP ML-DSA vectors (FIPS 204): keyGen, sigGen (and its revision
// tr1 with seed-format keys) and sigVer, a documented subset of each set
// (tests/data/mldsa_subset.py) that keeps every group: internal and
// external interface, pure and pre-hash, deterministic and hedged, external
// μ. Every expected failure must fail. Each signature is also recomputed
// with the compact (small-memory) signing schedule where μ is at hand.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <span>

#include "mldsa/mu.hpp"
#include "mldsa/packing.hpp"
#include "mldsa/signing_key.hpp"
#include "pqlab/prehash.hpp"
#include "support/mldsa_params.hpp"
#include "support/vectors.hpp"

namespace pqlab::test {
namespace {

template <std::size_t N>
std::span<const std::uint8_t, N> fixed(const Bytes& b) {
  EXPECT_EQ(b.size(), N);
  return std::span<const std::uint8_t, N>(b.data(), N);
}

TEST(MldsaAcvp, KeyGen) {
  const auto prompt = load_json("acvp/ML-DSA-keyGen-FIPS204/prompt.json");
  const AcvpResults expected("acvp/ML-DSA-keyGen-FIPS204/expectedResults.json");
  int cases = 0;
  for (const auto& group : prompt["testGroups"]) {
    const Algorithm& alg = algorithm(group["parameterSet"]);
    std::size_t index = 0;
    for (const auto& tc : group["tests"]) {
      if (!acvp_runs_case(index++)) {
        ++cases;
        continue;
      }
      Bytes pk(alg.public_key_bytes), sk(alg.secret_key_bytes);
      ASSERT_EQ(alg.sig->keygen_from_seed(pk, sk, from_hex(tc["seed"])), Status::ok);
      const auto& want = expected.at(group["tgId"], tc["tcId"]);
      EXPECT_EQ(to_hex(pk), to_hex(from_hex(want["pk"]))) << alg.name << " tc " << tc["tcId"];
      EXPECT_EQ(to_hex(sk), to_hex(from_hex(want["sk"]))) << alg.name << " tc " << tc["tcId"];
      ++cases;
    }
  }
  EXPECT_EQ(cases, 75);
}

hash::PreHash prehash_of(const nlohmann::json& tc) {
  const auto ph = hash::prehash_from_name(tc["hashAlg"].get<std::string>());
  EXPECT_TRUE(ph.has_value()) << tc["hashAlg"];
  return ph.value_or(hash::PreHash::sha2_256);
}

// Signs one sigGen case through the typed API; returns the signature.
template <class P>
Bytes sign_case(const nlohmann::json& group, const nlohmann::json& tc, const std::string& where) {
  Bytes sk;
  if (tc.contains("sk")) {
    sk = from_hex(tc["sk"]);
  } else {
    Bytes pk(P::pk_bytes);
    sk.resize(P::sk_bytes);
    const Bytes seed = from_hex(tc["seed"]);
    EXPECT_EQ(mldsa::keygen_internal<P>(mldsa::PublicKey<P>(pk.data(), P::pk_bytes),
                                        mldsa::SecretKey<P>(sk.data(), P::sk_bytes), fixed<32>(seed)),
              Status::ok)
        << where;
  }
  const auto key = fixed<P::sk_bytes>(sk);
  const Bytes rnd = group["deterministic"].get<bool>() ? Bytes(32, 0) : from_hex(tc["rnd"]);
  Bytes sig(P::sig_bytes);
  const mldsa::Signature<P> out(sig.data(), P::sig_bytes);
  std::optional<std::array<std::uint8_t, 64>> mu;  // when known, for the compact-schedule check
  const std::span<const std::uint8_t, 64> tr = key.template subspan<mldsa::detail::Layout<P>::sk_tr, 64>();
  Status s;
  if (group["signatureInterface"] == "external") {
    const Bytes msg = from_hex(tc["message"]), ctx = from_hex(tc["context"]);
    if (group["preHash"] == "preHash") {
      s = mldsa::hash_sign_with_rnd<P>(out, key, msg, ctx, prehash_of(tc), fixed<32>(rnd));
    } else {
      s = mldsa::sign_with_rnd<P>(out, key, msg, ctx, fixed<32>(rnd));
      mu.emplace();
      mldsa::detail::formatted_mu(*mu, tr, 0, ctx, msg);
    }
  } else if (group["externalMu"].get<bool>()) {
    const Bytes m = from_hex(tc["mu"]);
    s = mldsa::sign_mu<P>(out, key, fixed<64>(m), fixed<32>(rnd));
    mu.emplace();
    std::copy(m.begin(), m.end(), mu->begin());
  } else {
    const Bytes msg = from_hex(tc["message"]);
    s = mldsa::sign_internal<P>(out, key, msg, fixed<32>(rnd));
    mu.emplace();
    hash::Shake256 h;
    h.absorb(tr);
    h.absorb(msg);
    h.squeeze(*mu);
  }
  EXPECT_EQ(s, Status::ok) << where;
  if (mu) {
    // The low-memory schedules give the very signature the default did.
    Bytes compact(P::sig_bytes), streamed(P::sig_bytes);
    EXPECT_EQ((mldsa::detail::sign_mu_with<P, mldsa::detail::CompactSigningKey<P>, mldsa::detail::HeldMask<P>>(
                  mldsa::Signature<P>(compact.data(), P::sig_bytes), key, *mu, fixed<32>(rnd))),
              Status::ok)
        << where;
    EXPECT_EQ(to_hex(compact), to_hex(sig)) << where << " (compact schedule)";
    EXPECT_EQ((mldsa::detail::sign_mu_with<P, mldsa::detail::CompactSigningKey<P>, mldsa::detail::StreamedMask<P>>(
                  mldsa::Signature<P>(streamed.data(), P::sig_bytes), key, *mu, fixed<32>(rnd))),
              Status::ok)
        << where;
    EXPECT_EQ(to_hex(streamed), to_hex(sig)) << where << " (streamed schedule)";
  }
  return sig;
}

void run_siggen(const std::string& folder, int expected_groups) {
  const auto prompt = load_json(folder + "/prompt.json");
  const AcvpResults expected(folder + "/expectedResults.json");
  int groups = 0;
  for (const auto& group : prompt["testGroups"]) {
    ++groups;
    int cases = 0;
    with_mldsa_params(group["parameterSet"], [&](auto params) {
      using P = decltype(params);
      std::size_t index = 0;
      for (const auto& tc : group["tests"]) {
        if (!acvp_runs_case(index++)) continue;
        const std::string where = folder + " tg " + std::to_string(int(group["tgId"])) + " tc " +
                                  std::to_string(int(tc["tcId"]));
        const Bytes sig = sign_case<P>(group, tc, where);
        EXPECT_EQ(to_hex(sig), to_hex(from_hex(expected.at(group["tgId"], tc["tcId"])["signature"]))) << where;
        ++cases;
      }
    });
    EXPECT_GT(cases, 0) << "empty group " << group["tgId"];
  }
  EXPECT_EQ(groups, expected_groups);
}

TEST(MldsaAcvp, SigGen) { run_siggen("acvp/ML-DSA-sigGen-FIPS204", 24); }
TEST(MldsaAcvp, SigGenTr1) { run_siggen("acvp/ML-DSA-sigGen-FIPS204-tr1", 48); }

TEST(MldsaAcvp, SigVer) {
  const auto prompt = load_json("acvp/ML-DSA-sigVer-FIPS204/prompt.json");
  const AcvpResults expected("acvp/ML-DSA-sigVer-FIPS204/expectedResults.json");
  int accepted = 0, rejected = 0;
  for (const auto& group : prompt["testGroups"]) {
    with_mldsa_params(group["parameterSet"], [&](auto params) {
      using P = decltype(params);
      std::size_t index = 0;
      for (const auto& tc : group["tests"]) {
        if (!acvp_runs_case(index++)) continue;
        const std::string where = "tg " + std::to_string(int(group["tgId"])) + " tc " + std::to_string(int(tc["tcId"]));
        const bool want = expected.at(group["tgId"], tc["tcId"])["testPassed"];
        const Bytes pk_bytes = from_hex(tc["pk"]), sig_bytes = from_hex(tc["signature"]);
        Status s = Status::invalid_signature;
        if (sig_bytes.size() == P::sig_bytes) {
          const auto pk = fixed<P::pk_bytes>(pk_bytes);
          const auto sig = fixed<P::sig_bytes>(sig_bytes);
          if (group["signatureInterface"] == "external") {
            const Bytes msg = from_hex(tc["message"]), ctx = from_hex(tc["context"]);
            s = group["preHash"] == "preHash" ? mldsa::hash_verify<P>(pk, msg, ctx, prehash_of(tc), sig)
                                              : mldsa::verify<P>(pk, msg, ctx, sig);
          } else if (group["externalMu"].get<bool>()) {
            const Bytes mu = from_hex(tc["mu"]);
            s = mldsa::verify_mu<P>(pk, fixed<64>(mu), sig);
          } else {
            s = mldsa::verify_internal<P>(pk, from_hex(tc["message"]), sig);
          }
        }
        EXPECT_EQ(s == Status::ok, want) << where << " status " << describe(s);
        if (!want) EXPECT_EQ(s, Status::invalid_signature) << where;
        (want ? accepted : rejected)++;
      }
    });
  }
  EXPECT_GT(accepted, 0);
  // Under a stride (vectors.hpp) fewer cases run; some rejections still do.
  EXPECT_GE(rejected, acvp_stride() == 1 ? 12 * 4 : 1);
}

}  // namespace
}  // namespace pqlab::test
