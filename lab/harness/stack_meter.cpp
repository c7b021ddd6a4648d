// Painted-stack high-water mark on a dedicated pthread.
#include "harness/stack_meter.hpp"

#include <pthread.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>

namespace pqlab::lab {
namespace {

constexpr unsigned char kPaint = 0xA5;

struct ThreadJob {
  const std::function<void()>* fn;
  std::exception_ptr error;
};

void* run_job(void* arg) {
  auto* job = static_cast<ThreadJob*>(arg);
  try {
    (*job->fn)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

// Bytes from the top of the painted region down to the deepest byte that
// was overwritten. The stack grows down on every target this tool runs on.
std::size_t used_from_top(const unsigned char* base, std::size_t size) {
  std::size_t i = 0;
  while (i < size && base[i] == kPaint) ++i;
  return size - i;
}

}  // namespace

void run_on_painted_stack(const std::function<void()>& fn,
                          const std::function<void(std::span<const unsigned char>)>& inspect, std::size_t stack_bytes) {
  void* mem = mmap(nullptr, stack_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) throw std::runtime_error("stack meter: cannot map a stack");
  auto* base = static_cast<unsigned char*>(mem);
  std::memset(base, kPaint, stack_bytes);

  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstack(&attr, mem, stack_bytes);
  ThreadJob job{&fn, nullptr};
  pthread_t thread;
  const int rc = pthread_create(&thread, &attr, run_job, &job);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    munmap(mem, stack_bytes);
    throw std::runtime_error("stack meter: pthread_create failed (" + std::to_string(rc) + ")");
  }
  pthread_join(thread, nullptr);
  try {
    if (!job.error) inspect(std::span<const unsigned char>(base, stack_bytes));
  } catch (...) {
    munmap(mem, stack_bytes);
    throw;
  }
  munmap(mem, stack_bytes);
  if (job.error) std::rethrow_exception(job.error);
}

namespace {

std::size_t stack_used_by(const std::function<void()>& fn, std::size_t stack_bytes) {
  std::size_t used = 0;
  run_on_painted_stack(
      fn, [&](std::span<const unsigned char> s) { used = used_from_top(s.data(), s.size()); }, stack_bytes);
  return used;
}

}  // namespace

std::size_t measure_peak_stack(const std::function<void()>& fn, std::size_t stack_bytes) {
  static const std::function<void()> empty = [] {};
  const std::size_t baseline = stack_used_by(empty, stack_bytes);
  const std::size_t used = stack_used_by(fn, stack_bytes);
  return used > baseline ? used - baseline : 0;
}

}  // namespace pqlab::lab
