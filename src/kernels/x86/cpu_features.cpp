// CPUID and XGETBV feature detection (Intel SDM vol. 2A, CPUID leaves 1 and
// 7; vol. 1 §13.3 for XCR0). Compiled without any target flags.
#include "kernels/x86/cpu_features.hpp"

#include <cpuid.h>

#include <cstdint>

namespace pqlab::kernels::x86 {
namespace {

constexpr bool bit(unsigned word, unsigned n) { return ((word >> n) & 1u) != 0; }

// XCR0: which register states the OS saves on a context switch.
std::uint64_t read_xcr0() {
  std::uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (std::uint64_t{hi} << 32) | lo;
}

}  // namespace

CpuFeatures detect_cpu_features() {
  CpuFeatures f;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return f;
  const bool sse41 = bit(ecx, 19), osxsave = bit(ecx, 27), avx = bit(ecx, 28);
  const std::uint64_t xcr0 = osxsave ? read_xcr0() : 0;
  // XCR0 bits 1, 2: SSE and AVX (YMM upper halves); 5, 6, 7: opmask,
  // ZMM0-15 upper halves, ZMM16-31.
  const bool ymm_saved = (xcr0 & 0x6) == 0x6;
  const bool zmm_saved = (xcr0 & 0xe6) == 0xe6;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return f;
  f.avx2 = avx && ymm_saved && bit(ebx, 5);
  f.avx512 = f.avx2 && zmm_saved && bit(ebx, 16) && bit(ebx, 17) && bit(ebx, 30) && bit(ebx, 31);
  f.sha_ni = sse41 && bit(ebx, 29);
  f.bmi = bit(ebx, 3) && bit(ebx, 8);
  return f;
}

}  // namespace pqlab::kernels::x86
