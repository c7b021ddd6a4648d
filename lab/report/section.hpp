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

// The machine's 1-minute load average before and after one part of the run.
struct LoadSample {
  std::string phase;  // "bench", or a section's key
  double before = 0, after = 0;
};

struct ReportContext {
  ReportOptions options;
  std::string command;     // the command line, as the report quotes it
  std::string git_commit;  // of the source tree the binary was built from, or "unknown"
  std::string generated;   // UTC date and time
  std::vector<LoadSample> load;
  unsigned cpus = 1;
  bool load_suspect() const;
  double max_load() const;
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
  // Its share of the run's time, relative to the other sections (for the
  // progress estimate); the shared bench counts as 10.
  virtual double weight() const { return 1; }
  // Checks its inputs and prepares what it needs (e.g. builds), before the
  // shared bench starts, so that bad input ends the run at once.
  virtual void prepare(ReportContext&, const Progress&) {}
  // fraction passed to progress: of this section's own work.
  virtual void measure(ReportContext&, const Progress&) {}
  virtual nlohmann::json data(const ReportContext&) const { return nullptr; }
  virtual std::string markdown(const ReportContext& ctx) const = 0;
  // Stand-alone files written beside report.md: (file name, contents).
  virtual std::vector<std::pair<std::string, std::string>> files(const ReportContext&) const { return {}; }
};

std::unique_ptr<Section> make_summary_section();

std::unique_ptr<Section> make_machine_section();
std::unique_ptr<Section> make_method_section();
std::unique_ptr<Section> make_cost_section();
std::unique_ptr<Section> make_signing_section();
std::unique_ptr<Section> make_throughput_section();
std::unique_ptr<Section> make_two_core_section();
std::unique_ptr<Section> make_sizes_section();
std::unique_ptr<Section> make_memory_section();
std::unique_ptr<Section> make_hash_floor_section();
// Kyber-90s (withdrawn round-3 variant) against ML-KEM: the symmetric primitives' share.
std::unique_ptr<Section> make_kyber90s_section();
std::unique_ptr<Section> make_published_section();
// pqlab against the speed peers of --peers DIR (lab/peers/).
std::unique_ptr<Section> make_peers_section();
std::unique_ptr<Section> make_embedded_section();
std::unique_ptr<Section> make_zynq_section();
std::unique_ptr<Section> make_tls_handshake_section();
std::unique_ptr<Section> make_tls_auth_section();

// Reads and checks the results of `embedded/run.py bench`; SelectionError
// naming the file when it is missing or not such a file.
nlohmann::json load_embedded_results(const std::string& path);
// The same for `embedded/zynq/run_zynq.py bench` (zynq.json).
nlohmann::json load_zynq_results(const std::string& path);

// In report order.
std::vector<std::unique_ptr<Section>> standard_sections();

// Markdown helpers shared by the sections.
std::string md_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);
// `![alt](file)` if the plot was drawn, else a note saying why not.
std::string md_plot(const ReportContext& ctx, const std::string& file, const std::string& alt);
std::string fixed(double v, int decimals);
// 1234567 -> "1,234,567" (rounded to an integer).
std::string with_commas(double v);
// The load samples as a markdown table, with the verdict.
std::string md_load(const ReportContext& ctx);

// report.md as a self-contained HTML page: the markdown the sections wrote
// (headings, paragraphs, lists, tables, emphasis, code) with every image
// read from `dir` and inlined as a data: URI; no external reference. The
// page sets data-render="ok" on <html> once every image has decoded, and
// data-render="error" on a script error or a broken image.
std::string markdown_to_html(const std::string& markdown, const std::filesystem::path& dir, const std::string& title);

}  // namespace pqlab::lab
