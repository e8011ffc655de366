#!/usr/bin/env bash
# Set up the environment, then run the main job. With no arguments: the tiles command line's
# facts; any arguments are passed to the `paigow` command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ "$#" -eq 0 ]; then
  set -- tiles facts
fi
exec .venv/bin/paigow "$@"
