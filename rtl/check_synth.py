#!/usr/bin/env python3
"""Collects rtl/synth.sh's per-core Yosys results into OUT/synth.json and
checks them for plausibility against the XC7Z020's capacity (Xilinx DS190:
53,200 LUTs, 106,400 flip-flops, 220 DSP48E1, 140 RAMB36): each core, and
all three together, must fit; each core must use some logic and flip-flops,
and the NTT cores DSP48E1 slices for their multipliers. No number is pinned
by this script; with --against FILE (the committed rtl/synth.json, whose
figures rtl/README.md quotes) every core's resources must equal FILE's when
FILE was written by the same Yosys version, so that a change to the cores
cannot leave the committed figures stale (another version's figures are not
compared, and it says so).
Usage: check_synth.py OUT [yosys version string] [--against FILE]
"""
import argparse
import json
import re
import sys

CAPACITY = {"luts": 53200, "ffs": 106400, "dsp48e1": 220, "bram36": 140}
CORES = ["mldsa_ntt_core", "mlkem_ntt_core", "keccak_core"]


def resources(stat, core):
    module = stat["modules"].get(core) or stat["modules"]["\\" + core]
    cells = module["num_cells_by_type"]
    count = lambda pred: sum(n for t, n in cells.items() if pred(t))
    r = {
        "luts": count(lambda t: re.fullmatch(r"LUT[1-6]", t) is not None),
        "lutram_srl": count(lambda t: t.startswith(("SRL", "RAM32", "RAM64", "RAM128", "RAM256"))),
        "ffs": count(lambda t: re.fullmatch(r"FD[A-Z]*", t) is not None),
        "carry4": cells.get("CARRY4", 0),
        "muxf7_f8": cells.get("MUXF7", 0) + cells.get("MUXF8", 0),
        "dsp48e1": cells.get("DSP48E1", 0),
        "ramb36e1": cells.get("RAMB36E1", 0),
        "ramb18e1": cells.get("RAMB18E1", 0),
    }
    r["bram36"] = r["ramb36e1"] + r["ramb18e1"] / 2
    return r


def compare(result, against):
    """Differences between this run's per-core resources and those of the
    committed file `against` (a path), as problem strings; none where that
    file came from another Yosys version (a note says so)."""
    with open(against) as f:
        committed = json.load(f)
    if committed.get("tool") != result["tool"]:
        print(f"check_synth: not compared with {against}: written by {committed.get('tool')!r}, "
              f"this run by {result['tool']!r}")
        return []
    problems = []
    for core in CORES:
        old, new = committed.get("cores", {}).get(core, {}), result["cores"][core]
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                problems.append(f"{core}: {key} is {new.get(key)} here, {old.get(key)} in {against} "
                                f"(stale: copy this run's synth.json over it)")
    return problems


def main():
    parser = argparse.ArgumentParser(description="Collect and check rtl/synth.sh's Yosys results.")
    parser.add_argument("out")
    parser.add_argument("version", nargs="?", default="")
    parser.add_argument("--against", help="the committed synth.json to compare with (same Yosys version)")
    args = parser.parse_args()
    out, version = args.out, args.version
    result = {"tool": version, "flow": "synth_xilinx -family xc7 -flatten -noiopad",
              "device": "XC7Z020", "capacity": CAPACITY, "cores": {}}
    problems = []
    for core in CORES:
        with open(f"{out}/{core}.stat.json") as f:
            stat = json.load(f)
        r = resources(stat, core)
        with open(f"{out}/{core}.ltp.txt") as f:
            m = re.search(r"Longest topological path in \S+ \(length=(\d+)\)", f.read())
        r["longest_path_cells"] = int(m.group(1)) if m else None
        result["cores"][core] = r
        if r["luts"] <= 0 or r["ffs"] <= 0:
            problems.append(f"{core}: no logic or no flip-flops ({r})")
        if core != "keccak_core" and r["dsp48e1"] == 0:
            problems.append(f"{core}: the modular multipliers use no DSP48E1")
        if core == "keccak_core" and r["ffs"] < 1600:
            problems.append(f"{core}: fewer flip-flops than the 1600-bit state")
        if r["longest_path_cells"] is None or r["longest_path_cells"] <= 0:
            problems.append(f"{core}: no longest path reported")
    total = {k: sum(result["cores"][c][k] for c in CORES) for k in CAPACITY}
    result["total"] = total
    result["utilisation"] = {k: total[k] / CAPACITY[k] for k in CAPACITY}
    for k, cap in CAPACITY.items():
        if total[k] > cap:
            problems.append(f"the three cores together need {total[k]} {k}, the XC7Z020 has {cap}")
    with open(f"{out}/synth.json", "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    if args.against:
        problems += compare(result, args.against)
    for core, r in result["cores"].items():
        print(f"{core:16} LUT {r['luts']:6}  FF {r['ffs']:6}  DSP48E1 {r['dsp48e1']:3}  "
              f"RAMB36 {r['ramb36e1']:3}  RAMB18 {r['ramb18e1']:3}  longest path {r['longest_path_cells']} cells")
    print(f"{'total':16} LUT {total['luts']:6}  FF {total['ffs']:6}  DSP48E1 {total['dsp48e1']:3}  "
          f"BRAM36 {total['bram36']:5}  (XC7Z020: {CAPACITY['luts']}, {CAPACITY['ffs']}, {CAPACITY['dsp48e1']}, "
          f"{CAPACITY['bram36']})")
    for p in problems:
        print("check_synth: " + p, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
