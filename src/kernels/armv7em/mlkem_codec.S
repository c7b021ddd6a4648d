@ ML-KEM's 12-bit codec for the Cortex-M4 (ARMv7E-M, Thumb-2 with the DSP
@ extension): the seam entry mlkem_byte_decode12, FIPS 203 Alg. 6
@ (ByteDecode_12) with each value reduced mod q, bit-exact with the
@ portable backend (kernels/portable/mlkem_codec.cpp): every 12-bit x
@ becomes x − q if x ≥ q, else x, and the result is 1 if any x was ≥ q
@ (the §7.2 modulus check), else 0.
@
@ Three bytes give two values, packed into one word (PKHBT); USUB16
@ subtracts q from both halves, setting a GE flag per half where x ≥ q,
@ and SEL takes x − q there and x elsewhere. UQSUB16 of q − 1 is nonzero
@ in a half exactly where x ≥ q; those are ORed into the result flag.
@ The input is read a byte at a time (LDRB: the key or ciphertext bytes
@ need not be word-aligned), the output a word at a time.
@
@ Constant time (the input may be a secret key): no branch but the loop's
@ back-edge on a pointer compare; addresses are the argument pointers
@ stepped by constants (scripts/check_armv7em_asm.py).
  .syntax unified
  .cpu cortex-m4
  .thumb

@ Bytes [r1 + off .. off + 2] → two reduced values stored at [r0 + 2·off/3],
@ the out-of-range halves ORed into lr. r11 = (q:q), r10 = (q − 1:q − 1);
@ r4–r7 clobbered.
  .macro pair off
  ldrb r4, [r1, #\off]
  ldrb r5, [r1, #\off + 1]
  ldrb r6, [r1, #\off + 2]
  orr r4, r4, r5, lsl #8
  orr r4, r4, r6, lsl #16        @ x1:x0 as 24 bits
  ubfx r5, r4, #12, #12          @ x1
  ubfx r4, r4, #0, #12           @ x0
  pkhbt r4, r4, r5, lsl #16      @ (x1:x0)
  usub16 r5, r4, r11             @ (x1 − q : x0 − q), GE where x ≥ q
  sel r6, r5, r4
  uqsub16 r7, r4, r10            @ nonzero half where x ≥ q
  orr lr, lr, r7
  str r6, [r0, #(\off / 3) * 4]
  .endm

@ uint32_t pqlab_armv7em_mlkem_byte_decode12(int16_t a[256],
@                                            const uint8_t in[384])
  .section .text.pqlab_armv7em_mlkem_byte_decode12, "ax", %progbits
  .global pqlab_armv7em_mlkem_byte_decode12
  .type pqlab_armv7em_mlkem_byte_decode12, %function
  .thumb_func
  .align 2
pqlab_armv7em_mlkem_byte_decode12:
  push {r4-r11, lr}
  movw r11, #3329
  movt r11, #3329
  movw r10, #3328
  movt r10, #3328
  mov lr, #0
  add r9, r0, #512
1:
  pair 0
  pair 3
  pair 6
  pair 9
  pair 12
  pair 15
  pair 18
  pair 21
  add r1, r1, #24
  add r0, r0, #32
  cmp r0, r9
  bne 1b
  @ 1 if any half was out of range: the top bit of lr | −lr.
  rsb r0, lr, #0
  orr r0, r0, lr
  lsr r0, r0, #31
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_byte_decode12, . - pqlab_armv7em_mlkem_byte_decode12
