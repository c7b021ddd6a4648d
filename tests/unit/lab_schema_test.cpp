// The bench's JSON validates against lab/report.schema.json, and the
// schema rejects documents that break it. The validator covers the keywords
// the schema uses: type, required, properties, additionalProperties, items,
// enum, const, minimum, $ref (local).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <nlohmann/json.hpp>
#include <string>

#include <filesystem>

#include "bench/bench.hpp"
#include "bench/output.hpp"
#include "pqlab/kernels.hpp"
#include "report/report.hpp"
#include "tls/tls_bench.hpp"
#include "tls/tls_bench_output.hpp"

namespace {

using nlohmann::json;

bool has_type(const json& v, const std::string& t) {
  if (t == "object") return v.is_object();
  if (t == "array") return v.is_array();
  if (t == "string") return v.is_string();
  if (t == "boolean") return v.is_boolean();
  if (t == "null") return v.is_null();
  if (t == "integer") return v.is_number_integer();
  if (t == "number") return v.is_number();
  return false;
}

class Validator {
 public:
  explicit Validator(json root) : root_(std::move(root)) {}
  // Empty if valid; else the first error with its JSON pointer.
  std::string validate(const json& v) const { return check(root_, v, ""); }

 private:
  const json& resolve(const json& schema) const {
    if (!schema.contains("$ref")) return schema;
    const std::string ref = schema["$ref"];
    return root_.at(json::json_pointer(ref.substr(1)));
  }

  std::string check(const json& schema_in, const json& v, const std::string& at) const {
    const json& s = resolve(schema_in);
    if (s.is_boolean()) return s.get<bool>() ? "" : at + ": not allowed";
    if (s.contains("const") && v != s["const"]) return at + ": expected " + s["const"].dump();
    if (s.contains("enum")) {
      bool found = false;
      for (const json& e : s["enum"]) found = found || e == v;
      if (!found) return at + ": " + v.dump() + " not in " + s["enum"].dump();
    }
    if (s.contains("type")) {
      bool ok = false;
      if (s["type"].is_array())
        for (const json& t : s["type"]) ok = ok || has_type(v, t);
      else
        ok = has_type(v, s["type"]);
      if (!ok) return at + ": expected type " + s["type"].dump() + ", got " + v.type_name();
    }
    if (s.contains("minimum") && v.is_number() && v.get<double>() < s["minimum"].get<double>())
      return at + ": below minimum";
    if (v.is_object()) {
      if (s.contains("required"))
        for (const json& r : s["required"])
          if (!v.contains(r.get<std::string>())) return at + ": missing " + r.get<std::string>();
      for (const auto& [key, value] : v.items()) {
        if (s.contains("properties") && s["properties"].contains(key)) {
          if (auto e = check(s["properties"][key], value, at + "/" + key); !e.empty()) return e;
        } else if (s.contains("additionalProperties")) {
          if (auto e = check(s["additionalProperties"], value, at + "/" + key); !e.empty()) return e;
        }
      }
    }
    if (v.is_array() && s.contains("items"))
      for (std::size_t i = 0; i < v.size(); ++i)
        if (auto e = check(s["items"], v[i], at + "/" + std::to_string(i)); !e.empty()) return e;
    return "";
  }

  json root_;
};

json load_schema() {
  std::ifstream in(PQLAB_LAB_SCHEMA_PATH);
  EXPECT_TRUE(in) << "cannot open " << PQLAB_LAB_SCHEMA_PATH;
  return json::parse(in);
}

// The bench schema, as its own root (with the shared $defs).
json bench_schema() {
  json root = load_schema();
  json bench = root["$defs"]["bench"];
  bench["$defs"] = root["$defs"];
  return bench;
}

json small_bench_document() {
  pqlab::lab::BenchPlan plan;
  plan.algorithms = {"ML-KEM-768", "ML-DSA-44", "SLH-DSA-SHA2-128f", "X25519"};
  plan.sampling.min_time_s = 0;
  plan.sampling.min_samples = 3;
  plan.sampling.warmup_s = 0;
  plan.throughput = true;
  plan.throughput_seconds = 0.01;
  plan.two_core = true;  // ML-KEM-768's keygen-2core, encaps-2core, decaps-2core
  return pqlab::lab::bench_to_json(pqlab::lab::run_bench(plan));
}

TEST(LabSchema, BenchJsonValidates) {
  const Validator validator(bench_schema());
  const json doc = small_bench_document();
  EXPECT_EQ(validator.validate(doc), "");
  EXPECT_FALSE(doc["results"].empty());
  for (const json& r : doc["results"]) {
    if (r["family"] == "post-quantum") {
      EXPECT_EQ(r["heap"]["bytes"], 0) << r["algorithm"] << " " << r["operation"];
    }
  }
  // --two-core: each ML-KEM operation also on two cores, not in throughput scaling.
  int two_core = 0;
  for (const json& r : doc["results"])
    if (r["operation"].get<std::string>().ends_with("-2core")) {
      ++two_core;
      EXPECT_EQ(r["algorithm"], "ML-KEM-768");
      EXPECT_TRUE(r["throughput"].is_null());
    }
  EXPECT_EQ(two_core, 3 * static_cast<int>(doc["settings"]["kernels"].size()));  // per backend
  EXPECT_EQ(doc["settings"]["two_core"], true);
}

// --two-core with a Kyber-90s set selected: its operations on two cores too
// (one backend, to keep the test short).
TEST(LabSchema, BenchJsonKyber90sTwoCoreValidates) {
  pqlab::lab::BenchPlan plan;
  plan.algorithms = {"Kyber512-90s"};
  plan.kernels = {"portable"};
  plan.sampling.min_time_s = 0;
  plan.sampling.min_samples = 3;
  plan.sampling.warmup_s = 0;
  plan.two_core = true;
  const json doc = pqlab::lab::bench_to_json(pqlab::lab::run_bench(plan));
  EXPECT_EQ(Validator(bench_schema()).validate(doc), "");
  std::set<std::string> ops;
  for (const json& r : doc["results"]) {
    EXPECT_EQ(r["algorithm"], "Kyber512-90s");
    ops.insert(r["operation"].get<std::string>());
  }
  for (const char* op : {"keygen", "encaps", "decaps", "keygen-2core", "encaps-2core", "decaps-2core"})
    EXPECT_TRUE(ops.count(op)) << op;
}

TEST(LabSchema, RejectsBrokenDocuments) {
  const Validator validator(bench_schema());
  const json good = small_bench_document();
  json missing = good;
  missing.erase("timing");
  EXPECT_NE(validator.validate(missing), "");
  json bad_unit = good;
  bad_unit["results"][0]["ticks"]["unit"] = "cycles";
  EXPECT_NE(validator.validate(bad_unit), "");
  json negative = good;
  negative["results"][0]["ops_per_s"] = -1;
  EXPECT_NE(validator.validate(negative), "");
  json extra = good;
  extra["results"][0]["made_up"] = 1;
  EXPECT_NE(validator.validate(extra), "");
}

// The tls-bench schema, as its own root.
json tls_bench_schema() {
  json root = load_schema();
  json tls = root["$defs"]["tls_bench"];
  tls["$defs"] = root["$defs"];
  return tls;
}

TEST(LabSchema, TlsBenchJsonValidates) {
  pqlab::tls::TlsBenchPlan plan;
  plan.configs = {{pqlab::tls::CertKind::ed25519, "MLKEM768", pqlab::tls::KeySharePolicy::exact},
                  {pqlab::tls::CertKind::ed25519, "MLKEM768", pqlab::tls::KeySharePolicy::browser}};
  // A composed row: its ECDSA-P256 baseline is measured too.
  plan.composed = {{pqlab::tls::parse_cert_scheme("ML-DSA-44"), "MLKEM768", pqlab::tls::KeySharePolicy::exact}};
  plan.handshakes = 2;
  plan.runs = 1;
  plan.auth.min_ms_per_run = 0;
  plan.auth.min_iterations = 1;
  const json doc = pqlab::tls::tls_bench_to_json(pqlab::tls::run_tls_bench(plan));
  const Validator validator(tls_bench_schema());
  EXPECT_EQ(validator.validate(doc), "");
  ASSERT_EQ(doc["configs"].size(), 3u);
  ASSERT_EQ(doc["composed"].size(), 1u);
  EXPECT_EQ(doc["composed"][0]["composed"], true);
  EXPECT_EQ(doc["auth"].size(), 3u);  // Ed25519, ECDSA-P256, ML-DSA-44
  ASSERT_EQ(doc["composition_checks"].size(), 2u);
  EXPECT_EQ(doc["composition_checks"][0]["bytes_ok"], true);
  json uncomposed = doc;
  uncomposed["composed"][0]["composed"] = false;
  EXPECT_NE(validator.validate(uncomposed), "");
  EXPECT_EQ(doc["hello_retry"].size(), 1u);
  json bad_policy = doc;
  bad_policy["configs"][0]["policy"] = "firefox";
  EXPECT_NE(validator.validate(bad_policy), "");
  json no_bytes = doc;
  no_bytes["configs"][1].erase("server_to_client_bytes");
  EXPECT_NE(validator.validate(no_bytes), "");
}

TEST(LabSchema, QuickReportJsonValidates) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("pqlab_lab_schema_" + std::to_string(::getpid()));
  pqlab::lab::ReportOptions opt;
  opt.out_dir = dir.string();
  opt.quick = true;
  opt.algorithms = {"ML-KEM-768", "ML-DSA-44", "SLH-DSA-SHAKE-128f", "Ed25519"};
  // The speed peers from a fake tree (tests/support/make_fake_peers.sh),
  // where the CPU can run the peers' AVX2 builds.
  bool avx2 = false;
  for (std::string_view b : pqlab::kernels::available()) avx2 = avx2 || b == "avx2";
  const std::filesystem::path peers = dir.string() + "_peers";
  if (avx2) {
    const std::string cmd = std::string("bash '") + PQLAB_FAKE_PEERS_SCRIPT + "' '" + peers.string() + "'";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    opt.peers_dir = peers.string();
  }
  const pqlab::lab::ReportOutcome out = pqlab::lab::run_report(opt);
  std::filesystem::remove_all(peers);
  std::ifstream in(out.json_path);
  const json doc = json::parse(in);
  const Validator validator(load_schema());
  EXPECT_EQ(validator.validate(doc), "");
  EXPECT_EQ(doc["sections"]["peers"]["run"], avx2);
  if (avx2) {
    // ML-KEM-768 (3), ML-DSA-44 (3), SLH-DSA-SHAKE-128f (1): -a restricts the rows too.
    bool avx512 = false;
    for (std::string_view b : pqlab::kernels::available()) avx512 = avx512 || b == "avx512";
    EXPECT_EQ(doc["sections"]["peers"]["rows"].size(), avx512 ? 14u : 7u);
    json bad_peers = doc;
    bad_peers["sections"]["peers"]["rows"][0]["ratio"] = "0.85";
    EXPECT_NE(validator.validate(bad_peers), "");
    bad_peers = doc;
    bad_peers["sections"]["peers"]["rows"][0]["peer_build"] = "march-native";
    EXPECT_NE(validator.validate(bad_peers), "");
  }
  EXPECT_TRUE(std::filesystem::exists(out.markdown_path));
  EXPECT_TRUE(std::filesystem::exists(out.html_path));
  // The summary: one row per algorithm and (non-batch) operation on the best
  // backend, every figure a number.
  const json& summary = doc["sections"]["summary"];
  EXPECT_EQ(summary["rows"].size(), 3u + 3u + 3u + 3u);  // ML-KEM-768, ML-DSA-44, SLH-DSA-SHAKE-128f, Ed25519
  for (const json& r : summary["rows"]) {
    EXPECT_TRUE(r["median_us"].is_number() && r["median_ms"].is_number() && r["median_ticks"].is_number());
    EXPECT_NEAR(r["median_ms"].get<double>() * 1000, r["median_us"].get<double>(), 1e-9);
    EXPECT_TRUE(r["public_key_bytes"].is_number_integer());
  }
  // One operation on two cores: ML-KEM-768, and beside it Kyber512-90s (the
  // ESP32-S3 study's subject) although the run did not select it.
  std::set<std::string> two_core_sets;
  for (const json& r : doc["sections"]["two_core"]["operations"])
    two_core_sets.insert(r["algorithm"].get<std::string>());
  EXPECT_EQ(two_core_sets, (std::set<std::string>{"Kyber512-90s", "ML-KEM-768"}));
  EXPECT_EQ(doc["sections"]["two_core"]["operations"].size(), 6u);
  json formatted = doc;
  formatted["sections"]["summary"]["rows"][0]["median_ticks"] = "46.5 k";
  EXPECT_NE(validator.validate(formatted), "");
  json no_load = doc;
  no_load.erase("load");
  EXPECT_NE(validator.validate(no_load), "");
  EXPECT_FALSE(doc["load"]["samples"].empty());
  // summary.csv: a header, then numbers only in the numeric columns.
  std::ifstream csv(dir / "summary.csv");
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line.rfind("algorithm,family,operation,backend,median_us,", 0), 0u) << line;
  int rows = 0;
  while (std::getline(csv, line)) {
    ++rows;
    std::stringstream fields(line);
    std::string field;
    for (int col = 0; std::getline(fields, field, ','); ++col)
      if (col >= 4 && !field.empty()) {
        std::size_t used = 0;
        (void)std::stod(field, &used);
        EXPECT_EQ(used, field.size()) << "not a number: '" << field << "' in " << line;
      }
  }
  EXPECT_EQ(rows, 12);
  std::ifstream smd(dir / "summary.md");
  std::stringstream stamped;
  stamped << smd.rdbuf();
  for (const char* stamp : {"- Commit: `", "- Date: ", "- CPU: ", "- Load: load ", "- Command: `"})
    EXPECT_NE(stamped.str().find(stamp), std::string::npos) << stamp;
  std::filesystem::remove_all(dir);
}

TEST(LabSelection, RejectsUnknownNamesAndNegativeTime) {
  pqlab::lab::BenchPlan plan;
  plan.algorithms = {"ML-KEM-7"};
  EXPECT_THROW(pqlab::lab::validate(plan), pqlab::lab::SelectionError);
  plan.algorithms = {"x25519"};
  EXPECT_NO_THROW(pqlab::lab::validate(plan));
  plan.kernels = {"portable,neon"};
  EXPECT_THROW(pqlab::lab::validate(plan), pqlab::lab::SelectionError);
  plan.kernels = {"all"};
  EXPECT_NO_THROW(pqlab::lab::validate(plan));
  plan.sampling.min_time_s = -1;
  EXPECT_THROW(pqlab::lab::validate(plan), pqlab::lab::SelectionError);
}

}  // namespace
