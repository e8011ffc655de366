#!/usr/bin/env bash
# Make sure the services the tests need are on the machine: PostgreSQL's server binaries
# (initdb, pg_ctl, postgres), which tests/table/test_store_postgres.py and
# tests/web/test_room.py use to start a throwaway server of their own (tests/pgkit.py),
# Debian's nginx, the front proxy of tests/web/test_room.py's card room (`paigow proxy
# --run` starts it; the package's own service is not started), Debian's Chromium
# (/usr/bin/chromium), which tests/web/test_browser.py drives through Playwright (never
# `playwright install`), and the cairo library (libcairo2) that CairoSVG draws the PDF
# strategy card with (tests/poker/test_strategy_card.py), and npm, which scripts/axe.sh
# installs axe-core with (the accessibility checks of the browser tests), and a font with
# Chinese glyphs (Debian's `fonts-noto-cjk`: without it Chromium draws the pages in zh-Hant
# and zh-Hans as empty boxes, which the screenshots of tests/web/test_i18n.py would show).
# On Debian/Ubuntu, as root, installs the `postgresql`, `nginx`, `chromium`, `libcairo2`,
# `npm` and `fonts-noto-cjk` packages when they are missing; otherwise only reports. Quiet: apt's output goes to a log file,
# whose tail is shown if the install fails. Idempotent: a second run does nothing.
set -euo pipefail
log=${PAIGOW_SERVICES_LOG:-/tmp/paigow-services.log}

have_postgres() {
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
    && compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null
}

have_chromium() {
  [ -x /usr/bin/chromium ]
}

have_cairo() {
  ldconfig -p 2>/dev/null | grep -q 'libcairo\.so\.2'
}

have_nginx() {
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]
}

have_npm() {
  command -v npm >/dev/null
}

have_cjk_font() {
  # the package's fonts where Debian puts them, or any font fontconfig says covers Chinese
  compgen -G "/usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc" >/dev/null \
    || { command -v fc-list >/dev/null && [ -n "$(fc-list :lang=zh-tw family 2>/dev/null)" ]; }
}

# Two runs at once (two clones' CI on one machine) would both call apt-get, and the second
# fails on dpkg's lock: each run waits here for the other, then sees what it installed
# (no flock, or a lock file this user cannot open: no waiting, as before).
if command -v flock >/dev/null && { exec 9>>"${TMPDIR:-/tmp}/paigow-services.lock"; } 2>/dev/null; then
  flock 9
fi

missing=()
have_postgres || missing+=(postgresql)
have_chromium || missing+=(chromium)
have_cairo || missing+=(libcairo2)
have_nginx || missing+=(nginx)
have_npm || missing+=(npm)
have_cjk_font || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "services: missing: ${missing[*]} (install these packages)" >&2
  exit 0
fi
echo "services: installing ${missing[*]} (log: $log)" >&2
if ! { DEBIAN_FRONTEND=noninteractive apt-get update -q \
       && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            "${missing[@]}"; } >"$log" 2>&1; then
  tail -30 "$log" >&2
  echo "services: installing ${missing[*]} failed: see $log" >&2
  exit 1
fi
if ! have_postgres; then
  echo "services: postgresql installed but no initdb/pg_ctl under /usr/lib/postgresql/*/bin" >&2
  exit 1
fi
if ! have_chromium; then
  echo "services: chromium installed but /usr/bin/chromium is missing" >&2
  exit 1
fi
if ! have_nginx; then
  echo "services: nginx installed but there is no nginx command" >&2
  exit 1
fi
if ! have_cjk_font; then
  echo "services: fonts-noto-cjk installed but no font covers Chinese" >&2
  exit 1
fi
