#!/bin/bash
# Copies a report's commit-stamped summary into docs/RESULTS.md and replaces
# the headline table in README.md (between the markers
# <!-- headline-figures:begin --> and <!-- headline-figures:end -->) with a
# small subset of it: ML-KEM-768 keygen/encaps/decaps, ML-DSA-65
# keygen/sign/verify, SLH-DSA-SHA2-128f sign, X25519 derive and Ed25519 sign
# where present. Run it after a full `pqlab report` on a quiet machine.
# Usage: scripts/update_docs_figures.sh [REPORT_DIR (default: report)] [REPO_ROOT (default: this checkout)]
set -euo pipefail
REPORT=${1:-report}
ROOT=${2:-$(cd "$(dirname "$0")/.." && pwd)}
die() { echo "update_docs_figures.sh: $*" >&2; exit 1; }

summary_md="$REPORT/summary.md"
summary_csv="$REPORT/summary.csv"
readme="$ROOT/README.md"
[ -s "$summary_md" ] || die "no $summary_md: run 'pqlab report --out $REPORT' first"
[ -s "$summary_csv" ] || die "no $summary_csv: run 'pqlab report --out $REPORT' first"
[ -f "$readme" ] || die "no $readme"
begin='<!-- headline-figures:begin -->'
end='<!-- headline-figures:end -->'
nb=$(grep -cxF "$begin" "$readme" || true)
ne=$(grep -cxF "$end" "$readme" || true)
[ "$nb" -eq 1 ] && [ "$ne" -eq 1 ] ||
  die "README.md must contain each marker exactly once, on a line of its own: '$begin' (found $nb) and '$end' (found $ne)"
[ "$(grep -nxF "$begin" "$readme" | cut -d: -f1)" -lt "$(grep -nxF "$end" "$readme" | cut -d: -f1)" ] ||
  die "README.md: '$begin' must come before '$end'"
head -1 "$summary_csv" | grep -q '^algorithm,family,operation,backend,median_us,median_ms,median_ticks,est_core_cycles,' ||
  die "$summary_csv is not a pqlab summary.csv"

commit=$(sed -n 's/^- Commit: `\(.*\)`$/\1/p' "$summary_md" | head -1)
date=$(sed -n 's/^- Date: //p' "$summary_md" | head -1)
cpu=$(sed -n 's/^- CPU: //p' "$summary_md" | head -1)
[ -n "$commit" ] && [ -n "$date" ] || die "$summary_md has no commit and date stamp"

# The headline rows, in this order, from the CSV (numbers, not formatted text).
table=$(awk -F, -v OFS=' | ' '
  BEGIN { n = split("ML-KEM-768 keygen,ML-KEM-768 encaps,ML-KEM-768 decaps,ML-DSA-65 keygen,ML-DSA-65 sign," \
                    "ML-DSA-65 verify,SLH-DSA-SHA2-128f sign,X25519 derive,Ed25519 sign", want, ",") }
  NR > 1 { row[$1 " " $3] = $0 }
  END {
    print "| scheme | operation | backend | µs | ≈ core cycles (estimate) | public key (B) | ciphertext / signature (B) |"
    print "|---|---|---|---:|---:|---:|---:|"
    found = 0
    for (i = 1; i <= n; i++) {
      if (!(want[i] in row)) continue
      split(row[want[i]], f, ",")
      cycles = f[8] == "" ? "—" : sprintf("%\047d", f[8])
      printf "| %s | %s | %s | %.1f | %s | %d | %d |\n", f[1], f[3], f[4], f[5], cycles, f[9], f[11]
      found++
    }
    if (found == 0) exit 3
  }' "$summary_csv") || die "$summary_csv has none of the headline rows"

mkdir -p "$ROOT/docs"
cp "$summary_md" "$ROOT/docs/RESULTS.md"

caveat=""
grep -q 'figures suspect' "$summary_md" && caveat=" **Measured on a busy machine: suspect.**"
grep -q 'quick mode' "$summary_md" && caveat="$caveat **Quick mode: short measurements.**"
block=$(printf '%s\n\n%s' \
  "Measured by \`pqlab report\` at commit \`$commit\` on $cpu, $date ([full summary](docs/RESULTS.md)).$caveat" \
  "$table")
tmp=$(mktemp "$ROOT/README.md.XXXXXX")
awk -v begin="$begin" -v end="$end" -v block="$block" '
  $0 == begin { print; print block; skip = 1; next }
  $0 == end { skip = 0 }
  !skip { print }' "$readme" >"$tmp"
mv "$tmp" "$readme"
echo "updated docs/RESULTS.md and the README headline table (commit $commit)"
