"""``play``, ``history`` and the terminal prompt, driven through the command's own app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from paigow.cli.table import app
from paigow.store import open_store

runner = CliRunner()


def _way(way_csv: Path) -> list[str]:
    return ["--house-way", f"table:{way_csv}"]


def test_auto_json_balances_to_zero(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "auto.sqlite3"
    res = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "60", "--seed", "3",
                              "--seats", "6", "--bankroll", "250.50", "--bet", "12.25",
                              "--db", str(db), "--json", *_way(way_csv)])
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)
    assert len(data["seats"]) == 6 and len(data["rounds"]) == 60
    for s in data["seats"]:
        assert set(s) >= {"name", "strategy", "start", "end"}
        assert s["start"] == 25_050  # $250.50 in cents
    assert sum(s["end"] - s["start"] for s in data["seats"]) + data["house_net"] == 0
    assert {r["banker"]["kind"] for r in data["rounds"]} == {"house", "player", "cobank"}
    # every bot bet $12.25
    assert {v for r in data["rounds"] for v in r["bets"].values()} == {1225}
    # the database agrees
    hist = json.loads(runner.invoke(app, ["history", "--db", str(db), "--json"]).stdout)
    bal = hist["sessions"][0]["balances"]
    assert bal["house"] == data["house_net"]
    assert all(bal[f"seat:{s['seat']}"] == s["end"] for s in data["seats"])
    assert hist["problems"] == [] and len(hist["rounds"]) == 60
    last = hist["rounds"][-1]["detail"]
    assert {"hands", "results", "balances"} <= set(last)
    text = runner.invoke(app, ["history", "--db", str(db), "--last", "2"])
    assert text.exit_code == 0 and "round 60" in text.output and "balances:" in text.output


def test_auto_text_prints_the_session(tmp_path: Path, way_csv: Path) -> None:
    res = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "3", "--seed", "1",
                              "--db", str(tmp_path / "x.sqlite3"), *_way(way_csv)])
    assert res.exit_code == 0, res.output
    assert "round 1 (id 1): banker the house" in res.output
    assert "house net (commission included)" in res.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "tiles", "--bankroll", "-5"], "must not be negative"),
        (["play", "tiles", "--bankroll", "0"], "bankroll must be more than zero"),
        (["play", "tiles", "--bet", "1.234"], "at most two decimals"),
        (["play", "tiles", "--seats", "8"], "from 1 to 7"),
        (["play", "cards"], "GAME 'cards': choose tiles, poker"),
        (["play", "tiles", "--auto"], "--auto needs --rounds"),
        (["play", "tiles", "--commission", "150%"], "commission rate"),
        (["play", "tiles", "--bot-bank", "steal"], "choose take, cobank, refuse, mixed"),
        (["play", "tiles", "--db", "mysql://h/db", "--auto", "--rounds", "1"],
         "unsupported database URL"),
    ],
)
def test_bad_options_exit_2_with_a_clear_message(
    tmp_path: Path, way_csv: Path, args: list[str], message: str
) -> None:
    extra = [] if "--db" in args else ["--db", str(tmp_path / "bad.sqlite3")]
    res = runner.invoke(app, [*args, *extra, *_way(way_csv)])
    assert res.exit_code == 2, res.output
    assert message in res.output


def test_poker_auto_plays_with_the_house_way(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    res = runner.invoke(app, ["play", "poker", "--auto", "--rounds", "12", "--seed", "4",
                              "--seats", "6", "--db", str(db), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert sum(s["end"] - s["start"] for s in data["seats"]) + data["house_net"] == 0
    assert {r["banker"]["kind"] for r in data["rounds"]} >= {"house", "player"}
    rep = runner.invoke(app, ["replay", "5", "--db", str(db)])
    assert rep.exit_code == 0 and "reproduced exactly" in rep.output
    assert open_store(db).check() == []


def test_poker_at_the_terminal(tmp_path: Path) -> None:
    db = tmp_path / "pt.sqlite3"
    res = runner.invoke(app, ["play", "poker", "--seats", "2", "--seed", "9", "--db", str(db)],
                        input="10\n0\nhouse\nquit\n")
    assert res.exit_code == 0, res.output
    assert "error: '0' is not a setting: type a number from 1 to 21" in res.output
    assert "House way:" in res.output
    (r,) = open_store(db).rounds()
    assert r["status"] == "settled" and len(r["deck"]) == 53


def test_an_unknown_way_is_a_clear_error(tmp_path: Path) -> None:
    for game in ("tiles", "poker"):
        res = runner.invoke(app, ["play", game, "--auto", "--rounds", "1", "--house-way",
                                  "nonsense", "--db", str(tmp_path / "u.sqlite3")])
        assert res.exit_code == 2 and "nonsense" in res.output, res.output


def test_terminal_play_with_scripted_input(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "you.sqlite3"
    lines = [
        # round 1: three bad bets, re-prompted, then $10
        "abc", "-5", "0", "5000", "10",
        # set the hand: a bad choice, help, hint, then the house way
        "9", "help", "hint", "house",
        # round 2 (the bot at seat 2 holds the bank option): Enter repeats $10, setting 1
        "", "1",
        # round 3: bet $10, the bank is offered to you: a bad answer, then take it;
        # as banker you set the bank's hand
        "10", "grab", "bank", "2",
        # round 4: leave
        "quit",
    ]
    res = runner.invoke(app, ["play", "tiles", "--seats", "2", "--seed", "21", "--db", str(db),
                              *_way(way_csv)], input="\n".join(lines) + "\n")
    assert res.exit_code == 0, res.output
    out = res.output
    assert "error: bad amount 'abc'" in out
    assert "error: amount '-5' must not be negative" in out
    assert "must be more than zero" in out
    assert "seat 1 cannot bet $5,000.00: it holds $1,000.00" in out
    assert "error: '9' is not a setting" in out
    assert "EV" in out and "<- best" in out  # the exact hint
    assert "House way:" in out
    assert "The bank is offered to you" in out
    assert "error: 'grab' is not an answer" in out
    assert "Your chips:" in out
    store = open_store(db)
    rounds = store.rounds()
    assert [r["status"] for r in rounds] == ["settled"] * 3
    assert rounds[0]["bets"] == {1: 1000, 2: 1000}  # the refused bets never reached the DB
    assert rounds[1]["bets"][1] == 1000
    assert rounds[2]["banker"] == {"kind": "player", "seat": 1}
    assert rounds[2]["bets"] == {2: 1000}  # your own bet was withdrawn when you banked
    mine = rounds[0]["detail"]["hands"]
    assert any(h["seat"] == 1 and h["rule"] == "you (house way)" for h in mine)
    bal = store.balances(1)
    assert bal["seat:1"] + bal["seat:2"] + bal["house"] == 200_000
    assert store.check() == []


def test_quit_at_the_first_prompt_records_no_round(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "q.sqlite3"
    res = runner.invoke(app, ["play", "tiles", "--db", str(db), *_way(way_csv)], input="quit\n")
    assert res.exit_code == 0, res.output
    assert open_store(db).rounds() == []


def test_input_ending_mid_round_voids_the_round(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "eof.sqlite3"
    res = runner.invoke(app, ["play", "tiles", "--seats", "3", "--db", str(db), "--seed", "2",
                              *_way(way_csv)], input="40\n")  # bet, then input ends
    assert res.exit_code == 0, res.output
    store = open_store(db)
    (r,) = store.rounds()
    assert r["status"] == "void" and r["bets"][1] == 4000
    assert store.balances(1)["seat:1"] == 100_000
    assert store.check() == []


def test_tiles_defaults_to_the_australian_house_way(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "4", "--seed", "2",
                              "--db", str(tmp_path / "d.sqlite3"), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["house_way"] == "australian"
    assert {s["strategy"] for s in data["seats"]} == {"australian"}


def test_poker_hint_at_the_terminal_shows_exact_value_of_every_legal_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hint`` at the poker table asks the exact advisor (paigow.analysis.poker_odds) for
    every legal setting of the hand. The full-deck advisor needs a one-time 462 MB table, so
    here it runs on a small deck (the hand and ten other cards): exact all the same."""
    from paigow.analysis import poker_odds
    from paigow.poker.cards import parse_cards

    real = poker_odds.advise

    def small(cards: Any, dealer: Any, banking: bool, rate: Any, rules: Any,
              on_progress: Any = None) -> Any:
        hand = parse_cards(cards)
        others = [c for c in range(53) if c not in hand][:10]
        return real(hand, dealer, banking, rate, rules, deck=[*hand, *others], cache=False,
                    on_progress=on_progress)

    monkeypatch.setattr(poker_odds, "advise", small)
    db = tmp_path / "ph.sqlite3"
    res = runner.invoke(app, ["play", "poker", "--seats", "2", "--seed", "9", "--db", str(db)],
                        input="10\nhint\nhouse\nquit\n")
    assert res.exit_code == 0, res.output
    lines = [ln for ln in res.output.splitlines() if " EV " in ln]
    assert lines and sum("<- best" in ln for ln in lines) == 1
    assert all("of 120" in ln for ln in lines)  # C(10, 7) opponent hands
