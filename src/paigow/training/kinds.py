"""Kinds of hands, as a teacher sorts them: what the trainer counts mistakes by, and what it
deals more of to a person who gets a kind wrong.

A hand may be of several kinds (a poker two pair with the joker is ``two-pair`` and
``joker``; four tiles with a pair and a Teen beside a nine are ``pair`` and ``wong-gong``).

Tiles (the choices the seed's house way and split tables turn on):

* ``two-pairs`` — two ranking pairs (mixed pairs and the Gee Joon pair count);
* ``pair`` — one pair: split it or not;
* ``wong-gong`` — a Wong or a Gong can be made (Teen or Day with a nine or an eight);
* ``high-nine`` — no Wong or Gong, but a high nine (Teen or Day with a seven);
* ``no-pair`` — none of these: points only.

Poker (the hand types of the seed's basic strategy and the house way's numbered rules):
``no-pair``, ``one-pair``, ``two-pair``, ``three-pair``, ``trips``, ``full-house`` (with a
second pair or second trips too), ``quads``, ``five-aces`` (or, wild, five of a kind),
``straight-flush`` (a straight, flush or straight flush can be set behind), ``joker``.

>>> from paigow.tiles.tile import parse_tiles
>>> tile_kinds(parse_tiles("6-6 6-6 4-5 2-2"))
('pair', 'wong-gong')
>>> tile_kinds(parse_tiles("6-6 6-6 4-5 3-6"))   # Teens and the two mixed nines
('two-pairs', 'wong-gong')
>>> tile_kinds(parse_tiles("6-5 3-2 6-4 4-3"))
('no-pair',)
>>> from paigow.poker.cards import parse_cards
>>> poker_kinds(parse_cards("Jk Ah Kd Kc 7s 4h 2c"))
('two-pair', 'joker')
>>> poker_kinds(parse_cards("Ks 9s 8c 7s 6c 5s 4s"))
('no-pair', 'straight-flush')
"""

from __future__ import annotations

from collections.abc import Sequence

from paigow.poker.cards import JOKER
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.ways.hand import analyse, best_straight_or_flush
from paigow.tiles.rules import TileRules
from paigow.tiles.setting import settings
from paigow.tiles.tile import Tile
from paigow.tiles.ways._common import pairs_in

TILE_KINDS: dict[str, str] = {
    "two-pairs": "two pairs",
    "pair": "a pair to split or keep",
    "wong-gong": "a Wong or Gong to make",
    "high-nine": "a high nine to make",
    "no-pair": "no pair, points only",
}

POKER_KINDS: dict[str, str] = {
    "no-pair": "no pair",
    "one-pair": "one pair",
    "two-pair": "two pair",
    "three-pair": "three pair",
    "trips": "three of a kind",
    "straight-flush": "a straight or flush",
    "full-house": "a full house",
    "quads": "four of a kind",
    "five-aces": "five aces",
    "joker": "the joker",
}

_SHAPES: dict[tuple[int, ...], str] = {
    (1, 1, 1, 1, 1, 1, 1): "no-pair",
    (2, 1, 1, 1, 1, 1): "one-pair",
    (2, 2, 1, 1, 1): "two-pair",
    (2, 2, 2, 1): "three-pair",
    (3, 1, 1, 1, 1): "trips",
    (3, 2, 1, 1): "full-house",
    (3, 2, 2): "full-house",
    (3, 3, 1): "full-house",
    (4, 1, 1, 1): "quads",
    (4, 2, 1): "quads",
    (4, 3): "quads",
    (5, 1, 1): "five-aces",
    (5, 2): "five-aces",
}


def kind_label(game: str, kind: str) -> str:
    """A kind in words, e.g. ``kind_label("poker", "trips")`` is ``'three of a kind'``."""
    labels = TILE_KINDS if game == "tiles" else POKER_KINDS
    return labels.get(kind, kind)


def tile_kinds(tiles: Sequence[Tile], rules: TileRules | None = None) -> tuple[str, ...]:
    """The kinds of four tiles (see the module's description), in :data:`TILE_KINDS` order."""
    r = rules or TileRules()
    found: set[str] = set()
    pairs = pairs_in(tiles)
    if len(pairs) == 2:
        found.add("two-pairs")
    elif len(pairs) == 1:
        found.add("pair")
    values = [v for s in settings(tiles, r) for v in (s.high_value, s.low_value)]
    if any(v.kind in ("wong", "gong") for v in values):
        found.add("wong-gong")
    elif any(v.name == "high nine" for v in values):
        found.add("high-nine")
    if not found:
        found.add("no-pair")
    return tuple(k for k in TILE_KINDS if k in found)


def poker_kinds(cards: Sequence[int], rules: PokerRules | None = None) -> tuple[str, ...]:
    """The kinds of seven cards (see the module's description), in :data:`POKER_KINDS`
    order."""
    view = analyse(list(cards), rules or DEFAULT_RULES)
    found = {_SHAPES[view.shape]}
    if best_straight_or_flush(view) is not None:
        found.add("straight-flush")
    if JOKER in cards:
        found.add("joker")
    return tuple(k for k in POKER_KINDS if k in found)


__all__ = ["POKER_KINDS", "TILE_KINDS", "kind_label", "poker_kinds", "tile_kinds"]
