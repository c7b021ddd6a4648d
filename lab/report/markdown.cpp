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
