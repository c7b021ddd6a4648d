// pqlab report: the whole comparative analysis, written as report.md,
// report.json and plots into one directory.
#pragma once
#include <string>
#include <vector>

#include "bench/bench.hpp"

namespace pqlab::lab {

struct ReportOptions {
  std::string out_dir = "report";
  bool quick = false;  // short measurements (CI): under a minute
  // Algorithms to cover, as for `pqlab bench -a`; empty: all of them.
  std::vector<std::string> algorithms;
  // embedded.json from `embedded/run.py bench`, for the Cortex-M4 section;
  // empty: that section says how to produce it.
  std::string embedded_results;
  // zynq.json from `embedded/zynq/run_zynq.py bench`, for the Zynq-7000
  // model; empty: that section says how to produce it. zynq_synthesis: the
  // JSON rtl/synth.sh writes (core resources), optional.
  std::string zynq_results, zynq_synthesis;
  // The speed peers' directory (laid out like the peers' snapshots) for
  // the peers section; empty: that section says how to run it.
  std::string peers_dir;
  // The command line to quote in the report (empty: "pqlab report [--quick]").
  std::string command;
};

struct ReportOutcome {
  std::string markdown_path, json_path, html_path;
  std::vector<std::string> files;  // everything written
  std::vector<std::string> notes;  // e.g. why plots are missing
  double seconds = 0;
};

ReportOutcome run_report(const ReportOptions& options, const Progress& progress = {});

// (Re)writes DIR/report.html from DIR/report.md and the images beside it;
// SelectionError if report.md cannot be read.
void render_report_html(const std::string& dir);

}  // namespace pqlab::lab
