// The second core's worker and its hand-off (second_core.hpp).
#include "twocore/second_core.hpp"

#include <sched.h>

#include "harness/pinning.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace pqlab::lab::twocore {
namespace {

using Clock = std::chrono::steady_clock;

inline void cpu_pause() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Waits until `value` differs from `old` and returns the new value (acquire):
// spins with the pause instruction for up to `spin`, then sleeps in
// std::atomic::wait (a futex on Linux) with `asleep` set, so that the other
// side knows to notify. The seq_cst store of `asleep` and the seq_cst load of
// `value` here, against the seq_cst store of `value` and load of `asleep` in
// publish(), leave no lost wake-up: one side sees the other's store.
std::uint32_t await_change(const std::atomic<std::uint32_t>& value, std::uint32_t old,
                           std::atomic<std::uint32_t>& asleep, std::chrono::nanoseconds spin) {
  const Clock::time_point start = Clock::now();
  for (unsigned i = 1;; ++i) {
    const std::uint32_t v = value.load(std::memory_order_acquire);
    if (v != old) return v;
    cpu_pause();
    if (i % 256 == 0 && Clock::now() - start > spin) break;
  }
  asleep.store(1, std::memory_order_seq_cst);
  for (;;) {
    const std::uint32_t v = value.load(std::memory_order_seq_cst);
    if (v != old) {
      asleep.store(0, std::memory_order_relaxed);
      return v;
    }
    value.wait(old, std::memory_order_acquire);
  }
}

void publish(std::atomic<std::uint32_t>& value, std::uint32_t v, const std::atomic<std::uint32_t>& asleep) {
  value.store(v, std::memory_order_seq_cst);
  if (asleep.load(std::memory_order_seq_cst) != 0) value.notify_one();
}

void empty_job(void*) noexcept {}

// An allowed CPU other than `avoid`, or -1.
int other_cpu(int avoid) {
  for (int c : allowed_cpus())
    if (c != avoid) return c;
  return -1;
}

}  // namespace

SecondCore::SecondCore(SpinLimits limits) : limits_(limits) {
  allowed_cpus();  // capture the process's CPUs before anything is pinned
  caller_cpu_ = sched_getcpu();
  const int cpu = other_cpu(caller_cpu_);
  thread_ = std::thread([this, cpu] { worker_loop(cpu); });
  round_trip();  // the worker is up (and pinned) before the first real job
  worker_cpu_ = pinned_cpu_.load(std::memory_order_relaxed);
}

SecondCore::~SecondCore() {
  start(nullptr, nullptr);  // the stop request
  thread_.join();
}

void SecondCore::start(Job job, void* context) {
  job_ = job;
  context_ = context;
  publish(posted_, posted_.load(std::memory_order_relaxed) + 1, worker_asleep_);
}

void SecondCore::finish() {
  const std::uint32_t want = posted_.load(std::memory_order_relaxed);
  std::uint32_t seen = done_.load(std::memory_order_acquire);
  while (seen != want) seen = await_change(done_, seen, caller_asleep_, limits_.caller_wait);
}

void SecondCore::round_trip() {
  start(&empty_job, nullptr);
  finish();
}

void SecondCore::worker_loop(int cpu) {
  if (cpu >= 0 && pin_current_thread(cpu)) pinned_cpu_.store(cpu, std::memory_order_relaxed);
  std::uint32_t seen = 0;
  for (;;) {
    seen = await_change(posted_, seen, worker_asleep_, limits_.worker_idle);
    const Job job = job_;
    if (job == nullptr) return;
    job(context_);
    publish(done_, seen, caller_asleep_);
  }
}

}  // namespace pqlab::lab::twocore
