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

class PublishedSection final : public Section {
 public:
  std::string key() const override { return "published_reference_figures"; }
  std::string title() const override { return "Published reference figures — not measured here"; }
  nlohmann::json data(const ReportContext&) const override {
    return {{"label", "published, not measured here"}, {"entries", published()}};
  }
  std::string markdown(const ReportContext& ctx) const override {
    std::string md =
        "The figures in the \"published\" column come from the literature and were **not measured here**; they "
        "ran on other hardware, often with other parameter sets or earlier versions of the schemes. The last "
        "column is this machine's measured median for the nearest operation (fastest backend).\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const nlohmann::json& e : published()) {
      const std::string target = comparison_subject(ctx.bench, e.value("compare_with", ""));
      for (const nlohmann::json& f : e["figures"]) {
        const std::string op = f.value("operation", "");
        std::string figure = f.value("approximate", false) ? std::string("≈ ") : std::string();
        const double ms = f.value("ms", 0.0);
        figure += ms >= 60000 ? fixed(ms / 60000, 0) + " min" : fixed(ms, 2) + " ms";
        if (f.contains("variant")) figure += " (" + f.value("variant", "") + ")";
        std::string here = "not measured in this run";
        if (!target.empty())
          if (const auto m = measured_ms(ctx.bench, target, op))
            here = target + " " + op + ": " + fixed(m->first, 3) + " ms [" + m->second + "]";
        rows.push_back({e.value("what", ""), op, "*published:* " + figure, here});
      }
    }
    md += md_table({"work", "operation", "published, not measured here", "measured here"}, rows) + "\n";
    md += "Sources and caveats:\n\n";
    for (const nlohmann::json& e : published())
      md += "- " + e.value("what", "") + " — " + e.value("source", "") + ". Platform: " + e.value("platform", "") +
            ". Comparison: " + e.value("comparison_note", "") + ".\n";
    return md;
  }
};

}  // namespace

std::unique_ptr<Section> make_published_section() { return std::make_unique<PublishedSection>(); }

}  // namespace pqlab::lab
