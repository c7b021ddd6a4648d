// Pinning threads to cores (sched_setaffinity), so that a measurement is not
// moved between cores half-way.
#pragma once
#include <vector>

namespace pqlab::lab {

// The CPUs this process may run on, as it started (captured on first call).
const std::vector<int>& allowed_cpus();

// Pins the calling thread to `cpu`; false if the system refused.
bool pin_current_thread(int cpu);
// Pins the calling thread to the CPU it is running on now; returns that CPU,
// or -1 if pinning failed.
int pin_current_thread_here();
// Lets the calling thread run on every CPU in allowed_cpus() again.
void unpin_current_thread();

}  // namespace pqlab::lab
