#!/usr/bin/env bash
# Create (or refresh) the project's virtual environment in .venv and install paigow into it.
# Needs nothing but Python 3.11+ on the machine. Idempotent: a second run is quick.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.paigow-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  log=.venv/install.log
  echo "setting up .venv (log: $log)" >&2
  if ! { .venv/bin/python -m pip install --upgrade pip \
         && .venv/bin/python -m pip install -e ".[dev]"; } >"$log" 2>&1; then
    tail -30 "$log" >&2
    echo "setup failed: see $log" >&2
    exit 1
  fi
  touch "$stamp"
fi
