"""Luger's optimal split table and Harrah's way (seed 000), cell by cell.

Each test quotes the cell it checks. "split" means each tile of the pair goes with one of the
two other tiles; "keep" means the pair is played together.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paigow.tiles.tile import parse_tiles
from paigow.tiles.ways import Decision, TileWay
from paigow.tiles.ways.australian import AustralianHouseWay
from paigow.tiles.ways.split_tables import (
    HarrahsWay,
    LugerBankerWay,
    LugerPlayerWay,
    LugerWay,
)
from paigow.ways import TILES, get_way

TEEN, DAY, YUN, GOR, MOOY, CHONG, BON, FOO, PING, TIT, LOOK = (
    "6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1",
)

BANKER, PLAYER, HARRAHS = LugerBankerWay(), LugerPlayerWay(), HarrahsWay()


def play(way: TileWay, hand: str, banking: bool = False) -> Decision:
    return way.choose(parse_tiles(hand), banking=banking)


def is_split(d: Decision, pair: tuple[str, str]) -> bool:
    """True when the two tiles of ``pair`` are in different hands."""
    want = Counter(parse_tiles(" ".join(pair)))
    return not any(Counter(h) == want for h in (d.setting.high, d.setting.low))


def splits(way: TileWay, pair: tuple[str, str], others: str, banking: bool = False) -> bool:
    return is_split(play(way, f"{pair[0]} {pair[1]} {others}", banking), pair)


def test_split_table_ways_are_registered() -> None:
    for name, cls in [("luger", LugerWay), ("luger-banker", LugerBankerWay),
                      ("luger-player", LugerPlayerWay), ("harrahs", HarrahsWay)]:
        way = get_way(name, TILES)
        assert isinstance(way, cls) and isinstance(way, TileWay) and way.name == name


# -- Luger, row by row ---------------------------------------------------------------------

GEE = ("2-1", "4-2")


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
@pytest.mark.parametrize("others,points", [
    (f"{LOOK} {GOR}", (7, 9)), (f"{CHONG} 3-2", (8, 9)), (f"{LOOK} {BON}", (7, 9)),
    (f"{CHONG} {LOOK}", (9, 9)),
])
def test_luger_gee_joon_any_6_with_4_5_6_make_9_7_or_better(way: TileWay, others: str,
                                                            points: tuple[int, int]) -> None:
    """Gee Joon (3/6): "Any 6 w/ 4, 5, 6 i.e., make a 9-7 or better" / "SAME"."""
    d = play(way, f"2-1 4-2 {others}")
    assert is_split(d, GEE)
    assert (d.setting.low_value.points, d.setting.high_value.points) == points
    assert "split with Any 6 w/ 4, 5, 6" in d.rule.text


@pytest.mark.parametrize("others", [f"{TEEN} {LOOK}", f"{DAY} {CHONG}", f"{GOR} 3-2",
                                    f"{TEEN} 6-3"])
def test_luger_gee_joon_the_gloss_9_7_or_better_adds_no_hands(others: str) -> None:
    """Gee Joon: reading: "i.e., make a 9-7 or better" explains the cell; Teen with a 6 would
    make 9-8 but is not "Any 6 w/ 4, 5, 6", and the pair stays."""
    assert not splits(BANKER, GEE, others) and not splits(PLAYER, GEE, others)


HEAVEN_EARTH_SPLITS = [
    ("God w/ 7, 8, 9", "2-1 6-1"), ("God w/ 7, 8, 9", "4-2 6-2"), ("God w/ 7, 8, 9", "2-1 5-4"),
    ("4 w/ 6, 7, 8, 9", f"{GOR} {LOOK}"), ("4 w/ 6, 7, 8, 9", f"{BON} 4-3"),
    ("4 w/ 6, 7, 8, 9", f"{GOR} {YUN}"), ("4 w/ 6, 7, 8, 9", f"{BON} 6-3"),
    ("(6 or 7) w/ 5, 6, 7, 8, 9", f"{CHONG} 3-2"), ("(6 or 7) w/ 5, 6, 7, 8, 9", f"{CHONG} {LOOK}"),
    ("(6 or 7) w/ 5, 6, 7, 8, 9", f"{LOOK} 5-2"), ("(6 or 7) w/ 5, 6, 7, 8, 9", f"{TIT} 4-1"),
    ("(6 or 7) w/ 5, 6, 7, 8, 9", f"{TIT} 4-3"), ("(6 or 7) w/ 5, 6, 7, 8, 9", f"{TIT} 5-3"),
    ("(6 or 7) w/ 5, 6, 7, 8, 9", f"{LOOK} 5-4"),
    ("8 w/ 5, 8", f"{YUN} 3-2"), ("8 w/ 5, 8", f"{YUN} 6-2"), ("8 w/ 5, 8", "5-3 4-1"),
    ("MIXED 8 w/ 9", "6-2 6-3"), ("MIXED 8 w/ 9", "5-3 5-4"),
    ("9 w/ 5, 11", "6-3 3-2"), ("9 w/ 5, 11", f"5-4 {FOO}"),
]


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
@pytest.mark.parametrize("pair", [TEEN, DAY])
@pytest.mark.parametrize("cell,others", HEAVEN_EARTH_SPLITS,
                         ids=[f"{c}|{o}" for c, o in HEAVEN_EARTH_SPLITS])
def test_luger_heaven_earth_cells(way: TileWay, pair: str, cell: str, others: str) -> None:
    """Hev. and Earth (2 or 12): "God w/ 7, 8, 9 / 4 w/ 6, 7, 8, 9 / (6 or 7) w/ 5, 6, 7, 8, 9
    / 8 w/ 5, 8 / MIXED 8 w/ 9 / 9 w/ 5, 11" / "SAME" ("God" read as Gee: a Gee Joon tile)."""
    d = play(way, f"{pair} {pair} {others}")
    assert is_split(d, (pair, pair))
    assert d.rule.text.endswith(f"Hev. and Earth, split with {cell}")


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
@pytest.mark.parametrize("others", [
    f"{YUN} 6-3",        # only a MIXED 8 is split with a 9
    f"{GOR} {BON}", f"{GOR} 3-2", "2-1 3-2", "2-1 1-3", "2-1 5-1",   # 6-6, 6-7, 8-7, 8-6, 8-8
    f"6-3 {MOOY}", f"{DAY} 6-3",
])
def test_luger_heaven_earth_not_listed_keep_the_pair(way: TileWay, others: str) -> None:
    """Hev. and Earth: "This is almost splitting to make a 6-8 or better, but that's not quite
    perfect": hands no cell lists stay together (Yun with a 9, Gee with 4, 5 or 6...)."""
    assert not splits(way, (TEEN, TEEN), others)


MAN_SPLITS = [
    ("(2, 10, 12) w/ 10 or 11", f"{DAY} {MOOY}"), ("(2, 10, 12) w/ 10 or 11", f"{DAY} {FOO}"),
    ("(2, 10, 12) w/ 10 or 11", f"{TEEN} {PING}"), ("(2, 10, 12) w/ 10 or 11", f"{MOOY} {PING}"),
    ("(2, 10, 12) w/ 10 or 11", f"{PING} {FOO}"),
    ("2 w/ 12", f"{DAY} {TEEN}"), ("9 w/ 11", f"6-3 {FOO}"),
]


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
@pytest.mark.parametrize("cell,others", MAN_SPLITS, ids=[f"{c}|{o}" for c, o in MAN_SPLITS])
def test_luger_man_cells(way: TileWay, cell: str, others: str) -> None:
    """Man (8): "(2, 10, 12) w/ 10 or 11 / 2 w/ 12 / 9 w/ 11" / "SAME"."""
    d = play(way, f"{YUN} {YUN} {others}")
    assert is_split(d, (YUN, YUN))
    assert d.rule.text.endswith(f"Man, split with {cell}")


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
@pytest.mark.parametrize("pair,name", [(GOR, "Goose"), (MOOY, "Flower"), (BON, "Board"),
                                       (FOO, "Hatchet"), (PING, "P'ttn")])
@pytest.mark.parametrize("others", [f"{TEEN} {DAY}", f"{TEEN} 6-3", f"{DAY} {TIT}"])
def test_luger_never_split_goose_flower_board_hatchet_pttn(way: TileWay, pair: str, name: str,
                                                           others: str) -> None:
    """Goose (4), Flower (10), Board (4), Hatchet (11), P'ttn (10): "NEVER" / "NEVER"."""
    d = play(way, f"{pair} {pair} {others}")
    assert not is_split(d, (pair, pair))
    assert d.rule.text.endswith(f"{name}, NEVER split: keep the pair")


@pytest.mark.parametrize("others", [f"{TEEN} {DAY}", f"{TEEN} {FOO}", f"{DAY} {FOO}"])
def test_luger_long_banker_2_12_with_2_11_12_player_never(others: str) -> None:
    """Long (6): banker "(2, 12) w/ (2, 11, 12)"; player "NEVER"."""
    assert splits(BANKER, (CHONG, CHONG), others)
    assert not splits(PLAYER, (CHONG, CHONG), others)


def test_luger_long_leg_seven_banker_and_player_cells() -> None:
    """Long Leg Seven: banker "2 and 12 / (2, 12) w/ (10, 11) / 10 and 11"; player "2 and 12
    / (2, 12) w/ (10, 11) / FLOWER 10 and 11"."""
    pair = (TIT, TIT)
    for others in (f"{DAY} {TEEN}", f"{TEEN} {PING}", f"{DAY} {FOO}", f"{MOOY} {FOO}"):
        assert splits(BANKER, pair, others) and splits(PLAYER, pair, others)
    assert splits(BANKER, pair, f"{PING} {FOO}")
    assert not splits(PLAYER, pair, f"{PING} {FOO}")      # only the FLOWER 10 for the player
    assert not splits(BANKER, pair, f"{MOOY} {PING}")


def test_luger_big_head_six_banker_and_player_cells() -> None:
    """Big Head Six: banker "2 and 12 / (2, 12) w/ (FLOWER 10, 11)"; player "2 and 12"."""
    pair = (LOOK, LOOK)
    assert splits(BANKER, pair, f"{TEEN} {DAY}") and splits(PLAYER, pair, f"{TEEN} {DAY}")
    for others in (f"{TEEN} {MOOY}", f"{DAY} {FOO}"):
        assert splits(BANKER, pair, others) and not splits(PLAYER, pair, others)
    assert not splits(BANKER, pair, f"{TEEN} {PING}")    # Ping is no FLOWER 10


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
def test_luger_mixed_nine_2_and_12_10_with_2_12_unpaired_10s(way: TileWay) -> None:
    """Mixed Nine: "2 and 12 / 10 w/ 2, 12 / Unpaired 10's" / "SAME"."""
    pair = ("6-3", "5-4")
    for others in (f"{TEEN} {DAY}", f"{MOOY} {DAY}", f"{PING} {TEEN}", f"{MOOY} {PING}"):
        assert splits(way, pair, others)
    assert not splits(way, pair, f"{MOOY} {FOO}")
    d = play(way, f"6-3 5-4 {MOOY} {MOOY}")               # paired 10s: two pairs
    assert d.setting.low_value.kind == "pair"


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
def test_luger_mixed_eight_2_and_12_2_10_12_with_10_11_9_and_11(way: TileWay) -> None:
    """Mixed Eight: "2 and 12 / (2, 10, 12) w/ 10, 11 / 9 and 11" / "SAME"."""
    pair = ("6-2", "5-3")
    for others in (f"{TEEN} {DAY}", f"{DAY} {PING}", f"{TEEN} {FOO}", f"{MOOY} {PING}",
                   f"{PING} {FOO}", f"6-3 {FOO}"):
        assert splits(way, pair, others)
    assert not splits(way, pair, f"6-3 {MOOY}")


@pytest.mark.parametrize("way", [BANKER, PLAYER], ids=["banker", "player"])
def test_luger_mixed_seven_2_and_12_2_10_12_with_10_11(way: TileWay) -> None:
    """Mixed Seven: "2 and 12 / (2, 10, 12) w/ 10, 11" / "SAME" (no "9 and 11")."""
    pair = ("4-3", "5-2")
    for others in (f"{TEEN} {DAY}", f"{DAY} {PING}", f"{TEEN} {FOO}", f"{MOOY} {PING}",
                   f"{PING} {FOO}"):
        assert splits(way, pair, others)
    assert not splits(way, pair, f"6-3 {FOO}")


def test_luger_mixed_five_banker_2_and_12_player_never() -> None:
    """Mixed Five: banker "2 and 12"; player "NEVER"."""
    pair = ("3-2", "4-1")
    assert splits(BANKER, pair, f"{TEEN} {DAY}")
    assert not splits(PLAYER, pair, f"{TEEN} {DAY}")


@pytest.mark.parametrize("way", [BANKER, PLAYER, HARRAHS], ids=["banker", "player", "harrahs"])
@pytest.mark.parametrize("hand", [f"{YUN} {YUN} {MOOY} {MOOY}", f"{TEEN} {TEEN} {TIT} {TIT}",
                                  f"2-1 4-2 {CHONG} {CHONG}", "6-2 5-3 6-4 6-4"])
def test_tables_two_pairs_play_two_pairs(way: TileWay, hand: str) -> None:
    """Reading: the cells name two unpaired tiles (Luger's "Unpaired 10's"): a hand of two
    pairs plays both pairs, never a split like Man "10 w/ 10" with two Mooy."""
    d = play(way, hand)
    assert d.setting.high_value.kind == d.setting.low_value.kind == "pair"


@pytest.mark.parametrize("way", [BANKER, PLAYER, HARRAHS, LugerWay()],
                         ids=["banker", "player", "harrahs", "luger"])
@pytest.mark.parametrize("hand", ["6-5 3-2 6-4 4-3", f"{TEEN} 6-3 {MOOY} {PING}",
                                  f"{MOOY} {PING} {CHONG} {TIT}"])
def test_tables_without_a_pair_play_the_australian_house_way(way: TileWay, hand: str) -> None:
    """RULES.md 1.7: "For hands without a pair these tables say nothing: use the house way's
    general play and say so.\""""
    d = play(way, hand)
    house = AustralianHouseWay().choose(parse_tiles(hand))
    assert d.setting.same_way(house.setting)
    assert "no pair, the table is silent" in d.rule.text and house.rule.text in d.rule.text


def test_luger_way_uses_banker_column_when_banking_else_player() -> None:
    """Luger's table has a Banker and a Player column: ``luger`` picks by ``banking``."""
    way, hand = LugerWay(), f"{CHONG} {CHONG} {TEEN} {DAY}"
    assert splits(way, (CHONG, CHONG), f"{TEEN} {DAY}", banking=True)
    assert not splits(way, (CHONG, CHONG), f"{TEEN} {DAY}", banking=False)
    assert play(way, hand, True).rule.text.startswith("luger (banker column)")
    assert play(way, hand, False).rule.text.startswith("luger (player column)")


# -- Harrah's ------------------------------------------------------------------------------

@pytest.mark.parametrize("others,luger,harrahs", [
    ("4-2 1-3", False, True),       # Gee with 4: 6 and 8
    ("2-1 3-2", False, True),       # Gee with 5: 7 and 8
    (f"{YUN} 6-3", False, True),    # Gong and Wong, but Luger splits only a MIXED 8 with 9
    (f"6-3 {FOO}", True, False),    # Luger's "9 w/ 11": Wong and 3 is not 6-8
    (f"{GOR} 3-2", False, False),   # 6 and 7
    (f"{GOR} {LOOK}", True, True),  # 6 and 8
])
def test_harrahs_1_split_heaven_or_earth_to_make_6_8_or_better(others: str, luger: bool,
                                                               harrahs: bool) -> None:
    """Harrah's 1: "They split Heaven or Earth to make 6-8 or better" (low hand 6 or more,
    high hand 8 or more; a Gong or Wong is better than 8)."""
    for pair in (TEEN, DAY):
        assert splits(BANKER, (pair, pair), others) is luger
        assert splits(HARRAHS, (pair, pair), others) is harrahs
    assert play(HARRAHS, f"{TEEN} {TEEN} {others}").rule.text.startswith("harrahs 1:")


def test_harrahs_2_split_sevens_as_2_12_with_2_10_11_12() -> None:
    """Harrah's 2: "They split Sevens as (2, 12) w/ 2, 10, 11, 12" — so not Luger's banker
    "10 and 11" (Long Leg Seven) nor "(2, 10, 12) w/ 10, 11" without a Teen or Day."""
    for pair in [(TIT, TIT), ("4-3", "5-2")]:
        for others in (f"{TEEN} {DAY}", f"{TEEN} {PING}", f"{DAY} {MOOY}", f"{TEEN} {FOO}"):
            assert splits(HARRAHS, pair, others)
        assert splits(BANKER, pair, f"{PING} {FOO}")
        assert not splits(HARRAHS, pair, f"{PING} {FOO}")
    assert splits(BANKER, ("4-3", "5-2"), f"{MOOY} {PING}")
    assert not splits(HARRAHS, ("4-3", "5-2"), f"{MOOY} {PING}")
    assert play(HARRAHS, f"{TIT} {TIT} {TEEN} {DAY}").rule.text.startswith("harrahs 2:")


@pytest.mark.parametrize("pair,others", [
    ((CHONG, CHONG), f"{TEEN} {DAY}"), ((LOOK, LOOK), f"{TEEN} {MOOY}"),
    ((LOOK, LOOK), f"{TEEN} {DAY}"), (("3-2", "4-1"), f"{TEEN} {DAY}"),
])
def test_harrahs_3_never_split_long_big_head_six_or_mixed_five(pair: tuple[str, str],
                                                               others: str) -> None:
    """Harrah's 3: "They never split Long, Big Head Six, or the Mixed Five" (Luger's banker
    column splits each of these hands)."""
    assert splits(BANKER, pair, others)
    assert not splits(HARRAHS, pair, others)
    assert play(HARRAHS, f"{pair[0]} {pair[1]} {others}").rule.text.startswith("harrahs 3:")


def test_harrahs_otherwise_plays_luger_banker_column_banking_or_not() -> None:
    """Harrah's "uses the optimal strategy as given above, except" its three points: the
    other rows are Luger's banker column, and a house way is the same whoever banks."""
    for hand in (f"{YUN} {YUN} {MOOY} {PING}", "6-3 5-4 5-5 6-4", f"{YUN} {YUN} {TEEN} 6-3",
                 f"2-1 4-2 {LOOK} {GOR}"):
        h = parse_tiles(hand)
        assert HARRAHS.choose(h).setting.same_way(BANKER.choose(h).setting)
        assert HARRAHS.choose(h, banking=True).setting.same_way(HARRAHS.choose(h).setting)
