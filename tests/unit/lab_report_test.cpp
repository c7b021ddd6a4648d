// The report's pure pieces: the load verdict, the progress line, the TLS
// noise rule, the published sources, and the HTML rendering.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <algorithm>
#include <set>
#include <string>

#include "embedded_files.hpp"
#include "harness/load.hpp"
#include "harness/progress.hpp"
#include "report/section.hpp"
#include "tls/tls_bench.hpp"

namespace {

using pqlab::lab::describe_load;
using pqlab::lab::format_progress;
using pqlab::lab::load_is_suspect;

TEST(LabLoad, SuspectAboveOneAndAHalfPerCpu) {
  EXPECT_FALSE(load_is_suspect(3.0, 2));  // exactly 1.5 per CPU
  EXPECT_TRUE(load_is_suspect(3.01, 2));
  EXPECT_FALSE(load_is_suspect(1.5, 1));
  EXPECT_TRUE(load_is_suspect(1.6, 1));
  EXPECT_TRUE(load_is_suspect(1.6, 0));  // unknown CPU count: one
  EXPECT_FALSE(load_is_suspect(20, 16));
  EXPECT_NE(describe_load(3.42, 2).find("1.71 per CPU): above 1.5 per CPU, figures suspect"), std::string::npos)
      << describe_load(3.42, 2);
  EXPECT_EQ(describe_load(0.5, 2).find("suspect"), std::string::npos);
  EXPECT_TRUE(pqlab::lab::read_load_average().has_value());  // Linux: /proc/loadavg
}

TEST(LabProgress, PercentageAndTimeLeft) {
  EXPECT_EQ(format_progress(0.5, 10, "ML-KEM-768 keygen"), "[ 50%, about 10 s left] ML-KEM-768 keygen");
  EXPECT_EQ(format_progress(0.25, 30, "x"), "[ 25%, about 1 min 30 s left] x");
  EXPECT_EQ(format_progress(0.01, 30, "x"), "[  1%, estimating time left] x");
  EXPECT_EQ(format_progress(0.5, 1, "x"), "[ 50%, estimating time left] x");
  EXPECT_EQ(format_progress(1.0, 100, "x"), "[100%, done] x");
  EXPECT_EQ(format_progress(2.0, 100, "x"), "[100%, done] x");
  EXPECT_EQ(pqlab::lab::format_duration(3725), "1 h 02 min");
}

std::string progress_output(bool tty) {
  std::FILE* f = std::tmpfile();
  {
    pqlab::lab::ProgressLine line(f, "p: ", tty);
    line.update("first", 0.1);
    line.update("second", -1);  // unknown: keeps 10 %
  }
  std::rewind(f);
  std::string out;
  for (int c; (c = std::fgetc(f)) != EOF;) out += static_cast<char>(c);
  std::fclose(f);
  return out;
}

TEST(LabProgress, OneUpdatingLineOnATerminalPlainLinesOtherwise) {
  const std::string plain = progress_output(false);
  EXPECT_EQ(plain, "p: [ 10%, estimating time left] first\np: [ 10%, estimating time left] second\n");
  const std::string tty = progress_output(true);
  EXPECT_EQ(tty.find('\n'), std::string::npos) << tty;
  EXPECT_EQ(tty, "\rp: [ 10%, estimating time left] first\033[K\rp: [ 10%, estimating time left] second\033[K\r\033[K");
}

TEST(TlsNoise, OverlappingRunsAreWithinNoise) {
  using pqlab::tls::compare_runs;
  // The case seen: x25519 looked slower than X25519MLKEM768 by a few µs.
  const auto d = compare_runs({410, 440, 395}, {405, 400, 420});
  EXPECT_TRUE(d.within_noise);
  EXPECT_DOUBLE_EQ(d.delta, 405 - 410);
  EXPECT_EQ(pqlab::tls::describe_difference(d), "within noise (-5 µs)");
  const auto real = compare_runs({400, 405, 410}, {600, 610, 605});
  EXPECT_FALSE(real.within_noise);
  EXPECT_EQ(pqlab::tls::describe_difference(real), "+200 µs");
  EXPECT_TRUE(compare_runs({}, {1}).within_noise);  // nothing to compare
}

TEST(TlsNoise, SpreadOfRuns) {
  pqlab::tls::ConfigResult r;
  r.client_cpu_us_runs = {400, 460, 420};
  r.server_cpu_us_runs = {900, 905, 910};
  EXPECT_DOUBLE_EQ(r.client_cpu_spread_us(), 60);
  EXPECT_DOUBLE_EQ(r.server_cpu_spread_us(), 10);
  EXPECT_EQ(r.total_cpu_us_runs(), (std::vector<double>{1300, 1365, 1330}));
}

TEST(LabPublished, EverySourceIsNamed) {
  const nlohmann::json entries = nlohmann::json::parse(pqlab::lab::embedded_file("published_figures.json"));
  const std::vector<std::string> studies = {
      "Comparative Performance Analysis of NIST PQC Standards: From STM32 Software Limitations to FPGA-SoC "
      "Acceleration",
      "A closer look at ML-KEM performance",
      "ESP32-S3上Kyber后量子加密算法的优化实践 (Optimising Kyber on the ESP32-S3)"};
  std::set<std::string> cited;
  ASSERT_FALSE(entries.empty());
  for (const nlohmann::json& e : entries) {
    const std::string text = e.dump();
    EXPECT_EQ(text.find("issue"), std::string::npos) << text;
    EXPECT_EQ(text.find("not identified"), std::string::npos) << text;
    const std::string title = e.at("source").at("title");
    EXPECT_NE(std::find(studies.begin(), studies.end(), title), studies.end()) << title;
    cited.insert(title);
    // One chip: the ESP32-S3 study's figures are not mixed with the ESP32's.
    if (text.find("ESP32") != std::string::npos) {
      EXPECT_EQ(text.find("ESP32 "), std::string::npos) << text;
      EXPECT_EQ(text.find("ESP32,"), std::string::npos) << text;
    }
    EXPECT_FALSE(e.at("figures").empty());
  }
  EXPECT_EQ(cited.size(), studies.size());
  const nlohmann::json pqm4 = nlohmann::json::parse(pqlab::lab::embedded_file("pqm4_cortex_m4.json"));
  EXPECT_EQ(pqm4.at("commit").get<std::string>().size(), 40u);
  EXPECT_NE(pqm4.at("table").get<std::string>().find("benchmarks.md"), std::string::npos);
}

TEST(LabHtml, SelfContainedPage) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("pqlab_html_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream png(dir / "plot.png", std::ios::binary);
    png << "\x89PNG\r\n\x1a\nfake";
  }
  const std::string md =
      "# Title\n\nSome **bold** and `a<b>` & *it*.\n\n| a | b |\n|---|---:|\n| x | 1,234 |\n\n- one\n- two\n\n"
      "![plot](plot.png)\n![gone](missing.png)\n![remote](http://example.com/x.png)\n";
  const std::string html = pqlab::lab::markdown_to_html(md, dir, "t");
  fs::remove_all(dir);
  EXPECT_NE(html.find("<h1>Title</h1>"), std::string::npos);
  EXPECT_NE(html.find("<strong>bold</strong>"), std::string::npos);
  EXPECT_NE(html.find("<code>a&lt;b&gt;</code> &amp; <em>it</em>"), std::string::npos) << html;
  EXPECT_NE(html.find("<th>a</th><th>b</th>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"n\">1,234</td>"), std::string::npos);
  EXPECT_NE(html.find("<li>two</li>"), std::string::npos);
  EXPECT_NE(html.find("src=\"data:image/png;base64,iVBORw0KGgpmYWtl\""), std::string::npos) << html;
  EXPECT_NE(html.find("(image missing.png missing)"), std::string::npos);
  EXPECT_EQ(html.find("src=\"http"), std::string::npos);  // never a network reference
  EXPECT_NE(html.find("data-render"), std::string::npos);
}

}  // namespace

namespace {

// More runs while the spread is large, bounded by max_runs.
TEST(TlsNoise, ExtraRunsWhileTheSpreadIsLarge) {
  pqlab::tls::TlsBenchPlan plan;
  plan.configs = {{pqlab::tls::CertKind::ed25519, "x25519", pqlab::tls::KeySharePolicy::exact}};
  plan.handshakes = 2;
  plan.runs = 2;
  plan.max_runs = 4;
  plan.max_relative_spread = 0;  // any difference between two runs is "large"
  const auto noisy = pqlab::tls::run_tls_bench(plan);
  EXPECT_EQ(noisy.runs_planned, 2);
  EXPECT_EQ(noisy.runs, 4);  // two runs' CPU times never agree to the nanosecond
  EXPECT_EQ(noisy.configs.at(0).client_cpu_us_runs.size(), 4u);
  plan.max_relative_spread = 1e9;  // nothing is large
  const auto calm = pqlab::tls::run_tls_bench(plan);
  EXPECT_EQ(calm.runs, 2);
  plan.max_runs = 1;
  EXPECT_THROW(pqlab::tls::validate(plan), pqlab::tls::TlsError);
}

}  // namespace
