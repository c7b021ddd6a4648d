#!/bin/bash
# The main job: installs what is missing, builds Release, and runs the whole
# analysis (`pqlab report`, written to ./report/). Extra arguments go to
# `pqlab report` (e.g. --quick).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
cmake --preset release >/dev/null
cmake --build --preset release
build/release/apps/pqlab/pqlab report "$@"
