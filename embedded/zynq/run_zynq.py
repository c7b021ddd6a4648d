#!/usr/bin/env python3
"""Build the pqlab firmware for the Zynq-7000's Cortex-A9 and run it under
QEMU's xilinx-zynq-a9 machine.

  run_zynq.py build                build the image and the TCG plugin
  run_zynq.py kat                  known-answer checks (ML-KEM, ML-DSA)
  run_zynq.py bench [--out DIR]    measured keygen/encaps/decaps and
                                   keygen/sign/verify with per-kernel
                                   instruction counts: DIR/zynq.json, which
                                   `pqlab report --zynq FILE` models

Image: build/embedded-zynq/pqlab-zynq-a9.elf (A32, -mcpu=cortex-a9, no NEON
or VFP, bare metal). Instruction counts come from the TCG plugin
plugin/kernel_profile.c: every executed instruction, and those inside the
address ranges (from the ELF symbol table) of the kernels the PL would take
over, with their call counts. They are QEMU instruction counts, not Cortex-A9
cycles. Exit 77 (ctest's skip) when the ARM toolchain, QEMU or a host C
compiler is missing, or 1 under PQLAB_REQUIRE_EMBEDDED=1.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# The firmware's output format is the Cortex-M4 harness's: one parser.
sys.path.insert(0, str(HERE.parent))
from run import kat_verdict, parse  # noqa: E402  (embedded/run.py)
MACHINE = "xilinx-zynq-a9"
SKIP = 77
FAIL = 1
SETS = "ML-KEM,ML-DSA"
CALIBRATION_LOOP = 2_000_000

# The PL's kernels (rtl_stats.hpp's Counters) and the portable kernels each
# replaces. Instructions count inside every listed function; calls count
# entries of the functions marked True. Keccak: the multi-state wrappers
# (x4, x8, lane-sliced) loop over keccak_f1600_x1, so a call of x1 is one
# permutation; their own loop and copy instructions count as Keccak too.
KERNELS = {
    "mldsa_ntt": [("mldsa_ntt", True)],
    "mldsa_invntt": [("mldsa_invntt_tomont", True)],
    "mldsa_pointwise": [("mldsa_pointwise_montgomery", True), ("mldsa_pointwise_acc_montgomery", True)],
    "mlkem_ntt": [("mlkem_ntt", True)],
    "mlkem_invntt": [("mlkem_invntt_tomont", True)],
    "mlkem_basemul": [("mlkem_basemul_acc", True)],
    "keccak_f1600": [("keccak_f1600_x1", True), ("keccak_f1600_x4", False), ("keccak_f1600_x8", False),
                     ("keccak_f1600_sliced8", False)],
}


def required():
    return os.environ.get("PQLAB_REQUIRE_EMBEDDED") == "1"


def host_cc():
    return os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")


def tools_present():
    missing = [t for t in ("arm-none-eabi-g++", "arm-none-eabi-nm", "qemu-system-arm", "cmake") if shutil.which(t) is None]
    if host_cc() is None:
        missing.append("a host C compiler (cc)")
    if missing:
        verdict = "FAILED (PQLAB_REQUIRE_EMBEDDED=1)" if required() else "skipped"
        print(f"zynq: {verdict}, missing " + ", ".join(missing) + " (scripts/setup.sh embedded installs them)")
        return False
    return True


def elf_path(build_dir):
    return pathlib.Path(build_dir) / "pqlab-zynq-a9.elf"


def plugin_path(build_dir):
    return pathlib.Path(build_dir) / "libkernel_profile.so"


def build(build_dir):
    build_dir = pathlib.Path(build_dir)
    if not (build_dir / "build.ninja").exists() and not (build_dir / "Makefile").exists():
        generator = ["-G", "Ninja"] if shutil.which("ninja") else []
        launcher = ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []
        subprocess.run(["cmake", "-S", str(HERE), "-B", str(build_dir), *generator, *launcher,
                        f"-DCMAKE_TOOLCHAIN_FILE={HERE.parent / 'cmake' / 'arm-none-eabi-cortex-a9.cmake'}"],
                       check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(build_dir), f"-j{min(os.cpu_count() or 2, 2)}"], check=True,
                   stdout=subprocess.DEVNULL)
    source = HERE / "plugin" / "kernel_profile.c"
    target = plugin_path(build_dir)
    if not target.exists() or target.stat().st_mtime < source.stat().st_mtime:
        subprocess.run([host_cc(), "-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-Wall", "-Wextra", "-Werror",
                        str(source), "-o", str(target)], check=True)


def symbols(elf):
    """Demangled name -> (address, size) of every defined function."""
    out = subprocess.run(["arm-none-eabi-nm", "-S", "-C", "--defined-only", str(elf)], check=True,
                         capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        m = re.match(r"([0-9a-f]+) ([0-9a-f]+) [tTwW] (.+)$", line)
        if m:
            table[m.group(3)] = (int(m.group(1), 16), int(m.group(2), 16))
    return table


def kernel_ranges(elf):
    """Plugin arguments for every kernel of KERNELS, and what was found."""
    table = symbols(elf)
    args, found = [], {}
    for bucket, functions in KERNELS.items():
        for function, counts_calls in functions:
            prefix = f"pqlab::kernels::portable::{function}("
            hits = [(name, a) for name, a in table.items() if name.startswith(prefix)]
            if len(hits) != 1:
                raise SystemExit(f"zynq: expected one symbol {prefix}...) in {elf}, found {len(hits)}")
            name, (address, size) = hits[0]
            address &= ~1  # a Thumb symbol's low bit
            args.append(f"range={bucket}:{address:#x}:{address + size:#x}")
            if counts_calls:
                args.append(f"entry={bucket}:{address:#x}")
            found.setdefault(bucket, []).append({"function": name, "address": address, "bytes": size,
                                                 "counts_calls": counts_calls})
    mark = [a for name, a in table.items() if name == "pqlab_zynq_mark"]
    if len(mark) != 1:
        raise SystemExit(f"zynq: no pqlab_zynq_mark in {elf}")
    return args, found, mark[0][0] & ~1


def run_qemu(elf, words, timeout, plugin_args=None):
    command = ["qemu-system-arm", "-M", MACHINE, "-m", "512M", "-nographic", "-monitor", "none", "-serial", "none",
               "-semihosting-config", "enable=on,target=native"]
    if plugin_args:
        command += ["-plugin", ",".join(plugin_args)]
    command += ["-kernel", str(elf), "-append", " ".join(words)]
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, ""
    return done.returncode, done.stdout + done.stderr


def parse_marks(text):
    """The plugin's "mark total=N name=insns/calls ..." lines."""
    marks = []
    for line in text.splitlines():
        kind, *fields = line.split(" ")
        if kind != "mark":
            continue
        entry = {"total": 0, "kernels": {}}
        for f in fields:
            key, _, value = f.partition("=")
            if key == "total":
                entry["total"] = int(value)
            else:
                insns, _, calls = value.partition("/")
                entry["kernels"][key] = (int(insns), int(calls))
        marks.append(entry)
    return marks


def kat(args):
    elf = elf_path(args.build_dir)
    rc, output = run_qemu(elf, ["kat", f"only={args.only}"], args.timeout)
    return kat_verdict(f"{elf.name} on {MACHINE}", rc, output)


def tool_version(command):
    return subprocess.run(command, capture_output=True, text=True).stdout.split("\n")[0]


def bench(args):
    elf = elf_path(args.build_dir)
    plugin_args, found, mark = kernel_ranges(elf)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    marks_file = out / "zynq-marks.txt"
    rc, output = run_qemu(elf, ["bench", f"only={args.only}"], args.timeout,
                          [str(plugin_path(args.build_dir)), f"out={marks_file}", f"mark={mark:#x}", *plugin_args])
    records = parse(output)
    marks = parse_marks(marks_file.read_text()) if marks_file.exists() else []
    measured = [(k, v) for k, v in records if k in ("calibrate", "op")]
    if rc != 0 or len(marks) != 2 * len(measured) or not measured or measured[0][0] != "calibrate":
        print(f"zynq: exit {rc}, {len(marks)} plugin marks for {len(measured)} measurements (want two each)")
        print(output[-2000:])
        return 1
    operations, calibration = [], None
    for i, (kind, v) in enumerate(measured):
        before, after = marks[2 * i], marks[2 * i + 1]
        total = after["total"] - before["total"]
        kernels = {name: {"instructions": after["kernels"][name][0] - before["kernels"][name][0],
                          "calls": after["kernels"][name][1] - before["kernels"][name][1]}
                   for name in KERNELS}
        if kind == "calibrate":
            calibration = {"loop_instructions": v["loop-instructions"], "measured": total}
            continue
        operations.append({"set": v["set"], "op": v["op"], "stack": v["stack"], "io": v["io"],
                           "instructions": total, "kernels": kernels})
    # The calibration loop is 2·10^6 instructions plus the call around it;
    # a pairing gone wrong would be far off.
    if not calibration or abs(calibration["measured"] - CALIBRATION_LOOP) > 1000:
        print(f"zynq: calibration {calibration} is not {CALIBRATION_LOOP} instructions: marks misaligned")
        return 1
    failed = [v for k, v in records if k == "kat" and v.get("result") != "pass"]
    results = {
        "machine": MACHINE,
        "method": {
            "instructions": "QEMU TCG plugin (embedded/zynq/plugin/kernel_profile.c): executed guest instructions "
                            "between two markers around each operation; QEMU instruction counts, not Cortex-A9 "
                            "cycles",
            "kernels": "instructions executed inside each offloadable kernel's address range (ELF symbol table) "
                       "and executions of its entry (calls); Keccak calls are keccak_f1600_x1 entries, one per "
                       "permutation",
            "randomness": "deterministic SHAKE256 DRBG seeded by the harness (emulation only); signing time "
                          "depends on this one message's rejection-loop iterations",
            "mldsa_signing_schedule": "expanded (the hosted default: Â and the key's NTTs once per signature)",
            "qemu": tool_version(["qemu-system-arm", "--version"]),
            "compiler": tool_version(["arm-none-eabi-g++", "--version"]),
            "flags": "-mcpu=cortex-a9 -marm -mfloat-abi=soft -O2 (A32, no NEON, no VFP; bare metal, MMU and caches "
                     "off)"},
        "kernel_symbols": found,
        "calibration": calibration,
        "exit": rc,
        "checks_failed": len(failed),
        "operations": operations,
    }
    path = out / "zynq.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    for op in operations:
        offloaded = sum(k["instructions"] for k in op["kernels"].values())
        print(f"{op['set']:>12} {op['op']:<7} {op['instructions']:>11,} instructions, "
              f"{100 * offloaded / op['instructions']:5.1f}% in offloadable kernels")
    print(f"wrote {path}; model it with: pqlab report --zynq {path}")
    return 0 if not failed else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("build", "kat", "bench"))
    parser.add_argument("--build-dir", default=str(ROOT / "build" / "embedded-zynq"))
    parser.add_argument("--only", default=SETS, help="comma-separated set-name prefixes")
    parser.add_argument("--out", default=str(ROOT / "build" / "embedded-zynq" / "results"))
    parser.add_argument("--timeout", type=int, default=300, help="seconds per QEMU run")
    parser.add_argument("--no-build", action="store_true", help="use the image already built")
    args = parser.parse_args()
    if not tools_present():
        return FAIL if required() else SKIP
    if not args.no_build or args.command == "build":
        build(args.build_dir)
    if args.command == "build":
        return 0
    return {"kat": kat, "bench": bench}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
