#!/usr/bin/env python3
"""The report's plots read at a glance (lab/plots/report_plots.py on the
fixture report.json): time.png has one log-scale panel per family with the
best backend as bars and the others as markers, on a canvas of sensible
size; bytes.png shows the 32-byte keys (its axis starts below 32 and the
bars are side by side, not stacked); memory.png's axis starts below its
smallest value; the latency plot has a panel of differences from the
x25519 configuration. Exit 77 (skipped) without matplotlib.
Usage: plots_test.py <report_plots.py> <fixture report.json>"""
import importlib.util
import json
import sys
import tempfile

try:
    import matplotlib  # noqa: F401
except ImportError:
    print("SKIP: no matplotlib")
    sys.exit(77)

spec = importlib.util.spec_from_file_location("report_plots", sys.argv[1])
plots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plots)
with open(sys.argv[2], encoding="utf-8") as f:
    report = json.load(f)

figures = {}
# Keep each figure instead of writing it (and closing it).
import os  # noqa: E402
import matplotlib.figure  # noqa: E402
matplotlib.figure.Figure.savefig = lambda fig, path, **kw: figures.__setitem__(os.path.basename(path), fig)
plots.plt.close = lambda *a, **kw: None
out = tempfile.mkdtemp()
for draw in (plots.plot_time, plots.plot_bytes, plots.plot_memory, plots.plot_tls, plots.plot_tls_latency):
    draw(report, out)

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


# time.png: one panel per family present (ML-KEM and classical in the fixture), log x.
time_axes = [ax for ax in figures["time.png"].axes if ax.get_title(loc="left")]
check(sorted(ax.get_title(loc="left") for ax in time_axes) == ["ML-KEM", "classical"],
      "time.png panels: %s" % [ax.get_title(loc="left") for ax in time_axes])
for ax in time_axes:
    check(ax.get_xscale() == "log", "time.png %s is not on a log axis" % ax.get_title(loc="left"))
    lo = ax.get_xlim()[0]
    for bar in ax.patches:
        check(bar.get_width() >= 2 * lo, "time.png: a bar of %g µs sits on the axis start %g" % (bar.get_width(), lo))
mlkem = next((ax for ax in time_axes if ax.get_title(loc="left") == "ML-KEM"), None)
if mlkem is not None:
    check(len(mlkem.patches) == 1, "time.png ML-KEM: one bar (best backend) expected, %d" % len(mlkem.patches))
    check(len(mlkem.lines) == 1, "time.png ML-KEM: one marker (portable) expected, %d" % len(mlkem.lines))
    check(mlkem.patches and mlkem.patches[0].get_width() == 12.5,
          "time.png ML-KEM: the bar is not the best backend's (avx2) 12.5 µs")
w, h = figures["time.png"].get_size_inches() * 110
check(w <= 1600 and h <= 2600, "time.png canvas %dx%d" % (w, h))

# bytes.png: 32-byte keys visible, side by side.
ax = figures["bytes.png"].axes[0]
check(ax.get_xlim()[0] <= 16, "bytes.png axis starts at %g, hiding 32-byte keys" % ax.get_xlim()[0])
check(all(abs(p.get_x() - ax.get_xlim()[0]) < 1e-6 or p.get_x() <= ax.get_xlim()[0] for p in ax.patches),
      "bytes.png bars are stacked")
labels = [t.get_text() for t in ax.texts]
check("32" in labels, "bytes.png does not write the 32-byte values: %s" % labels)

# memory.png: the smallest value is inside the axis.
ax = figures["memory.png"].axes[0]
check(ax.get_xlim()[0] < 3200, "memory.png axis starts at %g, above the smallest value" % ax.get_xlim()[0])

# tls_latency.png: a difference panel, with the baseline's own line at 0.
lat_axes = figures["tls_latency.png"].axes
check(len(lat_axes) >= 2, "tls_latency.png has no difference panel")
diff_ax = lat_axes[-1]
check("Difference from ECDSA-P256 + x25519 (exact)" in diff_ax.get_title(), "no difference panel: %s" % diff_ax.get_title())
base_line = [l for l in diff_ax.lines if l.get_label() == "ECDSA-P256 + x25519 (exact)"]
check(base_line and all(abs(v) < 1e-9 for v in base_line[0].get_ydata()), "the baseline is not at 0")

if failures:
    print("FAIL:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("plots read at a glance: all checks passed")
