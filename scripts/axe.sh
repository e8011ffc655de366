#!/usr/bin/env bash
# Install axe-core (the accessibility engine the browser tests run in each page,
# tests/web/axe.py) from the npm registry with the machine's npm, into .venv/npm (beside
# the project's Python environment: `bash scripts/setup.sh dev` first). Idempotent: a
# second run does nothing. Quiet: npm's output goes to .venv/npm/install.log, whose tail is
# shown if the install fails. Without npm it says so and exits 0 (the browser tests then
# skip their accessibility checks, except under CI=true, where they fail:
# scripts/services.sh installs Debian's npm there).
set -euo pipefail
cd "$(dirname "$0")/.."
version=4.14.1
dir=.venv/npm
script=$dir/node_modules/axe-core/axe.min.js
if [ -f "$script" ] && grep -q "\"version\": \"$version\"" "$dir/node_modules/axe-core/package.json"; then
  exit 0
fi
if ! command -v npm >/dev/null; then
  echo "axe: npm is missing (apt-get install npm): the accessibility checks cannot run" >&2
  exit 0
fi
mkdir -p "$dir"
log=$dir/install.log
echo "axe: installing axe-core $version into $dir (log: $log)" >&2
if ! npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock \
       "axe-core@$version" >"$log" 2>&1; then
  tail -30 "$log" >&2
  echo "axe: installing axe-core failed: see $log" >&2
  exit 1
fi
test -f "$script"
