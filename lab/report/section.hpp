// The report is a list of sections, each produced by its own module. A
// section may measure what only it needs (after the shared bench has run),
// contributes its numbers to report.json under its key, and renders its part
// of report.md. Later sections (TLS handshakes, Cortex-M4 under emulation)
// plug in by adding a factory to standard_sections().
#pragma once
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "report/report.hpp"

namespace pqlab::lab {

struct ReportContext {
  ReportOptions options;
  std::filesystem::path out_dir;
  BenchResults bench;  // the shared measurement: every subject × backend × operation
  // Plot files drawn (by file name), or why none were.
  std::vector<std::string> plots_drawn;
  std::string plot_note;
  std::vector<std::string> notes;
};

class Section {
 public:
  virtual ~Section() = default;
  virtual std::string key() const = 0;    // JSON key under "sections"
  virtual std::string title() const = 0;  // the heading in report.md
  virtual void measure(ReportContext&, const Progress&) {}
  virtual nlohmann::json data(const ReportContext&) const { return nullptr; }
  virtual std::string markdown(const ReportContext& ctx) const = 0;
};

std::unique_ptr<Section> make_machine_section();
std::unique_ptr<Section> make_method_section();
std::unique_ptr<Section> make_cost_section();
std::unique_ptr<Section> make_signing_section();
std::unique_ptr<Section> make_throughput_section();
std::unique_ptr<Section> make_sizes_section();
std::unique_ptr<Section> make_memory_section();
std::unique_ptr<Section> make_hash_floor_section();
std::unique_ptr<Section> make_published_section();
std::unique_ptr<Section> make_embedded_section();
std::unique_ptr<Section> make_tls_handshake_section();
std::unique_ptr<Section> make_tls_auth_section();

// Reads and checks the results of `embedded/run.py bench`; SelectionError
// naming the file when it is missing or not such a file.
nlohmann::json load_embedded_results(const std::string& path);

// In report order.
std::vector<std::unique_ptr<Section>> standard_sections();

// Markdown helpers shared by the sections.
std::string md_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);
// `![alt](file)` if the plot was drawn, else a note saying why not.
std::string md_plot(const ReportContext& ctx, const std::string& file, const std::string& alt);
std::string fixed(double v, int decimals);

}  // namespace pqlab::lab
