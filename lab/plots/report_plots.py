#!/usr/bin/env python3
"""Draws the plots of a pqlab report from its report.json.

Usage: report_plots.py REPORT_JSON OUT_DIR
Writes time.png (time per operation, log scale, classical baselines
hatched), bytes.png (public key + ciphertext/signature per algorithm) and
memory.png (peak memory per operation against microcontroller budgets),
tls.png (CPU per TLS handshake per side, and bytes per direction) and
tls_latency.png (the latency model: modelled handshake time against RTT),
tls_auth_bytes.png (a handshake's bytes by part: key shares, certificates,
CertificateVerify, the rest) and tls_auth_latency.png (modelled time
against RTT by certificate chain).
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def plot_time(report, out):
    results = report["bench"]["results"]
    labels, values, classical, colors = [], [], [], []
    backends = sorted({r["backend"] for r in results})
    palette = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    color_of = {b: palette[i % len(palette)] for i, b in enumerate(backends)}
    for r in results:
        labels.append("%s %s [%s]" % (r["algorithm"], r["operation"], r["backend"]))
        values.append(max(r["time_us"]["median"], 1e-3))
        classical.append(r["family"] == "classical")
        colors.append(color_of[r["backend"]])
    fig, ax = plt.subplots(figsize=(10, max(3, 0.22 * len(labels) + 1)))
    y = range(len(labels))
    bars = ax.barh(y, values, color=colors)
    for bar, is_classical in zip(bars, classical):
        if is_classical:
            bar.set_hatch("//")
            bar.set_edgecolor("black")
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("median time per operation (µs, log scale; hatched: classical OpenSSL baselines)")
    ax.set_title("Time per operation — " + report["bench"]["machine"]["cpu_model"], fontsize=9)
    handles = [plt.Rectangle((0, 0), 1, 1, color=color_of[b]) for b in backends]
    ax.legend(handles, backends, fontsize=7, loc="lower right")
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "time.png"), dpi=110)
    plt.close(fig)


def plot_bytes(report, out):
    algs = report["bench"]["algorithms"]
    names = [a["name"] for a in algs]
    pk = [a["sizes_bytes"]["public_key"] for a in algs]
    other = [a["sizes_bytes"]["signature"] or a["sizes_bytes"]["ciphertext"] for a in algs]
    fig, ax = plt.subplots(figsize=(10, max(3, 0.3 * len(names) + 1)))
    y = range(len(names))
    ax.barh(y, pk, label="public key")
    ax.barh(y, other, left=pk, label="ciphertext / signature / peer public key")
    ax.set_yticks(list(y))
    ax.set_yticklabels([n + (" (classical)" if a["family"] == "classical" else "") for n, a in zip(names, algs)],
                       fontsize=7)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("bytes on the wire (log scale)")
    ax.set_title("Public key + ciphertext or signature", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "bytes.png"), dpi=110)
    plt.close(fig)


def plot_memory(report, out):
    memory = report["sections"].get("memory") or {"rows": [], "budgets": []}
    rows = [r for r in memory["rows"] if r["family"] == "post-quantum"]
    fig, ax = plt.subplots(figsize=(10, max(3, 0.22 * len(rows) + 1.5)))
    if rows:
        labels = ["%s %s" % (r["algorithm"], r["operation"]) for r in rows]
        y = range(len(rows))
        stack = [max(r["peak_stack_bytes"], 1) for r in rows]
        buffers = [r["buffer_bytes"] for r in rows]
        ax.barh(y, stack, label="peak stack (measured)")
        ax.barh(y, buffers, left=stack, label="caller buffers (keys, message, output)")
        ax.set_yticks(list(y))
        ax.set_yticklabels(labels, fontsize=7)
        ax.invert_yaxis()
    else:
        ax.text(0.5, 0.5, "no post-quantum algorithm measured", ha="center", transform=ax.transAxes)
    for budget, style in zip(memory["budgets"], ["--", "-.", ":"]):
        ax.axvline(budget["bytes"], color="red", linestyle=style, label=budget["name"])
    ax.set_xscale("log")
    ax.set_xlabel("bytes (log scale)")
    ax.set_title("Peak memory per operation against microcontroller SRAM", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "memory.png"), dpi=110)
    plt.close(fig)


def plot_tls(report, out):
    tls = report["sections"].get("tls_handshakes") or {"configs": []}
    configs = tls["configs"]
    fig, (cpu_ax, bytes_ax) = plt.subplots(1, 2, figsize=(12, max(3, 0.35 * len(configs) + 1.5)), sharey=True)
    labels = [c["label"] for c in configs]
    y = range(len(configs))
    client = [c["client_cpu_us"] for c in configs]
    server = [c["server_cpu_us"] for c in configs]
    cpu_ax.barh(y, client, label="client")
    cpu_ax.barh(y, server, left=client, label="server")
    cpu_ax.set_xlabel("CPU µs per handshake (median run)")
    cpu_ax.legend(fontsize=7, loc="best")
    c2s = [c["client_to_server_bytes"] for c in configs]
    s2c = [c["server_to_client_bytes"] for c in configs]
    bytes_ax.barh(y, c2s, label="client → server")
    bytes_ax.barh(y, s2c, left=c2s, label="server → client")
    bytes_ax.set_xlabel("bytes per handshake")
    bytes_ax.legend(fontsize=7, loc="best")
    cpu_ax.set_yticks(list(y))
    cpu_ax.set_yticklabels(labels, fontsize=7)
    cpu_ax.invert_yaxis()
    for ax in (cpu_ax, bytes_ax):
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle("TLS 1.3 full handshakes, OpenSSL + pqlab provider", fontsize=9)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "tls.png"), dpi=110)
    plt.close(fig)


def plot_tls_latency(report, out):
    tls = report["sections"].get("tls_handshakes") or {"latency_model": {"rtt_ms": [], "rows": []}}
    model = tls["latency_model"]
    fig, ax = plt.subplots(figsize=(8, 5))
    for row in model["rows"]:
        ax.plot(model["rtt_ms"], row["ms"], marker="o", label=row["label"])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("round-trip time (ms, log scale)")
    ax.set_ylabel("modelled handshake time (ms, log scale)")
    ax.set_title("CPU + round trips × RTT (+1 RTT per flight over %d bytes)" % model.get("initcwnd_bytes", 0),
                 fontsize=9)
    ax.legend(fontsize=6)
    ax.grid(which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "tls_latency.png"), dpi=110)
    plt.close(fig)


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
    fig.savefig(os.path.join(out, "tls_auth_bytes.png"), dpi=110)
    plt.close(fig)


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
    fig.savefig(os.path.join(out, "tls_auth_latency.png"), dpi=110)
    plt.close(fig)


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
