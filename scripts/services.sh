#!/usr/bin/env bash
# Make sure the services the tests need are on the machine: PostgreSQL's server binaries
# (initdb, pg_ctl, postgres), which tests/table/test_store_postgres.py uses to start a
# throwaway server of its own, and Debian's Chromium (/usr/bin/chromium), which
# tests/web/test_browser.py drives through Playwright (never `playwright install`). On
# Debian/Ubuntu, as root, installs the `postgresql` and `chromium` packages when they are
# missing, and the cairo library (libcairo2) that CairoSVG draws the PDF strategy card with
# (tests/poker/test_strategy_card.py); otherwise only reports. Quiet: apt's output goes to a log file,
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

missing=()
have_postgres || missing+=(postgresql)
have_chromium || missing+=(chromium)
have_cairo || missing+=(libcairo2)
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
