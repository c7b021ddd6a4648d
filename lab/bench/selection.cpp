// Resolving the bench's algorithm and backend names.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "bench/output.hpp"
#include "bench/bench.hpp"
#include "pqlab/kernels.hpp"
#include "pqlab/registry.hpp"
#include "twocore/bench_ops.hpp"

namespace pqlab::lab {
namespace {

// Every backend pqlab knows of, whether or not this build and CPU have it.
// "rtl" (the FPGA cores co-simulated under Verilator, in programs linked
// with pqlab_rtl) is slow in wall time: it runs only when named, never as
// part of the default or of "all".
const std::vector<std::string> kKnownBackends = {"portable", "avx2", "avx512", "rtl"};
constexpr std::string_view kExplicitOnly = "rtl";

std::vector<std::string> split_commas(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const std::string& item : items) {
    std::stringstream ss(item);
    for (std::string part; std::getline(ss, part, ',');)
      if (!part.empty()) out.push_back(part);
  }
  return out;
}

std::vector<std::string> available_backends() {
  std::vector<std::string> r;
  for (std::string_view k : kernels::available()) r.emplace_back(k);
  return r;
}

std::vector<std::string> pq_names() {
  std::vector<std::string> r;
  for (const Algorithm& a : algorithms()) r.emplace_back(a.name);
  return r;
}

const std::string* find_classical(const std::string& name) {
  for (const std::string& c : classical_subject_names())
    if (lower(c) == lower(name)) return &c;
  return nullptr;
}

const std::string* find_lab_only(const std::string& name) {
  for (const std::string& c : lab_only_subject_names())
    if (lower(c) == lower(name)) return &c;
  return nullptr;
}

struct Selection {
  std::vector<std::string> pq, classical, lab_only;  // canonical names, in order
};

Selection resolve_algorithms(const BenchPlan& plan) {
  std::vector<std::string> requested = split_commas(plan.algorithms);
  if (requested.empty()) requested = {"all"};
  std::vector<std::string> pq, classical, lab_only;
  for (const std::string& r : requested) {
    const std::string l = lower(r);
    if (l == "all" || l == "pq") {
      for (const auto& n : pq_names()) pq.push_back(n);
    }
    if (l == "all" || l == "classical") {
      for (const auto& n : classical_subject_names()) classical.push_back(n);
    }
    if (l == "kyber90s") {
      for (const auto& n : lab_only_subject_names()) lab_only.push_back(n);
      continue;
    }
    if (l == "all" || l == "pq" || l == "classical") continue;
    if (const Algorithm* a = find_algorithm(r)) {
      pq.emplace_back(a->name);
    } else if (const std::string* c = find_classical(r)) {
      classical.push_back(*c);
    } else if (const std::string* k = find_lab_only(r)) {
      lab_only.push_back(*k);
    } else {
      std::vector<std::string> known = pq_names();
      for (const auto& c2 : classical_subject_names()) known.push_back(c2);
      for (const auto& k2 : lab_only_subject_names()) known.push_back(k2);
      throw SelectionError("unknown algorithm '" + r + "' (known: " + join(known, ", ") +
                           "; or all, pq, classical, kyber90s)");
    }
  }
  // Keep registry order and drop repeats.
  Selection s;
  for (const auto& n : pq_names())
    if (std::find(pq.begin(), pq.end(), n) != pq.end()) s.pq.push_back(n);
  for (const auto& n : classical_subject_names())
    if (std::find(classical.begin(), classical.end(), n) != classical.end()) s.classical.push_back(n);
  for (const auto& n : lab_only_subject_names())
    if (std::find(lab_only.begin(), lab_only.end(), n) != lab_only.end()) s.lab_only.push_back(n);
  return s;
}

}  // namespace

std::vector<std::string> selected_kernels(const BenchPlan& plan) {
  const std::vector<std::string> available = available_backends();
  std::vector<std::string> defaults;
  for (const auto& a : available)
    if (a != kExplicitOnly) defaults.push_back(a);
  std::vector<std::string> requested = split_commas(plan.kernels);
  if (requested.empty()) return defaults;
  std::vector<std::string> out;
  for (const std::string& r : requested) {
    const std::string l = lower(r);
    if (l == "all") {
      for (const auto& a : defaults) out.push_back(a);
      continue;
    }
    if (std::find(kKnownBackends.begin(), kKnownBackends.end(), l) == kKnownBackends.end())
      throw SelectionError("unknown kernel backend '" + r + "' (known: " + join(kKnownBackends, ", ") + ", all)");
    if (std::find(available.begin(), available.end(), l) == available.end())
      throw SelectionError("kernel backend '" + r +
                           "' is not available in this build on this CPU (available: " + join(available, ", ") + ")");
    out.push_back(l);
  }
  std::vector<std::string> unique;
  for (const auto& a : available)
    if (std::find(out.begin(), out.end(), a) != out.end()) unique.push_back(a);
  return unique;
}

void validate(const BenchPlan& plan) {
  resolve_algorithms(plan);
  selected_kernels(plan);
  const SamplingPolicy& p = plan.sampling;
  if (!(p.min_time_s >= 0) || !std::isfinite(p.min_time_s))
    throw SelectionError("--min-time must be a non-negative number of seconds");
  if (!(plan.throughput_seconds > 0) || !std::isfinite(plan.throughput_seconds))
    throw SelectionError("the throughput time must be a positive number of seconds");
  if (p.min_samples == 0) throw SelectionError("at least one sample is needed");
}

std::vector<Subject> selected_subjects(const BenchPlan& plan) {
  const Selection sel = resolve_algorithms(plan);
  std::vector<Subject> out;
  for (Subject& s : post_quantum_subjects(plan.message_bytes))
    if (std::find(sel.pq.begin(), sel.pq.end(), s.name) != sel.pq.end()) {
      if (plan.two_core && twocore::has_two_core_mode(s.name)) twocore::add_two_core_operations(s);
      out.push_back(std::move(s));
    }
  // The withdrawn variants (Kyber-90s) after the standards, before the
  // classical baselines.
  for (Subject& s : lab_only_subjects())
    if (std::find(sel.lab_only.begin(), sel.lab_only.end(), s.name) != sel.lab_only.end()) {
      if (plan.two_core && twocore::has_two_core_mode(s.name)) twocore::add_two_core_operations(s);
      out.push_back(std::move(s));
    }
  if (!sel.classical.empty())
    for (Subject& s : classical_subjects(plan.message_bytes))
      if (std::find(sel.classical.begin(), sel.classical.end(), s.name) != sel.classical.end())
        out.push_back(std::move(s));
  return out;
}

}  // namespace pqlab::lab
