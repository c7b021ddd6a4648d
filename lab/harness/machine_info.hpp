// What the measurements ran on: CPU, cores, compiler and flags, OpenSSL.
#pragma once
#include <string>
#include <vector>

namespace pqlab::lab {

struct MachineInfo {
  std::string cpu_model;
  // CPUID's family, model and stepping as /proc/cpuinfo gives them ("family
  // 25, model 17, stepping 1"; empty where it lists none): what names the
  // microarchitecture when a hypervisor masks the brand string ("AMD EPYC").
  std::string cpu_signature;
  std::vector<std::string> cpu_flags;           // all flags /proc/cpuinfo lists
  std::vector<std::string> relevant_cpu_flags;  // those that matter to the kernels and the TSC
  unsigned logical_cpus = 0;                    // CPUs this process may use
  bool hypervisor = false;
  // The hypervisor as CPUID's leaf 0x40000000 names it ("KVM", "bhyve",
  // "Microsoft Hv", ...; empty where there is none or it gives no name):
  // two guests with the same brand string may sit on different hosts.
  std::string hypervisor_name;
  std::string os;  // uname: sysname release machine
  std::string compiler;
  std::string compiler_flags;
  std::string build_type;
  std::string openssl;
  std::vector<std::string> kernel_backends;  // usable on this CPU
};

MachineInfo describe_machine();

// The CPU for a report's or a table's heading: the model name, with the
// CPUID signature in parentheses where there is one.
std::string describe_cpu(const MachineInfo& m);

// CPUID leaf 0x40000000's vendor string as a short name: "KVMKVMKVM" ->
// "KVM", "bhyve bhyve " -> "bhyve", "VMwareVMware" -> "VMware", "Microsoft
// Hv" as it is; "" for one with other than printable ASCII.
std::string short_hypervisor_name(std::string vendor);

// "KVM guest", "virtual machine" (no hypervisor name) or "" (none).
std::string guest_noun(const MachineInfo& m);

// ", a KVM guest", ", a virtual machine" or "": what follows describe_cpu()
// in a heading.
std::string describe_guest(const MachineInfo& m);

}  // namespace pqlab::lab
