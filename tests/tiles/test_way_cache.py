"""The choices of a built-in way are cached on disk between processes, keyed on the code."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from paigow.analysis import tiles_tables
from paigow.tiles.ways import _cache
from paigow.tiles.ways.australian import AustralianHouseWay


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(_cache.platformdirs, "user_cache_dir", lambda _: str(tmp_path))
    tiles_tables._CHOICES.clear()
    return tmp_path


def test_cached_choices_equal_a_fresh_computation_and_are_reused(cache_dir: Path) -> None:
    way = AustralianHouseWay()
    first = tiles_tables.way_choices(way, banking=False)
    files = list(cache_dir.rglob("*.npy"))
    assert len(files) == 1
    tiles_tables._CHOICES.clear()
    again = tiles_tables.way_choices(AustralianHouseWay(), banking=False)  # from disk
    assert np.array_equal(first, again)
    # each decision matches the way asked directly
    for index in range(0, len(again), 997):
        tiles = tiles_tables.tiles_of(index)
        setting = way.choose(tiles, False).setting
        assert tiles_tables.split_setting(index, int(again[index])).same_way(setting)


def test_options_role_and_damage_change_or_refuse_the_cache(cache_dir: Path) -> None:
    a = tiles_tables.disk_path(AustralianHouseWay(), False, tiles_tables.DEFAULT_RULES)
    b = tiles_tables.disk_path(AustralianHouseWay(exceptions="list"), False,
                                tiles_tables.DEFAULT_RULES)
    c = tiles_tables.disk_path(AustralianHouseWay(), True, tiles_tables.DEFAULT_RULES)
    assert a is not None and len({a, b, c}) == 3
    a.parent.mkdir(parents=True, exist_ok=True)
    np.save(a, np.full(7, 9, dtype=np.int8))  # a damaged file is ignored and rewritten
    out = tiles_tables.way_choices(AustralianHouseWay(), banking=False)
    assert out.shape == (35_960,)
    assert tiles_tables._load_choices(a) is not None
