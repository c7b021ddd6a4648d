@ ML-DSA RejNTTPoly's candidate filter (FIPS 204 Alg. 30 lines 4–10 with
@ Alg. 14, CoeffFromThreeBytes) for the Cortex-M4 (ARMv7E-M, Thumb-2): the
@ seam's mldsa_rej_uniform_vartime (src/kernels/entries.inc), bit-exact
@ with the portable backend (src/kernels/portable/mldsa_sampling.cpp).
@
@ Â is public (it is expanded from ρ, part of the public key), so this
@ function branches and stores on the data (the _vartime suffix, which
@ scripts/check_armv7em_asm.py exempts from its constant-time rules).
@ While at least four slots of a and twelve bytes of the buffer remain,
@ three word loads (LDR, unaligned allowed) give four 23-bit candidates
@ (UBFX, or LSR and BFI across a word boundary), each stored and counted
@ when below q (IT LO; STR LO with post-increment); the rest is taken one
@ candidate at a time from a halfword and a byte, so nothing past
@ buf + len is read.
        .syntax unified
        .thumb

        .section .text.pqlab_armv7em_mldsa_rej_uniform_vartime, "ax", %progbits
        .global pqlab_armv7em_mldsa_rej_uniform_vartime
        .hidden pqlab_armv7em_mldsa_rej_uniform_vartime
        .type   pqlab_armv7em_mldsa_rej_uniform_vartime, %function
        .align  2
@ size_t pqlab_armv7em_mldsa_rej_uniform_vartime(int32_t a[256], size_t filled,
@     const uint8_t* buf, size_t len): appends the candidates below q to
@ a[filled ..] until a holds 256; returns the new count.
pqlab_armv7em_mldsa_rej_uniform_vartime:
        push    {r4-r11, lr}
        add     r4, r0, r1, lsl #2      @ next slot of a
        add     r5, r0, #1024           @ end of a
        add     r6, r2, r3              @ end of buf
        movw    r7, #0xe001             @ q
        movt    r7, #0x007f
        sub     r8, r5, #16             @ four slots left while r4 ≤ r8
        sub     r9, r6, #12             @ twelve bytes left while r2 ≤ r9

        @ c ← lr: stored at r4 (which advances) if below q.
        .macro keep_if_below_q
        cmp     lr, r7
        it      lo
        strlo   lr, [r4], #4
        .endm

1:      cmp     r4, r8
        bhi     3f
        cmp     r2, r9
        bhi     3f
        ldr     r10, [r2]
        ldr     r11, [r2, #4]
        ldr     r12, [r2, #8]
        add     r2, r2, #12
        ubfx    lr, r10, #0, #23
        keep_if_below_q
        lsr     lr, r10, #24
        bfi     lr, r11, #8, #15
        keep_if_below_q
        lsr     lr, r11, #16
        bfi     lr, r12, #16, #7
        keep_if_below_q
        ubfx    lr, r12, #8, #23
        keep_if_below_q
        b       1b

3:      sub     r9, r6, #3              @ three bytes left while r2 ≤ r9
4:      cmp     r4, r5
        bhs     5f
        cmp     r2, r9
        bhi     5f
        ldrh    lr, [r2]
        ldrb    r10, [r2, #2]
        add     r2, r2, #3
        and     r10, r10, #0x7f
        orr     lr, lr, r10, lsl #16
        keep_if_below_q
        b       4b

5:      sub     r0, r4, r0
        lsr     r0, r0, #2
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_mldsa_rej_uniform_vartime, . - pqlab_armv7em_mldsa_rej_uniform_vartime
