"""The seed's "About 80% of the time" strategy (seed 000, "Strategy"), rule by rule."""

from __future__ import annotations

from collections import Counter

from paigow.tiles.tile import Tile, parse_tiles
from paigow.tiles.ways import Decision, TileWay
from paigow.tiles.ways.eighty import EightyWay
from paigow.ways import TILES, get_way

WAY = EightyWay()


def play(hand: str) -> Decision:
    return WAY.choose(parse_tiles(hand))


def hand_is(tiles: tuple[Tile, Tile], text: str) -> bool:
    return Counter(tiles) == Counter(parse_tiles(text))


def test_eighty_is_registered() -> None:
    way = get_way("eighty", TILES)
    assert isinstance(way, EightyWay) and isinstance(way, TileWay) and way.name == "eighty"


def test_eighty_worked_example_option_b_is_better_balanced_than_c() -> None:
    """"For example, assume are dealt [5-6], [3-2], [6-4], and [4-3] ... Clearly, option (A)
    is the worst hand. But (B) is better balanced that (C)": B is [5-6][3-2] = six and
    [6-4][4-3] = seven."""
    d = play("5-6 3-2 6-4 4-3")
    assert hand_is(d.setting.high, "6-4 4-3") and hand_is(d.setting.low, "5-6 3-2")
    assert (d.setting.low_value.points, d.setting.high_value.points) == (6, 7)
    assert d.rule.text.startswith("eighty 4:")


def test_eighty_1_look_for_pairs() -> None:
    """1. "Look for pairs": a pair is played together, even Teens beside a 9 and an 8."""
    d = play("6-6 6-6 6-3 6-2")
    assert hand_is(d.setting.high, "6-6 6-6")
    assert d.rule.text.startswith("eighty 1:")


def test_eighty_1_look_for_unmatched_pairs() -> None:
    """1. "... and look for unmatched pairs (i.e. same totals, but different arrangement of
    pips) which are harder to see": 6-3 with 5-4 is a pair."""
    d = play("6-3 5-4 6-6 1-1")
    assert hand_is(d.setting.high, "6-3 5-4")
    assert "unmatched pair of Chop Gow" in d.rule.text


def test_eighty_1_same_totals_of_different_classes_are_no_pair() -> None:
    """1. Reading: "unmatched pairs" are the mixed pairs of the ranking; 4-4 with 2-6 have the
    same total but are no pair (RULES.md 1.2), so rule 1 does not apply."""
    d = play("4-4 6-2 5-5 6-4")
    assert not d.rule.text.startswith("eighty 1:")
    assert d.setting.high_value.kind == "points"


def test_eighty_1_two_pairs() -> None:
    """1. Two pairs are played as two hands."""
    d = play("6-6 6-6 2-1 4-2")
    assert d.setting.high_value.kind == d.setting.low_value.kind == "pair"


def test_eighty_2_play_teen_or_day_with_any_7_8_or_9() -> None:
    """2. "Play the [6-6] or [1-1] with any tile totaling 7, 8 or 9.\""""
    for hand, high in [("6-6 6-1 5-5 6-4", "6-6 6-1"), ("1-1 5-3 6-5 2-2", "1-1 5-3"),
                       ("1-1 4-5 3-3 5-1", "1-1 4-5")]:
        d = play(hand)
        assert hand_is(d.setting.high, high), (hand, str(d.setting))
        assert d.rule.text.startswith("eighty 2:")


def test_eighty_2_with_a_choice_balance_decides() -> None:
    """2. Teen with 9 or with 7 (and 11): the Wong leaves 7 + 11 = 8, the high nine leaves
    9 + 11 = 0; rule 4's balance picks the Wong and 8."""
    d = play("6-6 6-3 6-1 6-5")
    assert d.setting.high_value.kind == "wong" and d.setting.low_value.points == 8


def test_eighty_3_play_the_two_smallest_tiles_that_total_7_8_or_9() -> None:
    """3. "Play the two smallest tiles that total to 7, 8 or 9": 1-3 and 2-3 total 9; the
    other two (6-5, 6-4) make 1."""
    d = play("1-3 2-3 6-5 6-4")
    assert hand_is(d.setting.high, "1-3 2-3")
    assert (d.setting.low_value.points, d.setting.high_value.points) == (1, 9)
    assert d.rule.text.startswith("eighty 3:")


def test_eighty_3_smallest_of_several_totals() -> None:
    """3. 1-2 (3) with 1-3 (4) is 7, with 2-3 (5) is 8, and 1-3 with 2-3 is 9: the smallest
    tiles, 1-2 and 1-3, are played together (a Gee Joon tile counts 3 or 6)."""
    d = play("2-1 1-3 2-3 6-6")
    assert any(hand_is(h, "2-1 1-3") for h in (d.setting.high, d.setting.low))
    assert "(here 7)" in d.rule.text


def test_eighty_4_balance_unless_higher_in_both_hands() -> None:
    """4. "Every hand can be played three different ways ... a more balanced high and low
    hand can result in a win": 4-4 1-3 5-5 6-5 is 1-2, 5-8 or 4-9; 1-2 is closest but 5-8 is
    higher in both hands ("Clearly, option (A) is the worst hand")."""
    d = play("4-4 1-3 5-5 6-5")
    assert (d.setting.low_value.points, d.setting.high_value.points) == (5, 8)
