"""The ledger in a PostgreSQL server database keeps the SQLite ledger's promises.

A real server is started by the ``pg_server`` fixture (:mod:`pgkit`: initdb + pg_ctl from Debian's
``postgresql`` package, in a temp dir, on a free localhost port; as the ``postgres`` user
when we run as root); each test gets a fresh database. Without the server binaries or
psycopg these tests are skipped — except under ``CI=true``, where they fail.

The store-contract tests run on both backends (``backend`` is ``sqlite`` or ``postgres``);
the kill, replay and history tests go through the real command on PostgreSQL.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tablekit import (
    BestLowWay,
    PokerSimple,
    consistent_ledger,
    play_cmd,
    scalar,
    start_at_the_prompt,
)
from typer.testing import CliRunner

from paigow.cli.table import app
from paigow.errors import AmountError, PaigowError
from paigow.store import Store, open_store
from paigow.table.bank import Banker
from paigow.table.chance import seeded_chance
from paigow.table.engine import RoundOpening, Seat, Table, opening_entries
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.tiles_game import TilesGame, WayChooser
from pgkit import PgServer, free_port

runner = CliRunner()


# -- facts checked in SQL --------------------------------------------------------------------
def _tiles_table(store: Store, seats: int = 1, seed: int = 3) -> Table:  # type: ignore[type-arg]
    ch = WayChooser(BestLowWay())
    policies = ["take", "cobank", "refuse"]
    return Table(TilesGame(BestLowWay()),
                 [Seat(n, f"s{n}", "t", 50_000, Bot(ch, 100 * n + 50, policies[n % 3]))  # type: ignore[arg-type]
                  for n in range(1, seats + 1)],
                 chance=seeded_chance(seed), store=store)


def _house_opening(number: int, bets: dict[int, int]) -> RoundOpening:
    banker = Banker("house")
    return RoundOpening(number, banker, bets, tuple(str(t) for t in TilesGame(None).deck()),
                        (1, 1, 1), tuple(opening_entries(banker, bets)))


# -- the store contract, on both backends ----------------------------------------------------
def test_rounds_settle_and_every_chip_is_conserved(backend: str) -> None:
    store = open_store(backend)
    tiles = _tiles_table(store, seats=5, seed=11)
    for _ in range(40):
        assert tiles.play_round() is not None
    rng = random.Random(4)
    poker = Table(PokerGame(PokerSimple()),
                  [Seat(n, f"p{n}", "t", rng.randrange(5_000, 90_000),
                        Bot(StrategyChooser(PokerSimple()), rng.randrange(1, 3_000),
                            ["take", "cobank", "refuse"][n % 3]))  # type: ignore[arg-type]
                   for n in range(1, 7)],
                  chance=seeded_chance(5), store=store)
    for _ in range(15):
        assert poker.play_round() is not None
    assert store.check() == []
    for table in (tiles, poker):
        bal = store.balances(table.session_id)
        # the database agrees with the table, seat by seat and for the house
        assert {n: bal.get(f"seat:{n}", 0) for n in table.seats} == {
            n: table.balance(n) for n in table.seats}
        start = sum(s.start for s in table.seats.values())
        assert sum(table.balance(n) for n in table.seats) + bal.get("house", 0) == start
        assert -bal["cashier"] == start
        # every round settled, each with its results, and all kinds of bank played
        rounds = store.rounds(table.session_id)
        assert len(rounds) == len(table.history) and {r["status"] for r in rounds} == {"settled"}
        assert {r["banker"]["kind"] for r in rounds} == {"house", "player", "cobank"}
        assert scalar(store, "SELECT COUNT(*) AS n FROM result r JOIN round o ON o.id = r.round_id "
                              "WHERE o.session_id = ?", table.session_id) == sum(
            len(rec.results) for rec in table.history)
    store.close()
    consistent_ledger(backend)


def test_a_settlement_that_fails_midway_writes_nothing(backend: str) -> None:
    """Settle is one transaction: if its last statement fails, none of its entries stay."""
    store = open_store(backend)
    table = _tiles_table(store, seats=3)
    before = scalar(store, "SELECT COUNT(*) AS n FROM entry")
    real_run = store._run  # type: ignore[attr-defined]

    def failing_run(sql: str, args: Any = ()) -> None:
        if sql.startswith("UPDATE round SET status = 'settled'"):
            raise RuntimeError("the disk is full")
        real_run(sql, args)

    store._run = failing_run  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="disk is full"):
        table.play_round()
    store._run = real_run  # type: ignore[attr-defined]
    # the table voided the round at once: opening entries and their reversal, no settlement
    (r,) = store.rounds()
    assert r["status"] == "void" and r["detail"] is None
    entries = store.entries(r["round"])
    opened = [e for e in entries if e["kind"] != "void"]
    assert {e["kind"] for e in opened} <= {"bet", "bank_fund"}
    assert len(entries) == 2 * len(opened) > 0  # each opening entry and its reversal
    assert scalar(store, "SELECT COUNT(*) AS n FROM result") == 0
    assert scalar(store, "SELECT COUNT(*) AS n FROM entry") == before + len(entries)
    assert all(store.balances(table.session_id)[f"seat:{n}"] == 50_000 for n in (1, 2, 3))
    assert store.check() == []


def test_an_open_round_is_voided_on_next_open(backend: str) -> None:
    store = open_store(backend)
    table = _tiles_table(store, seats=3)
    table.play_round()
    before = store.balances(table.session_id)
    banker = Banker("player", 3)
    bets = {1: 700, 2: 650}
    opening = RoundOpening(2, banker, bets, tuple(str(t) for t in TilesGame(None).deck()),
                           (1, 2, 3), tuple(opening_entries(banker, bets)))
    rid = store.open_round(table.session_id, opening)
    mid = store.balances(table.session_id)
    assert mid["seat:1"] == before["seat:1"] - 700 and mid["bank"] == 1350
    store.close()  # the table is gone mid-round
    voided, balances = consistent_ledger(backend)
    assert voided == [rid]
    assert {k: v for k, v in balances[table.session_id].items() if v} == {
        k: v for k, v in before.items() if v}
    again = open_store(backend)  # nothing more to void
    assert again.voided == [] and again.round(rid)["status"] == "void"
    again.close()


def test_a_live_table_round_is_not_voided_by_another_open(backend: str) -> None:
    a = open_store(backend)
    table = _tiles_table(a)
    rid = a.open_round(table.session_id, _house_opening(1, {1: 100}))
    b = open_store(backend)  # a second table on the same database, mid-round for the first
    assert b.voided == [] and b.round(rid)["status"] == "open"
    assert b.recover() == []
    b.close()
    a.close()
    c = open_store(backend)  # the first table is gone: now its round is voided
    assert c.voided == [rid] and c.check() == []
    c.close()


def test_one_server_at_a_time_serves_a_ledgers_tables(backend: str) -> None:
    # docs/web.md: a second `paigow serve` on the same ledger (slot) is refused, so two
    # servers never both bring back the same kept tables; the lock goes with its holder
    a = open_store(backend)
    a.hold_tables(0)
    b = open_store(backend)
    with pytest.raises(PaigowError, match="served by another paigow serve"):
        b.hold_tables(0)
    if backend.startswith("postgresql:"):
        b.hold_tables(3)  # another slot (a card room's process) is free
    a.close()
    b.hold_tables(0)  # the first server stopped: the second may serve
    b.close()


def test_the_ledger_check_reads_one_moment(backend: str) -> None:
    """A check beside a live table sees a round whole or not at all: its reads share one
    moment (issue 24 §0: a check between two of its reads saw a round's bets moved but the
    round not yet open, and reported 'account bets holds 3000 between rounds')."""
    table_store = open_store(backend)
    table = _tiles_table(table_store)
    table.play_round()
    reader = open_store(backend, readonly=True)
    try:
        with reader.snapshot():
            before = reader.balances(table.session_id)
            assert reader.rounds(table.session_id)[-1]["status"] == "settled"
            rid = table_store.open_round(table.session_id, _house_opening(2, {1: 300}))
            # the other connection has committed the opening; this moment has not seen it
            assert reader.balances(table.session_id) == before
            assert all(r["status"] == "settled" for r in reader.rounds(table.session_id))
        assert reader.balances(table.session_id)["bets"] == 300  # a new moment sees it
        assert reader.check() == [f"round {rid} is still open"]
    finally:
        reader.close()
        table_store.close()


def test_a_round_is_settled_or_voided_once(backend: str) -> None:
    store = open_store(backend)
    table = _tiles_table(store)
    rec = table.play_round()
    assert rec is not None and rec.round_id is not None
    entries = scalar(store, "SELECT COUNT(*) AS n FROM entry")
    with pytest.raises(PaigowError, match="is not open"):
        store.settle_round(rec.round_id, rec)
    assert store.void_round(rec.round_id) is False
    assert scalar(store, "SELECT COUNT(*) AS n FROM entry") == entries
    assert store.check() == []


@pytest.mark.parametrize(
    ("seat", "amount", "owner", "message"),
    [(1, -500, "you", "must be more than zero"), (1, 1_000_001, "you", "cannot bet"),
     (1, 12.5, "you", "whole number of cents"), (2, 100, "you", "seat 2 is not yours"),
     (6, 100, "you", "there is no seat 6")],
)
def test_a_bad_bet_changes_nothing(
    backend: str, seat: int, amount: object, owner: str, message: str
) -> None:
    store = open_store(backend)
    ch = WayChooser(BestLowWay())
    table = Table(TilesGame(BestLowWay()),
                  [Seat(1, "you", "person", 10_000, Bot(ch, 300), owner="you"),
                   Seat(2, "bot", "t", 10_000, Bot(ch, 500), owner="bot2")],
                  chance=seeded_chance(9), store=store)
    table.play_round()

    def snapshot() -> object:
        return (dict(table.pending), dict(table.balances), table.rounds_played,
                store.query("SELECT * FROM entry ORDER BY id"), store.rounds(),
                store.balances(table.session_id))

    before = snapshot()
    with pytest.raises((AmountError, PaigowError), match=message):
        table.place_bet(seat, amount, owner=owner)  # type: ignore[arg-type]
    assert snapshot() == before
    store.close()


def test_side_bets_and_the_dragon_hand_on_both_databases(backend: str) -> None:
    # EZ Pai Gow with side bets and the dragon hand: the wager rows are written when a
    # round opens and completed when it settles; the audit holds; every round replays.
    from fractions import Fraction

    from paigow.settle import Commission
    from paigow.table.replay import poker_rules_of, replay
    from paigow.table.session import TableOptions, build_table, poker_way

    opts = TableOptions(
        game="poker", seats=3, house_way="house", bot_ways=("house",),
        commission=Commission(rate=Fraction(0)), push="pai-gow:Q",
        side_bets=("fortune", "queens-dragon"), dragon="house",
        bot_side=(("fortune", 500), ("queens-dragon", 100)), bot_dragon=500, seed=4)
    store = open_store(backend)
    table = build_table(opts, store, seeded_chance(4))
    for _ in range(8):
        table.play_round()
    assert store.check() == []
    rows = store.query("SELECT kind, COUNT(*) AS n, SUM(net) AS net FROM wager "
                       "GROUP BY kind ORDER BY kind")
    kinds = {r["kind"]: r for r in rows}
    assert kinds["side"]["n"] == 8 * 3 * 2 and kinds["dragon"]["n"] == 8
    session = store.session(table.session_id)
    house = poker_way("house", poker_rules_of(session["rules"]))
    for rnd in store.rounds(table.session_id):
        assert replay(rnd, session, store.entries(rnd["round"]), house).exact
    store.close()


def test_an_older_ledger_grows_the_wager_table(backend: str) -> None:
    # A ledger written before side bets: read-only it has no wager rows (and no error);
    # opened for writing it gains the table.
    store = open_store(backend)
    table = _tiles_table(store)
    table.play_round()
    store._run("DROP TABLE wager")  # type: ignore[attr-defined]
    store.close()
    old = open_store(backend, readonly=True)
    (rnd,) = old.rounds()
    assert rnd["side_bets"] == [] and rnd["dragon"] is None and rnd["wagers"] == []
    old.close()
    again = open_store(backend)
    assert again.query("SELECT COUNT(*) AS n FROM wager") == [{"n": 0}]
    again.close()


# -- PostgreSQL through the command, and killed -----------------------------------------------
def _sql(url: str, sql: str, *args: Any) -> int:
    """One number from the database, read without opening the store (which would void the
    live process's open round); 0 before the schema is there."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as con:
        try:
            row = con.execute(sql, args).fetchone()
        except psycopg.errors.UndefinedTable:
            return 0
    return int(row[0]) if row else 0


def _wait_for_backends_to_go(url: str) -> None:
    """The server notices a killed client's connection drop a moment later; until then its
    advisory lock is held and its round rightly counts as live."""
    deadline = time.monotonic() + 120  # generous: a fact awaited on a busy machine
    while _sql(url, "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid()"):
        assert time.monotonic() < deadline, "the killed client's connection stays"
        time.sleep(0.02)


def test_sigkill_at_random_points_leaves_a_consistent_ledger(pg_url: str, way_csv: Path) -> None:
    rng = random.Random(20240602)
    voided_total = 0
    for attempt in range(3):
        proc = subprocess.Popen(play_cmd(pg_url, way_csv, attempt, "--auto", "--rounds", "100000"),
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while _sql(pg_url, "SELECT COUNT(*) FROM round WHERE session_id = %s AND status = 'settled'",
                   attempt + 1) == 0:
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.05)
        time.sleep(rng.uniform(0.0, 0.5))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
        _wait_for_backends_to_go(pg_url)
        voided, _ = consistent_ledger(pg_url)
        voided_total += len(voided)
    assert _sql(pg_url, "SELECT COUNT(*) FROM round WHERE status = 'settled'") > 0
    print(f"voided rounds after 3 kills: {voided_total}")


def test_sigkill_while_a_person_sets_a_hand(pg_url: str, way_csv: Path) -> None:
    """The bet is on the table while the prompt waits: kill there; the next open returns it."""
    proc = start_at_the_prompt(pg_url, way_csv)
    # the process is alive and mid-round: another open leaves its round alone
    other = open_store(pg_url)
    assert other.voided == [] and [r["status"] for r in other.rounds()] == ["open"]
    other.close()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    _wait_for_backends_to_go(pg_url)
    voided, balances = consistent_ledger(pg_url)
    assert len(voided) == 1
    store = open_store(pg_url)
    r = store.round(voided[0])
    assert r["status"] == "void" and r["bets"][1] == 2500
    assert balances[r["session"]]["seat:1"] == 100_000  # the person's $25 is back
    assert len(r["deck"]) == 32 and len(r["dice"]) == 3  # kept for the audit
    store.close()


def test_play_replay_and_history_through_the_command(pg_url: str, way_csv: Path) -> None:
    res = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "12", "--seed", "5",
                              "--seats", "5", "--db", pg_url, "--json",
                              "--house-way", f"table:{way_csv}"])
    assert res.exit_code == 0, res.output
    played = json.loads(res.stdout)
    assert played["db"] == pg_url and played["rounds_played"] == 12
    assert sum(s["end"] - s["start"] for s in played["seats"]) + played["house_net"] == 0
    for rnd in played["rounds"][::4]:
        rep = runner.invoke(app, ["replay", str(rnd["round"]), "--db", pg_url])
        assert rep.exit_code == 0, rep.output
        assert "replay: reproduced exactly" in rep.output
    hist = json.loads(runner.invoke(app, ["history", "--db", pg_url, "--json"]).stdout)
    assert hist["problems"] == []
    (session,) = hist["sessions"]
    assert {int(k.split(":")[1]): v for k, v in session["balances"].items()
            if k.startswith("seat:")} == {s["seat"]: s["end"] for s in played["seats"]}
    assert session["balances"]["house"] == played["house_net"]
    assert [r["round"] for r in hist["rounds"]] == [r["round"] for r in played["rounds"]]
    assert {r["status"] for r in hist["rounds"]} == {"settled"}
    # a round that is not there is a clear error, exit 2
    missing = runner.invoke(app, ["replay", "999", "--db", pg_url])
    assert missing.exit_code == 2 and "there is no round 999" in missing.output


def test_postgres_scheme_alias_and_a_password_kept_out_of_output(pg_server: PgServer) -> None:
    url = pg_server.new_database().replace("postgresql://postgres@", "postgres://postgres:pw@")
    store = open_store(url)  # trust auth ignores the password
    assert store.path == url.replace(":pw@", ":***@") and store.check() == []
    store.close()


# -- no server needed -------------------------------------------------------------------------
def test_a_server_that_is_not_there_is_a_clear_error() -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql://nobody:secret@127.0.0.1:{free_port()}/paigow"
    with pytest.raises(PaigowError, match="cannot connect to the database") as err:
        open_store(url)
    assert "secret" not in str(err.value)


def test_without_psycopg_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(PaigowError, match=r"paigow\[postgres\]"):
        open_store("postgresql://db.example/paigow")


def test_other_urls_are_refused(tmp_path: Path) -> None:
    with pytest.raises(PaigowError, match="unsupported database URL"):
        open_store("mysql://db.example/paigow")
