#!/usr/bin/env python3
"""Generates keccak_f1600.S: Keccak-f[1600] (FIPS 202 §3.3, Alg. 7) for the
Cortex-M4 in Thumb-2, bit-interleaved, with lazy rotations.

    python3 src/kernels/armv7em/gen_keccak.py > src/kernels/armv7em/keccak_f1600.S
    python3 src/kernels/armv7em/gen_keccak.py --check FILE   # exit 1 unless FILE is its output

Each 64-bit lane is two 32-bit words: `e` holds the lane's even bits, `o`
its odd bits (FIPS 202's ROT(w, r) of §3.2.2 then becomes two 32-bit
rotations). All 24 rounds are unrolled, and no word is ever rotated on its
own: the generator records, for every word of the state, of the column
parities C and of θ's D, the rotation still owed to it (its "frame": the
true value is ROTL32(stored, frame)), and every EOR/BIC that combines two
words rotates its second operand by the difference of their frames in the
barrel shifter. ρ (Alg. 2) then costs nothing: it only adds to a frame. The
state is normalised (frame 0) when the last round stores it.

State layout: two buffers of 50 words on the stack (word 2L = lane L's e,
2L + 1 its o), rounds alternating between them; θ's D in registers but
two words, spilled to the stack. Conversion to and from the interleaved
form (a perfect unshuffle of each 32-bit half, Hacker's Delight §7-2, then
PKHBT/PKHTB) is unrolled over the 25 lanes at entry and exit, so the seam
sees standard lanes; or, where the build keeps states in the interleaved
form between permutations (PQLAB_KECCAK_INTERLEAVED_LANES, see
src/kernels/keccak_lane_form.hpp), entry and exit only copy the 50 words.
"""
import sys

REGS = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]
BUF = (0, 200)          # byte offsets of the two state buffers
DSPILL = 400            # two spilled D words
SAVED_R0 = 408          # the caller's state pointer
FRAME = 416             # stack frame (8-byte aligned)


def rho_offsets():
    """FIPS 202 Alg. 2: rotation offset of lane x + 5y."""
    r = [0] * 25
    x, y = 1, 0
    for t in range(24):
        r[x + 5 * y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


def round_constants():
    """FIPS 202 Alg. 5/6: RC for rounds 0..23."""
    def rc_bit(t):
        if t % 255 == 0:
            return 1
        r = [1, 0, 0, 0, 0, 0, 0, 0]
        for _ in range(t % 255):
            r = [0] + r
            r[0] ^= r[8]
            r[4] ^= r[8]
            r[5] ^= r[8]
            r[6] ^= r[8]
            r = r[:8]
        return r[0]
    out = []
    for ir in range(24):
        rc = 0
        for j in range(7):
            rc |= rc_bit(j + 7 * ir) << ((1 << j) - 1)
        out.append(rc)
    return out


RHO = rho_offsets()
RC = round_constants()
assert RC[0] == 1 and RC[23] == 0x8000000080008008


def interleave(lane):
    e = o = 0
    for i in range(32):
        e |= ((lane >> (2 * i)) & 1) << i
        o |= ((lane >> (2 * i + 1)) & 1) << i
    return e, o


def rotr32(x, n):
    n %= 32
    return ((x >> n) | (x << (32 - n))) & 0xFFFFFFFF if n else x


def thumb2_imm(v):
    """Whether v is a Thumb-2 modified immediate (ARMv7-M ARM §A5.3.2)."""
    b = v & 0xFF
    if v in (b, b * 0x00010001, b * 0x01010101) or v == ((v >> 8) & 0xFF) * 0x01000100:
        return True
    for rot in range(8, 32):
        x = ((v << rot) | (v >> (32 - rot))) & 0xFFFFFFFF
        if 0x80 <= x < 0x100:
            return True
    return False


class Gen:
    def __init__(self):
        self.out = []

    def emit(self, s):
        self.out.append("  " + s)

    def comment(self, s):
        self.out.append("@ " + s)

    def directive(self, s):
        self.out.append(s)

    @staticmethod
    def rot(k):
        k %= 32
        return f", ror #{k}" if k else ""

    def eor(self, d, a, fa, b, fb):
        """d = a ^ b with a in frame fa and b in frame fb; d in frame fa."""
        self.emit(f"eor {d}, {a}, {b}{self.rot(fa - fb)}")
        return fa

    def bic(self, d, a, fa, b, fb):
        """d = a & ~b; d in frame fa."""
        self.emit(f"bic {d}, {a}, {b}{self.rot(fa - fb)}")
        return fa


def unshuffle(g, x, t):
    # Even bits to the low half, odd bits to the high half (4 swap steps).
    for s, m in ((1, 0x22222222), (2, 0x0C0C0C0C), (4, 0x00F000F0), (8, 0x0000FF00)):
        g.emit(f"eor {t}, {x}, {x}, lsr #{s}")
        g.emit(f"and {t}, {t}, #{m:#010x}")
        g.emit(f"eor {x}, {x}, {t}")
        g.emit(f"eor {x}, {x}, {t}, lsl #{s}")


def shuffle(g, x, t):
    for s, m in ((8, 0x0000FF00), (4, 0x00F000F0), (2, 0x0C0C0C0C), (1, 0x22222222)):
        g.emit(f"eor {t}, {x}, {x}, lsr #{s}")
        g.emit(f"and {t}, {t}, #{m:#010x}")
        g.emit(f"eor {x}, {x}, {t}")
        g.emit(f"eor {x}, {x}, {t}, lsl #{s}")


def to_interleaved(g):
    g.comment("Standard lanes -> interleaved words in buffer 0 (frame 0).")
    for lane in range(25):
        g.emit(f"ldr r1, [r0, #{8 * lane}]")
        g.emit(f"ldr r2, [r0, #{8 * lane + 4}]")
        unshuffle(g, "r1", "r3")
        unshuffle(g, "r2", "r3")
        g.emit("pkhbt r3, r1, r2, lsl #16")       # e: low halves' even bits | high's
        g.emit("pkhtb r2, r2, r1, asr #16")       # o: odd bits
        g.emit(f"str r3, [sp, #{BUF[0] + 8 * lane}]")
        g.emit(f"str r2, [sp, #{BUF[0] + 8 * lane + 4}]")


def from_interleaved(g, buf):
    g.comment("Interleaved words (frame 0) -> standard lanes.")
    g.emit(f"ldr r0, [sp, #{SAVED_R0}]")
    for lane in range(25):
        g.emit(f"ldr r1, [sp, #{buf + 8 * lane}]")
        g.emit(f"ldr r2, [sp, #{buf + 8 * lane + 4}]")
        g.emit("pkhbt r3, r1, r2, lsl #16")       # low word, unshuffled
        g.emit("pkhtb r2, r2, r1, asr #16")       # high word, unshuffled
        shuffle(g, "r3", "r1")
        shuffle(g, "r2", "r1")
        g.emit(f"str r3, [r0, #{8 * lane}]")
        g.emit(f"str r2, [r0, #{8 * lane + 4}]")


def copy_in(g):
    g.comment("Interleaved lanes (the build's lane form) -> buffer 0, as they are.")
    g.emit(f"add lr, sp, #{BUF[0]}")
    for regs in ("r1-r11",) * 4 + ("r1-r6",):
        g.emit(f"ldmia r0!, {{{regs}}}")
        g.emit(f"stmia lr!, {{{regs}}}")


def copy_out(g, buf):
    g.comment("Buffer 0 -> the caller's interleaved lanes.")
    g.emit(f"ldr r0, [sp, #{SAVED_R0}]")
    g.emit(f"add lr, sp, #{buf}")
    for regs in ("r1-r11",) * 4 + ("r1-r6",):
        g.emit(f"ldmia lr!, {{{regs}}}")
        g.emit(f"stmia r0!, {{{regs}}}")


def keccak_round(g, ir, src, dst, frames, last):
    """Round ir (Alg. 7: ι ∘ χ ∘ π ∘ ρ ∘ θ) from buffer src into dst.
    frames[b][w] is word w's frame in buffer b; updated for dst."""
    g.comment(f"Round {ir}: buffer {src // 200} -> buffer {dst // 200}.")
    fs = frames[src]
    free = list(REGS)
    # θ (Alg. 1), step 1: C[x] = A[x,0] ^ ... ^ A[x,4], per half.
    g.comment("θ: column parities C[x] (Alg. 1 step 1).")
    c = {}
    for x in range(5):
        for h in range(2):
            words = [2 * (x + 5 * y) + h for y in range(5)]
            r = free.pop(0)
            tmp = free[:4]
            g.emit(f"ldr {r}, [sp, #{src + 4 * words[0]}]")
            for t, w in zip(tmp, words[1:]):
                g.emit(f"ldr {t}, [sp, #{src + 4 * w}]")
            f = fs[words[0]]
            for t, w in zip(tmp, words[1:]):
                f = g.eor(r, r, f, t, fs[w])
            c[x, h] = (r, f)
    # Step 2: D[x] = C[x-1] ^ ROT(C[x+1], 1); on interleaved words ROT by 1
    # is e' = ROTL(o, 1), o' = e.
    g.comment("θ: D[x] = C[x-1] ^ ROT(C[x+1], 1) (Alg. 1 step 2).")
    uses = {k: 2 for k in c}
    d = {}
    for x in (0, 2, 4, 1, 3):
        re_, ro = free.pop(0), free.pop(0)
        (a, fa), (b, fb) = c[(x - 1) % 5, 0], c[(x + 1) % 5, 1]
        d[x, 0] = (re_, g.eor(re_, a, fa, b, fb + 1))
        (a, fa), (b, fb) = c[(x - 1) % 5, 1], c[(x + 1) % 5, 0]
        d[x, 1] = (ro, g.eor(ro, a, fa, b, fb))
        for k in (((x - 1) % 5, 0), ((x + 1) % 5, 1), ((x - 1) % 5, 1), ((x + 1) % 5, 0)):
            uses[k] -= 1
            if uses[k] == 0:
                free.append(c[k][0])
    # Spill D[3].o and D[4].o: two loads per half-row at most instead of
    # keeping them, so that six registers are left for a half-row of χ.
    spilled = {}
    for i, k in enumerate(((3, 1), (4, 1))):
        r, f = d.pop(k)
        g.emit(f"str {r}, [sp, #{DSPILL + 4 * i}]")
        spilled[k] = (DSPILL + 4 * i, f)
        free.append(r)
    assert len(free) == 6, free
    fd = frames[dst]
    # ρ (Alg. 2) and π (Alg. 3) fused into χ (Alg. 4), per output row y and
    # half h: output lane x + 5y takes input lane (x + 3y) mod 5 + 5x
    # rotated by its ρ offset r; on interleaved words an even r rotates
    # both halves by r/2, an odd r takes e from o rotated by (r+1)/2 and o
    # from e rotated by (r-1)/2.
    for y in range(5):
        for h in range(2):
            g.comment(f"θ's D, ρ, π, χ: row {y}, {'odd' if h else 'even'} words.")
            bregs, tmp = free[:5], free[5]
            src_words, rots, cols = [], [], []
            for x in range(5):
                s = (x + 3 * y) % 5 + 5 * x
                r = RHO[s]
                if r % 2 == 0:
                    ih, rr = h, r // 2
                else:
                    ih, rr = (1, (r + 1) // 2) if h == 0 else (0, (r - 1) // 2)
                src_words.append(2 * s + ih)
                rots.append(rr)
                cols.append((s % 5, ih))
            for x in range(5):
                g.emit(f"ldr {bregs[x]}, [sp, #{src + 4 * src_words[x]}]")
            # θ's D into each b (Alg. 1 step 3); a spilled D word first, so
            # that its load follows the others (pipelined).
            bf = [0] * 5
            for x in sorted(range(5), key=lambda x: cols[x] in d):
                fa = fs[src_words[x]]
                if cols[x] in d:
                    dr, dfr = d[cols[x]]
                else:
                    off, dfr = spilled[cols[x]]
                    g.emit(f"ldr {tmp}, [sp, #{off}]")
                    dr = tmp
                bf[x] = g.eor(bregs[x], bregs[x], fa, dr, dfr) + rots[x]
            # χ: out[x] = b[x] ^ (~b[x+1] & b[x+2]); x = 0 last, so that
            # b[3]'s register is free for ι's constant.
            for x in (1, 2, 3, 4, 0):
                b0, b1, b2 = x, (x + 1) % 5, (x + 2) % 5
                f = g.bic(tmp, bregs[b2], bf[b2], bregs[b1], bf[b1])
                f = g.eor(tmp, tmp, f, bregs[b0], bf[b0])
                if y == 0 and x == 0:
                    # ι (Alg. 6): lane (0, 0) ^= RC[ir], in this word's frame.
                    v = rotr32(interleave(RC[ir])[h], f)
                    if v:
                        if thumb2_imm(v):
                            g.emit(f"eor {tmp}, {tmp}, #{v:#010x}")
                        else:
                            k = bregs[3]
                            g.emit(f"movw {k}, #{v & 0xFFFF:#06x}")
                            if v >> 16:
                                g.emit(f"movt {k}, #{v >> 16:#06x}")
                            g.emit(f"eor {tmp}, {tmp}, {k}")
                w = 2 * (x + 5 * y) + h
                if last and f % 32:
                    g.emit(f"ror {tmp}, {tmp}, #{(32 - f) % 32}")
                    f = 0
                g.emit(f"str {tmp}, [sp, #{dst + 4 * w}]")
                fd[w] = f % 32


def main():
    g = Gen()
    frames = {BUF[0]: [0] * 50, BUF[1]: [0] * 50}
    g.directive("#if PQLAB_KECCAK_INTERLEAVED_LANES")
    copy_in(g)
    g.directive("#else")
    to_interleaved(g)
    g.directive("#endif")
    for ir in range(24):
        src, dst = BUF[ir % 2], BUF[(ir + 1) % 2]
        keccak_round(g, ir, src, dst, frames, ir == 23)
    assert frames[BUF[0]] == [0] * 50
    g.directive("#if PQLAB_KECCAK_INTERLEAVED_LANES")
    copy_out(g, BUF[0])
    g.directive("#else")
    from_interleaved(g, BUF[0])
    g.directive("#endif")
    body = "\n".join(g.out)
    text = (TEMPLATE.replace("@BODY@", body).replace("@FRAME@", str(FRAME))
            .replace("@SAVED_R0@", str(SAVED_R0))) + "\n"
    if sys.argv[1:2] == ["--check"]:
        with open(sys.argv[2], encoding="utf-8") as f:
            same = f.read() == text
        print(f"gen_keccak --check {sys.argv[2]}: {'up to date' if same else 'DIFFERS from the generator'}")
        return 0 if same else 1
    sys.stdout.write(text)
    return 0


TEMPLATE = r"""@ GENERATED by src/kernels/armv7em/gen_keccak.py; do not edit. Regenerate:
@   python3 src/kernels/armv7em/gen_keccak.py > src/kernels/armv7em/keccak_f1600.S
@
@ Keccak-f[1600] (FIPS 202 §3.3, Alg. 7: 24 rounds of θ, ρ, π, χ, ι of
@ §3.2.1–3.2.5) for the Cortex-M4 (ARMv7E-M, Thumb-2): the seam entries
@ keccak_f1600_x1, and x4 / x8 / sliced8 as loops over it, bit-exact with
@ the portable backend. The state comes in and goes out in the build's
@ lane form (src/kernels/keccak_lane_form.hpp): 25 little-endian uint64
@ lanes x + 5y, standard, or bit-interleaved where the C preprocessor sees
@ PQLAB_KECCAK_INTERLEAVED_LANES (the Cortex-M4 firmware).
@
@ Bit-interleaved: each lane is held as two words, e = its even bits and
@ o = its odd bits, so ROT(w, r) (§3.2.2) is two 32-bit rotations. All 24
@ rounds are unrolled and rotations are lazy: the generator tracks, per
@ state word, the rotation still owed to it, and folds every rotation
@ (ρ's, θ's ROT(C, 1), and the frames' differences) into the barrel
@ shifter of the EOR/BIC that consumes the word; the last round stores
@ normalised words. χ's ¬b & c is one BIC. ι's constants are immediates.
@ With standard lanes, entry and exit convert the 25 lanes to and from the
@ interleaved form (about 1,900 of the permutation's cycles); with
@ interleaved lanes they copy 50 words.
@
@ Constant time: x1 has no branch at all and addresses only [sp, #imm] and
@ [r0, #imm] (r0 the caller's state pointer); the x4/x8/sliced8 loops
@ branch on public pointer compares and address the caller's arrays by
@ constants (scripts/check_armv7em_asm.py). Stack: 416 bytes + 36 pushed.
  .syntax unified
  .cpu cortex-m4
  .thumb

@ void pqlab_armv7em_keccak_f1600_x1(uint64_t state[25])
  .section .text.pqlab_armv7em_keccak_f1600_x1, "ax", %progbits
  .global pqlab_armv7em_keccak_f1600_x1
  .type pqlab_armv7em_keccak_f1600_x1, %function
  .thumb_func
  .align 2
pqlab_armv7em_keccak_f1600_x1:
  push {r4-r11, lr}
  sub sp, sp, #@FRAME@
  str r0, [sp, #@SAVED_R0@]
@BODY@
  add sp, sp, #@FRAME@
  pop {r4-r11, pc}
  .size pqlab_armv7em_keccak_f1600_x1, . - pqlab_armv7em_keccak_f1600_x1

@ void pqlab_armv7em_keccak_f1600_x4(uint64_t states[4 * 25]): four
@ independent states, one after the other.
  .section .text.pqlab_armv7em_keccak_f1600_x4, "ax", %progbits
  .global pqlab_armv7em_keccak_f1600_x4
  .type pqlab_armv7em_keccak_f1600_x4, %function
  .thumb_func
  .align 2
pqlab_armv7em_keccak_f1600_x4:
  push {r4, r5, r6, lr}
  mov r4, r0
  add r5, r0, #800
1:
  mov r0, r4
  bl pqlab_armv7em_keccak_f1600_x1
  add r4, r4, #200
  cmp r4, r5
  bne 1b
  pop {r4, r5, r6, pc}
  .size pqlab_armv7em_keccak_f1600_x4, . - pqlab_armv7em_keccak_f1600_x4

@ void pqlab_armv7em_keccak_f1600_x8(uint64_t states[8 * 25])
  .section .text.pqlab_armv7em_keccak_f1600_x8, "ax", %progbits
  .global pqlab_armv7em_keccak_f1600_x8
  .type pqlab_armv7em_keccak_f1600_x8, %function
  .thumb_func
  .align 2
pqlab_armv7em_keccak_f1600_x8:
  push {r4, r5, r6, lr}
  mov r4, r0
  add r5, r0, #1600
1:
  mov r0, r4
  bl pqlab_armv7em_keccak_f1600_x1
  add r4, r4, #200
  cmp r4, r5
  bne 1b
  pop {r4, r5, r6, pc}
  .size pqlab_armv7em_keccak_f1600_x8, . - pqlab_armv7em_keccak_f1600_x8

@ void pqlab_armv7em_keccak_f1600_sliced8(uint64_t lanes[8 * 25], size_t count,
@                                         size_t words):
@ states j < count (count <= 8, public) stored lane-sliced, lane i of state
@ j at lanes[8i + j]; each is gathered onto the stack, permuted whole
@ (`words`, in r2, is not used) and scattered back.
  .section .text.pqlab_armv7em_keccak_f1600_sliced8, "ax", %progbits
  .global pqlab_armv7em_keccak_f1600_sliced8
  .type pqlab_armv7em_keccak_f1600_sliced8, %function
  .thumb_func
  .align 2
pqlab_armv7em_keccak_f1600_sliced8:
  cbz r1, 9f
  b 2f
9:
  bx lr
2:
  push {r4-r7, lr}
  sub sp, sp, #204
  mov r4, r0
  add r5, r0, r1, lsl #3
1:
  mov r6, r4
@GATHER@
  mov r0, sp
  bl pqlab_armv7em_keccak_f1600_x1
  mov r6, r4
@SCATTER@
  add r4, r4, #8
  cmp r4, r5
  bne 1b
  add sp, sp, #204
  pop {r4-r7, pc}
  .size pqlab_armv7em_keccak_f1600_sliced8, . - pqlab_armv7em_keccak_f1600_sliced8
"""

TEMPLATE = (TEMPLATE
            .replace("@GATHER@", "\n".join(f"  ldrd r2, r3, [r6], #64\n  strd r2, r3, [sp, #{8 * i}]"
                                           for i in range(25)))
            .replace("@SCATTER@", "\n".join(f"  ldrd r2, r3, [sp, #{8 * i}]\n  strd r2, r3, [r6], #64"
                                            for i in range(25))))

if __name__ == "__main__":
    sys.exit(main())
