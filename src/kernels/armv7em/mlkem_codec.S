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

#include "function.inc"

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
  function pqlab_armv7em_mlkem_byte_decode12
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

@ The seam entry mlkem_cbd: SamplePolyCBD_η (FIPS 203 Alg. 8) for η = 2
@ and 3, bit-exact with portable: each coefficient is (sum of η bits) −
@ (sum of the next η bits), the sums for a whole word formed at once
@ (bit-sliced) and the differences taken two at a time (SSUB8/SSUB16).
@ η is public but the constant-time check admits no forward branch, so
@ both loops are written test-first (B to the compare) and η sets their
@ end pointers: the η = 2 loop ends at a + 512 when η = 2, else at a (no
@ iteration); the η = 3 loop always ends at a + 512 (no iteration left
@ when the first one ran). Byte loads: the buffer need not be aligned.
@
@ Constant time (the noise is secret): the only conditional branches are
@ the two back-edges on pointer compares; addresses are the argument
@ pointers stepped by constants.

@ void pqlab_armv7em_mlkem_cbd(int16_t a[256], const uint8_t* buf,
@                              unsigned eta), eta 2 or 3.
  function pqlab_armv7em_mlkem_cbd
  push {r4-r11, lr}
  sub r3, r2, #2
  clz r3, r3
  lsr r3, r3, #5                 @ 1 if η = 2, else 0
  add r12, r0, r3, lsl #9        @ end of the η = 2 loop
  add lr, r0, #512               @ end of the η = 3 loop
  mov r2, #0x55555555
  mov r3, #0x33333333
  mov r11, #0x0f0f0f0f
  b 2f
1:                               @ η = 2: 4 bytes → 8 coefficients
  ldrb r4, [r1, #0]
  ldrb r5, [r1, #1]
  ldrb r6, [r1, #2]
  ldrb r7, [r1, #3]
  add r1, r1, #4
  orr r4, r4, r5, lsl #8
  orr r4, r4, r6, lsl #16
  orr r4, r4, r7, lsl #24        @ w
  and r5, r4, r2
  and r6, r2, r4, lsr #1
  add r4, r5, r6                 @ bit-pair sums: nibble j = (y_j:x_j)
  and r5, r4, r3                 @ x_j in nibble j
  and r6, r3, r4, lsr #2         @ y_j in nibble j
  and r7, r5, r11                @ x0, x2, x4, x6 in bytes 0..3
  and r8, r11, r5, lsr #4        @ x1, x3, x5, x7
  and r9, r6, r11
  and r10, r11, r6, lsr #4
  ssub8 r7, r7, r9               @ d0, d2, d4, d6 (bytes, signed)
  ssub8 r8, r8, r10              @ d1, d3, d5, d7
  sxtb16 r4, r7                  @ (d4 : d0)
  sxtb16 r5, r7, ror #8          @ (d6 : d2)
  sxtb16 r6, r8                  @ (d5 : d1)
  sxtb16 r7, r8, ror #8          @ (d7 : d3)
  pkhbt r8, r4, r6, lsl #16      @ (d1 : d0)
  pkhtb r9, r6, r4, asr #16      @ (d5 : d4)
  pkhbt r10, r5, r7, lsl #16     @ (d3 : d2)
  pkhtb r4, r7, r5, asr #16      @ (d7 : d6)
  str r8, [r0, #0]
  str r10, [r0, #4]
  str r9, [r0, #8]
  str r4, [r0, #12]
  add r0, r0, #16
2:
  cmp r0, r12
  bne 1b
  movw r2, #0x9249
  movt r2, #0x24                 @ 0x249249: bit 0 of each 3-bit field
  b 4f
3:                               @ η = 3: 3 bytes → 4 coefficients, twice
  .irp off, 0, 3
  ldrb r4, [r1, #\off]
  ldrb r5, [r1, #\off + 1]
  ldrb r6, [r1, #\off + 2]
  orr r4, r4, r5, lsl #8
  orr r4, r4, r6, lsl #16        @ w
  and r5, r4, r2
  and r6, r2, r4, lsr #1
  and r7, r2, r4, lsr #2
  add r5, r5, r6
  add r4, r5, r7                 @ field 2k = x_k, field 2k + 1 = y_k (3 bits)
  ubfx r5, r4, #0, #3            @ x0
  ubfx r6, r4, #6, #3            @ x1
  ubfx r7, r4, #3, #3            @ y0
  ubfx r8, r4, #9, #3            @ y1
  pkhbt r5, r5, r6, lsl #16
  pkhbt r7, r7, r8, lsl #16
  ssub16 r5, r5, r7              @ (x1 − y1 : x0 − y0)
  ubfx r6, r4, #12, #3           @ x2
  ubfx r7, r4, #18, #3           @ x3
  ubfx r8, r4, #15, #3           @ y2
  ubfx r9, r4, #21, #3           @ y3
  pkhbt r6, r6, r7, lsl #16
  pkhbt r8, r8, r9, lsl #16
  ssub16 r6, r6, r8              @ (x3 − y3 : x2 − y2)
  str r5, [r0, #(\off / 3) * 8]
  str r6, [r0, #(\off / 3) * 8 + 4]
  .endr
  add r1, r1, #6
  add r0, r0, #16
4:
  cmp r0, lr
  bne 3b
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_cbd, . - pqlab_armv7em_mlkem_cbd

@ The seam entry mlkem_compress_encode: Compress_d then ByteEncode_d
@ (FIPS 203 eq. 4.7 with Alg. 5) for d in {1, 4, 5, 10, 11}, bit-exact
@ with portable (kernels/mlkem_field.hpp's compress): each x in (−q, q)
@ is mapped to u in [0, q) by a masked addition of q, then c =
@ ⌊((u·2^d + ⌊q/2⌋) · ⌈2^36/q⌉) / 2^36⌋ mod 2^d (UMULL: the division by q
@ as a multiplication, exact for these numerators), and the c's are packed
@ little-endian into words (the bit positions are assembly-time constants,
@ so each c takes one ORR). Words are stored with STR (the Cortex-M4
@ allows unaligned STR; ciphertext buffers are word-aligned in practice).
@
@ One loop per d, each test-first, with its end pointer a + 512 when d is
@ its width and its start otherwise (computed without a branch: CLZ of
@ d − D), so only the loop for d runs. Constant time: no branch but the
@ back-edges on pointer compares; addresses are the argument pointers
@ stepped by constants.

@ One coefficient from [r1], post-incremented, into the word being packed
@ in r7 at bit cpos; full words go to [r0], post-incremented. r10 =
@ ⌈2^36/q⌉, r11 = 1664, r12 = q; r5, r6 clobbered.
  .macro compress_one d
  ldrsh r5, [r1], #2
  and r6, r12, r5, asr #31
  add r5, r5, r6                 @ u = x mod q in [0, q)
  add r5, r11, r5, lsl #\d
  umull r6, r5, r5, r10
  ubfx r5, r5, #4, #\d           @ c
  .if cpos == 0
  mov r7, r5
  .else
  orr r7, r7, r5, lsl #cpos
  .endif
  .set cpos, cpos + \d
  .if cpos >= 32
  str r7, [r0], #4
  .set cpos, cpos - 32
  .if cpos > 0
  lsr r7, r5, #(\d - cpos)       @ c's bits that did not fit
  .endif
  .endif
  .endm

@ r3 = the end of a width-d loop over the 256 coefficients at `ptr`: ptr +
@ 512 if d (in r2) is this width, else ptr itself (no iteration).
  .macro loop_end_for_width d, ptr
  sub r3, r2, #\d
  clz r3, r3
  lsr r3, r3, #5                 @ 1 if d is this width
  add r3, \ptr, r3, lsl #9
  .endm

@ The loop for width d, n coefficients a turn (n·d a multiple of 32).
  .macro compress_loop d, n
  loop_end_for_width \d, r1
  b 2f
1:
  .set cpos, 0
  .rept \n
  compress_one \d
  .endr
2:
  cmp r1, r3
  bne 1b
  .endm

@ void pqlab_armv7em_mlkem_compress_encode(uint8_t* out, const int16_t a[256],
@                                          unsigned d), d in {1, 4, 5, 10, 11}.
  function pqlab_armv7em_mlkem_compress_encode
  push {r4-r11, lr}
  movw r10, #0xfb77
  movt r10, #0x13a               @ ⌈2^36/q⌉ = 20642679
  movw r11, #1664
  movw r12, #3329
  compress_loop 10, 16
  compress_loop 4, 8
  compress_loop 1, 32
  compress_loop 11, 32
  compress_loop 5, 32
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_compress_encode, . - pqlab_armv7em_mlkem_compress_encode

@ The seam entry mlkem_decode_decompress: ByteDecode_d then Decompress_d
@ (FIPS 203 Alg. 6 with eq. 4.8) for d in {1, 4, 5, 10, 11}, bit-exact with
@ portable: each d-bit y becomes ⌊(y·q + 2^(d−1)) / 2^d⌋ (one MLA and a
@ shift). The input is read a word at a time (LDR; the Cortex-M4 allows
@ it unaligned), each y taken at its assembly-time bit position (UBFX,
@ or LSR and BFI across a word boundary). One loop per d, chosen by its
@ end pointer as in compress_encode above. Constant time (Decompress_1
@ of the message is secret): no branch but the back-edges on pointer
@ compares; addresses are the argument pointers stepped by constants.

@ One coefficient from the bits of r7 (refilled from [r1]) at dpos into
@ [r0], post-incremented. r11 = 2^(d−1), r12 = q; r5 clobbered.
  .macro decompress_one d
  .if dpos == 32
  ldr r7, [r1], #4
  .set dpos, 0
  .endif
  .if dpos + \d <= 32
  ubfx r5, r7, #dpos, #\d
  .set dpos, dpos + \d
  .else
  lsr r5, r7, #dpos
  ldr r7, [r1], #4
  bfi r5, r7, #(32 - dpos), #(\d - (32 - dpos))
  .set dpos, dpos + \d - 32
  .endif
  mla r5, r5, r12, r11
  lsr r5, r5, #\d
  strh r5, [r0], #2
  .endm

@ The loop for width d, n coefficients a turn (n·d a multiple of 32).
  .macro decompress_loop d, n
  loop_end_for_width \d, r0
  mov r11, #(1 << (\d - 1))
  b 2f
1:
  .set dpos, 32
  .rept \n
  decompress_one \d
  .endr
2:
  cmp r0, r3
  bne 1b
  .endm

@ void pqlab_armv7em_mlkem_decode_decompress(int16_t a[256],
@     const uint8_t* in, unsigned d), d in {1, 4, 5, 10, 11}.
  function pqlab_armv7em_mlkem_decode_decompress
  push {r4-r11, lr}
  movw r12, #3329
  decompress_loop 10, 16
  decompress_loop 4, 8
  decompress_loop 1, 32
  decompress_loop 11, 32
  decompress_loop 5, 32
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_decode_decompress, . - pqlab_armv7em_mlkem_decode_decompress

@ The seam entry mlkem_byte_encode12: ByteEncode_12 (FIPS 203 Alg. 5,
@ d = 12) of coefficients in (−q, q), each taken to [0, q) first,
@ bit-exact with portable. Two coefficients a word: SADD16 forms x + q,
@ SSUB16 against zero sets GE where x ≥ 0, SEL keeps x there and x + q
@ elsewhere; the pair becomes 24 bits (LSR, BFI), four pairs three words.
@ Coefficients are read a word at a time (the int16 arrays are
@ word-aligned, mlkem/poly.hpp), the bytes written a word at a time (STR;
@ key buffers are word-aligned in practice, and the Cortex-M4 allows it
@ otherwise). Constant time (ŝ is secret): no branch but the back-edge
@ on a pointer compare; addresses are the argument pointers stepped by
@ constants.

@ Word [r1, #off] → the pair's 24 bits in \v. r11 = (q:q), r10 = 0; r12
@ clobbered.
  .macro encode_pair v, off
  ldr \v, [r1, #\off]
  sadd16 r12, \v, r11            @ x + q
  ssub16 \v, \v, r10             @ GE where x ≥ 0 (the value is x)
  sel \v, \v, r12                @ x mod q in [0, q), both halves
  lsr r12, \v, #16
  bfi \v, r12, #12, #20          @ x0 | x1 << 12
  .endm

@ void pqlab_armv7em_mlkem_byte_encode12(uint8_t out[384], const int16_t a[256])
  function pqlab_armv7em_mlkem_byte_encode12
  push {r4-r11, lr}
  movw r11, #3329
  movt r11, #3329
  mov r10, #0
  add r9, r1, #512
1:
  encode_pair r4, 0
  encode_pair r5, 4
  encode_pair r6, 8
  encode_pair r7, 12
  orr r4, r4, r5, lsl #24        @ bytes 0..3
  lsr r5, r5, #8
  orr r5, r5, r6, lsl #16        @ bytes 4..7
  lsr r6, r6, #16
  orr r6, r6, r7, lsl #8         @ bytes 8..11
  str r4, [r0, #0]
  str r5, [r0, #4]
  str r6, [r0, #8]
  add r0, r0, #12
  add r1, r1, #16
  cmp r1, r9
  bne 1b
  pop {r4-r11, pc}
  .size pqlab_armv7em_mlkem_byte_encode12, . - pqlab_armv7em_mlkem_byte_encode12
