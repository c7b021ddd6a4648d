#!/usr/bin/env python3
"""Constant-time check of the Cortex-M4 kernels (src/kernels/armv7em/) in the
firmware build's objects, in the spirit of scripts/check_select_asm.sh: the
host's constant-time tools (valgrind, MSan) cannot run Thumb-2 code, so this
reads the generated code itself (arm-none-eabi-objdump -d) and fails on

  1. any conditional branch (B<c>, CBZ/CBNZ) other than a loop's back-edge
     whose flags come from a compare (CMP/CMN/SUBS/ADDS) of registers that
     hold no loaded data (a counter or pointer against a public bound), or
     a forward CBZ/CBNZ that is a function's first instruction on an
     argument register (the guard of a public count such as sliced8's
     `count`), or a forward B<c> in a dispatch prologue (only CMP of an
     argument register r0-r3 with an immediate or a MOVW/MOVT constant,
     and such branches, before it: the choice of a loop by a public
     parameter such as ML-DSA's γ1 or γ2);
  2. any IT block (conditional execution on flags from data);
  3. any load or store whose address is computed from loaded data: a
     register written by a load (other than a reload of a stack slot that
     held no loaded data), or by an instruction with such a source, used as
     the base or index of a later load or store in the same function.
     Stack slots are tracked by their [sp, #imm] offset, so a spilled state
     word stays tainted when it is reloaded; PC-relative loads (literal pool
     constants) are public. FPU registers (s0-s31, d0-d15) carry taint too,
     so data parked in them (VMOV, VLDM) and moved back is still loaded
     data.
  4. any table branch (TBB/TBH) and any branch through a register that
     holds loaded data (BX/BLX/MOV pc), and any divide (SDIV/UDIV, whose
     time on the Cortex-M4 depends on its operands) of loaded data.

Functions named `..._vartime` work on public data only (the house rule),
e.g. ML-KEM's rejection sampling of the public matrix: they are listed as
exempt, not checked (but still required to be present when listed below).

The hand-written assembly (src/kernels/armv7em/*.S: ML-KEM's NTT, inverse
NTT and base multiplication; ML-DSA's NTT, inverse NTT, pointwise
products and signing's reductions, rounding, packing and sampling,
mldsa_*.S; Keccak-f[1600], keccak_f1600.S, whose x1 has no
branch at all; SHA-256 and SHA-512 compression, sha256_compress.S and
sha512_compress.S) is checked like the compiled C++, and each of
its global functions must be found in the objects with instructions (so a
build that lost or mis-disassembled one fails instead of passing empty).

Usage: check_armv7em_asm.py FIRMWARE_BUILD_DIR (default build/embedded);
check_armv7em_asm.py --self-test compiles a table lookup indexed by loaded
data behind a branch on it and requires both findings.
Exit 0 = clean, 1 = a finding (each printed), 77 = no objects/objdump
(skipped unless PQLAB_REQUIRE_EMBEDDED=1).
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys


ALIAS = {"sb": "r9", "sl": "r10", "fp": "r11", "ip": "r12"}
COND = r"(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)"


def reg(name):
    name = name.strip().lower().rstrip("!")
    return ALIAS.get(name, name)


def regs_in(text):
    return [reg(t) for t in re.findall(r"\b(r\d+|sb|sl|fp|ip|sp|lr|pc|s\d+|d\d+)\b", text.lower())]


def reg_list(text):
    """Registers of a {r4, r5-r7, lr} list."""
    out = []
    for part in text.strip("{} ").split(","):
        part = part.strip()
        if "-" in part:
            first, last = (reg(x) for x in part.split("-"))
            kind = first[0]  # r, s or d
            out += [f"{kind}{i}" for i in range(int(first[1:]), int(last[1:]) + 1)]
        elif part:
            out.append(reg(part))
    return out


def functions(objdump_text):
    name, body = None, []
    for line in objdump_text.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            if name:
                yield name, body
            name, body = m.group(1), []
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*?)\s*(?:@.*)?$", line)
        if name and m:
            body.append((int(m.group(1), 16), m.group(2).lower(), m.group(3)))
    if name:
        yield name, body


def check_function(name, body):
    findings = []
    tainted, slots = set(), {}
    flags = None  # (mnemonic, whether its operands held loaded data) of the last flag setter
    first_addr = body[0][0] if body else 0
    prologue = True  # only a dispatch on argument registers so far
    for addr, op, args in body:
        base_op = re.sub(r"\.(w|n)$", "", op)
        where = f"{name} +{addr - first_addr:#x}: {op} {args}"
        # 2. IT blocks.
        if re.fullmatch(r"it[te]{0,3}", base_op):
            findings.append("IT block: " + where)
        # 1. Conditional branches.
        if re.fullmatch(r"b" + COND, base_op) or base_op in ("cbz", "cbnz"):
            target = int(re.search(r"\b([0-9a-f]+)\s*<", args).group(1), 16) if re.search(r"\b([0-9a-f]+)\s*<", args) else None
            backward_loop = (target is not None and target < addr and flags is not None and
                             flags[0] in ("cmp", "cmn", "subs", "adds") and not flags[1])
            entry_guard = (base_op in ("cbz", "cbnz") and addr == first_addr and
                           regs_in(args.split(",")[0])[0] in ("r0", "r1", "r2", "r3"))
            dispatch = (prologue and target is not None and target > addr and flags is not None and
                        flags[0] == "cmp" and not flags[1])
            if not (backward_loop or entry_guard or dispatch):
                findings.append("conditional branch: " + where)
        operands_now = regs_in(args)
        if prologue and not (
                (base_op == "cmp" and operands_now[:1] and operands_now[0] in ("r0", "r1", "r2", "r3")) or
                (base_op in ("movw", "movt") and operands_now[:1] and
                 operands_now[0] not in ("r0", "r1", "r2", "r3")) or
                re.fullmatch(r"b" + COND, base_op)):
            prologue = False
        # 3. Addresses from loaded data, and taint propagation.
        is_load = re.match(r"(ldr|ldm|pop|vldr|vldm|vpop)", base_op)
        is_store = re.match(r"(str|stm|push|vstr|vstm|vpush)", base_op)
        if is_load or is_store:
            mem = re.search(r"\[([^\]]*)\]", args)
            if mem:
                address_regs = regs_in(mem.group(1))
            elif base_op.startswith(("ldm", "stm")):
                address_regs = regs_in(args.split(",")[0])
            else:
                address_regs = []  # push/pop: sp
            bad = [r for r in address_regs if r in tainted]
            if bad:
                findings.append(f"address from loaded data ({', '.join(bad)}): " + where)
            slot = None
            literal = bool(mem) and regs_in(mem.group(1)) == ["pc"]
            if mem and re.fullmatch(r"\s*sp(\s*,\s*#-?\d+)?\s*", mem.group(1)):
                m = re.search(r"#(-?\d+)", mem.group(1))
                slot = int(m.group(1)) if m else 0
            if is_store and base_op.startswith("str"):
                data = regs_in(args.split("[")[0])
                if slot is not None:
                    slots[slot] = any(r in tainted for r in data)
            if is_load:
                if base_op.startswith(("ldm", "pop", "vpop", "vldm")):
                    dests = reg_list(re.search(r"\{[^}]*\}", args).group(0)) if "{" in args else []
                    loaded = not base_op.startswith("pop")  # pop restores callee-saved registers
                else:
                    dests = regs_in(args.split("[")[0])
                    loaded = slots.get(slot, False) if slot is not None else not literal
                for d in dests:
                    if d in ("pc", "sp"):
                        continue
                    if loaded:
                        tainted.add(d)
                    else:
                        tainted.discard(d)
        elif base_op in ("tbb", "tbh"):
            findings.append("table branch: " + where)
        elif base_op in ("bx", "blx") and regs_in(args) and regs_in(args)[0] in tainted:
            findings.append("branch through loaded data: " + where)
        elif base_op in ("bl", "blx"):
            tainted -= {"r0", "r1", "r2", "r3", "r12", "lr"}
        elif base_op.startswith(("cmp", "cmn", "tst", "teq", "nop", "it")) or \
                re.fullmatch(r"b(kpt)?" + COND + "?", base_op):
            pass  # no register written (BIC, BFI and BFC do write one: handled below)
        else:
            operands = regs_in(args)
            if base_op in ("sdiv", "udiv") and any(r in tainted for r in operands[1:]):
                findings.append("divide of loaded data: " + where)
            if base_op.startswith("mov") and operands[:1] == ["pc"] and any(r in tainted for r in operands[1:]):
                findings.append("branch through loaded data: " + where)
            if operands and base_op.startswith("vmov") and len(operands) == 3 and operands[2][0] == "d":
                # vmov rA, rB, dN: two destinations from one FPU register.
                for d in operands[:2]:
                    (tainted.add if operands[2] in tainted else tainted.discard)(d)
            elif operands:
                dest, sources = operands[0], operands[1:]
                if base_op.startswith(("mov", "mvn")) and not sources:
                    tainted.discard(dest)  # an immediate
                elif any(s in tainted for s in sources) or (dest in tainted and base_op.startswith(("movt", "bfi"))):
                    tainted.add(dest)
                else:
                    tainted.discard(dest)
                if base_op.startswith(("umull", "smull", "umlal", "smlal", "umaal")) and len(operands) >= 4:
                    if any(s in tainted for s in operands[2:]):
                        tainted.update(operands[:2])
        if re.fullmatch(r"(cmp|cmn|tst|teq)", base_op) or (
                base_op.endswith("s") and not is_load and not is_store and base_op not in ("bls", "bhs", "blo", "bcs")):
            flags = (base_op, any(r in tainted for r in regs_in(args)))
    return findings


def findings_of(name, body):
    """check_function's findings, except for functions on public data only,
    which carry the project's _vartime suffix (README's house rules) and may
    branch and index on it."""
    return [] if public_data_only(name) else check_function(name, body)


SELF_TEST_SOURCE = """
unsigned table[16];
unsigned leaky(const unsigned *s) { unsigned x = s[0]; if (x & 1) return table[x & 15]; return 0; }
"""


# Hand-written Thumb-2 with the leaks the C above cannot produce: an
# address from a packed product of loaded halfwords, a table branch, a
# divide of loaded data.
SELF_TEST_ASM = """
  .syntax unified
  .cpu cortex-m4
  .thumb
  .text
  .global leaky_asm
  .thumb_func
leaky_asm:
  ldr r2, [r0]
  smulbb r3, r2, r2
  ldr r0, [r1, r3, lsl #2]
  udiv r0, r0, r2
  tbb [pc, r2]
  bx lr
"""

# The global functions of each assembly source (by object name) that must
# be found and checked.
REQUIRED_ASM = {
    "mlkem_ntt.S": ("pqlab_armv7em_mlkem_ntt", "pqlab_armv7em_mlkem_invntt_tomont"),
    "mlkem_basemul.S": ("pqlab_armv7em_mlkem_basemul_acc",),
    "mldsa_ntt.S": ("pqlab_armv7em_mldsa_ntt", "pqlab_armv7em_mldsa_invntt_tomont"),
    "mldsa_pointwise.S": ("pqlab_armv7em_mldsa_pointwise_montgomery", "pqlab_armv7em_mldsa_pointwise_acc_montgomery"),
    "mldsa_reduce.S": ("pqlab_armv7em_mldsa_reduce32", "pqlab_armv7em_mldsa_add_reduce32",
                       "pqlab_armv7em_mldsa_sub_reduce32_freeze", "pqlab_armv7em_mldsa_norm_at_least"),
    "mldsa_rounding.S": ("pqlab_armv7em_mldsa_decompose", "pqlab_armv7em_mldsa_make_hint"),
    "mldsa_packing.S": ("pqlab_armv7em_mldsa_pack_z", "pqlab_armv7em_mldsa_unpack_z",
                        "pqlab_armv7em_mldsa_high_bits_pack"),
    "mldsa_sampling.S": ("pqlab_armv7em_mldsa_rej_uniform_vartime",),
    "mldsa_small.S": ("pqlab_armv7em_mldsa_small_reduce", "pqlab_armv7em_mldsa_small_widen"),
    "keccak_f1600.S": ("pqlab_armv7em_keccak_f1600_x1", "pqlab_armv7em_keccak_f1600_x4",
                       "pqlab_armv7em_keccak_f1600_x8", "pqlab_armv7em_keccak_f1600_sliced8"),
    "sha256_compress.S": ("pqlab_armv7em_sha256_compress",),
    "sha512_compress.S": ("pqlab_armv7em_sha512_compress",),
    "mlkem_rej_uniform.S": ("pqlab_armv7em_mlkem_rej_uniform_vartime",),
    "mlkem_codec.S": ("pqlab_armv7em_mlkem_byte_decode12", "pqlab_armv7em_mlkem_cbd",
                      "pqlab_armv7em_mlkem_compress_encode", "pqlab_armv7em_mlkem_decode_decompress",
                      "pqlab_armv7em_mlkem_byte_encode12"),
}


def public_data_only(name):
    """Functions over public data only (the house rule's `_vartime` suffix,
    e.g. ML-KEM's rejection sampling of the public matrix): they branch on
    and index by their data by design, so they are listed, not checked."""
    return name.endswith("_vartime")


# Hand-written Thumb-2 in the style of kernels/armv7em/*.S: a loaded word
# parked in an FPU register and used as an index, one masked by BIC and used
# as an index, a table branch on a loaded word (all must be found), and a loop with its bound spilled to the stack,
# post-incremented pointers and SMULL on loaded data (must be clean); a
# dispatch on a γ-like argument before any other instruction (clean), the
# same branch after a load (found), and a bounds-checked table lookup on
# loaded data, found unless the function is named _vartime.
SELF_TEST_ASM_STYLE = """
        .syntax unified
        .thumb
        .text
        .global fp_leak
        .type fp_leak, %function
fp_leak:
        ldr     r3, [r0]
        vmov    s0, r3
        vmov    r2, s0
        ldr     r0, [r1, r2]
        bx      lr
        .global bic_leak
        .type bic_leak, %function
bic_leak:
        ldr     r3, [r0]
        movs    r2, #0
        bic     r2, r3, #3
        ldr     r0, [r1, r2]
        bx      lr
        .global tbb_leak
        .type tbb_leak, %function
tbb_leak:
        ldr     r3, [r0]
        and     r3, r3, #1
        tbb     [pc, r3]
        .byte   1, 2
        movs    r0, #1
        bx      lr
        .global clean_loop
        .type clean_loop, %function
clean_loop:
        push    {r4, lr}
        sub     sp, sp, #8
        add     r2, r0, #64
        str     r2, [sp]
        ldr     r1, =table
1:      ldr     r3, [r0]
        ldr     r4, [r1], #4
        smull   r12, r3, r3, r4
        vmov    s1, r3
        vmov    r3, s1
        str     r3, [r0], #4
        ldr     r12, [sp]
        cmp     r0, r12
        bne     1b
        add     sp, sp, #8
        pop     {r4, pc}
        .ltorg
table:  .word   1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
        .global dispatch_ok
        .type dispatch_ok, %function
dispatch_ok:
        cmp     r2, #0x20000
        beq     2f
        movw    r12, #0xff00
        movt    r12, #0x3
        cmp     r2, r12
        beq     3f
        udf     #0
2:      movs    r0, #1
        bx      lr
3:      movs    r0, #2
        bx      lr
        .global dispatch_late
        .type dispatch_late, %function
dispatch_late:
        ldr     r3, [r0]
        cmp     r2, #0x20000
        beq     2f
        movs    r0, #0
2:      bx      lr
        .global table_vartime
        .type table_vartime, %function
table_vartime:
        ldr     r3, [r0]
        cmp     r3, #7
        bhs     2f
        ldr     r0, [r1, r3, lsl #2]
2:      bx      lr
        .global table_leak
        .type table_leak, %function
table_leak:
        ldr     r3, [r0]
        cmp     r3, #7
        bhs     2f
        ldr     r0, [r1, r3, lsl #2]
2:      bx      lr
"""


def self_test_asm(gcc, tmp):
    """The hand-written-assembly cases: True when each is judged as expected."""
    src = pathlib.Path(tmp) / "style.S"
    src.write_text(SELF_TEST_ASM_STYLE)
    obj = pathlib.Path(tmp) / "style.o"
    subprocess.run([gcc, "-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", "-c", str(src),
                    "-o", str(obj)], check=True)
    text = subprocess.run(["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", str(obj)], check=True,
                          capture_output=True, text=True).stdout
    found = {name: findings_of(name, body) for name, body in functions(text)}
    ok = (any("address from loaded data (r2)" in f for f in found.get("fp_leak", [])) and
          any("address from loaded data (r2)" in f for f in found.get("bic_leak", [])) and
          any("tbb" in f for f in found.get("tbb_leak", [])) and
          "clean_loop" in found and not found["clean_loop"] and
          "dispatch_ok" in found and not found["dispatch_ok"] and
          any("conditional branch" in f for f in found.get("dispatch_late", [])) and
          "table_vartime" in found and not found["table_vartime"] and
          any("address from loaded data (r3)" in f for f in found.get("table_leak", [])))
    print(f"check_armv7em_asm --self-test (assembly): {'ok' if ok else 'FAILED'}: {found}")
    return ok


def self_test(required):
    import tempfile
    gcc = shutil.which("arm-none-eabi-gcc")
    if gcc is None or shutil.which("arm-none-eabi-objdump") is None:
        print(f"check_armv7em_asm --self-test: {'FAILED' if required else 'skipped'}: no ARM toolchain")
        return 1 if required else 77
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "leaky.c"
        src.write_text(SELF_TEST_SOURCE)
        obj = pathlib.Path(tmp) / "kernels" / "armv7em" / "leaky.o"
        obj.parent.mkdir(parents=True)
        subprocess.run([gcc, "-O2", "-mcpu=cortex-m4", "-mthumb", "-c", str(src), "-o", str(obj)], check=True)
        text = subprocess.run(["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", str(obj)], check=True,
                              capture_output=True, text=True).stdout
        findings = [f for name, body in functions(text) for f in check_function(name, body)]
        asm = pathlib.Path(tmp) / "leaky_asm.S"
        asm.write_text(SELF_TEST_ASM)
        asm_obj = obj.parent / "leaky_asm.o"
        subprocess.run([gcc, "-mcpu=cortex-m4", "-mthumb", "-c", str(asm), "-o", str(asm_obj)], check=True)
        text = subprocess.run(["arm-none-eabi-objdump", "-d", "--no-show-raw-insn", str(asm_obj)], check=True,
                              capture_output=True, text=True).stdout
        asm_findings = [f for name, body in functions(text) for f in check_function(name, body)]
        asm_ok = self_test_asm(gcc, tmp)
    kinds = {f.split(":")[0].split(" (")[0] for f in findings}
    asm_kinds = {f.split(":")[0].split(" (")[0] for f in asm_findings}
    ok = ({"conditional branch", "address from loaded data"} <= kinds and
          {"address from loaded data", "table branch", "divide of loaded data"} <= asm_kinds and asm_ok)
    findings += asm_findings
    print(f"check_armv7em_asm --self-test: {'ok' if ok else 'FAILED'}: {findings}")
    return 0 if ok else 1


def main():
    required = os.environ.get("PQLAB_REQUIRE_EMBEDDED") == "1"
    if sys.argv[1:2] == ["--self-test"]:
        return self_test(required)
    build = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "build/embedded")
    objdump = shutil.which("arm-none-eabi-objdump")
    objects = sorted(build.glob("**/kernels/armv7em/*.obj")) + sorted(build.glob("**/kernels/armv7em/*.o"))
    if objdump is None or not objects:
        print(f"check_armv7em_asm: {'FAILED' if required else 'skipped'}: "
              f"{'no arm-none-eabi-objdump' if objdump is None else 'no armv7em objects under ' + str(build)}")
        return 1 if required else 77
    findings, checked, exempt = [], 0, []
    for obj in objects:
        text = subprocess.run([objdump, "-d", "--no-show-raw-insn", "-C", str(obj)], check=True,
                              capture_output=True, text=True).stdout
        seen = set()
        for name, body in functions(text):
            if body:
                seen.add(name)
            if public_data_only(name):
                exempt.append(f"{obj.name}: {name}")
                continue
            checked += 1
            findings += [f"{obj.name}: {f}" for f in check_function(name, body)]
        for source, names in REQUIRED_ASM.items():
            if obj.name.startswith(source + "."):
                findings += [f"{obj.name}: {n} not found" for n in names if n not in seen]
    for e in exempt:
        print("check_armv7em_asm: public data only (_vartime), not checked: " + e)
    for f in findings:
        print("check_armv7em_asm: " + f)
    print(f"check_armv7em_asm: {checked} functions in {len(objects)} objects, {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
