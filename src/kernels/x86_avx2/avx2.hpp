// The AVX2 backend's kernels (compiled with -mavx2; its one-stream SHA-256
// is x86_sha/'s, used where CPUID reports the SHA extensions).
// Only call these when x86::detect_cpu_features() says the CPU has them.
#pragma once
#include "kernels/kernels.hpp"
#include "kernels/x86/cpu_features.hpp"

namespace pqlab::kernels::avx2 {

sig::keccak_f1600_x4 keccak_f1600_x4;
sig::keccak_f1600_x8 keccak_f1600_x8;
// With -mbmi -mbmi2 as well: only where CPUID reports BMI too.
sig::keccak_f1600_x5 keccak_f1600_x5;
sig::keccak_f1600_sliced8 keccak_f1600_sliced8;

sig::mlkem_ntt mlkem_ntt;
sig::mlkem_invntt_tomont mlkem_invntt_tomont;
sig::mlkem_basemul_acc mlkem_basemul_acc;
sig::mlkem_rej_uniform_vartime mlkem_rej_uniform_vartime;
sig::mlkem_byte_decode12 mlkem_byte_decode12;
sig::mlkem_byte_encode12 mlkem_byte_encode12;
sig::mlkem_compress_encode mlkem_compress_encode;
sig::mlkem_decode_decompress mlkem_decode_decompress;
sig::mlkem_cbd mlkem_cbd;

sig::mldsa_ntt mldsa_ntt;
sig::mldsa_invntt_tomont mldsa_invntt_tomont;
sig::mldsa_pointwise_montgomery mldsa_pointwise_montgomery;
sig::mldsa_pointwise_acc_montgomery mldsa_pointwise_acc_montgomery;
sig::mldsa_row_wide_sum mldsa_row_wide_sum;
sig::mldsa_row_wide_reduce mldsa_row_wide_reduce;
sig::mldsa_rej_uniform_vartime mldsa_rej_uniform_vartime;
sig::mldsa_rej_eta mldsa_rej_eta;
sig::mldsa_decompose mldsa_decompose;
sig::mldsa_high_bits_pack mldsa_high_bits_pack;
sig::mldsa_use_hint_pack mldsa_use_hint_pack;
sig::mldsa_norm_at_least mldsa_norm_at_least;
sig::mldsa_make_hint mldsa_make_hint;
sig::mldsa_pack_z mldsa_pack_z;
sig::mldsa_unpack_z mldsa_unpack_z;
sig::mldsa_pack_eta mldsa_pack_eta;
sig::mldsa_unpack_eta mldsa_unpack_eta;
sig::mldsa_power2round_pack mldsa_power2round_pack;
sig::mldsa_unpack_t1 mldsa_unpack_t1;
sig::mldsa_unpack_t0 mldsa_unpack_t0;
sig::mldsa_reduce32 mldsa_reduce32;
sig::mldsa_add_reduce32 mldsa_add_reduce32;
sig::mldsa_sub_reduce32_freeze mldsa_sub_reduce32_freeze;
sig::mldsa_small_reduce mldsa_small_reduce;
sig::mldsa_small_widen mldsa_small_widen;

// Multi-buffer SHA-256: eight streams per pass.
sig::sha256_compress_ways sha256_compress_ways;
// Multi-buffer SHA-512: four streams per pass.
sig::sha512_compress_ways sha512_compress_ways;

// Turns t (the portable table) into the avx2 backend's: its kernels, the
// one-state Keccak of x86_bmi2/ and SHA-256 of x86_sha/ where cpu has
// them, and the tuning measured for them (x86_avx2/table.cpp).
void fill(Table& t, const x86::CpuFeatures& cpu);

}  // namespace pqlab::kernels::avx2
