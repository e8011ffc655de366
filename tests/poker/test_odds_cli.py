"""The odds commands: bad input gives exit status 2 and one line on stderr; small exact
problems run end to end (``--deck``)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from paigow.cli.common import new_app
from paigow.cli.poker_odds import register
from paigow.poker.cards import parse_cards

app = new_app()
register(app)
runner = CliRunner()

SMALL = "9s 9h 9d 9c Ks Kh Kd Qs Qd Js Jh Th As Ah Ad 2c Jk"


def _bad(args: list[str], needle: str) -> None:
    res = runner.invoke(app, args)
    assert res.exit_code == 2, res.output
    lines = [x for x in res.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and needle in lines[0], res.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["advise", "As", "Kd", "Qh", "Jc", "9s", "8d", "1x"], "bad card '1x'"),
        (["advise", "As", "Kd", "Qh", "Jc", "9s", "8d"], "seven cards"),
        (["advise", "As", "As", "Qh", "Jc", "9s", "8d", "2c"], "repeated"),
        (["advise", "As Kd Qh Jc 9s 8d 2c", "--commission", "abc"], "commission"),
        (["simulate", "--rounds", "0"], "--rounds"),
        (["simulate", "--rounds", "ten"], "--rounds"),
        (["simulate", "--player", "nobody", "--rounds", "10"], "unknown poker way"),
        (["sweep"], "exactly one of"),
        (["sweep", "--sample", "3", "--all-suit-classes"], "exactly one of"),
        (["sweep", "--sample", "3", "--deck", "As Ks"], "14 cards"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    _bad(args, needle)


def test_advise_small_deck_json() -> None:
    res = runner.invoke(app, ["advise", "9s 9h 9d 9c Ks Qd 2c", "--deck", SMALL, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["opponent_hands"] == 120
    assert all(s["win"] + s["push"] + s["lose"] == 120 for s in data["settings"])
    assert data["best"]["ev"] >= data["house"]["ev"]


def test_simulate_json_is_reproducible() -> None:
    args = ["simulate", "--rounds", "3000", "--seed", "5", "--json"]
    a, b = runner.invoke(app, args), runner.invoke(app, args)
    assert a.exit_code == 0, a.output
    da, db = json.loads(a.stdout), json.loads(b.stdout)
    assert da == db and da["win"] + da["push"] + da["lose"] == 3000
    lo, hi = da["ci95"]
    assert lo < da["edge"] < hi


def test_sweep_sample_small_deck_json() -> None:
    res = runner.invoke(app, ["sweep", "--sample", "6", "--seed", "1", "--deck", SMALL,
                              "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["hands"] == 6 and data["optimal"]["edge"] <= data["house"]["edge"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["advise", "Qs Jh 9d 7c 5s 3h 2d", "--push", "pai-gow:8"], "bad hand kind 'pai-gow:8'"),
        (["advise", "Qs Jh 9d 7c 5s 3h 2d", "--ez", "--commission", "0.05"], "--ez already"),
        (["simulate", "--ez", "--push", "none", "--rounds", "10"], "--ez already"),
        (["sweep", "--sample", "2", "--push", "queen"], "bad hand kind 'queen'"),
        (["advise", "Qs Jh 9d 7c 5s 3h 2d", "--push", "low:1"], "bad hand kind 'low:1'"),
        (["advise", "Qs Jh 9d 7c 5s 3h 2d", "--commission-free", "--push", "low:9"],
         "--commission-free already means --push low:9 --commission 0"),
        (["simulate", "--ez", "--commission-free", "--rounds", "10"],
         "two different games"),
        (["sweep", "--sample", "2", "--commission-free", "--commission", "0"],
         "--commission-free already"),
    ],
)
def test_bad_push_rule_exits_2_with_one_line(args: list[str], needle: str) -> None:
    _bad(args, needle)


def test_advise_ez_small_deck_json_counts_the_pushes() -> None:
    from paigow.analysis.poker_odds import advise
    from paigow.poker.rules import PokerRules

    hand = "Kh Ah 8d 6c Qd Jc 2h"
    deck = "Qs Jh 9c 7s 5h 4d 3c 2s Kh Ah 8d 6c Qd Jc 9h Jk 2h"
    res = runner.invoke(app, ["advise", hand, "--deck", deck, "--ez", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["push_rule"] == "pai-gow:Q" and data["commission"] == 0
    lib = advise(hand, "house", rate=0, rules=PokerRules(push="pai-gow:Q"),
                 deck=parse_cards(deck), cache=False)
    assert data["pushed_by_rule"] == lib.pushed > 0
    assert [(s["win"], s["push"], s["lose"]) for s in data["settings"]] == [
        (s.win, s.push, s.lose) for s in lib.settings]


def test_simulate_ez_equals_push_and_commission_options() -> None:
    base = ["simulate", "--rounds", "4000", "--seed", "3", "--json"]
    ez = runner.invoke(app, [*base, "--ez"])
    spelled = runner.invoke(app, [*base, "--push", "pai-gow:q", "--commission", "0"])
    classic = runner.invoke(app, base)
    assert ez.exit_code == spelled.exit_code == classic.exit_code == 0, ez.output
    a, b, c = (json.loads(x.stdout) for x in (ez, spelled, classic))
    assert a == b and a["push_rule"] == "pai-gow:Q" and a["commission"] == 0
    assert c["push_rule"] == "none" and c["commission"] == 0.05
    # the same deals: the rule only turns some wins and losses into pushes
    assert a["win"] <= c["win"] and a["lose"] <= c["lose"] and a["push"] > c["push"]


def test_sweep_json_reports_the_paired_gain() -> None:
    res = runner.invoke(app, ["sweep", "--sample", "6", "--seed", "1", "--deck", SMALL,
                              "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    gain = data["gain"]
    assert gain["edge"] == pytest.approx(data["house"]["edge"] - data["optimal"]["edge"])
    lo, hi = gain["ci95"]
    assert lo <= gain["edge"] <= hi
    text = runner.invoke(app, ["sweep", "--sample", "6", "--seed", "1", "--deck", SMALL])
    assert "gain of optimal over house" in text.stdout and "paired 95% interval" in text.stdout


# a deck where the house way often plays a nine in front (tests/poker/test_push_low.py)
CF_DECK = "Ks Ah 9c 9d 8s 8h 7c 6d 5s 4h 3c 2d Qh Jk Tc 2s 4c"


def test_advise_commission_free_counts_the_bankers_nine_high_fronts() -> None:
    """``--commission-free`` is ``--push low:9 --commission 0``; the pushes it adds are the
    banker hands the plain-Python house way sets with a nine-high two-card hand."""
    from itertools import combinations

    from paigow.poker.kinds import parse_push
    from paigow.ways import POKER, get_way

    hand = "Ks Ah 6d 5s 4h 2s Qh"
    res = runner.invoke(app, ["advise", hand, "--deck", CF_DECK, "--commission-free", "--json"])
    spelled = runner.invoke(app, ["advise", hand, "--deck", CF_DECK, "--push", "LOW:9",
                                  "--commission", "0", "--json"])
    assert res.exit_code == spelled.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data == json.loads(spelled.stdout)
    assert data["push_rule"] == "low:9" and data["commission"] == 0
    rest = [c for c in parse_cards(CF_DECK) if c not in parse_cards(hand)]
    way, nine = get_way("house", POKER), parse_push("low:9")
    want = sum(nine.matches_setting(way.choose(b, True).setting)
               for b in combinations(rest, 7))
    assert data["pushed_by_rule"] == want > 0
    text = runner.invoke(app, ["advise", hand, "--deck", CF_DECK, "--commission-free"])
    assert f"{want:,} banker hands are set with a nine-high two-card hand" in text.stdout


def test_advise_commission_free_banking_marks_the_settings_that_push() -> None:
    hand = "9c 8s 7c 6d 4h 3c Ks"
    res = runner.invoke(app, ["advise", hand, "--deck", CF_DECK, "--commission-free",
                              "--banking", "--json"])
    assert res.exit_code == 0, res.output
    from paigow.poker.kinds import parse_push
    from paigow.poker.setting import Setting

    rows = json.loads(res.stdout)["settings"]
    nine = parse_push("low:9")
    assert [r["pushes_all"] for r in rows] == [
        nine.matches_setting(Setting.parse(f"{r['high']} | {r['low']}")) for r in rows]
    assert any(r["pushes_all"] for r in rows) and not all(r["pushes_all"] for r in rows)
    text = runner.invoke(app, ["advise", hand, "--deck", CF_DECK, "--commission-free",
                               "--banking"])
    assert "PUSHES" in text.stdout


def test_simulate_commission_free_equals_its_options_and_turns_results_into_pushes() -> None:
    base = ["simulate", "--rounds", "4000", "--seed", "3", "--json"]
    cf = runner.invoke(app, [*base, "--commission-free"])
    spelled = runner.invoke(app, [*base, "--push", "low:9", "--commission", "0"])
    classic = runner.invoke(app, [*base, "--commission", "0"])
    a, b, c = (json.loads(x.stdout) for x in (cf, spelled, classic))
    assert a == b and a["push_rule"] == "low:9"
    assert a["win"] <= c["win"] and a["lose"] <= c["lose"] and a["push"] > c["push"]


def test_sweep_commission_free_small_deck() -> None:
    res = runner.invoke(app, ["sweep", "--sample", "4", "--seed", "1", "--deck", CF_DECK,
                              "--commission-free", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["hands"] == 4 and data["optimal"]["edge"] <= data["house"]["edge"]


def test_ways_diff_commission_free_advises_under_the_rule_with_the_classic_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ways-diff's EV sample advises under the game's push rule and commission, against
    the dealer way built without the push rule (whose one-time table is the classic
    game's): the advice is captured here, so no full-deck table is needed."""
    from fractions import Fraction

    from paigow.analysis import poker_odds
    from paigow.analysis.poker_ways import fast_way
    from paigow.cli.poker_ways import register as register_ways
    from paigow.poker.rules import PokerRules

    seen: list[tuple[str, str, Fraction]] = []

    class Stub:
        def __init__(self, split: int) -> None:
            self.split, self.ev = split, Fraction(split)

    class Advice:
        def __init__(self) -> None:
            self.settings = [Stub(k) for k in range(21)]
            self.best_setting = self.settings[2]

    def fake(hand: object, dealer: object, banking: bool, rate: Fraction,
             rules: PokerRules, *a: object, **k: object) -> Advice:
        seen.append((dealer.fingerprint(), rules.push, rate))  # type: ignore[attr-defined]
        return Advice()

    monkeypatch.setattr(poker_odds, "advise", fake)
    ways = new_app()
    ways.callback()(lambda: None)
    register_ways(ways)
    res = runner.invoke(ways, ["ways-diff", "foxwoods", "optimal", "--sample", "3",
                               "--commission-free", "--json"])
    assert res.exit_code == 0, res.output
    classic = fast_way("foxwoods", PokerRules()).fingerprint()
    assert seen == [(classic, "low:9", Fraction(0))] * 3
    data = json.loads(res.stdout)
    assert (data["push_rule"], data["commission"]) == ("low:9", "0")


def test_sweep_player_scores_another_way_on_the_same_hands() -> None:
    args = ["sweep", "--sample", "6", "--seed", "1", "--deck", SMALL, "--player", "foxwoods"]
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    (p,) = data["players"]
    assert p["name"] == "foxwoods"
    assert p["gain"]["edge"] == pytest.approx(data["house"]["edge"] - p["edge"])
    if data["gain"]["edge"]:
        assert p["share"]["of_optimal"] == pytest.approx(p["gain"]["edge"] / data["gain"]["edge"])
    text = runner.invoke(app, args).stdout
    assert "gain of foxwoods over house" in text
    _bad([*args[:-1], "nowhere"], "unknown poker way 'nowhere'")
