#!/usr/bin/env bash
# Set up what is missing (scripts/setup.sh: fast when nothing changed), then run the suite:
#   bash scripts/test.sh                       # the whole suite, as CI runs it
#   bash scripts/test.sh tests/unit -k engine  # any pytest arguments
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest "$@"
