// The avx2 backend's part of the kernel seam: which entries it replaces
// and the tuning measured for them. Built without -mavx2 (src/CMakeLists.txt):
// dispatch.cpp calls fill() only once CPUID has reported AVX2.
#include "kernels/portable/portable.hpp"
#include "kernels/x86_avx2/avx2.hpp"
#include "kernels/x86_bmi2/bmi2.hpp"
#include "kernels/x86_sha/sha_ni.hpp"

namespace pqlab::kernels::avx2 {

void fill(Table& t, const x86::CpuFeatures& cpu) {
  t.name = "avx2";

  // Keccak. One state: the portable code with ANDN/RORX (and so without
  // lane complementing, keccak_scalar.hpp). Median TSC ticks per
  // permutation on the development machine: 692, against 782 for the
  // portable build and 756 for a one-state AVX-512 version (five planes in
  // 512-bit registers, ternary-logic θ/χ, native rotates), which is bound
  // by its 26 cross-lane permutes per round there and was therefore
  // dropped; so the avx512 backend keeps this one too. On the KVM guest
  // (Zen 4): 645, portable 720.
  if (cpu.bmi) t.keccak.keccak_f1600_x1 = bmi2::keccak_f1600_x1;
  t.keccak.keccak_f1600_x4 = keccak_f1600_x4;
  t.tuning.keccak_x4_min_ways = 2;
  t.keccak.keccak_f1600_x8 = keccak_f1600_x8;
  t.keccak.keccak_f1600_sliced8 = keccak_f1600_sliced8;
  t.tuning.keccak_sliced_min_states = 2;  // four states cost about two x1 calls here
  // x8 (two groups of four interleaved, keccak_x4.cpp): 1,880 median TSC
  // ticks on the KVM guest, against 1,651 for x4 + x1 (five ways) and
  // 2,296 for x4 + 2 x1 (six).
  t.tuning.keccak_x8_min_ways = 6;
  // Five states, the fifth in general-purpose registers beside the vector
  // four (keccak_x5.cpp). Median TSC ticks per call on the bhyve
  // development guest, on a core whose other hardware thread was idle: x5
  // 850, x4 853, x1 501; on one whose other thread ran another guest's
  // integer work: x5 1,330-1,430, x4 870, x1 620-740. On the KVM guest
  // (Zen 4) at every reading: x5 1,282, x4 1,004, x1 670; x5 1,232 and x1
  // 645 with ANDN in place of lane complementing. So a fifth state costs
  // at most about 0.6 of an x1 call, and nothing on a quiet core of the
  // first; the schemes then batch ten ways
  // (hash::KeccakWays::batch_ways()). Without it on the KVM guest (two
  // A/Bs, docs/PERFORMANCE.md), avx2 ML-DSA signing took 0-3.5% less
  // time, verification 2-14% more, key generation within 2.7%: kept.
  if (cpu.bmi) {
    t.keccak.keccak_f1600_x5 = keccak_f1600_x5;
    t.tuning.keccak_x5_near_x4 = true;
  }

  t.mlkem.mlkem_ntt = mlkem_ntt;
  t.mlkem.mlkem_invntt_tomont = mlkem_invntt_tomont;
  t.mlkem.mlkem_basemul_acc = mlkem_basemul_acc;
  t.mlkem.mlkem_rej_uniform_vartime = mlkem_rej_uniform_vartime;
  t.mlkem.mlkem_byte_decode12 = mlkem_byte_decode12;
  t.mlkem.mlkem_byte_encode12 = mlkem_byte_encode12;
  t.mlkem.mlkem_compress_encode = mlkem_compress_encode;
  t.mlkem.mlkem_decode_decompress = mlkem_decode_decompress;
  t.mlkem.mlkem_cbd = mlkem_cbd;

  t.mldsa.mldsa_ntt = mldsa_ntt;
  t.mldsa.mldsa_invntt_tomont = mldsa_invntt_tomont;
  t.mldsa.mldsa_pointwise_montgomery = mldsa_pointwise_montgomery;
  t.mldsa.mldsa_rej_uniform_vartime = mldsa_rej_uniform_vartime;
  t.mldsa.mldsa_pointwise_acc_montgomery = mldsa_pointwise_acc_montgomery;
  // ML-DSA's matrix-vector rows summed exactly in 64 bits and reduced once
  // (the avx512 backend inherits the choice). Median TSC ticks per row on
  // the development machine (distinct Â entries, 3,001 samples) against
  // a Montgomery reduction per product and reduce32 of the sum: 429 → 344
  // (l = 4), 528 → 420 (l = 5), 724 → 575 (l = 7); with the avx512
  // kernels 377 → 260, 463 → 312, 637 → 487.
  t.mldsa.mldsa_row_wide_sum = mldsa_row_wide_sum;
  t.mldsa.mldsa_row_wide_reduce = mldsa_row_wide_reduce;
  t.tuning.mldsa_wide_row_sums = true;
  t.mldsa.mldsa_rej_eta = mldsa_rej_eta;
  // The signing steps (the avx512 backend inherits them).
  t.mldsa.mldsa_decompose = mldsa_decompose;
  t.mldsa.mldsa_high_bits_pack = mldsa_high_bits_pack;
  t.mldsa.mldsa_use_hint_pack = mldsa_use_hint_pack;
  t.mldsa.mldsa_norm_at_least = mldsa_norm_at_least;
  t.mldsa.mldsa_make_hint = mldsa_make_hint;
  t.mldsa.mldsa_pack_z = mldsa_pack_z;
  t.mldsa.mldsa_unpack_z = mldsa_unpack_z;
  t.mldsa.mldsa_reduce32 = mldsa_reduce32;
  t.mldsa.mldsa_add_reduce32 = mldsa_add_reduce32;
  t.mldsa.mldsa_sub_reduce32_freeze = mldsa_sub_reduce32_freeze;
  // Median TSC ticks per call on the development machine (AMD EPYC, 16
  // calls per sample, 2,001 samples), against the portable code built with
  // the compiler's own vectorisation: w1Encode of HighBits 86 against 526
  // (6-bit fields) and 85 against 198 (4-bit); the small ring's reduction
  // 21 against 43 and its widening 28 against 56.
  t.mldsa.mldsa_small_reduce = mldsa_small_reduce;
  t.mldsa.mldsa_small_widen = mldsa_small_widen;
  // The key encodings: s1 and s2 packed and read back, Power2Round into
  // t1 and t0, and t1 and t0 read back (key generation, signing and
  // verification; the avx512 backend inherits them). t1 and t0 unpack in
  // 46-47 ticks per polynomial against 585 and 340 for the portable loops
  // (median, 2,001 samples, development machine).
  t.mldsa.mldsa_pack_eta = mldsa_pack_eta;
  t.mldsa.mldsa_unpack_eta = mldsa_unpack_eta;
  t.mldsa.mldsa_power2round_pack = mldsa_power2round_pack;
  t.mldsa.mldsa_unpack_t1 = mldsa_unpack_t1;
  t.mldsa.mldsa_unpack_t0 = mldsa_unpack_t0;

  // SHA-2. SHA-NI is its own CPUID bit (AVX2 CPUs without it exist), so
  // each vector backend takes it where present.
  t.sha2.sha256_compress = cpu.sha_ni ? sha_ni::sha256_compress : portable::sha256_compress;
  // Multi-buffer SHA-256, eight ways per pass. Median TSC ticks per
  // call on the development machine (2,001 calls, load average near 3):
  // one pass about 1,100; the portable code 600-880 per way; SHA-NI
  // about 90 per way plus 85 per call (810 for eight ways). So the
  // pass beats the portable code from two ways on, but not SHA-NI at
  // any number of ways: where the CPU has SHA-NI this backend keeps it.
  t.sha2.sha256_compress_ways = cpu.sha_ni ? sha_ni::sha256_compress_ways : sha256_compress_ways;
  t.tuning.sha256_ways_min = cpu.sha_ni ? 1 : 2;
  // Multi-buffer SHA-512, four ways per pass. Median TSC ticks per
  // call on the development machine (2,001 calls, load average near 3):
  // one pass about 1,320; the portable code about 730 per way (no
  // SHA-512 instructions here). So the pass wins from two ways on
  // (1,320 against 1,410), by 2.1x at four.
  t.sha2.sha512_compress_ways = sha512_compress_ways;
  t.tuning.sha512_ways_min = 2;
}

}  // namespace pqlab::kernels::avx2
