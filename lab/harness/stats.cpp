// Order statistics.
#include "harness/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pqlab::lab {

double quantile_of_sorted(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double frac = pos - static_cast<double>(lo);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * frac;
}

Summary summarize(std::vector<double> samples) {
  Summary s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  s.count = samples.size();
  s.median = quantile_of_sorted(samples, 0.5);
  s.q1 = quantile_of_sorted(samples, 0.25);
  s.q3 = quantile_of_sorted(samples, 0.75);
  s.p90 = quantile_of_sorted(samples, 0.9);
  s.min = samples.front();
  s.max = samples.back();
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(samples.size());
  return s;
}

}  // namespace pqlab::lab
