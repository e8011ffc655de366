#!/usr/bin/env bash
# Set up the environment, then run the main job.
# With no arguments: a game of Pai Gow tiles at the terminal table (you at seat 1, bots at
# the others, the ledger in SQLite in the user's data directory). Any arguments are passed
# to the `paigow` command instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ "$#" -eq 0 ]; then
  set -- play tiles
fi
exec .venv/bin/paigow "$@"
