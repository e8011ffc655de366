"""Every way sets every hand: for all 8,130 face-distinct four-tile hands (RULES.md 1.8)
each named way returns one of the hand's settings, the same one every time and whatever the
order the tiles come in."""

from __future__ import annotations

from itertools import combinations

import pytest

from paigow.tiles.setting import settings
from paigow.tiles.tile import DECK, Tile
from paigow.ways import TILES, get_way


def _face_distinct_hands() -> list[tuple[Tile, ...]]:
    seen: dict[tuple[tuple[int, int], ...], tuple[Tile, ...]] = {}
    for combo in combinations(range(len(DECK)), 4):
        tiles = tuple(DECK[i] for i in combo)
        seen.setdefault(tuple(sorted((t.hi, t.lo) for t in tiles)), tiles)
    return list(seen.values())


HANDS = _face_distinct_hands()
SETTINGS = [settings(hand) for hand in HANDS]


def test_there_are_8130_face_distinct_hands() -> None:
    assert len(HANDS) == 8130


@pytest.mark.slow
@pytest.mark.parametrize("name,banking", [
    ("australian", False), ("luger", False), ("luger", True), ("luger-banker", False),
    ("luger-player", False), ("harrahs", False), ("eighty", False),
])
def test_ways_every_hand_gets_a_legal_deterministic_setting(name: str, banking: bool) -> None:
    way = get_way(name, TILES)
    for hand, legal in zip(HANDS, SETTINGS, strict=True):
        d = way.choose(hand, banking=banking)
        assert any(d.setting.same_way(s) for s in legal), (name, hand)
        assert d.rule
        again = way.choose(tuple(reversed(hand)), banking=banking)
        assert again.setting.same_way(d.setting) and again.rule == d.rule, (name, hand)
