@ ML-DSA signing's rounding steps (FIPS 204 §7.4) for the Cortex-M4
@ (ARMv7E-M, Thumb-2): Decompose (Alg. 36, i.e. HighBits and LowBits, Alg.
@ 37/38) and MakeHint (Alg. 39) of a polynomial, the seam's mldsa_decompose
@ and mldsa_make_hint (src/kernels/entries.inc), bit-exact with the portable
@ backend (src/kernels/portable/mldsa_rounding.cpp).
@
@ HighBits of r in [0, q): r1 = ⌊(r + γ2 − 1) / 2γ2⌋ computed as x = (r +
@ 127) >> 7, then r1 = round(x·M / 2^32) by SMMULR with M = 1025·2^10 for
@ γ2 = (q−1)/32 and M = 11275·2^8 for γ2 = (q−1)/88 (checked equal to the
@ portable quotient for every r in [0, q) when this file was written; the
@ seam checks on the target and the known-answer runs test it). r1 reaches
@ m = (q−1)/2γ2 only for r > q − γ2, where the standard takes r1 = 0 and
@ r0 = r − q: for m = 16 that is r0 − (r1 >> 4) and r1 & 15; for m = 44
@ the sign of 43 − r1 makes the correction.
@
@ MakeHint of (r, z): s = (r + z) mod q by two conditional additions of q,
@ h = [HighBits(r) ≠ HighBits(s)]. The comparison's carry (RSBS of the XOR:
@ carry iff equal) is shifted into a word by ADC, 32 coefficients per word,
@ whose complement, bit-reversed, is four bytes of hints; the count is the
@ words' population count.
@
@ γ2 selects one of two specialised loops: the entries compare the public
@ parameter with its two values before touching any data and trap (UDF) on
@ any other, as the portable with_gamma2 does.
@
@ Constant time: besides that dispatch on the parameter, the only branches
@ are the loops' back-edges on pointers compared with bounds derived from
@ the arguments; no address depends on the data (scripts/check_armv7em_asm.py).
        .syntax unified
        .thumb

        .equ    gamma2_narrow, 95232    @ (q − 1)/88, ML-DSA-44
        .equ    gamma2_wide, 261888     @ (q − 1)/32, ML-DSA-65 and -87

#include "function.inc"

@ Branches to \narrow or \wide by the γ2 in \reg; any other value traps.
        .macro dispatch_gamma2 reg, narrow, wide
        cmp     \reg, #gamma2_narrow
        beq     \narrow
        movw    r12, #(gamma2_wide & 0xffff)
        movt    r12, #(gamma2_wide >> 16)
        cmp     \reg, r12
        beq     \wide
        udf     #0
        .endm

@ h ← HighBits(r) before the wrap of r1 = m to 0 (x = (r + 127) >> 7, then
@ SMMULR by the multiplier in \mult).
        .macro high_unwrapped h, r, mult
        add     \h, \r, #127
        asr     \h, \h, #7
        smmulr  \h, \h, \mult
        .endm

@ ---- Decompose ----
@ r0 w1 (r1 stored one word at a time), r1 w0, r2 a, r11 end of a,
@ r9 the multiplier, r10 2γ2, r8 r1, r3 scratch.

@ x (= r) ← r0, r1 stored at [r0] (γ2 = (q−1)/32, m = 16).
        .macro decompose_wide x
        high_unwrapped r8, \x, r9
        mls     \x, r8, r10, \x
        sub     \x, \x, r8, lsr #4
        and     r8, r8, #15
        str     r8, [r0], #4
        .endm

@ The same for γ2 = (q−1)/88, m = 44.
        .macro decompose_narrow x
        high_unwrapped r8, \x, r9
        mls     \x, r8, r10, \x
        rsb     r3, r8, #43
        bic     r8, r8, r3, asr #31
        add     \x, \x, r3, asr #31
        str     r8, [r0], #4
        .endm

        .macro decompose_loop kind
        add     r11, r2, #1024
1:
        .rept   2
        ldm     r2!, {r4-r7}
        decompose_\kind r4
        decompose_\kind r5
        decompose_\kind r6
        decompose_\kind r7
        stm     r1!, {r4-r7}
        .endr
        cmp     r2, r11
        bne     1b
        pop     {r4-r11, pc}
        .endm

@ void pqlab_armv7em_mldsa_decompose(int32_t w1[256], int32_t w0[256],
@     const int32_t a[256], int32_t gamma2): (w1_i, w0_i) = Decompose(a_i)
@ for a_i in [0, q).
        function pqlab_armv7em_mldsa_decompose
        dispatch_gamma2 r3, 2f, 3f
2:      push    {r4-r11, lr}
        movw    r9, #0x0b00             @ 11275·2^8
        movt    r9, #0x002c
        movw    r10, #0xe800            @ 2γ2 = 190464
        movt    r10, #0x0002
        decompose_loop narrow
3:      push    {r4-r11, lr}
        movw    r9, #0x0400             @ 1025·2^10
        movt    r9, #0x0010
        movw    r10, #0xfe00            @ 2γ2 = 523776
        movt    r10, #0x0007
        decompose_loop wide
        .size   pqlab_armv7em_mldsa_decompose, . - pqlab_armv7em_mldsa_decompose

@ ---- MakeHint ----
@ r0 hints, r1 r, r2 z, r3 end of this word's 32 coefficients, r11 end of
@ r, r9 the multiplier, r10 the word of equal-flags, r12 the count,
@ lr q, r4..r6 scratch.

@ HighBits with the wrap m → 0, in place.
        .macro high_wide h
        high_unwrapped \h, \h, r9
        and     \h, \h, #15
        .endm
        .macro high_narrow h
        high_unwrapped \h, \h, r9
        rsb     r6, \h, #43
        bic     \h, \h, r6, asr #31
        .endm

@ One coefficient: r10 ← 2·r10 + [HighBits(r_i) = HighBits((r_i + z_i) mod q)].
        .macro hint_one kind
        ldr     r4, [r1], #4
        ldr     r5, [r2], #4
        add     r5, r4, r5              @ in (−q, 2q)
        sub     r5, r5, lr
        and     r6, lr, r5, asr #31
        add     r5, r5, r6              @ in (−q, q)
        and     r6, lr, r5, asr #31
        add     r5, r5, r6              @ in [0, q)
        high_\kind r4
        high_\kind r5
        eor     r4, r4, r5
        rsbs    r4, r4, #0              @ carry iff equal
        adc     r10, r10, r10
        .endm

        .macro make_hint_loop kind
        movw    lr, #0xe001             @ q
        movt    lr, #0x007f
        movs    r12, #0
        add     r11, r1, #1024
1:      add     r3, r1, #128
        movs    r10, #0
2:
        .rept   8
        hint_one \kind
        .endr
        cmp     r1, r3
        bne     2b
        mvn     r10, r10                @ 1 = a hint
        rbit    r10, r10                @ coefficient 32j + b at bit b
        str     r10, [r0], #4
        lsr     r4, r10, #1             @ population count
        and     r4, r4, #0x55555555
        sub     r10, r10, r4
        lsr     r4, r10, #2
        and     r4, r4, #0x33333333
        and     r10, r10, #0x33333333
        add     r10, r10, r4
        add     r10, r10, r10, lsr #4
        and     r10, r10, #0x0f0f0f0f
        movs    r4, #0
        usada8  r12, r10, r4, r12
        cmp     r1, r11
        bne     1b
        mov     r0, r12
        pop     {r4-r11, pc}
        .endm

@ uint32_t pqlab_armv7em_mldsa_make_hint(uint8_t hints[32],
@     const int32_t r[256], const int32_t z[256], int32_t gamma2): h_i =
@ [HighBits(r_i) ≠ HighBits((r_i + z_i) mod q)] as bit i mod 8 of
@ hints[i / 8]; returns the number of h_i set. In r_i in [0, q), |z_i| < q.
        function pqlab_armv7em_mldsa_make_hint
        dispatch_gamma2 r3, 2f, 3f
2:      push    {r4-r11, lr}
        movw    r9, #0x0b00             @ 11275·2^8
        movt    r9, #0x002c
        make_hint_loop narrow
3:      push    {r4-r11, lr}
        movw    r9, #0x0400             @ 1025·2^10
        movt    r9, #0x0010
        make_hint_loop wide
        .size   pqlab_armv7em_mldsa_make_hint, . - pqlab_armv7em_mldsa_make_hint
