// Multi-threaded throughput.
#include "harness/throughput.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <thread>
#include <vector>

#include "harness/pinning.hpp"

namespace pqlab::lab {

double measure_throughput(const OperationFactory& make_op, std::size_t threads, double seconds) {
  using Clock = std::chrono::steady_clock;
  const std::vector<int>& cpus = allowed_cpus();
  std::atomic<std::size_t> ready{0};
  std::atomic<bool> go{false}, stop{false};
  std::vector<std::size_t> counts(threads, 0);
  std::vector<std::exception_ptr> errors(threads);
  std::vector<std::thread> workers;
  for (std::size_t i = 0; i < threads; ++i) {
    workers.emplace_back([&, i] {
      try {
        if (threads <= cpus.size())
          pin_current_thread(cpus[i]);
        else
          unpin_current_thread();
        const std::function<void()> op = make_op();
        ready.fetch_add(1);
        while (!go.load()) std::this_thread::yield();
        std::size_t n = 0;
        while (!stop.load(std::memory_order_relaxed)) {
          op();
          ++n;
        }
        counts[i] = n;
      } catch (...) {
        errors[i] = std::current_exception();
        ready.fetch_add(1);
      }
    });
  }
  while (ready.load() < threads) std::this_thread::yield();
  const auto start = Clock::now();
  go.store(true);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop.store(true);
  for (auto& w : workers) w.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
  std::size_t total = 0;
  for (std::size_t c : counts) total += c;
  return static_cast<double>(total) / elapsed;
}

}  // namespace pqlab::lab
