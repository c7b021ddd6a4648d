#!/usr/bin/env python3
"""Summary of an A/B run of scripts/ab_bench.sh: per (algorithm, operation,
backend), each side's median over rounds of the rounds' median ticks, the
rounds' range, and B/A of the medians and of the best rounds, as Markdown."""
import glob
import json
import os
import statistics
import sys

if len(sys.argv) != 2:
    sys.exit("usage: ab_summary.py OUT_DIR (A1.json, B1.json, ... written by ab_bench.sh)")
out = sys.argv[1]
def rows(side):
    acc = {}
    for f in sorted(glob.glob(os.path.join(out, side + "*.json"))):
        d = json.load(open(f))
        for r in d["results"]:
            acc.setdefault((r["algorithm"], r["operation"], r["backend"]), []).append(r["ticks"]["median"])
    return acc
a, b = rows("A"), rows("B")
if not a or not b:
    sys.exit(f"ab_summary.py: no A*.json / B*.json results in {out}")
print("| algorithm | operation | backend | A median ticks (rounds' range) | B median ticks (rounds' range) | B / A (medians) | B / A (best rounds) |")
print("|---|---|---|---:|---:|---:|---:|")
ratios = []
best = []
for k in sorted(set(a) & set(b)):
    ma, mb = statistics.median(a[k]), statistics.median(b[k])
    ratios.append(mb / ma)
    best.append(min(b[k]) / min(a[k]))
    fmt = lambda v: f"{statistics.median(v):,.0f} ({min(v):,.0f}–{max(v):,.0f})"
    print(f"| {k[0]} | {k[1]} | {k[2]} | {fmt(a[k])} | {fmt(b[k])} | {mb/ma:.3f} | {min(b[k])/min(a[k]):.3f} |")
print(f"\n{len(ratios)} rows; B/A of medians: median {statistics.median(ratios):.3f}, min {min(ratios):.3f}, max {max(ratios):.3f}; "
      f"B/A of best rounds: median {statistics.median(best):.3f}, min {min(best):.3f}, max {max(best):.3f}")
