"""Each round records its shuffle and dice: replaying it deals the same hands and settles
to the same ledger entries, and a seed replays a whole session."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tablekit import PokerSimple
from typer.testing import CliRunner

from paigow.cli.table import app
from paigow.store import open_store
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.replay import replay

runner = CliRunner()


def _auto(db: Path, way_csv: Path, seed: int, rounds: int = 25, *extra: str) -> dict[str, Any]:
    res = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", str(rounds), "--seed",
                              str(seed), "--db", str(db), "--house-way", f"table:{way_csv}",
                              "--seats", "7", "--json", *extra])
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)
    return data


def _replay_all(db: Path, house: object | None) -> list[Any]:
    store = open_store(db)
    out = []
    for r in store.rounds():
        sess = store.session(r["session"])
        out.append(replay(r, sess, store.entries(r["round"]), house))
    store.close()
    return out


def test_every_round_replays_exactly(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "r.sqlite3"
    _auto(db, way_csv, 11)
    reps = _replay_all(db, None)
    assert len(reps) == 25 and all(r.exact for r in reps), [r.differences for r in reps]
    res = runner.invoke(app, ["replay", "3", "--db", str(db)])
    assert res.exit_code == 0, res.output
    assert "reproduced exactly" in res.output
    assert "the banker's setting is the house way's" in res.output
    j = json.loads(runner.invoke(app, ["replay", "3", "--db", str(db), "--json"]).stdout)
    assert j["reproduced"] is True and len(j["dice"]) == 3


def test_a_tampered_round_does_not_replay(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "t.sqlite3"
    _auto(db, way_csv, 12, 5)
    store = open_store(db)
    store.db.execute("UPDATE entry SET amount = amount + 1 WHERE round_id = 2 AND kind = 'bet'")
    deck = store.round(4)["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    store.db.execute("UPDATE round SET deck = ? WHERE id = 4", (json.dumps(deck),))
    store.close()
    res = runner.invoke(app, ["replay", "2", "--db", str(db)])
    assert res.exit_code == 1 and "ledger entries differ" in res.output
    res = runner.invoke(app, ["replay", "4", "--db", str(db)])
    assert res.exit_code == 1 and "the deal gives" in res.output
    res = runner.invoke(app, ["replay", "99", "--db", str(db)])
    assert res.exit_code == 2 and "there is no round 99" in res.output


def test_a_seed_replays_a_whole_session(tmp_path: Path, way_csv: Path) -> None:
    a = _auto(tmp_path / "a.sqlite3", way_csv, 5, 20)
    b = _auto(tmp_path / "b.sqlite3", way_csv, 5, 20)
    c = _auto(tmp_path / "c.sqlite3", way_csv, 6, 20)
    for d in (a, b, c):
        d.pop("db")
    assert a == b
    assert a["rounds"] != c["rounds"]


def test_a_poker_round_replays(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    store = open_store(db)
    ch = StrategyChooser(PokerSimple())
    seats = [Seat(n, f"s{n}", "simple", 50_000, Bot(ch, 500 * n, "take")) for n in (1, 2, 4)]
    table = Table(PokerGame(PokerSimple()), seats, chance=seeded_chance(8), store=store)
    for _ in range(6):
        table.play_round()
    store.close()
    reps = _replay_all(db, PokerSimple())
    assert len(reps) == 6 and all(r.exact for r in reps), [r.differences for r in reps]
    # only the banker's hand and the hands of places with a bet are seen
    assert all(len(r.dealt) == 1 + len(r.results) for r in reps)
    assert {r.banker["kind"] for r in reps} >= {"house", "player"}
