"""A throwaway PostgreSQL server for the tests that need one (the ledger on a server, the
card room of many processes).

``pg_server`` starts one (initdb + pg_ctl from Debian's ``postgresql`` package, in a temp
dir, on a free localhost port; as the ``postgres`` user when we run as root) for a test
module; ``pg_url`` is a fresh database on it; ``backend`` is each backend in turn (SQLite,
PostgreSQL). Without the server binaries or psycopg the tests are skipped — except under
``CI=true``, where they fail. Import the fixtures into a test module (or a folder's
conftest) to use them; :func:`throwaway_postgres` is the same server outside pytest (the
benchmarks).
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def missing(reason: str) -> None:
    """Skip a test that needs a missing service; fail it on CI, where services.sh installs it."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the PostgreSQL tests must run on CI: {reason}", pytrace=False)
    pytest.skip(reason)


def _pg_bin() -> Path | None:
    """The newest installed server's bin dir, if any."""
    found = [d for d in Path("/usr/lib/postgresql").glob("*/bin")
             if (d / "initdb").exists() and (d / "pg_ctl").exists()]
    found.sort(key=lambda d: int(d.parent.name) if d.parent.name.isdigit() else 0)
    return found[-1] if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    def __init__(self, port: int) -> None:
        self.port = port
        self._names = itertools.count(1)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = f"t{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(f"CREATE DATABASE {name}")
        return self.url(name)


class Missing(Exception):
    """A service the caller needs is not installed (the reason says which)."""


@contextmanager
def throwaway_postgres(fsync: bool = False) -> Iterator[PgServer]:
    """A PostgreSQL server of its own in a temp dir, on a free localhost port, stopped and
    removed at the end (``fsync``: as a production server, else without it, for speed).
    Raises :class:`Missing` without psycopg or the server's binaries."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise Missing("psycopg is not installed (pip install 'paigow[postgres]')") from None
    bindir = _pg_bin()
    if bindir is None:
        raise Missing("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin "
                      "(scripts/services.sh installs them)")
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as `postgres`
        import pwd

        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            raise Missing("running as root and there is no `postgres` user to run the "
                          "server") from None
        if shutil.which("runuser") is None:
            raise Missing("running as root and there is no runuser to run the server as "
                          "`postgres`")
        as_user = ["runuser", "-u", "postgres", "--"]
    root = tempfile.mkdtemp(prefix="paigow-pg-")  # in /tmp: pytest's tmp dirs are root-only
    if as_user:
        os.chown(root, pw.pw_uid, pw.pw_gid)
    data, log = f"{root}/data", f"{root}/server.log"

    def run(*cmd: str) -> None:
        done = subprocess.run([*as_user, *cmd], capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            tail = Path(log).read_text()[-2000:] if Path(log).exists() else ""
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{done.stdout}{done.stderr}{tail}")

    try:
        run(str(bindir / "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8",
            "--locale=C", "--no-sync", "--no-instructions")
        for attempt in range(3):  # the free port may be taken before the server binds it
            port = free_port()
            try:
                run(str(bindir / "pg_ctl"), "-D", data, "-l", log, "-w", "-t", "300", "-o",
                    f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=300"
                    + ("" if fsync else " -F"), "start")
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        yield PgServer(port)
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                       capture_output=True, timeout=600)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def pg_server() -> Iterator[PgServer]:
    try:
        with throwaway_postgres() as server:
            yield server
    except Missing as exc:
        missing(str(exc))


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    return pg_server.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend, as ``--db`` names it."""
    if request.param == "sqlite":
        return str(tmp_path / "ledger.sqlite3")
    return str(request.getfixturevalue("pg_url"))
