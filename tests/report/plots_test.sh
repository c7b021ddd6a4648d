#!/bin/bash
# Runs plots_test.py with the first Python that has matplotlib ($PQLAB_PYTHON,
# python3, /usr/bin/python3, as pqlab report looks for one); exit 77 (ctest:
# skipped) when none has it.
# Usage: plots_test.sh <source dir>
SRC=$1
for p in "${PQLAB_PYTHON:-}" python3 /usr/bin/python3; do
  if [ -n "$p" ] && "$p" -c 'import matplotlib' 2>/dev/null; then
    exec "$p" "$SRC/tests/report/plots_test.py" "$SRC/lab/plots/report_plots.py" "$SRC/tests/report/fixture/report.json"
  fi
done
echo "SKIP: no python3 with matplotlib (scripts/setup.sh installs python3-matplotlib)"
exit 77
