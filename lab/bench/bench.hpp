// The bench: every selected subject × kernel backend × operation, timed,
// with its peak stack and heap use, optionally with throughput scaling.
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/heap_counter.hpp"
#include "harness/load.hpp"
#include "harness/machine_info.hpp"
#include "harness/sampler.hpp"
#include "harness/stats.hpp"
#include "harness/tsc.hpp"
#include "subjects/subject.hpp"

namespace pqlab::lab {

// Thrown for a bad selection (unknown algorithm or backend, bad time).
struct SelectionError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct BenchPlan {
  // Names as the user gave them: registry names, classical names, or the
  // groups "all", "pq", "classical". Empty: everything.
  std::vector<std::string> algorithms;
  // Backend names, comma lists allowed, or "all". Empty: every backend
  // usable on this CPU.
  std::vector<std::string> kernels;
  // Algorithms (registry names) measured on the best selected backend only,
  // not on every backend: the report keeps its slowest sets here so that
  // its default run stays within its time budget.
  std::vector<std::string> best_backend_only;
  SamplingPolicy sampling;
  std::size_t message_bytes = 1024;
  bool measure_memory = true;
  // Throughput scaling: ops/s with 1 thread and with every allowed CPU.
  bool throughput = false;
  double throughput_seconds = 0.5;
  // Also the ML-KEM (and selected Kyber-90s) operations with the matrix
  // sampled on a second core ("keygen-2core", ...; lab/twocore/). Not in
  // throughput scaling (each such call already takes two cores).
  bool two_core = false;
};

// Checks the plan's names and times; SelectionError with a message naming
// what is wrong and what is accepted.
void validate(const BenchPlan& plan);
// The backends the plan selects (validated).
std::vector<std::string> selected_kernels(const BenchPlan& plan);

struct Throughput {
  std::size_t threads = 0;
  double single_thread_ops_per_s = 0;
  double all_threads_ops_per_s = 0;
  double speedup() const { return single_thread_ops_per_s > 0 ? all_threads_ops_per_s / single_thread_ops_per_s : 0; }
};

struct OperationResult {
  std::string algorithm, family, kind, backend, operation;
  std::size_t items_per_call = 1;  // operations per call (batch calls)
  Summary ticks;                   // per operation (a call's time / items_per_call), in tick_unit()
  double median_us = 0, p90_us = 0, ops_per_s = 0;
  std::optional<std::size_t> peak_stack_bytes;
  std::optional<HeapUse> heap;
  std::optional<Throughput> throughput;
};

struct TimingSetup {
  std::string unit, method;
  double ticks_per_second = 0;
  std::optional<ClockRatio> core_cycles_per_tick;
  int pinned_cpu = -1;  // -1: not pinned
};

struct BenchResults {
  MachineInfo machine;
  // The 1-minute load average before and after the measurement (0 if unknown).
  double load_before = 0, load_after = 0;
  bool load_suspect() const;
  TimingSetup timing;
  BenchPlan plan;
  std::vector<std::string> kernels;
  std::vector<Subject> subjects;  // sizes (instantiate is kept, for reuse)
  std::vector<OperationResult> results;
  const OperationResult* find(const std::string& alg, const std::string& backend, const std::string& op) const;
};

// Called before each measurement with a one-line description and the
// fraction of the run done so far (0..1; negative: not known).
using Progress = std::function<void(const std::string& what, double fraction)>;

// Pins the calling thread to one core for the duration (and unpins after).
BenchResults run_bench(const BenchPlan& plan, const Progress& progress = {});

// The selected subjects, post-quantum first, in registry order.
std::vector<Subject> selected_subjects(const BenchPlan& plan);

// The backend name used for classical (OpenSSL) rows.
inline constexpr const char* kOpenSslBackend = "openssl";

}  // namespace pqlab::lab
