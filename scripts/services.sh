#!/usr/bin/env bash
# Make sure the services the tests need are on the machine: today, PostgreSQL's server
# binaries (initdb, pg_ctl, postgres), which tests/table/test_store_postgres.py uses to start
# a throwaway server of its own. On Debian/Ubuntu, as root, installs the `postgresql` package
# when they are missing; otherwise only reports. Quiet: apt's output goes to a log file,
# whose tail is shown if the install fails. Idempotent: a second run does nothing.
set -euo pipefail
log=${PAIGOW_SERVICES_LOG:-/tmp/paigow-services.log}

have_postgres() {
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
    && compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null
}

if have_postgres; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "services: PostgreSQL server binaries are missing (install the postgresql package)" >&2
  exit 0
fi
echo "services: installing PostgreSQL (log: $log)" >&2
if ! { DEBIAN_FRONTEND=noninteractive apt-get update -q \
       && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            postgresql; } >"$log" 2>&1; then
  tail -30 "$log" >&2
  echo "services: installing PostgreSQL failed: see $log" >&2
  exit 1
fi
if ! have_postgres; then
  echo "services: postgresql installed but no initdb/pg_ctl under /usr/lib/postgresql/*/bin" >&2
  exit 1
fi
