#!/usr/bin/env bash
# Set up the environment (the core and the web extra, paigow[web]: what `serve` needs; no
# test tools), then run the main job.
# With no arguments: the browser lobby at http://127.0.0.1:8000/, one table of each game
# (people join from their browsers, bots play the empty seats; the ledger in SQLite in the
# user's data directory). Any arguments are passed to the `paigow` command instead, e.g.
# `bash scripts/run.sh play tiles` for the terminal table.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ "$#" -eq 0 ]; then
  set -- serve
fi
exec .venv/bin/paigow "$@"
