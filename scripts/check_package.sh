#!/usr/bin/env bash
# The release check (issue 23 §6), run by scripts/test.sh: build the sdist and the wheel,
# check them with twine, install the core wheel ALONE into a clean virtual environment
# (the core's dependencies from the package index, no extra) and there:
#   - value a tile hand and advise a poker hand (the first advice builds its cached table
#     into XDG_CACHE_HOME: the caller's, so a later run finds it);
#   - list none of the web stack, the PDF, PostgreSQL, Dask or plotting packages;
#   - `paigow serve` and a PDF card exit 2 with one line naming the extra to install.
# Every step says what it does; the first failure stops with its reason.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/paigow-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
say() { echo "package: $*"; }
die() { echo "package: FAILED: $*" >&2; exit 1; }

say "building the sdist and the wheel (log: $work/build.log)"
.venv/bin/python -m build --no-isolation -o "$work/dist" . >"$work/build.log" 2>&1 \
  || { tail -30 "$work/build.log" >&2; die "python -m build"; }
say "twine check --strict"
.venv/bin/twine check --strict "$work"/dist/* || die "twine check"

wheel=$(ls "$work"/dist/paigow-*.whl)
say "installing $(basename "$wheel") alone into a clean venv"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "$wheel" >"$work/install.log" 2>&1 \
  || { tail -30 "$work/install.log" >&2; die "pip install of the core wheel"; }
bin="$work/venv/bin"
cd "$work"  # away from the checkout: the installed package, not src/

out=$("$bin/paigow" tiles value 6-6 5-4)
echo "  $out"
[[ "$out" == *"Teen Wong"* ]] || die "tiles value 6-6 5-4 is not Teen Wong"

say "poker advise (the first call builds the cached table)"
out=$("$bin/paigow" poker advise As Ad Kc Qh 9s 8s Jk --json)
"$bin/python" - "$out" <<'PY' || die "poker advise"
import json, sys
a = json.loads(sys.argv[1])
# every hand of the 46 cards left: C(46, 7) = 53,524,680, each won, pushed or lost
assert a["opponent_hands"] == 53_524_680, a["opponent_hands"]
assert all(s["win"] + s["push"] + s["lose"] == 53_524_680 for s in a["settings"])
b = a["best"]
print(f"  best of {len(a['settings'])} settings: {b['high']} | {b['low']} (EV {b['ev']:+.4f})")
PY

say "the core installs none of the extras' packages"
heavy=$("$bin/python" -m pip list --format=freeze | cut -d= -f1 | tr 'A-Z_' 'a-z-' \
  | grep -x -E 'fastapi|starlette|uvicorn|uvloop|httptools|websockets|jinja2|argon2-cffi|argon2-cffi-bindings|orjson|cairosvg|cairocffi|psycopg|psycopg-binary|dask|distributed|matplotlib|babel' || true)
[ -z "$heavy" ] || die "the core wheel installed: $(echo $heavy)"
"$bin/python" -m pip list --format=freeze | sed 's/^/  /'

say "paigow serve without the web extra"
set +e
err=$("$bin/paigow" serve 2>&1 >/dev/null); code=$?
set -e
echo "  exit $code: $err"
[ "$code" = 2 ] || die "paigow serve exited $code, not 2"
[ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || die "paigow serve said more than one line"
[[ "$err" == *"pip install 'paigow[web]'"* ]] || die "paigow serve does not name paigow[web]"

say "a PDF card without the pdf extra"
set +e
err=$("$bin/paigow" poker card foxwoods -o card.pdf 2>&1 >/dev/null); code=$?
set -e
echo "  exit $code: $err"
[ "$code" = 2 ] && [[ "$err" == *"pip install 'paigow[pdf]'"* ]] || die "the PDF card"
[ ! -e card.pdf ] || die "a card was written"
say "ok"
