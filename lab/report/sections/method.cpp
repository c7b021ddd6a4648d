// Report section: how every figure was measured.
#include "harness/heap_counter.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

class MethodSection final : public Section {
 public:
  std::string key() const override { return "method"; }
  std::string title() const override { return "Method"; }
  std::string markdown(const ReportContext& ctx) const override {
    const BenchResults& b = ctx.bench;
    const SamplingPolicy& p = b.plan.sampling;
    std::string md;
    md += "- **Cycles**: " + b.timing.method + ". The unit is **" + b.timing.unit +
          "**, not core cycles: this machine has no usable performance counters, and on a virtual machine the "
          "TSC runs at a fixed rate unrelated to the core clock.";
    if (b.timing.core_cycles_per_tick)
      md +=
          " The ratio of core clock to TSC was estimated by timing 2,000,000 dependent register-register adds "
          "(1-cycle latency each, so the chain runs at exactly one add per core cycle) and taking the fastest of "
          "15 runs: " +
          fixed(b.timing.core_cycles_per_tick->from_add_chain, 3) +
          " core cycles per tick; a chain of dependent 64-bit multiplies (3-cycle latency) gives " +
          fixed(b.timing.core_cycles_per_tick->from_imul_chain, 3) + ".";
    md += "\n";
    md += "- **Statistics**: each operation is first run for " + fixed(p.warmup_s * 1000, 0) +
          " ms of warm-up (at least once), then timed call by call for at least " + fixed(p.min_time_s, 2) +
          " s and at least " + std::to_string(p.min_samples) + " calls (operations slower than that stop after " +
          fixed(p.max_time_s, 1) + " s with at least " + std::to_string(p.floor_samples) +
          " calls). Reported: median, interquartile range (q3 − q1) and 90th percentile of the per-call ticks; "
          "µs = ticks ÷ tick rate; ops/s = tick rate ÷ median ticks.\n";
    if (!b.plan.best_backend_only.empty() && b.kernels.size() > 1) {
      std::string names;
      for (const std::string& n : b.plan.best_backend_only) names += (names.empty() ? "" : ", ") + n;
      md += "- **Backends**: every algorithm is measured on every backend (" + std::to_string(b.kernels.size()) +
            ") except " + names + ", measured on the best one (" + b.kernels.back() +
            ") only, to keep the run's length in bounds.\n";
    }
    md += "- **Pinning**: the measuring thread is pinned to one core with sched_setaffinity (CPU " +
          std::to_string(b.timing.pinned_cpu) + ").\n";
    md +=
        "- **Peak stack**: the operation runs once more on a fresh thread whose 16 MiB stack was painted with "
        "0xA5; the deepest overwritten byte gives the high-water mark, minus that of an empty function on the "
        "same kind of thread. This is the x86-64 host build's stack; a Cortex-M4 build differs.\n";
    md += "- **Heap**: bytes requested from malloc and friends by the operation's thread during that run (" +
          heap_hook_method() + "). The pqlab core allocates nothing, so it must show 0.\n";
    md += "- **Messages**: signatures are over a " + std::to_string(b.plan.message_bytes) +
          "-byte random message, with hedged randomness (FIPS 204/205 default) for the post-quantum schemes.\n";
    md += "- **Classical baselines**: " + b.machine.openssl +
          " through the EVP interface, each call creating its contexts as an application would: RSA-2048 "
          "(e = 65537; RSA-PSS with SHA-256 for signatures, RSA-OAEP with SHA-256 encrypting a 32-byte secret "
          "for the KEM comparison), ECDSA P-256 with SHA-256, Ed25519 (pure), X25519 and ECDH P-256 (keygen "
          "and derive).\n";
    md +=
        "- Every number in this report was measured by this run on this machine, except in the section of "
        "published reference figures, where each figure is labelled.\n";
    return md;
  }
};

}  // namespace

std::unique_ptr<Section> make_method_section() { return std::make_unique<MethodSection>(); }

}  // namespace pqlab::lab
