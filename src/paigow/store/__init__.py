"""Persistence of the table's ledger: SQLite by default, or a PostgreSQL server by URL.

>>> from paigow.store import open_store
>>> s = open_store(":memory:")
>>> s.check()
[]
"""

from __future__ import annotations

from pathlib import Path

from paigow.store.base import SqlStore, Store
from paigow.store.sqlite import SqliteStore, default_db_path, is_server_url, resolve_db


def open_store(db: str | Path | None = None) -> Store:
    """Open (creating the schema if need be) the ledger chosen by ``--db`` and void the
    unfinished rounds whose table is gone (:attr:`Store.voided`).

    ``None`` is ``paigow.sqlite3`` in the user's data directory; a path or ``sqlite:///PATH``
    is a SQLite file; ``postgresql://…`` (or ``postgres://…``) is a PostgreSQL database,
    which needs the ``postgres`` extra (psycopg 3).
    """
    if db is not None and is_server_url(str(db)):
        from paigow.store.postgres import PostgresStore

        return PostgresStore(str(db))
    return SqliteStore(resolve_db(db))


__all__ = [
    "SqlStore",
    "SqliteStore",
    "Store",
    "default_db_path",
    "is_server_url",
    "open_store",
    "resolve_db",
]
