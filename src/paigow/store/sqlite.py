"""The ledger in SQLite: sessions, rounds, and double-entry ledger entries.

Only SQLite is implemented (the standard library's :mod:`sqlite3`). A database is chosen by
path (``--db PATH``) or by URL ``sqlite:///PATH``; any other URL is refused with a clear
error. The default file lives in the user's data directory (:func:`default_db_path`).

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

import json
import os
import socket
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from paigow.errors import PaigowError
from paigow.table.engine import RoundOpening, RoundRecord, SessionInfo
from paigow.table.ledger import BANK, BETS, CASHIER, HOUSE, Entry

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS session (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    commission TEXT NOT NULL,
    house_way TEXT NOT NULL,
    chance TEXT NOT NULL,
    seed INTEGER,
    seats TEXT NOT NULL,
    created TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS round (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES session(id),
    number INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'settled', 'void')),
    banker_kind TEXT NOT NULL CHECK (banker_kind IN ('house', 'player', 'cobank')),
    banker_seat INTEGER,
    dice TEXT NOT NULL,
    deck TEXT NOT NULL,
    bets TEXT NOT NULL,
    detail TEXT,
    opened TEXT NOT NULL,
    closed TEXT,
    UNIQUE (session_id, number)
);
CREATE TABLE IF NOT EXISTS entry (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES session(id),
    round_id INTEGER REFERENCES round(id),
    kind TEXT NOT NULL,
    src TEXT NOT NULL,
    dst TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0 AND typeof(amount) = 'integer'),
    seat INTEGER,
    memo TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS entry_round ON entry (round_id);
CREATE INDEX IF NOT EXISTS entry_session ON entry (session_id);
CREATE TABLE IF NOT EXISTS result (
    round_id INTEGER NOT NULL REFERENCES round(id),
    seat INTEGER NOT NULL,
    stake INTEGER NOT NULL,
    high TEXT NOT NULL,
    low TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'push', 'lose')),
    net INTEGER NOT NULL,
    commission INTEGER NOT NULL,
    fee INTEGER NOT NULL,
    PRIMARY KEY (round_id, seat)
);
CREATE VIEW IF NOT EXISTS balance AS
    SELECT session_id, account, SUM(delta) AS balance FROM (
        SELECT session_id, dst AS account, amount AS delta FROM entry
        UNION ALL
        SELECT session_id, src AS account, -amount AS delta FROM entry
    ) GROUP BY session_id, account;
"""


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
    >>> resolve_db("postgresql://host/db")
    Traceback (most recent call last):
    ...
    paigow.errors.PaigowError: only SQLite databases are implemented: give a file path or sqlite:///PATH, not 'postgresql://host/db'
    """
    if db is None:
        return str(default_db_path())
    text = str(db)
    if text.startswith("sqlite:///"):
        return text[len("sqlite:///") :]
    if "://" in text:
        raise PaigowError(
            f"only SQLite databases are implemented: give a file path or sqlite:///PATH, not {text!r}"
        )
    return text


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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SqliteStore:
    """The table's :class:`~paigow.table.engine.Store` in a SQLite file."""

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
        _LIVE.add(self.token)
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            if path != ":memory:":
                self.db.execute("PRAGMA journal_mode = WAL")
                self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise PaigowError(f"{path!r} is not a paigow database: {exc}") from None
        self.db.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
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

    @staticmethod
    def _insert_entries(
        db: sqlite3.Connection, session_id: int, round_id: int | None, entries: Sequence[Entry]
    ) -> None:
        db.executemany(
            "INSERT INTO entry (session_id, round_id, kind, src, dst, amount, seat, memo) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (session_id, round_id, e.kind, e.src, e.dst, e.amount, e.seat, e.memo)
                for e in entries
            ],
        )

    # -- the Store protocol -------------------------------------------------------
    def start_session(self, info: SessionInfo, entries: Sequence[Entry]) -> int:
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO session (game, rules, commission, house_way, chance, seed, seats, "
                "created, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    info.game, json.dumps(info.rules), json.dumps(info.commission_json()),
                    info.house_way, info.chance, info.seed,
                    json.dumps([s.to_json() for s in info.seats]), _now(), self.token,
                ),
            )
            sid = int(cur.lastrowid or 0)
            self._insert_entries(db, sid, None, entries)
        return sid

    def open_round(self, session_id: int, opening: RoundOpening) -> int:
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO round (session_id, number, status, banker_kind, banker_seat, dice, "
                "deck, bets, opened) VALUES (?, ?, 'open', ?, ?, ?, ?, ?, ?)",
                (
                    session_id, opening.number, opening.banker.kind, opening.banker.seat,
                    json.dumps(list(opening.dice)), json.dumps(list(opening.deck)),
                    json.dumps({str(k): v for k, v in opening.bets.items()}), _now(),
                ),
            )
            rid = int(cur.lastrowid or 0)
            self._insert_entries(db, session_id, rid, opening.entries)
        return rid

    def settle_round(self, round_id: int, record: RoundRecord) -> None:
        with self.transaction() as db:
            row = db.execute("SELECT session_id, status FROM round WHERE id = ?", (round_id,)).fetchone()
            if row is None or row["status"] != "open":
                raise PaigowError(f"round {round_id} is not open")
            sid = int(row["session_id"])
            self._insert_entries(db, sid, round_id, record.entries)
            db.executemany(
                "INSERT INTO result (round_id, seat, stake, high, low, outcome, net, commission, "
                "fee) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (round_id, r.seat, r.stake, r.high, r.low, r.outcome, r.net, r.commission, r.fee)
                    for r in record.results
                ],
            )
            db.execute(
                "UPDATE round SET status = 'settled', detail = ?, closed = ? WHERE id = ?",
                (json.dumps(record.to_json()), _now(), round_id),
            )

    # -- recovery -----------------------------------------------------------------
    def recover(self) -> list[int]:
        """Void every unfinished round whose session is no longer being played (its process
        is gone, or its store in this process is closed); the ids voided."""
        rows = self.db.execute(
            "SELECT r.id, s.owner FROM round r JOIN session s ON s.id = r.session_id "
            "WHERE r.status = 'open' ORDER BY r.id"
        ).fetchall()
        voided = []
        for r in rows:
            if _owner_alive(str(r["owner"])):
                continue  # another live table is in the middle of this round
            if self.void_round(int(r["id"])):
                voided.append(int(r["id"]))
        return voided

    def void_round(self, round_id: int) -> bool:
        """Void an open round in one transaction: reverse each of its entries (every bet
        back to its seat, every cover back to its banker) and mark it ``void``. False if
        the round was not open."""
        with self.transaction() as db:
            row = db.execute(
                "SELECT session_id, status FROM round WHERE id = ?", (round_id,)
            ).fetchone()
            if row is None or row["status"] != "open":
                return False
            rows = db.execute(
                "SELECT kind, src, dst, amount, seat, memo FROM entry WHERE round_id = ? "
                "ORDER BY id",
                (round_id,),
            ).fetchall()
            back = [
                Entry(r["kind"], r["src"], r["dst"], r["amount"], r["seat"], r["memo"]).reversed()
                for r in rows
            ]
            self._insert_entries(db, int(row["session_id"]), round_id, back)
            db.execute(
                "UPDATE round SET status = 'void', closed = ? WHERE id = ?", (_now(), round_id)
            )
        return True

    # -- queries ------------------------------------------------------------------
    def balances(self, session_id: int) -> dict[str, int]:
        """Every account's balance in a session."""
        rows = self.db.execute(
            "SELECT account, balance FROM balance WHERE session_id = ?", (session_id,)
        )
        return {r["account"]: int(r["balance"]) for r in rows}

    def sessions(self) -> list[dict[str, Any]]:
        """Every session, oldest first."""
        out = []
        for r in self.db.execute("SELECT * FROM session ORDER BY id"):
            out.append(
                {
                    "session": r["id"],
                    "game": r["game"],
                    "rules": json.loads(r["rules"]),
                    "commission": json.loads(r["commission"]),
                    "house_way": r["house_way"],
                    "chance": r["chance"],
                    "seed": r["seed"],
                    "seats": json.loads(r["seats"]),
                    "created": r["created"],
                }
            )
        return out

    def session(self, session_id: int) -> dict[str, Any]:
        for s in self.sessions():
            if s["session"] == session_id:
                return s
        raise PaigowError(f"there is no session {session_id} in {self.path}")

    def rounds(self, session_id: int | None = None) -> list[dict[str, Any]]:
        """Rounds (of one session, or all), oldest first, as plain data."""
        sql = "SELECT * FROM round"
        args: tuple[int, ...] = ()
        if session_id is not None:
            sql += " WHERE session_id = ?"
            args = (session_id,)
        return [self._round_json(r) for r in self.db.execute(sql + " ORDER BY id", args)]

    def round(self, round_id: int) -> dict[str, Any]:
        """One round as plain data; :class:`PaigowError` if there is none."""
        r = self.db.execute("SELECT * FROM round WHERE id = ?", (round_id,)).fetchone()
        if r is None:
            raise PaigowError(f"there is no round {round_id} in {self.path}")
        return self._round_json(r)

    def entries(self, round_id: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT kind, src, dst, amount, seat, memo FROM entry WHERE round_id = ? ORDER BY id",
            (round_id,),
        )
        return [
            {"kind": r["kind"], "from": r["src"], "to": r["dst"], "amount": r["amount"],
             "seat": r["seat"], "memo": r["memo"]}
            for r in rows
        ]

    def _round_json(self, r: sqlite3.Row) -> dict[str, Any]:
        detail = json.loads(r["detail"]) if r["detail"] else None
        return {
            "round": r["id"],
            "session": r["session_id"],
            "number": r["number"],
            "status": r["status"],
            "banker": {"kind": r["banker_kind"], "seat": r["banker_seat"]},
            "dice": json.loads(r["dice"]),
            "deck": json.loads(r["deck"]),
            "bets": {int(k): v for k, v in json.loads(r["bets"]).items()},
            "detail": detail,
            "opened": r["opened"],
            "closed": r["closed"],
        }

    def check(self) -> list[str]:
        """Every broken ledger invariant, as sentences (an empty list when all hold)."""
        problems: list[str] = []
        q = self.db.execute
        for r in q("SELECT id FROM round WHERE status = 'open'"):
            problems.append(f"round {r['id']} is still open")
        for r in q("SELECT id, session_id, kind, amount FROM entry WHERE amount <= 0"):
            problems.append(f"entry {r['id']} has a non-positive amount {r['amount']}")
        open_sessions = {int(r[0]) for r in q("SELECT session_id FROM round WHERE status='open'")}
        for s in q("SELECT id FROM session"):
            sid = int(s["id"])
            bal = self.balances(sid)
            buy_ins = -bal.get(CASHIER, 0)
            chips = sum(v for k, v in bal.items() if k.startswith("seat:")) + bal.get(HOUSE, 0)
            if sid not in open_sessions:
                for acc in (BETS, BANK):
                    if bal.get(acc, 0) != 0:
                        problems.append(f"session {sid}: account {acc} holds {bal[acc]} between rounds")
                if chips != buy_ins:
                    problems.append(
                        f"session {sid}: seats and house hold {chips} but {buy_ins} was bought in"
                    )
            if sum(bal.values()) != 0:  # pragma: no cover - double entry makes this impossible
                problems.append(f"session {sid}: accounts do not sum to zero")
            for acc, v in bal.items():
                if acc.startswith("seat:") and v < 0:
                    problems.append(f"session {sid}: {acc} is negative ({v})")
        # a voided round must leave every account as it found it
        for r in q(
            "SELECT round_id, account, SUM(delta) AS d FROM ("
            " SELECT e.round_id, e.dst AS account, e.amount AS delta FROM entry e"
            " JOIN round r ON r.id = e.round_id WHERE r.status = 'void'"
            " UNION ALL SELECT e.round_id, e.src, -e.amount FROM entry e"
            " JOIN round r ON r.id = e.round_id WHERE r.status = 'void'"
            ") GROUP BY round_id, account HAVING d != 0"
        ):
            problems.append(f"void round {r['round_id']} moved {r['d']} for {r['account']}")
        return problems


def open_store(db: str | Path | None = None) -> SqliteStore:
    """Open (creating if need be) the database chosen by ``--db`` and void unfinished rounds."""
    return SqliteStore(resolve_db(db))
