// Repeated timing of one operation: warm-up, then one fenced tick reading
// around every call, until enough time has passed and enough samples exist.
#pragma once
#include <cstddef>
#include <functional>
#include <vector>

namespace pqlab::lab {

struct SamplingPolicy {
  double min_time_s = 0.5;       // sample at least this long...
  std::size_t min_samples = 11;  // ...and at least this many calls,
  std::size_t max_samples = 200000;
  // ...but a very slow operation stops after this long once it has
  // `floor_samples` (SLH-DSA signing can take seconds a call).
  double max_time_s = 5.0;
  std::size_t floor_samples = 3;
  double warmup_s = 0.05;  // calls before sampling starts (at least one)
};

// Ticks of each sampled call of `op`.
std::vector<double> sample_ticks(const std::function<void()>& op, const SamplingPolicy& policy);

}  // namespace pqlab::lab
