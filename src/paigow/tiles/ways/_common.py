"""Helpers shared by the tile hand-setting ways: the seed's tile notation, pairs, splits and
the choice among equally good settings.

The house-way texts of seed 000 name tiles by their pip total (RULES.md 1.1): a bare number
is any tile of that total, ``High``/``Low`` picks the civil tile of that total that ranks
higher/lower, ``Gee`` is either Gee Joon tile. :data:`TOKENS` maps each word to the rank
classes it names.

>>> from paigow.tiles.tile import parse_tiles as p
>>> [str(t) for t in match(p("6-4 5-5 3-3 2-5"), ("High 10", "Low 10", "High 6", "7"))]
['5-5', '6-4', '3-3', '5-2']
>>> match(p("6-4 5-5 3-3 2-5"), ("High 10", "Low 10", "Low 6", "7")) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import permutations

from paigow.errors import IllegalTilesError
from paigow.tiles.hand import HandValue, tiebreak_strength
from paigow.tiles.rules import TileRules
from paigow.tiles.setting import Setting, make_setting
from paigow.tiles.tile import DAY, GEE_JOON, TEEN, Tile, check_available, parse_tiles

# Rank class indexes (paigow.tiles.tile.CLASSES), named for readability.
YUN, GOR, MOOY, CHONG, BON, FOO, PING, TIT, LOOK = 3, 4, 5, 6, 7, 8, 9, 10, 11
CHOP_GOW, CHOP_BOT, CHOP_CHIT, CHOP_NG = 12, 13, 14, 15

#: The seed's words for tiles, as the set of rank classes each names.
TOKENS: dict[str, frozenset[int]] = {
    "12": frozenset({TEEN}),
    "2": frozenset({DAY}),
    "2|12": frozenset({TEEN, DAY}),
    "Gee": frozenset({GEE_JOON}),
    "High 8": frozenset({YUN}),
    "Low 8": frozenset({CHOP_BOT}),
    "8": frozenset({YUN, CHOP_BOT}),
    "High 4": frozenset({GOR}),
    "Low 4": frozenset({BON}),
    "4": frozenset({GOR, BON}),
    "High 10": frozenset({MOOY}),
    "Low 10": frozenset({PING}),
    "Flower 10": frozenset({MOOY}),
    "10": frozenset({MOOY, PING}),
    "High 6": frozenset({CHONG}),
    "Low 6": frozenset({LOOK}),
    "6": frozenset({CHONG, LOOK}),
    # a 6 or a Gee Joon tile: beside Teen or Day a Gee Joon tile scores 8 exactly like a 6
    "6g": frozenset({CHONG, LOOK, GEE_JOON}),
    "High 7": frozenset({TIT}),
    "Low 7": frozenset({CHOP_CHIT}),
    "7": frozenset({TIT, CHOP_CHIT}),
    "11": frozenset({FOO}),
    "9": frozenset({CHOP_GOW}),
    "5": frozenset({CHOP_NG}),
}

#: The six highest single tiles (Teen, Day, Yun, Gor, Mooy, Chong): "the first six rankings".
TOP_SIX: frozenset[int] = frozenset({TEEN, DAY, YUN, GOR, MOOY, CHONG})


def is_tile(tile: Tile, token: str) -> bool:
    """True when ``tile`` is named by the seed's word ``token`` (a key of :data:`TOKENS`).

    >>> from paigow.tiles.tile import parse_tile as t
    >>> is_tile(t("4-4"), "High 8"), is_tile(t("2-6"), "High 8"), is_tile(t("2-6"), "8")
    (True, False, True)
    """
    return tile.class_index in TOKENS[token]


def match(tiles: Sequence[Tile], tokens: Sequence[str]) -> tuple[Tile, ...] | None:
    """The tiles reordered to match ``tokens`` one to one, or None if they do not match."""
    if len(tiles) != len(tokens):
        return None
    classes = [t.class_index for t in tiles]
    wanted = [TOKENS[k] for k in tokens]
    union = frozenset().union(*wanted)
    if any(c not in union for c in classes):
        return None
    for perm in permutations(range(len(tiles))):
        if all(classes[i] in w for i, w in zip(perm, wanted, strict=True)):
            return tuple(tiles[i] for i in perm)
    return None


def as_hand(tiles: Sequence[Tile] | str) -> tuple[Tile, Tile, Tile, Tile]:
    """Read and check a four-tile hand (tiles or text); raise :class:`TileError` otherwise."""
    hand = parse_tiles(tiles) if isinstance(tiles, str) else tuple(tiles)
    if len(hand) != 4:
        raise IllegalTilesError(f"a hand to set is four tiles, got {len(hand)}")
    check_available(hand)
    return hand[0], hand[1], hand[2], hand[3]


def rest(tiles: Sequence[Tile], used: Sequence[Tile]) -> tuple[Tile, ...]:
    """``tiles`` less one occurrence of each tile in ``used``."""
    left = list(tiles)
    for t in used:
        left.remove(t)
    return tuple(left)


def with_hand(
    tiles: Sequence[Tile], a: Tile, b: Tile, rules: TileRules
) -> Setting:
    """The setting that plays ``a`` and ``b`` together and the other two tiles together."""
    other = rest(tiles, (a, b))
    return make_setting((a, b), other, rules)


def pairs_in(tiles: Sequence[Tile]) -> list[tuple[int, tuple[Tile, Tile]]]:
    """The pairs (two tiles of one rank class) among ``tiles``: (class index, the two tiles)."""
    out: list[tuple[int, tuple[Tile, Tile]]] = []
    for c in sorted({t.class_index for t in tiles}):
        same = [t for t in tiles if t.class_index == c]
        if len(same) == 2:
            out.append((c, (same[0], same[1])))
    return out


def split_pair(
    tiles: Sequence[Tile], pair: tuple[Tile, Tile], rules: TileRules
) -> Setting:
    """Split ``pair``: one tile of it with each of the two other tiles. For a civil pair the
    split is unique; the two Gee Joon tiles differ in tie-breaks, so the stronger split wins
    (see :func:`strongest`)."""
    o1, o2 = rest(tiles, pair)
    p1, p2 = pair
    return strongest(
        [make_setting((p1, o1), (p2, o2), rules), make_setting((p1, o2), (p2, o1), rules)]
    )


def keep_pair(tiles: Sequence[Tile], pair: tuple[Tile, Tile], rules: TileRules) -> Setting:
    """The setting that plays ``pair`` together."""
    return make_setting(pair, rest(tiles, pair), rules)


def level(v: HandValue) -> int:
    """A hand's standing in points for balancing: 0-9 points, Gong 10, Wong 11, pairs 20+."""
    return v.rank


def gap(s: Setting) -> int:
    """How far apart the two hands are (high level less low level)."""
    return level(s.high_value) - level(s.low_value)


def pareto(cands: Sequence[Setting]) -> list[Setting]:
    """The settings no other setting beats in both hands (at least as high in each hand and
    higher in one), comparing hand levels (:func:`level`)."""

    def beaten(s: Setting) -> bool:
        sl, sh = level(s.low_value), level(s.high_value)
        for o in cands:
            ol, oh = level(o.low_value), level(o.high_value)
            if ol >= sl and oh >= sh and (ol > sl or oh > sh):
                return True
        return False

    return [s for s in cands if not beaten(s)]


def balanced(cands: Sequence[Setting]) -> list[Setting]:
    """Bring the hands as close together as possible unless they can be set higher: drop the
    settings beaten in both hands (:func:`pareto`), keep the smallest :func:`gap`.

    Among settings nothing beats in both hands, equal gaps mean equal levels, so the result
    holds settings of one low and one high level (they differ only in where tiles go).
    """
    front = pareto(cands)
    best = min(gap(s) for s in front)
    return [s for s in front if gap(s) == best]


def canonical(s: Setting) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """A key naming a setting by the standing of its tiles, independent of input order."""

    def key(h: Sequence[Tile]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((t.class_index, t.pips) for t in h))

    return key(s.high), key(s.low)


def strongest(cands: Iterable[Setting]) -> Setting:
    """The last tie-break of every way: the stronger low hand, then the stronger high hand
    (hand codes, so points then highest tile), then a fixed order of the tiles (so the
    choice never depends on the order the tiles were given in)."""
    return max(
        cands,
        key=lambda s: (s.low_value.code, s.high_value.code, _neg(canonical(s))),
    )


def _neg(
    k: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]],
) -> tuple[int, ...]:
    # prefer the lower class indexes (higher-ranked tiles) in the high hand
    return tuple(-x for part in k for pair in part for x in pair)


def prefer(cands: list[Setting], pred: Callable[[Setting], bool]) -> tuple[list[Setting], bool]:
    """The candidates satisfying ``pred`` and True when that narrows the choice; otherwise
    all of them and False."""
    kept = [s for s in cands if pred(s)]
    return (kept, True) if kept and len(kept) < len(cands) else (cands, False)


def ranked_tiles(tiles: Sequence[Tile], rules: TileRules) -> list[Tile]:
    """The tiles highest first by the single-tile order used in tie-breaks (RULES.md 1.3)."""
    return sorted(tiles, key=lambda t: (-tiebreak_strength(t, rules), t.class_index, -t.pips))


def together(a: Tile, b: Tile, s: Setting) -> bool:
    """True when tiles ``a`` and ``b`` are in the same hand of ``s``."""
    for h in (s.high, s.low):
        left = list(h)
        if a in left:
            left.remove(a)
            if b in left:
                return True
    return False
