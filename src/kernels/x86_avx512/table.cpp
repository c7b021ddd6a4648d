// The avx512 backend's part of the kernel seam: which of the avx2
// backend's entries it replaces and the tuning measured for them. Built
// without the AVX-512 flags (src/CMakeLists.txt): dispatch.cpp calls fill()
// only once CPUID and XGETBV have reported AVX-512.
#include "kernels/x86_avx512/avx512.hpp"

namespace pqlab::kernels::avx512 {

void fill(Table& t, const x86::CpuFeatures& cpu) {
  t.name = "avx512";

  t.keccak.keccak_f1600_x4 = keccak_f1600_x4;
  t.tuning.keccak_x4_min_ways = 2;
  t.keccak.keccak_f1600_x8 = keccak_f1600_x8;
  t.keccak.keccak_f1600_sliced8 = keccak_f1600_sliced8;
  t.tuning.keccak_sliced_min_states = 1;  // four states in 256-bit registers cost less than one x1 call here
  t.tuning.keccak_x8_min_ways = 5;        // up to 4 ways one x4 call is cheaper
  // Eight states in 512-bit registers cost less than avx2's five-state call
  // (a quarter of it here), so the multi-way calls stay x4 and x8.
  t.tuning.keccak_x5_near_x4 = false;

  t.mlkem.mlkem_ntt = mlkem_ntt;
  t.mlkem.mlkem_invntt_tomont = mlkem_invntt_tomont;
  t.mlkem.mlkem_basemul_acc = mlkem_basemul_acc;
  t.mlkem.mlkem_rej_uniform_vartime = mlkem_rej_uniform_vartime;

  t.mldsa.mldsa_ntt = mldsa_ntt;
  t.mldsa.mldsa_invntt_tomont = mldsa_invntt_tomont;
  t.mldsa.mldsa_pointwise_montgomery = mldsa_pointwise_montgomery;
  // ML-DSA's candidate filter stays AVX2's: median TSC ticks per
  // polynomial on the development machine (20,000 calls, pinned core),
  // 196 against 232 for a 16-lane compress version over one 840-byte
  // buffer and 216 against 270 over 168-byte blocks, so that version was
  // dropped. ML-KEM's compress filter (above) measured 214 against 232.
  t.mldsa.mldsa_pointwise_acc_montgomery = mldsa_pointwise_acc_montgomery;
  t.mldsa.mldsa_row_wide_sum = mldsa_row_wide_sum;
  t.mldsa.mldsa_row_wide_reduce = mldsa_row_wide_reduce;
  // ExpandS's filter keeps the compress version: per polynomial (two
  // SHAKE256 blocks, median TSC ticks of 20,001 calls) 170 against AVX2's
  // 430 at η = 2, 258 against 702 at η = 4 (portable: 1,024 and 1,490).
  t.mldsa.mldsa_rej_eta = mldsa_rej_eta;
  // Sixteen lanes with compare masks: per polynomial (γ2 = (q-1)/32,
  // best of 2,000 runs, TSC ticks, development machine) MakeHint 182
  // against AVX2's 296, Decompose 88 against 115. The other signing
  // steps, and verification's UseHint with w1Encode, stay AVX2's (a few
  // dozen ticks each to gain).
  t.mldsa.mldsa_decompose = mldsa_decompose;
  t.mldsa.mldsa_make_hint = mldsa_make_hint;

  // Multi-buffer SHA-256, up to 8 ways in 256-bit registers (a pass
  // costs about 640 ticks, measured as above) and 9 to 16 in 512-bit
  // ones (about 900). SHA-NI (90 per way plus 85) is cheaper up to 6
  // ways (630 against 640; 720 against 650 for 7); the portable code
  // loses from two ways on (at one way the two are about even).
  t.sha2.sha256_compress_ways = sha256_compress_ways;
  t.tuning.sha256_ways_min = cpu.sha_ni ? 7 : 2;
  // Multi-buffer SHA-512, up to 4 ways in 256-bit registers (a pass
  // costs about 705 ticks, measured as above) and 5 to 8 in 512-bit
  // ones (about 1,045, 131 per way at eight against the portable
  // code's 730). At one way the pass is about even with the portable
  // code (700 against 730), so the ways call is taken from two on.
  t.sha2.sha512_compress_ways = sha512_compress_ways;
  t.tuning.sha512_ways_min = 2;
}

}  // namespace pqlab::kernels::avx512
