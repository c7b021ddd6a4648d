#!/usr/bin/env python3
"""Draws the plots of a pqlab report from its report.json.

Usage: report_plots.py REPORT_JSON OUT_DIR
Writes
  time.png        time per operation, one panel per family (ML-KEM, ML-DSA,
                  SLH-DSA, classical), log scale: a bar for the best backend,
                  a marker for each other backend;
  bytes.png       public key and ciphertext/signature per algorithm, side by
                  side on a log axis that starts at 10 bytes, values written;
  memory.png      peak stack and caller buffers per operation against
                  microcontroller budgets, on a log axis that starts below the
                  smallest value, values written;
  tls.png         CPU per TLS handshake per side (with the runs' spread) and
                  bytes per direction;
  tls_latency.png the latency model: modelled handshake time against RTT, and
                  its difference from the x25519 configuration;
  tls_auth_bytes.png  a handshake's bytes by part (key shares, certificates,
                  CertificateVerify, the rest) by certificate chain;
  tls_auth_latency.png  modelled handshake time against RTT by chain.
"""
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.gridspec import GridSpec  # noqa: E402

DPI = 110
FAMILIES = ["ML-KEM", "ML-DSA", "SLH-DSA", "classical"]
BACKEND_MARKERS = {"portable": "o", "avx2": "D", "avx512": "s", "openssl": "o"}


def save(fig, out, name):
    """Writes one plot and frees it."""
    fig.savefig(os.path.join(out, name), dpi=DPI)
    plt.close(fig)


def family_of(result):
    if result.get("family") == "classical":
        return "classical"
    for f in ("ML-KEM", "ML-DSA", "SLH-DSA"):
        if result["algorithm"].startswith(f):
            return f
    return "classical"


def best_backend(report):
    kernels = report["bench"]["settings"]["kernels"]
    return kernels[-1] if kernels else None


def time_panel(ax, rows, best, backends, colors):
    """rows: [(label, {backend: us})]; a bar for best (or openssl), markers for the rest."""
    y = list(range(len(rows)))
    bar_values, bar_colors = [], []
    for label, values in rows:
        b = best if best in values else next(iter(values))
        bar_values.append(values[b])
        bar_colors.append(colors.get(b, "grey"))
    ax.barh(y, bar_values, color=bar_colors, height=0.7, zorder=2)
    for i, (label, values) in enumerate(rows):
        for b, v in values.items():
            if b == best or (b == "openssl" and len(values) == 1):
                continue
            ax.plot([v], [i], marker=BACKEND_MARKERS.get(b, "o"), color=colors.get(b, "black"),
                    markeredgecolor="black", markersize=5, linestyle="none", zorder=3)
    ax.set_yticks(y)
    ax.set_yticklabels([r[0] for r in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.grid(axis="x", which="both", alpha=0.3, zorder=0)
    lo = min(min(v.values()) for _, v in rows)
    hi = max(max(v.values()) for _, v in rows)
    # A decade boundary at least a factor 2 below the smallest value, so that
    # the shortest bar stays visible.
    ax.set_xlim(10 ** math.floor(math.log10(max(lo, 1e-3)) - 0.3), 10 ** math.ceil(math.log10(max(hi, 1e-3)) + 0.05))


def plot_time(report, out):
    results = report["bench"]["results"]
    best = best_backend(report)
    backends = sorted({r["backend"] for r in results}, key=lambda b: ["portable", "avx2", "avx512", "openssl"].index(b)
                      if b in ["portable", "avx2", "avx512", "openssl"] else 9)
    palette = {"portable": "#9ecae1", "avx2": "#6baed6", "avx512": "#08519c", "openssl": "#636363"}
    if best:
        palette[best] = "#08519c"
    grouped = {f: {} for f in FAMILIES}
    order = {f: [] for f in FAMILIES}
    for r in results:
        f = family_of(r)
        label = "%s %s" % (r["algorithm"], r["operation"])
        if label not in grouped[f]:
            grouped[f][label] = {}
            order[f].append(label)
        grouped[f][label][r["backend"]] = max(r["time_us"]["median"], 1e-3)
    present = [f for f in FAMILIES if order[f]]
    # Two columns: SLH-DSA (the most rows) on the right, the others stacked left.
    left = [f for f in present if f != "SLH-DSA"]
    right = [f for f in present if f == "SLH-DSA"]
    if not right:
        left, right = left[: (len(left) + 1) // 2], left[(len(left) + 1) // 2:]
    n_left = sum(len(order[f]) + 4 for f in left)
    n_right = sum(len(order[f]) + 4 for f in right)
    cols = 2 if right else 1
    n_rows = max(n_left, n_right, 1)
    fig = plt.figure(figsize=(13 if cols == 2 else 9, max(4.0, 0.17 * n_rows + 1.6)))
    grid = GridSpec(n_rows, cols, figure=fig, left=0.16 if cols == 2 else 0.25, right=0.98, top=0.92, bottom=0.06,
                    wspace=0.55, hspace=0.0)

    def place(families, col):
        start = 0
        for f in families:
            rows = len(order[f]) + 4  # a row above for the title, three below for the axis and its label
            ax = fig.add_subplot(grid[start + 1: start + 1 + len(order[f]), col])
            time_panel(ax, [(lbl, grouped[f][lbl]) for lbl in order[f]], best, backends, palette)
            ax.set_title(f, fontsize=9, loc="left", fontweight="bold")
            ax.set_xlabel("median µs per operation (log scale)", fontsize=7)
            ax.tick_params(axis="x", labelsize=7)
            start += rows

    place(left, 0)
    if right:
        place(right, 1)
    handles = [plt.Rectangle((0, 0), 1, 1, color=palette[best])] if best else []
    names = ["%s (best backend: bar)" % best] if best else []
    for b in backends:
        if b in (best, "openssl"):
            continue
        handles.append(plt.Line2D([], [], marker=BACKEND_MARKERS.get(b, "o"), color=palette.get(b, "black"),
                                  markeredgecolor="black", linestyle="none"))
        names.append("%s (marker)" % b)
    if "openssl" in backends:
        handles.append(plt.Rectangle((0, 0), 1, 1, color=palette["openssl"]))
        names.append("OpenSSL (classical)")
    fig.legend(handles, names, loc="upper right", fontsize=8, ncol=len(names))
    fig.suptitle("Time per operation — " + report["bench"]["machine"]["cpu_model"], fontsize=10, x=0.01, ha="left")
    save(fig, out, "time.png")


def annotate_bars(ax, bars, values, fmt="{:,}"):
    for bar, v in zip(bars, values):
        if v:
            ax.text(bar.get_width() * 1.08, bar.get_y() + bar.get_height() / 2, fmt.format(v), va="center",
                    fontsize=6)


def plot_bytes(report, out):
    algs = report["bench"]["algorithms"]
    names = [a["name"] + (" (classical)" if a["family"] == "classical" else "") for a in algs]
    pk = [a["sizes_bytes"]["public_key"] for a in algs]
    other = [a["sizes_bytes"]["signature"] or a["sizes_bytes"]["ciphertext"] for a in algs]
    fig, ax = plt.subplots(figsize=(10, max(3, 0.36 * len(names) + 1.2)))
    y = list(range(len(names)))
    h = 0.38
    b1 = ax.barh([i - h / 2 for i in y], [max(v, 1e-9) for v in pk], height=h, label="public key")
    b2 = ax.barh([i + h / 2 for i in y], [max(v, 1e-9) for v in other], height=h,
                 label="ciphertext / signature / peer public key")
    annotate_bars(ax, b1, pk)
    annotate_bars(ax, b2, other)
    ax.set_yticks(y)
    ax.set_yticklabels(names, fontsize=7)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(10, max(pk + other + [100]) * 4)
    ax.set_xlabel("bytes (log scale from 10 bytes; each bar's value written beside it)")
    ax.set_title("Public key and ciphertext or signature, side by side", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    save(fig, out, "bytes.png")


def plot_memory(report, out):
    memory = report["sections"].get("memory") or {"rows": [], "budgets": []}
    rows = [r for r in memory["rows"] if r["family"] == "post-quantum"]
    fig, ax = plt.subplots(figsize=(10, max(3, 0.3 * len(rows) + 1.8)))
    values = [1]
    if rows:
        labels = ["%s %s" % (r["algorithm"], r["operation"]) for r in rows]
        y = list(range(len(rows)))
        h = 0.38
        stack = [r["peak_stack_bytes"] for r in rows]
        buffers = [r["buffer_bytes"] for r in rows]
        values = [v for v in stack + buffers if v > 0] or [1]
        b1 = ax.barh([i - h / 2 for i in y], [max(v, 1e-9) for v in stack], height=h, label="peak stack (measured)")
        b2 = ax.barh([i + h / 2 for i in y], [max(v, 1e-9) for v in buffers], height=h,
                     label="caller buffers (keys, message, output)")
        annotate_bars(ax, b1, stack)
        annotate_bars(ax, b2, buffers)
        ax.set_yticks(y)
        ax.set_yticklabels(labels, fontsize=7)
        ax.invert_yaxis()
    else:
        ax.text(0.5, 0.5, "no post-quantum algorithm measured", ha="center", transform=ax.transAxes)
    budgets = memory["budgets"]
    for budget, style in zip(budgets, ["--", "-.", ":"]):
        ax.axvline(budget["bytes"], color="red", linestyle=style, label=budget["name"])
    ax.set_xscale("log")
    # From a power of ten below the smallest value to past the largest budget.
    lo = 10 ** math.floor(math.log10(min(values)))
    hi = max(values + [b["bytes"] for b in budgets]) * 3
    ax.set_xlim(lo, hi)
    ax.set_xlabel("bytes (log scale; each bar's value written beside it)")
    ax.set_title("Peak stack and buffers per operation against microcontroller SRAM", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    save(fig, out, "memory.png")


def plot_tls(report, out):
    tls = report["sections"].get("tls_handshakes") or {"configs": []}
    configs = tls["configs"]
    fig, (cpu_ax, bytes_ax) = plt.subplots(1, 2, figsize=(12, max(3, 0.4 * len(configs) + 1.5)), sharey=True)
    labels = [c["label"] for c in configs]
    y = list(range(len(configs)))
    h = 0.38
    client = [c["client_cpu_us"] for c in configs]
    server = [c["server_cpu_us"] for c in configs]
    cspread = [c.get("client_cpu_us_spread", 0) / 2 for c in configs]
    sspread = [c.get("server_cpu_us_spread", 0) / 2 for c in configs]
    cpu_ax.barh([i - h / 2 for i in y], client, height=h, xerr=cspread, capsize=2, label="client")
    cpu_ax.barh([i + h / 2 for i in y], server, height=h, xerr=sspread, capsize=2, label="server")
    cpu_ax.set_xlabel("CPU µs per handshake (median run; whiskers: ± half the runs' range)")
    cpu_ax.legend(fontsize=7, loc="best")
    c2s = [c["client_to_server_bytes"] for c in configs]
    s2c = [c["server_to_client_bytes"] for c in configs]
    bb1 = bytes_ax.barh([i - h / 2 for i in y], c2s, height=h, label="client → server")
    bb2 = bytes_ax.barh([i + h / 2 for i in y], s2c, height=h, label="server → client")
    annotate_bars(bytes_ax, bb1, c2s)
    annotate_bars(bytes_ax, bb2, s2c)
    bytes_ax.set_xlim(0, max(c2s + s2c + [1]) * 1.2)
    bytes_ax.set_xlabel("bytes per handshake")
    bytes_ax.legend(fontsize=7, loc="best")
    cpu_ax.set_yticks(y)
    cpu_ax.set_yticklabels(labels, fontsize=7)
    cpu_ax.invert_yaxis()
    for ax in (cpu_ax, bytes_ax):
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle("TLS 1.3 full handshakes, OpenSSL + pqlab provider", fontsize=9)
    fig.tight_layout()
    save(fig, out, "tls.png")


def plot_tls_latency(report, out):
    tls = report["sections"].get("tls_handshakes") or {"latency_model": {"rtt_ms": [], "rows": []}}
    model = tls["latency_model"]
    rows = model["rows"]
    rtt = model["rtt_ms"]
    base = next((r for r in rows if r["label"].startswith("ECDSA-P256 + x25519 (exact)")), rows[0] if rows else None)
    fig, (abs_ax, diff_ax) = plt.subplots(1, 2, figsize=(13, 5.2))
    styles = ["-", "--", "-.", ":"]
    markers = ["o", "s", "D", "^", "v", "P", "X", "*", "h", "<", ">"]
    for i, row in enumerate(rows):
        kw = dict(marker=markers[i % len(markers)], linestyle=styles[i % len(styles)], label=row["label"],
                  markersize=4)
        abs_ax.plot(rtt, row["ms"], **kw)
        if base is not None:
            diff_ax.plot(rtt, [a - b for a, b in zip(row["ms"], base["ms"])], **kw)
    abs_ax.set_xscale("log")
    abs_ax.set_yscale("log")
    abs_ax.set_xlabel("round-trip time (ms, log scale)")
    abs_ax.set_ylabel("modelled handshake time (ms, log scale)")
    abs_ax.set_title("CPU + round trips × RTT (+1 RTT per flight over %d bytes)" % model.get("initcwnd_bytes", 0),
                     fontsize=9)
    abs_ax.grid(which="both", alpha=0.3)
    diff_ax.set_xscale("log")
    # Symmetric log: the CPU differences (tenths of a ms) and the extra round
    # trips (whole RTTs) both stay readable.
    diff_ax.set_yscale("symlog", linthresh=0.05)
    diff_ax.set_xlabel("round-trip time (ms, log scale)")
    diff_ax.set_ylabel("difference (ms, symmetric log scale)")
    diff_ax.set_title("Difference from %s" % (base["label"] if base else "the first configuration"), fontsize=9)
    diff_ax.axhline(0, color="black", linewidth=0.8)
    diff_ax.grid(which="both", alpha=0.3)
    handles, labels = abs_ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", fontsize=7, ncol=3)
    fig.tight_layout(rect=(0, 0.05 + 0.03 * math.ceil(len(rows) / 3), 1, 1))
    save(fig, out, "tls_latency.png")


def plot_tls_auth_bytes(report, out):
    auth = report["sections"].get("tls_auth") or {"breakdown": [], "latency_model": {}}
    rows = auth["breakdown"]
    window = auth["latency_model"].get("initcwnd_bytes", 0)
    fig, ax = plt.subplots(figsize=(10, max(3, 0.5 * len(rows) + 1.5)))
    labels = [r["label"] + (" [composed]" if r["composed"] else "") for r in rows]
    y = range(len(rows))
    left = [0] * len(rows)
    for key, name in (("key_share_bytes", "key shares"), ("certificate_bytes", "certificates (in records)"),
                      ("certificate_verify_bytes", "CertificateVerify (in records)"), ("rest_bytes", "the rest")):
        values = [r[key] for r in rows]
        ax.barh(y, values, left=left, label=name)
        left = [a + b for a, b in zip(left, values)]
    for i, (total, r) in enumerate(zip(left, rows)):
        extra = r["server_flight_extra_round_trips"]
        ax.text(total, i, " %d; server flight %d: %s" % (
            total, r["server_flight_bytes"], "+%d RTT" % extra if extra else "fits"), va="center", fontsize=7)
    ax.set_xlim(0, max(left + [1]) * 1.45)
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("bytes per handshake, both directions (server flight against the initial window of %d bytes)"
                  % window)
    ax.legend(fontsize=7, loc="upper right")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title("TLS 1.3 handshake bytes by part (composed: OpenSSL 3.0 cannot negotiate PQ signatures)",
                 fontsize=9)
    fig.tight_layout()
    save(fig, out, "tls_auth_bytes.png")


def plot_tls_auth_latency(report, out):
    auth = report["sections"].get("tls_auth") or {"breakdown": [], "latency_model": {"rtt_ms": []}}
    rtts = auth["latency_model"]["rtt_ms"]
    fig, ax = plt.subplots(figsize=(8, 5))
    for row in auth["breakdown"]:
        if row["latency_ms"] is None:
            continue
        style = "--" if row["composed"] else "-"
        ax.plot(rtts, row["latency_ms"], style, marker="o",
                label=row["label"] + (" [composed]" if row["composed"] else ""))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("round-trip time (ms, log scale)")
    ax.set_ylabel("modelled handshake time (ms, log scale)")
    ax.set_title("CPU + round trips × RTT (+ slow start's extra rounds over %d bytes)"
                 % auth["latency_model"].get("initcwnd_bytes", 0), fontsize=9)
    ax.legend(fontsize=7)
    ax.grid(which="both", alpha=0.3)
    fig.tight_layout()
    save(fig, out, "tls_auth_latency.png")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report_plots.py REPORT_JSON OUT_DIR")
    with open(sys.argv[1], encoding="utf-8") as f:
        report = json.load(f)
    out = sys.argv[2]
    plot_time(report, out)
    plot_bytes(report, out)
    plot_memory(report, out)
    plot_tls(report, out)
    plot_tls_latency(report, out)
    plot_tls_auth_bytes(report, out)
    plot_tls_auth_latency(report, out)
    print("time.png bytes.png memory.png tls.png tls_latency.png tls_auth_bytes.png tls_auth_latency.png")


if __name__ == "__main__":
    main()
