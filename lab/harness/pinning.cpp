// Thread affinity through sched_setaffinity(2).
#include "harness/pinning.hpp"

#include <sched.h>

namespace pqlab::lab {
namespace {

bool set_affinity(const std::vector<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cpus) CPU_SET(static_cast<unsigned>(c), &set);
  return sched_setaffinity(0, sizeof set, &set) == 0;
}

}  // namespace

const std::vector<int>& allowed_cpus() {
  static const std::vector<int> cpus = [] {
    std::vector<int> r;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
      for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(static_cast<unsigned>(c), &set)) r.push_back(c);
    }
    if (r.empty()) r.push_back(0);
    return r;
  }();
  return cpus;
}

bool pin_current_thread(int cpu) {
  allowed_cpus();  // capture the original set before narrowing it
  return set_affinity({cpu});
}

int pin_current_thread_here() {
  allowed_cpus();
  const int cpu = sched_getcpu();
  if (cpu < 0 || !set_affinity({cpu})) return -1;
  return cpu;
}

void unpin_current_thread() { set_affinity(allowed_cpus()); }

}  // namespace pqlab::lab
