"""People who last: player records, their secrets and passwords, wallets and seats.

A person at the browser table is a row of ``player``: a name (unique, case and spacing
aside) and, optionally, a password hash (argon2, made by :mod:`paigow.web.accounts`; never
the password). A browser proves it is that person with a secret kept in a cookie; only
the secret's SHA-256 is stored, in ``player_secret``, one row per browser (device), each
with its expiry. The secret is 32 random bytes, so a fast hash is enough: nobody can guess
a secret from its hash, and a stolen table of hashes opens no door.

Money: every person has a **wallet**, the ledger account ``wallet:P`` (see
:mod:`paigow.table.ledger`). A new person's wallet is given play money by the cashier (a
``grant`` entry, outside any table, so its ``session_id`` is NULL). A person buys in to a
seat from the wallet (``buy_in``: ``wallet:P`` → ``seat:N`` of the table's session) and
cashes out back to it (``cash_out``); a seat that a bot plays holds the cashier's chips,
so when a person takes it the bot's chips go back to the cashier first, and when the
person leaves the bot buys in again. Every move is entries of the one ledger, written in
one transaction with the record of who sits where:

* ``stint``: one row per person per time at a seat: the table's session and seat, the
  table's name, the first and last round the person could play there, when and why it
  ended (``left``, ``gone``, ``closed`` when the server stopped, ``recovered`` when a
  server that died was cleaned up after). Whose chips a seat holds, which rounds make a
  person's history, and which seat to offer back after a restart all come from here.

**Nothing is lost to a crash.** :meth:`PlayerRecords.recover_stints` (run with the
ledger's recovery whenever it is opened for writing) finds every open stint whose table
is gone (its session's lease is free: the process died) and cashes the seat out to the
person's wallet, after the round it was playing has been voided. A wallet never goes below
zero: checked in the transaction that moves money out of it (the player's row locked on
PostgreSQL, so two tables buying in at once from one wallet cannot both pass).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from paigow.errors import PaigowError
from paigow.phrasing import NOTHING, Msg
from paigow.table.ledger import CASHIER, WALLET_PREFIX, Entry, seat_account, wallet_account


def players_schema(*, id_column: str, integer: str) -> list[str]:
    """The people's tables in a backend's words (see :func:`paigow.store.base.schema`)."""
    return [
        f"""CREATE TABLE IF NOT EXISTS player (
    id {id_column},
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT,
    created TEXT NOT NULL,
    client TEXT NOT NULL DEFAULT ''
)""",
        f"""CREATE TABLE IF NOT EXISTS player_secret (
    hash TEXT PRIMARY KEY,
    player_id {integer} NOT NULL REFERENCES player(id),
    created TEXT NOT NULL,
    expires TEXT NOT NULL
)""",
        "CREATE INDEX IF NOT EXISTS player_secret_player ON player_secret (player_id)",
        # what each name looks like (paigow.web.lookalike): one person per look
        f"""CREATE TABLE IF NOT EXISTS player_look (
    look TEXT PRIMARY KEY,
    player_id {integer} NOT NULL REFERENCES player(id)
)""",
        f"""CREATE TABLE IF NOT EXISTS stint (
    id {id_column},
    player_id {integer} NOT NULL REFERENCES player(id),
    session_id {integer} NOT NULL REFERENCES session(id),
    seat INTEGER NOT NULL,
    table_name TEXT NOT NULL,
    first_round INTEGER NOT NULL,
    last_round INTEGER,
    started TEXT NOT NULL,
    ended TEXT,
    ended_by TEXT CHECK (ended_by IN ('left', 'gone', 'closed', 'recovered'))
)""",
        "CREATE INDEX IF NOT EXISTS stint_player ON stint (player_id)",
        "CREATE INDEX IF NOT EXISTS stint_open ON stint (session_id) WHERE ended IS NULL",
        # a wallet's balance is read from its entries: these keep that quick
        "CREATE INDEX IF NOT EXISTS entry_wallet_in ON entry (dst) WHERE dst LIKE 'wallet:%'",
        "CREATE INDEX IF NOT EXISTS entry_wallet_out ON entry (src) WHERE src LIKE 'wallet:%'",
    ]


ENDINGS = ("left", "gone", "closed", "recovered")


def name_key(name: str) -> str:
    """How names are compared: case and spacing aside.

    >>> name_key("  Ann  Lee ") == name_key("ann lee")
    True
    """
    return " ".join(name.split()).casefold()


def secret_hash(secret: str) -> str:
    """What is stored of a browser's secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


class _Sql(Protocol):
    """The primitives of :class:`paigow.store.base.SqlStore` the people's records use."""

    path: str
    _lock_row: str

    def _all(self, sql: str, args: Sequence[Any] = ()) -> Sequence[Any]: ...
    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any: ...
    def _run(self, sql: str, args: Sequence[Any] = ()) -> None: ...
    def _insert(self, sql: str, args: Sequence[Any]) -> int: ...
    def _insert_entries(self, session_id: int | None, round_id: int | None,
                        entries: Sequence[Entry]) -> None: ...
    def transaction(self) -> AbstractContextManager[object]: ...
    def _orphaned(self, session_id: int, owner: str) -> AbstractContextManager[bool]: ...
    def balances(self, session_id: int) -> dict[str, int]: ...


def _player(r: Any) -> dict[str, Any]:
    return {"id": int(r["id"]), "name": str(r["name"]), "password": r["password"],
            "created": r["created"]}


def _stint(r: Any) -> dict[str, Any]:
    return {"id": int(r["id"]), "player": int(r["player_id"]), "session": int(r["session_id"]),
            "seat": int(r["seat"]), "table": str(r["table_name"]),
            "first_round": int(r["first_round"]),
            "last_round": None if r["last_round"] is None else int(r["last_round"]),
            "started": r["started"], "ended": r["ended"], "ended_by": r["ended_by"]}


class PlayerRecords:
    """The people's calls of a SQL store (mixed into :class:`paigow.store.base.SqlStore`)."""

    # -- records and secrets ----------------------------------------------------------
    def create_player(self: _Sql, name: str, secret: str, expires: str, grant: int,
                      now: str, client: str = "", looks: Sequence[str] = ()) -> int:
        """A new person called ``name`` whose browser holds ``secret`` until ``expires``,
        their wallet given ``grant`` cents by the cashier; the new id. A name taken (case and
        spacing aside), or one that looks like someone's (one of its ``looks`` is theirs:
        :mod:`paigow.web.lookalike`), is refused and nothing is written."""
        from paigow.store.base import is_unique_violation

        if grant < 0:
            raise PaigowError(f"a new wallet's money must not be negative, not {grant}")
        looks = tuple(dict.fromkeys(looks))
        try:
            with self.transaction():
                if self._one("SELECT id FROM player WHERE name_key = ?", (name_key(name),)):
                    raise PaigowError(Msg("the name {name} is taken: choose another, or sign "
                                          "in with its password", name=repr(name)))
                if looks:
                    marks = ", ".join("?" for _ in looks)
                    alike = self._one(
                        "SELECT p.name FROM player_look l JOIN player p ON p.id = l.player_id "
                        f"WHERE l.look IN ({marks})", looks)
                    if alike is not None:
                        raise PaigowError(_lookalike(name, str(alike["name"])))
                pid = self._insert(
                    "INSERT INTO player (name, name_key, password, created, client) "
                    "VALUES (?, ?, NULL, ?, ?)", (name, name_key(name), now, client[:64]))
                for look in looks:
                    self._run("INSERT INTO player_look (look, player_id) VALUES (?, ?)",
                              (look, pid))
                self._run("INSERT INTO player_secret (hash, player_id, created, expires) "
                          "VALUES (?, ?, ?, ?)", (secret_hash(secret), pid, now, expires))
                if grant:
                    self._insert_entries(None, None, [
                        Entry("grant", CASHIER, wallet_account(pid), grant, None,
                              "play money for a new person")])
        except Exception as exc:
            if is_unique_violation(exc):  # the same name (or look) at the same moment
                raise PaigowError(Msg("the name {name} is taken: choose another",
                                      name=repr(name))) from None
            raise
        return pid

    def fill_looks(self: _Sql, looks: Callable[[str], Sequence[str]]) -> int:
        """Record what the names of people made before looks were kept look like
        (``looks``: :func:`paigow.web.lookalike.looks`), oldest first; a look already
        someone's stays theirs (two such people keep their names). How many people were
        filled."""
        rows = self._all("SELECT id, name FROM player WHERE id NOT IN "
                         "(SELECT player_id FROM player_look) ORDER BY id")
        filled = 0
        for r in rows:
            with self.transaction():
                for look in dict.fromkeys(looks(str(r["name"]))):
                    self._run("INSERT INTO player_look (look, player_id) VALUES (?, ?) "
                              "ON CONFLICT (look) DO NOTHING", (look, int(r["id"])))
            filled += 1
        return filled

    def player_by_secret(self: _Sql, secret: str) -> dict[str, Any] | None:
        """The person whose browser holds ``secret``, with the secret's ``expires``; None
        for a secret nobody holds."""
        r = self._one(
            "SELECT p.id, p.name, p.password, p.created, s.expires FROM player_secret s "
            "JOIN player p ON p.id = s.player_id WHERE s.hash = ?", (secret_hash(secret),))
        return None if r is None else {**_player(r), "expires": r["expires"]}

    def player_by_id(self: _Sql, player_id: int) -> dict[str, Any] | None:
        r = self._one("SELECT id, name, password, created FROM player WHERE id = ?",
                      (player_id,))
        return None if r is None else _player(r)

    def player_by_name(self: _Sql, name: str) -> dict[str, Any] | None:
        """The person called ``name`` (case and spacing aside), password hash included."""
        r = self._one("SELECT id, name, password, created FROM player WHERE name_key = ?",
                      (name_key(name),))
        return None if r is None else _player(r)

    def add_secret(self: _Sql, player_id: int, secret: str, expires: str, now: str) -> None:
        """Another browser of ``player_id`` (a sign-in) holds ``secret``."""
        with self.transaction():
            self._run("INSERT INTO player_secret (hash, player_id, created, expires) "
                      "VALUES (?, ?, ?, ?)", (secret_hash(secret), player_id, now, expires))

    def drop_secret(self: _Sql, secret: str) -> bool:
        """Forget a browser's secret (signing out); whether it was known."""
        with self.transaction():
            known = self._one("SELECT player_id FROM player_secret WHERE hash = ?",
                              (secret_hash(secret),)) is not None
            self._run("DELETE FROM player_secret WHERE hash = ?", (secret_hash(secret),))
        return known

    def drop_other_secrets(self: _Sql, player_id: int, keep: str | None) -> list[str]:
        """Sign ``player_id`` out of every browser but the one holding ``keep`` (a new
        password): the hashes of the secrets dropped."""
        kept = secret_hash(keep) if keep else ""
        with self.transaction():
            rows = self._all("SELECT hash FROM player_secret WHERE player_id = ? AND hash <> ?",
                             (player_id, kept))
            self._run("DELETE FROM player_secret WHERE player_id = ? AND hash <> ?",
                      (player_id, kept))
        return [str(r["hash"]) for r in rows]

    def set_password(self: _Sql, player_id: int, password_hash: str) -> None:
        """Record the hash of ``player_id``'s password (made by the caller: argon2)."""
        with self.transaction():
            self._run("UPDATE player SET password = ? WHERE id = ?", (password_hash, player_id))

    # -- money --------------------------------------------------------------------------
    def wallet(self: _Sql, player_id: int) -> int:
        """The money in ``player_id``'s wallet (cents)."""
        acc = wallet_account(player_id)
        got = self._one(
            "SELECT (SELECT COALESCE(SUM(amount), 0) FROM entry WHERE dst = ? AND dst LIKE "
            "'wallet:%') - (SELECT COALESCE(SUM(amount), 0) FROM entry WHERE src = ? AND "
            "src LIKE 'wallet:%') AS balance", (acc, acc))
        return int(got["balance"]) if got is not None else 0

    def grant(self: _Sql, player_id: int, amount: int, memo: str) -> None:
        """The cashier gives ``player_id``'s wallet ``amount`` cents of play money."""
        with self.transaction():
            self._insert_entries(None, None, [
                Entry("grant", CASHIER, wallet_account(player_id), amount, None, memo)])

    def seat_player(self: _Sql, player_id: int, session_id: int, seat: int, table: str,
                    first_round: int, entries: Sequence[Entry], now: str) -> int:
        """``player_id`` sits at ``seat`` of ``session_id`` (table ``table``) from round
        ``first_round``, the buy-in ``entries`` written with it; the stint's id. Refused,
        writing nothing, when the wallet cannot pay or the seat is someone's already."""
        with self.transaction():
            _lock_player(self, player_id)
            if self._one("SELECT id FROM stint WHERE session_id = ? AND seat = ? AND "
                         "ended IS NULL", (session_id, seat)) is not None:
                raise PaigowError(f"seat {seat} is someone else's")
            before = PlayerRecords.wallet(self, player_id)
            self._insert_entries(session_id, None, entries)
            _wallet_not_below_zero(self, player_id, before)
            return self._insert(
                "INSERT INTO stint (player_id, session_id, seat, table_name, first_round, "
                "started) VALUES (?, ?, ?, ?, ?, ?)",
                (player_id, session_id, seat, table, first_round, now))

    def add_chips(self: _Sql, stint_id: int, entries: Sequence[Entry]) -> None:
        """More chips for an open stint's seat from its person's wallet (``entries``)."""
        with self.transaction():
            s = self._one("SELECT player_id, session_id, ended FROM stint WHERE id = ?",
                          (stint_id,))
            if s is None or s["ended"] is not None:
                raise PaigowError(f"stint {stint_id} is not open")
            pid = int(s["player_id"])
            _lock_player(self, pid)
            before = PlayerRecords.wallet(self, pid)
            self._insert_entries(int(s["session_id"]), None, entries)
            _wallet_not_below_zero(self, pid, before)

    def unseat_player(self: _Sql, stint_id: int, last_round: int, ended_by: str,
                      entries: Sequence[Entry], now: str) -> None:
        """End an open stint (``ended_by``: one of :data:`ENDINGS`), its cash-out
        ``entries`` written with it."""
        if ended_by not in ENDINGS:
            raise PaigowError(f"a stint ends {', '.join(ENDINGS)}, not {ended_by!r}")
        with self.transaction():
            s = self._one("SELECT session_id, ended FROM stint WHERE id = ?" + self._lock_row,
                          (stint_id,))
            if s is None or s["ended"] is not None:
                raise PaigowError(f"stint {stint_id} is not open")
            self._insert_entries(int(s["session_id"]), None, entries)
            self._run("UPDATE stint SET last_round = ?, ended = ?, ended_by = ? WHERE id = ?",
                      (last_round, now, ended_by, stint_id))

    # -- who sat where ------------------------------------------------------------------
    def stints(self: _Sql, player_id: int | None = None, session_id: int | None = None,
               open_only: bool = False) -> list[dict[str, Any]]:
        """Stints (of one person or session; only the open ones), oldest first."""
        sql, args = "SELECT * FROM stint WHERE 1 = 1", []
        if player_id is not None:
            sql += " AND player_id = ?"
            args.append(player_id)
        if session_id is not None:
            sql += " AND session_id = ?"
            args.append(session_id)
        if open_only:
            sql += " AND ended IS NULL"
        return [_stint(r) for r in self._all(sql + " ORDER BY id", args)]

    def seat_back(self: _Sql, table: str) -> dict[int, int]:
        """For each person whose last stint at table ``table`` ended without their
        leaving (the server stopped or died, or their page was gone): that seat."""
        out: dict[int, int] = {}
        for r in self._all("SELECT player_id, seat, ended_by FROM stint WHERE table_name = ? "
                           "AND ended IS NOT NULL ORDER BY id", (table,)):
            pid = int(r["player_id"])
            if r["ended_by"] == "left":
                out.pop(pid, None)
            else:
                out[pid] = int(r["seat"])
        return out

    def names_at(self: _Sql, session_id: int, number: int) -> dict[int, str]:
        """Who sat at each seat of ``session_id`` in its round ``number`` (people only)."""
        rows = self._all(
            "SELECT s.seat, p.name FROM stint s JOIN player p ON p.id = s.player_id "
            "WHERE s.session_id = ? AND s.first_round <= ? AND (s.last_round IS NULL OR "
            "s.last_round >= ?)", (session_id, number, number))
        return {int(r["seat"]): str(r["name"]) for r in rows}

    def player_rounds(self: _Sql, player_id: int, table: str | None = None,
                      limit: int = 20, offset: int = 0) -> tuple[list[dict[str, Any]], int]:
        """The settled rounds ``player_id`` played (at table ``table``, or any), newest
        first, ``limit`` from ``offset``: ``(rows, total)``; each row is the round's id,
        session, number, table name, the seat, when it opened (UTC), and the record
        (``detail``, with its deal: :func:`paigow.store.base.round_detail`). A round they
        played is one in which their seat's money moved (a bet, a side bet, the bank): a
        round they sat out at their seat is not theirs to list."""
        where = ("FROM round r JOIN stint s ON s.session_id = r.session_id AND r.number >= "
                 "s.first_round AND (s.last_round IS NULL OR r.number <= s.last_round) "
                 "WHERE s.player_id = ? AND r.status = 'settled' AND EXISTS (SELECT 1 FROM "
                 "entry e WHERE e.round_id = r.id AND (e.src = 'seat:' || s.seat OR "
                 "e.dst = 'seat:' || s.seat))")
        args: list[Any] = [player_id]
        if table is not None:
            where += " AND s.table_name = ?"
            args.append(table)
        total = self._one(f"SELECT COUNT(*) AS n {where}", args)
        rows = self._all(
            f"SELECT r.id, r.session_id, r.number, r.opened, r.detail, r.deck, r.dice, "
            f"r.commitment, r.seed, s.table_name, s.seat {where} "
            "ORDER BY r.id DESC LIMIT ? OFFSET ?", [*args, limit, offset])
        from paigow.store.base import round_detail

        return ([{"round": int(r["id"]), "session": int(r["session_id"]),
                  "number": int(r["number"]), "table": str(r["table_name"]),
                  "seat": int(r["seat"]), "opened": str(r["opened"]),
                  "detail": round_detail(r)} for r in rows],
                int(total["n"]) if total is not None else 0)

    def round_owner(self: _Sql, round_id: int, player_id: int) -> dict[str, Any] | None:
        """Round ``round_id`` if ``player_id`` sat in it (its table name and their seat)."""
        r = self._one(
            "SELECT r.id, r.session_id, r.number, s.table_name, s.seat FROM round r "
            "JOIN stint s ON s.session_id = r.session_id AND r.number >= s.first_round AND "
            "(s.last_round IS NULL OR r.number <= s.last_round) WHERE r.id = ? AND "
            "s.player_id = ?", (round_id, player_id))
        if r is None:
            return None
        return {"round": int(r["id"]), "session": int(r["session_id"]),
                "number": int(r["number"]), "table": str(r["table_name"]),
                "seat": int(r["seat"])}

    # -- recovery -----------------------------------------------------------------------
    def recover_stints(self: _Sql) -> list[int]:
        """Cash out every open stint whose table is gone (its session's lease is free) to
        its person's wallet; the stints ended. Run after the gone tables' open rounds were
        voided, so every bet is back at its seat first."""
        try:
            rows = self._all(
                "SELECT DISTINCT t.session_id, s.owner FROM stint t JOIN session s "
                "ON s.id = t.session_id WHERE t.ended IS NULL ORDER BY t.session_id")
        except Exception:  # a ledger older than the people's tables: nothing to recover
            return []
        ended: list[int] = []
        for r in rows:
            sid = int(r["session_id"])
            with self._orphaned(sid, str(r["owner"])) as gone:
                if not gone:
                    continue
                if self._one("SELECT id FROM round WHERE session_id = ? AND status = 'open'",
                             (sid,)) is not None:
                    continue  # its round could not be voided: leave the chips where they are
                last = self._one("SELECT MAX(number) AS n FROM round WHERE session_id = ?",
                                 (sid,))
                last_round = int(last["n"]) if last and last["n"] is not None else 0
                balances = self.balances(sid)
                from paigow.store.base import now

                for st in PlayerRecords.stints(self, session_id=sid, open_only=True):
                    chips = balances.get(seat_account(st["seat"]), 0)
                    out = [Entry("cash_out", seat_account(st["seat"]),
                                 wallet_account(st["player"]), chips, st["seat"],
                                 "the table was gone: chips back to the wallet")] if chips > 0 else []
                    PlayerRecords.unseat_player(self, st["id"], last_round, "recovered", out,
                                                now())
                    ended.append(st["id"])
        return ended


def _lookalike(name: str, other: str) -> Msg:
    """The refusal of ``name``, which looks like ``other``'s, naming the first character
    that is not what it seems (a letter of another script, a full-width form, an accent).

    >>> _lookalike("\u0410lice", "Alice")
    "the name 'Аlice' looks like 'Alice', someone else's (its 'А' is CYRILLIC CAPITAL LETTER A): choose a name that reads differently"
    """
    import unicodedata

    odd = next((c for c in name if not c.isascii() and c not in other), None)
    code = f"U+{ord(odd):04X}" if odd else ""  # (the page's Chinese names the code point)
    why = Msg(" (its {char} is {unicode})", char=repr(odd),
              unicode=unicodedata.name(odd, hex(ord(odd))), code=code) if odd else NOTHING
    return Msg("the name {name} looks like {other}, someone else's{why}: choose a name that "
               "reads differently", name=repr(name), other=repr(other), why=why)


def _lock_player(store: _Sql, player_id: int) -> None:
    """Lock the person's row to the end of the transaction (PostgreSQL; SQLite's
    transactions are serial anyway)."""
    if store._one("SELECT id FROM player WHERE id = ?" + store._lock_row, (player_id,)) is None:
        raise PaigowError(f"there is no person {player_id}")


def _wallet_not_below_zero(store: _Sql, player_id: int, before: int) -> None:
    from paigow.table.money import format_money

    after = PlayerRecords.wallet(store, player_id)
    if after < 0:
        raise PaigowError(f"the wallet holds {format_money(before)}: it cannot pay "
                          f"{format_money(before - after)}")


def wallets_below_zero(store: Any) -> list[str]:
    """Every wallet below zero, as sentences (for :meth:`SqlStore.check`)."""
    try:
        rows = store._all(
            "SELECT account, SUM(delta) AS balance FROM ("
            " SELECT dst AS account, amount AS delta FROM entry WHERE dst LIKE 'wallet:%'"
            " UNION ALL SELECT src, -amount FROM entry WHERE src LIKE 'wallet:%'"
            ") AS moves GROUP BY account HAVING SUM(delta) < 0")
    except Exception:
        return []
    return [f"{r['account']} is negative ({int(r['balance'])})" for r in rows]


def is_wallet(account: str) -> bool:
    """Whether ``account`` is a person's wallet."""
    return account.startswith(WALLET_PREFIX)


__all__ = ["ENDINGS", "PlayerRecords", "is_wallet", "name_key", "players_schema",
           "secret_hash", "wallets_below_zero"]

