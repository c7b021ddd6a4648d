// Wycheproof ML-DSA vectors (testvectors_v1/mldsa_*): signing from seeds and
// from expanded keys (deterministic, hedged, external μ, bad key lengths,
// out-of-range keys, over-long contexts) and verification (malformed
// hints, ‖z‖∞ violations, wrong lengths, modified signatures). A subset of
// the long rejection-loop cases is vendored (tests/data/mldsa_subset.py).
#include <gtest/gtest.h>

#include "pqlab/mldsa.hpp"
#include "pqlab/registry.hpp"
#include "support/mldsa_params.hpp"
#include "support/vectors.hpp"

namespace pqlab::test {
namespace {

struct NoRandom final : RandomSource {
  Status generate(std::span<std::uint8_t>) override { return Status::random_failure; }
};

Bytes hex_field(const nlohmann::json& j, const char* key) {
  return j.contains(key) && !j[key].is_null() ? from_hex(j[key]) : Bytes{};
}

// Signs a case with an expanded key; Status and signature.
Status sign_case(const Algorithm& alg, const Bytes& sk, const nlohmann::json& tc, Bytes& sig) {
  sig.assign(alg.signature_bytes, 0);
  const Bytes rnd = hex_field(tc, "rnd");
  if (!tc.contains("msg")) {  // "Internal": Sign_internal on the given μ
    Status s = Status::unsupported;
    with_mldsa_params(std::string(alg.name), [&](auto params) {
      using P = decltype(params);
      if (sk.size() != P::sk_bytes) {
        s = Status::invalid_length;
        return;
      }
      const Bytes mu = from_hex(tc["mu"]);
      const std::array<std::uint8_t, 32> zero{};
      const Bytes r = rnd.empty() ? Bytes(zero.begin(), zero.end()) : rnd;
      s = mldsa::sign_mu<P>(mldsa::Signature<P>(sig.data(), P::sig_bytes),
                            mldsa::ConstSecretKey<P>(sk.data(), P::sk_bytes), mldsa::Mu(mu.data(), 64),
                            mldsa::Randomness(r.data(), 32));
    });
    return s;
  }
  const Bytes msg = from_hex(tc["msg"]), ctx = hex_field(tc, "ctx");
  SignOptions opt;
  opt.context = ctx;
  opt.mode = rnd.empty() ? SignMode::deterministic : SignMode::explicit_rnd;
  opt.rnd = rnd;
  NoRandom none;
  return alg.sig->sign(sig, msg, sk, opt, none);
}

void run_sign_file(const std::string& file, bool from_seed) {
  const auto doc = load_json("wycheproof/" + file);
  const Algorithm* alg = find_algorithm(doc["algorithm"].get<std::string>());
  ASSERT_NE(alg, nullptr);
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    Bytes sk;
    Status key_status = Status::ok;
    if (from_seed) {
      const Bytes seed = from_hex(group["privateSeed"]);
      Bytes pk(alg->public_key_bytes);
      sk.resize(alg->secret_key_bytes);
      key_status = alg->sig->keygen_from_seed(pk, sk, seed);
      if (key_status == Status::ok && !group["publicKey"].is_null())
        EXPECT_EQ(to_hex(pk), to_hex(from_hex(group["publicKey"]))) << file;
    } else {
      sk = from_hex(group["privateKey"]);
    }
    const Bytes pk = hex_field(group, "publicKey");
    for (const auto& tc : group["tests"]) {
      const std::string where = file + " tc " + std::to_string(int(tc["tcId"])) + " (" +
                                tc["comment"].get<std::string>() + ")";
      Bytes sig;
      const Status s = key_status != Status::ok ? key_status : sign_case(*alg, sk, tc, sig);
      if (tc["result"] == "valid") {
        ++valid;
        ASSERT_EQ(s, Status::ok) << where;
        EXPECT_EQ(to_hex(sig), to_hex(from_hex(tc["sig"]))) << where;
        if (!pk.empty() && tc.contains("msg")) {
          SignOptions opt;
          const Bytes ctx = hex_field(tc, "ctx");
          opt.context = ctx;
          EXPECT_EQ(alg->sig->verify(sig, from_hex(tc["msg"]), pk, opt), Status::ok) << where;
        }
      } else {
        ++invalid;
        EXPECT_NE(s, Status::ok) << where;
      }
    }
  }
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
}

void run_verify_file(const std::string& file) {
  const auto doc = load_json("wycheproof/" + file);
  const Algorithm* alg = find_algorithm(doc["algorithm"].get<std::string>());
  ASSERT_NE(alg, nullptr);
  int valid = 0, invalid = 0;
  for (const auto& group : doc["testGroups"]) {
    const Bytes pk = from_hex(group["publicKey"]);
    for (const auto& tc : group["tests"]) {
      const std::string where = file + " tc " + std::to_string(int(tc["tcId"])) + " (" +
                                tc["comment"].get<std::string>() + ")";
      const Bytes msg = from_hex(tc["msg"]), sig = from_hex(tc["sig"]), ctx = hex_field(tc, "ctx");
      SignOptions opt;
      opt.context = ctx;
      const Status s = alg->sig->verify(sig, msg, pk, opt);
      if (tc["result"] == "valid") {
        ++valid;
        EXPECT_EQ(s, Status::ok) << where;
      } else {
        ++invalid;
        EXPECT_NE(s, Status::ok) << where;
        if (pk.size() == alg->public_key_bytes && ctx.size() <= 255) EXPECT_EQ(s, Status::invalid_signature) << where;
      }
    }
  }
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0);
}

class MldsaWycheproof : public ::testing::TestWithParam<const char*> {};

TEST_P(MldsaWycheproof, SignFromSeed) {
  run_sign_file(std::string("mldsa_") + GetParam() + "_sign_seed_test.json", true);
}
TEST_P(MldsaWycheproof, SignFromExpandedKey) {
  run_sign_file(std::string("mldsa_") + GetParam() + "_sign_noseed_test.json", false);
}
TEST_P(MldsaWycheproof, Verify) { run_verify_file(std::string("mldsa_") + GetParam() + "_verify_test.json"); }

INSTANTIATE_TEST_SUITE_P(AllSets, MldsaWycheproof, ::testing::Values("44", "65", "87"));

}  // namespace
}  // namespace pqlab::test
