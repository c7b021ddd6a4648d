// The Cortex-M4 (ARMv7E-M) backend: kernels written for a 32-bit core with
// the DSP extension, selected at build time for the firmware (the M4 has
// no CPUID; src/CMakeLists.txt's PQLAB_KERNELS_ARMV7EM registers it in
// dispatch.cpp). It starts from the portable table and replaces the
// entries it implements. Its C++ sources also build on the host, where
// tests/unit/kernel_armv7em_test.cpp checks them bit-exact against the
// portable backend; they are not registered there.
#pragma once
#include "kernels/kernels.hpp"

namespace pqlab::kernels::armv7em {

// Keccak-f[1600], bit-interleaved (keccak.cpp).
sig::keccak_f1600_x1 keccak_f1600_x1;
sig::keccak_f1600_x4 keccak_f1600_x4;
sig::keccak_f1600_x8 keccak_f1600_x8;
sig::keccak_f1600_sliced8 keccak_f1600_sliced8;

// ML-KEM NTT, inverse NTT and base multiplication in Thumb-2 assembly
// (mlkem_ntt.S, mlkem_basemul.S), bit-exact with portable; assembled only
// for the Cortex-M4 itself (PQLAB_ARMV7EM_ASM, src/CMakeLists.txt).
#if PQLAB_ARMV7EM_ASM
extern "C" {
sig::mlkem_ntt pqlab_armv7em_mlkem_ntt;
sig::mlkem_invntt_tomont pqlab_armv7em_mlkem_invntt_tomont;
sig::mlkem_basemul_acc pqlab_armv7em_mlkem_basemul_acc;
// ML-DSA's NTT, inverse NTT and pointwise products (mldsa_ntt.S,
// mldsa_pointwise.S), bit-exact with portable.
sig::mldsa_ntt pqlab_armv7em_mldsa_ntt;
sig::mldsa_invntt_tomont pqlab_armv7em_mldsa_invntt_tomont;
sig::mldsa_pointwise_montgomery pqlab_armv7em_mldsa_pointwise_montgomery;
sig::mldsa_pointwise_acc_montgomery pqlab_armv7em_mldsa_pointwise_acc_montgomery;
}
#endif

// Replaces the entries above in t (a copy of the portable table).
constexpr void fill(Table& t) {
  t.name = "armv7em";
  t.keccak.keccak_f1600_x1 = keccak_f1600_x1;
  t.keccak.keccak_f1600_x4 = keccak_f1600_x4;
  t.keccak.keccak_f1600_x8 = keccak_f1600_x8;
  t.keccak.keccak_f1600_sliced8 = keccak_f1600_sliced8;
#if PQLAB_ARMV7EM_ASM
  t.mlkem.mlkem_ntt = pqlab_armv7em_mlkem_ntt;
  t.mlkem.mlkem_invntt_tomont = pqlab_armv7em_mlkem_invntt_tomont;
  t.mlkem.mlkem_basemul_acc = pqlab_armv7em_mlkem_basemul_acc;
  t.mldsa.mldsa_ntt = pqlab_armv7em_mldsa_ntt;
  t.mldsa.mldsa_invntt_tomont = pqlab_armv7em_mldsa_invntt_tomont;
  t.mldsa.mldsa_pointwise_montgomery = pqlab_armv7em_mldsa_pointwise_montgomery;
  t.mldsa.mldsa_pointwise_acc_montgomery = pqlab_armv7em_mldsa_pointwise_acc_montgomery;
#endif
}

}  // namespace pqlab::kernels::armv7em
