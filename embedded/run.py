#!/usr/bin/env python3
"""Build the pqlab Cortex-M4 firmware and run it under QEMU.

  run.py build                      configure + build every image
  run.py kat --board B [--ram 192] [--only PREFIXES]
                                    known-answer checks on one image
  run.py overflow --board B         the stack guard must fault (exit 104)
  run.py fit --board B --ram R --only PREFIXES
                                    measured runs of those sets on one image;
                                    fails when any faults (does not fit)
  run.py bench [--out DIR]          run every board x RAM image, write
                                    DIR/embedded.json, which
                                    `pqlab report --embedded FILE` renders;
                                    with --image BOARD-RAMk (repeatable) and
                                    --only, a subset (e.g. before/after a
                                    kernel change)
  run.py profile --board B --ram R --only SETS [--op OP] [--words W ...]
                                    estimated cycles per function of each
                                    measured operation (the plugin's
                                    profile=1), a tool for finding hot spots

Images: build/embedded/pqlab-<board>-<ram>k.elf, boards mps2-an386 and
netduinoplus2, RAM budgets 192 and 128 KB. Exit 77 (ctest's skip code) when
arm-none-eabi-g++ or qemu-system-arm is missing, or 1 (a failure) when the
environment sets PQLAB_REQUIRE_EMBEDDED=1, as scripts/test.sh does for CI.

Instruction counts come from SysTick under `-icount shift=0` (one
instruction = 1 ns of virtual time); they are QEMU instruction counts, not
Cortex-M4 cycles. `bench` also loads the TCG plugin tools/m4cycles.c (built
here with the host C compiler), which counts the executed instructions per
Cortex-M4 timing class between the firmware's measure markers and weights
them by the Cortex-M4 TRM's published instruction timings: an estimate of
cycles on a zero-wait-state STM32F407, validated as README.md says.
"""
import argparse
import bisect
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
BOARDS = ("mps2-an386", "netduinoplus2")
RAM_KB = (192, 128)
SKIP = 77
FAIL = 1
FAULT_MEMMANAGE = 104


def required():
    """CI (scripts/test.sh) sets PQLAB_REQUIRE_EMBEDDED=1: a missing tool fails, never skips."""
    return os.environ.get("PQLAB_REQUIRE_EMBEDDED") == "1"


def tools_present():
    missing = [t for t in ("arm-none-eabi-g++", "qemu-system-arm", "cmake") if shutil.which(t) is None]
    if missing:
        verdict = "FAILED (PQLAB_REQUIRE_EMBEDDED=1)" if required() else "skipped"
        print(f"embedded: {verdict}, missing " + ", ".join(missing) +
              " (scripts/setup.sh embedded installs them)")
        return False
    return True


def build(build_dir, defines=()):
    """defines: extra -D settings of the firmware build (e.g.
    PQLAB_FIRMWARE_MLKEM_LOW_STACK=ON), applied when it is configured."""
    build_dir = pathlib.Path(build_dir)
    if not (build_dir / "build.ninja").exists() and not (build_dir / "Makefile").exists():
        generator = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", "-S", str(HERE), "-B", str(build_dir), *generator,
                        f"-DCMAKE_TOOLCHAIN_FILE={HERE / 'cmake' / 'arm-none-eabi.cmake'}",
                        *(f"-D{d}" for d in defines)],
                       check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", str(build_dir), f"-j{os.cpu_count() or 2}"], check=True,
                   stdout=subprocess.DEVNULL)


def image(build_dir, board, ram):
    return pathlib.Path(build_dir) / f"pqlab-{board}-{ram}k.elf"


def run_qemu(elf, board, words, timeout, icount=True, extra=()):
    """icount=False where no instruction count is reported (known answers,
    the overflow check): QEMU then runs about a fifth faster."""
    command = ["qemu-system-arm", "-M", board, "-nographic", "-monitor", "none", "-serial", "none",
               "-semihosting-config", "enable=on,target=native", *(["-icount", "shift=0"] if icount else []),
               *extra, "-kernel", str(elf), "-append", " ".join(words)]
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, ""
    return done.returncode, done.stdout + done.stderr


def build_plugin(build_dir):
    """tools/m4cycles.c -> BUILD/libm4cycles.so with the host's C compiler."""
    source = HERE / "tools" / "m4cycles.c"
    out = pathlib.Path(build_dir) / "libm4cycles.so"
    if not out.exists() or out.stat().st_mtime < source.stat().st_mtime:
        cc = shutil.which("cc") or shutil.which("gcc")
        if cc is None:
            raise RuntimeError("no host C compiler for the cycle-model plugin")
        subprocess.run([cc, "-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-Wall", "-Wextra", "-Werror",
                        "-o", str(out), str(source)], check=True)
    return out


def symbol(elf, name):
    out = subprocess.run(["arm-none-eabi-nm", str(elf)], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[2] == name:
            return fields[0]
    raise RuntimeError(f"{elf}: no symbol {name}")


def run_with_model(elf, board, words, timeout, plugin, profile=False):
    """run_qemu under the cycle-model plugin: (rc, output, model records in
    order). With profile, each record also has "blocks": the plugin's
    per-block lines of that window, as (pc, execs, insns, cycles)."""
    log = pathlib.Path(str(elf) + ".m4cycles.log")
    log.unlink(missing_ok=True)
    extra = ["-plugin", f"{plugin},begin={symbol(elf, 'pqlab_m4_measure_begin')},"
             f"end={symbol(elf, 'pqlab_m4_measure_end')}" + (",profile=1" if profile else ""),
             "-d", "plugin", "-D", str(log)]
    rc, output = run_qemu(elf, board, words, timeout, extra=extra)
    model = []
    if log.exists():
        for line in log.read_text().splitlines():
            fields = dict(f.partition("=")[::2] for f in line.split()[1:])
            if line.startswith("PQLAB-M4 "):
                model.append({k: int(v) for k, v in fields.items()} | ({"blocks": []} if profile else {}))
            elif line.startswith("PQLAB-M4-PROF ") and model:
                model[-1]["blocks"].append((int(fields["pc"], 16), int(fields["execs"]), int(fields["insns"]),
                                            int(fields["cycles"])))
    return rc, output, model


def parse(output):
    """The firmware's "PQLAB <kind> key=value ..." lines as (kind, dict)."""
    records = []
    for line in output.splitlines():
        if not line.startswith("PQLAB "):
            continue
        kind, *fields = line[6:].split(" ")
        values = {}
        for f in fields:
            key, _, value = f.partition("=")
            values[key] = int(value) if re.fullmatch(r"\d+", value) else value
        records.append((kind, values))
    return records


def static_ram(elf):
    """.data + .bss from the ELF's section table (arm-none-eabi-size -A)."""
    out = subprocess.run(["arm-none-eabi-size", "-A", str(elf)], check=True, capture_output=True, text=True).stdout
    sizes = {m.group(1): int(m.group(2)) for m in re.finditer(r"^(\.\S+)\s+(\d+)\s+\d+", out, re.M)}
    return {"data": sizes.get(".data", 0), "bss": sizes.get(".bss", 0), "stack_region": sizes.get(".stack", 0),
            "fault_stack": sizes.get(".fault_stack", 0), "flash": sizes.get(".text", 0) + sizes.get(".data", 0)}


def only_word(args):
    """The firmware's set filter, "only=<prefix>[,...]", when --only is given."""
    return [f"only={args.only}"] if args.only else []


def kat_verdict(label, rc, output):
    """Prints a known-answer run's failures and summary; 0 when QEMU exited 0,
    at least one check ran, none failed and the firmware reported its end.
    Shared with embedded/zynq/run_zynq.py (the same firmware output)."""
    records = parse(output)
    failed = [v for k, v in records if k == "kat" and v.get("result") != "pass"]
    passed = sum(1 for k, v in records if k == "kat" and v.get("result") == "pass")
    for v in failed:
        print(f"FAIL {v}")
    ok = rc == 0 and not failed and passed > 0 and any(k == "end" and v.get("result") == "pass" for k, v in records)
    print(f"{label}: exit {rc}, {passed} known-answer checks passed, {len(failed)} failed")
    if rc != 0:
        print(output[-2000:])
    return 0 if ok else 1


def kat(args):
    elf = image(args.build_dir, args.board, args.ram)
    rc, output = run_qemu(elf, args.board, ["kat"] + only_word(args), args.timeout, icount=False)
    return kat_verdict(elf.name, rc, output)


def overflow(args):
    elf = image(args.build_dir, args.board, args.ram)
    rc, output = run_qemu(elf, args.board, ["overflow"], args.timeout, icount=False)
    faults = [v for k, v in parse(output) if k == "fault"]
    ok = rc == FAULT_MEMMANAGE and faults and faults[0].get("exception") == 4
    print(f"{elf.name}: stack overflow gave exit {rc} {faults[:1]} (want {FAULT_MEMMANAGE}, MemManage)")
    return 0 if ok else 1


def fit(args):
    elf = image(args.build_dir, args.board, args.ram)
    rc, output = run_qemu(elf, args.board, ["bench"] + only_word(args), args.timeout)
    records = parse(output)
    for kind, v in records:
        if kind == "op":
            print(f"{v['set']} {v['op']}: stack {v['stack']} B, {v['instructions']} instructions")
        elif kind in ("fault", "kat") and (kind == "fault" or v.get("result") != "pass"):
            print(f"{kind}: {v}")
    begin = next((v for k, v in records if k == "begin"), {})
    last = [v for k, v in records if k == "op"]
    if rc != 0:
        after = f" after {last[-1]['set']} {last[-1]['op']}" if last else ""
        print(f"{elf.name}: exit {rc}{after}: does NOT fit (stack region {begin.get('stack-region')} B, "
              f"static {begin.get('static')} B of {args.ram} KB)")
        return 1
    if args.max_stack is not None:
        over = [v for v in last if int(v["stack"]) > args.max_stack]
        for v in over:
            print(f"{v['set']} {v['op']}: stack {v['stack']} B exceeds --max-stack {args.max_stack} B")
        if over or not last:
            return 1
    print(f"{elf.name}: every selected operation ran within {args.ram} KB")
    return 0


def mean_over_cctv(operations):
    """The firmware reports one "sign-cctv-<set>" line per CCTV message;
    replace them by one "sign-mean-cctv-<set>" operation: mean instructions
    and cycles, peak stack, and the message count."""
    out, groups = [], {}
    for op in operations:
        if op["op"].startswith("sign-cctv-"):
            key = (op["set"], op["op"])
            if key not in groups:
                groups[key] = []
                out.append(key)
            groups[key].append(op)
        else:
            out.append(op)
    result = []
    for item in out:
        if isinstance(item, dict):
            result.append(item)
            continue
        ops = groups[item]
        mean = {"set": item[0], "op": item[1].replace("sign-cctv-", "sign-mean-cctv-"), "count": len(ops),
                "stack": max(o["stack"] for o in ops), "io": max(o["io"] for o in ops),
                "instructions": round(sum(o["instructions"] for o in ops) / len(ops))}
        mean["time_ms_168mhz_cpi1"] = round(mean["instructions"] / 168e3, 2)
        if all("cycles_model" in o for o in ops):
            mean["cycles_model"] = round(sum(o["cycles_model"] for o in ops) / len(ops))
            mean["time_ms_168mhz_model"] = round(mean["cycles_model"] / 168e3, 3)
            mean["cycle_classes"] = {k: round(sum(o["cycle_classes"][k] for o in ops) / len(ops))
                                     for k in ops[0]["cycle_classes"]}
        result.append(mean)
    return result


def bench(args):
    results = {"method": {
        "instructions": "SysTick under QEMU -icount shift=0 (1 instruction = 1 ns virtual); QEMU instruction "
                        "counts, not Cortex-M4 cycles",
        "stack": "stack painting: bytes below the caller's stack pointer written by the operation",
        "static_ram": ".data + .bss of the whole image (includes the shared 49 KB I/O arena)",
        "time_168mhz": "instructions / 168 MHz assuming CPI = 1 (an assumption, not measured)",
        "cycles_model": "estimated Cortex-M4 cycles: executed instructions per timing class (TCG plugin "
                        "embedded/tools/m4cycles.c) weighted by the Cortex-M4 TRM r0p1 Table 3-1 timings for "
                        "zero-wait-state memory (pqm4's STM32F407 at 24 MHz); taken branches 1 + P with P = 1..3 "
                        "from the target's kind and alignment; single loads pipelined as the TRM's load/store "
                        "timings say; SDIV/UDIV at their 12-cycle maximum. Validated against pqm4's published "
                        "cycles for its clean ml-kem-768 (4-6% low) and sphincs-sha2-128f-simple (10% low), "
                        "rebuilt here with gcc 12.2 -O3 (embedded/README.md)",
        "time_168mhz_model": "cycles_model / 168 MHz (the estimate, not a measurement)",
        "sign_mean": "sign-mean-cctv-main/alt: mean over the C2SP CCTV ML-DSA benchmark message set (lab/data), "
                     "key from the all-zero seed, deterministic, empty context; stack is the peak over the set; "
                     "with the build's default signing schedule (streamed), and as sign-mean-cctv-main-compact/"
                     "-expanded with those schedules (mldsa::sign_mu_scheduled, mu computed in the measured call)",
        "randomness": "deterministic SHAKE256 DRBG seeded by the harness (emulation only)",
        "qemu": subprocess.run(["qemu-system-arm", "--version"], capture_output=True, text=True).stdout.split("\n")[0],
        "compiler": subprocess.run(["arm-none-eabi-g++", "--version"], capture_output=True, text=True).stdout.split("\n")[0],
        "flags": "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O2"},
        "images": []}
    status = 0
    plugin = build_plugin(args.build_dir)
    for board in BOARDS:
        for ram in RAM_KB:
            if args.image and f"{board}-{ram}k" not in args.image:
                continue
            elf = image(args.build_dir, board, ram)
            # The 192 KB images also compare ML-DSA's signing schedules and
            # sign the CCTV message sets for ML-DSA's mean signing cost.
            # The CCTV main set is also signed with ML-DSA's compact and
            # expanded signing schedules (sign-mean-cctv-main-compact/-expanded).
            words = ["bench"] + (["expanded", "cctv", "cctv-compact", "cctv-expanded"] if ram == 192 else []) + \
                only_word(args)
            rc, output, model = run_with_model(elf, board, words, args.timeout, plugin)
            records = parse(output)
            entry = {"board": board, "ram_budget": ram * 1024, "exit": rc, "elf": static_ram(elf),
                     "calibration": next((v for k, v in records if k == "calibrate"), {}),
                     "operations": [{k: v[k] for k in ("set", "op", "stack", "instructions", "io")}
                                    for kind, v in records if kind == "op"]}
            for op in entry["operations"]:
                op["time_ms_168mhz_cpi1"] = round(op["instructions"] / 168e3, 2)
            # Each measured call is one begin/end pair of markers, reported in
            # order; SysTick's count and the plugin's must agree. The
            # first measured call is the calibration loop.
            if entry["calibration"] and model:
                entry["calibration"]["cycles_model"] = model[0]["cycles"]
                model = model[1:]
            if len(model) != len(entry["operations"]):
                print(f"{elf.name}: {len(model)} cycle-model records for {len(entry['operations'])} operations")
                status = 1
            for op, m in zip(entry["operations"], model):
                # (SysTick's count drifts by about one instruction per 24-bit
                # wrap: allow 200 plus one per million.)
                if abs(m["insns"] - op["instructions"]) > 200 + op["instructions"] // 1_000_000:
                    print(f"{elf.name}: {op['set']} {op['op']}: plugin counted {m['insns']} instructions, "
                          f"SysTick {op['instructions']}")
                    status = 1
                op["cycles_model"] = m["cycles"]
                op["cycle_classes"] = {k: v for k, v in m.items() if k not in ("seq", "insns", "cycles")}
                op["time_ms_168mhz_model"] = round(m["cycles"] / 168e3, 3)
            entry["operations"] = mean_over_cctv(entry["operations"])
            entry["static_ram"] = entry["elf"]["data"] + entry["elf"]["bss"]
            results["images"].append(entry)
            print(f"{elf.name}: exit {rc}, {len(entry['operations'])} operations measured")
            if rc != 0:
                status = 1
                print(output[-2000:])
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "embedded.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {out / 'embedded.json'}; render it with: pqlab report --embedded {out / 'embedded.json'}")
    return status


def functions_vartime(elf):
    """The ELF's code symbols as sorted (address, demangled name) pairs."""
    out = subprocess.run(["arm-none-eabi-nm", "-n", "-C", str(elf)], check=True, capture_output=True,
                         text=True).stdout
    table = []
    for line in out.splitlines():
        address, kind, name = (line.split(" ", 2) + ["", ""])[:3]
        if kind in ("t", "T", "w", "W"):
            table.append((int(address, 16) & ~1, name))
    return table


def profile(args):
    """Estimated cycles per function for each measured operation of the
    sets that --only selects (the first measured call, the calibration
    loop, is skipped); --op keeps the operations whose name starts with it."""
    plugin = build_plugin(args.build_dir)
    elf = image(args.build_dir, args.board, args.ram)
    rc, output, model = run_with_model(elf, args.board, ["bench"] + args.words + only_word(args), args.timeout,
                                       plugin, profile=True)
    operations = [v for kind, v in parse(output) if kind == "op"]
    if rc != 0 or len(model) != len(operations) + 1:
        print(f"{elf.name}: exit {rc}, {len(model)} profiled windows for {len(operations)} operations")
        return 1
    table = functions_vartime(elf)
    addresses = [a for a, _ in table]
    status = 0
    for op, window in zip(operations, model[1:]):
        # The blocks' counts must add up to the window's.
        if (sum(b[2] for b in window["blocks"]) != window["insns"]
                or sum(b[3] for b in window["blocks"]) != window["cycles"]):
            print(f"{op['set']} {op['op']}: the profile's blocks do not add up to the window's counts")
            status = 1
        if args.op and not op["op"].startswith(args.op):
            continue
        per_function = {}
        for pc, execs, insns, cycles in window["blocks"]:
            i = bisect.bisect_right(addresses, pc) - 1
            name = table[i][1] if i >= 0 else f"0x{pc:x}"
            f = per_function.setdefault(name, [0, 0, 0])
            f[0] += insns
            f[1] += cycles
            f[2] += execs if i >= 0 and pc == addresses[i] else 0
        print(f"\n{op['set']} {op['op']}: {window['cycles']:,} estimated cycles, {window['insns']:,} instructions")
        print(f"{'cycles':>12} {'share':>6} {'insns':>12} {'calls':>7}  function")
        for name, (insns, cycles, calls) in sorted(per_function.items(), key=lambda kv: -kv[1][1])[:args.top]:
            print(f"{cycles:>12,} {100 * cycles / window['cycles']:>5.1f}% {insns:>12,} {calls:>7,}  {name[:100]}")
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("build", "kat", "overflow", "fit", "bench", "profile"))
    parser.add_argument("--build-dir", default=str(ROOT / "build" / "embedded"))
    parser.add_argument("--board", choices=BOARDS, default=BOARDS[0])
    parser.add_argument("--ram", type=int, choices=RAM_KB, default=128)
    parser.add_argument("--only", default="", help="comma-separated set-name prefixes")
    parser.add_argument("--out", default=str(ROOT / "build" / "embedded" / "results"))
    parser.add_argument("--timeout", type=int, default=600, help="seconds per QEMU run")
    parser.add_argument("--no-build", action="store_true", help="use the images already built")
    parser.add_argument("--define", action="append", default=[], metavar="NAME=VALUE",
                        help="firmware CMake setting, applied when the build directory is configured")
    parser.add_argument("--image", action="append", default=[], metavar="BOARD-RAMk",
                        choices=[f"{b}-{r}k" for b in BOARDS for r in RAM_KB],
                        help="bench: only this image (repeatable; default every image)")
    parser.add_argument("--max-stack", type=int, default=None,
                        help="fit: fail when a measured operation's peak stack exceeds this many bytes")
    parser.add_argument("--op", default="", help="profile: only operations whose name starts with this")
    parser.add_argument("--top", type=int, default=25, help="profile: functions listed per operation")
    parser.add_argument("--words", nargs="*", default=[],
                        help="profile: extra firmware words (e.g. expanded cctv) after bench")
    args = parser.parse_args()
    if not tools_present():
        return FAIL if required() else SKIP
    if not args.no_build or args.command == "build":
        build(args.build_dir, args.define)
    if args.command == "build":
        return 0
    return {"kat": kat, "overflow": overflow, "fit": fit, "bench": bench, "profile": profile}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
