@ SHA-512 compression (FIPS 180-4 §6.4.2) for the Cortex-M4 (ARMv7E-M,
@ Thumb-2): the seam entry sha512_compress (src/kernels/entries.inc),
@ bit-exact with the portable backend (src/kernels/portable/sha2.cpp).
@
@ Each 64-bit word is a pair of registers (low, high); additions are
@ ADDS/ADC, and a 64-bit rotation by n is, per half, the OR of two shifted
@ halves (n < 32: lo' = lo >> n | hi << (32 − n); n ≥ 32 swaps the halves
@ first). The shifted pieces of Σ0, Σ1, σ0 and σ1 have no bit in common
@ within a rotation, so each half of such a function is six EORs with
@ shifted operands:
@   Σ0 = ROTR28 ⊕ ROTR34 ⊕ ROTR39, Σ1 = ROTR14 ⊕ ROTR18 ⊕ ROTR41,
@   σ0 = ROTR1 ⊕ ROTR8 ⊕ SHR7,     σ1 = ROTR19 ⊕ ROTR61 ⊕ SHR6.
@ The eight working variables need sixteen registers, more than the core
@ has, so they live on the stack, renamed rather than moved (the round
@ macro's slot numbers rotate by one place per round); a and e, which
@ each round writes, are also kept in registers: e in r6/r7, a in r4/r5
@ or r0/r1 alternately (the pair that accumulated T1 becomes the next a).
@ Ch(e, f, g) = ((f ⊕ g) ∧ e) ⊕ g; Maj(a, b, c) = ((a ⊕ b) ∧ (b ⊕ c)) ⊕ b
@ with b ⊕ c the previous round's a ⊕ b, kept in r8/r9 or r10/r11
@ alternately. The message schedule is a ring of its last 16 words on
@ the stack, extended in place from round 16 on (§6.4.2 step 1).
@
@ Message words are big-endian (§3.1): each is loaded as two LDRs (which
@ allow the unaligned `data` the seam permits) and byte-reversed with REV.
@
@ Constant time: no branch depends on data; the branches are the loop
@ back-edges on the round-constant pointer against its end and on the
@ public block count, and the entry's guard of blocks == 0. The only
@ addresses are [sp, #imm], the caller's arrays at constant offsets and
@ the round-constant table at a pointer stepped once per round
@ (scripts/check_armv7em_asm.py). Stack: 204 bytes + 36 pushed. The
@ message schedule and working variables are left on the stack, as the
@ portable kernel leaves its schedule.
        .syntax unified
        .cpu    cortex-m4
        .thumb

#include "function.inc"

@ Stack frame (after the push): the W ring (16 words, low half first),
@ the working variables' eight slots, then the arguments.
        .equ    W_RING, 0
        .equ    VARS, 128
        .equ    STATE_PTR, 192
        .equ    DATA_PTR, 196
        .equ    BLOCKS, 200
        .equ    FRAME, 204

@ dst ← one half of a 64-bit rotation-XOR function of (x, y), where x is
@ the half the first shift applies to: six shifted pieces, the first a
@ plain shift. `s1..s6` are the shift kinds (lsr / lsl), `n1..n6` their
@ amounts and `r1..r6` which of x / y each applies to.
        .macro  pieces6 dst, r1, s1, n1, r2, s2, n2, r3, s3, n3, r4, s4, n4, r5, s5, n5, r6, s6, n6
        \s1     \dst, \r1, #\n1
        eor     \dst, \dst, \r2, \s2 #\n2
        eor     \dst, \dst, \r3, \s3 #\n3
        eor     \dst, \dst, \r4, \s4 #\n4
        eor     \dst, \dst, \r5, \s5 #\n5
        .ifnb   \r6
        eor     \dst, \dst, \r6, \s6 #\n6
        .endif
        .endm

@ One round t (FIPS 180-4 §6.4.2 step 3), j = t mod 16 (so t mod 8 =
@ j mod 8 gives the slot rotation and j the ring slot of W_t). With
@ `sched` the round first extends the schedule: W_t replaces W_t−16.
@ Registers by the parity of j: a / T1 in (r4, r5) / (r0, r1) or the
@ reverse; b ⊕ c in (r10, r11) or (r8, r9), a ⊕ b written to the other
@ pair. e is (r6, r7); r2, r3 and r12 are scratch; lr walks the
@ round constants.
        .macro  sha512_round j, sched
        .if     (\j) & 1
        aL      .req r0
        aH      .req r1
        tL      .req r4
        tH      .req r5
        ynL     .req r10
        ynH     .req r11
        yoL     .req r8
        yoH     .req r9
        .else
        aL      .req r4
        aH      .req r5
        tL      .req r0
        tH      .req r1
        ynL     .req r8
        ynH     .req r9
        yoL     .req r10
        yoH     .req r11
        .endif
        .equ    slot_b, VARS + 8 * ((1 - (\j)) & 7)
        .equ    slot_d, VARS + 8 * ((3 - (\j)) & 7)
        .equ    slot_f, VARS + 8 * ((5 - (\j)) & 7)
        .equ    slot_g, VARS + 8 * ((6 - (\j)) & 7)
        .equ    slot_h, VARS + 8 * ((7 - (\j)) & 7)
        .equ    w_t, W_RING + 8 * (\j)
        .if     \sched
        ldrd    r2, r3, [sp, #W_RING + 8 * (((\j) + 14) & 15)]  @ W_t−2
        pieces6 tL, r2, lsr, 19, r3, lsl, 13, r3, lsr, 29, r2, lsl, 3, r2, lsr, 6, r3, lsl, 26  @ σ1
        pieces6 tH, r3, lsr, 19, r2, lsl, 13, r2, lsr, 29, r3, lsl, 3, r3, lsr, 6
        ldrd    r2, r3, [sp, #w_t]                              @ + W_t−16
        adds    tL, tL, r2
        adc     tH, tH, r3
        ldrd    r2, r3, [sp, #W_RING + 8 * (((\j) + 9) & 15)]   @ + W_t−7
        adds    tL, tL, r2
        adc     tH, tH, r3
        ldrd    r2, r3, [sp, #W_RING + 8 * (((\j) + 1) & 15)]   @ + σ0(W_t−15)
        pieces6 r12, r2, lsr, 1, r3, lsl, 31, r2, lsr, 8, r3, lsl, 24, r2, lsr, 7, r3, lsl, 25
        adds    tL, tL, r12
        pieces6 r12, r3, lsr, 1, r2, lsl, 31, r3, lsr, 8, r2, lsl, 24, r3, lsr, 7
        adc     tH, tH, r12
        strd    tL, tH, [sp, #w_t]
        .else
        ldrd    tL, tH, [sp, #w_t]                              @ W_t
        .endif
        ldrd    r2, r3, [sp, #slot_h]                           @ T1 = W_t + h
        adds    tL, tL, r2
        adc     tH, tH, r3
        ldrd    r2, r3, [lr], #8                                @ + K_t
        adds    tL, tL, r2
        adc     tH, tH, r3
        pieces6 r12, r6, lsr, 14, r7, lsl, 18, r6, lsr, 18, r7, lsl, 14, r7, lsr, 9, r6, lsl, 23  @ + Σ1(e)
        adds    tL, tL, r12
        pieces6 r12, r7, lsr, 14, r6, lsl, 18, r7, lsr, 18, r6, lsl, 14, r6, lsr, 9, r7, lsl, 23
        adc     tH, tH, r12
        ldrd    r2, r3, [sp, #slot_f]                           @ + Ch(e, f, g)
        ldrd    ynL, ynH, [sp, #slot_g]
        eor     r2, r2, ynL
        and     r2, r2, r6
        eor     r2, r2, ynL
        eor     r3, r3, ynH
        and     r3, r3, r7
        eor     r3, r3, ynH
        adds    tL, tL, r2
        adc     tH, tH, r3
        ldrd    r2, r3, [sp, #slot_d]                           @ e' = d + T1
        adds    r6, r2, tL
        adc     r7, r3, tH
        strd    r6, r7, [sp, #slot_d]
        pieces6 r12, aL, lsr, 28, aH, lsl, 4, aH, lsr, 2, aL, lsl, 30, aH, lsr, 7, aL, lsl, 25  @ + Σ0(a)
        adds    tL, tL, r12
        pieces6 r12, aH, lsr, 28, aL, lsl, 4, aL, lsr, 2, aH, lsl, 30, aL, lsr, 7, aH, lsl, 25
        adc     tH, tH, r12
        ldrd    r2, r3, [sp, #slot_b]                           @ + Maj(a, b, c)
        eor     ynL, aL, r2
        eor     ynH, aH, r3
        and     r12, ynL, yoL
        eor     r12, r12, r2
        adds    tL, tL, r12
        and     r12, ynH, yoH
        eor     r12, r12, r3
        adc     tH, tH, r12
        strd    tL, tH, [sp, #slot_h]                           @ a' = T1 + T2
        .unreq  aL
        .unreq  aH
        .unreq  tL
        .unreq  tH
        .unreq  ynL
        .unreq  ynH
        .unreq  yoL
        .unreq  yoH
        .endm

        .macro  sha512_rounds16 sched
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        sha512_round \j, \sched
        .endr
        .endm

@ W_j and W_j+1 (§6.4.2 step 1, t < 16) from the big-endian block at r0.
        .macro  load_words2 j
        ldr     r1, [r0, #8 * (\j)]
        ldr     r2, [r0, #8 * (\j) + 4]
        ldr     r3, [r0, #8 * (\j) + 8]
        ldr     r12, [r0, #8 * (\j) + 12]
        rev     r1, r1
        rev     r2, r2
        rev     r3, r3
        rev     r12, r12
        strd    r2, r1, [sp, #W_RING + 8 * (\j)]
        strd    r12, r3, [sp, #W_RING + 8 * (\j) + 8]
        .endm

@ state[k] += the working variable in slot k (step 4), k = 0..7.
        .macro  add_back k
        ldrd    r2, r3, [r0, #8 * (\k)]
        ldrd    r4, r5, [sp, #VARS + 8 * (\k)]
        adds    r2, r2, r4
        adc     r3, r3, r5
        strd    r2, r3, [r0, #8 * (\k)]
        .endm

@ void pqlab_armv7em_sha512_compress(uint64_t state[8], const uint8_t* data,
@     size_t blocks): state updated by `blocks` 128-byte blocks of data.
        function pqlab_armv7em_sha512_compress
        cbnz    r2, 1f                  @ no block: nothing to do
        bx      lr
1:      push    {r4-r11, lr}
        sub     sp, sp, #FRAME
        str     r0, [sp, #STATE_PTR]
        str     r1, [sp, #DATA_PTR]
        str     r2, [sp, #BLOCKS]
2:      ldr     r0, [sp, #DATA_PTR]     @ the next block's W_0..W_15
        .irp    j, 0, 2, 4, 6, 8, 10, 12, 14
        load_words2 \j
        .endr
        add     r0, r0, #128
        str     r0, [sp, #DATA_PTR]
        ldr     r0, [sp, #STATE_PTR]    @ a..h = H^(i−1)
        add     r1, sp, #VARS
        ldm     r0!, {r4-r11}           @ a, b, c, d
        stm     r1!, {r4-r11}
        eor     r10, r6, r8             @ b ⊕ c for round 0's Maj
        eor     r11, r7, r9
        ldm     r0, {r2, r3, r6, r7, r8, r9, r12, lr}  @ e, f, g, h
        stm     r1, {r2, r3, r6, r7, r8, r9, r12, lr}
        mov     r6, r2                  @ e in r6, r7; a stays in r4, r5
        mov     r7, r3
        movw    lr, #:lower16:sha512_k
        movt    lr, #:upper16:sha512_k
        sha512_rounds16 0               @ rounds 0..15
3:      sha512_rounds16 1               @ rounds 16..31, ..., 64..79
        movw    r2, #:lower16:sha512_k_end
        movt    r2, #:upper16:sha512_k_end
        cmp     lr, r2
        bne     3b
        ldr     r0, [sp, #STATE_PTR]    @ H^(i) = H^(i−1) + a..h
        .irp    k, 0, 1, 2, 3, 4, 5, 6, 7
        add_back \k
        .endr
        ldr     r1, [sp, #BLOCKS]
        subs    r1, r1, #1
        str     r1, [sp, #BLOCKS]
        bne     2b
        add     sp, sp, #FRAME
        pop     {r4-r11, pc}
        .size   pqlab_armv7em_sha512_compress, . - pqlab_armv7em_sha512_compress

@ K_0..K_79 (FIPS 180-4 §4.2.3), little-endian 64-bit words (low half first).
        .section .rodata.pqlab_armv7em_sha512_k, "a", %progbits
        .align  3
sha512_k:
        .quad   0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
        .quad   0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
        .quad   0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
        .quad   0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694
        .quad   0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
        .quad   0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
        .quad   0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
        .quad   0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70
        .quad   0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
        .quad   0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b
        .quad   0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30
        .quad   0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8
        .quad   0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
        .quad   0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
        .quad   0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
        .quad   0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
        .quad   0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
        .quad   0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b
        .quad   0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
        .quad   0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
sha512_k_end:
