@ ML-KEM's rejection sampling filter for the Cortex-M4 (ARMv7E-M, Thumb-2):
@ the seam entry mlkem_rej_uniform_vartime, FIPS 203 Alg. 7 (SampleNTT)
@ lines 5–13 over one buffer of XOF output. Every three bytes give two
@ 12-bit candidates d1 = b0 + 256·(b1 mod 16), d2 = ⌊b1/16⌋ + 16·b2; each
@ one below q is appended to a, until a holds 256 or the buffer ends.
@ Returns the new count; a[filled .. count) equals the portable filter's
@ output, and slots from count to a[255] may hold scratch (as portable's).
@
@ Public data only (the matrix Â is public): the branches and the store
@ index depend on the candidates, as the name's `_vartime` says;
@ scripts/check_armv7em_asm.py lists such functions as exempt from its
@ constant-time rules instead of checking them.
@
@ Main loop, while the buffer is word-aligned, 12 bytes remain and 8
@ slots are free (filled ≤ 248): three words (LDM), eight candidates
@ extracted with UBFX/BFI; each is stored at a[filled] and filled advances
@ by the sign bit of d − q (1 when d < q), with no branch. The rest (or an
@ unaligned buffer) goes three bytes at a time, branching per candidate.
  .syntax unified
  .cpu cortex-m4
  .thumb

#include "function.inc"

@ Store candidate r7 at a[r1]; r1 += (r7 < q). Clobbers r7.
  .macro keep
  strh r7, [r0, r1, lsl #1]
  subw r7, r7, #3329
  add r1, r1, r7, lsr #31
  .endm

@ size_t pqlab_armv7em_mlkem_rej_uniform_vartime(int16_t a[256], size_t
@ filled, const uint8_t* buf, size_t len), len a multiple of 3.
  function pqlab_armv7em_mlkem_rej_uniform_vartime
  push {r4-r7, lr}
  add r3, r2, r3              @ r3 = end of the buffer
  movw lr, #3329              @ q
  tst r2, #3
  bne 2f
1:
  cmp r1, #248
  bhi 2f
  sub r12, r3, r2
  cmp r12, #12
  blo 2f
  ldm r2!, {r4, r5, r6}       @ bytes b0..b11, little-endian
  ubfx r7, r4, #0, #12        @ b0, b1 low
  keep
  ubfx r7, r4, #12, #12       @ b1 high, b2
  keep
  lsr r7, r4, #24             @ b3, b4 low
  bfi r7, r5, #8, #4
  keep
  ubfx r7, r5, #4, #12        @ b4 high, b5
  keep
  ubfx r7, r5, #16, #12       @ b6, b7 low
  keep
  lsr r7, r5, #28             @ b7 high, b8
  bfi r7, r6, #4, #8
  keep
  ubfx r7, r6, #8, #12        @ b9, b10 low
  keep
  lsr r7, r6, #20             @ b10 high, b11
  keep
  b 1b
2:                            @ three bytes at a time
  sub r12, r3, r2
  cmp r12, #3
  blo 9f
  cmp r1, #256
  bhs 9f
  ldrb r4, [r2]
  ldrb r5, [r2, #1]
  ldrb r6, [r2, #2]
  add r2, r2, #3
  orr r4, r4, r5, lsl #8
  ubfx r4, r4, #0, #12        @ d1
  lsr r5, r5, #4
  orr r5, r5, r6, lsl #4      @ d2
  cmp r4, lr
  bhs 3f
  strh r4, [r0, r1, lsl #1]
  add r1, r1, #1
3:
  cmp r5, lr
  bhs 2b
  cmp r1, #256
  bhs 2b
  strh r5, [r0, r1, lsl #1]
  add r1, r1, #1
  b 2b
9:
  mov r0, r1
  pop {r4-r7, pc}
  .size pqlab_armv7em_mlkem_rej_uniform_vartime, . - pqlab_armv7em_mlkem_rej_uniform_vartime
