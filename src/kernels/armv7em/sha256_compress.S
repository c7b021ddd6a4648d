@ SHA-256 compression (FIPS 180-4 §6.2.2) for the Cortex-M4 (ARMv7E-M,
@ Thumb-2): the seam entry sha256_compress (src/kernels/entries.inc),
@ bit-exact with the portable backend (src/kernels/portable/sha2.cpp).
@
@ The eight working variables a..h stay in r4-r11 for the whole call (the
@ chaining state between blocks too); each round renames them instead of
@ moving them (the macro arguments rotate by one place per round, so eight
@ rounds bring the names back). The message schedule W_t is a ring of its
@ last 16 words on the stack, extended in place from round 16 on:
@ W_t = σ1(W_t−2) + W_t−7 + σ0(W_t−15) + W_t−16 (§6.2.2 step 1).
@ The rotations ride on the barrel shifter:
@   Σ1(e) = ROTR6(e ⊕ ROTR5(e) ⊕ ROTR19(e)), added as one ADD ..., ROR #6;
@   Σ0(a) = ROTR2(a ⊕ ROTR11(a) ⊕ ROTR20(a)), added as ADD ..., ROR #2;
@   σ0(x) = ROTR7(x) ⊕ ROTR18(x) ⊕ SHR3(x), σ1(x) = ROTR17 ⊕ ROTR19 ⊕ SHR10.
@ Ch(e, f, g) = (e ∧ f) + (¬e ∧ g) (the two have no bit in common), an AND
@ and a BIC. Maj(a, b, c) = ((a ⊕ b) ∧ (b ⊕ c)) ⊕ b, where b ⊕ c is the
@ previous round's a ⊕ b, kept in r3 / lr alternately.
@
@ Message words are big-endian (§3.1): loaded with LDR (which allows the
@ unaligned `data` the seam permits) and byte-reversed with REV.
@
@ Constant time: no branch depends on data; the branches are the loop
@ back-edges on the round-constant pointer against its end and on the
@ public block count, and the entry's guard of blocks == 0. The only
@ addresses are [sp, #imm], the caller's arrays at constant offsets and
@ the round-constant table at a pointer stepped once per round
@ (scripts/check_armv7em_asm.py). Stack: 76 bytes + 36 pushed. The
@ message schedule is left on the stack, as the portable kernel leaves it.
        .syntax unified
        .cpu    cortex-m4
        .thumb

#include "function.inc"

@ Stack frame (after the push): the W ring at [sp, #0..60], then the
@ arguments, reloaded where the registers are all taken.
        .equ    W_RING, 0
        .equ    STATE_PTR, 64
        .equ    DATA_PTR, 68
        .equ    BLOCKS, 72
        .equ    FRAME, 76

@ One round t (FIPS 180-4 §6.2.2 step 3) on the working variables named
@ a..h; `i` = t mod 16, the ring slot of W_t. With `sched` the round
@ first extends the schedule: the slot holding W_t−16 becomes W_t.
@ d += T1 and h = T1 + T2 are the only writes to the working variables.
@ r0-r2 are scratch; `ynew` ← a ⊕ b (next round's b ⊕ c), `yold` = b ⊕ c;
@ r12 walks the round constants.
        .macro  sha256_round a, b, c, d, e, f, g, h, i, sched, ynew, yold
        .if     \sched
        ldr     r0, [sp, #W_RING + 4 * (((\i) + 14) & 15)]     @ W_t−2
        ldr     r1, [sp, #W_RING + 4 * (((\i) + 1) & 15)]      @ W_t−15
        ldr     r2, [sp, #W_RING + 4 * (\i)]                    @ W_t−16
        ldr     \ynew, [sp, #W_RING + 4 * (((\i) + 9) & 15)]   @ W_t−7
        add     r2, r2, \ynew
        ror     \ynew, r0, #17                                  @ σ1(W_t−2)
        eor     \ynew, \ynew, r0, ror #19
        eor     \ynew, \ynew, r0, lsr #10
        add     r2, r2, \ynew
        ror     \ynew, r1, #7                                   @ σ0(W_t−15)
        eor     \ynew, \ynew, r1, ror #18
        eor     \ynew, \ynew, r1, lsr #3
        add     r2, r2, \ynew
        str     r2, [sp, #W_RING + 4 * (\i)]
        ldr     r0, [r12], #4                                   @ K_t
        .else
        ldr     r0, [r12], #4                                   @ K_t
        ldr     r2, [sp, #W_RING + 4 * (\i)]                    @ W_t
        .endif
        add     \h, \h, r0                                      @ T1 = h + K_t + W_t
        add     \h, \h, r2
        eor     r0, \e, \e, ror #5                              @ + Σ1(e)
        eor     r0, r0, \e, ror #19
        add     \h, \h, r0, ror #6
        and     r0, \e, \f                                      @ + Ch(e, f, g)
        bic     r1, \g, \e
        add     \h, \h, r0
        add     \h, \h, r1
        add     \d, \d, \h                                      @ d += T1
        eor     r0, \a, \a, ror #11                             @ h = T1 + Σ0(a)
        eor     r0, r0, \a, ror #20
        add     \h, \h, r0, ror #2
        eor     \ynew, \a, \b                                   @ + Maj(a, b, c)
        and     r0, \ynew, \yold
        eor     r0, r0, \b
        add     \h, \h, r0
        .endm

@ Sixteen rounds, W ring slots 0..15: the names come back after eight, and
@ r3 / lr swap roles every round.
        .macro  sha256_rounds16 sched
        sha256_round r4, r5, r6, r7, r8, r9, r10, r11, 0, \sched, r3, lr
        sha256_round r11, r4, r5, r6, r7, r8, r9, r10, 1, \sched, lr, r3
        sha256_round r10, r11, r4, r5, r6, r7, r8, r9, 2, \sched, r3, lr
        sha256_round r9, r10, r11, r4, r5, r6, r7, r8, 3, \sched, lr, r3
        sha256_round r8, r9, r10, r11, r4, r5, r6, r7, 4, \sched, r3, lr
        sha256_round r7, r8, r9, r10, r11, r4, r5, r6, 5, \sched, lr, r3
        sha256_round r6, r7, r8, r9, r10, r11, r4, r5, 6, \sched, r3, lr
        sha256_round r5, r6, r7, r8, r9, r10, r11, r4, 7, \sched, lr, r3
        sha256_round r4, r5, r6, r7, r8, r9, r10, r11, 8, \sched, r3, lr
        sha256_round r11, r4, r5, r6, r7, r8, r9, r10, 9, \sched, lr, r3
        sha256_round r10, r11, r4, r5, r6, r7, r8, r9, 10, \sched, r3, lr
        sha256_round r9, r10, r11, r4, r5, r6, r7, r8, 11, \sched, lr, r3
        sha256_round r8, r9, r10, r11, r4, r5, r6, r7, 12, \sched, r3, lr
        sha256_round r7, r8, r9, r10, r11, r4, r5, r6, 13, \sched, lr, r3
        sha256_round r6, r7, r8, r9, r10, r11, r4, r5, 14, \sched, r3, lr
        sha256_round r5, r6, r7, r8, r9, r10, r11, r4, 15, \sched, lr, r3
        .endm

@ W_j..W_j+3 (§6.2.2 step 1, t < 16) from the big-endian block at r0.
        .macro  load_words4 j
        ldr     r1, [r0, #4 * (\j)]
        ldr     r2, [r0, #4 * (\j) + 4]
        ldr     r3, [r0, #4 * (\j) + 8]
        ldr     r12, [r0, #4 * (\j) + 12]
        rev     r1, r1
        rev     r2, r2
        rev     r3, r3
        rev     r12, r12
        str     r1, [sp, #W_RING + 4 * (\j)]
        str     r2, [sp, #W_RING + 4 * (\j) + 4]
        str     r3, [sp, #W_RING + 4 * (\j) + 8]
        str     r12, [sp, #W_RING + 4 * (\j) + 12]
        .endm

@ void pqlab_armv7em_sha256_compress(uint32_t state[8], const uint8_t* data,
@     size_t blocks): state updated by `blocks` 64-byte blocks of data.
        function pqlab_armv7em_sha256_compress
        cbnz    r2, 1f                  @ no block: nothing to do
        bx      lr
1:      push    {r4-r11, lr}
        sub     sp, sp, #FRAME
        str     r0, [sp, #STATE_PTR]
        str     r1, [sp, #DATA_PTR]
        str     r2, [sp, #BLOCKS]
        ldm     r0, {r4-r11}            @ a..h = H^(i−1)
2:      ldr     r0, [sp, #DATA_PTR]     @ the next block's W_0..W_15
        load_words4 0
        load_words4 4
        load_words4 8
        load_words4 12
        add     r0, r0, #64
        str     r0, [sp, #DATA_PTR]
        movw    r12, #:lower16:sha256_k
        movt    r12, #:upper16:sha256_k
        eor     lr, r5, r6              @ b ⊕ c for round 0's Maj
        sha256_rounds16 0               @ rounds 0..15
3:      sha256_rounds16 1               @ rounds 16..31, 32..47, 48..63
        movw    r0, #:lower16:sha256_k_end
        movt    r0, #:upper16:sha256_k_end
        cmp     r12, r0
        bne     3b
        ldr     r0, [sp, #STATE_PTR]    @ H^(i) = H^(i−1) + a..h (step 4)
        ldm     r0, {r1, r2, r3, r12}
        add     r4, r4, r1
        add     r5, r5, r2
        add     r6, r6, r3
        add     r7, r7, r12
        ldr     r1, [r0, #16]
        ldr     r2, [r0, #20]
        ldr     r3, [r0, #24]
        ldr     r12, [r0, #28]
        add     r8, r8, r1
        add     r9, r9, r2
        add     r10, r10, r3
        add     r11, r11, r12
        stm     r0, {r4-r11}
        ldr     r1, [sp, #BLOCKS]
        subs    r1, r1, #1
        str     r1, [sp, #BLOCKS]
        bne     2b
        add     sp, sp, #FRAME
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_sha256_compress, . - pqlab_armv7em_sha256_compress

@ K_0..K_63 (FIPS 180-4 §4.2.2).
        .section .rodata.pqlab_armv7em_sha256_k, "a", %progbits
        .align  2
sha256_k:
        .word   0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
        .word   0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
        .word   0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
        .word   0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
        .word   0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
        .word   0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
        .word   0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
        .word   0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
sha256_k_end:
