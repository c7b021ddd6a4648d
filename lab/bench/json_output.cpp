// Bench results as JSON.
#include "bench/output.hpp"

namespace pqlab::lab {
namespace {

using nlohmann::json;

json machine_json(const MachineInfo& m) {
  return {{"cpu_model", m.cpu_model},
          {"cpu_signature", m.cpu_signature},
          {"cpu_flags", m.cpu_flags},
          {"relevant_cpu_flags", m.relevant_cpu_flags},
          {"logical_cpus", m.logical_cpus},
          {"hypervisor", m.hypervisor},
          {"hypervisor_name", m.hypervisor_name},
          {"os", m.os},
          {"compiler", m.compiler},
          {"compiler_flags", m.compiler_flags},
          {"build_type", m.build_type},
          {"openssl", m.openssl},
          {"kernel_backends", m.kernel_backends}};
}

json timing_json(const TimingSetup& t) {
  json j = {{"unit", t.unit},
            {"method", t.method},
            {"ticks_per_second", t.ticks_per_second},
            {"pinned_cpu", t.pinned_cpu},
            {"core_cycles_per_tick", nullptr}};
  if (t.core_cycles_per_tick)
    j["core_cycles_per_tick"] = {
        {"ratio", t.core_cycles_per_tick->ratio},
        {"from_add_chain", t.core_cycles_per_tick->from_add_chain},
        {"from_imul_chain", t.core_cycles_per_tick->from_imul_chain},
        {"method",
         "fastest of 15 runs of 2,000,000 dependent register adds (1-cycle latency), cross-checked with "
         "dependent 64-bit imuls (3-cycle latency)"}};
  return j;
}

json subject_json(const Subject& s) {
  return {{"name", s.name},
          {"standard", s.standard},
          {"kind", s.kind},
          {"family", s.family == SubjectFamily::classical ? "classical" : "post-quantum"},
          {"size_note", s.size_note},
          {"sizes_bytes",
           {{"public_key", s.public_key_bytes},
            {"secret_key", s.secret_key_bytes},
            {"ciphertext", s.ciphertext_bytes},
            {"signature", s.signature_bytes},
            {"shared_secret", s.shared_secret_bytes},
            {"wire", wire_bytes(s)}}}};
}

json result_json(const OperationResult& r, const std::string& unit) {
  json j = {{"algorithm", r.algorithm},
            {"family", r.family},
            {"kind", r.kind},
            {"backend", r.backend},
            {"operation", r.operation},
            {"items_per_call", r.items_per_call},
            {"samples", r.ticks.count},
            {"ticks",
             {{"unit", unit},
              {"median", r.ticks.median},
              {"q1", r.ticks.q1},
              {"q3", r.ticks.q3},
              {"iqr", r.ticks.iqr()},
              {"p90", r.ticks.p90},
              {"min", r.ticks.min},
              {"max", r.ticks.max},
              {"mean", r.ticks.mean}}},
            {"time_us", {{"median", r.median_us}, {"p90", r.p90_us}}},
            {"ops_per_s", r.ops_per_s},
            {"peak_stack_bytes", nullptr},
            {"heap", nullptr},
            {"throughput", nullptr}};
  if (r.peak_stack_bytes) j["peak_stack_bytes"] = *r.peak_stack_bytes;
  if (r.heap) j["heap"] = {{"allocations", r.heap->allocations}, {"bytes", r.heap->bytes}};
  if (r.throughput)
    j["throughput"] = {{"threads", r.throughput->threads},
                       {"single_thread_ops_per_s", r.throughput->single_thread_ops_per_s},
                       {"all_threads_ops_per_s", r.throughput->all_threads_ops_per_s},
                       {"speedup", r.throughput->speedup()}};
  return j;
}

}  // namespace

json bench_to_json(const BenchResults& r) {
  json subjects = json::array(), results = json::array();
  for (const Subject& s : r.subjects) subjects.push_back(subject_json(s));
  for (const OperationResult& o : r.results) results.push_back(result_json(o, r.timing.unit));
  const SamplingPolicy& p = r.plan.sampling;
  return {{"schema", "pqlab-bench/1"},
          {"machine", machine_json(r.machine)},
          {"timing", timing_json(r.timing)},
          {"settings",
           {{"min_time_s", p.min_time_s},
            {"min_samples", p.min_samples},
            {"max_time_s", p.max_time_s},
            {"warmup_s", p.warmup_s},
            {"message_bytes", r.plan.message_bytes},
            {"kernels", r.kernels},
            {"memory_method", r.plan.measure_memory
                                  ? "painted-stack high-water mark on a dedicated thread; " + heap_hook_method()
                                  : "not measured"},
            {"throughput_seconds", r.plan.throughput ? json(r.plan.throughput_seconds) : json(nullptr)},
            {"two_core", r.plan.two_core}}},
          {"load",
           {{"before", r.load_before},
            {"after", r.load_after},
            {"cpus", r.machine.logical_cpus},
            {"suspect_above_per_cpu", kSuspectLoadPerCore},
            {"suspect", r.load_suspect()}}},
          {"algorithms", subjects},
          {"results", results}};
}

}  // namespace pqlab::lab
