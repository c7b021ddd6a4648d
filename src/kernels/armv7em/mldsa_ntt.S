@ ML-DSA's forward and inverse NTT over q = 8380417 (FIPS 204 §7.5) for the
@ Cortex-M4 (ARMv7E-M, Thumb-2): Alg. 41 (NTT) and Alg. 42 (NTT^-1, times
@ the Montgomery factor 2^32), the seam's mldsa_ntt and mldsa_invntt_tomont
@ (src/kernels/entries.inc), bit-exact with the portable backend
@ (src/kernels/portable/mldsa_ntt.cpp): every butterfly computes the same
@ integers, only the order of the layers' passes differs.
@
@ Montgomery multiplication (Alg. 49, MontgomeryReduce, with the signed
@ t = a·q^-1 mod± 2^32 of the portable code) in three single-cycle
@ instructions: SMULL forms the 64-bit product p = a·ζ = hi·2^32 + lo, MUL
@ takes t = lo·q^-1 mod 2^32, SMLAL adds t·(−q) to p. The low words of p
@ and t·q are equal, so the high word is (p − t·q) / 2^32 exactly: the
@ portable result. lo and t need two scratch registers; the second is r1,
@ the twiddle pointer, free because each pass's twiddles are first loaded
@ into FPU registers s1..s7 (VLDM, the pointer parked in s0) and moved to
@ the zeta register from there (VMOV). The product's high word is written
@ over the multiplied coefficient, and the butterfly's a ± t becomes a + t,
@ then (a + t) − 2t.
@
@ Eight coefficients stay in registers for three layers at a time, so the
@ eight layers take three passes (3 + 3 + 2) over memory instead of eight.
@ The twiddles come from pqlab_armv7em_mldsa_{ntt,invntt}_zetas
@ (mldsa_zetas.cpp), laid out in the order the passes read them.
@
@ Constant time: no branch but the loops' back-edges on pointers compared
@ with bounds derived from the argument, no address from the data
@ (scripts/check_armv7em_asm.py checks the object).
        .syntax unified
        .thumb

        q_inv   .req r12        @ q^-1 mod 2^32 = 58728449
        q_neg   .req lr         @ −q = −8380417
        zeta    .req r2
        tmp     .req r11

@ c ← c·ζ·2^-32 (mod± q), |result| < q for |c·ζ| < q·2^31; clobbers tmp
@ and r1.
        .macro montmul c
        smull   tmp, \c, \c, zeta
        mul     r1, tmp, q_inv
        smlal   tmp, \c, r1, q_neg
        .endm

@ s1..s<count> ← the next twiddles, through the pointer parked in s0.
        .macro next_zetas count
        vmov    r1, s0
        vldm    r1!, {s1-s\count}
        vmov    s0, r1
        .endm

@ Cooley–Tukey butterfly of Alg. 41 lines 10–12: t = ζ·b; b = a − t; a = a + t.
        .macro ct a, b
        montmul \b
        add     \a, \a, \b
        sub     \b, \a, \b, lsl #1
        .endm

@ Gentleman–Sande butterfly of Alg. 42 lines 10–13 (ζ already negated):
@ a, b = a + b, ζ·(a − b).
        .macro gs a, b
        add     \a, \a, \b
        sub     \b, \a, \b, lsl #1
        montmul \b
        .endm

@ r3..r10 ← the eight words at base + i·stride (base r0 unless given).
        .macro load8 stride, base=r0
        ldr     r3, [\base]
        ldr     r4, [\base, #\stride]
        ldr     r5, [\base, #2*\stride]
        ldr     r6, [\base, #3*\stride]
        ldr     r7, [\base, #4*\stride]
        ldr     r8, [\base, #5*\stride]
        ldr     r9, [\base, #6*\stride]
        ldr     r10, [\base, #7*\stride]
        .endm

@ The inverse, then r0 += step.
        .macro store8 stride, step
        str     r4, [r0, #\stride]
        str     r5, [r0, #2*\stride]
        str     r6, [r0, #3*\stride]
        str     r7, [r0, #4*\stride]
        str     r8, [r0, #5*\stride]
        str     r9, [r0, #6*\stride]
        str     r10, [r0, #7*\stride]
        str     r3, [r0], #\step
        .endm

@ Three layers of Alg. 41 on r3..r10 (coefficients at stride s: layers of
@ half-width 4s, 2s, s) with the seven zetas in s1..s7.
        .macro ct3
        vmov    zeta, s1
        ct      r3, r7
        ct      r4, r8
        ct      r5, r9
        ct      r6, r10
        vmov    zeta, s2
        ct      r3, r5
        ct      r4, r6
        vmov    zeta, s3
        ct      r7, r9
        ct      r8, r10
        vmov    zeta, s4
        ct      r3, r4
        vmov    zeta, s5
        ct      r5, r6
        vmov    zeta, s6
        ct      r7, r8
        vmov    zeta, s7
        ct      r9, r10
        .endm

@ Three layers of Alg. 42 on r3..r10 (half-widths s, 2s, 4s), zetas in s1..s7.
        .macro gs3
        vmov    zeta, s1
        gs      r3, r4
        vmov    zeta, s2
        gs      r5, r6
        vmov    zeta, s3
        gs      r7, r8
        vmov    zeta, s4
        gs      r9, r10
        vmov    zeta, s5
        gs      r3, r5
        gs      r4, r6
        vmov    zeta, s6
        gs      r7, r9
        gs      r8, r10
        vmov    zeta, s7
        gs      r3, r7
        gs      r4, r8
        gs      r5, r9
        gs      r6, r10
        .endm

        .macro load_constants
        movw    q_inv, #0x2001
        movt    q_inv, #0x0380
        movw    q_neg, #0x1fff      @ −q
        movt    q_neg, #0xff80
        .endm

@ void pqlab_armv7em_mldsa_ntt(int32_t out[256], const int32_t in[256]):
@ FIPS 204 Alg. 41 of in into out (which may be in: pass A reads each word
@ of in before it writes that word of out). In |in_i| < 8q; out
@ |out_i| < 16q (each layer adds less than q), bit-reversed order.
        .section .text.pqlab_armv7em_mldsa_ntt, "ax", %progbits
        .global pqlab_armv7em_mldsa_ntt
        .hidden pqlab_armv7em_mldsa_ntt
        .type   pqlab_armv7em_mldsa_ntt, %function
        .align  2
pqlab_armv7em_mldsa_ntt:
        push    {r4-r11, lr}
        sub     sp, sp, #12             @ [sp]: inner loop's end, [sp, #4]: outer's
        vmov    s8, r1                  @ in, read by pass A only (r1 is montmul's scratch)
        load_constants
        ldr     r1, =pqlab_armv7em_mldsa_ntt_zetas
        vmov    s0, r1

        @ Pass A: layers len = 128, 64, 32 (zetas[1..7]); in[j + 32i] into
        @ out[j + 32i], j = 0..31.
        next_zetas 7
        add     r2, r0, #128
        str     r2, [sp]
1:      vmov    r1, s8
        load8   128, r1
        add     r1, r1, #4
        vmov    s8, r1
        ct3
        store8  128, 4
        ldr     tmp, [sp]
        cmp     r0, tmp
        bne     1b
        sub     r0, r0, #128

        @ Pass B: layers len = 16, 8, 4; blocks of 32 coefficients,
        @ a[32b + j + 4i], j = 0..3, seven zetas per block.
        add     r2, r0, #1024
        str     r2, [sp, #4]
2:      next_zetas 7
        add     r2, r0, #16
        str     r2, [sp]
3:      load8   16
        ct3
        store8  16, 4
        ldr     tmp, [sp]
        cmp     r0, tmp
        bne     3b
        add     r0, r0, #112
        ldr     tmp, [sp, #4]
        cmp     r0, tmp
        bne     2b
        sub     r0, r0, #1024

        @ Pass C: layers len = 2, 1 on eight consecutive coefficients.
        add     r2, r0, #1024
        str     r2, [sp]
4:      next_zetas 6
        ldm     r0, {r3-r10}
        vmov    zeta, s1
        ct      r3, r5
        ct      r4, r6
        vmov    zeta, s2
        ct      r7, r9
        ct      r8, r10
        vmov    zeta, s3
        ct      r3, r4
        vmov    zeta, s4
        ct      r5, r6
        vmov    zeta, s5
        ct      r7, r8
        vmov    zeta, s6
        ct      r9, r10
        stm     r0!, {r3-r10}
        ldr     tmp, [sp]
        cmp     r0, tmp
        bne     4b

        add     sp, sp, #12
        pop     {r4-r11, pc}
        .ltorg
        .size   pqlab_armv7em_mldsa_ntt, . - pqlab_armv7em_mldsa_ntt

@ void pqlab_armv7em_mldsa_invntt_tomont(int32_t a[256]): FIPS 204 Alg. 42,
@ times 2^32. In |a_i| < q; sums at most double per layer (< 256q < 2^31);
@ the last layer's products, which take the final factor 2^64/256 mod q,
@ bring every coefficient below q.
        .section .text.pqlab_armv7em_mldsa_invntt_tomont, "ax", %progbits
        .global pqlab_armv7em_mldsa_invntt_tomont
        .hidden pqlab_armv7em_mldsa_invntt_tomont
        .type   pqlab_armv7em_mldsa_invntt_tomont, %function
        .align  2
pqlab_armv7em_mldsa_invntt_tomont:
        push    {r4-r11, lr}
        sub     sp, sp, #12
        load_constants
        ldr     r1, =pqlab_armv7em_mldsa_invntt_zetas
        vmov    s0, r1

        @ Pass 1: layers len = 1, 2, 4 on eight consecutive coefficients.
        add     r2, r0, #1024
        str     r2, [sp]
1:      next_zetas 7
        ldm     r0, {r3-r10}
        gs3
        stm     r0!, {r3-r10}
        ldr     tmp, [sp]
        cmp     r0, tmp
        bne     1b
        sub     r0, r0, #1024

        @ Pass 2: layers len = 8, 16, 32; blocks of 64 coefficients,
        @ a[64b + j + 8i], j = 0..7, seven zetas per block.
        add     r2, r0, #1024
        str     r2, [sp, #4]
2:      next_zetas 7
        add     r2, r0, #32
        str     r2, [sp]
3:      load8   32
        gs3
        store8  32, 4
        ldr     tmp, [sp]
        cmp     r0, tmp
        bne     3b
        add     r0, r0, #224
        ldr     tmp, [sp, #4]
        cmp     r0, tmp
        bne     2b
        sub     r0, r0, #1024

        @ Pass 3: layers len = 64, 128 on a[j + 64i] and a[j + 1 + 64i].
        @ Layer 128's twiddle holds the final factor 2^64/256 (s3), so
        @ its differences are done; its sums (r3, r4, r7, r8) are then
        @ multiplied by the factor itself (s4), as the portable kernel.
        next_zetas 4
        add     r2, r0, #256
        str     r2, [sp]
4:      ldr     r3, [r0]
        ldr     r4, [r0, #256]
        ldr     r5, [r0, #512]
        ldr     r6, [r0, #768]
        ldr     r7, [r0, #4]
        ldr     r8, [r0, #260]
        ldr     r9, [r0, #516]
        ldr     r10, [r0, #772]
        vmov    zeta, s1
        gs      r3, r4
        gs      r7, r8
        vmov    zeta, s2
        gs      r5, r6
        gs      r9, r10
        vmov    zeta, s3
        gs      r3, r5
        gs      r4, r6
        gs      r7, r9
        gs      r8, r10
        vmov    zeta, s4
        montmul r3
        montmul r4
        montmul r7
        montmul r8
        str     r4, [r0, #256]
        str     r5, [r0, #512]
        str     r6, [r0, #768]
        str     r7, [r0, #4]
        str     r8, [r0, #260]
        str     r9, [r0, #516]
        str     r10, [r0, #772]
        str     r3, [r0], #8
        ldr     tmp, [sp]
        cmp     r0, tmp
        bne     4b

        add     sp, sp, #12
        pop     {r4-r11, pc}
        .ltorg
        .size   pqlab_armv7em_mldsa_invntt_tomont, . - pqlab_armv7em_mldsa_invntt_tomont
