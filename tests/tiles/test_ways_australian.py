"""The Australian casino house way (seed 000), clause by clause.

Each test is named after the clause it checks and quotes the seed's words; the expected
settings are worked out by hand from those words (docs/tiles-ways.md records each reading).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import product

import pytest

from paigow.errors import RuleError, TileError
from paigow.tiles.rules import TileRules
from paigow.tiles.tile import Tile, parse_tiles
from paigow.tiles.ways import Decision, TileWay
from paigow.tiles.ways.australian import AustralianHouseWay
from paigow.ways import TILES, get_way

# Tiles by the seed's words, written out here independently of the code's notation table.
TEEN, DAY, YUN, GOR, MOOY, CHONG, BON, FOO, PING, TIT, LOOK = (
    "6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1",
)
TD = [TEEN, DAY]                 # "2 or 12", "Teen/Day"
NINES = ["6-3", "5-4"]           # "9"
EIGHTS = [YUN, "6-2", "5-3"]     # "8"
LOW8 = ["6-2", "5-3"]            # "Low 8"
SEVENS = [TIT, "4-3", "5-2"]     # "7"
SIXES = [CHONG, LOOK]            # "6"
FIVES = ["3-2", "4-1"]           # "5"
FOURS = [GOR, BON]               # "4"
TENS = [MOOY, PING]              # "10"
GEE = ["2-1", "4-2"]             # "Gee Joon" (one tile)

WAY = AustralianHouseWay()


def play(hand: str | Iterable[str], way: TileWay = WAY) -> Decision:
    text = hand if isinstance(hand, str) else " ".join(hand)
    return way.choose(parse_tiles(text))


def faces(tiles: Iterable[Tile]) -> Counter[tuple[int, int]]:
    return Counter((t.hi, t.lo) for t in tiles)


def hand_is(tiles: tuple[Tile, Tile], text: str) -> bool:
    return faces(tiles) == faces(parse_tiles(text))


def assert_hands(d: Decision, high: str, low: str) -> None:
    assert hand_is(d.setting.high, high), (str(d.setting), d.rule)
    assert hand_is(d.setting.low, low), (str(d.setting), d.rule)


def assert_points(d: Decision, low: int, high: int) -> None:
    """``Play low and high``: the low hand scores ``low`` and the high hand ``high``."""
    assert (d.setting.low_value.points, d.setting.high_value.points) == (low, high), (
        str(d.setting), d.rule)


def kept_together(d: Decision, a: str, b: str) -> bool:
    return any(hand_is(h, f"{a} {b}") for h in (d.setting.high, d.setting.low))


# -- the way as an object ------------------------------------------------------------------

def test_australian_is_a_tile_way_named_australian_in_the_registry() -> None:
    way = get_way("australian", TILES)
    assert isinstance(way, TileWay) and isinstance(way, AustralianHouseWay)
    assert way.name == "australian"
    assert play("6-6 6-6 4-4 4-3", way).setting.high_value.name == "Teen Gong"


def test_australian_same_way_banking_or_not() -> None:
    hand = parse_tiles("6-5 3-2 6-4 4-3")
    assert WAY.choose(hand, banking=True).setting.same_way(WAY.choose(hand).setting)


def test_australian_bad_input_is_a_clear_error() -> None:
    with pytest.raises(TileError):
        WAY.choose(parse_tiles("6-6 6-6 1-1"))
    with pytest.raises(TileError):
        play("6-6 6-6 6-6 1-1")
    with pytest.raises(RuleError):
        AustralianHouseWay(exceptions="sometimes")  # type: ignore[arg-type]


# -- clause 1 ------------------------------------------------------------------------------

@pytest.mark.parametrize("hand", [
    "6-6 6-6 1-1 1-1", "2-1 4-2 3-3 3-3", "4-4 4-4 5-5 5-5", "6-3 5-4 2-1 4-2",
    "6-6 6-6 6-2 5-3", "4-1 3-2 4-3 5-2",
])
def test_australian_1_two_ranking_pairs_play_two_pairs(hand: str) -> None:
    """1. "When you have two ranking pairs, play the two pairs as two hands." Mixed pairs
    (Chop Gow 6-3/5-4 and the like) and the Gee Joon pair are ranking pairs too."""
    d = play(hand)
    assert d.setting.high_value.kind == "pair" and d.setting.low_value.kind == "pair"
    assert d.rule.text.startswith("australian 1:")


# -- clause 2 ------------------------------------------------------------------------------

@pytest.mark.parametrize("pair,name", [
    (GOR, "Ngor (High Four)"), (FOO, "Foo Tau (Eleven)"), (MOOY, "Mooy (High Ten)"),
    (PING, "Hoong Tau Sap (Low Ten)"), (CHONG, "Cheong Sum (High Six)"),
    (LOOK, "Lim Lum Lok (Low Six)"), (BON, "Ban Tang (Low Four)"),
])
@pytest.mark.parametrize("others", ["6-6 1-1", "6-6 6-3", "1-1 6-1", "2-1 4-4"])
def test_australian_2_never_split_these_pairs(pair: str, name: str, others: str) -> None:
    """2. "Never split the following pairs: Ngor (High Four), Foo Tau (Eleven), Mooy (High
    Ten), Hoong Tau Sap (Low Ten), Cheong Sum (High Six), Lim Lum Lok (Low Six), Ban Tang
    (Low Four), Chap Ng (Mixed Fives)" — not even to make a Wong, Gong or 9-9."""
    d = play(f"{pair} {pair} {others}")
    assert kept_together(d, pair, pair)
    assert d.rule.text == f"australian 2: never split {name}"


@pytest.mark.parametrize("others", ["6-6 1-1", "6-6 6-3", "1-1 6-1"])
def test_australian_2_never_split_chap_ng_mixed_fives(others: str) -> None:
    """2. "Never split ... Chap Ng (Mixed Fives)": the unmatched pair 2-3 and 1-4."""
    d = play(f"3-2 4-1 {others}")
    assert kept_together(d, "3-2", "4-1")
    assert d.rule.text == "australian 2: never split Chap Ng (Mixed Fives)"


# -- clause 3 ------------------------------------------------------------------------------

@pytest.mark.parametrize("other,low_points", [(LOOK, 9), ("3-2", 8), ("4-1", 8), (GOR, 7),
                                              (BON, 7)])
def test_australian_3_split_gee_joon_with_high_6_and_6_5_4(other: str, low_points: int) -> None:
    """3. "Split: Gee Joon (Supreme) with High 6 and 6, 5, 4": each Gee Joon tile goes with
    one of the two; with High 6 (3-3) it makes 9."""
    d = play(f"2-1 4-2 {CHONG} {other}")
    assert_points(d, low_points, 9)
    assert not kept_together(d, "2-1", "4-2")
    assert d.rule.text == "australian 3: split Gee Joon with High 6 and 6, 5, 4"


def test_australian_3_split_gee_joon_puts_2_4_with_the_five() -> None:
    """3. Split Gee Joon with High 6 and 5: both Gee tiles make the same points; 2-4 outranks
    the fives in a tie-break (RULES.md 1.3) and 1-2 does not, so 2-4 goes with the 5."""
    d = play(f"2-1 4-2 {CHONG} 3-2")
    assert_hands(d, f"2-1 {CHONG}", "4-2 3-2")


@pytest.mark.parametrize("others", [f"{LOOK} {GOR}", f"{CHONG} 6-6", f"{LOOK} {LOOK}",
                                    f"{CHONG} 6-1"])
def test_australian_3_keep_gee_joon_without_high_6_and_6_5_4(others: str) -> None:
    """3. The Gee Joon row needs High 6 (3-3) with a 6, 5 or 4: otherwise the pair stays."""
    d = play(f"2-1 4-2 {others}")
    assert kept_together(d, "2-1", "4-2")


@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("nine", NINES)
@pytest.mark.parametrize("other", [*EIGHTS, *SEVENS, *SIXES, *FIVES, *FOURS])
def test_australian_3_split_teen_day_with_9_and_8_7_6_5_4(td: str, nine: str, other: str) -> None:
    """3. "Teen (Twelve) or Day (Two) with 9 and 8, 7, 6, 5, 4": a Wong and the other
    Teen/Day with the 8, 7, 6, 5 or 4."""
    d = play(f"{td} {td} {nine} {other}")
    assert_hands(d, f"{td} {nine}", f"{td} {other}")
    assert d.setting.high_value.kind == "wong"
    assert d.rule.text == "australian 3: split Teen/Day with 9 and 8, 7, 6, 5, 4"


@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("eight,other", [
    *[(e, o) for e in EIGHTS for o in [*SEVENS, *SIXES, *FIVES, *FOURS]],
    (YUN, "6-2"), (YUN, "5-3"),
])
def test_australian_3_split_teen_day_with_8_and_8_7_6_5_4(td: str, eight: str, other: str) -> None:
    """3. "Teen (Twelve) or Day (Two) with 8 and 8, 7, 6, 5, 4": a Gong and the other
    Teen/Day with the 8, 7, 6, 5 or 4 (two eights: Yun and a Chop Bot, two Gongs)."""
    d = play(f"{td} {td} {eight} {other}")
    assert not kept_together(d, td, td)
    assert d.setting.high_value.kind == "gong"
    assert d.rule.text == "australian 3: split Teen/Day with 8 and 8, 7, 6, 5, 4"


@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("seven,other", [
    *[(s, o) for s in SEVENS for o in [*SIXES, *FIVES, *FOURS]],
    (TIT, "4-3"), (TIT, "5-2"),
])
def test_australian_3_split_teen_day_with_7_and_7_6_5_4(td: str, seven: str, other: str) -> None:
    """3. "Teen (Twelve) or Day (Two) with 7 and 7, 6, 5, 4": a high nine and the other
    Teen/Day with the 7, 6, 5 or 4."""
    d = play(f"{td} {td} {seven} {other}")
    assert not kept_together(d, td, td)
    assert d.setting.high_value.name == "high nine"
    assert d.rule.text == "australian 3: split Teen/Day with 7 and 7, 6, 5, 4"


@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("gee", GEE)
@pytest.mark.parametrize("big,kind", [("6-3", "Wong"), (YUN, "Gong"), (TIT, "high nine")])
def test_australian_3_teen_day_rows_read_gee_joon_as_a_6(td: str, gee: str, big: str,
                                                         kind: str) -> None:
    """3. Reading: in the Teen/Day rows "6" includes a Gee Joon tile, which with Teen or Day
    scores 8 exactly like a 6 (and is Luger's "God w/ 7, 8, 9")."""
    d = play(f"{td} {td} {big} {gee}")
    assert not kept_together(d, td, td)
    assert d.setting.low_value.points == 8
    assert kind in d.setting.high_value.name


@pytest.mark.parametrize("hand", [
    f"{TEEN} {TEEN} {CHONG} {LOOK}", f"{TEEN} {TEEN} 6-3 {FOO}", f"{DAY} {DAY} 3-2 {GOR}",
    f"{TEEN} {TEEN} 2-1 3-2", f"{DAY} {DAY} {TEEN} 6-3", f"{TEEN} {TEEN} {MOOY} 6-3",
])
def test_australian_3_keep_teen_day_when_no_row_matches(hand: str) -> None:
    """3. The table lists when to split; a Teen or Day pair it does not list stays together."""
    d = play(hand)
    assert d.setting.high_value.kind == "pair"
    assert d.rule.text.startswith("australian 3: keep the pair of")


def test_australian_3_split_chap_gow_nines_with_teen_and_day() -> None:
    """3. "Chap Gow (Nines) with Teen and Day": a Teen Wong and a Day Wong."""
    d = play(f"6-3 5-4 {TEEN} {DAY}")
    assert d.setting.high_value.name == "Teen Wong" and d.setting.low_value.name == "Day Wong"
    assert d.rule.text == "australian 3: split Chap Gow (nines) with Teen and Day"


@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("ten", TENS)
def test_australian_3_split_chap_gow_nines_with_teen_day_and_10(td: str, ten: str) -> None:
    """3. "Chap Gow (Nines) with Teen/Day and 10": a Wong and 9 + 10 = 9."""
    d = play(f"6-3 5-4 {td} {ten}")
    assert d.setting.high_value.kind == "wong" and d.setting.low_value.points == 9
    assert d.rule.text == "australian 3: split Chap Gow (nines) with Teen/Day and 10"


def test_australian_3_split_chap_gow_nines_with_10_and_10() -> None:
    """3. "Chap Gow (Nines) with 10 and 10" (Mooy and Ping: two Mooy would be two pairs):
    9 and 9."""
    d = play(f"6-3 5-4 {MOOY} {PING}")
    assert_points(d, 9, 9)
    assert d.rule.text == "australian 3: split Chap Gow (nines) with 10 and 10"


@pytest.mark.parametrize("eights", [f"{YUN} {YUN}", "6-2 5-3"])
def test_australian_3_split_yun_and_chap_paat_eights_with_teen_and_day(eights: str) -> None:
    """3. "Yun and Chap Paat (Eights) with Teen and Day": a Teen Gong and a Day Gong."""
    d = play(f"{eights} {TEEN} {DAY}")
    assert d.setting.high_value.name == "Teen Gong" and d.setting.low_value.name == "Day Gong"
    assert d.rule.text == "australian 3: split Yun and Chap Paat (eights) with Teen and Day"


@pytest.mark.parametrize("eights", [f"{YUN} {YUN}", "6-2 5-3"])
@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("other,low", [(FOO, 9), (MOOY, 8), (PING, 8)])
def test_australian_3_split_eights_with_teen_day_and_11_10(eights: str, td: str, other: str,
                                                           low: int) -> None:
    """3. "Yun and Chap Paat (Eights) with Teen/Day and 11, 10": a Gong and 8 + 11 = 9 or
    8 + 10 = 8."""
    d = play(f"{eights} {td} {other}")
    assert d.setting.high_value.kind == "gong" and d.setting.low_value.points == low
    assert d.rule.text == "australian 3: split Yun and Chap Paat (eights) with Teen/Day and 11, 10"


@pytest.mark.parametrize("eights", [f"{YUN} {YUN}", "6-2 5-3"])
def test_australian_3_split_eights_with_10_and_11_10(eights: str) -> None:
    """3. "Yun and Chap Paat (Eights) with 10 and 11, 10" and "10 and 10": 8 + 11 = 9 and
    8 + 10 = 8; with Mooy and Ping, 8 and 8."""
    for ten in TENS:
        d = play(f"{eights} {ten} {FOO}")
        assert_points(d, 8, 9)
        assert d.rule.text == "australian 3: split Yun and Chap Paat (eights) with 10 and 11, 10"
    d = play(f"{eights} {MOOY} {PING}")
    assert_points(d, 8, 8)
    assert d.rule.text == "australian 3: split Yun and Chap Paat (eights) with 10 and 10"


@pytest.mark.parametrize("eights", [f"{YUN} {YUN}", "6-2 5-3"])
@pytest.mark.parametrize("nine", NINES)
def test_australian_3_split_eights_with_11_and_9(eights: str, nine: str) -> None:
    """3. "Yun and Chap Paat (Eights) with 11 and 9": 8 + 11 = 9 and 8 + 9 = 7."""
    d = play(f"{eights} {FOO} {nine}")
    assert_points(d, 7, 9)
    assert d.rule.text == "australian 3: split Yun and Chap Paat (eights) with 11 and 9"


@pytest.mark.parametrize("sevens", [f"{TIT} {TIT}", "4-3 5-2"])
@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("other,low", [(FOO, 8), (MOOY, 7), (PING, 7)])
def test_australian_3_split_sevens_with_teen_day_and_11_10(sevens: str, td: str, other: str,
                                                           low: int) -> None:
    """3. "Ko Kiok Chaat and Chap ... Chaat (Sevens) with Teen/Day and 11, 10": a high nine
    and 7 + 11 = 8 or 7 + 10 = 7."""
    d = play(f"{sevens} {td} {other}")
    assert d.setting.high_value.name == "high nine" and d.setting.low_value.points == low
    assert d.rule.text.endswith("(sevens) with Teen/Day and 11, 10")


@pytest.mark.parametrize("sevens", [f"{TIT} {TIT}", "4-3 5-2"])
def test_australian_3_split_sevens_with_teen_and_day(sevens: str) -> None:
    """3. Reading: the words "Teen and Day" inside the garbled sevens label ("Chap Teen and
    Day Chaat") are the row "Teen and Day" of the nines and eights: two high nines."""
    d = play(f"{sevens} {TEEN} {DAY}")
    assert_points(d, 9, 9)
    assert d.setting.high_value.name == d.setting.low_value.name == "high nine"
    assert d.rule.text.endswith("(sevens) with Teen and Day")


@pytest.mark.parametrize("hand", [
    f"{YUN} {YUN} {TEEN} 3-2", f"{TIT} {TIT} {TEEN} {YUN}", "6-3 5-4 6-6 3-2",
    "6-2 5-3 2-2 1-3", "2-1 4-2 6-6 6-3",
])
def test_australian_3_keep_other_pairs_no_row_matches(hand: str) -> None:
    """3. A Gee Joon, nines, eights or sevens pair the table does not list stays together,
    even beside a Wong or Gong (the pair is the "higher play" of clause 4)."""
    d = play(hand)
    assert d.setting.high_value.kind == "pair"
    assert d.rule.text.startswith("australian 3: keep the pair of")


# -- clauses 4 and 5 -----------------------------------------------------------------------

@pytest.mark.parametrize("hand,high,low,low_points", [
    (f"{TEEN} 6-3 {MOOY} {PING}", f"{TEEN} 6-3", f"{MOOY} {PING}", 0),
    (f"{DAY} {YUN} {FOO} {MOOY}", f"{DAY} {YUN}", f"{FOO} {MOOY}", 1),
    (f"{TEEN} {TIT} {PING} {FOO}", f"{TEEN} {TIT}", f"{PING} {FOO}", 1),
])
def test_australian_4_1_always_play_wong_gong_high_nine_even_at_expense_of_low_hand(
    hand: str, high: str, low: str, low_points: int
) -> None:
    """4. "If no higher play is possible, always play Wong, Gong or High Nine. Even at the
    expense of the low hand." (Teen 5-5 6-4 9 could be 2 and 9; the Wong is played.)"""
    d = play(hand)
    assert_hands(d, high, low)
    assert d.setting.low_value.points == low_points
    assert d.rule.text.startswith("australian 4.1:")


@pytest.mark.parametrize("hand,high", [
    (f"{TEEN} {TIT} 6-3 3-2", f"{TEEN} {TIT}"),     # High Nine instead of Wong
    (f"{TEEN} {TIT} {YUN} {MOOY}", f"{TEEN} {TIT}"),  # High Nine instead of Gong
    (f"{DAY} {YUN} 5-4 {PING}", f"{DAY} {YUN}"),      # Gong instead of Wong
    (f"{DAY} 4-3 6-2 6-3", f"{DAY} 4-3"),             # High Nine of the three
])
def test_australian_4_2_play_high_nine_instead_of_gong_or_wong_and_gong_instead_of_wong(
    hand: str, high: str
) -> None:
    """4. "Play High Nine instead of Gong or Wong and Gong instead of Wong when given a
    choice.\""""
    d = play(hand)
    assert hand_is(d.setting.high, high), str(d.setting)
    assert d.rule.text.startswith("australian 4.2:")


@pytest.mark.parametrize("hand,high,low", [
    (f"{TEEN} {DAY} 6-3 3-2", f"{TEEN} 6-3", f"{DAY} 3-2"),
    (f"{TEEN} {DAY} 6-3 {YUN}", f"{TEEN} 6-3", f"{DAY} {YUN}"),
    (f"{TEEN} {DAY} {TIT} {YUN}", f"{TEEN} {YUN}", f"{DAY} {TIT}"),
    (f"{TEEN} {DAY} 5-3 {GOR}", f"{TEEN} 5-3", f"{DAY} {GOR}"),
])
def test_australian_4_3_teen_and_day_play_the_teen_on_the_high_hand(hand: str, high: str,
                                                                      low: str) -> None:
    """4. "When given a choice of playing a Wong, Gong or High Nine with a Teen and Day, play
    the Teen on the high hand.\""""
    d = play(hand)
    assert_hands(d, high, low)
    assert d.rule.text.startswith("australian 4.3:")


@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("four", FOURS)
def test_australian_5_1_play_gong_over_high_nine_when_fourth_tile_is_four(td: str,
                                                                          four: str) -> None:
    """5. "Play Gong over High Nine when the fourth tile is four.\""""
    d = play(f"{td} {TIT} {YUN} {four}")
    assert_hands(d, f"{td} {YUN}", f"{TIT} {four}")
    assert d.setting.high_value.kind == "gong"
    assert d.rule.text.startswith("australian 5.1:")


@pytest.mark.parametrize("td", TD)
@pytest.mark.parametrize("other", [YUN, "5-3", TIT, "5-2"])
def test_australian_5_2_play_wong_over_gong_or_high_nine_when_fourth_tile_is_eleven(
    td: str, other: str
) -> None:
    """5. "Play Wong over Gong or High Nine when the fourth tile is eleven.\""""
    d = play(f"{td} 6-3 {other} {FOO}")
    assert_hands(d, f"{td} 6-3", f"{other} {FOO}")
    assert d.setting.high_value.kind == "wong"
    assert d.rule.text.startswith("australian 5.2:")


# -- clause 6 ------------------------------------------------------------------------------

def test_australian_6_1_bring_hands_close_together_seed_example() -> None:
    """6. "Bring the low hand and the high hand as close together as possible": the seed's
    [5-6],[3-2],[6-4],[4-3] are 1-2, 6-7 or 5-8; 6 and 7 are closest (the seed's option B)."""
    d = play("5-6 3-2 6-4 4-3")
    assert_hands(d, "6-4 4-3", "6-5 3-2")
    assert_points(d, 6, 7)
    assert d.rule.text.startswith("australian 6.1:")


def test_australian_6_1_unless_they_can_be_set_to_a_higher_value() -> None:
    """6. "... as close together as possible unless they can be set to a higher value":
    4-4 1-3 5-5 6-5 is 1 and 2 (closest), 5 and 8, or 4 and 9; 5 and 8 is higher in both
    hands than 1 and 2, and closer than 4 and 9."""
    d = play(f"{YUN} {GOR} {MOOY} {FOO}")
    assert_points(d, 5, 8)
    assert_hands(d, f"{YUN} {MOOY}", f"{GOR} {FOO}")


def test_australian_6_2_high_hand_seven_or_less_high_tile_on_low_hand() -> None:
    """6. "If the high hand is seven or less play the high tile on the low hand when given a
    choice": 4-4 3-3 2-2 6-2 plays 2 and 4 two ways; Yun (the high tile) goes low."""
    d = play(f"{YUN} {CHONG} {BON} 6-2")
    assert_points(d, 2, 4)
    assert_hands(d, f"{CHONG} 6-2", f"{YUN} {BON}")
    assert d.rule.text.startswith("australian 6.2:")


def test_australian_6_3_high_hand_eight_or_better_high_tile_on_high_hand() -> None:
    """6. "If the high hand is eight or better play the high tile on the high hand when given
    a choice": 4-4 5-5 6-5 6-2 plays 8 and 9 two ways; Yun goes high."""
    d = play(f"{YUN} {MOOY} {FOO} 6-2")
    assert_points(d, 8, 9)
    assert_hands(d, f"{YUN} {FOO}", f"{MOOY} 6-2")
    assert d.rule.text.startswith("australian 6.3:")


def test_australian_6_4_do_not_play_the_two_highest_tiles_on_the_same_hand() -> None:
    """6. "Where possible do not play the two highest tiles on the same hand": 6-6 1-3 2-2 6-5
    plays 5 and 6 with the Teen high either way; Teen and Gor are kept apart."""
    d = play(f"{TEEN} {GOR} {BON} {FOO}")
    assert_points(d, 5, 6)
    assert_hands(d, f"{TEEN} {BON}", f"{GOR} {FOO}")
    assert d.rule.text.startswith("australian 6.4:")


# -- clause 7: the exception hands ---------------------------------------------------------
# Each case: the seed's line, the hands it covers (all tile choices its words allow), the
# stated points (low, high) for each, and the tile stated on the high or low hand if any.

Case = tuple[list[str], int, int]


def _hands(*groups: list[str]) -> list[list[str]]:
    return [list(h) for h in product(*groups)]


def _check_exception(number: int, cases: list[Case], *, high_has: str | None = None,
                     low_has: str | None = None, way: AustralianHouseWay = WAY) -> None:
    assert cases
    for hand, low, high in cases:
        d = play(hand, way)
        assert_points(d, low, high)
        if high_has:
            assert parse_tiles(high_has)[0] in d.setting.high, (hand, str(d.setting))
        if low_has:
            assert parse_tiles(low_has)[0] in d.setting.low, (hand, str(d.setting))
        if way is WAY:
            assert d.rule.text.startswith(f"australian 7.{number}:"), (hand, d.rule.text)


def _cases_7_1() -> list[Case]:
    return [(h, 0, 8) for h in _hands([MOOY], [PING], SIXES, TD)]


def _cases_7_2() -> list[Case]:
    return ([(h, 0, 8) for h in _hands([MOOY], [PING], [FOO], SEVENS)]
            + [(h, 0, 9) for h in _hands([MOOY], [PING], [FOO], EIGHTS)])


def _cases_7_3() -> list[Case]:
    return [(h, 7, 9) for h in _hands([YUN], [MOOY], [FOO], SEVENS)]


def _cases_gee(fourth: list[str], low: int) -> list[Case]:
    return [(h, low, 9) for h in _hands([CHONG], FIVES, GEE, fourth)]


def test_australian_7_high10_low10_any6_with_2_or_12_play_0_and_8() -> None:
    """7. "High 10. Low 10, any 6 with 2 or 12. Play 0 and 8\""""
    _check_exception(1, _cases_7_1())


def test_australian_7_high10_low10_11_any_7_or_8_play_0_and_8_or_0_and_9() -> None:
    """7. "High 10, Low 10, 11 any 7 or 8. Play 0 and 8 or 0 and 9" (0 and 8 with a 7, 0 and 9
    with an 8: 11 + 7 = 8, 11 + 8 = 9, 10 + 10 = 0)"""
    _check_exception(2, _cases_7_2())


def test_australian_7_high8_high10_11_any7_play_7_and_9() -> None:
    """7. "High 8, High 10, 11 any 7. Play 7 and 9" (and the formulation's last line)"""
    _check_exception(3, _cases_7_3())


def test_australian_7_high6_5_gee_joon_any_2_or_12_play_7_and_9() -> None:
    """7. "High 6, 5, Gee Joon any 2 or 12. Play 7 and 9\""""
    _check_exception(4, _cases_gee(TD, 7), high_has=CHONG)


def test_australian_7_high6_5_gee_joon_any_7_play_2_and_9() -> None:
    """7. "High 6, 5, Gee Joon any 7. Play 2 and 9\""""
    _check_exception(5, _cases_gee(SEVENS, 2), high_has=CHONG)


def test_australian_7_high6_5_gee_joon_any_8_play_3_and_9() -> None:
    """7. "High 6, 5, Gee Joon any 8. Play 3 and 9\""""
    _check_exception(6, _cases_gee(EIGHTS, 3), high_has=CHONG)


def test_australian_7_high6_5_gee_joon_any_10_play_5_and_9() -> None:
    """7. "High 6, 5, Gee Joon any 10. Play 5 and 9\""""
    _check_exception(7, _cases_gee(TENS, 5), high_has=CHONG)


def test_australian_7_high6_5_gee_joon_and_11_play_6_and_9() -> None:
    """7. "High 6, 5, Gee Joon and 11. Play 6 and 9\""""
    _check_exception(8, _cases_gee([FOO], 6), high_has=CHONG)


def test_australian_7_high6_low6_5_and_gee_joon_play_1_and_9() -> None:
    """7. "High 6, Low 6, 5 and Gee Joon. Play 1 and 9" (the nine is High 6 with Gee Joon,
    as the formulation's "high 6 ranked nine" says)"""
    _check_exception(9, [(h, 1, 9) for h in _hands([CHONG], [LOOK], FIVES, GEE)],
                     high_has=CHONG)


def test_australian_7_high6_5_gee_joon_and_nine_play_4_and_9() -> None:
    """7. "High 6, 5, Gee Joon and nine. Play 4 and 9\""""
    _check_exception(10, _cases_gee(NINES, 4), high_has=CHONG)


def test_australian_7_high4_low4_5_any6_play_0_and_9() -> None:
    """7. "High 4, Low 4, 5 any 6. Play 0 and 9\""""
    _check_exception(11, [(h, 0, 9) for h in _hands([GOR], [BON], FIVES, SIXES)])


def test_australian_7_high6_low6_2_or_12_with_any_4_or_5_play_0_and_8_or_1_and_8() -> None:
    """7. "High 6, Low 6, 2 or 12 with any 4 or 5. Play 0 and 8 or 1 and 8" (0 and 8 with a 4,
    1 and 8 with a 5)"""
    _check_exception(12, [(h, 0, 8) for h in _hands([CHONG], [LOOK], TD, FOURS)]
                     + [(h, 1, 8) for h in _hands([CHONG], [LOOK], TD, FIVES)])


def test_australian_7_high4_low4_5_gee_joon_play_7_and_9_high4_on_high_hand() -> None:
    """7. "High 4, Low 4, 5, Gee Joon. Play 7 and 9 with the high 4 on the high hand\""""
    _check_exception(13, [(h, 7, 9) for h in _hands([GOR], [BON], FIVES, GEE)], high_has=GOR)


def test_australian_7_high8_low8_high6_any7_play_4_and_5_high8_on_high_hand() -> None:
    """7. "High 8, Low 8, High 6 with any 7. Play 4 and 5 with the high 8 on the high hand\""""
    _check_exception(14, [(h, 4, 5) for h in _hands([YUN], LOW8, [CHONG], SEVENS)],
                     high_has=YUN)


def test_australian_7_high8_low8_high4_any7_play_2_and_5_high8_on_high_hand() -> None:
    """7. "High 8, Low 8, High 4 with any 7. Play 2 and 5 with the high 8 on the high hand\""""
    _check_exception(15, [(h, 2, 5) for h in _hands([YUN], LOW8, [GOR], SEVENS)],
                     high_has=YUN)


def test_australian_7_high8_low8_high4_any6_play_2_and_4_high8_on_high_hand() -> None:
    """7. "High 8, Low 8, High 4 with any 6. Play 2 and 4 with the High 8 on the high hand\""""
    _check_exception(16, [(h, 2, 4) for h in _hands([YUN], LOW8, [GOR], SIXES)],
                     high_has=YUN)


def test_australian_7_high10_low10_high6_any7_play_6_and_7_high10_on_high_hand() -> None:
    """7. "High 10, Low 10, High 6 with any 7. Play 6 and 7 with the high 10 on the high
    hand\""""
    _check_exception(17, [(h, 6, 7) for h in _hands([MOOY], [PING], [CHONG], SEVENS)],
                     high_has=MOOY)


def test_australian_7_high4_high10_low4_eleven_play_4_and_5_high4_on_high_hand() -> None:
    """7. "High 4, High 10, Low 4, Eleven. Play 4 and 5 with High 4 on the high hand\""""
    _check_exception(18, [([GOR, MOOY, BON, FOO], 4, 5)], high_has=GOR)


def test_australian_7_high10_high8_low8_and_9_play_7_and_8_high8_on_low_hand() -> None:
    """7. "High 10, High 8, Low 8 and 9. Play 7 and 8 with the High 8 on the low hand\""""
    _check_exception(19, [(h, 7, 8) for h in _hands([MOOY], [YUN], LOW8, NINES)],
                     low_has=YUN)


ALL_LISTED: list[tuple[int, list[Case], str | None, str | None]] = [
    (1, _cases_7_1(), None, None),
    (2, _cases_7_2(), None, None),
    (3, _cases_7_3(), None, None),
    (4, _cases_gee(TD, 7), CHONG, None),
    (5, _cases_gee(SEVENS, 2), CHONG, None),
    (6, _cases_gee(EIGHTS, 3), CHONG, None),
    (7, _cases_gee(TENS, 5), CHONG, None),
    (8, _cases_gee([FOO], 6), CHONG, None),
    (9, [(h, 1, 9) for h in _hands([CHONG], [LOOK], FIVES, GEE)], CHONG, None),
    (10, _cases_gee(NINES, 4), CHONG, None),
    (11, [(h, 0, 9) for h in _hands([GOR], [BON], FIVES, SIXES)], None, None),
    (12, [(h, 0, 8) for h in _hands([CHONG], [LOOK], TD, FOURS)]
     + [(h, 1, 8) for h in _hands([CHONG], [LOOK], TD, FIVES)], None, None),
    (13, [(h, 7, 9) for h in _hands([GOR], [BON], FIVES, GEE)], GOR, None),
    (14, [(h, 4, 5) for h in _hands([YUN], LOW8, [CHONG], SEVENS)], YUN, None),
    (15, [(h, 2, 5) for h in _hands([YUN], LOW8, [GOR], SEVENS)], YUN, None),
    (16, [(h, 2, 4) for h in _hands([YUN], LOW8, [GOR], SIXES)], YUN, None),
    (17, [(h, 6, 7) for h in _hands([MOOY], [PING], [CHONG], SEVENS)], MOOY, None),
    (18, [([GOR, MOOY, BON, FOO], 4, 5)], GOR, None),
    (19, [(h, 7, 8) for h in _hands([MOOY], [YUN], LOW8, NINES)], None, YUN),
]


@pytest.mark.parametrize("number,cases,high_has,low_has", ALL_LISTED,
                         ids=[f"7.{n}" for n, *_ in ALL_LISTED])
def test_australian_7_alternative_formulation_gives_every_listed_hand(
    number: int, cases: list[Case], high_has: str | None, low_has: str | None
) -> None:
    """7. "The exceptions listed above may also be known as using the format outlined
    below": the formulation alone (no list) plays every listed hand as listed."""
    _check_exception(number, cases, high_has=high_has, low_has=low_has,
                     way=AustralianHouseWay(exceptions="formulation"))


@pytest.mark.parametrize("number,cases,high_has,low_has", ALL_LISTED,
                         ids=[f"7.{n}" for n, *_ in ALL_LISTED])
def test_australian_7_exceptions_override_general_play(
    number: int, cases: list[Case], high_has: str | None, low_has: str | None
) -> None:
    """7. "Exceptions to General Play": without clause 7, general play (clause 6) sets at
    least one hand of every listed line another way."""
    general = AustralianHouseWay()
    differs = False
    for hand, low, high in cases:
        s = general.general_play(parse_tiles(" ".join(hand))).setting
        points = (s.low_value.points, s.high_value.points)
        placed = (high_has is None or parse_tiles(high_has)[0] in s.high) and (
            low_has is None or parse_tiles(low_has)[0] in s.low)
        differs |= points != (low, high) or not placed
    assert differs


def test_australian_7_b1_one_on_low_hand_and_8_or_9_possible_play_it() -> None:
    """7. "If after bringing both hands closer together you have 1 on the low hand and it is
    possible to make 8 or 9 on the high hand play the eight or nine." (10 10 11 7: general
    play makes 1 and 7; 11 + 7 = 8 is possible.)"""
    d = play(f"{MOOY} {PING} {FOO} {TIT}", AustralianHouseWay(exceptions="formulation"))
    assert_points(d, 0, 8)
    assert d.rule.text.startswith("australian 7.b1:")


def test_australian_7_b2_two_on_low_hand_and_8_with_teen_or_day_play_the_8() -> None:
    """7. "If after bringing both hands closer together you have 2 on the low hand and it is
    possible to make 8 using a Teen or Day. Play the 8." Also beyond the list: Gee Joon,
    Teen, Mooy, Ping would be 2 and 6; Teen with Gee Joon makes 8."""
    d = play(f"2-1 {TEEN} {MOOY} {PING}")
    assert_points(d, 0, 8)
    assert hand_is(d.setting.high, f"2-1 {TEEN}")
    assert d.rule.text.startswith("australian 7.b2:")


def test_australian_7_b3_separate_two_of_the_first_six_without_altering_points() -> None:
    """7. "If after bringing both hands closer together you have two tiles in the first six
    rankings on the same hand and its possible to separate them without altering the point
    totals on the hands do so." Yun, Chop Bot, Chong, 7: general play puts Yun with Chong
    (4 and 5); the formulation separates them, still 4 and 5."""
    d = play(f"{YUN} 6-2 {CHONG} {TIT}", AustralianHouseWay(exceptions="formulation"))
    assert_points(d, 4, 5)
    assert not kept_together(d, YUN, CHONG)
    assert d.rule.text.startswith("australian 7.b3:")


def test_australian_7_b4_eight_with_5_gee_joon_make_high6_ranked_nine() -> None:
    """7. "If after bringing both hands closer together you have an 8 with 5, Gee Joon on
    either hand and its possible to make a high 6 ranked nine or better do so." High 6, 5,
    Gee Joon, 10: general play is 6 and 8 (5 with Gee Joon is the 8); High 6 with Gee Joon
    is a nine."""
    d = play(f"{CHONG} 3-2 2-1 {MOOY}", AustralianHouseWay(exceptions="formulation"))
    assert_points(d, 5, 9)
    assert hand_is(d.setting.high, f"{CHONG} 2-1")
    assert d.rule.text.startswith("australian 7.b4:")


def test_australian_7_b5_high8_high10_11_any7_play_7_and_9() -> None:
    """7. "High 8, High 10, 11 any 7, Play 7 and 9." — the formulation's last line."""
    d = play(f"{YUN} {MOOY} {FOO} 5-2", AustralianHouseWay(exceptions="formulation"))
    assert_points(d, 7, 9)
    assert d.rule.text.startswith("australian 7.b5:")


def test_australian_7_list_only_leaves_other_hands_to_general_play() -> None:
    """7. With ``exceptions="list"`` only the listed hands are exceptions: Gee Joon, Teen,
    Mooy, Ping (not listed) stays at general play's 2 and 6."""
    d = play(f"2-1 {TEEN} {MOOY} {PING}", AustralianHouseWay(exceptions="list"))
    assert_points(d, 2, 6)


# -- every hand ----------------------------------------------------------------------------

def test_australian_gee_joon_no_value_rules_still_set_every_clause() -> None:
    """The way takes the table's rules: under ``no_value`` a lone Gee Joon tile has no
    tie-break value, so splitting Gee Joon with High 6 and 5 may put either Gee tile with
    the 5; the points are still 9 and 8."""
    way = AustralianHouseWay(rules=TileRules("no_value"))
    d = play(f"2-1 4-2 {CHONG} 3-2", way)
    assert_points(d, 8, 9)
