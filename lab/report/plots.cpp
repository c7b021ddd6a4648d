// Running the plotting script.
#include "report/plots.hpp"

#include <cstdlib>
#include <fstream>

#include "embedded_files.hpp"

namespace pqlab::lab {
namespace {

namespace fs = std::filesystem;

std::string quoted(const std::string& s) {
  std::string r = "'";
  for (char c : s) r += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return r + "'";
}

// The first interpreter that can import matplotlib: $PQLAB_PYTHON, then
// python3 on PATH, then the system's /usr/bin/python3.
std::string find_python() {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv("PQLAB_PYTHON")) candidates.emplace_back(env);
  candidates.emplace_back("python3");
  candidates.emplace_back("/usr/bin/python3");
  for (const std::string& c : candidates)
    if (std::system((quoted(c) + " -c 'import matplotlib' >/dev/null 2>&1").c_str()) == 0) return c;
  return "";
}

}  // namespace

const std::vector<std::string>& plot_files() {
  static const std::vector<std::string> files = {
      "time.png",        "bytes.png",          "memory.png",          "tls.png",
      "tls_latency.png", "tls_auth_bytes.png", "tls_auth_latency.png"};
  return files;
}

PlotOutcome draw_plots(const fs::path& out_dir, const fs::path& report_json) {
  PlotOutcome out;
  const std::string_view script = embedded_file("report_plots.py");
  const fs::path script_path = out_dir / "report_plots.py";
  {
    std::ofstream f(script_path, std::ios::binary | std::ios::trunc);
    f << script;
  }
  const std::string python = find_python();
  if (python.empty()) {
    out.note =
        "no python3 with matplotlib found (install python3-matplotlib, or set PQLAB_PYTHON); rerun "
        "`python3 report_plots.py report.json .` in the report directory once it is installed";
    return out;
  }
  for (const std::string& f : plot_files()) fs::remove(out_dir / f);
  const std::string cmd = quoted(python) + " " + quoted(script_path.string()) + " " + quoted(report_json.string()) +
                          " " + quoted(out_dir.string()) + " >" + quoted((out_dir / "plots.log").string()) + " 2>&1";
  const int rc = std::system(cmd.c_str());
  for (const std::string& f : plot_files())
    if (fs::exists(out_dir / f)) out.drawn.push_back(f);
  if (rc != 0 || out.drawn.size() != plot_files().size())
    out.note = "the plotting script failed (see plots.log in the report directory)";
  return out;
}

}  // namespace pqlab::lab
