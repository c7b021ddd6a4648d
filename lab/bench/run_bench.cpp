// The bench's measurement loop.
#include <algorithm>
#include <memory>

#include "bench/bench.hpp"
#include "harness/pinning.hpp"
#include "harness/stack_meter.hpp"
#include "harness/throughput.hpp"
#include "pqlab/kernels.hpp"
#include "twocore/bench_ops.hpp"

namespace pqlab::lab {
namespace {

struct PinnedForScope {
  int cpu = pin_current_thread_here();
  ~PinnedForScope() { unpin_current_thread(); }
};

// Restores the library's own choice of backend (the best one) afterwards.
struct KernelRestore {
  ~KernelRestore() {
    const auto avail = kernels::available();
    if (!avail.empty()) (void)kernels::select(avail.back());
  }
};

OperationResult measure_operation(const Subject& s, const Operation& op, const std::string& backend,
                                  const BenchPlan& plan, const TimingSetup& timing) {
  OperationResult r;
  r.algorithm = s.name;
  r.family = s.family == SubjectFamily::classical ? "classical" : "post-quantum";
  r.kind = s.kind;
  r.backend = backend;
  r.operation = op.name;
  r.items_per_call = op.items;
  std::vector<double> samples = sample_ticks(op.run, plan.sampling);
  for (double& t : samples) t /= static_cast<double>(op.items);
  r.ticks = summarize(std::move(samples));
  r.median_us = r.ticks.median / timing.ticks_per_second * 1e6;
  r.p90_us = r.ticks.p90 / timing.ticks_per_second * 1e6;
  r.ops_per_s = r.ticks.median > 0 ? timing.ticks_per_second / r.ticks.median : 0;
  if (plan.measure_memory) {
    HeapUse heap;
    r.peak_stack_bytes = measure_peak_stack([&] {
      HeapCounter counter;
      op.run();
      heap = counter.stop();
    });
    r.heap = heap;
  }
  if (plan.throughput && !op.name.ends_with(twocore::kTwoCoreSuffix)) {
    const std::string name = op.name;
    const OperationFactory factory = [&s, name]() -> std::function<void()> {
      auto instance = std::make_shared<Instance>(s.instantiate());
      const Operation* o = &instance->find(name);
      return [instance, o] { o->run(); };
    };
    Throughput t;
    t.threads = allowed_cpus().size();
    const auto items = static_cast<double>(op.items);
    t.single_thread_ops_per_s = items * measure_throughput(factory, 1, plan.throughput_seconds);
    t.all_threads_ops_per_s = items * measure_throughput(factory, t.threads, plan.throughput_seconds);
    r.throughput = t;
  }
  return r;
}

// Counts the measurements for the progress fraction.
struct StepCounter {
  std::size_t done = 0, total = 0;
  double fraction() const { return total == 0 ? -1 : static_cast<double>(done) / static_cast<double>(total); }
};

void measure_subject(const Subject& s, const std::string& backend, const BenchPlan& plan, const TimingSetup& timing,
                     const Progress& progress, StepCounter& steps, std::vector<OperationResult>& out) {
  const Instance instance = s.instantiate();
  for (const Operation& op : instance.operations) {
    if (progress) progress(s.name + " " + op.name + " [" + backend + "]", steps.fraction());
    ++steps.done;
    out.push_back(measure_operation(s, op, backend, plan, timing));
  }
}

}  // namespace

bool BenchResults::load_suspect() const {
  return load_is_suspect(std::max(load_before, load_after), machine.logical_cpus);
}

const OperationResult* BenchResults::find(const std::string& alg, const std::string& backend,
                                          const std::string& op) const {
  for (const OperationResult& r : results)
    if (r.algorithm == alg && r.backend == backend && r.operation == op) return &r;
  return nullptr;
}

BenchResults run_bench(const BenchPlan& plan, const Progress& progress) {
  validate(plan);
  BenchResults res;
  res.plan = plan;
  res.machine = describe_machine();
  res.kernels = selected_kernels(plan);
  res.subjects = selected_subjects(plan);

  const PinnedForScope pinned;
  const KernelRestore restore;
  res.timing.unit = tick_unit();
  res.timing.method = tick_method();
  res.timing.ticks_per_second = ticks_per_second();
  res.timing.core_cycles_per_tick = core_cycles_per_tick();
  res.timing.pinned_cpu = pinned.cpu;

  res.load_before = read_load_average().value_or(LoadAverage{}).one;
  auto restricted_to_best = [&](const Subject& s) {
    return std::find(plan.best_backend_only.begin(), plan.best_backend_only.end(), s.name) !=
           plan.best_backend_only.end();
  };
  StepCounter steps;
  for (const std::string& backend : res.kernels)
    for (const Subject& s : res.subjects)
      if (s.uses_kernels() && (backend == res.kernels.back() || !restricted_to_best(s)))
        steps.total += s.operation_names.size();
  for (const Subject& s : res.subjects)
    if (!s.uses_kernels()) steps.total += s.operation_names.size();

  for (const std::string& backend : res.kernels) {
    if (kernels::select(backend) != Status::ok) throw SelectionError("cannot select kernel backend " + backend);
    const bool best = backend == res.kernels.back();
    for (const Subject& s : res.subjects) {
      if (!s.uses_kernels()) continue;
      if (best || !restricted_to_best(s)) measure_subject(s, backend, plan, res.timing, progress, steps, res.results);
    }
  }
  for (const Subject& s : res.subjects)
    if (!s.uses_kernels()) measure_subject(s, kOpenSslBackend, plan, res.timing, progress, steps, res.results);
  res.load_after = read_load_average().value_or(LoadAverage{}).one;
  if (progress) progress("bench done", 1.0);
  return res;
}

}  // namespace pqlab::lab
