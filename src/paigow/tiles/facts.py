"""Counts of the tile game, computed by enumeration (RULES.md 1.8), never typed in.

>>> f = compute_facts()
>>> f.four_tile_hands, f.four_tile_sets_by_class, f.four_tile_sets_by_face
(35960, 3620, 8130)
>>> f.two_tile_hands, f.two_tile_hands_by_class, f.two_tile_hands_by_face, f.dealer_hands
(496, 136, 221, 20475)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from paigow.tiles.hand import hand_value, points_name
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.tile import DECK


@dataclass(frozen=True)
class TileFacts:
    four_tile_hands: int
    four_tile_sets_by_class: int
    four_tile_sets_by_face: int
    two_tile_hands: int
    two_tile_hands_by_class: int
    two_tile_hands_by_face: int
    dealer_hands: int
    two_tile_values: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {
            "four_tile_hands": self.four_tile_hands,
            "four_tile_sets_by_class": self.four_tile_sets_by_class,
            "four_tile_sets_by_face": self.four_tile_sets_by_face,
            "two_tile_hands": self.two_tile_hands,
            "two_tile_hands_by_class": self.two_tile_hands_by_class,
            "two_tile_hands_by_face": self.two_tile_hands_by_face,
            "dealer_hands_after_four": self.dealer_hands,
            "two_tile_values": self.two_tile_values,
        }


def _count(k: int) -> tuple[int, int, int]:
    ids = range(len(DECK))
    by_class: set[tuple[int, ...]] = set()
    by_face: set[tuple[tuple[int, int], ...]] = set()
    n = 0
    for combo in combinations(ids, k):
        n += 1
        tiles = [DECK[i] for i in combo]
        by_class.add(tuple(sorted(t.class_index for t in tiles)))
        by_face.add(tuple(sorted((t.hi, t.lo) for t in tiles)))
    return n, len(by_class), len(by_face)


def compute_facts(rules: TileRules = DEFAULT_RULES) -> TileFacts:
    """Enumerate the set and count hands (see the module doctest for the figures)."""
    four = _count(4)
    two = _count(2)
    dealer = sum(1 for _ in combinations(range(len(DECK) - 4), 4))
    values: Counter[str] = Counter()
    order: dict[str, int] = {}
    for i, j in combinations(range(len(DECK)), 2):
        v = hand_value((DECK[i], DECK[j]), rules)
        label = v.name if v.kind != "points" else points_name(v.points or 0)
        values[label] += 1
        order[label] = max(order.get(label, -1), v.code)
    ranked = dict(sorted(values.items(), key=lambda kv: -order[kv[0]]))
    return TileFacts(*four, *two, dealer, ranked)
