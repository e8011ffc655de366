"""Tables that last: the browser tables a server holds, kept in the ledger across restarts.

A table of ``paigow serve`` is a row of ``web_table``: its id, its name, its rules (the
:class:`~paigow.table.session.TableOptions` as JSON), who opened it (a person's table:
``opened``; one the command line opened: ``default``), the server that holds it (its
card-room ``slot``, 0 for a lone server), the ledger session it plays in now and the
number its first round there took. Each start of the table is a new session (a new lease,
new seats' accounts); the row ties them together, so after a restart the table comes back
with its id, its name and its rules, and numbers its rounds on from where they were.

A table is closed for good (``closed``) when its server no longer opens it: a default
table the command line no longer asks for, or a table whose rules can no longer be made.

>>> from paigow.store import open_store
>>> s = open_store(":memory:")
>>> s.keep_table(0, "3", "Friday EZ", "opened", {"game": "poker"}, "1.2.3.4", "2026-01-01")
>>> [(t["id"], t["name"], t["options"]) for t in s.kept_tables(0)]
[('3', 'Friday EZ', {'game': 'poker'})]
>>> s.close_table(0, "3", "2026-01-02")
>>> s.kept_tables(0)
[]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

KINDS = ("default", "opened")


def tables_schema(*, integer: str) -> list[str]:
    """The kept tables' table in a backend's words (see :func:`paigow.store.base.schema`)."""
    return [
        f"""CREATE TABLE IF NOT EXISTS web_table (
    slot INTEGER NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('default', 'opened')),
    options TEXT NOT NULL,
    client TEXT NOT NULL DEFAULT '',
    session_id {integer},
    first_round INTEGER NOT NULL DEFAULT 1,
    created TEXT NOT NULL,
    closed TEXT,
    PRIMARY KEY (slot, id)
)""",
    ]


class _Sql(Protocol):
    def _all(self, sql: str, args: Sequence[Any] = ()) -> Sequence[Any]: ...
    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any: ...
    def _run(self, sql: str, args: Sequence[Any] = ()) -> None: ...
    def transaction(self) -> Any: ...


def _table(r: Any) -> dict[str, Any]:
    return {"slot": int(r["slot"]), "id": str(r["id"]), "name": str(r["name"]),
            "kind": str(r["kind"]), "options": json.loads(r["options"]),
            "client": str(r["client"]),
            "session": None if r["session_id"] is None else int(r["session_id"]),
            "first_round": int(r["first_round"]), "created": r["created"],
            "closed": r["closed"]}


class TableRecords:
    """The kept tables' calls of a SQL store (mixed into :class:`paigow.store.base.SqlStore`)."""

    def keep_table(self: _Sql, slot: int, table: str, name: str, kind: str,
                   options: dict[str, Any], client: str, now: str) -> None:
        """Record table ``table`` of the server in ``slot`` (its name, ``kind`` and rules
        ``options``, opened by ``client``); a row of that id is taken over (open again)."""
        if kind not in KINDS:
            raise ValueError(f"a kept table is {' or '.join(KINDS)}, not {kind!r}")
        text = json.dumps(options, sort_keys=True)
        with self.transaction():
            if self._one("SELECT id FROM web_table WHERE slot = ? AND id = ?", (slot, table)):
                self._run("UPDATE web_table SET name = ?, kind = ?, options = ?, client = ?, "
                          "closed = NULL WHERE slot = ? AND id = ?",
                          (name, kind, text, client[:64], slot, table))
            else:
                self._run("INSERT INTO web_table (slot, id, name, kind, options, client, "
                          "created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                          (slot, table, name, kind, text, client[:64], now))

    def kept_tables(self: _Sql, slot: int) -> list[dict[str, Any]]:
        """The open tables of the server in ``slot``, oldest first."""
        rows = self._all("SELECT * FROM web_table WHERE slot = ? AND closed IS NULL "
                         "ORDER BY created, id", (slot,))
        return [_table(r) for r in rows]

    def table_ids(self: _Sql, slot: int) -> list[str]:
        """Every id a table of the server in ``slot`` ever had (a new table takes none)."""
        return [str(r["id"]) for r in self._all("SELECT id FROM web_table WHERE slot = ?",
                                                (slot,))]

    def table_session(self: _Sql, slot: int, table: str, session_id: int,
                      first_round: int) -> None:
        """Table ``table`` plays in ledger session ``session_id`` now, from round number
        ``first_round``."""
        with self.transaction():
            self._run("UPDATE web_table SET session_id = ?, first_round = ? "
                      "WHERE slot = ? AND id = ?", (session_id, first_round, slot, table))

    def close_table(self: _Sql, slot: int, table: str, now: str) -> None:
        """Table ``table`` is closed for good: its server no longer opens it."""
        with self.transaction():
            self._run("UPDATE web_table SET closed = ? WHERE slot = ? AND id = ? AND "
                      "closed IS NULL", (now, slot, table))

    def last_round(self: _Sql, session_id: int) -> dict[str, Any] | None:
        """The last round of ``session_id`` (its id, number and status), or None when it
        played none."""
        r = self._one("SELECT id, number, status FROM round WHERE session_id = ? "
                      "ORDER BY number DESC, id DESC LIMIT 1", (session_id,))
        if r is None:
            return None
        return {"round": int(r["id"]), "number": int(r["number"]), "status": str(r["status"])}


__all__ = ["KINDS", "TableRecords", "tables_schema"]
