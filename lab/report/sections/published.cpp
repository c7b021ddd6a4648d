// Report section: published reference figures from the literature
// (lab/data/published_figures.json), each labelled as not measured here,
// next to this machine's measured figure for the same operation.
#include "embedded_files.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

nlohmann::json published() {
  const std::string_view text = embedded_file("published_figures.json");
  return text.empty() ? nlohmann::json::array() : nlohmann::json::parse(text);
}

// The measured median in ms for `alg` `op` on the fastest backend measured.
std::optional<std::pair<double, std::string>> measured_ms(const BenchResults& b, const std::string& alg,
                                                          const std::string& op) {
  std::optional<std::pair<double, std::string>> best;
  for (const OperationResult& r : b.results)
    if (r.algorithm == alg && r.operation == op && (!best || r.median_us / 1000 < best->first))
      best = std::pair{r.median_us / 1000, r.backend};
  return best;
}

// The algorithm to compare with: the one named, or for SLH-DSA the slowest
// signing set measured when the named one is missing.
std::string comparison_subject(const BenchResults& b, const std::string& wanted) {
  for (const Subject& s : b.subjects)
    if (s.name == wanted) return wanted;
  if (wanted.rfind("SLH-DSA", 0) == 0) {
    std::string slowest;
    double worst = -1;
    for (const OperationResult& r : b.results)
      if (r.algorithm.rfind("SLH-DSA", 0) == 0 && r.operation == "sign" && r.median_us > worst) {
        worst = r.median_us;
        slowest = r.algorithm;
      }
    return slowest;
  }
  return "";
}

nlohmann::json pqm4_source() {
  const std::string_view text = embedded_file("pqm4_cortex_m4.json");
  return text.empty() ? nlohmann::json::object() : nlohmann::json::parse(text);
}

// The published value of one figure, with its unit.
std::string figure_text(const nlohmann::json& f) {
  std::string t = f.value("approximate", false) ? std::string("≈ ") : std::string();
  if (f.contains("ms")) {
    const double ms = f.value("ms", 0.0);
    // As published: up to three decimals, no trailing zeros (5.94 stays 5.94).
    std::string v = ms >= 60000 ? fixed(ms / 60000, 0) : fixed(ms, 3);
    if (ms < 60000) {
      while (v.back() == '0') v.pop_back();
      if (v.back() == '.') v.pop_back();
    }
    t.append(v).append(ms >= 60000 ? " min" : " ms");
  } else if (f.contains("bytes")) {
    t.append("+").append(with_commas(f.value("bytes", 0.0))).append(" bytes");
  } else if (f.contains("ratio")) {
    t.append(fixed(f.value("ratio", 0.0), 1)).append("×");
  }
  if (f.contains("variant")) t.append(" (").append(f.value("variant", "")).append(")");
  return t;
}

std::string citation(const nlohmann::json& source) {
  return std::string("\"") + source.value("title", "") + "\" (" + source.value("kind", "") + "), " +
         source.value("where", "");
}

class PublishedSection final : public Section {
 public:
  std::string key() const override { return "published_reference_figures"; }
  std::string title() const override { return "Published reference figures — not measured here"; }
  nlohmann::json data(const ReportContext& ctx) const override {
    const nlohmann::json pqm4 = pqm4_source();
    return {{"label", "published, not measured here"},
            {"entries", published()},
            {"pqm4",
             {{"title", pqm4.value("title", "")},
              {"commit", pqm4.value("commit", "")},
              {"table", pqm4.value("table", "")}}},
            {"openssl_measured_here", ctx.bench.machine.openssl}};
  }
  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "The figures in the \"published\" column come from the works cited below and were **not measured "
        "here**; they ran on other hardware, often with other parameter sets or earlier versions of the "
        "schemes. The last column is this machine's measured median for the nearest operation (fastest "
        "backend).\n\n";
    std::vector<std::vector<std::string>> rows;
    int n = 0;
    for (const nlohmann::json& e : published()) {
      ++n;
      const std::string target = comparison_subject(ctx.bench, e.value("compare_with", ""));
      for (const nlohmann::json& f : e["figures"]) {
        const std::string op = f.value("operation", "");
        std::string here = f.contains("ms") ? "not measured in this run" : "see the TLS 1.3 handshakes section";
        if (f.contains("ms") && !target.empty())
          if (const auto m = measured_ms(ctx.bench, target, op))
            here = target + " " + op + ": " + fixed(m->first, 3) + " ms [" + m->second + "]";
        rows.push_back({std::string("[") + std::to_string(n) + "] " + e.value("platform", ""), op,
                        std::string("*published:* ") + figure_text(f), here});
      }
    }
    md += md_table({"source and platform", "operation", "published, not measured here", "measured here"}, rows) + "\n";
    md += "Sources:\n\n";
    n = 0;
    for (const nlohmann::json& e : published()) {
      ++n;
      md += std::string("- [") + std::to_string(n) + "] " + citation(e.value("source", nlohmann::json::object())) +
            ": " + e.value("what", "") + ". Platform: " + e.value("platform", "") +
            ". Comparison: " + e.value("comparison_note", "") + ".";
      for (const nlohmann::json& o : e.value("outcomes", nlohmann::json::array()))
        md.append(" Also reported: ").append(o.get<std::string>()).append(".");
      md += "\n";
    }
    const nlohmann::json pqm4 = pqm4_source();
    md += "- pqm4 (Cortex-M4 section): \"" + pqm4.value("title", "") + "\", github.com/mupq/pqm4 at commit `" +
          pqm4.value("commit", "") + "`, " + pqm4.value("table", "") + ".\n";
    md += "- OpenSSL: the classical baselines and TLS handshakes measured here use " + ctx.bench.machine.openssl +
          "; the TLS article (\"A closer look at ML-KEM performance\") used OpenSSL 3.5.5.\n";
    return md;
  }
};

}  // namespace

std::unique_ptr<Section> make_published_section() { return std::make_unique<PublishedSection>(); }

}  // namespace pqlab::lab
