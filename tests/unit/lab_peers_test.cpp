// The speed peers (lab/peers/): built from a fake peer tree
// (tests/support/make_fake_peers.sh: stubs with the peers' function names
// doing trivial deterministic work), timed against pqlab in the quick
// tier; and the error paths: no directory, a missing peer, a failed build,
// a harness that misbehaves.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "peers/harness_protocol.hpp"
#include "peers/peers.hpp"
#include "pqlab/kernels.hpp"

namespace {

namespace fs = std::filesystem;
using pqlab::lab::PeerBuilds;
using pqlab::lab::PeerError;
using pqlab::lab::PeerPlan;

bool has_backend(std::string_view name) {
  for (std::string_view b : pqlab::kernels::available())
    if (b == name) return true;
  return false;
}

// A fresh directory with a fake peer tree (`mode` "broken": a syntax error
// in the ML-DSA stub).
fs::path fake_tree(const std::string& name, const std::string& mode = "") {
  const fs::path dir = fs::temp_directory_path() / ("pqlab_peers_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string cmd = std::string("bash '") + PQLAB_FAKE_PEERS_SCRIPT + "' '" + dir.string() + "' " + mode;
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return dir;
}

std::string error_of(const PeerPlan& plan) {
  try {
    auto builds = PeerBuilds::build(plan);
    (void)builds->measure();
  } catch (const PeerError& e) {
    return e.what();
  }
  return "";
}

#define REQUIRE_AVX2() \
  if (!has_backend("avx2")) GTEST_SKIP() << "no avx2 backend on this CPU"

TEST(LabPeers, FakeTreeGivesEveryRowWithItsRatio) {
  REQUIRE_AVX2();
  const fs::path dir = fake_tree("rows");
  const std::string before(pqlab::kernels::active_name());
  PeerPlan plan;
  plan.dir = dir.string();
  plan.quick = true;
  const pqlab::lab::PeerResults r = PeerBuilds::build(plan)->measure();
  EXPECT_EQ(pqlab::kernels::active_name(), before);  // the backend is restored
  EXPECT_TRUE(r.quick);
  EXPECT_EQ(r.rounds, 3u);
  EXPECT_FALSE(r.cpu.empty());
  EXPECT_NE(r.tick_note.find("rdtsc"), std::string::npos);
  ASSERT_EQ(r.builds.size(), 2u);
  EXPECT_EQ(r.builds[0].name, "strict-avx2");
  EXPECT_EQ(r.builds[0].flags, "-O3 -mavx2 -mbmi2 -mpopcnt");
  EXPECT_TRUE(r.builds[0].measured);
  EXPECT_EQ(r.builds[1].flags, "-O3 -march=native");
  EXPECT_EQ(r.builds[1].measured, has_backend("avx512"));
  // Issue 25's rows, per compared backend: ML-KEM-768 keygen / encaps /
  // decaps, ML-DSA-44/65/87 keygen / sign (mean) / verify, the two SLH-DSA
  // 128f signings.
  std::map<std::string, std::set<std::string>> ops;
  std::size_t per_backend = 0;
  for (const auto& row : r.rows) {
    if (row.backend == "avx2") ++per_backend;
    EXPECT_EQ(row.build, row.backend == "avx2" ? "strict-avx2" : "native");
    ops[row.algorithm].insert(row.operation);
    EXPECT_GT(row.pqlab_ticks, 0);
    EXPECT_GT(row.peer_ticks, 0);
    EXPECT_DOUBLE_EQ(row.ratio(), row.pqlab_ticks / row.peer_ticks);
    EXPECT_EQ(row.met(), row.ratio() <= 0.8);
    ASSERT_EQ(row.round_ratios.size(), r.rounds);  // one per round
    for (double x : row.round_ratios) EXPECT_GT(x, 0);
    if (row.algorithm.starts_with("ML-DSA") && row.operation == "sign") {
      EXPECT_EQ(row.statistic, "mean");
      EXPECT_EQ(row.pqlab_samples, 16u);  // quick: the first 16 messages of the set
      ASSERT_TRUE(row.same_signatures.has_value());
      EXPECT_FALSE(*row.same_signatures);  // the stubs do not sign
    } else {
      EXPECT_EQ(row.statistic, "median");
      EXPECT_FALSE(row.same_signatures.has_value());
      EXPECT_EQ(row.pqlab_samples, row.peer_samples);
      EXPECT_GE(row.pqlab_samples, 3u);  // one call per round at least
    }
  }
  EXPECT_EQ(per_backend, 3u + 9u + 2u);
  EXPECT_EQ(r.rows.size(), per_backend * (has_backend("avx512") ? 2 : 1));
  const std::set<std::string> sig = {"keygen", "sign", "verify"};
  EXPECT_EQ(ops["ML-KEM-768"], (std::set<std::string>{"keygen", "encaps", "decaps"}));
  EXPECT_EQ(ops["ML-DSA-44"], sig);
  EXPECT_EQ(ops["ML-DSA-65"], sig);
  EXPECT_EQ(ops["ML-DSA-87"], sig);
  EXPECT_EQ(ops["SLH-DSA-SHA2-128f"], std::set<std::string>{"sign"});
  EXPECT_EQ(ops["SLH-DSA-SHAKE-128f"], std::set<std::string>{"sign"});

  // The markdown: one table row per result, with ratio, target and verdict.
  const std::string md = pqlab::lab::peers_to_markdown(r);
  EXPECT_NE(md.find("| algorithm | operation | pqlab backend | pqlab ticks | peer (build) | peer ticks | ratio | "
                    "per-round ratios (quartiles) | target | verdict |"),
            std::string::npos);
  EXPECT_NE(md.find(" rows meet the target; "), std::string::npos) << md;
  EXPECT_NE(md.find("| ML-KEM-768 | decaps | avx2 | "), std::string::npos) << md;
  EXPECT_NE(md.find("| mlkem-native (strict-avx2) | "), std::string::npos) << md;
  EXPECT_NE(md.find("| ML-DSA-65 | sign (mean of 16 messages, signatures differ) | avx2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| sphincsplus shake-avx2 (strict-avx2) |"), std::string::npos) << md;
  EXPECT_NE(md.find(r.cpu), std::string::npos);
  std::size_t lines = 0;
  for (std::size_t at = md.find("| ≤ 0.8 | "); at != std::string::npos; at = md.find("| ≤ 0.8 | ", at + 1)) ++lines;
  EXPECT_EQ(lines, r.rows.size());
  const nlohmann::json j = pqlab::lab::peers_to_json(&r);
  EXPECT_EQ(j["rows"].size(), r.rows.size());
  EXPECT_DOUBLE_EQ(j["rows"][0]["ratio"].get<double>(), r.rows[0].ratio());
  EXPECT_EQ(j["rows"][0]["round_ratios"].size(), r.rounds);
  EXPECT_EQ(j["rows"][0]["borderline"].get<bool>(), r.rows[0].borderline());
  EXPECT_GE(j["load"]["cpus"].get<int>(), 1);
  EXPECT_NE(md.find("Machine load before: load "), std::string::npos);
  // The probe of the fifth Keccak state on the pinned core, both ends.
  EXPECT_NE(md.find("The fifth state of avx2's Keccak calls on the pinned core, from its five-state call over its"),
            std::string::npos)
      << md;
  ASSERT_TRUE(j.contains("five_state_call"));
  EXPECT_EQ(j["five_state_call"]["before"].is_number(), r.five_state_before.has_value());
  EXPECT_EQ(j["five_state_call"]["after"].is_number(), r.five_state_after.has_value());
  EXPECT_EQ(pqlab::lab::peers_to_json(nullptr), (nlohmann::json{{"run", false}}));
  fs::remove_all(dir);
}

// Borderline: the target between the quartiles of the per-round ratios
// (type-7 quartiles: of {0.76, 0.79, 0.81, 0.84}, 0.7825 and 0.8150), or
// between them and the run's ratio.
TEST(LabPeers, BorderlineIsTheTargetWithinTheRoundQuartiles) {
  pqlab::lab::PeerRow row;
  EXPECT_FALSE(row.borderline());  // no rounds
  // The run's ratio at `ratio`, the rounds' at `rounds`.
  const auto with = [&row](double ratio, std::vector<double> rounds) {
    row.pqlab_ticks = 1000 * ratio;
    row.peer_ticks = 1000;
    row.round_ratios = std::move(rounds);
    return row.borderline();
  };
  EXPECT_TRUE(with(0.80, {0.84, 0.76, 0.81, 0.79}));
  EXPECT_FALSE(with(0.76, {0.70, 0.74, 0.78, 0.79}));   // all below
  EXPECT_FALSE(with(0.745, {0.70, 0.74, 0.75, 0.85}));  // one round above: q3 = 0.775
  EXPECT_FALSE(with(0.82, {0.81, 0.82, 0.85}));
  EXPECT_TRUE(with(0.80, {0.8}));
  // The run's ratio past 0.8, the rounds' quartiles below it, and back.
  EXPECT_TRUE(with(0.805, {0.77, 0.78, 0.79, 0.795}));
  EXPECT_FALSE(with(0.75, {0.77, 0.78, 0.79, 0.795}));
  EXPECT_TRUE(with(0.79, {0.81, 0.82, 0.85}));

  pqlab::lab::PeerResults r;
  r.rows.push_back({"ML-DSA-65",
                    "sign",
                    "mean",
                    "avx2",
                    "pq-crystals AVX2",
                    "strict-avx2",
                    79,
                    100,
                    1,
                    1,
                    std::nullopt,
                    {0.78, 0.79, 0.81, 0.82}});
  r.rows.push_back({"ML-KEM-768",
                    "keygen",
                    "median",
                    "avx2",
                    "mlkem-native",
                    "strict-avx2",
                    70,
                    100,
                    1,
                    1,
                    std::nullopt,
                    {0.70, 0.70, 0.71}});
  const std::string md = pqlab::lab::peers_to_markdown(r);
  EXPECT_NE(md.find("| 0.79 | 0.79–0.81 | ≤ 0.8 | met (borderline) |"), std::string::npos) << md;
  EXPECT_NE(md.find("| 0.70 | 0.70–0.70 | ≤ 0.8 | met |"), std::string::npos) << md;
  EXPECT_NE(md.find("2 of 2 rows meet the target; 1 is borderline"), std::string::npos) << md;
}

TEST(LabPeers, HarnessLinesAreParsedStrictly) {
  using pqlab::lab::parse_signset_line;
  using pqlab::lab::parse_ticks_line;
  EXPECT_EQ(parse_ticks_line("ticks keygen 3 10 0 18446744073709551", "keygen", 3),
            (std::vector<std::uint64_t>{10, 0, 18446744073709551}));
  for (const char* bad :
       {"ticks keygen 3 10 0", "ticks keygen 3 10 0 1 2", "ticks encaps 3 1 2 3", "ticks keygen 2 1 2 3",
        "ticks keygen 3 1 2 3 ", "ticks keygen 3 1  2 3", " ticks keygen 3 1 2 3", "ticks keygen 3 1 2 03",
        "ticks keygen 3 1 2 -3", "ticks keygen 3 1 2 3x", "ticks keygen 3 1 2 10000000000000000000",
        "ticks keygen 03 1 2 3", "error verify rejected"})
    EXPECT_FALSE(parse_ticks_line(bad, "keygen", 3).has_value()) << bad;
  const auto s = parse_signset_line("signset 2 00ff12ab34cd56ef 134043 167383", 2);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->checksum, 0x00ff12ab34cd56efULL);
  EXPECT_EQ(s->ticks, (std::vector<std::uint64_t>{134043, 167383}));
  EXPECT_EQ(pqlab::lab::format_signset_line(*s), "signset 2 00ff12ab34cd56ef 134043 167383");
  for (const char* bad :
       {"signset 2 00FF12AB34CD56EF 1 2", "signset 2 00ff12ab34cd56e 1 2", "signset 3 00ff12ab34cd56ef 1 2",
        "signset 2 00ff12ab34cd56ef 1", "signset 2 00ff12ab34cd56ef 1 2 3"})
    EXPECT_FALSE(parse_signset_line(bad, 2).has_value()) << bad;
}

TEST(LabPeers, MissingDirectoryIsAnError) {
  PeerPlan plan;
  plan.dir = (fs::temp_directory_path() / "pqlab_peers_no_such_dir").string();
  EXPECT_NE(error_of(plan).find("--peers: no directory '" + plan.dir + "'"), std::string::npos) << error_of(plan);
  plan.dir = "";
  EXPECT_NE(error_of(plan).find("no directory"), std::string::npos);
}

TEST(LabPeers, MissingPeerIsAnError) {
  const fs::path dir = fake_tree("missing");
  fs::remove_all(dir / "sphincsplus" / "shake-avx2");
  PeerPlan plan;
  plan.dir = dir.string();
  const std::string e = error_of(plan);
  EXPECT_NE(e.find("lacks sphincsplus/shake-avx2/hash_shake.c (sphincsplus shake-avx2, for SLH-DSA-SHAKE-128f)"),
            std::string::npos)
      << e;
  fs::remove_all(dir);
}

TEST(LabPeers, SelectionByName) {
  using pqlab::lab::select_peer_algorithms;
  const std::vector<std::string> all = pqlab::lab::peer_algorithms();
  EXPECT_EQ(all, (std::vector<std::string>{"ML-KEM-768", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "SLH-DSA-SHA2-128f",
                                           "SLH-DSA-SHAKE-128f"}));
  EXPECT_EQ(select_peer_algorithms({}, true), all);
  EXPECT_EQ(select_peer_algorithms({"pq"}, true), all);
  EXPECT_EQ(select_peer_algorithms({"slh-dsa-shake-128f", "ML-KEM-768"}, true),
            (std::vector<std::string>{"ML-KEM-768", "SLH-DSA-SHAKE-128f"}));  // table order
  EXPECT_EQ(select_peer_algorithms({"Ed25519", "ML-DSA-65"}, false), std::vector<std::string>{"ML-DSA-65"});
  EXPECT_TRUE(select_peer_algorithms({"Ed25519"}, false).empty());
  EXPECT_THROW((void)select_peer_algorithms({"ML-KEM-512"}, true), PeerError);
}

TEST(LabPeers, FailedBuildNamesThePeerAndKeepsTheLog) {
  REQUIRE_AVX2();
  const fs::path dir = fake_tree("broken", "broken");
  PeerPlan plan;
  plan.dir = dir.string();
  plan.algorithms = {"ML-DSA-44"};  // one peer, to keep the test short
  const std::string e = error_of(plan);
  EXPECT_NE(e.find("--peers: building pq-crystals AVX2 ML-DSA-44 ("), std::string::npos) << e;
  EXPECT_NE(e.find("failed (exit status"), std::string::npos) << e;
  EXPECT_NE(e.find("error"), std::string::npos) << e;
  const std::size_t at = e.find("(log: ");
  ASSERT_NE(at, std::string::npos) << e;
  const fs::path log = e.substr(at + 6, e.size() - at - 7);
  EXPECT_TRUE(fs::exists(log)) << log;
  fs::remove_all(log.parent_path().parent_path());  // the kept build directory
  // No compiler: one line naming it.
  plan.dir = fake_tree("nocc").string();
  plan.cc = "pqlab-no-such-compiler";
  EXPECT_NE(error_of(plan).find("no C compiler 'pqlab-no-such-compiler' on PATH"), std::string::npos);
  fs::remove_all(dir);
  fs::remove_all(plan.dir);
}

TEST(LabPeers, MisbehavingHarnessIsAnError) {
  REQUIRE_AVX2();
  // A "peer" whose verification accepts anything: the harness's own check
  // refuses it before anything is timed.
  const fs::path dir = fake_tree("lax");
  const fs::path sign = dir / "pq-crystals-dilithium" / "avx2" / "sign.c";
  std::string text;
  {
    std::ifstream in(sign);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string check = "return fake_check(sig, siglen, m, mlen);";
  ASSERT_NE(text.find(check), std::string::npos);
  text.replace(text.find(check), check.size(),
               "(void)fake_check; (void)sig, (void)siglen, (void)m, (void)mlen; return 0;");
  std::ofstream(sign) << text;
  PeerPlan plan;
  plan.dir = dir.string();
  plan.quick = true;
  plan.algorithms = {"ml-dsa-44"};  // any case
  const std::string e = error_of(plan);
  EXPECT_NE(e.find("--peers: the harness of pq-crystals AVX2 ML-DSA-44 (strict-avx2) failed: verify accepted a "
                   "changed message"),
            std::string::npos)
      << e;
  fs::remove_all(dir);
}

}  // namespace
