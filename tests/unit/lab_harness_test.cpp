// The lab's harness measured on itself: stack meter, heap counter, cycle
// counter, statistics.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "harness/machine_info.hpp"
#include "harness/core_contention.hpp"
#include "harness/heap_counter.hpp"
#include "harness/stack_meter.hpp"
#include "harness/stats.hpp"
#include "harness/tsc.hpp"
#include "kernels/kernels.hpp"
#include "pqlab/kernels.hpp"
#include "support/each_backend.hpp"

namespace {

constexpr std::size_t kFrameBuffer = 4096;

// Each level keeps a 4 KiB buffer live across the recursive call, so the
// recursion depth fixes the stack use: depth × (4 KiB + a small frame).
__attribute__((noinline)) unsigned recurse(unsigned depth) {
  volatile unsigned char buffer[kFrameBuffer];
  for (std::size_t i = 0; i < kFrameBuffer; ++i) buffer[i] = static_cast<unsigned char>(i + depth);
  const unsigned below = depth > 1 ? recurse(depth - 1) : 0;
  return below + buffer[depth % kFrameBuffer];
}

TEST(LabStackMeter, MeasuresKnownRecursionDepthWithinTenPercent) {
  for (unsigned depth : {16u, 64u}) {
    volatile unsigned sink = 0;
    const std::size_t used = pqlab::lab::measure_peak_stack([&] { sink = recurse(depth); });
    const double expected = static_cast<double>(depth) * kFrameBuffer;
    EXPECT_GE(static_cast<double>(used), 0.9 * expected) << "depth " << depth;
    EXPECT_LE(static_cast<double>(used), 1.1 * expected) << "depth " << depth;
  }
}

TEST(LabStackMeter, EmptyFunctionUsesAlmostNothing) {
  EXPECT_LT(pqlab::lab::measure_peak_stack([] {}), 512u);
}

TEST(LabStackMeter, RethrowsTheOperationsException) {
  EXPECT_THROW(pqlab::lab::measure_peak_stack([] { throw std::runtime_error("boom"); }), std::runtime_error);
}

TEST(LabHeapCounter, SeesAKnownAllocation) {
  pqlab::lab::HeapCounter counter;
  void* volatile p = std::malloc(12345);
  std::free(p);
  auto q = std::make_unique<std::vector<int>>(1000);
  const pqlab::lab::HeapUse use = counter.stop();
  EXPECT_GE(use.allocations, 3u);
  EXPECT_GE(use.bytes, 12345u + 1000 * sizeof(int));
  EXPECT_LT(use.bytes, 12345u + 1000 * sizeof(int) + 256);
}

TEST(LabHeapCounter, CountsNothingWithoutAllocation) {
  pqlab::lab::HeapCounter counter;
  volatile int x = 0;
  for (int i = 0; i < 100; ++i) x = x + i;
  const pqlab::lab::HeapUse use = counter.stop();
  EXPECT_EQ(use.allocations, 0u);
  EXPECT_EQ(use.bytes, 0u);
}

TEST(LabHeapCounter, StopsCountingWhenStopped) {
  pqlab::lab::HeapCounter counter;
  const pqlab::lab::HeapUse before = counter.stop();
  void* volatile p = std::malloc(100);
  std::free(p);
  EXPECT_EQ(before.bytes, 0u);
}

TEST(LabCycleCounter, IsMonotonicAndNonZero) {
  std::uint64_t last = pqlab::lab::read_ticks();
  EXPECT_NE(last, 0u);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t now = pqlab::lab::read_ticks();
    ASSERT_GE(now, last);
    last = now;
  }
  volatile std::uint64_t sink = 0;
  const std::uint64_t t0 = pqlab::lab::read_ticks();
  for (int i = 0; i < 100000; ++i) sink = sink + static_cast<std::uint64_t>(i);
  EXPECT_GT(pqlab::lab::read_ticks(), t0);
  EXPECT_GT(pqlab::lab::ticks_per_second(), 1e6);
}

TEST(LabStats, QuantilesOfAKnownSet) {
  std::vector<double> v;
  for (int i = 100; i >= 0; --i) v.push_back(i);  // 0..100, unsorted
  const pqlab::lab::Summary s = pqlab::lab::summarize(v);
  EXPECT_EQ(s.count, 101u);
  EXPECT_DOUBLE_EQ(s.median, 50);
  EXPECT_DOUBLE_EQ(s.q1, 25);
  EXPECT_DOUBLE_EQ(s.q3, 75);
  EXPECT_DOUBLE_EQ(s.iqr(), 50);
  EXPECT_DOUBLE_EQ(s.p90, 90);
  EXPECT_DOUBLE_EQ(s.min, 0);
  EXPECT_DOUBLE_EQ(s.max, 100);
  EXPECT_DOUBLE_EQ(s.mean, 50);
  EXPECT_EQ(pqlab::lab::summarize({}).count, 0u);
}

// The five-state probe: a ratio where the avx2 backend uses its five-state
// call, nothing elsewhere; the backend is restored. (No bound on the value:
// it is a timing, and sanitizer builds slow the two calls unequally.)
TEST(LabCoreContention, FiveStateRatioWhereAvx2HasTheCall) {
  const std::string before(pqlab::kernels::active_name());
  bool x5 = false;
  {
    const pqlab::test::ActiveBackendGuard restore;
    if (pqlab::kernels::select("avx2") == pqlab::Status::ok) x5 = pqlab::kernels::active().tuning.keccak_x5_near_x4;
  }
  const std::optional<double> ratio = pqlab::lab::five_state_call_ratio();
  EXPECT_EQ(pqlab::kernels::active_name(), before);
  ASSERT_EQ(ratio.has_value(), x5);
  if (ratio) EXPECT_TRUE(std::isfinite(*ratio) && *ratio > 0) << *ratio;
  EXPECT_EQ(pqlab::lab::describe_five_state_ratio(std::nullopt), "not measured (no avx2 five-state call)");
  EXPECT_EQ(pqlab::lab::describe_five_state_ratio(1.0), "1.00 (fifth state free)");
  EXPECT_EQ(pqlab::lab::describe_five_state_ratio(1.58), "1.58 (fifth state not free)");
}

}  // namespace

TEST(LabMachineInfo, HypervisorNamesAreShortened) {
  using pqlab::lab::short_hypervisor_name;
  EXPECT_EQ(short_hypervisor_name("KVMKVMKVM"), "KVM");
  EXPECT_EQ(short_hypervisor_name("bhyve bhyve "), "bhyve");
  EXPECT_EQ(short_hypervisor_name("VMwareVMware"), "VMware");
  EXPECT_EQ(short_hypervisor_name("XenVMMXenVMM"), "XenVMM");
  EXPECT_EQ(short_hypervisor_name("Microsoft Hv"), "Microsoft Hv");
  EXPECT_EQ(short_hypervisor_name("TCGTCGTCGTCG"), "TCGTCG");
  EXPECT_EQ(short_hypervisor_name(""), "");
  EXPECT_EQ(short_hypervisor_name(std::string("ab\x01\x02", 4)), "");
}

TEST(LabMachineInfo, GuestIsNamedOnlyWithTheFlag) {
  pqlab::lab::MachineInfo m;
  EXPECT_EQ(pqlab::lab::describe_guest(m), "");
  EXPECT_EQ(pqlab::lab::guest_noun(m), "");
  m.hypervisor = true;
  EXPECT_EQ(pqlab::lab::describe_guest(m), ", a virtual machine");
  EXPECT_EQ(pqlab::lab::guest_noun(m), "virtual machine");
  m.hypervisor_name = "KVM";
  EXPECT_EQ(pqlab::lab::describe_guest(m), ", a KVM guest");
  EXPECT_EQ(pqlab::lab::guest_noun(m), "KVM guest");
}
