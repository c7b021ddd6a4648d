// The AVX-512 backend's kernels (compiled with -mavx512f -mavx512bw
// -mavx512dq -mavx512vl). Only call these when x86::detect_cpu_features()
// says the CPU and OS support AVX-512.
#pragma once
#include "kernels/kernels.hpp"
#include "kernels/x86/cpu_features.hpp"

namespace pqlab::kernels::avx512 {

sig::keccak_f1600_x4 keccak_f1600_x4;
sig::keccak_f1600_x8 keccak_f1600_x8;
sig::keccak_f1600_sliced8 keccak_f1600_sliced8;

sig::mlkem_ntt mlkem_ntt;
sig::mlkem_invntt_tomont mlkem_invntt_tomont;
sig::mlkem_basemul_acc mlkem_basemul_acc;
sig::mlkem_rej_uniform_vartime mlkem_rej_uniform_vartime;

sig::mldsa_ntt mldsa_ntt;
sig::mldsa_invntt_tomont mldsa_invntt_tomont;
sig::mldsa_pointwise_montgomery mldsa_pointwise_montgomery;
sig::mldsa_pointwise_acc_montgomery mldsa_pointwise_acc_montgomery;
sig::mldsa_row_wide_sum mldsa_row_wide_sum;
sig::mldsa_row_wide_reduce mldsa_row_wide_reduce;
sig::mldsa_rej_eta mldsa_rej_eta;
sig::mldsa_decompose mldsa_decompose;
sig::mldsa_make_hint mldsa_make_hint;

// Multi-buffer SHA-256: sixteen streams per pass (eight when no more are live).
sig::sha256_compress_ways sha256_compress_ways;
// Multi-buffer SHA-512: eight streams per pass (four when no more are live).
sig::sha512_compress_ways sha512_compress_ways;

// Turns t (the avx2 backend's table) into the avx512 backend's: the
// kernels above and the tuning measured for them (x86_avx512/table.cpp).
void fill(Table& t, const x86::CpuFeatures& cpu);

}  // namespace pqlab::kernels::avx512
