// Report section: the Cortex-M4 firmware under QEMU, from the results file
// that `python3 embedded/run.py bench` writes (embedded.json). The report does
// not cross-compile or emulate anything itself; it renders what that run
// measured, and says how to produce it when no file was given.
#include <fstream>

#include "embedded_files.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

constexpr const char* kHowTo =
    "`scripts/setup.sh embedded && python3 embedded/run.py bench` (writes build/embedded/results/embedded.json), "
    "then `pqlab report --embedded build/embedded/results/embedded.json`. `scripts/run.sh` does this when the ARM "
    "toolchain and QEMU are installed.";

std::string with_commas(std::uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// pqm4's published Cortex-M4 figures (lab/data/pqm4_cortex_m4.json).
nlohmann::json pqm4() {
  const std::string_view text = embedded_file("pqm4_cortex_m4.json");
  return text.empty() ? nlohmann::json::object() : nlohmann::json::parse(text);
}

// "cycles / stack B" published for this set and operation, or "—".
std::string published_cell(const nlohmann::json& published, const std::string& set, const std::string& op) {
  for (const nlohmann::json& e : published.value("entries", nlohmann::json::array()))
    if (e.value("set", "") == set && e.contains(op))
      return with_commas(e.at(op).get<std::uint64_t>()) + " cycles, " +
             with_commas(e.at("stack").at(op).get<std::uint64_t>()) + " B stack (" + e.value("scheme", "") + ")";
  return "—";
}

// One row per image × operation, flattened for report.json.
nlohmann::json rows(const nlohmann::json& results) {
  nlohmann::json out = nlohmann::json::array();
  for (const nlohmann::json& image : results.at("images")) {
    const std::uint64_t budget = image.at("ram_budget"), static_ram = image.at("static_ram");
    const std::uint64_t fault_stack = image.at("elf").value("fault_stack", std::uint64_t{0});
    for (const nlohmann::json& op : image.at("operations")) {
      const std::uint64_t stack = op.at("stack");
      out.push_back({{"board", image.at("board")},
                     {"ram_budget_bytes", budget},
                     {"set", op.at("set")},
                     {"operation", op.at("op")},
                     {"peak_stack_bytes", stack},
                     {"static_ram_bytes", static_ram},
                     {"io_bytes", op.at("io")},
                     {"instructions", op.at("instructions")},
                     {"ms_at_168mhz_cpi1", op.at("time_ms_168mhz_cpi1")},
                     {"fits", stack + static_ram + fault_stack <= budget}});
    }
  }
  return out;
}

class EmbeddedSection final : public Section {
 public:
  std::string key() const override { return "embedded"; }
  std::string title() const override { return "Cortex-M4 under emulation (QEMU)"; }

  void measure(ReportContext& ctx, const Progress&) override {
    if (ctx.options.embedded_results.empty()) return;
    results_ = load_embedded_results(ctx.options.embedded_results);
    rows_ = rows(results_);
  }

  nlohmann::json data(const ReportContext&) const override {
    if (results_.is_null()) return {{"run", false}, {"how", kHowTo}};
    return {{"run", true},
            {"method", results_.value("method", nlohmann::json::object())},
            {"rows", rows_},
            {"published", pqm4()}};
  }

  std::string markdown(const ReportContext&) const override {
    if (results_.is_null()) return std::string("Not part of this run. To include it: ") + kHowTo + "\n";
    const nlohmann::json method = results_.value("method", nlohmann::json::object());
    std::string md =
        "The unchanged pqlab core, cross-compiled for Cortex-M4 and run under QEMU with RAM capped at the real "
        "parts' budgets. **Instruction counts are QEMU's executed instructions (`-icount shift=0`), not cycles on "
        "silicon**; the millisecond column divides them by 168 MHz assuming CPI = 1, an assumption. Peak stack is "
        "the painted high-water mark of each operation; static RAM is .data + .bss of the whole image. An "
        "operation fits when its stack, the image's static RAM and the fault handler's stack fit the budget.\n\n";
    md += "Toolchain: " + method.value("compiler", std::string("?")) + ", `" + method.value("flags", std::string()) +
          "`; " + method.value("qemu", std::string()) + ".\n\n";
    const nlohmann::json published = pqm4();
    md += "The last column is *published, not measured here*: " + published.value("source", std::string()) + " — " +
          published.value("caveat", std::string()) + ".\n\n";
    for (const nlohmann::json& image : results_.at("images")) {
      const std::uint64_t budget = image.at("ram_budget");
      md += "### " + image.at("board").get<std::string>() + ", RAM capped at " + std::to_string(budget / 1024) +
            " KB (firmware exit status " + std::to_string(image.at("exit").get<int>()) + ")\n\n";
      std::vector<std::vector<std::string>> table;
      for (const nlohmann::json& r : rows_) {
        if (r.at("board") != image.at("board") || r.at("ram_budget_bytes") != budget) continue;
        table.push_back({r.at("set").get<std::string>(), r.at("operation").get<std::string>(),
                         with_commas(r.at("peak_stack_bytes")), with_commas(r.at("static_ram_bytes")),
                         with_commas(r.at("instructions")), fixed(r.at("ms_at_168mhz_cpi1"), 2),
                         r.at("fits").get<bool>() ? "fits" : "does not fit",
                         published_cell(published, r.at("set"), r.at("operation"))});
      }
      md +=
          md_table({"set", "operation", "peak stack (B)", "static RAM (B)", "instructions",
                    "ms at 168 MHz, CPI = 1 (assumed)", "in budget", "pqm4 on silicon (published, not measured here)"},
                   table) +
          "\n";
    }
    return md;
  }

 private:
  nlohmann::json results_;
  nlohmann::json rows_;
};

}  // namespace

nlohmann::json load_embedded_results(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SelectionError("cannot read the embedded results file " + path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("images") || !j["images"].is_array())
    throw SelectionError(path + " is not the embedded.json that embedded/run.py bench writes");
  try {
    (void)rows(j);  // every field the section reads, with its type
  } catch (const nlohmann::json::exception& e) {
    throw SelectionError(path + ": malformed embedded results (" + e.what() + ")");
  }
  return j;
}

std::unique_ptr<Section> make_embedded_section() { return std::make_unique<EmbeddedSection>(); }

}  // namespace pqlab::lab
