// Markdown helpers for the report sections.
#include <algorithm>
#include <cstdio>

#include "report/section.hpp"

namespace pqlab::lab {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string md_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::string out = "|";
  for (const auto& h : header) out += " " + h + " |";
  out += "\n|";
  for (std::size_t i = 0; i < header.size(); ++i) out += i == 0 ? "---|" : "---:|";
  out += "\n";
  for (const auto& row : rows) {
    out += "|";
    for (const auto& cell : row) out += " " + cell + " |";
    out += "\n";
  }
  return out;
}

std::string md_plot(const ReportContext& ctx, const std::string& file, const std::string& alt) {
  if (std::find(ctx.plots_drawn.begin(), ctx.plots_drawn.end(), file) != ctx.plots_drawn.end())
    return "![" + alt + "](" + file + ")\n";
  return "*Plot `" + file + "` not drawn: " + ctx.plot_note + "*\n";
}

}  // namespace pqlab::lab

namespace pqlab::lab {

std::string with_commas(double v) {
  const bool negative = v < 0;
  const std::string digits = fixed(negative ? -v : v, 0);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return negative ? "-" + out : out;
}

double ReportContext::max_load() const {
  double m = 0;
  for (const LoadSample& l : load) m = std::max({m, l.before, l.after});
  return m;
}

bool ReportContext::load_suspect() const { return load_is_suspect(max_load(), cpus); }

std::string md_load(const ReportContext& ctx) {
  std::vector<std::vector<std::string>> rows;
  for (const LoadSample& l : ctx.load)
    rows.push_back({l.phase, fixed(l.before, 2), fixed(l.after, 2),
                    load_is_suspect(std::max(l.before, l.after), ctx.cpus) ? "**suspect**" : "ok"});
  std::string md = "The 1-minute load average (/proc/loadavg) before and after each part, on " +
                   std::to_string(ctx.cpus) + " CPUs; it includes this run's own measuring thread(s). Above " +
                   fixed(kSuspectLoadPerCore, 1) + " per CPU (" + fixed(kSuspectLoadPerCore * ctx.cpus, 1) +
                   " here) other work competed for the cores and the figures are suspect.\n\n";
  md += md_table({"part", "load before", "load after", "verdict"}, rows);
  return md;
}

}  // namespace pqlab::lab
