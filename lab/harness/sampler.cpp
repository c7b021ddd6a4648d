// Timing loop.
#include "harness/sampler.hpp"

#include <chrono>

#include "harness/tsc.hpp"

namespace pqlab::lab {

std::vector<double> sample_ticks(const std::function<void()>& op, const SamplingPolicy& policy) {
  using Clock = std::chrono::steady_clock;
  const auto seconds_since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };

  const auto warm_start = Clock::now();
  do op();
  while (seconds_since(warm_start) < policy.warmup_s);

  std::vector<double> samples;
  const auto start = Clock::now();
  for (;;) {
    const std::uint64_t t0 = read_ticks();
    op();
    const std::uint64_t t1 = read_ticks();
    samples.push_back(static_cast<double>(t1 - t0));
    const double elapsed = seconds_since(start);
    const std::size_t n = samples.size();
    if (n >= policy.max_samples) break;
    if (elapsed >= policy.min_time_s && n >= policy.min_samples) break;
    if (elapsed >= policy.max_time_s && n >= policy.floor_samples) break;
  }
  return samples;
}

}  // namespace pqlab::lab
