#!/usr/bin/env bash
# Set up the environment, then run every check: ruff, mypy and the whole pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev
# CI runs the PostgreSQL ledger tests against a real server: install it if missing.
if [ "${CI:-}" = true ]; then bash scripts/services.sh; fi
echo "== ruff"; .venv/bin/ruff check src tests benchmarks
echo "== mypy"; .venv/bin/mypy
echo "== pytest"; .venv/bin/python -m pytest "$@"
