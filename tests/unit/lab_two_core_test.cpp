// The two-core ML-KEM driver (lab/twocore/): the hand-off itself, then
// bit-exactness against the single-core functions on many random seeds for
// every set and operation (implicit rejection and a refused dk included),
// and the NIST ACVP keyGen / encapDecap vectors through the two-core path.
// Kyber-90s on two cores: bit-exact with its single-core path on random
// seeds (its first KAT records: lab_kyber90s_test.cpp, Kyber90sTwoCore).
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "harness/pinning.hpp"
#include "pqlab/mlkem.hpp"
#include "subjects/kyber90s/kyber90s.hpp"
#include "support/vectors.hpp"
#include "twocore/kyber90s_two_core.hpp"
#include "twocore/mlkem_two_core.hpp"
#include "twocore/second_core.hpp"

namespace pqlab::test {
namespace {

namespace tc = lab::twocore;
using namespace std::chrono_literals;

void count_job(void* p) noexcept { static_cast<std::atomic<int>*>(p)->fetch_add(1, std::memory_order_relaxed); }

TEST(TwoCoreHandOff, RunsEveryJobOnTheWorkerThread) {
  tc::SecondCore core;
  std::atomic<int> jobs{0};
  for (int i = 0; i < 2000; ++i) {
    core.start(&count_job, &jobs);
    core.finish();
  }
  EXPECT_EQ(jobs.load(), 2000);
  // The job runs on another thread, beside the caller's own work.
  std::thread::id worker_id;
  int here = 0;
  struct Ctx {
    std::thread::id* id;
  } ctx{&worker_id};
  tc::run_beside(
      core, [](void* p) noexcept { *static_cast<Ctx*>(p)->id = std::this_thread::get_id(); }, &ctx, [&] { here = 1; });
  EXPECT_EQ(here, 1);
  EXPECT_NE(worker_id, std::this_thread::get_id());
  if (lab::allowed_cpus().size() > 1) EXPECT_GE(core.worker_cpu(), 0) << "worker not pinned although CPUs allow it";
}

// With spin limits of zero both sides sleep on the futex at once: every
// hand-off goes through the wake-up path, and none may be lost.
TEST(TwoCoreHandOff, SleepingSidesAreWokenWithoutLoss) {
  tc::SecondCore core(tc::SecondCore::SpinLimits{0ns, 0ns});
  std::atomic<int> jobs{0};
  for (int i = 0; i < 3000; ++i) {
    core.start(&count_job, &jobs);
    if (i % 500 == 0) std::this_thread::sleep_for(1ms);  // the worker is asleep by now
    core.finish();
  }
  EXPECT_EQ(jobs.load(), 3000);
}

// Destruction with the worker spinning, and with it asleep, joins cleanly.
TEST(TwoCoreHandOff, ShutsDownSpinningOrAsleep) {
  for (int i = 0; i < 20; ++i) {
    tc::SecondCore spinning;
    spinning.round_trip();
  }
  tc::SecondCore asleep(tc::SecondCore::SpinLimits{1us, 1us});
  std::this_thread::sleep_for(5ms);
  asleep.round_trip();
  std::this_thread::sleep_for(5ms);
}

using Bytes = std::vector<std::uint8_t>;

template <class P>
void random_seeds_match(tc::SecondCore& core, int rounds) {
  std::mt19937_64 rng(0x2c0e + P::k);
  auto fill = [&](auto& buf) {
    for (auto& b : buf) b = static_cast<std::uint8_t>(rng());
  };
  for (int round = 0; round < rounds; ++round) {
    std::array<std::uint8_t, 32> d, z, m;
    fill(d);
    fill(z);
    fill(m);
    std::array<std::uint8_t, P::ek_bytes> ek1, ek2;
    std::array<std::uint8_t, P::dk_bytes> dk1, dk2;
    ASSERT_EQ(mlkem::keygen_derand<P>(ek1, dk1, d, z), Status::ok);
    ASSERT_EQ(tc::keygen_derand<P>(core, ek2, dk2, d, z), Status::ok);
    ASSERT_EQ(ek1, ek2) << P::name << " keygen round " << round;
    ASSERT_EQ(dk1, dk2) << P::name << " keygen round " << round;

    std::array<std::uint8_t, P::ct_bytes> ct1, ct2;
    std::array<std::uint8_t, 32> k1, k2;
    ASSERT_EQ(mlkem::encaps_derand<P>(ct1, k1, ek1, m), Status::ok);
    ASSERT_EQ(tc::encaps_derand<P>(core, ct2, k2, ek1, m), Status::ok);
    ASSERT_EQ(ct1, ct2) << P::name << " encaps round " << round;
    ASSERT_EQ(k1, k2) << P::name << " encaps round " << round;

    std::array<std::uint8_t, 32> d1, d2;
    ASSERT_EQ(mlkem::decaps<P>(d1, ct1, dk1), Status::ok);
    ASSERT_EQ(tc::decaps<P>(core, d2, ct1, dk1), Status::ok);
    ASSERT_EQ(d1, d2) << P::name << " decaps round " << round;
    ASSERT_EQ(d2, k1) << P::name << " decaps round " << round;

    // Implicit rejection: a changed ciphertext gives K̄ = J(z ‖ c), the same
    // on both paths, and not the encapsulated key.
    auto bad = ct1;
    bad[static_cast<std::size_t>(rng() % P::ct_bytes)] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    ASSERT_EQ(mlkem::decaps<P>(d1, bad, dk1), Status::ok);
    ASSERT_EQ(tc::decaps<P>(core, d2, bad, dk1), Status::ok);
    ASSERT_EQ(d1, d2) << P::name << " implicit rejection round " << round;
    ASSERT_NE(d2, k1) << P::name << " implicit rejection round " << round;
  }
  // A dk whose stored H(ek) is wrong is refused on both paths (FIPS 203 §7.3).
  std::array<std::uint8_t, P::ek_bytes> ek;
  std::array<std::uint8_t, P::dk_bytes> dk;
  std::array<std::uint8_t, P::ct_bytes> ct;
  std::array<std::uint8_t, 32> k;
  ASSERT_EQ(tc::keygen<P>(core, ek, dk, system_random()), Status::ok);
  ASSERT_EQ(tc::encaps<P>(core, ct, k, ek, system_random()), Status::ok);
  std::array<std::uint8_t, 32> k_again;
  ASSERT_EQ(mlkem::decaps<P>(k_again, ct, dk), Status::ok);
  EXPECT_EQ(k_again, k) << P::name << " random keygen/encaps";
  dk[768 * P::k + 32] ^= 1;  // first byte of the stored H(ek)
  EXPECT_EQ(mlkem::decaps<P>(k_again, ct, dk), Status::invalid_key);
  EXPECT_EQ(tc::decaps<P>(core, k_again, ct, dk), Status::invalid_key);
  // An ek failing the modulus check is refused too.
  ek[0] = 0xff;
  ek[1] |= 0x0f;
  EXPECT_EQ(tc::encaps_derand<P>(core, ct, k, ek, k), Status::invalid_key);
}

TEST(TwoCoreMlkem, BitExactWithOneCoreOnRandomSeeds) {
  const int pinned = lab::pin_current_thread_here();
  {
    tc::SecondCore core;
    random_seeds_match<mlkem::MLKEM512>(core, 150);
    random_seeds_match<mlkem::MLKEM768>(core, 150);
    random_seeds_match<mlkem::MLKEM1024>(core, 150);
  }
  if (pinned >= 0) lab::unpin_current_thread();
}

// Kyber-90s: every operation on two cores equals the single-core one
// (lab/subjects/kyber90s/), decapsulation's implicit rejection included.
template <class S>
void kyber90s_random_seeds_match(tc::SecondCore& core, int rounds) {
  namespace k90 = lab::kyber90s;
  std::mt19937_64 rng(0x90c0 + S::k);
  auto fill = [&](auto& buf) {
    for (auto& b : buf) b = static_cast<std::uint8_t>(rng());
  };
  for (int round = 0; round < rounds; ++round) {
    std::array<std::uint8_t, 32> d, z, coins;
    fill(d);
    fill(z);
    fill(coins);
    std::array<std::uint8_t, S::ek_bytes> pk1, pk2;
    std::array<std::uint8_t, S::dk_bytes> sk1, sk2;
    k90::keygen_derand<S>(pk1, sk1, d, z);
    tc::kyber90s_keygen_derand<S>(core, pk2, sk2, d, z);
    ASSERT_EQ(pk1, pk2) << S::name << " keygen round " << round;
    ASSERT_EQ(sk1, sk2) << S::name << " keygen round " << round;

    std::array<std::uint8_t, S::ct_bytes> ct1, ct2;
    std::array<std::uint8_t, 32> k1, k2;
    k90::encaps_derand<S>(ct1, k1, pk1, coins);
    tc::kyber90s_encaps_derand<S>(core, ct2, k2, pk1, coins);
    ASSERT_EQ(ct1, ct2) << S::name << " encaps round " << round;
    ASSERT_EQ(k1, k2) << S::name << " encaps round " << round;

    std::array<std::uint8_t, 32> d1, d2;
    k90::decaps<S>(d1, ct1, sk1);
    tc::kyber90s_decaps<S>(core, d2, ct1, sk1);
    ASSERT_EQ(d1, d2) << S::name << " decaps round " << round;
    ASSERT_EQ(d2, k1) << S::name << " decaps round " << round;

    // Implicit rejection: a changed ciphertext gives KDF(z ‖ H(c')) on both
    // paths, not the encapsulated key.
    auto bad = ct1;
    bad[static_cast<std::size_t>(rng() % S::ct_bytes)] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    k90::decaps<S>(d1, bad, sk1);
    tc::kyber90s_decaps<S>(core, d2, bad, sk1);
    ASSERT_EQ(d1, d2) << S::name << " implicit rejection round " << round;
    ASSERT_NE(d2, k1) << S::name << " implicit rejection round " << round;
  }
}

TEST(TwoCoreKyber90s, BitExactWithOneCoreOnRandomSeeds) {
  const int pinned = lab::pin_current_thread_here();
  {
    tc::SecondCore core;
    kyber90s_random_seeds_match<lab::kyber90s::Kyber512_90s>(core, 100);
    kyber90s_random_seeds_match<lab::kyber90s::Kyber768_90s>(core, 100);
    kyber90s_random_seeds_match<lab::kyber90s::Kyber1024_90s>(core, 100);
  }
  if (pinned >= 0) lab::unpin_current_thread();
}

// The ACVP vectors through the two-core path, dispatched on the set's name.
template <class F>
void with_set(const std::string& name, F&& f) {
  if (name == "ML-KEM-512") return f(mlkem::MLKEM512{});
  if (name == "ML-KEM-768") return f(mlkem::MLKEM768{});
  if (name == "ML-KEM-1024") return f(mlkem::MLKEM1024{});
  ADD_FAILURE() << "unknown set " << name;
}

TEST(TwoCoreMlkem, AcvpKeyGen) {
  tc::SecondCore core;
  const auto prompt = load_json("acvp/ML-KEM-keyGen-FIPS203/prompt.json");
  const AcvpResults expected("acvp/ML-KEM-keyGen-FIPS203/expectedResults.json");
  int cases = 0;
  for (const auto& group : prompt["testGroups"])
    for (const auto& t : group["tests"])
      with_set(group["parameterSet"], [&](auto p) {
        using P = decltype(p);
        const Bytes d = from_hex(t["d"]), z = from_hex(t["z"]);
        Bytes ek(P::ek_bytes), dk(P::dk_bytes);
        ASSERT_EQ(tc::keygen_derand<P>(core, mlkem::EncapsKey<P>(ek.data(), P::ek_bytes),
                                       mlkem::DecapsKey<P>(dk.data(), P::dk_bytes), mlkem::Seed(d.data(), 32),
                                       mlkem::Seed(z.data(), 32)),
                  Status::ok);
        const auto& want = expected.at(group["tgId"], t["tcId"]);
        EXPECT_EQ(to_hex(ek), to_hex(from_hex(want["ek"]))) << P::name << " tc " << t["tcId"];
        EXPECT_EQ(to_hex(dk), to_hex(from_hex(want["dk"]))) << P::name << " tc " << t["tcId"];
        ++cases;
      });
  EXPECT_EQ(cases, 75);
}

TEST(TwoCoreMlkem, AcvpEncapDecap) {
  tc::SecondCore core;
  const auto prompt = load_json("acvp/ML-KEM-encapDecap-FIPS203/prompt.json");
  const AcvpResults expected("acvp/ML-KEM-encapDecap-FIPS203/expectedResults.json");
  int encaps = 0, decaps = 0;
  for (const auto& group : prompt["testGroups"]) {
    const std::string function = group["function"];
    for (const auto& t : group["tests"])
      with_set(group["parameterSet"], [&](auto p) {
        using P = decltype(p);
        const auto& want = expected.at(group["tgId"], t["tcId"]);
        Bytes ss(32);
        if (function == "encapsulation") {
          const Bytes ek = from_hex(t["ek"]), m = from_hex(t["m"]);
          Bytes ct(P::ct_bytes);
          ASSERT_EQ(tc::encaps_derand<P>(core, mlkem::Ciphertext<P>(ct.data(), P::ct_bytes),
                                         mlkem::SharedSecret(ss.data(), 32),
                                         mlkem::ConstEncapsKey<P>(ek.data(), P::ek_bytes), mlkem::Seed(m.data(), 32)),
                    Status::ok);
          EXPECT_EQ(to_hex(ct), to_hex(from_hex(want["c"]))) << P::name << " tc " << t["tcId"];
          EXPECT_EQ(to_hex(ss), to_hex(from_hex(want["k"]))) << P::name << " tc " << t["tcId"];
          ++encaps;
        } else if (function == "decapsulation") {
          const Bytes dk = from_hex(t["dk"]), c = from_hex(t["c"]);
          ASSERT_EQ(tc::decaps<P>(core, mlkem::SharedSecret(ss.data(), 32),
                                  mlkem::ConstCiphertext<P>(c.data(), P::ct_bytes),
                                  mlkem::ConstDecapsKey<P>(dk.data(), P::dk_bytes)),
                    Status::ok);
          EXPECT_EQ(to_hex(ss), to_hex(from_hex(want["k"]))) << P::name << " tc " << t["tcId"];
          ++decaps;
        }
      });
  }
  EXPECT_EQ(encaps, 75);
  EXPECT_EQ(decaps, 30);  // valid and modified ciphertexts (implicit rejection)
}

}  // namespace
}  // namespace pqlab::test
