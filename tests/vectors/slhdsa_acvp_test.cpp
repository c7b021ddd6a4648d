// SLH-DSA (FIPS 205) against the NIST ACVP vectors, for all twelve
// parameter sets. Two tiers: the default (fast) one here, and the `full`
// one (the SlhDsaAcvp.DISABLED_* tests, run by ctest's slhdsa.full).
// * keyGen (120 cases, slh_keygen_internal): fast tier all 'f' cases and
//   the first case of each 's' set; full tier the other 's' cases.
// * sigGen, the vendored subset (tests/data/acvp/make_slhdsa_vectors.py,
//   two cases per group): fast tier the first case of each of the 36 'f'
//   groups (every 'f' set × internal / external pure / external pre-hash ×
//   deterministic / hedged) and of one group per 's' set, the six 's' sets
//   taking the six interface/randomness kinds in turn; full tier all the
//   rest (both cases of all 72 groups). Signatures are compared
//   bit-exactly through their SHA3-256 digests, then verified through the
//   matching verification interface, and rejected once a bit is flipped.
// * sigVer: the complete v1.1.0.35 set (slh_verify_internal), fast tier;
//   every expected failure must fail.
#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "pqlab/hash.hpp"
#include "pqlab/prehash.hpp"
#include "pqlab/slhdsa.hpp"
#include "support/slhdsa_sets.hpp"
#include "support/vectors.hpp"

namespace {
using namespace pqlab;
using pqlab::test::AcvpResults;
using pqlab::test::Bytes;
using pqlab::test::from_hex;
using pqlab::test::load_json;
using pqlab::test::to_hex;

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

std::string sha3_256_hex(const Bytes& data) {
  std::array<std::uint8_t, 32> d{};
  hash::sha3_256(data, d);
  return to_hex(d.data(), d.size());
}

bool is_small_set(const std::string& name) { return name.back() == 's'; }

// Fast tier: every case of the 'f' sets, the first of each 's' set.
void run_keygen(bool full) {
  const auto prompt = load_json("acvp/SLH-DSA-keyGen-FIPS205/prompt.json");
  const AcvpResults expected("acvp/SLH-DSA-keyGen-FIPS205/expectedResults.json");
  std::set<std::string> sets;
  int cases = 0;
  for (const auto& group : prompt["testGroups"]) {
    const std::string name = group["parameterSet"];
    sets.insert(name);
    bool first = true;
    for (const auto& t : group["tests"]) {
      const bool in_fast_tier = !is_small_set(name) || first;
      first = false;
      if (in_fast_tier == full) continue;
      const int tg = group["tgId"], tc = t["tcId"];
      const auto& want = expected.at(tg, tc);
      test::with_slhdsa_set(name, [&](auto set) {
        using P = decltype(set);
        const Bytes seed =
            from_hex(t["skSeed"].get<std::string>() + t["skPrf"].get<std::string>() + t["pkSeed"].get<std::string>());
        ASSERT_EQ(seed.size(), P::seed_bytes);
        Bytes pk(P::pk_bytes), sk(P::sk_bytes);
        ASSERT_EQ(slhdsa::keygen_internal<P>(slhdsa::PublicKey<P>(pk.data(), P::pk_bytes),
                                             slhdsa::SecretKey<P>(sk.data(), P::sk_bytes),
                                             slhdsa::KeySeed<P>(seed.data(), P::seed_bytes)),
                  Status::ok);
        EXPECT_EQ(to_hex(pk), lower(want["pk"])) << name << " tc " << tc;
        EXPECT_EQ(to_hex(sk), lower(want["sk"])) << name << " tc " << tc;
      });
      ++cases;
    }
  }
  EXPECT_EQ(sets.size(), 12u);
  EXPECT_EQ(cases, full ? 54 : 66);
}

TEST(SlhDsaAcvp, KeyGen) { run_keygen(false); }
TEST(SlhDsaAcvp, DISABLED_KeyGenRestOfSmallSets) { run_keygen(true); }

// Signs one sigGen case through the interface its group names and checks
// the signature, then verifies it through the matching interface.
template <class P>
void check_siggen_case(const nlohmann::json& group, const nlohmann::json& t, const std::string& want_digest) {
  const int tc = t["tcId"];
  const Bytes sk = from_hex(t["sk"]);
  const Bytes msg = from_hex(t["message"]);
  ASSERT_EQ(sk.size(), P::sk_bytes);
  const slhdsa::ConstSecretKey<P> sk_span(sk.data(), P::sk_bytes);
  const slhdsa::ConstPublicKey<P> pk(sk.data() + 2 * P::n, P::pk_bytes);
  const bool deterministic = group["deterministic"];
  const std::string interface = group["signatureInterface"];
  const Bytes opt_rand = deterministic ? Bytes(sk.begin() + 2 * P::n, sk.begin() + 3 * P::n)
                                       : from_hex(t["additionalRandomness"]);
  ASSERT_EQ(opt_rand.size(), P::n);
  const slhdsa::OptRand<P> rnd(opt_rand.data(), P::n);
  Bytes sig(P::sig_bytes);
  const slhdsa::Signature<P> out(sig.data(), P::sig_bytes);

  // verify(signature) through the same interface.
  std::function<Status(const Bytes&)> verify;
  if (interface == "internal") {
    ASSERT_EQ(slhdsa::sign_internal<P>(out, msg, sk_span, rnd), Status::ok);
    verify = [&](const Bytes& s) { return slhdsa::verify_internal<P>(s, msg, pk); };
  } else {
    const Bytes ctx = from_hex(t["context"]);
    if (group["preHash"] == "pure") {
      ASSERT_EQ(deterministic ? slhdsa::sign_deterministic<P>(out, msg, ctx, sk_span)
                              : slhdsa::sign_with_opt_rand<P>(out, msg, ctx, sk_span, rnd),
                Status::ok);
      verify = [&, ctx](const Bytes& s) { return slhdsa::verify<P>(s, msg, ctx, pk); };
    } else {
      const auto ph = hash::prehash_from_name(t["hashAlg"].get<std::string>());
      ASSERT_TRUE(ph.has_value()) << t["hashAlg"];
      ASSERT_EQ(deterministic ? slhdsa::hash_sign_deterministic<P>(out, msg, ctx, *ph, sk_span)
                              : slhdsa::hash_sign_with_opt_rand<P>(out, msg, ctx, *ph, sk_span, rnd),
                Status::ok);
      verify = [&, ctx, ph](const Bytes& s) { return slhdsa::hash_verify<P>(s, msg, ctx, *ph, pk); };
    }
  }
  EXPECT_EQ(sha3_256_hex(sig), want_digest) << P::name << " tc " << tc;
  EXPECT_EQ(verify(sig), Status::ok) << P::name << " tc " << tc;
  Bytes flipped = sig;
  flipped[flipped.size() / 2] ^= 0x10;
  EXPECT_EQ(verify(flipped), Status::invalid_signature) << P::name << " tc " << tc;
}

// Runs the sigGen cases of one tier (see the top of the file).
void run_siggen(bool full) {
  const auto prompt = load_json("acvp/SLH-DSA-sigGen-FIPS205/prompt.json");
  const AcvpResults expected("acvp/SLH-DSA-sigGen-FIPS205/expectedResults.json");
  std::set<std::string> kinds, small_sets_seen;
  std::map<std::string, int> small_set_order;   // s set -> its rank of appearance
  std::map<std::string, int> small_group_rank;  // groups of one s set seen so far
  int cases = 0;
  for (const auto& group : prompt["testGroups"]) {
    const std::string name = group["parameterSet"];
    bool first_in_fast_tier = true;
    if (is_small_set(name)) {
      if (!small_set_order.count(name)) small_set_order[name] = static_cast<int>(small_set_order.size());
      first_in_fast_tier = small_group_rank[name]++ == small_set_order[name];
    }
    ASSERT_EQ(group["tests"].size(), 2u);
    for (std::size_t index = 0; index < 2; ++index) {
      const bool in_fast_tier = index == 0 && first_in_fast_tier;
      if (in_fast_tier == full) continue;
      const auto& t = group["tests"][index];
      const std::string want = expected.at(group["tgId"], t["tcId"])["signatureSha3_256"];
      test::with_slhdsa_set(name, [&](auto set) { check_siggen_case<decltype(set)>(group, t, want); });
      kinds.insert(name + "/" + group["signatureInterface"].get<std::string>() + "/" +
                   group.value("preHash", std::string("-")) + "/" +
                   (group["deterministic"].get<bool>() ? "det" : "hedged"));
      ++cases;
    }
  }
  // Fast: 36 'f' groups + 6 's' groups. Full: the other 30 's' groups' first
  // case and every group's second case.
  EXPECT_EQ(cases, full ? 30 + 72 : 42);
  EXPECT_EQ(kinds.size(), full ? 72u : 42u);
}

TEST(SlhDsaAcvp, SigGen) { run_siggen(false); }
TEST(SlhDsaAcvp, DISABLED_SigGenRest) { run_siggen(true); }

TEST(SlhDsaAcvp, SigVerInternal) {
  const auto prompt = load_json("acvp/SLH-DSA-sigVer-FIPS205_v1.1.0.35/prompt.json");
  const AcvpResults expected("acvp/SLH-DSA-sigVer-FIPS205_v1.1.0.35/expectedResults.json");
  int passed = 0, failed = 0;
  for (const auto& group : prompt["testGroups"]) {
    const std::string name = group["parameterSet"];
    for (const auto& t : group["tests"]) {
      const int tc = t["tcId"];
      const bool want = expected.at(group["tgId"], tc)["testPassed"];
      test::with_slhdsa_set(name, [&](auto set) {
        using P = decltype(set);
        const Bytes pk = from_hex(t["pk"]);
        const Bytes msg = from_hex(t["message"]);
        const Bytes sig = from_hex(t["signature"]);
        ASSERT_EQ(pk.size(), P::pk_bytes);
        const Status s = slhdsa::verify_internal<P>(sig, msg, slhdsa::ConstPublicKey<P>(pk.data(), P::pk_bytes));
        EXPECT_EQ(s, want ? Status::ok : Status::invalid_signature) << name << " tc " << tc;
      });
      (want ? passed : failed) += 1;
    }
  }
  EXPECT_EQ(passed, 15);
  EXPECT_EQ(failed, 30);
}

}  // namespace
