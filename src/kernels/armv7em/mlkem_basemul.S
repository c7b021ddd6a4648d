@ ML-KEM base-case multiplication for the Cortex-M4 (ARMv7E-M, Thumb-2
@ with the DSP extension): the seam entry mlkem_basemul_acc, r += a ∘ b
@ in T_q, i.e. FIPS 203 Alg. 11 (MultiplyNTTs) with Alg. 12
@ (BaseCaseMultiply) on each degree-one piece, accumulated into r:
@   c0 = a0·b0 + a1·b1·γ,  c1 = a0·b1 + a1·b0  (mod X^2 − γ),
@ γ = ±zetas[64 + i/2] in Montgomery form. Each pair of coefficients is
@ one word; the products are 16×16-bit SMULxy of the right halves, each
@ Montgomery-reduced on its own (SMULBB by q^-1, SMLATB by −q; the result
@ is the top half) exactly as the portable backend does, so the output is
@ bit-exact with it; c0 and c1 are packed (PKHTB) and added to r's word
@ with SADD16 (16-bit wrap-around, as the portable int16 additions).
@
@ Constant time: one loop, its back-edge on a public pointer compare;
@ addresses are the argument pointers and the twiddle pointer, stepped
@ by constants (scripts/check_armv7em_asm.py).
  .syntax unified
  .cpu cortex-m4
  .thumb

#include "function.inc"

@ One degree-one piece: r5 = (a1:a0), r6 = (b1:b0), r7 = r's word
@ (updated), r8 = (−γ:γ); sel = b takes γ, t takes −γ. C = (−q:q^-1) in
@ r4; r9–r11 and lr clobbered.
  .macro piece sel
  smultt r9, r5, r6
  smulbb r11, r9, r4
  smlatb r9, r4, r11, r9
  smult\sel r10, r9, r8
  smulbb r11, r10, r4
  smlatb r10, r4, r11, r10
  smulbb r9, r5, r6
  smulbb r11, r9, r4
  smlatb r9, r4, r11, r9
  add r9, r9, r10
  smulbt r10, r5, r6
  smulbb r11, r10, r4
  smlatb r10, r4, r11, r10
  smultb lr, r5, r6
  smulbb r11, lr, r4
  smlatb lr, r4, r11, lr
  add r10, r10, lr
  pkhtb r10, r10, r9, asr #16
  sadd16 r7, r7, r10
  .endm

@ void pqlab_armv7em_mlkem_basemul_acc(int16_t r[256], const int16_t a[256],
@                                      const int16_t b[256])
  function pqlab_armv7em_mlkem_basemul_acc
  push {r4-r11, lr}
  movw r4, #0xf301
  movt r4, #0xf2ff
  movw r3, #:lower16:mlkem_basemul_gammas
  movt r3, #:upper16:mlkem_basemul_gammas
  add r12, r3, #256
1:
  ldr r8, [r3], #4
  ldr r5, [r1], #4
  ldr r6, [r2], #4
  ldr r7, [r0]
  piece b
  str r7, [r0], #4
  ldr r5, [r1], #4
  ldr r6, [r2], #4
  ldr r7, [r0]
  piece t
  str r7, [r0], #4
  cmp r3, r12
  bne 1b
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_basemul_acc, . - pqlab_armv7em_mlkem_basemul_acc

  .section .rodata.pqlab_armv7em_mlkem_basemul_gammas, "a", %progbits
  .align 2
@ (−zetas[64+i] << 16) | zetas[64+i] for i = 0..63 (zetas as in
@ kernels/mlkem_field.hpp: 2^16·17^BitRev7(k) mod q, centred).
mlkem_basemul_gammas:
  .word 0x044ffbb1, 0xfe5201ae, 0xfdd5022b, 0xfcb5034b
  .word 0x04e3fb1d, 0xfc990367, 0xf9f2060e, 0xff970069
  .word 0xfe5a01a6, 0xfdb5024b, 0xff4f00b1, 0x00ebff15
  .word 0x0123fedd, 0x01ccfe34, 0xf9da0626, 0xf98b0675
  .word 0x00f6ff0a, 0xfcf6030a, 0xfb790487, 0x0093ff6d
  .word 0x0309fcf7, 0xfa3505cb, 0x025afda6, 0xfba1045f
  .word 0x0636f9ca, 0xfd7c0284, 0x0368fc98, 0xfea3015d
  .word 0xfe5e01a2, 0xfeb70149, 0x009cff64, 0x004bffb5
  .word 0xfccf0331, 0xfbb70449, 0xfda5025b, 0xfd9e0262
  .word 0xfad6052a, 0x0505fafb, 0x05b9fa47, 0xfe800180
  .word 0x04bffb41, 0x0088ff78, 0xfb3e04c2, 0x0537fac9
  .word 0x036afc96, 0xff2400dc, 0x04a3fb5d, 0x067bf985
  .word 0x04a1fb5f, 0x05fafa06, 0x04fefb02, 0xfce6031a
  .word 0x05e6fa1a, 0x0356fcaa, 0x0366fc9a, 0xfe2201de
  .word 0x006cff94, 0x0134fecc, 0xfc1c03e4, 0xfc2103df
  .word 0xfc4203be, 0x05b4fa4c, 0xfa0e05f2, 0xf9a4065c