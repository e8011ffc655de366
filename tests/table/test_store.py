"""The SQLite ledger survives a crash: a process killed with SIGKILL at any point leaves a
consistent ledger once reopened: balances sum to the buy-ins, the unfinished round is
voided and its bets are returned."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tablekit import BestLowWay

from paigow.errors import PaigowError
from paigow.store import open_store, resolve_db
from paigow.table.bank import Banker
from paigow.table.chance import seeded_chance
from paigow.table.engine import RoundOpening, Seat, Table, opening_entries
from paigow.table.players import Bot
from paigow.table.tiles_game import TilesGame, WayChooser

PY = sys.executable


def _consistent(db: Path) -> tuple[list[int], dict[int, dict[str, int]]]:
    """Reopen ``db`` (which voids unfinished rounds) and check every invariant from SQL."""
    store = open_store(db)
    voided = store.voided
    assert store.check() == []
    for sid in [s["session"] for s in store.sessions()]:
        bal = store.balances(sid)
        bought = store.db.execute(
            "SELECT COALESCE(SUM(amount), 0) FROM entry WHERE session_id = ? AND kind = 'buy_in'",
            (sid,),
        ).fetchone()[0]
        chips = sum(v for k, v in bal.items() if k.startswith("seat:")) + bal.get("house", 0)
        assert chips == bought
        assert bal.get("bets", 0) == 0 and bal.get("bank", 0) == 0
    assert store.db.execute("SELECT COUNT(*) FROM round WHERE status = 'open'").fetchone()[0] == 0
    # every voided round: each bet went back to its seat, each cover back to its banker
    for rid in voided:
        rows = store.entries(rid)
        bets = [e for e in rows if e["kind"] == "bet"]
        back = [e for e in rows if e["kind"] == "void" and e["memo"] == "void bet"]
        assert sorted((e["from"], e["amount"]) for e in bets) == sorted(
            (e["to"], e["amount"]) for e in back
        )
        assert store.round(rid)["status"] == "void"
    out = {s["session"]: store.balances(s["session"]) for s in store.sessions()}
    store.close()
    return voided, out


def test_an_open_round_is_voided_on_next_open(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    store = open_store(db)
    ch = WayChooser(BestLowWay())
    seats = [Seat(n, f"s{n}", "t", 10_000, Bot(ch, 700)) for n in (1, 2, 3)]
    table = Table(TilesGame(BestLowWay()), seats, chance=seeded_chance(1), store=store)
    table.play_round()
    before = store.balances(table.session_id)
    # a round opened (bets on the table, bank funded) and then the process dies
    banker = Banker("player", 3)
    bets = {1: 700, 2: 650}
    opening = RoundOpening(2, banker, bets, tuple(str(t) for t in TilesGame(None).deck()),
                           (1, 2, 3), tuple(opening_entries(banker, bets)))
    rid = store.open_round(table.session_id, opening)
    mid = store.balances(table.session_id)
    assert mid["seat:1"] == before["seat:1"] - 700 and mid["bank"] == 1350
    store.close()
    voided, balances = _consistent(db)
    assert voided == [rid]
    after = {k: v for k, v in balances[table.session_id].items() if v}
    assert after == {k: v for k, v in before.items() if v}
    # a second open finds nothing more to void
    again = open_store(db)
    assert again.voided == [] and again.round(rid)["status"] == "void"


def _play_cmd(db: Path, way_csv: Path, seed: int, *extra: str) -> list[str]:
    return [PY, "-m", "paigow.table.cli", "play", "tiles", "--db", str(db), "--seed", str(seed),
            "--house-way", f"table:{way_csv}", "--seats", "7", *extra]


def _settled(db: Path, session: int) -> int:
    """Settled rounds of ``session``, read without opening the store (which would void the
    live process's open round)."""
    if not db.exists():
        return 0
    con = sqlite3.connect(db, timeout=30)
    try:
        return int(con.execute(
            "SELECT COUNT(*) FROM round WHERE session_id = ? AND status = 'settled'", (session,)
        ).fetchone()[0])
    except sqlite3.OperationalError:  # the schema is not there yet
        return 0
    finally:
        con.close()


def test_sigkill_at_random_points_leaves_a_consistent_ledger(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "killed.sqlite3"
    rng = random.Random(20240601)
    voided_total = 0
    settled_total = 0
    for attempt in range(4):
        proc = subprocess.Popen(
            _play_cmd(db, way_csv, attempt, "--auto", "--rounds", "1000000"),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        # wait until this session has settled a round, then kill at a random moment
        deadline = time.monotonic() + 60
        while _settled(db, attempt + 1) == 0:
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.05)
        time.sleep(rng.uniform(0.0, 0.5))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
        voided, _ = _consistent(db)
        voided_total += len(voided)
        store = open_store(db)
        settled_total += len([r for r in store.rounds() if r["status"] == "settled"])
        store.close()
    assert settled_total > 0
    print(f"voided rounds after 4 kills: {voided_total}")


def test_sigkill_while_a_person_sets_a_hand(tmp_path: Path, way_csv: Path) -> None:
    """The round is open (the bet is on the table) while the prompt waits: kill it there."""
    db = tmp_path / "person.sqlite3"
    proc = subprocess.Popen(
        _play_cmd(db, way_csv, 7), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("25\n")
    proc.stdin.flush()
    seen = ""
    while "Set your hand" not in seen:
        ch = proc.stdout.read(1)
        assert ch, seen
        seen += ch
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    voided, balances = _consistent(db)
    assert len(voided) == 1
    store = open_store(db)
    r = store.round(voided[0])
    assert r["status"] == "void" and r["bets"][1] == 2500
    # the person's $25 is back: seat 1 holds its whole bankroll again
    assert balances[r["session"]]["seat:1"] == 100_000
    # and the voided round still shows its shuffle and dice for the audit
    assert len(r["deck"]) == 32 and len(r["dice"]) == 3


def test_db_urls(tmp_path: Path) -> None:
    assert resolve_db(f"sqlite:///{tmp_path}/x.db") == f"{tmp_path}/x.db"  # 4 slashes: absolute
    assert resolve_db("sqlite:///rel/x.db") == "rel/x.db"
    with pytest.raises(PaigowError, match="only SQLite"):
        resolve_db("postgresql://db.example/paigow")
    bad = tmp_path / "not-a-db.sqlite3"
    bad.write_text("hello, I am not SQLite" * 100)
    with pytest.raises(PaigowError, match="not a paigow database"):
        open_store(bad)


def test_history_json_lists_sessions(tmp_path: Path) -> None:
    store = open_store(tmp_path / "h.sqlite3")
    ch = WayChooser(BestLowWay())
    table = Table(TilesGame(BestLowWay()), [Seat(1, "a", "t", 5000, Bot(ch, 100))],
                  chance=seeded_chance(3), store=store)
    table.play_round()
    s = store.sessions()[0]
    assert s["game"] == "tiles" and s["seed"] is None and s["seats"][0]["start"] == 5000
    assert json.loads(json.dumps(store.rounds()))[0]["status"] == "settled"


def test_a_live_table_round_is_not_voided_by_another_open(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite3"
    a = open_store(db)
    ch = WayChooser(BestLowWay())
    table = Table(TilesGame(BestLowWay()), [Seat(1, "a", "t", 5000, Bot(ch, 100))],
                  chance=seeded_chance(3), store=a)
    banker = Banker("house")
    opening = RoundOpening(1, banker, {1: 100}, tuple(str(t) for t in TilesGame(None).deck()),
                           (1, 1, 1), tuple(opening_entries(banker, {1: 100})))
    rid = a.open_round(table.session_id, opening)
    b = open_store(db)  # a second table on the same file, while the first is mid-round
    assert b.voided == [] and b.round(rid)["status"] == "open"
    a.close()
    c = open_store(db)  # the first table is gone: now its round is voided
    assert c.voided == [rid]
    assert c.check() == []


class _Cheat:
    name = "cheat"

    def choose(self, hand: tuple[object, ...], banking: bool) -> object:
        from paigow.table.game import Choice
        from paigow.tiles.setting import settings
        from paigow.tiles.tile import parse_tiles

        other = parse_tiles("6-6 6-6 1-1 1-1")
        return Choice(settings(other)[0], "cheat")


def test_a_round_that_fails_after_opening_is_voided_at_once(tmp_path: Path) -> None:
    from paigow.errors import SettingError

    store = open_store(tmp_path / "fail.sqlite3")
    ch = WayChooser(BestLowWay())
    seats = [Seat(1, "ok", "t", 5000, Bot(ch, 100)),
             Seat(2, "cheat", "t", 5000, Bot(_Cheat(), 300))]  # type: ignore[arg-type]
    table = Table(TilesGame(BestLowWay()), seats, chance=seeded_chance(3), store=store)
    with pytest.raises(SettingError, match="does not use the hand's tiles"):
        table.play_round()
    (r,) = store.rounds()
    assert r["status"] == "void" and r["bets"] == {1: 100, 2: 300}
    assert store.balances(table.session_id)["seat:2"] == 5000
    assert table.balance(2) == 5000 and table.rounds_played == 0
    assert store.check() == []
