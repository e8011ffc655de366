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
time the database is opened, voids each open round in one transaction: it writes the
reverse of each of the round's entries (every bet goes back to its seat, every cover back
to the banker) and marks the round ``void``. No chip is lost or doubled. A round whose
table is still playing it (a live process on this host, or a store still open in this
process) is left alone, so two tables may share one database file. A round that fails
in-process (an exception, input ending at the prompt) is voided at once by the table
through :meth:`SqliteStore.void_round`.

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

from paigow.errors import PaigowError
from paigow.store.base import SCHEMA_VERSION, Row, SqlStore, schema

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
        raise PaigowError(f"only SQLite databases are files: {text!r} is a server database URL")
    if "://" in text:
        raise PaigowError(
            f"unsupported database URL {text!r}: give a file path, sqlite:///PATH or "
            "postgresql://USER@HOST/DBNAME"
        )
    return text


def is_server_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL server database (``postgresql://``, ``postgres://``)."""
    return db.startswith(("postgresql://", "postgres://"))


# tokens of the stores open in this process (see :meth:`SqliteStore.recover`)
_LIVE: set[str] = set()


def _owner_alive(owner: str) -> bool:
    """Whether the store that opened a session may still be playing it: a store open in
    this process, or a live process on this host. Anything else (a dead process, another
    host, an unknown owner) counts as gone."""
    parts = owner.split(":")
    if len(parts) != 3 or parts[0] != socket.gethostname():
        return False
    try:
        pid = int(parts[1])
    except ValueError:
        return False
    if pid == os.getpid():
        return owner in _LIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SqliteStore(SqlStore):
    """The ledger in a SQLite file (see :class:`paigow.store.base.SqlStore`)."""

    def __init__(self, path: str) -> None:
        self.path = path
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(path, isolation_level=None, timeout=30)
        except sqlite3.Error as exc:
            raise PaigowError(f"cannot open the database {path!r}: {exc}") from None
        self.db.row_factory = sqlite3.Row
        self.token = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex}"
        self.owner = self.token
        _LIVE.add(self.token)
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            if path != ":memory:":
                self.db.execute("PRAGMA journal_mode = WAL")
                self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise PaigowError(f"{path!r} is not a paigow database: {exc}") from None
        self.db.execute(  # the schema script is idempotent: an older database grows to it
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
        )
        self.voided: list[int] = self.recover()

    def close(self) -> None:
        _LIVE.discard(self.token)
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic transaction (``BEGIN IMMEDIATE`` … ``COMMIT``; rolled back on error)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- the primitives SqlStore runs on ----------------------------------------------
    def _all(self, sql: str, args: Sequence[Any] = ()) -> Sequence[Row]:
        return self.db.execute(sql, tuple(args)).fetchall()

    def _run(self, sql: str, args: Sequence[Any] = ()) -> None:
        self.db.execute(sql, tuple(args))

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)

    def _insert(self, sql: str, args: Sequence[Any]) -> int:
        return int(self.db.execute(sql, tuple(args)).lastrowid or 0)

    @contextmanager
    def _orphaned(self, session_id: int, owner: str) -> Iterator[bool]:
        """Gone unless a live process on this host, or a store open in this process, owns
        the session (BEGIN IMMEDIATE serializes the voiding itself)."""
        yield not _owner_alive(owner)


def open_store(db: str | Path | None = None) -> SqliteStore:
    """Open (creating if need be) the SQLite database chosen by ``--db`` and void
    unfinished rounds (:func:`paigow.store.open_store` also takes server URLs)."""
    return SqliteStore(resolve_db(db))
