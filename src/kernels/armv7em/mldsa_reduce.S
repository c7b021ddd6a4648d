@ ML-DSA signing's element-wise reductions (FIPS 204 §7.5 arithmetic; Alg. 7
@ lines 12, 17, 18 and 25) and the infinity-norm check (§2.3) for the
@ Cortex-M4 (ARMv7E-M, Thumb-2): the seam's mldsa_reduce32,
@ mldsa_add_reduce32, mldsa_sub_reduce32_freeze and mldsa_norm_at_least
@ (src/kernels/entries.inc), bit-exact with the portable backend
@ (src/kernels/portable/mldsa_reduce.cpp, mldsa_rounding.cpp).
@
@ reduce32(x) = x − ⌊(x + 2^22) / 2^23⌋·q in three instructions (ADD, ASR,
@ MLS); sub_reduce32_freeze then adds q where the result is negative (AND
@ with the sign spread by the shifted operand, ADD). Eight coefficients per
@ LDM/STM.
@
@ norm_at_least counts the coefficients with |a_i| ≤ bound − 1: for b1 =
@ bound − 1 ≥ 0 that is a_i + b1 ≤ 2·b1 as unsigned 32-bit values (a_i + b1
@ takes 2^32 − 1 distinct values over |a_i| < 2^31, so the wrap-around is
@ one-to-one), a SUBS whose carry an ADC adds up; bound = 0 (b1 = −1) makes
@ every coefficient count as out of bound.
@
@ Constant time: the only branches are the loops' back-edges on pointers
@ compared with bounds derived from the arguments; no address depends on
@ the data; the carries are consumed by ADC, never by a branch
@ (scripts/check_armv7em_asm.py).
        .syntax unified
        .thumb

        q_reg   .req lr         @ q = 8380417
        tmp     .req r12

        .macro load_q
        movw    q_reg, #0xe001
        movt    q_reg, #0x007f
        .endm

@ x ← reduce32(x) = x − ⌊(x + 2^22) / 2^23⌋·q, for |x| < 2^31 − 2^22.
        .macro reduce32 x
        add     tmp, \x, #0x400000
        asr     tmp, tmp, #23
        mls     \x, tmp, q_reg, \x
        .endm

@ x ← x + q if x < 0.
        .macro add_q_if_negative x
        and     tmp, q_reg, \x, asr #31
        add     \x, \x, tmp
        .endm

#include "function.inc"

@ void pqlab_armv7em_mldsa_reduce32(int32_t a[256]): a_i ← reduce32(a_i).
        function pqlab_armv7em_mldsa_reduce32
        push    {r4-r11, lr}
        load_q
        add     r1, r0, #1024
1:      ldm     r0, {r2-r9}
        .irp    x, r2, r3, r4, r5, r6, r7, r8, r9
        reduce32 \x
        .endr
        stm     r0!, {r2-r9}
        cmp     r0, r1
        bne     1b
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_reduce32, . - pqlab_armv7em_mldsa_reduce32

@ void pqlab_armv7em_mldsa_add_reduce32(int32_t z[256], const int32_t y[256],
@     const int32_t t[256]): z_i = y_i + reduce32(t_i). Outputs may alias
@ inputs (each group of four is read before it is written).
        function pqlab_armv7em_mldsa_add_reduce32
        push    {r4-r11, lr}
        load_q
        add     r3, r0, #1024
1:
        .rept   2
        ldm     r2!, {r4-r7}
        ldm     r1!, {r8-r11}
        reduce32 r4
        add     r4, r4, r8
        reduce32 r5
        add     r5, r5, r9
        reduce32 r6
        add     r6, r6, r10
        reduce32 r7
        add     r7, r7, r11
        stm     r0!, {r4-r7}
        .endr
        cmp     r0, r3
        bne     1b
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_add_reduce32, . - pqlab_armv7em_mldsa_add_reduce32

@ x ← freeze(w − reduce32(x)) = freeze(w − x + ⌊(x + 2^22) / 2^23⌋·q); the
@ difference w − x may wrap, the sum does not (|w| < 2^30).
        .macro sub_reduce_freeze x, w
        add     tmp, \x, #0x400000
        asr     tmp, tmp, #23
        sub     \x, \w, \x
        mla     \x, tmp, q_reg, \x
        reduce32 \x
        add_q_if_negative \x
        .endm

@ void pqlab_armv7em_mldsa_sub_reduce32_freeze(int32_t r[256],
@     const int32_t w[256], const int32_t t[256]):
@ r_i = (w_i − reduce32(t_i)) mod q in [0, q).
        function pqlab_armv7em_mldsa_sub_reduce32_freeze
        push    {r4-r11, lr}
        load_q
        add     r3, r0, #1024
1:
        .rept   2
        ldm     r2!, {r4-r7}
        ldm     r1!, {r8-r11}
        sub_reduce_freeze r4, r8
        sub_reduce_freeze r5, r9
        sub_reduce_freeze r6, r10
        sub_reduce_freeze r7, r11
        stm     r0!, {r4-r7}
        .endr
        cmp     r0, r3
        bne     1b
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_sub_reduce32_freeze, . - pqlab_armv7em_mldsa_sub_reduce32_freeze

@ uint32_t pqlab_armv7em_mldsa_norm_at_least(const int32_t a[256],
@     int32_t bound): 0xffffffff if some |a_i| ≥ bound, else 0.
        function pqlab_armv7em_mldsa_norm_at_least
        push    {r4-r11, lr}
        sub     r1, r1, #1              @ b1 = bound − 1
        lsl     r2, r1, #1              @ 2·b1
        movs    r3, #0                  @ coefficients within the bound
        add     lr, r0, #1024
1:      ldm     r0!, {r4-r11}
        .irp    x, r4, r5, r6, r7, r8, r9, r10, r11
        add     \x, \x, r1
        subs    \x, r2, \x              @ carry: a_i + b1 ≤ 2·b1 (unsigned)
        adc     r3, r3, #0
        .endr
        cmp     r0, lr
        bne     1b
        sub     r3, r3, #256
        asr     r0, r3, #31             @ −1 iff fewer than 256 within
        orr     r0, r0, r1, asr #31     @ bound = 0: every |a_i| ≥ bound
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_norm_at_least, . - pqlab_armv7em_mldsa_norm_at_least
