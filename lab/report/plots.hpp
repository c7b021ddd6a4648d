// Drawing the report's plots: the embedded script lab/plots/report_plots.py
// is written next to report.json and run with a Python that has matplotlib.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace pqlab::lab {

struct PlotOutcome {
  std::vector<std::string> drawn;  // file names under the output directory
  std::string note;                // why some or all plots are missing; empty if none is
};

// The plot files the script draws, in report order.
const std::vector<std::string>& plot_files();

PlotOutcome draw_plots(const std::filesystem::path& out_dir, const std::filesystem::path& report_json);

}  // namespace pqlab::lab
