#!/bin/bash
# report.html renders in headless Chromium without console errors: a tiny
# report from fixture files (report.json for the plots, report.md for the
# text; no measurement) goes through `pqlab report --render-html`, which
# draws the plots from the JSON when matplotlib is there (else the test
# draws stand-in PNGs) and writes the self-contained report.html. Chromium
# then loads it from a file: URL, screenshots it, and dumps the DOM, whose
# <html data-render="ok"> the page's own script sets once every image has
# decoded (and "error" on a script error or a broken image).
# Exit 77 (ctest: skipped) only when chromium is not installed.
# Usage: html_render_test.sh <pqlab binary> <fixture dir>
set -u
PQLAB=$1
FIXTURE=$2
CHROMIUM=$(command -v chromium || true)
if [ -z "$CHROMIUM" ]; then
  echo "SKIP: chromium is not installed (scripts/setup.sh test installs it)"
  exit 77
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cp "$FIXTURE/report.md" "$FIXTURE/report.json" "$WORK/"
PY=""
for p in "${PQLAB_PYTHON:-}" python3 /usr/bin/python3; do
  [ -n "$p" ] && "$p" -c 'import matplotlib' 2>/dev/null && { PY=$p; break; }
done
if [ -n "$PY" ]; then
  # The plotting script itself, on the fixture JSON (every plot must draw).
  "$PY" "$(dirname "$0")/../../lab/plots/report_plots.py" "$WORK/report.json" "$WORK" >"$WORK/plots.log" 2>&1 ||
    fail "report_plots.py failed on the fixture: $(tail -3 "$WORK/plots.log")"
else
  echo "note: no python3 with matplotlib; stand-in images"
  # A 1x1 PNG.
  for f in time.png bytes.png; do
    echo 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' |
      base64 -d >"$WORK/$f"
  done
fi

"$PQLAB" report --render-html --out "$WORK" >"$WORK/render.out" 2>&1 || fail "render exit $?: $(cat "$WORK/render.out")"
html="$WORK/report.html"
[ -s "$html" ] || { echo "FAIL: no report.html"; exit 1; }
grep -q '<table>' "$html" || fail "report.html has no table"
[ "$(grep -o 'src="data:image/png;base64,' "$html" | wc -l)" -eq 2 ] || fail "report.html does not inline both plots"
grep -Eq '(src|href)="(https?:)?//' "$html" && fail "report.html refers to the network"
grep -q 'code &lt;tag&gt;' "$html" || fail "report.html does not escape the markdown's text"

run_chromium() {  # run_chromium <profile dir> <args...>
  local profile=$1; shift
  timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$profile" \
    --enable-logging=stderr --v=0 --window-size=1280,2000 "$@"
}
run_chromium "$WORK/profile1" --screenshot="$WORK/shot.png" "file://$html" >"$WORK/shot.out" 2>"$WORK/shot.err" ||
  fail "chromium --screenshot exit $?: $(tail -3 "$WORK/shot.err")"
[ -s "$WORK/shot.png" ] || fail "no screenshot"
run_chromium "$WORK/profile2" --dump-dom "file://$html" >"$WORK/dom.html" 2>"$WORK/dom.err" ||
  fail "chromium --dump-dom exit $?"
# Console messages (errors, uncaught exceptions) are logged as ...:CONSOLE(...)] lines.
if grep -h ':CONSOLE' "$WORK/shot.err" "$WORK/dom.err"; then fail "console messages while rendering report.html"; fi
grep -q 'data-render="ok"' "$WORK/dom.html" ||
  fail "the page did not report a clean render: $(grep -o 'data-render="[a-z]*"' "$WORK/dom.html" || echo 'no flag set')"

# The check itself catches a broken page: a broken image must set data-render="error".
sed 's|src="data:image/png;base64,[^"]*"|src="data:image/png;base64,AAAA"|' "$html" >"$WORK/broken.html"
run_chromium "$WORK/profile3" --dump-dom "file://$WORK/broken.html" >"$WORK/broken-dom.html" 2>/dev/null
grep -q 'data-render="error"' "$WORK/broken-dom.html" || fail "a broken image was not detected"

if [ "$failures" -ne 0 ]; then echo "$failures failure(s)"; exit 1; fi
echo "report.html renders in headless Chromium without console errors"
