@ ML-DSA's pointwise products in the NTT domain (FIPS 204 Alg. 45,
@ MultiplyNTT, with Montgomery reduction, Alg. 49) for the Cortex-M4
@ (ARMv7E-M, Thumb-2): the seam's mldsa_pointwise_montgomery and
@ mldsa_pointwise_acc_montgomery (src/kernels/entries.inc), bit-exact with
@ the portable backend (src/kernels/portable/mldsa_ntt.cpp).
@
@ r_i = a_i·b_i·2^-32 mod± q as SMULL (the 64-bit product hi·2^32 + lo),
@ MUL (t = lo·q^-1 mod 2^32, the signed t of the portable code) and SMLAL
@ of t·(−q) onto the product, whose low word it cancels, so that the high
@ word is (a_i·b_i − t·q) / 2^32 exactly. Four coefficients of each operand
@ per LDM, the product's low word written over b_i's register and t in r3
@ (the loop's bound is kept on the stack); two such groups per loop
@ iteration.
@
@ Constant time: the only branch is the loop's back-edge on the output
@ pointer against a bound derived from the argument; no address depends on
@ the data (scripts/check_armv7em_asm.py).
        .syntax unified
        .thumb

        q_inv   .req r12        @ q^-1 mod 2^32 = 58728449
        q_neg   .req lr         @ −q = −8380417

@ a ← a·b·2^-32 mod± q (|result| < q for |a·b| < q·2^31); b is clobbered.
        .macro montmul a, b
        smull   \b, \a, \a, \b
        mul     r3, \b, q_inv
        smlal   \b, \a, r3, q_neg
        .endm

@ r4..r7 ← the Montgomery products of the next four a_i (r1) and b_i (r2).
        .macro products4
        ldm     r1!, {r4-r7}
        ldm     r2!, {r8-r11}
        montmul r4, r8
        montmul r5, r9
        montmul r6, r10
        montmul r7, r11
        .endm

        .macro load_constants
        movw    q_inv, #0x2001
        movt    q_inv, #0x0380
        movw    q_neg, #0x1fff
        movt    q_neg, #0xff80
        .endm

@ void pqlab_armv7em_mldsa_pointwise_montgomery(int32_t r[256],
@     const int32_t a[256], const int32_t b[256]): r = a ∘ b · 2^-32.
@ In |a_i·b_i| < q·2^31; out |r_i| < q. r may alias a or b (each group of
@ four is read before it is written).
        .section .text.pqlab_armv7em_mldsa_pointwise_montgomery, "ax", %progbits
        .global pqlab_armv7em_mldsa_pointwise_montgomery
        .hidden pqlab_armv7em_mldsa_pointwise_montgomery
        .type   pqlab_armv7em_mldsa_pointwise_montgomery, %function
        .align  2
pqlab_armv7em_mldsa_pointwise_montgomery:
        push    {r4-r11, lr}
        load_constants
        add     r3, r0, #1024
        push    {r3}                    @ the end of r
1:      products4
        stm     r0!, {r4-r7}
        products4
        stm     r0!, {r4-r7}
        ldr     r3, [sp]
        cmp     r0, r3
        bne     1b
        add     sp, sp, #4
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_pointwise_montgomery, . - pqlab_armv7em_mldsa_pointwise_montgomery

@ void pqlab_armv7em_mldsa_pointwise_acc_montgomery(int32_t r[256],
@     const int32_t a[256], const int32_t b[256]): r += a ∘ b · 2^-32
@ (the matrix-vector products of Alg. 7 line 12 and Alg. 8, accumulated).
@ In |a_i·b_i| < q·2^31, |r_i| < 2^31 − q.
        .section .text.pqlab_armv7em_mldsa_pointwise_acc_montgomery, "ax", %progbits
        .global pqlab_armv7em_mldsa_pointwise_acc_montgomery
        .hidden pqlab_armv7em_mldsa_pointwise_acc_montgomery
        .type   pqlab_armv7em_mldsa_pointwise_acc_montgomery, %function
        .align  2
pqlab_armv7em_mldsa_pointwise_acc_montgomery:
        push    {r4-r11, lr}
        load_constants
        add     r3, r0, #1024
        push    {r3}                    @ the end of r
1:      products4
        ldm     r0, {r8-r11}
        add     r4, r4, r8
        add     r5, r5, r9
        add     r6, r6, r10
        add     r7, r7, r11
        stm     r0!, {r4-r7}
        products4
        ldm     r0, {r8-r11}
        add     r4, r4, r8
        add     r5, r5, r9
        add     r6, r6, r10
        add     r7, r7, r11
        stm     r0!, {r4-r7}
        ldr     r3, [sp]
        cmp     r0, r3
        bne     1b
        add     sp, sp, #4
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_pointwise_acc_montgomery, . - pqlab_armv7em_mldsa_pointwise_acc_montgomery
