@ The reductions around ML-DSA's products c·s1 and c·s2 in the ring of
@ FIPS 203 (src/mldsa/small_product.hpp) for the Cortex-M4 (ARMv7E-M,
@ Thumb-2 with the DSP extension): the seam's mldsa_small_reduce and
@ mldsa_small_widen (src/kernels/entries.inc), bit-exact with the portable
@ backend (src/kernels/portable/mldsa_reduce.cpp, i.e. kernels/
@ mlkem_field.hpp's barrett_reduce): a − ⌊(a·v + 2^25) / 2^26⌋·3329 with
@ v = 20159 (the portable two-step shift is the same floor), in
@ [−1664, 1664] for every int16 a.
@
@ Two coefficients per word: SMLABB/SMLATB form a·v + 2^25 of each half,
@ ASR the quotients, and SMLABT/SMULBT multiply them by −3329 (the top half
@ of the constant word, v being its bottom half). In place, the low half's
@ difference is taken on the whole word (only its low 16 bits are kept),
@ the high half's on the word plus the product shifted up, and PKHBT
@ joins them; widened, SXTH and ASR #16 give the two int32 results.
@
@ Constant time: one loop each, its back-edge on a pointer compared with a
@ bound derived from the argument; no address from the data
@ (scripts/check_armv7em_asm.py).
        .syntax unified
        .thumb

        vq      .req r12        @ (−3329 << 16) | 20159
        round   .req lr         @ 2^25

        .macro load_constants
        movw    vq, #20159
        movt    vq, #0xf2ff     @ −3329
        mov     round, #0x2000000
        .endm

#include "function.inc"

@ x (two int16) ← both halves reduced; clobbers r10, r11.
        .macro reduce_pair x
        smlabb  r10, \x, vq, round
        smlatb  r11, \x, vq, round
        asr     r10, r10, #26
        asr     r11, r11, #26
        smlabt  r10, r10, vq, \x        @ low half: lo − ⌊·⌋·3329
        smulbt  r11, r11, vq
        add     r11, \x, r11, lsl #16   @ high half: hi − ⌊·⌋·3329
        pkhbt   \x, r10, r11
        .endm

@ void pqlab_armv7em_mldsa_small_reduce(int16_t a[256]): a_i ← the
@ representative of a_i mod 3329 in [−1664, 1664].
        function pqlab_armv7em_mldsa_small_reduce
        push    {r4-r11, lr}
        load_constants
        add     r1, r0, #512
1:      ldm     r0, {r2-r9}
        .irp    x, r2, r3, r4, r5, r6, r7, r8, r9
        reduce_pair \x
        .endr
        stm     r0!, {r2-r9}
        cmp     r0, r1
        bne     1b
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_small_reduce, . - pqlab_armv7em_mldsa_small_reduce

@ lo, hi (int32) ← the reduced low and high halves of x.
        .macro widen_pair x, lo, hi
        smlabb  \lo, \x, vq, round
        smlatb  \hi, \x, vq, round
        asr     \lo, \lo, #26
        asr     \hi, \hi, #26
        smlabt  \lo, \lo, vq, \x        @ exact in the low 16 bits
        smulbt  \hi, \hi, vq
        sxth    \lo, \lo
        add     \hi, \hi, \x, asr #16
        .endm

@ void pqlab_armv7em_mldsa_small_widen(int32_t out[256], const int16_t a[256]):
@ out_i = the representative of a_i mod 3329 in [−1664, 1664].
        function pqlab_armv7em_mldsa_small_widen
        push    {r4-r11, lr}
        load_constants
        add     r2, r1, #512
        push    {r2}                    @ the end of a
1:      ldm     r1!, {r2, r3}
        widen_pair r2, r4, r5
        widen_pair r3, r6, r7
        ldm     r1!, {r2, r3}
        widen_pair r2, r8, r9
        widen_pair r3, r10, r11
        stm     r0!, {r4-r11}
        ldr     r2, [sp]
        cmp     r1, r2
        bne     1b
        add     sp, sp, #4
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_small_widen, . - pqlab_armv7em_mldsa_small_widen
