"""The ledger in SQLite: sessions, rounds, and double-entry ledger entries.

The standard library's :mod:`sqlite3`, the default backend. A file is chosen by path
(``--db PATH``) or by URL ``sqlite:///PATH``; the default file lives in the user's data
directory (:func:`default_db_path`). A PostgreSQL URL goes to :mod:`paigow.store.postgres`
(see :func:`paigow.store.open_store`). The SQL itself, shared by both, is in
:mod:`paigow.store.base`.

**Transactions.** A session starts in one transaction (the session and its buy-ins). A
round is written in two: *open* (deck order, dice, bets moved to ``bets``, the banker's
cover moved to ``bank``) and *settle* (hands, results, every settlement entry, the round
marked ``settled``). SQLite makes each atomic, so a process killed at any point leaves
either no round, an open round, or a settled one. :meth:`SqliteStore.recover`, run every
time the database is opened for writing, voids each open round whose table is gone, in one
transaction: it writes the reverse of each of the round's entries (every bet goes back to
its seat, every cover back to the banker), marks the round ``void`` and leaves an entry in
the ``audit`` table. No chip is lost or doubled.

**Which table is gone** is told by a lease, never by a process id: the store that starts
a session holds an OS file lock on ``<db>.leases/session-<id>`` while it is open
(:mod:`paigow.store.lease`); the kernel drops it when the process dies. A round whose
session's lease is held is left alone, so two tables may share one database file. A round
that fails in-process (an exception, input ending at the prompt) is voided at once by the
table through :meth:`SqliteStore.void_round`; an operator can void a stuck one
(``paigow void``).

**Read-only.** ``readonly=True`` (``history``, ``replay``, ``verify``) opens the file with
SQLite's ``mode=ro``: nothing is created, migrated or recovered, and a ledger the user may
only read can be read.

**Auditing in SQL.** The ``balance`` view gives every account's balance per session;
:meth:`SqliteStore.check` lists every broken invariant (none, normally).
"""

from __future__ import annotations

import os
import socket
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from paigow.errors import PaigowError
from paigow.masking import mask_url
from paigow.store.base import ADDED_COLUMNS, SCHEMA_VERSION, Row, SqlStore, schema
from paigow.store.lease import Leases

SCHEMA = ";\n".join(
    schema(
        id_column="INTEGER PRIMARY KEY",
        integer="INTEGER",
        amount_check=" AND typeof(amount) = 'integer'",
        create_view="CREATE VIEW IF NOT EXISTS",
    )
) + ";"


def default_db_path() -> Path:
    """``paigow.sqlite3`` in the user's data directory (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("paigow", appauthor=False)) / "paigow.sqlite3"


def resolve_db(db: str | Path | None) -> str:
    """The SQLite file for ``--db``: a path, ``sqlite:///PATH``, ``:memory:``, or the default.

    URLs follow SQLAlchemy's convention: three slashes then a relative path, four for an
    absolute one.

    >>> resolve_db("sqlite:////tmp/x.db"), resolve_db("sqlite:///x.db")
    ('/tmp/x.db', 'x.db')

    A server URL names no file (:func:`paigow.store.open_store` opens those):

    >>> resolve_db("postgresql://host/db")
    Traceback (most recent call last):
    ...
    paigow.errors.PaigowError: only SQLite databases are files: 'postgresql://host/db' is a server database URL
    """
    if db is None:
        return str(default_db_path())
    text = str(db)
    if text.startswith("sqlite:///"):
        return text[len("sqlite:///") :]
    if is_server_url(text):
        raise PaigowError(
            f"only SQLite databases are files: {mask_url(text)!r} is a server database URL"
        )
    if "://" in text:
        raise PaigowError(
            f"unsupported database URL {mask_url(text)!r}: give a file path, sqlite:///PATH or "
            "postgresql://USER@HOST/DBNAME"
        )
    return text


def is_server_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL server database (``postgresql://``, ``postgres://``)."""
    return db.startswith(("postgresql://", "postgres://"))


class SqliteStore(SqlStore):
    """The ledger in a SQLite file (see :class:`paigow.store.base.SqlStore`).

    ``readonly``: open an existing ledger for reading only (see the module).
    ``create_folder``: create the file's folder if missing (only the default file's).
    ``recover=False``: leave open rounds alone (the operator's ``paigow void``).
    ``shared``: usable from any thread, one call at a time (the caller's lock)."""

    def __init__(
        self, path: str, *, readonly: bool = False, create_folder: bool = False,
        recover: bool = True, shared: bool = False,
    ) -> None:
        self.path = path
        self.readonly = readonly
        self.voided: list[int] = []
        memory = path == ":memory:"
        if create_folder and not memory and not readonly:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = self._connect(path, readonly, shared)
        self.db.row_factory = sqlite3.Row
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex}"
        self.leases = Leases(path) if not memory and not readonly else None
        try:
            if readonly:
                self._check_schema()
                return
            self.db.execute("PRAGMA foreign_keys = ON")
            if not memory:
                self.db.execute("PRAGMA journal_mode = WAL")
                self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.executescript(SCHEMA)
            self._migrate()
            self.db.execute(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)",
                (str(SCHEMA_VERSION),),
            )
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise PaigowError(f"{path!r} is not a paigow database: {exc}") from None
        self.voided = self.recover() if recover else []

    @staticmethod
    def _connect(path: str, readonly: bool, shared: bool = False) -> sqlite3.Connection:
        try:
            if not readonly:
                return sqlite3.connect(path, isolation_level=None, timeout=30,
                                       check_same_thread=not shared)
            uri = f"file:{quote(path)}?mode=ro"
            db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=30)
            try:
                db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
            except sqlite3.OperationalError:
                # a WAL ledger in a folder we may not write: read it as it stands
                db.close()
                db = sqlite3.connect(f"{uri}&immutable=1", uri=True, isolation_level=None)
                db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
            return db
        except sqlite3.DatabaseError as exc:
            if "not a database" in str(exc):
                raise PaigowError(f"{path!r} is not a paigow database: {exc}") from None
            raise PaigowError(f"cannot open the database {path!r}: {exc}") from None
        except sqlite3.Error as exc:
            raise PaigowError(f"cannot open the database {path!r}: {exc}") from None

    def _check_schema(self) -> None:
        try:
            self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall()
            self.db.execute("SELECT id FROM round LIMIT 1").fetchall()
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise PaigowError(f"{self.path!r} is not a paigow database: {exc}") from None

    def _migrate(self) -> None:
        """Bring a ledger written by an older paigow up to date: add the columns later
        versions added; let an entry belong to no session (version 4: play money given to
        a wallet), which SQLite can only do by building the table again, ids kept; keep
        each round's deal once (:meth:`SqlStore._keep_one_copy`)."""
        for table, column, kind in ADDED_COLUMNS:
            have = {r["name"] for r in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        cols = {r["name"]: r["notnull"] for r in self.db.execute("PRAGMA table_info(entry)")}
        if cols.get("session_id"):
            fresh = next(st for st in SCHEMA.split(";\n") if "TABLE IF NOT EXISTS entry" in st)
            columns = "id, session_id, round_id, kind, src, dst, amount, seat, memo"
            with self.transaction():
                self.db.execute("DROP VIEW IF EXISTS balance")
                self.db.execute(fresh.replace("TABLE IF NOT EXISTS entry", "TABLE entry_v4"))
                self.db.execute(f"INSERT INTO entry_v4 ({columns}) SELECT {columns} FROM entry")
                self.db.execute("DROP TABLE entry")
                self.db.execute("ALTER TABLE entry_v4 RENAME TO entry")
            self.db.executescript(SCHEMA)  # the indexes and the view again
        self._keep_one_copy()

    def close(self) -> None:
        if self.leases is not None:
            self.leases.release()
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic transaction (``BEGIN IMMEDIATE`` … ``COMMIT``; rolled back on error)."""
        if self.readonly:
            raise PaigowError(f"{self.path!r} is open read-only")
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- the primitives SqlStore runs on ----------------------------------------------
    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """Reads at one moment: a deferred read transaction (``BEGIN`` … ``COMMIT``; in WAL
        mode its first read fixes the moment every later read sees)."""
        self.db.execute("BEGIN")
        try:
            yield self.db
        finally:
            self.db.execute("COMMIT")

    def _all(self, sql: str, args: Sequence[Any] = ()) -> Sequence[Row]:
        return self.db.execute(sql, tuple(args)).fetchall()

    def _run(self, sql: str, args: Sequence[Any] = ()) -> None:
        self.db.execute(sql, tuple(args))

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)

    def _insert(self, sql: str, args: Sequence[Any]) -> int:
        return int(self.db.execute(sql, tuple(args)).lastrowid or 0)

    def hold_tables(self, slot: int) -> None:
        """Serve the ledger's browser tables (one server at a time: :class:`Leases`);
        ``slot`` is 0 on SQLite (no card room)."""
        if self.leases is not None:
            self.leases.hold_tables()

    def _session_started(self, session_id: int) -> None:
        """Hold the session's lease (inside the session's first transaction, so nobody
        sees the session before its lease is held)."""
        if self.leases is not None:
            self.leases.hold(session_id)

    @contextmanager
    def _orphaned(self, session_id: int, owner: str) -> Iterator[bool]:
        """Gone when nobody holds the session's lease (claimed for the block)."""
        if self.leases is None:  # in memory: every session is this store's own
            yield False
            return
        with self.leases.claim(session_id) as gone:
            yield gone


def open_store(db: str | Path | None = None, *, readonly: bool = False) -> SqliteStore:
    """Open the SQLite database chosen by ``--db`` (see :func:`paigow.store.open_store`,
    which also takes server URLs)."""
    return SqliteStore(resolve_db(db), readonly=readonly, create_folder=db is None)
