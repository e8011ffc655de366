"""Setting four tiles into a high and a low hand (RULES.md 1.4).

Four tiles split into two hands three ways; fewer when tiles repeat. Two splits are the
same way when their hands hold tiles of the same standing (the same class; the two Gee
Joon tiles are told apart since they break ties differently). The software orders the two
hands itself: the one of higher value is the high (rear) hand.

>>> from paigow.tiles.tile import parse_tiles as p
>>> [str(s) for s in settings(p("6-5 3-2 6-4 4-3"))]
['6-4 4-3 / 6-5 3-2', '4-3 3-2 / 6-5 6-4', '6-5 4-3 / 6-4 3-2']
>>> len(settings(p("6-6 6-6 1-1 4-3")))
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paigow.errors import IllegalSettingError, IllegalTilesError, SettingNotationError
from paigow.tiles.hand import HandValue, TilesLike, as_tiles, hand_value, tiebreak_strength
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.tile import Tile, check_available, parse_tiles
from paigow.values import unwrap

# The three ways to split positions 0..3 into two pairs.
SPLITS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((0, 1), (2, 3)),
    ((0, 2), (1, 3)),
    ((0, 3), (1, 2)),
)


def _standing(t: Tile) -> tuple[int, int]:
    # tiles of one class are interchangeable except the two Gee Joon tiles
    return (t.class_index, t.pips if t.is_gee_joon else 0)


@dataclass(frozen=True)
class Setting:
    """A four-tile hand set as a high (rear) and a low (front) two-tile hand. It prints as
    a player writes it, and its repr reads back:

    >>> s = Setting.parse("6-6 5-3 / 1-1 4-2")
    >>> s
    Setting.parse('6-6 5-3 / 1-1 4-2')
    >>> Setting.parse(repr(s)) == eval(repr(s)) == s, s.high_value.name
    (True, 'Teen Gong')
    """

    high: tuple[Tile, Tile]
    low: tuple[Tile, Tile]
    high_value: HandValue
    low_value: HandValue

    @classmethod
    def parse(cls, text: str, rules: TileRules = DEFAULT_RULES) -> Setting:
        """Read ``"two tiles / two tiles"`` (or ``|`` between them, as the trainer reads a
        setting; either hand first: the higher value is the high hand), or a setting's
        repr.

        Raises:
            SettingNotationError: text that is not two hands split by ``/``.
            TileNotationError: a token that is not a tile.
            IllegalTilesError: not two tiles a hand, or a face more often than the set
                holds it.
        """
        body = unwrap(text, "Setting.parse", "Setting")
        parts = body.split("|") if "|" in body else body.split("/")
        if len(parts) != 2:
            raise SettingNotationError(
                f"bad setting {text.strip()!r}: write the two hands as 'two tiles / two tiles'")
        a, b = (as_tiles(p, 2) for p in parts)
        check_available((*a, *b))
        return make_setting(a, b, rules)

    def __str__(self) -> str:
        return f"{self.high[0]} {self.high[1]} / {self.low[0]} {self.low[1]}"

    def __repr__(self) -> str:
        rules = "" if self.high_value.rules == DEFAULT_RULES else f", {self.high_value.rules!r}"
        return f"Setting.parse({str(self)!r}{rules})"

    def hands_json(self) -> dict[str, object]:
        """The two hands as lists of tiles and their values' names (a
        :class:`~paigow.ways.Decision`'s JSON)."""
        return {"high": [str(t) for t in self.high], "low": [str(t) for t in self.low],
                "high_value": self.high_value.name, "low_value": self.low_value.name}

    def _repr_html_(self) -> str:
        """Both hands as the browser draws them, high (rear) first (Jupyter)."""
        from paigow.svg import setting_html, tiles_row

        return setting_html(
            tiles_row([str(t) for t in self.high], [t.label() for t in self.high]),
            tiles_row([str(t) for t in self.low], [t.label() for t in self.low]),
            f"high: {self.high_value.name}", f"low: {self.low_value.name}")

    def same_way(self, other: Setting) -> bool:
        """True when both settings put tiles of the same standing together."""
        return _split_key(self.high, self.low) == _split_key(other.high, other.low)

    def to_json(self) -> dict[str, object]:
        return {
            "high": [str(t) for t in self.high],
            "low": [str(t) for t in self.low],
            "high_value": self.high_value.to_json(),
            "low_value": self.low_value.to_json(),
        }


def _split_key(
    h1: Sequence[Tile], h2: Sequence[Tile]
) -> frozenset[tuple[tuple[int, int], ...]]:
    return frozenset(
        (tuple(sorted(_standing(t) for t in h1)), tuple(sorted(_standing(t) for t in h2)))
    )


def make_setting(
    first: Sequence[Tile], second: Sequence[Tile], rules: TileRules = DEFAULT_RULES
) -> Setting:
    """Order two two-tile hands into a :class:`Setting` (the higher value is the high hand).

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> str(make_setting(p("6-5 6-4"), p("3-2 4-3")))     # 1 point against 2 points
    '4-3 3-2 / 6-5 6-4'
    """
    if len(first) != 2 or len(second) != 2:
        raise IllegalSettingError("a setting is two hands of two tiles each")
    a, b = _ordered(first), _ordered(second)
    v1, v2 = hand_value(a, rules), hand_value(b, rules)
    if v2.code > v1.code:
        return Setting(b, a, v2, v1)
    return Setting(a, b, v1, v2)


def settings(tiles: TilesLike, rules: TileRules = DEFAULT_RULES) -> list[Setting]:
    """The distinct ways to set four tiles, each with its high and low hand.

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> [str(s) for s in settings(p("6-6 6-6 4-5 3-6"))]
    ['6-6 6-6 / 5-4 6-3', '6-6 5-4 / 6-6 6-3']
    >>> len(settings("6-5 3-2 6-4 4-3"))
    3

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: not four tiles, or a face more often than the set holds it.
    """
    tiles = as_tiles(tiles)  # checked against the set
    if len(tiles) != 4:
        raise IllegalTilesError(f"a hand to set is four tiles, got {len(tiles)}")
    out: list[Setting] = []
    seen: set[frozenset[tuple[tuple[int, int], ...]]] = set()
    for (i, j), (k, m) in SPLITS:
        h1, h2 = (tiles[i], tiles[j]), (tiles[k], tiles[m])
        key = _split_key(h1, h2)
        if key in seen:
            continue
        seen.add(key)
        out.append(make_setting(h1, h2, rules))
    return out


def setting_from_text(
    hand: Sequence[Tile], high: str | Sequence[Tile], low: str | Sequence[Tile],
    rules: TileRules = DEFAULT_RULES,
) -> Setting:
    """Build a setting of ``hand`` from the tiles of two hands; they must use the hand's tiles.

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> setting_from_text(p("6-6 4-2 5-3 1-1"), "6-6 5-3", "1-1 4-2").high_value.name
    'Teen Gong'
    >>> setting_from_text(p("6-6 4-2 5-3 1-1"), "6-6 5-3", "1-1 1-1")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalSettingError: the setting 6-6 5-3 / 1-1 1-1 does not use the hand's tiles 6-6 4-2 5-3 1-1
    """
    h = parse_tiles(high) if isinstance(high, str) else tuple(high)
    lo = parse_tiles(low) if isinstance(low, str) else tuple(low)
    if len(h) != 2 or len(lo) != 2 or sorted(h + lo, key=_face_key) != sorted(hand, key=_face_key):
        raise IllegalSettingError(
            f"the setting {' '.join(map(str, h))} / {' '.join(map(str, lo))} does not use "
            f"the hand's tiles {' '.join(map(str, hand))}"
        )
    return make_setting(h, lo, rules)


def _ordered(hand: Sequence[Tile]) -> tuple[Tile, Tile]:
    """The hand's tiles, the higher single tile first (the single-tile order: Teen, Day, …,
    the sevens, 2-4, the fives, 1-2).

    >>> _ordered(parse_tiles("4-2 6-6")), _ordered(parse_tiles("2-1 4-2"))
    ((Tile(6, 6), Tile(4, 2)), (Tile(4, 2), Tile(2, 1)))
    """
    x, y = sorted(hand, key=lambda t: (-tiebreak_strength(t), t.class_index, -t.pips))
    return x, y


def _face_key(t: Tile) -> tuple[int, int]:
    return (t.hi, t.lo)
