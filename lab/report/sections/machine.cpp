// Report section: the machine the figures were measured on.
#include "bench/output.hpp"
#include "harness/machine_info.hpp"
#include "report/section.hpp"

namespace pqlab::lab {
namespace {

class MachineSection final : public Section {
 public:
  std::string key() const override { return "machine"; }
  std::string title() const override { return "Machine"; }
  std::string markdown(const ReportContext& ctx) const override {
    const MachineInfo& m = ctx.bench.machine;
    const TimingSetup& t = ctx.bench.timing;
    std::string md;
    md += "- CPU: " + describe_cpu(m) + describe_guest(m) + (m.hypervisor ? " (the `hypervisor` flag is set)" : "") +
          "\n";
    md += "- CPUs available to this process: " + std::to_string(m.logical_cpus) + "\n";
    md += "- Relevant CPU flags: " + join(m.relevant_cpu_flags, ", ") + "\n";
    md += "- Kernel backends usable here: " + join(m.kernel_backends, ", ") + "\n";
    md += "- Operating system: " + m.os + "\n";
    md += "- Compiler: " + m.compiler + ", build type " + m.build_type + ", flags `" + m.compiler_flags + "`\n";
    md += "- Classical baselines: " + m.openssl + "\n";
    md += "- Tick rate: " + fixed(t.ticks_per_second / 1e9, 3) + " GHz (" + t.unit +
          ", calibrated against the monotonic clock)\n";
    if (t.core_cycles_per_tick)
      md += "- Core clock ≈ " + fixed(t.core_cycles_per_tick->ratio, 3) + " × tick rate ≈ " +
            fixed(t.core_cycles_per_tick->ratio * t.ticks_per_second / 1e9, 2) + " GHz (estimated; see Method)\n";
    else
      md += "- Core clock: not estimated (the dependent-instruction chains disagreed or no TSC)\n";
    return md;
  }
};

}  // namespace

std::unique_ptr<Section> make_machine_section() { return std::make_unique<MachineSection>(); }

}  // namespace pqlab::lab
