"""The floor games at the terminal: a person's side bets and dragon hand at the prompt,
``paigow play poker --ez`` and its options, replay and history showing side bets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tablekit import PokerSimple
from test_terminal import ScriptUI
from typer.testing import CliRunner

from paigow.cli.table import app
from paigow.cli.terminal import Human
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.house_rules import DragonRule, HouseRules, side_bet_offer
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser

runner = CliRunner()


def _table(ui: ScriptUI, house: HouseRules) -> tuple[Table[Any, Any], Human[Any, Any]]:
    game = PokerGame(PokerSimple())
    me = Human(ui, game, 1, 1000)
    seats = [Seat(1, "you", "person", 50_000, me, owner="you"),
             Seat(2, "bot", "simple", 50_000, Bot(StrategyChooser(PokerSimple()), 500))]
    return Table(game, seats, chance=seeded_chance(4), house=house), me


def test_side_bets_and_the_dragon_at_the_prompt() -> None:
    # A bad name and a bad amount re-prompt with the reason; then $10 with $5 on the
    # Fortune bonus and $10 asked for the dragon hand, which the person then sets (1).
    house = HouseRules((side_bet_offer("fortune"),), DragonRule("player", "up-to-main"))
    ui = ScriptUI(["10 fortunee 5", "10 fortune 5 dragon 20", "10 fortune", "10 fortune 5 dragon 10",
                   "house", "1"])
    table, _ = _table(ui, house)
    rec = table.play_round()
    text = "\n".join(ui.out)
    assert rec is not None
    assert "side bet fortune: Fortune Bonus, on your seven cards, $1.00 to $100.00; Envy from $5.00" in text
    assert "error: the side bet 'fortunee' is not offered at this table (offered: fortune)" in text
    assert "error: the dragon bet $20.00 may be at most the main bet ($10.00)" in text
    assert "error: 'fortune' has no amount" in text
    assert "You bought the dragon hand:" in text
    assert rec.dragon is not None and rec.dragon.seat == 1 and rec.dragon.stake == 1000
    (mine,) = [x for x in rec.side if x.kind == "bet"]
    assert (mine.seat, mine.name, mine.stake) == (1, "fortune", 500)
    assert "your fortune bet" in text
    dragon_hand = next(h for h in rec.hands if h.role == "dragon")
    assert dragon_hand.rule == "you"
    assert sum(table.balance(n) - 50_000 for n in (1, 2)) + table.house_net == 0


def test_enter_repeats_the_whole_last_wager() -> None:
    house = HouseRules((side_bet_offer("queens-dragon"),))
    ui = ScriptUI(["10 queens-dragon 2", "house", "", "refuse", "house"])
    table, _ = _table(ui, house)
    table.play_round()
    rec = table.play_round()
    assert rec is not None
    assert [(x.name, x.stake) for x in rec.side if x.seat == 1] == [("queens-dragon", 200)]
    assert "[Enter = $10.00 queens-dragon $2.00, sit, quit]" in "\n".join(ui.out)


def test_play_ez_auto_json_conserves_money_and_replays(tmp_path: Path) -> None:
    db = tmp_path / "ez.sqlite3"
    res = runner.invoke(app, [
        "play", "poker", "--ez", "--auto", "--rounds", "12", "--seed", "2", "--seats", "4",
        "--side-bet", "fortune", "--dragon", "house", "--bot-side", "fortune=5",
        "--bot-side", "queens-dragon=1", "--bot-dragon", "10", "--db", str(db), "--json"])
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)
    assert data["commission"]["rate"] == "0"
    assert sum(s["end"] - s["start"] for s in data["seats"]) + data["house_net"] == 0
    rounds = data["rounds"]
    assert all(r["dragon"] is not None for r in rounds)
    assert {x["name"] for r in rounds for x in r["side"]} == {"fortune", "queens-dragon"}
    # every round replays exactly, and history shows the side bets
    for r in rounds:
        rep = runner.invoke(app, ["replay", str(r["round"]), "--db", str(db)])
        assert rep.exit_code == 0, rep.output
        assert "replay: reproduced exactly" in rep.output
        assert "dragon hand (place" in rep.output
    hist = runner.invoke(app, ["history", "--db", str(db), "--last", "1"])
    assert hist.exit_code == 0 and "queens-dragon" in hist.output and "dragon (" in hist.output
    js = json.loads(runner.invoke(app, ["history", "--db", str(db), "--json"]).stdout)
    assert js["problems"] == []
    assert js["sessions"][0]["rules"]["push"] == "pai-gow:Q"
    assert [o["name"] for o in js["sessions"][0]["rules"]["house"]["side_bets"]] == [
        "queens-dragon", "fortune"]


@pytest.mark.parametrize(("args", "message"), [
    (["--ez", "--commission", "5%"], "--ez is the commission-free game"),
    (["--ez", "--push", "pai-gow:K"], "--ez pushes on pai-gow:Q"),
    (["--push", "pai-gow:8"], "--push 'pai-gow:8': bad hand kind 'pai-gow:8'"),
    (["--side-bet", "nope"], "unknown pay table 'nope'"),
    (["--side-bet", "fortune", "--bot-side", "fortune"], "bad --bot-side 'fortune'"),
    (["--side-bet", "fortune", "--bot-side", "fortune=500"], "outside the table's limits"),
    (["--dragon", "sometimes"], "--dragon 'sometimes': choose off, house, player"),
    (["--side-min", "1.234"], "--side-min '1.234'"),
    (["--bot-dragon", "5"], "the dragon hand is not offered|it is not offered"),
    (["--commission-free", "--ez"], "--ez and --commission-free are two different games"),
    (["--commission-free", "--commission", "5%"], "--commission-free is the commission-free game"),
    (["--commission-free", "--push", "pai-gow:Q"], "--commission-free pushes on low:9"),
    (["--push", "low:2"], "--push 'low:2': bad hand kind 'low:2'"),
])
def test_bad_floor_options_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    res = runner.invoke(app, ["play", "poker", "--auto", "--rounds", "1", "--db",
                              str(tmp_path / "x.db"), *args])
    assert res.exit_code == 2, res.output
    assert any(part in " ".join(res.output.split()) for part in message.split("|")), res.output


def test_side_bets_at_tiles_are_refused(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "tiles", "--auto", "--rounds", "1", "--side-bet",
                              "fortune", "--db", str(tmp_path / "t.db")])
    assert res.exit_code == 2 and "poker table only" in res.output


def test_play_commission_free_auto_json_house_banks_tiger_pays_and_replays(tmp_path: Path) -> None:
    """``--commission-free``: no commission, the house banks every round (bots that take
    the bank are never offered it), the Tiger 9 offered; every round replays exactly."""
    db = tmp_path / "cf.db"
    res = runner.invoke(app, [
        "play", "poker", "--commission-free", "--auto", "--rounds", "9", "--seed", "9",
        "--seats", "5", "--bot-bank", "take", "--bot-side", "tiger-9=5", "--db", str(db),
        "--json"])
    assert res.exit_code == 0, res.output
    data: dict[str, Any] = json.loads(res.stdout)
    assert data["commission"]["rate"] == "0"
    rounds = data["rounds"]
    assert {r["banker"]["kind"] for r in rounds} == {"house"}
    assert sum(s["end"] - s["start"] for s in data["seats"]) + data["house_net"] == 0
    tiger = [x for r in rounds for x in r["side"] if x["name"] == "tiger-9"]
    assert len(tiger) == 5 * 9 and any(r["push"] for r in rounds)
    for r in rounds:  # a Tiger 9 wins exactly on a round the banker's low:9 pushed
        won = {x["net"] > 0 for x in r["side"] if x["name"] == "tiger-9"}
        assert won == {bool(r["push"])}
        rep = runner.invoke(app, ["replay", str(r["round"]), "--db", str(db)])
        assert rep.exit_code == 0 and "replay: reproduced exactly" in rep.output, rep.output
    js = json.loads(runner.invoke(app, ["history", "--db", str(db), "--json"]).stdout)
    rules = js["sessions"][0]["rules"]
    assert rules["push"] == "low:9" and rules["house"]["player_bank"] is False
    assert [o["name"] for o in rules["house"]["side_bets"]] == ["tiger-9"]


def test_play_names_the_game_and_its_rules(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "poker", "--commission-free", "--auto", "--rounds", "1",
                              "--seed", "1", "--db", str(tmp_path / "n.db")])
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    assert ("Commission-Free Pai Gow Poker: no commission; no player banking: the house "
            "banks every round; the banker's nine-high two-card hand pushes every bet "
            "(low:9); side bets: Tiger 9") in text
    res = runner.invoke(app, ["play", "tiles", "--house-banks", "--auto", "--rounds", "3",
                              "--seed", "1", "--bot-bank", "take", "--db", str(tmp_path / "t.db"),
                              "--json"])
    assert res.exit_code == 0, res.output
    assert {r["banker"]["kind"] for r in json.loads(res.stdout)["rounds"]} == {"house"}


def test_commission_free_is_a_poker_game(tmp_path: Path) -> None:
    res = runner.invoke(app, ["play", "tiles", "--commission-free", "--auto", "--rounds", "1",
                              "--db", str(tmp_path / "t.db")])
    assert res.exit_code == 2 and "poker only" in res.output
