// Machine description from /proc/cpuinfo, uname(2) and the build.
#include "harness/machine_info.hpp"

#include <sys/utsname.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "harness/pinning.hpp"
#include "pqlab/kernels.hpp"
#include "subjects/subject.hpp"

#ifndef PQLAB_LAB_COMPILER
#define PQLAB_LAB_COMPILER "unknown"
#endif
#ifndef PQLAB_LAB_CXX_FLAGS
#define PQLAB_LAB_CXX_FLAGS "unknown"
#endif
#ifndef PQLAB_LAB_BUILD_TYPE
#define PQLAB_LAB_BUILD_TYPE "unknown"
#endif

namespace pqlab::lab {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The hypervisor's vendor string from CPUID leaf 0x40000000. Only to be
// asked where the hypervisor flag is set (on bare metal the leaf is not
// defined).
std::string hypervisor_vendor() {
#if defined(__x86_64__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  __cpuid(0x40000000u, a, b, c, d);
  char v[13] = {};
  std::memcpy(v, &b, 4);
  std::memcpy(v + 4, &c, 4);
  std::memcpy(v + 8, &d, 4);
  return v;  // stops at the first NUL
#else
  return "";
#endif
}

}  // namespace

MachineInfo describe_machine() {
  MachineInfo m;
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, family, model, stepping;
  while (std::getline(cpuinfo, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
    if (key == "model name" && m.cpu_model.empty()) m.cpu_model = value;
    // The first processor's entry only: its "model" line comes before any
    // other processor's.
    if (key == "cpu family" && family.empty()) family = value;
    if (key == "model" && model.empty()) model = value;
    if (key == "stepping" && stepping.empty()) stepping = value;
    if (key == "flags" && m.cpu_flags.empty()) {
      std::istringstream words(value);
      for (std::string w; words >> w;) m.cpu_flags.push_back(w);
    }
  }
  if (m.cpu_model.empty()) m.cpu_model = "unknown";
  if (!family.empty() && !model.empty()) {
    m.cpu_signature = "family " + family + ", model " + model;
    if (!stepping.empty()) m.cpu_signature += ", stepping " + stepping;
  }
  static const char* const relevant[] = {"sse4_2",     "avx",          "avx2",        "bmi2",
                                         "adx",        "aes",          "sha_ni",      "avx512f",
                                         "avx512bw",   "avx512vl",     "avx512dq",    "avx512ifma",
                                         "avx512vbmi", "constant_tsc", "nonstop_tsc", "tsc_known_freq",
                                         "hypervisor"};
  for (const char* f : relevant)
    if (std::find(m.cpu_flags.begin(), m.cpu_flags.end(), f) != m.cpu_flags.end()) m.relevant_cpu_flags.push_back(f);
  m.hypervisor = std::find(m.cpu_flags.begin(), m.cpu_flags.end(), "hypervisor") != m.cpu_flags.end();
  if (m.hypervisor) m.hypervisor_name = short_hypervisor_name(hypervisor_vendor());
  m.logical_cpus = static_cast<unsigned>(allowed_cpus().size());
  utsname u{};
  if (uname(&u) == 0) m.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
  m.compiler = PQLAB_LAB_COMPILER;
  m.compiler_flags = PQLAB_LAB_CXX_FLAGS;
  m.build_type = PQLAB_LAB_BUILD_TYPE;
  m.openssl = openssl_version();
  for (std::string_view k : kernels::available()) m.kernel_backends.emplace_back(k);
  return m;
}

std::string describe_cpu(const MachineInfo& m) {
  return m.cpu_signature.empty() ? m.cpu_model : m.cpu_model + " (CPUID " + m.cpu_signature + ")";
}

std::string short_hypervisor_name(std::string vendor) {
  while (!vendor.empty() && vendor.back() == ' ') vendor.pop_back();
  if (vendor.rfind("KVMKVMKVM", 0) == 0) return "KVM";
  // A name written twice: "bhyve bhyve" -> "bhyve", "VMwareVMware" -> "VMware".
  if (const std::size_t half = vendor.size() / 2;
      half > 0 && vendor.substr(0, half) == vendor.substr(vendor.size() - half))
    vendor.resize(half);
  // Printable ASCII only: the name goes into reports and tables.
  if (!std::all_of(vendor.begin(), vendor.end(), [](char ch) { return ch >= 0x20 && ch < 0x7f; })) return "";
  return vendor;
}

std::string guest_noun(const MachineInfo& m) {
  if (!m.hypervisor) return "";
  return m.hypervisor_name.empty() ? "virtual machine" : m.hypervisor_name + " guest";
}

std::string describe_guest(const MachineInfo& m) { return m.hypervisor ? ", a " + guest_noun(m) : ""; }

}  // namespace pqlab::lab
