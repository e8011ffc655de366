"""Strategy table files (CSV ``hand,high,low``): round trip and errors that name the row."""

from __future__ import annotations

import csv
import io
import random
from math import comb
from pathlib import Path

import pytest
from waykit import RoleAware

from paigow.analysis.tiles_tables import N_HANDS, tiles_of
from paigow.errors import PaigowError
from paigow.tiles.ways import TileWay
from paigow.tiles.ways.table_file import load_table_way, write_table
from paigow.ways import TILES, get_way


def house_way() -> TileWay:
    try:
        return get_way("australian", TILES)
    except ImportError:
        return RoleAware()


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, TileWay]:
    way = house_way()
    path = tmp_path_factory.mktemp("tables") / "house-banker.csv"
    assert write_table(way, True, path) == 8130
    return path, way


def rows_of(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def write_rows(path: Path, rows: list[list[str]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


def test_table_has_header_and_one_row_per_distinct_hand(written: tuple[Path, TileWay]) -> None:
    rows = rows_of(written[0])
    assert rows[0] == ["hand", "high", "low"]
    assert len(rows) == 1 + 8130  # RULES.md 1.8: 8,130 distinct hands by tile face
    faces = {tuple(sorted(r[0].split())) for r in rows[1:]}
    assert len(faces) == 8130


@pytest.mark.slow
def test_round_trip_gives_identical_decisions_on_all_35960_hands(
    written: tuple[Path, TileWay],
) -> None:
    path, way = written
    loaded = load_table_way(path)
    assert isinstance(loaded, TileWay)
    assert comb(32, 4) == N_HANDS
    memo: dict[tuple[str, ...], str] = {}
    for h in range(N_HANDS):
        hand = tiles_of(h)
        key = tuple(sorted(map(str, hand)))
        if key not in memo:  # the house way is slow: ask it once per distinct hand
            memo[key] = str(way.choose(hand, True).setting)
        got = loaded.choose(hand, True).setting
        assert str(got) == memo[key], hand
        # a table answers the same in either role
        assert str(loaded.choose(hand, False).setting) == str(got)


def test_rows_in_any_tile_order_and_with_swapped_hands_load(
    written: tuple[Path, TileWay], tmp_path: Path
) -> None:
    rows = rows_of(written[0])
    rng = random.Random(1)
    shuffled = [rows[0]]
    for text, high, low in rows[1:]:
        tiles = text.split()
        rng.shuffle(tiles)
        a, b = (high, low) if rng.random() < 0.5 else (low, high)
        shuffled.append([" ".join(tiles), " ".join(reversed(a.split())), b])
    body = shuffled[1:]
    rng.shuffle(body)
    shuffled[1:] = body
    path = tmp_path / "shuffled.csv"
    write_rows(path, shuffled)
    original = load_table_way(written[0])
    again = load_table_way(path)
    for h in range(0, N_HANDS, 7):
        hand = tiles_of(h)
        assert original.choose(hand).setting.same_way(again.choose(hand).setting)


def test_rule_names_the_table_line(written: tuple[Path, TileWay]) -> None:
    loaded = load_table_way(written[0])
    d = loaded.choose(tiles_of(0))
    assert d.rule.text == f"{written[0]}, line 2"


def _error(path: Path) -> str:
    with pytest.raises(PaigowError) as info:
        load_table_way(path)
    return str(info.value)


def test_missing_hand_is_named(written: tuple[Path, TileWay], tmp_path: Path) -> None:
    rows = rows_of(written[0])
    gone = rows.pop(100)
    path = tmp_path / "missing.csv"
    write_rows(path, rows)
    msg = _error(path)
    assert "no row for the hand" in msg and str(path) in msg
    assert sorted(gone[0].split()) == sorted(msg.split("no row for the hand ")[1].split(" (")[0]
                                             .split())


def test_repeated_hand_names_both_lines(written: tuple[Path, TileWay], tmp_path: Path) -> None:
    rows = rows_of(written[0])
    rows.insert(50, rows[10])  # row 10 is file line 11; the copy lands on line 51
    path = tmp_path / "repeat.csv"
    write_rows(path, rows)
    msg = _error(path)
    assert "line 51" in msg and "repeats line 11" in msg


def test_setting_not_using_the_hands_tiles_names_the_line(
    written: tuple[Path, TileWay], tmp_path: Path
) -> None:
    rows = rows_of(written[0])
    hand, _, _ = rows[20]
    rows[20] = [hand, "6-6 6-6", "1-1 1-1"] if "6-6" not in hand else [hand, "5-5 5-5", "1-1 1-1"]
    path = tmp_path / "bad-setting.csv"
    write_rows(path, rows)
    msg = _error(path)
    assert "line 21" in msg and "does not use the hand's tiles" in msg


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        (["6-6 6-6 1-1", "6-6 6-6", "1-1 1-2"], "expected 4 tiles"),
        (["6-6 6-6 1-1 7-1", "6-6 6-6", "1-1 7-1"], "bad tile '7-1'"),
        (["6-6 6-6 1-1 1-2"], "expected 3 fields"),
        (["6-6 6-6 6-6 1-2", "6-6 6-6", "6-6 1-2"], "appears 3 times"),
    ],
)
def test_malformed_row_names_the_line(
    written: tuple[Path, TileWay], tmp_path: Path, row: list[str], needle: str
) -> None:
    rows = rows_of(written[0])
    rows[3] = row
    path = tmp_path / "bad-row.csv"
    write_rows(path, rows)
    msg = _error(path)
    assert "line 4" in msg and needle in msg


def test_bad_header_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "header.csv"
    path.write_text("hand,rear,front\n", encoding="utf-8")
    assert "line 1" in _error(path) and "hand,high,low" in _error(path)
    assert "cannot read" in _error(tmp_path / "nowhere.csv")


def test_registry_loads_a_table_by_path(written: tuple[Path, TileWay]) -> None:
    way = get_way(f"table:{written[0]}", TILES)
    assert way.name == f"table:{written[0]}"
    buf = io.StringIO()
    assert write_table(way, True, buf) == 8130
    assert buf.getvalue().splitlines() == written[0].read_text(encoding="utf-8").splitlines()
