// What this x86-64 CPU and its operating system let the kernels use:
// CPUID for the instruction sets, XGETBV for the OS saving the vector
// registers (YMM for AVX2, ZMM and the mask registers for AVX-512).
#pragma once

namespace pqlab::kernels::x86 {

struct CpuFeatures {
  bool avx2 = false;    // AVX2, with the OS saving YMM state
  bool avx512 = false;  // AVX-512 F, BW, DQ and VL, with ZMM and opmask state saved
  bool sha_ni = false;  // the SHA extensions with SSE4.1 (SHA-256 rounds)
  bool bmi = false;     // BMI1 and BMI2 (ANDN, RORX)
};

// Read once from CPUID/XGETBV; cheap to call again.
CpuFeatures detect_cpu_features();

}  // namespace pqlab::kernels::x86
