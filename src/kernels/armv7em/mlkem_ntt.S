@ ML-KEM forward and inverse NTT for the Cortex-M4 (ARMv7E-M, Thumb-2 with
@ the DSP extension): FIPS 203 Alg. 9 (NTT) and Alg. 10 (NTT^-1), entries
@ mlkem_ntt and mlkem_invntt_tomont of the kernel seam (entries.inc).
@
@ Two coefficients per 32-bit word (the int16 array's own layout: the even
@ coefficient in the bottom half). Every layer has len >= 2, so both halves
@ of a word take the same twiddle, and SADD16/SSUB16 do two additions at
@ once. Each product is reduced exactly as the portable backend does
@ (kernels/mlkem_field.hpp), so the output is bit-exact with it:
@   Montgomery, a·b·2^-16: p = a·b (SMULxB); t = (int16)(p·q^-1) (SMULBB
@     with q^-1 in C's bottom half); p − t·q (SMLATB with −q in C's top
@     half), whose top half is the result and whose bottom half is zero;
@   Barrett, the centred a mod q: a − q·((a·20159 + 2^25) >> 26).
@ Three layers are merged per pass over memory (eight words in registers):
@ the NTT runs layers 1–3, 4–6 and 7 (with the final Barrett reduction),
@ the inverse layers 1, 2–4 and 5–7 (with the final multiplication by
@ 2^32/128 mod q).
@
@ Constant time: the only conditional branches are the loop back-edges, a
@ pointer compared with an end address; every load and store address is
@ the polynomial or twiddle pointer plus a constant (checked by
@ scripts/check_armv7em_asm.py).
@
@ Twiddles: zetas[k] = 2^16·17^BitRev7(k) mod q, centred (FIPS 203 §4.3),
@ as in kernels/mlkem_field.hpp, stored here in the order the passes use
@ them (generated from that formula).
  .syntax unified
  .cpu cortex-m4
  .thumb

#include "function.inc"

@ C = (−q << 16) | (q^-1 mod 2^16): q = 3329, q^-1 = −3327.
  .macro load_c reg
  movw \reg, #0xf301
  movt \reg, #0xf2ff
  .endm

@ Cooley–Tukey butterfly on two coefficient pairs (FIPS 203 Alg. 9 lines
@ 8–10): t = zeta·b·2^-16 (Montgomery), b = a − t, a = a + t, for both
@ halves. zeta in lr's bottom half (kept), C in r10, r11/r12 clobbered.
  .macro ct a, b
  smulbb r11, \b, lr
  smultb r12, \b, lr
  smulbb \b, r11, r10
  smlatb r11, r10, \b, r11
  smulbb \b, r12, r10
  smlatb r12, r10, \b, r12
  pkhtb r11, r12, r11, asr #16
  ssub16 \b, \a, r11
  sadd16 \a, \a, r11
  .endm

@ Gentleman–Sande butterfly (FIPS 203 Alg. 10 lines 8–11): a =
@ Barrett(a + b), b = zeta·(b − a)·2^-16. lr = (20159 << 16) | zeta
@ (kept), C in r10, r11/r12 clobbered.
  .macro gs a, b
  ssub16 r11, \b, \a
  sadd16 \a, \a, \b
  smulbt \b, \a, lr
  smultt r12, \a, lr
  add \b, \b, #0x2000000
  add r12, r12, #0x2000000
  asr \b, \b, #26
  asr r12, r12, #26
  smlatb \b, r10, \b, \a
  smultb r12, r10, r12
  add r12, \a, r12, lsl #16
  pkhbt \a, \b, r12
  smulbb \b, r11, lr
  smultb r12, r11, lr
  smulbb r11, \b, r10
  smlatb \b, r10, r11, \b
  smulbb r11, r12, r10
  smlatb r12, r10, r11, r12
  pkhtb \b, r12, \b, asr #16
  .endm

@ Barrett reduction of both halves of w: r6 = 20159, r7 = 2^25, C in r10,
@ r11/r12 clobbered.
  .macro barrett w
  smlabb r11, \w, r6, r7
  smlatb r12, \w, r6, r7
  asr r11, r11, #26
  asr r12, r12, #26
  smlatb r11, r10, r11, \w
  smultb r12, r10, r12
  add r12, \w, r12, lsl #16
  pkhbt \w, r11, r12
  .endm

@ Montgomery multiplication of both halves of w by lr's bottom half (the
@ inverse NTT's final factor), C in r10, r11/r12 clobbered.
  .macro fmul w
  smulbb r11, \w, lr
  smulbb r12, r11, r10
  smlatb r11, r10, r12, r11
  smultb r12, \w, lr
  smulbb \w, r12, r10
  smlatb r12, r10, \w, r12
  pkhtb \w, r12, r11, asr #16
  .endm

@ r2..r9 from / to [r0 + base + i·stride].
  .macro load8 base, stride
  ldr r2, [r0, #\base]
  ldr r3, [r0, #\base + \stride]
  ldr r4, [r0, #\base + 2 * \stride]
  ldr r5, [r0, #\base + 3 * \stride]
  ldr r6, [r0, #\base + 4 * \stride]
  ldr r7, [r0, #\base + 5 * \stride]
  ldr r8, [r0, #\base + 6 * \stride]
  ldr r9, [r0, #\base + 7 * \stride]
  .endm
  .macro store8 base, stride
  str r2, [r0, #\base]
  str r3, [r0, #\base + \stride]
  str r4, [r0, #\base + 2 * \stride]
  str r5, [r0, #\base + 3 * \stride]
  str r6, [r0, #\base + 4 * \stride]
  str r7, [r0, #\base + 5 * \stride]
  str r8, [r0, #\base + 6 * \stride]
  str r9, [r0, #\base + 7 * \stride]
  .endm

@ Three forward layers on r2..r9 (words 4 apart in the first layer, then
@ 2, then 1), twiddles the halfwords [r1], [r1 + 2], ..., [r1 + 12].
  .macro ntt3
  ldrsh lr, [r1, #0]
  ct r2, r6
  ct r3, r7
  ct r4, r8
  ct r5, r9
  ldrsh lr, [r1, #2]
  ct r2, r4
  ct r3, r5
  ldrsh lr, [r1, #4]
  ct r6, r8
  ct r7, r9
  ldrsh lr, [r1, #6]
  ct r2, r3
  ldrsh lr, [r1, #8]
  ct r4, r5
  ldrsh lr, [r1, #10]
  ct r6, r7
  ldrsh lr, [r1, #12]
  ct r8, r9
  .endm

@ Three inverse layers on r2..r9 (words 1 apart in the first layer, then
@ 2, then 4), twiddle words [r1], [r1 + 4], ..., [r1 + 24].
  .macro invntt3
  ldr lr, [r1, #0]
  gs r2, r3
  ldr lr, [r1, #4]
  gs r4, r5
  ldr lr, [r1, #8]
  gs r6, r7
  ldr lr, [r1, #12]
  gs r8, r9
  ldr lr, [r1, #16]
  gs r2, r4
  gs r3, r5
  ldr lr, [r1, #20]
  gs r6, r8
  gs r7, r9
  ldr lr, [r1, #24]
  gs r2, r6
  gs r3, r7
  gs r4, r8
  gs r5, r9
  .endm

@ void pqlab_armv7em_mlkem_ntt(int16_t a[256]): FIPS 203 Alg. 9, then a
@ Barrett reduction of every coefficient (as the portable backend).
  function pqlab_armv7em_mlkem_ntt
  push {r4-r11, lr}
  sub sp, sp, #8
  str r0, [sp, #4]
  load_c r10
  movw r1, #:lower16:mlkem_ntt_twiddles
  movt r1, #:upper16:mlkem_ntt_twiddles
  @ Layers 1–3 (len 128, 64, 32): coefficients j + 32·i, j = 0, 2, ..., 30.
  add r11, r0, #64
  str r11, [sp]
1:
  load8 0, 64
  ntt3
  store8 0, 64
  add r0, r0, #4
  ldr r11, [sp]
  cmp r0, r11
  bne 1b
  @ Layers 4–6 (len 16, 8, 4): per 32-coefficient block, coefficients
  @ j + 4·i for j = 0 and 2; seven twiddles per block.
  ldr r0, [sp, #4]
  add r11, r0, #512
  str r11, [sp]
  add r1, r1, #14
2:
  load8 0, 8
  ntt3
  store8 0, 8
  load8 4, 8
  ntt3
  store8 4, 8
  add r0, r0, #64
  add r1, r1, #14
  ldr r11, [sp]
  cmp r0, r11
  bne 2b
  @ Layer 7 (len 2) and the final Barrett reduction, eight coefficients a
  @ turn.
  ldr r0, [sp, #4]
  add r11, r0, #512
  str r11, [sp]
  movw r6, #20159
  mov r7, #0x2000000
3:
  ldm r0, {r2, r3, r4, r5}
  ldrsh lr, [r1], #2
  ct r2, r3
  ldrsh lr, [r1], #2
  ct r4, r5
  barrett r2
  barrett r3
  barrett r4
  barrett r5
  stm r0!, {r2, r3, r4, r5}
  ldr r11, [sp]
  cmp r0, r11
  bne 3b
  add sp, sp, #8
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_ntt, . - pqlab_armv7em_mlkem_ntt

@ void pqlab_armv7em_mlkem_invntt_tomont(int16_t a[256]): FIPS 203 Alg. 10
@ with the result times 2^16 (the final factor f = 2^32/128 mod q = 1441,
@ applied by a Montgomery multiplication).
  function pqlab_armv7em_mlkem_invntt_tomont
  push {r4-r11, lr}
  sub sp, sp, #8
  str r0, [sp, #4]
  load_c r10
  movw r1, #:lower16:mlkem_invntt_twiddles
  movt r1, #:upper16:mlkem_invntt_twiddles
  @ Layer 1 (len 2), eight coefficients a turn.
  add r11, r0, #512
  str r11, [sp]
1:
  ldm r0, {r2, r3, r4, r5}
  ldr lr, [r1], #4
  gs r2, r3
  ldr lr, [r1], #4
  gs r4, r5
  stm r0!, {r2, r3, r4, r5}
  ldr r11, [sp]
  cmp r0, r11
  bne 1b
  @ Layers 2–4 (len 4, 8, 16): per 32-coefficient block, coefficients
  @ j + 4·i for j = 0 and 2; seven twiddles per block.
  ldr r0, [sp, #4]
  add r11, r0, #512
  str r11, [sp]
2:
  load8 0, 8
  invntt3
  store8 0, 8
  load8 4, 8
  invntt3
  store8 4, 8
  add r0, r0, #64
  add r1, r1, #28
  ldr r11, [sp]
  cmp r0, r11
  bne 2b
  @ Layers 5–7 (len 32, 64, 128): coefficients j + 32·i, j = 0, 2, ...,
  @ 30, then the factor f.
  ldr r0, [sp, #4]
  add r11, r0, #64
  str r11, [sp]
3:
  load8 0, 64
  invntt3
  movw lr, #1441
  fmul r2
  fmul r3
  fmul r4
  fmul r5
  fmul r6
  fmul r7
  fmul r8
  fmul r9
  store8 0, 64
  add r0, r0, #4
  ldr r11, [sp]
  cmp r0, r11
  bne 3b
  add sp, sp, #8
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_invntt_tomont, . - pqlab_armv7em_mlkem_invntt_tomont

  .section .rodata.pqlab_armv7em_mlkem_ntt_twiddles, "a", %progbits
  .align 2
@ Forward: zetas[1..7]; per block b = 0..7 zetas[8+b], zetas[16+2b],
@ zetas[17+2b], zetas[32+4b..35+4b]; zetas[64..127]; one pad.
mlkem_ntt_twiddles:
  .short -758, -359, -1517, 1493, 1422, 287, 202, -171
  .short 573, -1325, 1223, 652, -552, 1015, 622, 264
  .short 383, -1293, 1491, -282, -1544, 1577, -829, 1458
  .short 516, -8, -320, -666, 182, -1602, -130, -1618
  .short -1162, 126, 1469, 962, -681, 1017, -853, -90
  .short -271, 830, -1202, 732, 608, 107, -1421, -247
  .short -951, -1474, -1542, 411, -398, 961, -1508, -725
  .short 1468, -205, -1571, 448, -1065, 677, -1275, -1103
  .short 430, 555, 843, -1251, 871, 1550, 105, 422
  .short 587, 177, -235, -291, -460, 1574, 1653, -246
  .short 778, 1159, -147, -777, 1483, -602, 1119, -1590
  .short 644, -872, 349, 418, 329, -156, -75, 817
  .short 1097, 603, 610, 1322, -1285, -1465, 384, -1215
  .short -136, 1218, -1335, -874, 220, -1187, -1659, -1185
  .short -1530, -1278, 794, -1510, -854, -870, 478, -108
  .short -308, 996, 991, 958, -1460, 1522, 1628, 0
  .section .rodata.pqlab_armv7em_mlkem_invntt_twiddles, "a", %progbits
  .align 2
@ Inverse, words (20159 << 16) | zeta: zetas[127-b] for b = 0..63; per
@ block B = 0..7 zetas[63-4B], [62-4B], [61-4B], [60-4B], [31-2B],
@ [30-2B], [15-B]; zetas[7], [6], [5], [4], [3], [2], [1].
mlkem_invntt_twiddles:
  .word 0x4ebf065c, 0x4ebf05f2, 0x4ebffa4c, 0x4ebf03be
  .word 0x4ebf03df, 0x4ebf03e4, 0x4ebffecc, 0x4ebfff94
  .word 0x4ebf01de, 0x4ebffc9a, 0x4ebffcaa, 0x4ebffa1a
  .word 0x4ebf031a, 0x4ebffb02, 0x4ebffa06, 0x4ebffb5f
  .word 0x4ebff985, 0x4ebffb5d, 0x4ebf00dc, 0x4ebffc96
  .word 0x4ebffac9, 0x4ebf04c2, 0x4ebfff78, 0x4ebffb41
  .word 0x4ebf0180, 0x4ebffa47, 0x4ebffafb, 0x4ebf052a
  .word 0x4ebf0262, 0x4ebf025b, 0x4ebf0449, 0x4ebf0331
  .word 0x4ebfffb5, 0x4ebfff64, 0x4ebf0149, 0x4ebf01a2
  .word 0x4ebf015d, 0x4ebffc98, 0x4ebf0284, 0x4ebff9ca
  .word 0x4ebf045f, 0x4ebffda6, 0x4ebf05cb, 0x4ebffcf7
  .word 0x4ebfff6d, 0x4ebf0487, 0x4ebf030a, 0x4ebfff0a
  .word 0x4ebf0675, 0x4ebf0626, 0x4ebffe34, 0x4ebffedd
  .word 0x4ebfff15, 0x4ebf00b1, 0x4ebf024b, 0x4ebf01a6
  .word 0x4ebf0069, 0x4ebf060e, 0x4ebf0367, 0x4ebffb1d
  .word 0x4ebf034b, 0x4ebf022b, 0x4ebf01ae, 0x4ebffbb1
  .word 0x4ebffb05, 0x4ebf02a5, 0x4ebffbd7, 0x4ebf01c0
  .word 0x4ebff9dd, 0x4ebfff33, 0x4ebf05bc, 0x4ebffd2b
  .word 0x4ebffa1c, 0x4ebf03c1, 0x4ebffe72, 0x4ebf019b
  .word 0x4ebff9fa, 0x4ebffa3e, 0x4ebffc49, 0x4ebfff09
  .word 0x4ebffa73, 0x4ebf006b, 0x4ebf0260, 0x4ebf02dc
  .word 0x4ebffb4e, 0x4ebf033e, 0x4ebffef1, 0x4ebfffa6
  .word 0x4ebffcab, 0x4ebf03f9, 0x4ebffd57, 0x4ebf03c2
  .word 0x4ebf05bd, 0x4ebf007e, 0x4ebffb76, 0x4ebff9ae
  .word 0x4ebfff7e, 0x4ebff9be, 0x4ebf00b6, 0x4ebffd66
  .word 0x4ebffec0, 0x4ebffff8, 0x4ebf0204, 0x4ebf05b2
  .word 0x4ebffcc3, 0x4ebf0629, 0x4ebff9f8, 0x4ebffee6
  .word 0x4ebf05d3, 0x4ebffaf3, 0x4ebf017f, 0x4ebf0108
  .word 0x4ebf026e, 0x4ebf03f7, 0x4ebffdd8, 0x4ebf028c
  .word 0x4ebf04c7, 0x4ebffad3, 0x4ebf023d, 0x4ebfff55
  .word 0x4ebf00ca, 0x4ebf011f, 0x4ebf058e, 0x4ebf05d5
  .word 0x4ebffa13, 0x4ebffe99, 0x4ebffd0a