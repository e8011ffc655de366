#!/usr/bin/env bash
# Set up the environment, then run every check: ruff, mypy and the whole pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev
# CI runs the PostgreSQL ledger tests against a real server: install it if missing.
if [ "${CI:-}" = true ]; then bash scripts/services.sh; fi
# axe-core, which the browser tests run in every page (tests/web/axe.py): from npm
bash scripts/axe.sh
echo "== ruff"; .venv/bin/ruff check src tests benchmarks scripts setup.py
echo "== mypy"; .venv/bin/mypy
# The release: sdist and wheel built and checked, the core wheel alone in a clean venv.
echo "== package"; bash scripts/check_package.sh
# Two workers (pytest-xdist) by default, PYTEST_WORKERS=0 for one process: each test file
# runs whole on one worker, and files sharing a one-time build on the same one
# (tests/conftest.py).
echo "== pytest"; .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" --dist loadfile "$@"
