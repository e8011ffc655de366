"""House ways as files (issue 12): the format's constructs, its checks, and the seed's
Australian way written as a file, equal to the code on every hand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from paigow.analysis import tiles_tables
from paigow.errors import PaigowError
from paigow.tiles.setting import make_setting, settings
from paigow.tiles.tile import parse_tiles
from paigow.tiles.ways import _cache
from paigow.tiles.ways.australian import AustralianHouseWay
from paigow.tiles.ways.split_tables import HarrahsWay
from paigow.tiles.ways.way_file import (
    SHIPPED_DIR,
    FileWay,
    WayFileError,
    load_way_file,
    read_way_text,
    shipped_way_files,
)
from paigow.ways import TILES, get_way

AUSTRALIAN = SHIPPED_DIR / "australian.toml"


def way(text: str) -> FileWay:
    return read_way_text(text, "test.toml", use_cache=False)


def sets(w: FileWay, tiles: str, banking: bool = False) -> tuple[str, str]:
    s = w.choose(parse_tiles(tiles), banking).setting
    return " ".join(sorted(map(str, s.high))), " ".join(sorted(map(str, s.low)))


# A way that uses every key and every kind of criterion; each hand below is set by hand
# (the comments work the setting out from the rules).
EVERY_CONSTRUCT = '''
[way]
name = "every construct"
title = "a test way"
source = "tests"
format = 1

[[rule]]
id = "two"
hand = "two pairs"
play = "pairs"

[[rule]]
id = "banker-split"
role = "banker"
pair = ["Teen", "Day"]
with = [["9", "any"]]
play = "split"

[[rule]]
id = "split-to-make"
pair = "Teen or Day"
require = ["pair split", "low >= 6", "high >= 8"]

[[rule]]
id = "keep"
hand = "one pair"
play = "keep"

[[rule]]
id = "listed"
tiles = ["High 10", "Low 10", "High 6", "7"]
together = ["High 10", "7"]

[[rule]]
id = "wong-first"
has = ["Teen or Day", "9"]
require = ["high is Wong, Gong or High Nine"]
prefer = ["high is Wong", "Teen in high hand"]

[[rule]]
id = "harmony"
hand = "no pair"
require = ["low >= 3 with High 4"]
prefer = ["max low", "max high"]

[[rule]]
id = "rest"
prefer = ["not beaten in both hands", "max total", "min gap",
          "high tile in low hand, else two highest tiles apart, if high <= 7",
          "high tile in high hand if high >= 8"]

[[rule]]
id = "nudge"
after = ["rest"]
chosen = ["high <= 5", "not high is High Nine"]
require = ["high > chosen high", "not points as chosen"]
prefer = ["max high"]

[[rule]]
id = "apart"
after = ["rest", "nudge"]
chosen = ["two first six together"]
require = ["points as chosen", "separate the two first six"]
'''


@pytest.fixture(scope="module")
def every() -> FileWay:
    return way(EVERY_CONSTRUCT)


def test_valid_file_of_every_construct_loads_and_reaches_its_rules(every: FileWay) -> None:
    assert every.name == "every construct" and every.title == "a test way"
    assert every.unreached == ()


def test_every_construct_two_pairs_play_the_pairs(every: FileWay) -> None:
    assert sets(every, "6-6 6-6 1-1 1-1") == ("6-6 6-6", "1-1 1-1")


def test_every_construct_role_rule_applies_only_as_banker(every: FileWay) -> None:
    # Teen Teen 9 Ping: as banker "banker-split" splits (Teen + 9 Wong, Teen + Ping 2);
    # as a player that split makes 2 and a Wong, not 6-8 or better, so the pair is kept
    assert sets(every, "6-6 6-6 6-3 6-4", banking=True) == ("6-3 6-6", "6-4 6-6")
    assert sets(every, "6-6 6-6 6-3 6-4", banking=False) == ("6-6 6-6", "6-3 6-4")
    assert every.choose(parse_tiles("6-6 6-6 6-3 6-4"), True).rule.text.startswith(
        "every construct banker-split")


def test_every_construct_split_to_make_6_8_or_better(every: FileWay) -> None:
    # Teen Teen Yun Chong: split gives Teen+Yun Gong and Teen+Chong 8: low 8 >= 6, Gong >= 8
    assert sets(every, "6-6 6-6 4-4 3-3") == ("4-4 6-6", "3-3 6-6")
    # Teen Teen Ping Mooy: the split makes 2 and 2: kept
    assert sets(every, "6-6 6-6 6-4 5-5") == ("6-6 6-6", "5-5 6-4")


def test_every_construct_listed_hand_plays_the_named_tiles_together(every: FileWay) -> None:
    # Mooy Ping Chong Tit: Mooy + Tit (7) / Ping + Chong (6)
    assert sets(every, "5-5 6-4 3-3 6-1") == ("5-5 6-1", "3-3 6-4")


def test_every_construct_wong_preferred_then_teen_high(every: FileWay) -> None:
    # Teen 9 Yun 2-2: Wong (Teen + 9) beats Gong (Teen + Yun)
    assert sets(every, "6-6 6-3 4-4 2-2") == ("6-3 6-6", "2-2 4-4")
    # Teen Day 9 9? that is a pair; Teen Day 9 Yun: Wong with the Teen high
    assert sets(every, "6-6 1-1 5-4 4-4") == ("5-4 6-6", "1-1 4-4")


def test_every_construct_harmony_three_threshold_with_a_tile(every: FileWay) -> None:
    # Gor Chop Ng(2-3) Bon Foo: settings 1-3+2-3=9 / 2-2+6-5=5; 1-3+2-2=8 / 2-3+6-5=6;
    # 1-3+6-5=5 / 2-3+2-2=9. Lows 5, 6, 5 all >= 3 with High 4: max low is 6 -> 8 / 6
    assert sets(every, "3-1 3-2 2-2 6-5") == ("2-2 3-1", "3-2 6-5")


def test_every_construct_general_steps_and_adjustments(every: FileWay) -> None:
    # Mooy Ping Foo Look: the low hand can only reach Harmony 3 ... settings: 5-5+6-4=0 /
    # 6-5+5-1=7; 5-5+6-5=1 / 6-4+5-1=6; 5-5+5-1=6 / 6-4+6-5=1. Lows 0, 1, 1: none >= 3, so
    # "rest": not beaten: (0,7), (1,6) both; max total 7 for both; min gap: 1-6 (gap 5)
    s = every.choose(parse_tiles("5-5 6-4 6-5 5-1"))
    assert {str(t) for t in s.setting.low} in ({"5-5", "6-5"}, {"6-4", "5-1"}, {"5-5", "5-1"})
    assert (s.setting.low_value.points, s.setting.high_value.points) == (1, 6)


def test_every_construct_adjustment_after_rest_moves_to_a_higher_high_hand(
    every: FileWay,
) -> None:
    # Chong Look Ping Bon: 3-3+5-1 = 2 / 6-4+2-2 = 4; 3-3+6-4 = 6 / 5-1+2-2 = 0;
    # 3-3+2-2 = 0 / 5-1+6-4 = 6. No low of 3 with High 4, so "rest": none beaten in both
    # hands, totals all 6, the smallest gap is 2-4. "nudge": the high hand 4 is 5 or less,
    # the settings with a higher high hand are the two 0-6; of those the stronger high hand
    # (Chong beats Ping as highest tile) is 3-3 6-4 / 5-1 2-2. "apart": Chong and Ping are
    # not both of the first six, so nothing moves.
    d = every.choose(parse_tiles("3-3 5-1 6-4 2-2"))
    assert sets(every, "3-3 5-1 6-4 2-2") == ("3-3 6-4", "2-2 5-1")
    assert d.rule.text.startswith("every construct nudge")


def test_way_files_every_hand_gets_one_legal_setting_in_each_role(every: FileWay) -> None:
    from paigow.tiles.ways.table_file import distinct_hands

    for h in distinct_hands()[::37]:
        legal = settings(h)
        for banking in (False, True):
            d = every.choose(h, banking)
            assert any(d.setting.same_way(s) for s in legal)
            assert every.choose(tuple(reversed(h)), banking) == d


# ---------------------------------------------------------------------------- bad files


BAD = [
    ("[[rule]]\nid = 1\nplay = \n", "not valid TOML", "line 3"),
    ("[[rule]]\nid = \"a\"\nprefer = [\"max low\"]\ncolour = \"red\"\n", "rule a (line 1)",
     "unknown key 'colour'"),
    ("[way]\nname = \"x\"\n\n[[rule]]\nid = \"p\"\npair = [\"Hihg 6\"]\nplay = \"keep\"\n",
     "rule p (line 4)", "unknown tile word 'Hihg 6'"),
    ("[[rule]]\nid = \"1\"\nprefer = [\"max low\"]\n[[rule]]\nid = \"2\"\nprefer = [\"max lwo\"]\n",
     "rule 2 (line 4)", "cannot read the criterion 'max lwo'"),
    ("[[rule]]\nid = \"w\"\nwith = [[\"9\", \"8\"]]\nplay = \"split\"\n", "rule w (line 1)",
     "give 'pair' too"),
    ("[[rule]]\nid = \"t\"\ntiles = [\"High 10\", \"Low 10\", \"6\", \"2\"]\n"
     "together = [\"High 10\", \"11\"]\n", "rule t (line 1)", "'together' names two"),
    ("[[rule]]\nid = \"x\"\nprefer = [\"max low\"]\n[[rule]]\nid = \"x\"\nprefer = [\"max high\"]\n",
     "rule x (line 4)", "used twice"),
    ("[[rule]]\nid = \"a\"\nprefer = [\"max low\"]\n[[rule]]\nid = \"b\"\nafter = \"z\"\n",
     "rule b (line 4)", "'after' names no rule 'z'"),
    ("[[rule]]\nid = \"c\"\nchosen = [\"low = 1\"]\n", "rule c (line 1)", "give 'after'"),
    ("[[rule]]\nid = \"l\"\nrequire = [\"high >= 12\"]\n", "rule l (line 1)",
     "unknown hand level '12'"),
    ("[[rule]]\nid = \"k\"\nrequire = [\"high is Flush\"]\n", "rule k (line 1)",
     "unknown hand kind 'flush'"),
    ("[[rule]]\nid = \"r\"\nrole = \"dealer\"\nprefer = [\"max low\"]\n", "rule r (line 1)",
     "'role' must be banker or player"),
    ("[[rule]]\nid = \"q\"\nplay = \"split\"\n", "rule q (line 1)", "about a pair"),
    ("[way]\nname = \"x\"\nauthor = \"me\"\n[[rule]]\nid = \"1\"\n", "test.toml",
     "unknown [way] key 'author'"),
    ("[way]\nformat = 9\n[[rule]]\nid = \"1\"\n", "test.toml", "format 9 is not known"),
    ("[way]\nname = \"x\"\n", "test.toml", "no [[rule]] tables"),
    ("[[rule]]\nid = \"s\"\nrequire = [\"points as chosen\"]\n", "rule s (line 1)",
     "only known in a rule with 'after'"),
    ("[[rule]]\nid = \"h\"\nwhen = [\"house low < 4\"]\nprefer = [\"strongest high\"]\n",
     "rule h (line 1)", "[way] has no otherwise"),
    ("[[rule]]\nid = \"u\"\nwhen = [\"dealer low < 4\"]\n", "rule u (line 1)",
     "cannot read the condition 'dealer low < 4'"),
    ("[[rule]]\nid = \"v\"\nwhen = [\"best low >= 12\"]\n", "rule v (line 1)",
     "unknown hand level '12'"),
    ("[[rule]]\nid = \"w\"\nwhen = [\"best high's pair tgether\"]\n", "rule w (line 1)",
     "cannot read the criterion 'pair tgether'"),
]


@pytest.mark.parametrize("text,where,what", BAD)
def test_invalid_way_files_error_names_the_rule_and_line(text: str, where: str, what: str) -> None:
    with pytest.raises(WayFileError) as err:
        way(text)
    assert where in str(err.value) and what in str(err.value), str(err.value)


# ---------------------------------------------------------------------------- when, strongest

WHEN = """
[way]
name = "when"
otherwise = "australian"

[[rule]]
id = "beside"
when = ["house low >= 6", "best high's low = 5", "best low's high = 7", "best low = 6"]
prefer = ["strongest high"]

[[rule]]
id = "weak"
hand = "no pair"
when = ["not best high >= 6"]
prefer = ["strongest low"]
"""


def test_when_conditions_name_the_house_setting_and_the_best_high_and_low() -> None:
    w = way(WHEN)
    # seed 000's worked hand: 7/6 (6-4 4-3 / 6-5 3-2: the Australian way's, "better
    # balanced"), 8/5 (6-5 4-3 / 3-2 6-4: the best high hand, 5 beside it) and 2/1; the
    # best low hand is the 6, with a 7 beside it: every condition of "beside" holds
    assert sets(w, "6-5 3-2 6-4 4-3") == ("4-3 6-5", "3-2 6-4")
    assert w.choose(parse_tiles("6-5 3-2 6-4 4-3")).rule.text.startswith("when beside")
    # 6-6 1-1 3-1 6-1: high nine / 6 two ways, 4/1: the best high hand is 9, so "weak" does
    # not apply, nor "beside": the Australian way sets it
    assert w.choose(parse_tiles("6-6 1-1 3-1 6-1")).rule.text.startswith("when otherwise: australian")
    # "weak": hands without a pair whose every setting leaves a high hand of 5 points or
    # less; each is set with its strongest low hand (counted here from the settings)
    assert w.hits("weak")[0] > 0
    for hand in _no_pair_sample():
        got = w.choose(hand)
        weak = max(s.high_value.rank for s in settings(hand)) <= 5
        by_weak = got.rule.text.startswith("when weak")
        assert by_weak == (weak and not got.rule.text.startswith("when beside")), hand
        if by_weak:
            assert got.setting.low_value.code == max(s.low_value.code for s in settings(hand))


def _no_pair_sample() -> list[tuple[object, ...]]:
    from paigow.tiles.ways.table_file import distinct_hands

    return [h for h in distinct_hands()[::11] if len({t.class_index for t in h}) == 4]


def test_strongest_high_breaks_equal_points_by_the_highest_tile_rules_1_3() -> None:
    # RULES.md 1.3: equal Gongs go to the higher single tile, so Teen Gong (6-6 4-4) is a
    # stronger high hand than Day Gong (1-1 4-4); both settings leave an 8 in the low hand
    rule = "[[rule]]\nid = \"1\"\nprefer = [\"{}\"]\n"
    assert sets(way(rule.format("strongest high")), "6-6 1-1 4-4 2-1") == ("4-4 6-6", "1-1 2-1")
    # "max high" counts points only (both Gongs 10), and the last tie-break (reading N2)
    # takes the stronger low hand: Teen with Gee Joon, 8 with a Teen
    assert sets(way(rule.format("max high")), "6-6 1-1 4-4 2-1") == ("1-1 4-4", "2-1 6-6")
    assert sets(way(rule.format("strongest low")), "6-6 1-1 4-4 2-1") == ("1-1 4-4", "2-1 6-6")


def test_a_hand_no_rule_sets_is_an_error_naming_the_hand() -> None:
    with pytest.raises(WayFileError, match=r"no rule sets the hand .* \(as a player\)"):
        way('[[rule]]\nid = "pairs only"\nhand = "one pair"\nplay = "keep"\n')


def test_a_rule_no_hand_reaches_is_reported() -> None:
    w = way('[[rule]]\nid = "all"\nprefer = ["max low"]\n'
            '[[rule]]\nid = "never"\nhand = "two pairs"\nplay = "pairs"\n')
    assert w.unreached == ("never",)


def test_bad_way_file_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PaigowError, match=r"no way file 'nowhere\.toml'"):
        get_way("nowhere.toml", TILES)
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(WayFileError, match="not UTF-8"):
        get_way(str(bad), TILES)


# ---------------------------------------------------------------------------- shipped ways


def test_shipped_way_files_are_found_by_name() -> None:
    assert {"australian.toml", "harrahs.toml"} <= set(shipped_way_files())
    w = get_way("australian.toml", TILES)
    assert isinstance(w, FileWay) and w.name == "australian.toml"


@pytest.mark.slow
@pytest.mark.parametrize("file_name,code", [
    ("australian.toml", AustralianHouseWay()), ("harrahs.toml", HarrahsWay()),
])
def test_shipped_way_file_sets_all_35960_hands_as_the_code(file_name: str, code: object) -> None:
    file_way = load_way_file(SHIPPED_DIR / file_name)
    for index in range(tiles_tables.N_HANDS):
        tiles = tiles_tables.tiles_of(index)
        want = code.choose(tiles).setting  # type: ignore[attr-defined]
        for banking in (False, True):
            got = file_way.choose(tiles, banking).setting
            assert got.same_way(want), (file_name, index, str(got), str(want))


def test_harrahs_file_by_its_three_stated_points() -> None:
    w = get_way("harrahs.toml", TILES)
    # 1. split Heaven or Earth to make 6-8 or better: Teen Teen 2-4 Gor makes 6 and 8
    assert sets(w, "6-6 6-6 4-2 3-1") == ("4-2 6-6", "3-1 6-6")
    #    Teen Teen 9 Foo would make 3 and a Wong: kept (Luger splits it, "9 w/ 11")
    assert sets(w, "6-6 6-6 6-3 6-5") == ("6-6 6-6", "6-3 6-5")
    # 2. sevens split as (2, 12) w/ 2, 10, 11, 12: Tit Tit Teen Foo splits; Tit Tit Ping
    #    Foo stays together (Luger's banker column splits it, "10 and 11")
    assert sets(w, "6-1 6-1 6-6 6-5") == ("6-1 6-6", "6-1 6-5")
    assert sets(w, "6-1 6-1 6-4 6-5") == ("6-1 6-1", "6-4 6-5")
    # 3. never split Long, Big Head Six or the mixed fives, even with Teen and Day
    for pair in ("3-3 3-3", "5-1 5-1", "3-2 4-1"):
        high, low = sets(w, f"{pair} 6-6 1-1")
        assert {high, low} == {" ".join(sorted(pair.split())), "1-1 6-6"}


def test_australian_file_formulation_changes_33_hands_29_by_b3_and_4_by_b2() -> None:
    # docs/tiles-ways.md: beyond the list, the formulation changes 33 of the 5,140 hands
    # without a pair, 29 by b3 and 4 by b2; b1 and b4 change none (the list holds them)
    w = load_way_file(AUSTRALIAN)
    assert w.hits("7.b3") == (29, 29) and w.hits("7.b2") == (4, 4)
    assert w.unreached == ("7.b1", "7.b4")


def test_australian_file_seed_examples() -> None:
    w = get_way("australian.toml", TILES)
    # seed 000: [5-6], [3-2], [6-4], [4-3] is best played as 6 and 7 (option B)
    s = w.choose(parse_tiles("6-5 3-2 6-4 4-3")).setting
    assert (s.low_value.points, s.high_value.points) == (6, 7)
    # clause 7.17: High 10, Low 10, High 6 with any 7: 6 and 7, High 10 on the high hand
    assert sets(w, "5-5 6-4 3-3 6-1") == ("5-5 6-1", "3-3 6-4")
    # clause 3: Teen/Day with 8 and 8, 7, 6, 5, 4: Teen Teen Yun 4-3 splits
    d = w.choose(parse_tiles("6-6 6-6 4-4 3-4"))
    assert d.setting.same_way(make_setting(parse_tiles("6-6 4-4"), parse_tiles("6-6 4-3")))
    assert d.rule.text.startswith("australian.toml 3.3:")


# ---------------------------------------------------------------------------- the cache


def test_file_way_cache_is_keyed_on_the_files_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_cache.platformdirs, "user_cache_dir", lambda _: str(tmp_path / "c"))
    text = '[[rule]]\nid = "1"\nprefer = ["max low"]\n'
    f = tmp_path / "w.toml"
    f.write_text(text)
    w1 = read_way_text(text, str(f))
    assert len(list((tmp_path / "c").rglob("*.npz"))) == 1
    w2 = read_way_text(text.replace("max low", "max high"), str(f))
    assert len(list((tmp_path / "c").rglob("*.npz"))) == 2
    again = read_way_text(text, str(f))  # from the cache
    h = parse_tiles("6-5 3-2 6-4 4-3")
    assert again.choose(h) == w1.choose(h) and w1.choose(h) != w2.choose(h)
    # the choices of every hand cached by the odds code are keyed on the content too
    a = tiles_tables.disk_path(w1, False, tiles_tables.DEFAULT_RULES)
    b = tiles_tables.disk_path(w2, False, tiles_tables.DEFAULT_RULES)
    assert a is not None and b is not None and a != b
    tiles_tables._CHOICES.clear()
    got = tiles_tables.way_choices(w1, False)
    for index in range(0, tiles_tables.N_HANDS, 1999):
        tiles = tiles_tables.tiles_of(index)
        assert tiles_tables.split_setting(index, int(got[index])).same_way(
            w1.choose(tiles).setting)
    assert np.array_equal(got, tiles_tables.way_choices(w1, False))
