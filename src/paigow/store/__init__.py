"""Persistence of the table's ledger: SQLite by default, or a PostgreSQL server by URL.

>>> from paigow.store import open_store
>>> s = open_store(":memory:")
>>> s.check()
[]
"""

from __future__ import annotations

from pathlib import Path

from paigow.errors import PaigowError
from paigow.masking import mask_url
from paigow.store.base import SqlStore, Store
from paigow.store.sqlite import SqliteStore, default_db_path, is_server_url, resolve_db


def open_store(
    db: str | Path | None = None, *, readonly: bool = False, recover: bool = True,
    shared: bool = False,
) -> Store:
    """Open the ledger chosen by ``--db``.

    ``None`` is ``paigow.sqlite3`` in the user's data directory (its folder is created if
    need be); a path or ``sqlite:///PATH`` is a SQLite file, created if missing but never
    its folder; ``postgresql://…`` (or ``postgres://…``) is a PostgreSQL database, which
    needs the ``postgres`` extra (psycopg 3).

    For writing (the default) the schema is created or brought up to date and the
    unfinished rounds whose table is gone are voided (:attr:`Store.voided`).
    ``readonly=True`` changes nothing anywhere: the ledger must exist, and is only read.
    ``recover=False`` opens for writing but leaves open rounds alone (``paigow void``).
    ``shared=True``: the store may be used from several threads, one call at a time (the
    caller serialises them; a SQLite connection is otherwise bound to its thread).
    """
    if db is not None and is_server_url(str(db)):
        from paigow.store.postgres import PostgresStore

        return PostgresStore(str(db), readonly=readonly, recover=recover)
    path = resolve_db(db)
    if readonly and path != ":memory:" and not Path(path).is_file():
        raise PaigowError(f"there is no ledger at {path!r}: play a session first")
    if path != ":memory:" and db is not None and not readonly:
        folder = Path(path).parent
        if not folder.is_dir():
            raise PaigowError(
                f"cannot create the ledger {path!r}: the folder {str(folder)!r} does not exist"
            )
    return SqliteStore(path, readonly=readonly, create_folder=db is None, recover=recover,
                       shared=shared)


__all__ = [
    "SqlStore",
    "SqliteStore",
    "Store",
    "default_db_path",
    "is_server_url",
    "mask_url",
    "open_store",
    "resolve_db",
]
