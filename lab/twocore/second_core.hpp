// A persistent worker thread on a second CPU and a low-latency hand-off to
// it, for splitting one operation across two cores (lab/twocore/mlkem_two_core.hpp).
// The worker is started once and waits for jobs; a hand-off is two atomic
// stores and two spins (with the CPU's pause instruction), falling back to a
// futex wait (std::atomic::wait) after a bound, so that an idle worker does
// not burn its CPU. No thread is started per operation.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

namespace pqlab::lab::twocore {

class SecondCore {
 public:
  using Job = void (*)(void* context) noexcept;

  // How long each side spins before it sleeps: the worker between jobs,
  // the caller while it waits for a job to finish.
  struct SpinLimits {
    std::chrono::nanoseconds worker_idle{std::chrono::microseconds(200)};
    std::chrono::nanoseconds caller_wait{std::chrono::milliseconds(2)};
  };

  // Starts the worker and waits until it runs, pinned to an allowed CPU other
  // than the one the caller is on now (pin the caller first); unpinned when
  // the process may use one CPU only. Throws std::system_error if the thread
  // cannot be started.
  SecondCore() : SecondCore(SpinLimits{}) {}
  explicit SecondCore(SpinLimits limits);
  // Stops the worker and joins it. No job may be in flight (finish() first).
  ~SecondCore();
  SecondCore(const SecondCore&) = delete;
  SecondCore& operator=(const SecondCore&) = delete;

  // Hands job(context) to the worker and returns at once. One job at a time:
  // finish() must follow before the next start(). One caller thread at a time.
  void start(Job job, void* context);
  // Returns once the job last started has returned; its writes are then
  // visible to the caller.
  void finish();
  // start() and finish() of an empty job: the hand-off's round trip.
  void round_trip();

  int worker_cpu() const { return worker_cpu_; }  // -1: not pinned
  int caller_cpu() const { return caller_cpu_; }  // the CPU the constructor ran on

 private:
  void worker_loop(int cpu);

  // Each written by one side only, on its own cache line.
  alignas(64) std::atomic<std::uint32_t> posted_{0};  // jobs handed over (caller writes)
  alignas(64) std::atomic<std::uint32_t> done_{0};    // jobs finished (worker writes)
  alignas(64) std::atomic<std::uint32_t> worker_asleep_{0};
  std::atomic<std::uint32_t> caller_asleep_{0};
  Job job_ = nullptr;  // published by posted_'s release store; nullptr: stop
  void* context_ = nullptr;
  SpinLimits limits_;
  int worker_cpu_ = -1, caller_cpu_ = -1;
  std::atomic<int> pinned_cpu_{-1};
  std::thread thread_;
};

// Runs job(context) on `core` while here() runs on the calling thread, and
// returns when both have; finish() happens even if here() throws.
template <class Here>
void run_beside(SecondCore& core, SecondCore::Job job, void* context, Here&& here) {
  struct Join {
    SecondCore& c;
    ~Join() { c.finish(); }
  };
  core.start(job, context);
  const Join join{core};
  here();
}

}  // namespace pqlab::lab::twocore
