"""What every ledger store does, and the SQL they share.

:class:`Store` is the interface the commands use (the table itself needs only the four
writing calls of :class:`paigow.table.engine.Store`). :class:`SqlStore` holds everything
that is the same in SQLite and PostgreSQL: the schema, the transactions of a session and a
round, crash recovery, the queries and the audit. A backend supplies a handful of
primitives: run a statement, fetch rows as mappings, insert and return the new id, one
transaction, and how to tell whether the table that opened a round is gone.

SQL here is written once, with ``?`` placeholders; a backend whose driver wants another
style rewrites them in :meth:`SqlStore._sql`. It uses nothing either database lacks.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any, Protocol

from paigow.errors import PaigowError
from paigow.store.players import PlayerRecords, players_schema, wallets_below_zero
from paigow.store.tables import TableRecords, tables_schema
from paigow.store.trainer import TrainerRecords, trainer_schema
from paigow.table.engine import RoundOpening, RoundRecord, SessionInfo
from paigow.table.ledger import BANK, BETS, CASHIER, HOUSE, Entry

SCHEMA_VERSION = 5
"""2: rounds record the commitment to their seed and the revealed seed; an audit table.
3: the ``wager`` table (side bets, the dragon hand, Envy awards), created in a ledger of
an older version when it is next opened for writing.
4: people (:mod:`paigow.store.players`: ``player``, ``player_secret``, ``stint``) and their
wallets; an entry's ``session_id`` may be NULL (play money given to a wallet belongs to no
table); an older ledger is brought up to date when next opened for writing.
5: the browser tables a server holds (:mod:`paigow.store.tables`: ``web_table``), kept
across its restarts."""

DEAL_COLUMNS = ("deck", "dice", "commitment", "seed")
"""What a round was dealt from, kept once: in the round's row (the deck and dice from its
opening, the commitment published before it, the seed revealed at its settlement). A
settled round's ``detail`` (its record's JSON) is stored without them and read with the
row's (:func:`round_detail`), so ``paigow verify`` and the browser's fairness check read
the same copy. Ledgers written before kept a second copy in ``detail``: it is dropped when
the ledger is next opened for writing (:meth:`SqlStore._keep_one_copy`)."""
ONE_COPY = "deal kept once"
"""The ``meta`` key saying a ledger's rounds keep their deal once."""

MAX_ID = 2**63 - 1
"""The largest id (and row offset) the ledger holds: both databases' 64-bit integers. A
larger one names no row (asked of SQLite it overflowed, of PostgreSQL it was out of
range)."""

ADDED_COLUMNS: list[tuple[str, str, str]] = [
    ("round", "commitment", "TEXT"),
    ("round", "seed", "TEXT"),
]
"""Columns added since version 1: (table, column, type). A ledger written by an older
paigow gets them when it is next opened for writing."""

class Row(Protocol):
    """A result row: a ``dict`` (psycopg) or a :class:`sqlite3.Row`, read by column name."""

    def __getitem__(self, key: str) -> Any: ...
    def keys(self) -> Iterable[str]: ...


def schema(
    *, id_column: str, integer: str, amount_check: str, create_view: str
) -> list[str]:
    """The schema's statements in a backend's words: the id column's type, the integer type
    for money, the check that an amount is a whole number, how to create a view."""
    return [
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"""CREATE TABLE IF NOT EXISTS session (
    id {id_column},
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    commission TEXT NOT NULL,
    house_way TEXT NOT NULL,
    chance TEXT NOT NULL,
    seed {integer},
    seats TEXT NOT NULL,
    created TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT ''
)""",
        f"""CREATE TABLE IF NOT EXISTS round (
    id {id_column},
    session_id {integer} NOT NULL REFERENCES session(id),
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
    commitment TEXT,
    seed TEXT,
    UNIQUE (session_id, number)
)""",
        f"""CREATE TABLE IF NOT EXISTS entry (
    id {id_column},
    session_id {integer} REFERENCES session(id),
    round_id {integer} REFERENCES round(id),
    kind TEXT NOT NULL,
    src TEXT NOT NULL,
    dst TEXT NOT NULL,
    amount {integer} NOT NULL CHECK (amount > 0{amount_check}),
    seat INTEGER,
    memo TEXT NOT NULL DEFAULT ''
)""",
        f"""CREATE TABLE IF NOT EXISTS audit (
    id {id_column},
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    session_id {integer},
    round_id {integer},
    reason TEXT NOT NULL,
    actor TEXT NOT NULL
)""",
        "CREATE INDEX IF NOT EXISTS entry_round ON entry (round_id)",
        "CREATE INDEX IF NOT EXISTS entry_session ON entry (session_id)",
        f"""CREATE TABLE IF NOT EXISTS result (
    round_id {integer} NOT NULL REFERENCES round(id),
    seat INTEGER NOT NULL,
    stake {integer} NOT NULL,
    high TEXT NOT NULL,
    low TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'push', 'lose')),
    net {integer} NOT NULL,
    commission {integer} NOT NULL,
    fee {integer} NOT NULL,
    PRIMARY KEY (round_id, seat)
)""",
        f"""CREATE TABLE IF NOT EXISTS wager (
    round_id {integer} NOT NULL REFERENCES round(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('side', 'dragon', 'envy')),
    name TEXT NOT NULL,
    place INTEGER,
    stake {integer} NOT NULL,
    line TEXT,
    outcome TEXT,
    net {integer}
)""",
        "CREATE INDEX IF NOT EXISTS wager_round ON wager (round_id)",
        f"""{create_view} balance AS
    SELECT session_id, account, SUM(delta) AS balance FROM (
        SELECT session_id, dst AS account, amount AS delta FROM entry
        UNION ALL
        SELECT session_id, src AS account, -amount AS delta FROM entry
    ) AS moves GROUP BY session_id, account""",
        *trainer_schema(id_column=id_column, integer=integer),
        *players_schema(id_column=id_column, integer=integer),
        *tables_schema(integer=integer),
    ]


def now() -> str:
    """The time, UTC, to the second, as the ledger records it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store(Protocol):
    """A ledger store: the table's writing calls, recovery, the queries and the audit."""

    path: str
    """Where the ledger is: a file path, or a server URL without its password."""
    voided: list[int]
    """The rounds this store voided when it was opened."""

    def start_session(self, info: SessionInfo, entries: Sequence[Entry]) -> int: ...
    def open_round(self, session_id: int, opening: RoundOpening) -> int: ...
    def settle_round(self, round_id: int, record: RoundRecord) -> None: ...
    def void_round(self, round_id: int, reason: str = ..., actor: str = ...) -> bool: ...
    def void_stuck(self, round_id: int, reason: str, actor: str, force: bool = False) -> dict[str, Any]: ...
    def recover(self) -> list[int]: ...
    def audit(self) -> list[dict[str, Any]]: ...
    def balances(self, session_id: int) -> dict[str, int]: ...
    def sessions(self) -> list[dict[str, Any]]: ...
    def session(self, session_id: int) -> dict[str, Any]: ...
    def rounds(self, session_id: int | None = None) -> list[dict[str, Any]]: ...
    def round(self, round_id: int) -> dict[str, Any]: ...
    def entries(self, round_id: int) -> list[dict[str, Any]]: ...
    def wagers(self, round_ids: Sequence[int]) -> dict[int, list[dict[str, Any]]]: ...
    def query(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]: ...
    def check(self) -> list[str]: ...
    def close(self) -> None: ...
    # the trainer's records (paigow.store.trainer)
    def start_training(self, info: Mapping[str, Any]) -> int: ...
    def record_training(self, session_id: int, hand: Mapping[str, Any]) -> int: ...
    def training_hands(
        self, person: str, game: str | None = None, drill: str | None = None,
        session_id: int | None = None, last: int | None = None,
    ) -> list[dict[str, Any]]: ...
    def training_sessions(
        self, person: str | None = None, game: str | None = None, drill: str | None = None,
    ) -> list[dict[str, Any]]: ...
    def training_people(self) -> list[str]: ...
    # people, their wallets and seats (paigow.store.players)
    stints_recovered: list[int]
    def create_player(self, name: str, secret: str, expires: str, grant: int, now: str,
                      client: str = ..., looks: Sequence[str] = ...) -> int: ...
    def fill_looks(self, looks: Callable[[str], Sequence[str]]) -> int: ...
    def player_by_secret(self, secret: str) -> dict[str, Any] | None: ...
    def player_by_id(self, player_id: int) -> dict[str, Any] | None: ...
    def player_by_name(self, name: str) -> dict[str, Any] | None: ...
    def add_secret(self, player_id: int, secret: str, expires: str, now: str) -> None: ...
    def drop_secret(self, secret: str) -> bool: ...
    def drop_other_secrets(self, player_id: int, keep: str | None) -> list[str]: ...
    def set_password(self, player_id: int, password_hash: str) -> None: ...
    def wallet(self, player_id: int) -> int: ...
    def grant(self, player_id: int, amount: int, memo: str) -> None: ...
    def seat_player(self, player_id: int, session_id: int, seat: int, table: str,
                    first_round: int, entries: Sequence[Entry], now: str) -> int: ...
    def add_chips(self, stint_id: int, entries: Sequence[Entry]) -> None: ...
    def unseat_player(self, stint_id: int, last_round: int, ended_by: str,
                      entries: Sequence[Entry], now: str) -> None: ...
    def stints(self, player_id: int | None = ..., session_id: int | None = ...,
               open_only: bool = ...) -> list[dict[str, Any]]: ...
    def seat_back(self, table: str) -> dict[int, int]: ...
    def names_at(self, session_id: int, number: int) -> dict[int, str]: ...
    def player_rounds(self, player_id: int, table: str | None = ..., limit: int = ...,
                      offset: int = ...) -> tuple[list[dict[str, Any]], int]: ...
    def round_owner(self, round_id: int, player_id: int) -> dict[str, Any] | None: ...
    def recover_stints(self) -> list[int]: ...
    # the browser tables kept across restarts (paigow.store.tables)
    def keep_table(self, slot: int, table: str, name: str, kind: str,
                   options: dict[str, Any], client: str, now: str) -> None: ...
    def hold_tables(self, slot: int) -> None: ...
    def kept_tables(self, slot: int) -> list[dict[str, Any]]: ...
    def table_ids(self, slot: int) -> list[str]: ...
    def table_session(self, slot: int, table: str, session_id: int,
                      first_round: int) -> None: ...
    def close_table(self, slot: int, table: str, now: str) -> None: ...
    def last_round(self, session_id: int) -> dict[str, Any] | None: ...


def is_unique_violation(exc: BaseException) -> bool:
    """Whether a database error says a UNIQUE constraint was broken (either backend)."""
    return type(exc).__name__ in ("IntegrityError", "UniqueViolation") and \
        "unique" in str(exc).lower()


class SqlStore(TrainerRecords, PlayerRecords, TableRecords, ABC):
    """The ledger in a SQL database; a backend supplies the primitives below."""

    path: str
    voided: list[int]

    # -- what a backend supplies --------------------------------------------------
    @abstractmethod
    def _all(self, sql: str, args: Sequence[Any] = ()) -> Sequence[Row]:
        """Every row of a query, as mappings from column name."""

    @abstractmethod
    def _run(self, sql: str, args: Sequence[Any] = ()) -> None:
        """Execute one statement."""

    @abstractmethod
    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Execute one statement for each row of arguments."""

    @abstractmethod
    def _insert(self, sql: str, args: Sequence[Any]) -> int:
        """Execute an ``INSERT`` of one row; the new row's ``id``."""

    @abstractmethod
    def transaction(self) -> AbstractContextManager[object]:
        """One atomic transaction, rolled back on any error; statements run through the
        primitives inside it are part of it."""

    @abstractmethod
    def snapshot(self) -> AbstractContextManager[object]:
        """A block whose reads all see the ledger at one moment (a read-only transaction),
        so a round opening or settling meanwhile is seen whole or not at all."""

    @abstractmethod
    def _orphaned(self, session_id: int, owner: str) -> AbstractContextManager[bool]:
        """Whether the table that opened ``session_id`` is gone (so its open rounds may be
        voided), held true until the block ends."""

    @abstractmethod
    def close(self) -> None: ...

    owner = ""
    """What the sessions this store starts record as their owner."""

    _lock_row = ""
    """What to add to a ``SELECT`` of one round to lock it until the transaction ends."""

    # -- helpers --------------------------------------------------------------------
    def _one(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        rows = self._all(sql, args)
        return rows[0] if rows else None

    def query(self, sql: str, args: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows of an audit query (``?`` placeholders) as plain dicts.

        Integers stay integers (a backend whose sums are decimals gives ints)."""
        # a sqlite3.Row iterates over its values, so ask for the keys
        return [{k: _plain(r[k]) for k in r.keys()} for r in self._all(sql, args)]  # noqa: SIM118

    def _insert_entries(
        self, session_id: int | None, round_id: int | None, entries: Sequence[Entry]
    ) -> None:
        if not entries:
            return
        self._run_many(
            "INSERT INTO entry (session_id, round_id, kind, src, dst, amount, seat, memo) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (session_id, round_id, e.kind, e.src, e.dst, e.amount, e.seat, e.memo)
                for e in entries
            ],
        )

    def _open_round_row(self, round_id: int) -> Row | None:
        """The round's session and status, locked where the backend locks rows."""
        return self._one(
            "SELECT session_id, status FROM round WHERE id = ?" + self._lock_row, (round_id,)
        )

    def _session_started(self, session_id: int) -> None:
        """Called inside the session's first transaction (a backend may claim it there)."""
        return None

    # -- the table's Store protocol -------------------------------------------------
    def start_session(self, info: SessionInfo, entries: Sequence[Entry]) -> int:
        with self.transaction():
            sid = self._insert(
                "INSERT INTO session (game, rules, commission, house_way, chance, seed, seats, "
                "created, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    info.game, json.dumps(info.rules), json.dumps(info.commission_json()),
                    info.house_way, info.chance, info.seed,
                    json.dumps([s.to_json() for s in info.seats]), now(), self.owner,
                ),
            )
            self._session_started(sid)
            self._insert_entries(sid, None, entries)
        return sid

    def open_round(self, session_id: int, opening: RoundOpening) -> int:
        with self.transaction():
            rid = self._insert(
                "INSERT INTO round (session_id, number, status, banker_kind, banker_seat, dice, "
                "deck, bets, opened, commitment) VALUES (?, ?, 'open', ?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id, opening.number, opening.banker.kind, opening.banker.seat,
                    json.dumps(list(opening.dice)), json.dumps(list(opening.deck)),
                    json.dumps({str(k): v for k, v in opening.bets.items()}), now(),
                    opening.commitment,
                ),
            )
            self._insert_entries(session_id, rid, opening.entries)
            rows: list[tuple[Any, ...]] = [
                (rid, x.seat, "side", x.name, None, x.stake) for x in opening.side
            ]
            if opening.dragon is not None:
                d = opening.dragon
                rows.append((rid, d.seat, "dragon", "dragon", d.place, d.stake))
            if rows:
                self._run_many(
                    "INSERT INTO wager (round_id, seat, kind, name, place, stake) "
                    "VALUES (?, ?, ?, ?, ?, ?)", rows,
                )
        return rid

    def settle_round(self, round_id: int, record: RoundRecord) -> None:
        with self.transaction():
            row = self._open_round_row(round_id)
            if row is None or row["status"] != "open":
                raise PaigowError(f"round {round_id} is not open")
            self._insert_entries(int(row["session_id"]), round_id, record.entries)
            self._run_many(
                "INSERT INTO result (round_id, seat, stake, high, low, outcome, net, commission, "
                "fee) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (round_id, r.seat, r.stake, r.high, r.low, r.outcome, r.net, r.commission, r.fee)
                    for r in record.results
                ],
            )
            # the round's seed is revealed (written) only with its settlement
            self._settle_wagers(round_id, record)
            detail = record.to_json()
            for key in DEAL_COLUMNS:  # kept once, in the row: the seed written here
                del detail[key]
            self._run(
                "UPDATE round SET status = 'settled', detail = ?, closed = ?, seed = ? "
                "WHERE id = ?",
                (json.dumps(detail), now(), record.seed, round_id),
            )

    def _settle_wagers(self, round_id: int, record: RoundRecord) -> None:
        """Write the results of the round's side bets and dragon bet, and its Envy awards."""
        for x in record.side:
            if x.kind == "bet":
                self._run(
                    "UPDATE wager SET place = ?, line = ?, outcome = ?, net = ? WHERE "
                    "round_id = ? AND kind = 'side' AND seat = ? AND name = ?",
                    (x.place, x.line, "win" if x.net > 0 else "lose", x.net, round_id,
                     x.seat, x.name),
                )
        envy = [(round_id, x.seat, "envy", x.name, x.place, 0, x.line, "paid", x.net)
                for x in record.side if x.kind == "envy"]
        if envy:
            self._run_many(
                "INSERT INTO wager (round_id, seat, kind, name, place, stake, line, outcome, "
                "net) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", envy,
            )
        d = record.dragon
        if d is not None:
            self._run(
                "UPDATE wager SET outcome = ?, net = ? WHERE round_id = ? AND kind = 'dragon'",
                (d.outcome, d.net, round_id),
            )

    _wager_table: bool | None = None

    def _has_wager_table(self) -> bool:
        """Whether the ledger has the ``wager`` table (a ledger of an older version opened
        read-only has not: it recorded no side bets)."""
        if self._wager_table is None:
            try:
                self._all("SELECT 1 FROM wager WHERE 1 = 0")
                self._wager_table = True
            except Exception:  # the table is missing (each backend says so its own way)
                self._wager_table = False
        return self._wager_table

    def wagers(self, round_ids: Sequence[int]) -> dict[int, list[dict[str, Any]]]:
        """The side bets, dragon bet and Envy awards of each round (by round id)."""
        out: dict[int, list[dict[str, Any]]] = {int(r): [] for r in round_ids}
        if not out or not self._has_wager_table():
            return out
        marks = ", ".join("?" for _ in out)
        for r in self._all(
            f"SELECT round_id, seat, kind, name, place, stake, line, outcome, net FROM wager "
            f"WHERE round_id IN ({marks}) ORDER BY round_id, kind, seat, name",
            tuple(out),
        ):
            out[int(r["round_id"])].append({
                "seat": int(r["seat"]), "kind": r["kind"], "name": r["name"],
                "place": r["place"], "stake": int(r["stake"]), "line": r["line"],
                "outcome": r["outcome"], "net": None if r["net"] is None else int(r["net"]),
            })
        return out

    # -- one copy of the deal -------------------------------------------------------
    def _keep_one_copy(self) -> int:
        """Drop the second copy of each settled round's deal (:data:`DEAL_COLUMNS`) from
        its ``detail``, once per ledger (the ``meta`` key :data:`ONE_COPY`); the rounds
        changed. The row's copy is kept, as ``paigow verify`` always read it: where the
        row had none (a NULL commitment or seed) the record's fills it; where the two
        differ the row's stays and the ``audit`` table says so. Run when the ledger is
        opened for writing, in one transaction."""
        if self._one("SELECT value FROM meta WHERE key = ?", (ONE_COPY,)) is not None:
            return 0
        changed = 0
        with self.transaction():
            if self._one("SELECT value FROM meta WHERE key = ?", (ONE_COPY,)) is not None:
                return 0  # another process did it meanwhile
            last = 0
            while True:
                rows = self._all(
                    "SELECT id, session_id, deck, dice, commitment, seed, detail FROM round "
                    "WHERE id > ? AND detail IS NOT NULL ORDER BY id LIMIT 500", (last,))
                if not rows:
                    break
                for r in rows:
                    last = int(r["id"])
                    changed += self._one_copy_of(r)
            self._run("INSERT INTO meta (key, value) VALUES (?, ?)", (ONE_COPY, now()))
        return changed

    def _one_copy_of(self, r: Row) -> int:
        """Keep round ``r``'s deal once (see :meth:`_keep_one_copy`); 1 if it changed."""
        detail = json.loads(r["detail"])
        if not any(k in detail for k in DEAL_COLUMNS):
            return 0
        row = {"deck": json.loads(r["deck"]), "dice": json.loads(r["dice"]),
               "commitment": r["commitment"], "seed": r["seed"]}
        fill = {}
        for key in DEAL_COLUMNS:
            if key not in detail:
                continue
            kept = detail.pop(key)
            if row[key] is None and kept is not None:
                fill[key] = kept
            elif kept is not None and kept != row[key]:
                self._run(
                    "INSERT INTO audit (at, action, session_id, round_id, reason, actor) "
                    "VALUES (?, 'kept', ?, ?, ?, 'migration')",
                    (now(), int(r["session_id"]), int(r["id"]),
                     f"the round's record held another {key} than its row: the row's is "
                     "kept, the one paigow verify read"))
        sets = ", ".join(f"{k} = ?" for k in fill)
        self._run(f"UPDATE round SET detail = ?{', ' + sets if sets else ''} WHERE id = ?",
                  (json.dumps(detail), *fill.values(), int(r["id"])))
        return 1

    # -- recovery -------------------------------------------------------------------
    stints_recovered: list[int] = []  # noqa: RUF012 - set per store by recover()
    """The people's seats this store cashed out to their wallets when it was opened
    (their table was gone: :meth:`PlayerRecords.recover_stints`)."""

    def recover(self) -> list[int]:
        """Void every unfinished round whose table is gone, then cash out every person's
        seat at a gone table to their wallet; the ids of the rounds voided."""
        rows = self._all(
            "SELECT r.id, r.session_id, s.owner FROM round r JOIN session s ON s.id = r.session_id "
            "WHERE r.status = 'open' ORDER BY r.id"
        )
        voided = []
        for r in rows:
            with self._orphaned(int(r["session_id"]), str(r["owner"])) as gone:
                if gone and self.void_round(
                    int(r["id"]), "recovered: the table that opened it is gone (its lease "
                    "was free)", "recovery",
                ):
                    voided.append(int(r["id"]))
        self.stints_recovered = self.recover_stints()
        return voided

    def void_round(
        self, round_id: int, reason: str = "the round could not finish", actor: str = "table"
    ) -> bool:
        """Void an open round in one transaction: reverse each of its entries (every bet
        back to its seat, every cover back to its banker), mark it ``void`` and leave an
        entry in the ``audit`` table (``reason``, ``actor``). False if the round was not
        open."""
        with self.transaction():
            row = self._open_round_row(round_id)
            if row is None or row["status"] != "open":
                return False
            self._run(
                "INSERT INTO audit (at, action, session_id, round_id, reason, actor) "
                "VALUES (?, 'void', ?, ?, ?, ?)",
                (now(), int(row["session_id"]), round_id, reason, actor),
            )
            rows = self._all(
                "SELECT kind, src, dst, amount, seat, memo FROM entry WHERE round_id = ? "
                "ORDER BY id",
                (round_id,),
            )
            back = [
                Entry(r["kind"], r["src"], r["dst"], int(r["amount"]), r["seat"], r["memo"])
                .reversed()
                for r in rows
            ]
            self._insert_entries(int(row["session_id"]), round_id, back)
            self._run("UPDATE round SET status = 'void', closed = ? WHERE id = ?", (now(), round_id))
        return True

    def void_stuck(
        self, round_id: int, reason: str, actor: str, force: bool = False
    ) -> dict[str, Any]:
        """The operator's void (``paigow void``): void open round ``round_id``, every bet
        returned, with an audit entry naming ``reason`` and ``actor``. Refused when the
        round is not open, and when its table still holds its lease unless ``force``
        (the table then finds its round void and cannot settle it). The audit entry."""
        if not reason.strip():
            raise PaigowError("a void needs a reason (--reason)")
        r = self._one(
            "SELECT r.status, r.session_id, s.owner FROM round r JOIN session s "
            "ON s.id = r.session_id WHERE r.id = ?",
            (round_id,),
        )
        if r is None:
            raise PaigowError(f"there is no round {round_id} in {self.path}")
        if r["status"] != "open":
            raise PaigowError(f"round {round_id} is {r['status']}, not open: nothing to void")
        with self._orphaned(int(r["session_id"]), str(r["owner"])) as gone:
            if not gone and not force:
                raise PaigowError(
                    f"round {round_id}'s table is still running (it holds its session's "
                    "lease): stop it, or add --force to void the round under it"
                )
            lease = "free" if gone else "held (forced)"
            if not self.void_round(round_id, f"{reason.strip()} [lease {lease}]", actor):
                raise PaigowError(f"round {round_id} was closed meanwhile: nothing to void")
        return self.audit(round_id)[-1]

    def audit(self, round_id: int | None = None) -> list[dict[str, Any]]:
        """The audit entries (voids: by whom, why), oldest first."""
        sql = "SELECT id, at, action, session_id, round_id, reason, actor FROM audit"
        args: tuple[int, ...] = ()
        if round_id is not None:
            sql += " WHERE round_id = ?"
            args = (round_id,)
        try:
            rows = self._all(sql + " ORDER BY id", args)
        except Exception:  # a ledger written before the audit table existed, read-only
            return []
        return [
            {"id": int(r["id"]), "at": r["at"], "action": r["action"],
             "session": r["session_id"], "round": r["round_id"], "reason": r["reason"],
             "actor": r["actor"]}
            for r in rows
        ]

    # -- queries --------------------------------------------------------------------
    def balances(self, session_id: int) -> dict[str, int]:
        """Every account's balance in a session."""
        rows = self._all("SELECT account, balance FROM balance WHERE session_id = ?", (session_id,))
        return {r["account"]: int(r["balance"]) for r in rows}

    def sessions(self) -> list[dict[str, Any]]:
        """Every session, oldest first."""
        return [
            {
                "session": int(r["id"]),
                "game": r["game"],
                "rules": json.loads(r["rules"]),
                "commission": json.loads(r["commission"]),
                "house_way": r["house_way"],
                "chance": r["chance"],
                "seed": r["seed"],
                "seats": json.loads(r["seats"]),
                "created": r["created"],
            }
            for r in self._all("SELECT * FROM session ORDER BY id")
        ]

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
        rows = self._all(sql + " ORDER BY id", args)
        wagers = self.wagers([int(r["id"]) for r in rows])
        return [_round_json(r, wagers[int(r["id"])]) for r in rows]

    def round(self, round_id: int) -> dict[str, Any]:
        """One round as plain data; :class:`PaigowError` if there is none."""
        r = self._one("SELECT * FROM round WHERE id = ?", (round_id,)) \
            if 0 <= round_id <= MAX_ID else None
        if r is None:
            raise PaigowError(f"there is no round {round_id} in {self.path}")
        return _round_json(r, self.wagers([round_id])[round_id])

    def entries(self, round_id: int) -> list[dict[str, Any]]:
        rows = self._all(
            "SELECT kind, src, dst, amount, seat, memo FROM entry WHERE round_id = ? ORDER BY id",
            (round_id,),
        )
        return [
            {"kind": r["kind"], "from": r["src"], "to": r["dst"], "amount": int(r["amount"]),
             "seat": r["seat"], "memo": r["memo"]}
            for r in rows
        ]

    def check(self) -> list[str]:
        """Every broken ledger invariant, as sentences (an empty list when all hold).

        Read at one moment (:meth:`snapshot`): a table writing a round meanwhile is seen
        before or after it, never half-way (its bets moved but the round not yet open)."""
        with self.snapshot():
            return self._check()

    def _check(self) -> list[str]:
        problems: list[str] = []
        for r in self._all("SELECT id FROM round WHERE status = 'open'"):
            problems.append(f"round {r['id']} is still open")
        for r in self._all("SELECT id, amount FROM entry WHERE amount <= 0"):
            problems.append(f"entry {r['id']} has a non-positive amount {r['amount']}")
        open_sessions = {
            int(r["session_id"]) for r in self._all("SELECT session_id FROM round WHERE status='open'")
        }
        for s in self._all("SELECT id FROM session ORDER BY id"):
            sid = int(s["id"])
            bal = self.balances(sid)
            # bought in (from the cashier or people's wallets) less cashed out
            buy_ins = -bal.get(CASHIER, 0) - sum(v for k, v in bal.items()
                                                  if k.startswith("wallet:"))
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
        problems += wallets_below_zero(self)
        # a voided round must leave every account as it found it
        for r in self._all(
            "SELECT round_id, account, SUM(delta) AS d FROM ("
            " SELECT e.round_id, e.dst AS account, e.amount AS delta FROM entry e"
            " JOIN round r ON r.id = e.round_id WHERE r.status = 'void'"
            " UNION ALL SELECT e.round_id, e.src, -e.amount FROM entry e"
            " JOIN round r ON r.id = e.round_id WHERE r.status = 'void'"
            ") AS moves GROUP BY round_id, account HAVING SUM(delta) != 0"
        ):
            problems.append(f"void round {r['round_id']} moved {int(r['d'])} for {r['account']}")
        return problems


def _plain(v: Any) -> Any:
    """A database value as plain JSON-able data (whole decimals become ints)."""
    from decimal import Decimal

    if isinstance(v, Decimal) and v == v.to_integral_value():
        return int(v)
    return v


def round_detail(r: Row) -> dict[str, Any] | None:
    """A settled round's record (``detail``) with what it was dealt from, read from the
    round's row (:data:`DEAL_COLUMNS`), whatever an older ledger's ``detail`` held; None
    for a round not settled. ``r`` holds ``detail`` and the deal's columns."""
    if not r["detail"]:
        return None
    detail = r["detail"] if isinstance(r["detail"], dict) else json.loads(r["detail"])
    keys = set(r.keys())
    return {**detail, "deck": json.loads(r["deck"]), "dice": json.loads(r["dice"]),
            "commitment": r["commitment"] if "commitment" in keys else None,
            "seed": r["seed"] if "seed" in keys else None}


def _round_json(r: Row, wagers: list[dict[str, Any]]) -> dict[str, Any]:
    """A round row as plain data; ``side_bets`` and ``dragon`` are what was staked when it
    opened (results are in ``detail``), ``wagers`` every row of the ``wager`` table."""
    detail = round_detail(r)
    keys = set(r.keys())
    dragon = next(({"seat": w["seat"], "place": w["place"], "stake": w["stake"]}
                   for w in wagers if w["kind"] == "dragon"), None)
    return {
        "round": int(r["id"]),
        "session": int(r["session_id"]),
        "number": r["number"],
        "status": r["status"],
        "banker": {"kind": r["banker_kind"], "seat": r["banker_seat"]},
        "dice": json.loads(r["dice"]),
        "deck": json.loads(r["deck"]),
        "bets": {int(k): v for k, v in json.loads(r["bets"]).items()},
        "detail": detail,
        "side_bets": [{"seat": w["seat"], "name": w["name"], "stake": w["stake"]}
                      for w in wagers if w["kind"] == "side"],
        "dragon": dragon,
        "wagers": wagers,
        "opened": r["opened"],
        "closed": r["closed"],
        "commitment": r["commitment"] if "commitment" in keys else None,
        "seed": r["seed"] if "seed" in keys and r["status"] == "settled" else None,
    }
