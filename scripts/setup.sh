#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment in .venv and install paigow into it.
# Needs nothing but Python 3.11+ on the machine. Idempotent: a second run is quick.
#   bash scripts/setup.sh        what running needs: the core and the browser table
#                                (paigow[web])
#   bash scripts/setup.sh core   the core alone: the engines, ways, odds, command line
#   bash scripts/setup.sh dev    every extra (paigow[all]) plus the test, lint, docs and
#                                build tools (pytest, ruff, mypy, Playwright, mkdocs, twine)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
profile=${1:-run}
case "$profile" in
  core) spec="." ;;
  run) spec=".[web]" ;;
  dev) spec=".[dev]" ;;
  *) echo "setup: unknown profile '$profile' (core, run or dev)" >&2; exit 2 ;;
esac
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.paigow-$profile
fresh() { [ -f "$1" ] && [ ! pyproject.toml -nt "$1" ]; }
# the dev environment holds everything the run one does, and the run one the core
if fresh "$stamp" || { [ "$profile" != dev ] && fresh .venv/.paigow-dev; } \
    || { [ "$profile" = core ] && fresh .venv/.paigow-run; }; then
  exit 0
fi
log=.venv/install.log
echo "setting up .venv for $profile (log: $log)" >&2
if ! { .venv/bin/python -m pip install --upgrade pip \
       && .venv/bin/python -m pip install -e "$spec"; } >"$log" 2>&1; then
  tail -30 "$log" >&2
  echo "setup failed: see $log" >&2
  exit 1
fi
touch "$stamp"
