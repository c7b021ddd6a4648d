#include "harness/core_contention.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

#include "harness/stats.hpp"
#include "harness/tsc.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"

namespace pqlab::lab {

std::optional<double> five_state_call_ratio() {
  const std::string before(kernels::active_name());
  if (kernels::select("avx2") != Status::ok) return std::nullopt;
  std::optional<double> ratio;
  const kernels::Table& k = kernels::active();
  if (k.tuning.keccak_x5_near_x4) {
    constexpr std::size_t kCalls = 16, kRounds = 61;
    alignas(64) std::array<std::uint64_t, 5 * 25> states{};
    std::vector<double> four, five;
    for (std::size_t round = 0; round < kRounds; ++round) {
      const std::uint64_t t0 = read_ticks();
      for (std::size_t i = 0; i < kCalls; ++i) k.keccak.keccak_f1600_x4(states.data());
      const std::uint64_t t1 = read_ticks();
      for (std::size_t i = 0; i < kCalls; ++i) k.keccak.keccak_f1600_x5(states.data());
      const std::uint64_t t2 = read_ticks();
      four.push_back(static_cast<double>(t1 - t0));
      five.push_back(static_cast<double>(t2 - t1));
    }
    const double four_median = summarize(four).median;
    if (four_median > 0) ratio = summarize(five).median / four_median;
  }
  (void)kernels::select(before);
  return ratio;
}

std::string describe_five_state_ratio(const std::optional<double>& ratio) {
  if (!ratio) return "not measured (no avx2 five-state call)";
  char buf[96];
  std::snprintf(buf, sizeof buf, "%.2f (%s)", *ratio,
                *ratio > kFiveStateContendedAbove ? "fifth state not free" : "fifth state free");
  return buf;
}

}  // namespace pqlab::lab
