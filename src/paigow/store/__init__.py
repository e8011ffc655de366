"""Persistence of the table's ledger: SQLite through the standard library.

>>> from paigow.store import open_store
>>> s = open_store(":memory:")
>>> s.check()
[]
"""

from paigow.store.sqlite import SqliteStore, default_db_path, open_store, resolve_db

__all__ = ["SqliteStore", "default_db_path", "open_store", "resolve_db"]
