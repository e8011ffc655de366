#!/usr/bin/env bash
# The installed size of the core and of each extra (docs/index.md's table): the wheel is
# built, then installed into a clean virtual environment per row; the figure is its
# site-packages less pip and setuptools, and the count of packages it holds.
#   bash scripts/install_sizes.sh            # about 10-30 minutes on a 2-core machine
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/paigow-sizes.XXXXXX")
trap 'rm -rf "$work"' EXIT
.venv/bin/python -m build --wheel --no-isolation -o "$work/dist" . >"$work/build.log" 2>&1
whl=$(ls "$work"/dist/*.whl)
for extra in core web pdf postgres cluster plots all; do
  v="$work/v-$extra"
  python3 -m venv "$v"
  spec="$whl"; [ "$extra" != core ] && spec="$whl[$extra]"
  "$v/bin/python" -m pip install -q "$spec" >"$work/$extra.log" 2>&1
  site=$("$v/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
  total=$(du -sk "$site" | cut -f1)
  base=$(du -sk "$site"/pip* "$site"/setuptools* "$site"/_distutils_hack 2>/dev/null \
         | awk '{s += $1} END {print s + 0}')
  n=$("$v/bin/python" -m pip list --format=freeze | grep -v -i -E '^(pip|setuptools)==' | wc -l)
  echo "$extra: $(( (total - base) / 1024 )) MiB, $n packages"
  rm -rf "$v"
done
