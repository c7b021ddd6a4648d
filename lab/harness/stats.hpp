// Order statistics of a set of samples: median, quartiles, 90th percentile.
#pragma once
#include <cstddef>
#include <vector>

namespace pqlab::lab {

struct Summary {
  std::size_t count = 0;
  double median = 0, q1 = 0, q3 = 0, p90 = 0, min = 0, max = 0, mean = 0;
  double iqr() const { return q3 - q1; }
};

// Quantile q in [0, 1] of sorted samples, interpolating linearly between
// neighbours (the "type 7" definition used by R and NumPy).
double quantile_of_sorted(const std::vector<double>& sorted, double q);

// Summary of the samples (copied and sorted); all zero when empty.
Summary summarize(std::vector<double> samples);

}  // namespace pqlab::lab
