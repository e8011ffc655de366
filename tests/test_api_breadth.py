"""Issue 23 §4: the library does all the command line does, with value types a person can
read.

Facts from outside the code: the command line is a second route to the same core, so every
library call here is checked against the command's ``--json`` on the same input (compare,
settings, sidebet, simulate of each game, the strategy card, derive-strategy); RULES 1.3's
example (4-3 2-2 against 6-5 5-5: tied at one point, the banker's Mooy outranks the
player's Bon), RULES 1.4 (four different tiles set three ways) and 2.8 (21 settings of
seven cards); a value's repr is the call that makes it again (python-chess's rule).
"""

from __future__ import annotations

import functools
import inspect
import json
import warnings
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import paigow
from paigow.cli import app
from paigow.errors import PaigowError, RuleError, RulesMismatchError
from paigow.poker import Card, Hand, HandRank, PokerRules, Setting
from paigow.settle import parse_rate
from paigow.tiles import HandValue, Tile, TileHand, TileRules
from paigow.tiles import Setting as TileSetting
from paigow.tiles.hand import compare as compare_hands
from paigow.tiles.tile import DECK

runner = CliRunner()
SMALL = "As Ks Qs Js Ts 9s 8s 7s 2d"  # a 9-card deck: 36 seven-card hands


def _json(args: list[str]) -> Any:
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


# --- compare / settings for both games, strings or objects alike ----------------------------

def test_rules_1_3_tile_compare_takes_strings_and_agrees_with_the_command() -> None:
    c = paigow.tiles.compare("4-3 2-2", "6-5 5-5")
    assert c.winner == "banker" and "Mooy (5-5) outranks the player's Bon (2-2)" in c.reason
    assert c == paigow.tiles.compare([Tile(4, 3), "2-2"], (Tile(6, 5), Tile(5, 5)))
    assert c.to_json() == _json(["tiles", "compare", "4-3 2-2", "6-5 5-5"])


def test_rules_1_4_four_different_tiles_set_three_ways_from_a_string() -> None:
    s = paigow.tiles.settings("6-5 3-2 6-4 4-3")
    objects = [Tile(6, 5), Tile(3, 2), Tile(6, 4), Tile(4, 3)]
    assert len(s) == 3 and s.to_json() == paigow.tiles.settings(objects).to_json()
    assert s.to_json() == _json(["tiles", "settings", "6-5", "3-2", "6-4", "4-3"])


def test_rules_2_8_seven_cards_set_21_ways_and_agree_with_the_command() -> None:
    s = paigow.poker.settings("As Kd Qh Jc 9s 8d 2c")
    assert len(s) == 21 and sum(1 for x in s if x.foul) > 0
    assert s.to_json() == _json(["poker", "settings", "As", "Kd", "Qh", "Jc", "9s", "8d",
                                 "2c"])


def test_poker_compare_takes_settings_or_text_and_agrees_with_the_command() -> None:
    a, b = "Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs"
    c = paigow.poker.compare(a, b)
    assert c.outcome.value == "push"  # RULES 2.5: one hand each
    assert c == paigow.poker.compare(Setting.parse(a), Setting.parse(b))
    assert c.to_json() == _json(["poker", "compare", a, b])


def _ranked(text: str) -> paigow.poker.RankedSetting:
    """The setting ``text`` as :func:`paigow.poker.settings` lists it, ranked."""
    return next(x for x in paigow.poker.settings(text.replace("|", " ")) if str(x.setting) == text)


TILE_FOUR = "6-5 3-2 6-4 4-3"
POKER_SEVEN = "Kd Qs Jh 9c 7d 4s 3h"
POKER_DECK = POKER_SEVEN + " As Ah Ad Ac 2c 2d 2h 2s"  # 15 cards: a small exact problem

# Each row: a front door called with the text a person types, then with the library's own
# values for the same hand (objects, and reprs as text); the results must be equal.
ALIKE: list[tuple[str, Callable[[], Any], list[Callable[[], Any]]]] = [
    ("tiles.value", lambda: paigow.tiles.value("6-6 5-4"), [
        lambda: paigow.tiles.value(TileHand.parse("6-6 5-4")),
        lambda: paigow.tiles.value((Tile(6, 6), Tile(5, 4))),
        lambda: paigow.tiles.value("TileHand.parse('6-6 5-4')"),
        lambda: paigow.tiles.value("HandValue.of('6-6 5-4')"),
        lambda: paigow.tiles.value(repr((Tile(6, 6), Tile(5, 4))))]),
    ("tiles.compare", lambda: paigow.tiles.compare("4-3 2-2", "6-5 5-5"), [
        lambda: paigow.tiles.compare(paigow.tiles.value("4-3 2-2"), paigow.tiles.value("6-5 5-5")),
        lambda: paigow.tiles.compare(TileHand.parse("4-3 2-2"), [Tile(6, 5), "5-5"])]),
    ("tiles.settings", lambda: paigow.tiles.settings(TILE_FOUR).to_json(), [
        lambda: paigow.tiles.settings(paigow.tiles.hand(TILE_FOUR)).to_json(),
        lambda: paigow.tiles.settings(TileSetting.parse("6-5 3-2 / 6-4 4-3")).to_json()]),
    ("tiles.set_hand", lambda: paigow.tiles.set_hand(TILE_FOUR, way="australian.toml"), [
        lambda: paigow.tiles.set_hand(paigow.tiles.hand(TILE_FOUR), way=Path("australian.toml")),
        lambda: paigow.tiles.set_hand(repr(paigow.tiles.hand(TILE_FOUR)), way="australian.toml")]),
    ("tiles.grade", lambda: paigow.tiles.grade(TILE_FOUR, "6-5 4-3 | 6-4 3-2").to_json(), [
        lambda: paigow.tiles.grade(paigow.tiles.hand(TILE_FOUR),
                                   TileSetting.parse("6-5 4-3 / 6-4 3-2")).to_json(),
        lambda: paigow.tiles.grade(TILE_FOUR, "Setting.parse('6-5 4-3 / 6-4 3-2')").to_json()]),
    ("poker.rank", lambda: paigow.poker.rank("As Ks Qs Js Jk"), [
        lambda: paigow.poker.rank(Hand("As Ks Qs Js Jk")),
        lambda: paigow.poker.rank([Card("As"), "Ks", 43, "Js", Card("Jk")]),
        lambda: paigow.poker.rank("Hand('Jk As Ks Qs Js')")]),
    ("poker.settings", lambda: paigow.poker.settings(POKER_SEVEN).to_json(), [
        lambda: paigow.poker.settings(Hand(POKER_SEVEN)).to_json(),
        lambda: paigow.poker.settings(Setting.parse("Kd 9c 7d 4s 3h | Qs Jh")).to_json()]),
    ("poker.compare", lambda: paigow.poker.compare("Ah Ad 9c 8d 2s | Kc Qd",
                                                   "Kh Kd 9h 8h 2h | Ks Qs"), [
        lambda: paigow.poker.compare(Setting.parse("Ah Ad 9c 8d 2s | Kc Qd"),
                                     "Setting.parse('Kh Kd 9h 8h 2h | Ks Qs')"),
        lambda: paigow.poker.compare(_ranked("Ah Ad 9c 8d 2s | Kc Qd"),
                                     Setting.parse("Kh Kd 9h 8h 2h | Ks Qs"))]),
    ("poker.set_hand", lambda: paigow.poker.set_hand(POKER_SEVEN, way="foxwoods"), [
        lambda: paigow.poker.set_hand(Hand(POKER_SEVEN), way=Path("foxwoods")),
        lambda: paigow.poker.set_hand(Setting.parse("Kd 9c 7d 4s 3h | Qs Jh"), way="foxwoods")]),
    ("poker.grade", lambda: paigow.poker.grade(POKER_SEVEN, "Kd 9c 7d 4s 3h | Qs Jh",
                                               deck=POKER_DECK).to_json(), [
        lambda: paigow.poker.grade(Hand(POKER_SEVEN), Setting.parse("Kd 9c 7d 4s 3h | Qs Jh"),
                                   deck=Hand(POKER_DECK)).to_json(),
        lambda: paigow.poker.grade(POKER_SEVEN, _ranked("Kd 9c 7d 4s 3h | Qs Jh"),
                                   deck=POKER_DECK).to_json()]),
    ("poker.advise", lambda: paigow.poker.advise(POKER_SEVEN, deck=POKER_DECK).to_json(), [
        lambda: paigow.poker.advise(Hand(POKER_SEVEN), deck=Hand(POKER_DECK)).to_json(),
        lambda: paigow.poker.advise(repr(Hand(POKER_SEVEN)), deck=list(Hand(POKER_DECK))).to_json()]),
]


@pytest.mark.parametrize("door,text,objects", ALIKE, ids=[a[0] for a in ALIKE])
def test_every_front_door_takes_strings_or_objects_alike(door: str, text: Callable[[], Any],
                                                         objects: list[Callable[[], Any]]) -> None:
    want = text()
    for i, call in enumerate(objects):
        assert call() == want, (door, i)


def test_the_optimal_way_takes_its_deck_as_text() -> None:
    """``get_way("optimal", POKER, deck=...)`` reads the deck as every door does (it read
    the string's characters one by one as cards)."""
    from paigow.ways import POKER, get_way

    deck = "As Ah Kd Kh Qc Qd 3s 3h 2h 2c 2d 4s 4h 5c 6c 6d 7c"
    a = get_way("optimal", POKER, deck=deck).choose("As Ah Kd Qc 3s 2h 2c")
    b = get_way("optimal", POKER, deck=Hand(deck)).choose("As Ah Kd Qc 3s 2h 2c")
    assert a == b and a.rule.way == "optimal"


# --- values print as a player writes them, and their repr reads back -------------------------

def test_a_poker_setting_prints_and_reads_back_as_a_player_writes_it() -> None:
    d = paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h", way="foxwoods")
    assert str(d.setting) == "Kd 9c 7d 4s 3h | Qs Jh"
    assert repr(d.setting) == "Setting.parse('Kd 9c 7d 4s 3h | Qs Jh')"
    assert repr(d.setting.high) == "(Card('Kd'), Card('9c'), Card('7d'), Card('4s'), Card('3h'))"


cards = st.lists(st.sampled_from(range(53)), min_size=7, max_size=7, unique=True)


@settings(max_examples=150, deadline=None)
@given(cards, st.integers(0, 20))
def test_every_poker_value_reads_back_from_its_repr(hand: list[int], split: int) -> None:
    for c in hand:
        card = Card(c)
        assert eval(repr(card)) == card == Card(str(card)) == paigow.poker.parse_cards(repr(card))[0]
    h = Hand(hand)
    assert eval(repr(h)) == h == Hand.parse(repr(h)) == Hand(str(h))
    s = paigow.poker.settings(hand)[split].setting
    assert eval(repr(s)) == s == Setting.parse(repr(s)) == Setting.parse(str(s))
    r = paigow.poker.rank(list(s.high))
    assert isinstance(eval(repr(r)), HandRank) and eval(repr(r)) == r and eval(repr(r)).description == r.description
    wild = PokerRules(joker="wild")
    rw = paigow.poker.rank(list(s.low), rules=wild)
    assert eval(repr(rw)).rules == wild


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(range(32)), min_size=4, max_size=4, unique=True),
       st.integers(0, 2))
def test_every_tile_value_reads_back_from_its_repr(idx: list[int], split: int) -> None:
    four = tuple(DECK[i] for i in idx)
    for t in four:
        assert eval(repr(t)) == t == Tile.parse(repr(t)) == Tile.parse(str(t))
    h = paigow.tiles.hand(four)
    assert eval(repr(h)) == h == TileHand.parse(repr(h)) == TileHand.parse(str(h))
    ss = paigow.tiles.settings(four)
    s = ss[min(split, len(ss) - 1)]
    assert eval(repr(s), {"Setting": TileSetting}) == s == TileSetting.parse(repr(s))
    assert TileSetting.parse(str(s)) == s
    for rules in (TileRules(), TileRules("no_value")):
        v = paigow.tiles.value(four[:2], rules=rules)
        assert eval(repr(v)) == v == HandValue.of(four[:2], rules)


# --- values compare with < and >, and only under the same rules -----------------------------

def test_rules_1_3_tile_values_order_as_play_does_over_every_pair_of_hands() -> None:
    """The player wins exactly when their value is the greater (RULES 1.3: copies and 0-0
    go to the banker): the order agrees with the rule-by-rule ``compare`` on every pair of
    two-tile hands (by face: 221 of them, the 11 civil pairs included) that the 32 tiles
    can deal together."""
    hands = sorted({tuple(sorted((DECK[i], DECK[j]), key=str))
                    for i, j in combinations(range(32), 2)}, key=str)
    assert len(hands) == 221  # C(21, 2) + 11
    values = {h: paigow.tiles.value(h) for h in hands}
    checked = 0
    for a in hands:
        for b in hands:
            if any(n > t.copies for t, n in Counter((*a, *b)).items()):
                continue
            assert (values[a] > values[b]) == (compare_hands(a, b).winner == "player"), (a, b)
            checked += 1
    assert checked > 40_000


def test_ranks_and_values_of_different_rules_refuse_to_compare() -> None:
    bug = paigow.poker.rank("Kh Kd Kc Ks Jk")
    wild = paigow.poker.rank("Kh Kd Kc Ks Jk", joker="wild")
    assert bug.description != wild.description
    with pytest.raises(RulesMismatchError, match=r"joker bug, wheel second.*joker wild"):
        _ = bug < wild
    with pytest.raises(TypeError):  # as Python's own refusals to order two values
        sorted([bug, wild])
    assert bug != wild and bug == paigow.poker.rank("Kh Kd Kc Ks Jk")
    ranked, no_value = (paigow.tiles.value("2-1 6-6", rules=TileRules(r))
                        for r in ("ranked", "no_value"))
    with pytest.raises(RulesMismatchError):
        _ = ranked > no_value


# --- one rules object, typed options, one naming of way= and dealer= -------------------------

def test_rules_objects_are_taken_by_every_front_door() -> None:
    wild = PokerRules(joker="wild")
    assert paigow.poker.rank("Jk Kd", rules=wild).description.startswith("pair of kings")
    assert paigow.poker.rank("Jk Kd", joker="wild") == paigow.poker.rank("Jk Kd", rules=wild)
    d = paigow.poker.set_hand("Jk Kd Qs 9c 7d 4s 3h", rules=wild)
    assert d == paigow.poker.set_hand("Jk Kd Qs 9c 7d 4s 3h", joker="wild")
    no_value = TileRules("no_value")
    assert paigow.tiles.value("2-1 6-6", rules=no_value).rules == no_value
    with pytest.raises(RuleError, match="takes PokerRules"):
        paigow.poker.rank("As Ks", rules=no_value)  # type: ignore[arg-type]


def test_old_keyword_spellings_work_for_one_release_and_say_so() -> None:
    with pytest.warns(DeprecationWarning, match=r"advise\(way=\.\.\.\) is now .*advise\(dealer"):
        old = paigow.poker.advise("As Ah Kd Qc 3s 2h 2c", way="house",
                                  deck="As Ah Kd Kh Qc Qd 3s 3h 2h 2c 2d 4s 4h 5c 6c 6d 7c")
    new = paigow.poker.advise("As Ah Kd Qc 3s 2h 2c", dealer="house",
                              deck="As Ah Kd Kh Qc Qd 3s 3h 2h 2c 2d 4s 4h 5c 6c 6d 7c")
    assert old.to_json() == new.to_json()
    with pytest.warns(DeprecationWarning, match=r"simulate\(player="):
        a = paigow.poker.simulate(player="house", rounds=2000, seed=3)
    assert a.to_json() == paigow.poker.simulate(way="house", rounds=2000, seed=3).to_json()
    with pytest.raises(RuleError, match="give way= only"):
        paigow.poker.simulate(way="house", player="house", rounds=10)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new spellings say nothing
        paigow.poker.simulate(way="house", dealer="house", rounds=100, seed=1)


# --- simulate every game, side bets, the card, derive-strategy: as the command does ----------

@pytest.mark.parametrize("game,flag,push", [("classic", None, "none"), ("ez", "--ez", "pai-gow:Q"),
                                            ("commission-free", "--commission-free", "low:9")])
def test_simulate_plays_every_game_as_the_command_does(game: str, flag: str | None,
                                                       push: str) -> None:
    s = paigow.poker.simulate(rounds=3000, seed=11, game=game)  # type: ignore[arg-type]
    assert s.spec.rules.push == push and s.rate == (0 if flag else parse_rate("5%"))
    out = _json(["poker", "simulate", "--rounds", "3000", "--seed", "11", "--workers", "1",
                 *([flag] if flag else [])])
    assert (out["win"], out["push"], out["lose"]) == (s.win, s.push, s.lose)
    assert out["push_rule"] == push


def test_a_game_refuses_another_push_rule() -> None:
    with pytest.raises(RuleError, match="ez game pushes on pai-gow:Q"):
        paigow.poker.simulate(rounds=10, game="ez", push="low:9")


def test_sidebet_prices_as_the_command_does() -> None:
    odds = paigow.poker.side_bet("emperors-challenge", deck=SMALL)
    out = _json(["poker", "sidebet", "--paytable", "emperors-challenge", "--deck", SMALL])
    assert (odds.total, odds.edge) == (out["total"], Fraction(out["edge_exact"]))
    assert [x.count for x in odds.lines] == [x["count"] for x in out["lines"]]
    assert "fortune" in paigow.poker.paytables()


def test_the_strategy_card_is_the_commands_card(tmp_path: Path) -> None:
    card = paigow.poker.way_card("foxwoods")
    res = runner.invoke(app, ["poker", "card", "foxwoods", "-o", str(tmp_path / "c.svg")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "c.svg").read_text(encoding="utf-8") == card.svg
    assert card._repr_svg_() == card.svg
    card.write(tmp_path / "mine.svg")
    assert (tmp_path / "mine.svg").read_text(encoding="utf-8") == card.svg


@pytest.mark.slow
def test_derive_strategy_learns_the_same_way_as_the_command(tmp_path: Path) -> None:
    deck = "As Ah Ad Ks Kh Kd Qs Qh Js Jh Ts 9s 9h 8s 7s 2c 3c Jk"
    args = dict(max_rules=12, sample=1000, eval_sample=0, seed=5, otherwise="none",
                folds=0, deck=deck)
    lib = paigow.poker.derive_strategy("house", name="mine", **args)  # type: ignore[arg-type]
    out = tmp_path / "mine.toml"
    cli = _json(["poker", "derive-strategy", "-o", str(out), "--max-rules", "12",
                 "--sample", "1000", "--eval-sample", "0", "--seed", "5", "--otherwise",
                 "none", "--cv-folds", "0", "--deck", deck])
    assert cli["rules"] == lib.report["rules"] and len(lib.report["rules"]) <= 12
    written = lib.write(tmp_path / "lib.toml")
    a = paigow.poker.set_hand("As Ah Kd Qs 9h 8s 2c", way=str(written))
    b = paigow.poker.set_hand("As Ah Kd Qs 9h 8s 2c", way=str(out))
    assert a.setting == b.setting


def test_the_tile_strategy_card_is_the_commands_card(tmp_path: Path) -> None:
    card = paigow.tiles.way_card("australian.toml")
    res = runner.invoke(app, ["tiles", "card", "australian.toml", "-o", str(tmp_path / "c.svg")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "c.svg").read_text(encoding="utf-8") == card.svg
    assert card._repr_svg_() == card.svg and card.game == "tiles"
    assert card.write(tmp_path / "mine.svg").read_text(encoding="utf-8") == card.svg
    shipped = Path(paigow.tiles.__file__).parent / "ways" / "files" / "australian.toml"
    mine = tmp_path / "australian.toml"
    mine.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    assert paigow.tiles.way_card(mine).svg == card.svg  # a path object, as a name
    with pytest.raises(RuleError, match="not one"):
        paigow.tiles.way_card("australian")  # a built-in way, not a way file


def test_tile_derive_strategy_learns_the_same_way_as_the_command(tmp_path: Path) -> None:
    """The library and ``paigow tiles derive-strategy`` are one route: the same way file's
    text and the same exact figures, and the file plays as the library's text does."""
    lib = _tile_derived()
    out = tmp_path / "mine.toml"
    cli = _json(["tiles", "derive-strategy", "--dealer", "australian", "--max-rules", "3",
                 "--small", "-o", str(out)])
    assert out.read_text(encoding="utf-8") == lib.text
    assert {k: v for k, v in cli.items() if k not in ("output", "seconds")} == lib.to_json()
    assert lib.rule_words == tuple(cli["rule_texts"]) and lib.otherwise == cli["otherwise"]
    assert lib.share == cli["share"] and 0 < lib.share <= 1
    written = lib.write(tmp_path / "lib.toml")
    for hand in ("6-6 4-2 5-3 1-1", "6-5 3-2 6-4 4-3", "teen day 5-4 3-1"):
        assert (paigow.tiles.set_hand(hand, way=str(written)).setting
                == paigow.tiles.set_hand(hand, way=str(out)).setting)
    with pytest.raises(RuleError, match="exceptions to a dealer's house way"):
        paigow.tiles.derive_strategy("optimal", small=True)
    with pytest.raises(RuleError, match="unknown shape"):
        paigow.tiles.derive_strategy(shape="wide", small=True)  # type: ignore[arg-type]


# --- every result shows as a table in a notebook ----------------------------------------------

def _tables(html: str) -> list[ET.Element]:
    root = ET.fromstring(f"<div>{html}</div>")
    return [e for e in root.iter() if e.tag == "table"]


@functools.lru_cache(maxsize=1)
def _tile_derived() -> paigow.tiles.DerivedStrategy:
    return paigow.tiles.derive_strategy("australian", max_rules=3, small=True)


TIGER_DECK = "As Kh Qd 9d 9s 8c 7s 6d 5h 4d 3c 2s 2h Jk"  # C(14,7) = 3,432 hands

# What each front door returns, and a word its notebook view must show: every result as a
# table (``_repr_html_``), hands, decisions and cards as pieces (``_repr_svg_``, or HTML
# of the browser's pieces).
NOTEBOOK: list[Any] = [
    ("tiles.value", lambda: paigow.tiles.value("6-6 5-4"), "table", "Teen Wong"),
    ("tiles.hand", lambda: paigow.tiles.hand("6-6 4-2 5-3 1-1"), "svg", "4-2 Gee Joon"),
    ("tiles.compare", lambda: paigow.tiles.compare("4-3 2-2", "6-5 5-5"), "table", "banker wins"),
    ("tiles.settings", lambda: paigow.tiles.settings("6-5 3-2 6-4 4-3"), "table",
     "6-4 4-3 / 6-5 3-2"),
    ("tiles.set_hand", lambda: paigow.tiles.set_hand("6-6 4-2 5-3 1-1"), "pieces", "australian 4.3"),
    ("tiles.advise", lambda: paigow.tiles.advise("6-6 4-2 5-3 1-1"), "table", "6-6 5-3 / 1-1 4-2"),
    ("tiles.grade", lambda: paigow.tiles.grade("6-5 3-2 6-4 4-3", "6-5 4-3 | 6-4 3-2"), "table",
     "yours"),
    ("tiles.edge", lambda: paigow.tiles.edge("australian", "australian"), "table", "matchups"),
    ("tiles.derive_strategy", _tile_derived, "table", "derived against the australian way"),
    ("tiles.way_card", lambda: paigow.tiles.way_card("australian.toml"), "svg", "rule"),
    ("poker.rank", lambda: paigow.poker.rank("As Ks Qs Js Jk"), "table", "royal flush"),
    ("poker.hand", lambda: paigow.poker.hand("Kd As Jk"), "svg", "ace of spades"),
    ("poker.settings", lambda: paigow.poker.settings("As Kd Qh Jc 9s 8d 2c"), "table", "foul"),
    ("poker.compare", lambda: paigow.poker.compare("Ah Ad 9c 8d 2s | Kc Qd",
                                                   "Kh Kd 9h 8h 2h | Ks Qs"), "table", "push"),
    ("poker.set_hand", lambda: paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h"), "pieces",
     "house 1.1"),
    ("poker.advise", lambda: paigow.poker.advise(
        "As Ah Kd Qc 3s 2h 2c", deck="As Ah Kd Kh Qc Qd 3s 3h 2h 2c 2d 4s 4h 5c 6c 6d 7c"),
     "table", "120 opponent hands"),
    ("poker.grade", lambda: paigow.poker.grade(POKER_SEVEN, "Kd 9c 7d 4s 3h | Qs Jh",
                                               deck=POKER_DECK), "table", "Kd 9c 7d 4s 3h | Qs Jh"),
    ("poker.simulate", lambda: paigow.poker.simulate(rounds=1000, seed=2), "table", "house edge"),
    ("poker.side_bet", lambda: paigow.poker.side_bet("emperors-challenge", deck=SMALL), "table",
     "house edge"),
    ("poker.side_bet on the dealer's setting", lambda: paigow.poker.side_bet(
        "tiger-9", deck=TIGER_DECK), "table", "house edge"),
    ("poker.envy_bonus", lambda: paigow.poker.envy_bonus("fortune", 1, deck=SMALL + " Ah Kh Qh Jh Th"),
     "table", "Envy with 1"),
    pytest.param("poker.derive_strategy", lambda: paigow.poker.derive_strategy(
        "house", max_rules=12, sample=1000, eval_sample=0, seed=5, otherwise="none", folds=0,
        deck="As Ah Ad Ks Kh Kd Qs Qh Js Jh Ts 9s 9h 8s 7s 2c 3c Jk"), "table",
        "derived against the house way", marks=pytest.mark.slow, id="poker.derive_strategy"),
    ("poker.way_card", lambda: paigow.poker.way_card("foxwoods"), "svg", "rule"),
]


def _door(row: Any) -> str:
    return str(row.values[0] if hasattr(row, "values") else row[0])


@pytest.mark.parametrize("door,make,kind,text", NOTEBOOK, ids=[_door(r) for r in NOTEBOOK])
def test_every_result_shows_as_a_table_in_a_notebook(door: str, make: Callable[[], Any],
                                                     kind: str, text: str) -> None:
    """Jupyter calls ``_repr_html_`` (else ``_repr_svg_``) on what a cell returns: a result
    is a table, a hand or a decision the browser's pieces, a card its drawing."""
    got = make()
    if kind == "svg":
        svg = got._repr_svg_()
        assert ET.fromstring(svg).tag.endswith("svg") and text in svg, door
        return
    html = got._repr_html_()
    if kind == "table":
        assert _tables(html), door
    else:
        assert 'class="piece' in html, door
    assert text in html, (door, html[:400])


def test_every_front_door_has_a_notebook_view_checked() -> None:
    """A door added to either game without a row above fails here."""
    doors = {f"{mod.__name__.split('.')[1]}.{name}" for mod in (paigow.tiles.api, paigow.poker.api)
             for name in mod.__all__ if inspect.isfunction(getattr(mod, name))}
    checked = {_door(r).split(" ")[0] for r in NOTEBOOK}
    assert doors - {"poker.paytables"} == checked  # paytables: a list of names


def test_a_decision_and_a_setting_show_as_pieces() -> None:
    html = paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h")._repr_html_()
    assert html.count('class="piece card') == 7 and "house 1.1" in html
    assert paigow.poker.Card("As")._repr_svg_().startswith("<svg")
    assert Tile(6, 6)._repr_svg_().startswith("<svg")


def test_bad_input_to_the_new_doors_is_a_paigow_error() -> None:
    for call in (lambda: paigow.tiles.compare("4-3 2-2", "6-5"),
                 lambda: paigow.tiles.settings("6-5 3-2 6-4"),
                 lambda: paigow.poker.compare("Ah Ad 9c 8d 2s | Kc Qd", "Ah Kd 9h 8h 2h | Ks Qs"),
                 lambda: paigow.poker.side_bet("no-such-table"),
                 lambda: paigow.poker.simulate(rounds=10, game="bingo"),  # type: ignore[arg-type]
                 lambda: paigow.poker.way_card("house", joker="free")):  # type: ignore[arg-type]
        with pytest.raises(PaigowError):
            call()
