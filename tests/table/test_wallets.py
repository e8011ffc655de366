"""People's money lasts: no sequence of joins, leaves, cash-outs, rounds, clean restarts
and crashes creates or loses a cent (issue 16 §4), on SQLite and on PostgreSQL.

A hypothesis state machine plays "servers": each holds two tables (tiles, three seats,
bots that bet, bank and co-bank) whose seats people take with money from their wallets
(:class:`paigow.table.seating.Seating`), play rounds, add chips, leave; a server stops
cleanly (every seat cashed out) or dies (its connections dropped, even with a round open),
and the next server's ledger recovery cleans up after it. The model knows each person's
money from outside the code under test: it starts at the grant and moves only by the
person's seat's own entries in each settled round (read from the round's ledger rows).
After every step, for every person, wallet + chips at seats (from SQL) must equal that
money; no wallet or seat is below zero; the ledger's audit (:meth:`check`) holds; and
every live table's balances equal the ledger's.
"""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from tablekit import BestLowWay

from paigow.errors import PaigowError
from paigow.store import Store, open_store
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.ledger import seat_account
from paigow.table.players import Bot
from paigow.table.seating import Seating
from paigow.table.tiles_game import TilesGame, WayChooser
from pgkit import PgServer

GRANT = 20_000  # cents a new person's wallet is given
SEATS = 3
TABLES = ("Tiles table 1", "Tiles table 2")
POLICIES = ("take", "cobank", "refuse")


class Crash(BaseException):
    """The process dies mid-round."""


class Server:
    """One process: a ledger connection per table (as the web server has) and one for the
    people's records."""

    def __init__(self, db: str, seed: int) -> None:
        self.people = open_store(db)  # opening it recovers what a dead server left
        self.tables: list[tuple[Table[Any, Any], Store, Seating]] = []
        for k, name in enumerate(TABLES):
            store = open_store(db)
            ch = WayChooser(BestLowWay())
            seats = [Seat(n, f"seat {n}", "t", 5_000,
                          Bot(ch, 300 + 150 * n, POLICIES[(n + k) % 3]))  # type: ignore[arg-type]
                     for n in range(1, SEATS + 1)]
            table = Table(TilesGame(BestLowWay()), seats, chance=seeded_chance(seed + k),
                          store=store)
            self.tables.append((table, store, Seating(table, store, name)))

    def close(self) -> None:
        for _t, store, _s in self.tables:
            store.close()
        self.people.close()


class Money(RuleBasedStateMachine):
    def __init__(self, db: str) -> None:
        super().__init__()
        self.db = db
        self.server: Server | None = None
        self.money: dict[int, int] = {}  # person -> what they must hold, wallet + chips
        self.seated: dict[tuple[int, int], tuple[int, int]] = {}  # (table, seat) -> (person, stint)
        self.names = itertools.count(1)
        self.seed = 0

    # -- the server's life ------------------------------------------------------------
    @initialize()
    def start(self) -> None:
        self.server = Server(self.db, self.seed)

    @rule()
    def stop_cleanly(self) -> None:
        """The server stops: every person's seat cashed out to their wallet."""
        assert self.server is not None
        for (t, seat), (person, stint) in sorted(self.seated.items()):
            self.server.tables[t][2].leave(stint, person, seat, "closed", bot_chips=0)
        self.seated.clear()
        self.server.close()
        self.seed += 10
        self.server = Server(self.db, self.seed)

    @rule(mid_round=st.booleans(), table=st.integers(0, len(TABLES) - 1))
    def die(self, mid_round: bool, table: int) -> None:
        """The server dies (its connections dropped), perhaps with a round open; the next
        server's ledger recovery voids the round and cashes every seat out."""
        assert self.server is not None
        if mid_round:
            t, store, _s = self.server.tables[table]
            store.void_round = lambda *a, **k: False  # type: ignore[method-assign]
            real = store.settle_round

            def die_settling(*a: Any, **k: Any) -> None:
                raise Crash

            store.settle_round = die_settling  # type: ignore[method-assign]
            with contextlib.suppress(Crash):
                t.play_round()  # opens the round, then dies settling it
            store.settle_round = real  # type: ignore[method-assign]
        self.server.close()
        self.seated.clear()  # the next server's recovery ends the stints
        self.seed += 10
        self.server = Server(self.db, self.seed)
        assert self.server.people.check() == []

    # -- people -----------------------------------------------------------------------
    @rule()
    def new_person(self) -> None:
        assert self.server is not None
        n = next(self.names)
        pid = self.server.people.create_player(f"P{n}", f"secret-{n}-" + "x" * 30,
                                               "2100-01-01", GRANT, "2026-01-01")
        self.money[pid] = GRANT

    @precondition(lambda self: self.money)
    @rule(data=st.data(), table=st.integers(0, len(TABLES) - 1),
          share=st.floats(0.01, 1.5))
    def sit(self, data: st.DataObject, table: int, share: float) -> None:
        """A person takes a free seat with a share of their wallet (past 1: more than it
        holds, which is refused and changes nothing)."""
        assert self.server is not None
        person = data.draw(st.sampled_from(sorted(self.money)))
        if any(p == person for (t, _), (p, _s) in self.seated.items() if t == table):
            return
        free = [n for n in range(1, SEATS + 1) if (table, n) not in self.seated]
        if not free:
            return
        wallet = self.server.people.wallet(person)
        amount = max(1, int(wallet * share))
        t, _store, seating = self.server.tables[table]
        if amount > wallet:
            before = (t.balance(free[0]), wallet)
            with pytest.raises(PaigowError, match="wallet"):
                seating.sit(person, free[0], amount, t.rounds_played + 1)
            assert (t.balance(free[0]), self.server.people.wallet(person)) == before
            return
        stint = seating.sit(person, free[0], amount, t.rounds_played + 1)
        self.seated[(table, free[0])] = (person, stint)

    @precondition(lambda self: self.seated)
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        assert self.server is not None
        (t, seat) = data.draw(st.sampled_from(sorted(self.seated)))
        person, stint = self.seated.pop((t, seat))
        self.server.tables[t][2].leave(stint, person, seat, "left")

    @precondition(lambda self: self.seated)
    @rule(data=st.data(), amount=st.integers(1, 2 * GRANT))
    def add_chips(self, data: st.DataObject, amount: int) -> None:
        assert self.server is not None
        (t, seat) = data.draw(st.sampled_from(sorted(self.seated)))
        person, stint = self.seated[(t, seat)]
        seating = self.server.tables[t][2]
        if amount > self.server.people.wallet(person):
            with pytest.raises(PaigowError, match="wallet"):
                seating.add(stint, person, seat, amount)
        else:
            seating.add(stint, person, seat, amount)

    @rule(table=st.integers(0, len(TABLES) - 1), rounds=st.integers(1, 3))
    def play(self, table: int, rounds: int) -> None:
        assert self.server is not None
        t, store, _s = self.server.tables[table]
        for _ in range(rounds):
            rec = t.play_round()
            if rec is None:
                continue
            for (k, seat), (person, _stint) in self.seated.items():
                if k == table:  # the person's money moves by their seat's own entries
                    acc = seat_account(seat)
                    self.money[person] += sum(
                        e["amount"] * ((e["to"] == acc) - (e["from"] == acc))
                        for e in store.entries(rec.round_id))

    @precondition(lambda self: self.seated)
    @rule(data=st.data())
    def a_move_refused_mid_round(self, data: st.DataObject) -> None:
        """While a seat's chips are in the round in play, its person's leave is refused
        and nothing moves (the table cashes out after the round)."""
        assert self.server is not None
        (k, seat) = data.draw(st.sampled_from(sorted(self.seated)))
        person, stint = self.seated[(k, seat)]
        t, _store, seating = self.server.tables[k]
        t._committed = {seat}  # as the engine marks it while a round holds the seat
        try:
            before = (t.balance(seat), self.server.people.wallet(person))
            with pytest.raises(PaigowError, match="in the round in play"):
                seating.leave(stint, person, seat, "left")
            assert (t.balance(seat), self.server.people.wallet(person)) == before
        finally:
            t._committed = set()

    # -- what must hold -----------------------------------------------------------------
    @invariant()
    def every_cent_is_where_it_should_be(self) -> None:
        if self.server is None:
            return
        people = self.server.people
        assert people.check() == []
        for person, money in self.money.items():
            chips = 0
            for s in people.stints(player_id=person, open_only=True):
                chips += people.balances(s["session"]).get(seat_account(s["seat"]), 0)
            assert people.wallet(person) >= 0
            assert people.wallet(person) + chips == money, (person, people.wallet(person), chips)
        open_stints = {(s["session"], s["seat"]) for s in people.stints(open_only=True)}
        for k, (t, _store, _s) in enumerate(self.server.tables):
            ledger = people.balances(t.session_id)
            assert all(ledger.get(a, 0) == t.balances.get(a, 0) for a in {*ledger, *t.balances})
            here = {seat for (kk, seat) in self.seated if kk == k}
            assert {seat for (sid, seat) in open_stints if sid == t.session_id} == here

    def teardown(self) -> None:
        if self.server is not None:
            self.server.close()


def _run(db_for_example: Any, examples: int) -> None:
    run_state_machine_as_test(
        lambda: Money(db_for_example()),  # type: ignore[arg-type]
        settings=settings(max_examples=examples, stateful_step_count=20, deadline=None,
                          suppress_health_check=list(HealthCheck)),
    )


def test_no_money_is_made_or_lost_on_sqlite() -> None:
    folder = Path(tempfile.mkdtemp(prefix="paigow-wallets-"))
    names = itertools.count(1)
    _run(lambda: str(folder / f"ledger{next(names)}.sqlite3"), 30)


def test_no_money_is_made_or_lost_on_postgres(pg_server: PgServer) -> None:
    _run(pg_server.new_database, 10)


def test_an_older_ledger_takes_people(tmp_path: Path) -> None:
    """A ledger of schema 3 (an entry needed a session) is rebuilt when opened for
    writing: its entries kept, ids and all, and play money can then be given."""
    db = tmp_path / "old.sqlite3"
    store = open_store(str(db))
    ch = WayChooser(BestLowWay())
    table = Table(TilesGame(BestLowWay()), [Seat(1, "s", "t", 5_000, Bot(ch, 300))],
                  chance=seeded_chance(1), store=store)
    table.play_round()
    store.close()
    with sqlite3.connect(db) as con:  # make it as version 3 made it
        con.executescript(
            "DROP VIEW balance; CREATE TABLE e3 (id INTEGER PRIMARY KEY, session_id INTEGER "
            "NOT NULL REFERENCES session(id), round_id INTEGER REFERENCES round(id), kind TEXT "
            "NOT NULL, src TEXT NOT NULL, dst TEXT NOT NULL, amount INTEGER NOT NULL, seat "
            "INTEGER, memo TEXT NOT NULL DEFAULT ''); INSERT INTO e3 SELECT * FROM entry; "
            "DROP TABLE entry; ALTER TABLE e3 RENAME TO entry;")
        before = con.execute("SELECT * FROM entry ORDER BY id").fetchall()
    again = open_store(str(db))
    assert again.query("SELECT * FROM entry ORDER BY id") == [
        dict(zip(("id", "session_id", "round_id", "kind", "src", "dst", "amount", "seat",
                  "memo"), r, strict=True)) for r in before]
    pid = again.create_player("Ann", "s" * 40, "2100-01-01", 1_000, "2026-01-01")
    assert again.wallet(pid) == 1_000 and again.check() == []
    again.close()
