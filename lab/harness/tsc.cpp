// Time-stamp counter access and calibration.
#include "harness/tsc.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace pqlab::lab {

#if defined(__x86_64__)

std::string tick_unit() { return "TSC ticks"; }
std::string tick_method() { return "rdtsc between lfence instructions (no PMU access assumed)"; }

std::uint64_t read_ticks() {
  _mm_lfence();
  const std::uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
}

namespace {

// `rounds` × 100 dependent `add %rdx, %rax`: 100 cycles a round at 1 cycle
// latency, whatever the width of the core (the chain serialises it).
std::uint64_t time_add_chain(std::uint64_t rounds) {
  std::uint64_t acc = 0, step = 1, counter = rounds;
  const std::uint64_t start = read_ticks();
  asm volatile(
      "1:\n"
      ".rept 100\n"
      "add %[step], %[acc]\n"
      ".endr\n"
      "dec %[counter]\n"
      "jnz 1b\n"
      : [acc] "+r"(acc), [counter] "+r"(counter)
      : [step] "r"(step)
      : "cc");
  return read_ticks() - start;
}

// `rounds` × 100 dependent `imul %rdx, %rax`: 300 cycles a round at the
// 3-cycle latency of 64-bit multiplication on current x86-64 cores.
std::uint64_t time_imul_chain(std::uint64_t rounds) {
  std::uint64_t acc = 3, factor = 5, counter = rounds;
  const std::uint64_t start = read_ticks();
  asm volatile(
      "1:\n"
      ".rept 100\n"
      "imul %[factor], %[acc]\n"
      ".endr\n"
      "dec %[counter]\n"
      "jnz 1b\n"
      : [acc] "+r"(acc), [counter] "+r"(counter)
      : [factor] "r"(factor)
      : "cc");
  return read_ticks() - start;
}

// Cycles per tick from the fastest of several runs (interruptions only add).
template <class Timer>
double best_ratio(Timer timer, double cycles_per_round) {
  constexpr std::uint64_t kRounds = 20000;
  std::uint64_t best = ~std::uint64_t{0};
  for (int i = 0; i < 15; ++i) best = std::min(best, timer(kRounds));
  return cycles_per_round * static_cast<double>(kRounds) / static_cast<double>(best);
}

}  // namespace

std::optional<ClockRatio> core_cycles_per_tick() {
  ClockRatio r{};
  r.from_add_chain = best_ratio(time_add_chain, 100.0);
  r.from_imul_chain = best_ratio(time_imul_chain, 300.0);
  r.ratio = r.from_add_chain;
  if (!(r.ratio > 0.2 && r.ratio < 10.0)) return std::nullopt;
  if (std::fabs(r.from_add_chain - r.from_imul_chain) > 0.15 * r.from_add_chain) return std::nullopt;
  return r;
}

#else

std::string tick_unit() { return "ns"; }
std::string tick_method() { return "std::chrono::steady_clock (no TSC on this architecture)"; }

std::uint64_t read_ticks() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

std::optional<ClockRatio> core_cycles_per_tick() { return std::nullopt; }

#endif

double ticks_per_second() {
  static const double rate = [] {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const std::uint64_t k0 = read_ticks();
    Clock::time_point t1;
    do {
      t1 = Clock::now();
    } while (t1 - t0 < std::chrono::milliseconds(50));
    const std::uint64_t k1 = read_ticks();
    const double seconds = std::chrono::duration<double>(t1 - t0).count();
    return static_cast<double>(k1 - k0) / seconds;
  }();
  return rate;
}

}  // namespace pqlab::lab
