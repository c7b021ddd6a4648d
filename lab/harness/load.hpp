// Machine load: /proc/loadavg, sampled before and after each part of a run,
// and the rule that marks figures measured under heavy load as suspect.
// Header-only: the TLS library (lab/tls) uses it too.
#pragma once
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

namespace pqlab::lab {

// Above this many runnable tasks per CPU (the 1-minute load average divided
// by the CPUs), timings are disturbed enough that the figures are suspect.
inline constexpr double kSuspectLoadPerCore = 1.5;

struct LoadAverage {
  double one = 0, five = 0, fifteen = 0;
};

// The load averages from /proc/loadavg (proc(5)); nullopt where there is none.
inline std::optional<LoadAverage> read_load_average() {
  std::ifstream in("/proc/loadavg");
  LoadAverage l;
  if (!(in >> l.one >> l.five >> l.fifteen)) return std::nullopt;
  return l;
}

// load / cpus > kSuspectLoadPerCore (cpus 0 counts as 1).
inline bool load_is_suspect(double load, unsigned cpus) {
  return load / static_cast<double>(cpus == 0 ? 1 : cpus) > kSuspectLoadPerCore;
}

// One line for a human: "load 3.41 on 2 CPUs (1.71 per CPU): above 1.5 per
// CPU, figures suspect" or "load 0.52 on 2 CPUs (0.26 per CPU)".
inline std::string describe_load(double load, unsigned cpus) {
  const unsigned n = cpus == 0 ? 1 : cpus;
  char buf[160];
  std::snprintf(buf, sizeof buf, "load %.2f on %u CPU%s (%.2f per CPU)", load, n, n == 1 ? "" : "s",
                load / static_cast<double>(n));
  std::string s = buf;
  if (load_is_suspect(load, cpus)) {
    std::snprintf(buf, sizeof buf, ": above %.1f per CPU, figures suspect", kSuspectLoadPerCore);
    s += buf;
  }
  return s;
}

}  // namespace pqlab::lab
