// What the measurements ran on: CPU, cores, compiler and flags, OpenSSL.
#pragma once
#include <string>
#include <vector>

namespace pqlab::lab {

struct MachineInfo {
  std::string cpu_model;
  std::vector<std::string> cpu_flags;           // all flags /proc/cpuinfo lists
  std::vector<std::string> relevant_cpu_flags;  // those that matter to the kernels and the TSC
  unsigned logical_cpus = 0;                    // CPUs this process may use
  bool hypervisor = false;
  std::string os;  // uname: sysname release machine
  std::string compiler;
  std::string compiler_flags;
  std::string build_type;
  std::string openssl;
  std::vector<std::string> kernel_backends;  // usable on this CPU
};

MachineInfo describe_machine();

}  // namespace pqlab::lab
