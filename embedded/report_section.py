#!/usr/bin/env python3
"""The "Cortex-M4 (emulated)" report section, from embedded/run.py's output.

Standalone: no imports beyond the standard library. From Python:

    import report_section
    markdown, data = report_section.section(json.load(open("embedded.json")))

or from a shell:  python3 embedded/report_section.py build/embedded/results/embedded.json

`data` is a JSON-ready dict (one row per board, RAM budget and operation);
`markdown` is the section text. Published figures (e.g. pqm4's cycle counts)
may be passed as `published={("ML-KEM-768", "keygen"): {"cycles": N,
"source": "..."}}`; they are printed in their own column labelled as
published, never mixed with what was measured here.
"""
import json
import sys

NOTE = ("Instruction counts are executed instructions under QEMU (SysTick with `-icount shift=0`), "
        "**not cycle counts on silicon**; the time column divides them by 168 MHz assuming CPI = 1, "
        "an assumption. Stack is the painted high-water mark of each operation; static RAM is .data + .bss "
        "of the whole image (including its 20 KB I/O arena). Randomness: a deterministic SHAKE256 DRBG "
        "seeded by the harness.")


def rows(results):
    for image in results["images"]:
        for op in image["operations"]:
            yield {"board": image["board"], "ram_budget_kb": image["ram_budget"] // 1024,
                   "set": op["set"], "op": op["op"], "stack_bytes": op["stack"],
                   "static_ram_bytes": image["static_ram"], "io_bytes": op["io"],
                   "instructions": op["instructions"], "time_ms_168mhz_cpi1": op["time_ms_168mhz_cpi1"],
                   "fits": op["stack"] + image["static_ram"] + image["elf"].get("fault_stack", 0)
                   <= image["ram_budget"]}


def section(results, published=None):
    published = published or {}
    data = {"title": "Cortex-M4 (emulated)", "method": results.get("method", {}), "rows": list(rows(results))}
    out = ["## Cortex-M4 (emulated)", "", NOTE, ""]
    method = results.get("method", {})
    if method:
        out += [f"Toolchain: {method.get('compiler', '?')}, `{method.get('flags', '')}`; {method.get('qemu', '')}.", ""]
    for image in results["images"]:
        out.append(f"### {image['board']}, RAM capped at {image['ram_budget'] // 1024} KB "
                   f"(exit {image['exit']}; static RAM {image['static_ram']} B; "
                   f"stack region {image['elf'].get('stack_region', 0)} B)")
        out.append("")
        header = "| set | operation | peak stack (B) | static RAM (B) | I/O buffers (B) | instructions | ms at 168 MHz, CPI=1 (assumed) |"
        rule = "|---|---|---:|---:|---:|---:|---:|"
        if published:
            header += " published Cortex-M4 cycles |"
            rule += "---:|"
        out += [header, rule]
        for op in image["operations"]:
            line = (f"| {op['set']} | {op['op']} | {op['stack']} | {image['static_ram']} | {op['io']} | "
                    f"{op['instructions']:,} | {op['time_ms_168mhz_cpi1']} |")
            if published:
                p = published.get((op["set"], op["op"]))
                line += f" {p['cycles']:,} ({p['source']}) |" if p else " — |"
            out.append(line)
        out.append("")
    return "\n".join(out), data


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        markdown, _ = section(json.load(f))
    print(markdown)
