"""The Chinese names of the tiles, pairs and hands (issue 25 §1; docs/names.md).

The facts from outside the code: seed 003's table of the 16 pairs (characters and
romanization), RULES.md 1.1's order of the classes, the Wong/Gong/high-nine rule of
RULES.md 1.2, and OpenCC's Traditional-to-Simplified conversion for the Simplified names.
"""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations_with_replacement

import pytest

import paigow.tiles
from paigow.tiles import CLASSES, FACES, hand_value
from paigow.tiles.names import HAND_KINDS, PAIRS, SUITS, TILE_NAMES, hand_chinese
from paigow.tiles.tile import Tile

# Seed 003's table, highest first: (romanization, characters, the pair's tiles).
SEED_003 = [
    ("Gee Joon", "至尊", {(4, 2), (2, 1)}), ("Teen", "天", {(6, 6)}), ("Day", "地", {(1, 1)}),
    ("Yun", "人", {(4, 4)}), ("Gor", "鵝", {(3, 1)}), ("Mooy", "梅", {(5, 5)}),
    ("Chong", "長", {(3, 3)}), ("Bon", "板", {(2, 2)}), ("Foo", "斧", {(6, 5)}),
    ("Ping", "屏", {(6, 4)}), ("Tit", "七", {(6, 1)}), ("Look", "六", {(5, 1)}),
    ("Chop Gow", "紮九", {(6, 3), (5, 4)}), ("Chop Bot", "紮八", {(5, 3), (6, 2)}),
    ("Chop Chit", "紮七", {(4, 3), (5, 2)}), ("Chop Ng", "紮五", {(3, 2), (4, 1)}),
]


def test_seed_003_pairs_have_the_seeds_characters_and_romanization() -> None:
    assert len(PAIRS) == len(CLASSES) == 16
    for (roman, chars, faces), cls in zip(SEED_003, CLASSES, strict=True):
        assert cls.name == roman and set(cls.faces) == faces
        assert cls.chinese == chars and cls.names.romanization == roman


def test_rules_1_1_civil_classes_are_the_eleven_alike_military_the_rest() -> None:
    for cls in CLASSES:
        assert cls.names.suit == ("civil" if cls.civil else "military"), cls.name
    assert [SUITS[s].chinese for s in ("civil", "military")] == ["文", "武"]


def test_every_face_has_a_name_and_the_two_gee_joon_tiles_their_own() -> None:
    assert set(TILE_NAMES) == {(t.hi, t.lo) for t in FACES}
    assert Tile(4, 2).chinese == "二四" and Tile(2, 1).chinese == "丁三"
    assert Tile(6, 6).label() == "6-6 Teen 天牌"
    # the military tiles are named by their points, as their pair is
    for t in FACES:
        if not t.rank_class.civil and not t.is_gee_joon:
            assert t.chinese == t.rank_class.chinese


@pytest.mark.parametrize("a,b", list(combinations_with_replacement(range(21), 2)))
def test_rules_1_2_every_hand_named_by_its_kind(a: int, b: int) -> None:
    """All 231 pairs of faces (the 221 possible hands and 10 a set cannot hold once):
    a pair is 雙 and the pair's name (the Gee Joon pair 至尊); a Wong and a Gong are
    named by the Teen or Day they hold; Teen or Day with a seven is 天九 or 地九."""
    x, y = FACES[a], FACES[b]
    if x == y and x.copies == 1:
        return
    v = hand_value((x, y))
    lead = {1: "天", 2: "地"}.get(min(x.class_index, y.class_index), "")
    if v.kind == "pair":
        assert v.chinese == ("至尊" if x.is_gee_joon else "雙" + x.rank_class.chinese)
    elif v.kind == "wong":
        assert v.chinese == lead + "王"
    elif v.kind == "gong":
        assert v.chinese == lead + "槓"
    elif v.name == "high nine":
        assert v.chinese == lead + "九"
    else:
        assert v.chinese == f"{v.points}點"


def test_simplified_names_are_opencc_of_the_traditional() -> None:
    opencc = pytest.importorskip("opencc_purepy")
    t2s = opencc.OpenCC("t2s")
    every = [*PAIRS, *TILE_NAMES.values(), *HAND_KINDS.values(), *SUITS.values()]
    for n in every:
        assert n.simplified == t2s.convert(n.chinese), n
    for a, b in combinations_with_replacement(range(16), 2):
        for kind, pts in (("pair", None), ("wong", 11), ("gong", 10), ("points", 9)):
            assert hand_chinese(kind, (a, b), pts, "hans") == t2s.convert(
                hand_chinese(kind, (a, b), pts))


def test_library_value_carries_the_chinese_name() -> None:
    v = paigow.tiles.value("6-6", "5-4")
    assert v.chinese == "天王" and v.names["chinese"] == "天王"
    assert [n["chinese"] for n in v.to_json()["tile_names"]] == ["天牌", "紮九"]  # type: ignore[index]
    assert paigow.tiles.parse_tile("teen").chinese == "天牌"


def test_cli_tiles_value_json_carries_teen_in_its_names() -> None:
    """Issue 25's "done when": `paigow tiles value 6-6 5-4 --json` carries 天."""
    out = subprocess.run([sys.executable, "-m", "paigow", "tiles", "value", "6-6", "5-4",
                          "--json"], capture_output=True, text=True, encoding="utf-8",
                         check=True).stdout
    assert "天" in json.loads(out)["names"]["chinese"]
    assert "天" in out


def test_cli_chinese_flag_prints_the_names() -> None:
    from typer.testing import CliRunner

    from paigow.cli import app

    r = CliRunner().invoke(app, ["tiles", "value", "6-6", "5-4", "--chinese"])
    assert r.exit_code == 0 and "天王" in r.stdout and "天牌" in r.stdout
    plain = CliRunner().invoke(app, ["tiles", "value", "6-6", "5-4"])
    assert "天" not in plain.stdout  # the names are printed when asked for
    r = CliRunner().invoke(app, ["tiles", "settings", "6-6", "5-4", "1-1", "3-5", "--chinese"])
    assert r.exit_code == 0 and "天王" in r.stdout and "地槓" in r.stdout
