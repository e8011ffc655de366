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
from tablekit import BestLowWay, consistent_ledger, play_cmd, start_at_the_prompt

from paigow.errors import PaigowError
from paigow.store import open_store, resolve_db
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.players import Bot
from paigow.table.tiles_game import TilesGame, WayChooser

PY = sys.executable


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
            play_cmd(db, way_csv, attempt, "--auto", "--rounds", "100000"),
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
        voided, _ = consistent_ledger(db)
        voided_total += len(voided)
        store = open_store(db)
        settled_total += len([r for r in store.rounds() if r["status"] == "settled"])
        store.close()
    assert settled_total > 0
    print(f"voided rounds after 4 kills: {voided_total}")


def test_sigkill_while_a_person_sets_a_hand(tmp_path: Path, way_csv: Path) -> None:
    """The round is open (the bet is on the table) while the prompt waits: kill it there."""
    db = tmp_path / "person.sqlite3"
    proc = start_at_the_prompt(db, way_csv)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    voided, balances = consistent_ledger(db)
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
