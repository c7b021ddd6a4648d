// The AVX-512 backend's kernels (compiled with -mavx512f -mavx512bw
// -mavx512dq -mavx512vl). Only call these when x86::detect_cpu_features()
// says the CPU and OS support AVX-512.
#pragma once
#include "kernels/kernels.hpp"

namespace pqlab::kernels::avx512 {

void keccak_f1600_x4(std::uint64_t states[4 * keccak_lanes]);
void keccak_f1600_x8(std::uint64_t states[8 * keccak_lanes]);
void keccak_f1600_sliced8(std::uint64_t lanes[8 * keccak_lanes], std::size_t count);

void mlkem_ntt(std::int16_t a[256]);
void mlkem_invntt_tomont(std::int16_t a[256]);
void mlkem_basemul_acc(std::int16_t r[256], const std::int16_t a[256], const std::int16_t b[256]);
std::size_t mlkem_rej_uniform_vartime(std::int16_t a[256], std::size_t filled, const std::uint8_t* buf,
                                      std::size_t len);

void mldsa_ntt(std::int32_t a[256]);
void mldsa_invntt_tomont(std::int32_t a[256]);
void mldsa_pointwise_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]);
void mldsa_pointwise_acc_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]);
std::size_t mldsa_rej_eta(std::int32_t a[256], std::size_t filled, const std::uint8_t* buf, std::size_t len,
                          unsigned eta);
void mldsa_decompose(std::int32_t w1[256], std::int32_t w0[256], const std::int32_t a[256], std::int32_t gamma2);
void mldsa_use_hint(std::int32_t w1[256], const std::int32_t r[256], const std::uint8_t hints[32], std::int32_t gamma2);
std::uint32_t mldsa_make_hint(std::uint8_t hints[32], const std::int32_t r[256], const std::int32_t z[256],
                              std::int32_t gamma2);

// Multi-buffer SHA-256: sixteen streams per pass (eight when no more are live).
void sha256_compress_lanes(std::uint32_t (*states)[8], const std::uint8_t* const* blocks, std::size_t lanes);
// Multi-buffer SHA-512: eight streams per pass (four when no more are live).
void sha512_compress_lanes(std::uint64_t (*states)[8], const std::uint8_t* const* blocks, std::size_t lanes);

}  // namespace pqlab::kernels::avx512
