"""The trainer's records, in the same database as the ledger (SQLite or PostgreSQL).

Two tables, added beside the ledger's (nothing of the ledger's changes):

* ``trainer_session``: one row per practice session: who (``person``), the game, the drill,
  the house way drilled, the opponent's way, the role, the commission and rules, and how
  chance was drawn (``secure`` or ``seed N``).
* ``trainer_hand``: one row per graded hand: the hand, its kinds, why it was dealt (a kind
  the person gets wrong, or nothing for an even deal), the person's setting and the best
  and house-way settings, the rule that decided the house way, the exact EVs (as
  fractions, ``"-1057/4550"``) and the EV given up, and whether the setting was optimal,
  the house way's, and right by the drill's measure.

Each hand is written in one transaction, so a session cut short keeps every hand graded
before it. Statistics are computed from these rows by :mod:`paigow.training.stats`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from paigow.errors import PaigowError


def trainer_schema(*, id_column: str, integer: str) -> list[str]:
    """The trainer's tables in a backend's words (see :func:`paigow.store.base.schema`)."""
    return [
        f"""CREATE TABLE IF NOT EXISTS trainer_session (
    id {id_column},
    person TEXT NOT NULL,
    game TEXT NOT NULL CHECK (game IN ('tiles', 'poker')),
    drill TEXT NOT NULL CHECK (drill IN ('player', 'dealer')),
    way TEXT NOT NULL,
    dealer TEXT NOT NULL,
    banking INTEGER NOT NULL,
    commission TEXT NOT NULL,
    rules TEXT NOT NULL,
    chance TEXT NOT NULL,
    started TEXT NOT NULL
)""",
        f"""CREATE TABLE IF NOT EXISTS trainer_hand (
    id {id_column},
    session_id {integer} NOT NULL REFERENCES trainer_session(id),
    number INTEGER NOT NULL,
    person TEXT NOT NULL,
    game TEXT NOT NULL,
    drill TEXT NOT NULL,
    hand TEXT NOT NULL,
    kinds TEXT NOT NULL,
    biased TEXT NOT NULL DEFAULT '',
    setting TEXT NOT NULL,
    foul INTEGER NOT NULL,
    best TEXT NOT NULL,
    house TEXT NOT NULL,
    rule TEXT NOT NULL,
    ev TEXT NOT NULL,
    best_ev TEXT NOT NULL,
    house_ev TEXT NOT NULL,
    ev_lost TEXT NOT NULL,
    optimal INTEGER NOT NULL,
    house_way INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    graded TEXT NOT NULL,
    UNIQUE (session_id, number)
)""",
        "CREATE INDEX IF NOT EXISTS trainer_hand_person ON trainer_hand (person, game, drill)",
    ]


TRAINER_TABLES = ("trainer_session", "trainer_hand")

_SESSION_COLUMNS = ("person", "game", "drill", "way", "dealer", "banking", "commission",
                    "rules", "chance", "started")
_HAND_COLUMNS = ("number", "person", "game", "drill", "hand", "kinds", "biased", "setting",
                 "foul", "best", "house", "rule", "ev", "best_ev", "house_ev", "ev_lost",
                 "optimal", "house_way", "correct", "graded")
_FLAGS = ("banking", "foul", "optimal", "house_way", "correct")


class _Sql(Protocol):
    """The primitives of :class:`paigow.store.base.SqlStore` the trainer's records use."""

    path: str

    def _all(self, sql: str, args: Sequence[Any] = ()) -> Sequence[Any]: ...
    def _insert(self, sql: str, args: Sequence[Any]) -> int: ...
    def transaction(self) -> AbstractContextManager[object]: ...


class TrainerRecords:
    """The trainer's calls of a SQL store (mixed into :class:`paigow.store.base.SqlStore`)."""

    def start_training(self: _Sql, info: Mapping[str, Any]) -> int:
        """Record a practice session (keys of ``trainer_session``); its id."""
        row = _row(info, _SESSION_COLUMNS)
        with self.transaction():
            return self._insert(
                f"INSERT INTO trainer_session ({', '.join(_SESSION_COLUMNS)}) VALUES "
                f"({', '.join('?' for _ in _SESSION_COLUMNS)})", row,
            )

    def record_training(self: _Sql, session_id: int, hand: Mapping[str, Any]) -> int:
        """Record one graded hand of a session (keys of ``trainer_hand``); its id."""
        row = _row(hand, _HAND_COLUMNS)
        with self.transaction():
            if not self._all("SELECT id FROM trainer_session WHERE id = ?", (session_id,)):
                raise PaigowError(f"there is no practice session {session_id} in {self.path}")
            return self._insert(
                f"INSERT INTO trainer_hand (session_id, {', '.join(_HAND_COLUMNS)}) VALUES "
                f"(?, {', '.join('?' for _ in _HAND_COLUMNS)})", (session_id, *row),
            )

    def training_hands(
        self: _Sql, person: str, game: str | None = None, drill: str | None = None,
        session_id: int | None = None, last: int | None = None,
    ) -> list[dict[str, Any]]:
        """The graded hands of ``person`` (of one game, drill or session if given; only the
        ``last`` ones if given), oldest first, as plain data (``kinds`` a list, flags
        booleans)."""
        sql = "SELECT * FROM trainer_hand WHERE person = ?"
        args: list[Any] = [person]
        for col, val in (("game", game), ("drill", drill), ("session_id", session_id)):
            if val is not None:
                sql += f" AND {col} = ?"
                args.append(val)
        if last is None:
            return [_plain_hand(r) for r in self._all(sql + " ORDER BY id", args)]
        rows = self._all(sql + " ORDER BY id DESC LIMIT ?", [*args, max(0, int(last))])
        return [_plain_hand(r) for r in reversed(rows)]

    def training_sessions(
        self: _Sql, person: str | None = None, game: str | None = None, drill: str | None = None,
    ) -> list[dict[str, Any]]:
        """Practice sessions (of one person, game or drill if given), oldest first."""
        sql = "SELECT * FROM trainer_session"
        args: list[Any] = []
        where: list[str] = []
        for col, val in (("person", person), ("game", game), ("drill", drill)):
            if val is not None:
                where.append(f"{col} = ?")
                args.append(val)
        if where:
            sql += " WHERE " + " AND ".join(where)
        out = []
        for r in self._all(sql + " ORDER BY id", args):
            d = {k: r[k] for k in ("id", *_SESSION_COLUMNS)}
            d["id"] = int(d["id"])
            d["banking"] = bool(d["banking"])
            d["rules"] = json.loads(d["rules"])
            out.append(d)
        return out

    def training_people(self: _Sql) -> list[str]:
        """Everyone who has practised, by name."""
        return [str(r["person"]) for r in
                self._all("SELECT DISTINCT person FROM trainer_session ORDER BY person")]


def _row(data: Mapping[str, Any], columns: Sequence[str]) -> tuple[Any, ...]:
    missing = [c for c in columns if c not in data]
    if missing:
        raise PaigowError(f"a trainer record needs {', '.join(missing)}")
    out = []
    for c in columns:
        v = data[c]
        if c in _FLAGS:
            v = int(bool(v))
        elif c in ("kinds", "rules") and not isinstance(v, str):
            v = json.dumps(v)
        out.append(v)
    return tuple(out)


def _plain_hand(r: Any) -> dict[str, Any]:
    d: dict[str, Any] = {k: r[k] for k in ("id", "session_id", *_HAND_COLUMNS)}
    d["id"], d["session_id"], d["number"] = int(d["id"]), int(d["session_id"]), int(d["number"])
    d["kinds"] = json.loads(d["kinds"])
    for f in _FLAGS[1:]:
        d[f] = bool(d[f])
    return d


__all__ = ["TRAINER_TABLES", "TrainerRecords", "trainer_schema"]
