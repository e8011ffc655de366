"""The 32 tiles, their 16 rank classes, names and notation (RULES.md 1.1).

A :class:`Tile` is a face: two pip counts. Eleven faces (the civil tiles) appear twice in
the set, ten appear once: 21 faces, 32 tiles. Tiles are written ``6-6``, ``2-4`` (pips in
either order; printed highest pip first) or, for civil tiles, by class name (``teen``).

>>> parse_tiles("teen 4-2 1-2")
(Tile(6, 6), Tile(4, 2), Tile(2, 1))
>>> str(parse_tile("3-6")), parse_tile("3-6").class_name, parse_tile("3-6").chinese
('6-3', 'Chop Gow', '紮九')
>>> parse_tiles("6-5 5-6 6-5")
Traceback (most recent call last):
...
paigow.errors.IllegalTilesError: tile '6-5' appears 3 times, but the set has only 2
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from paigow.errors import IllegalTilesError, TileNotationError
from paigow.tiles.names import PAIRS, TILE_NAMES, Names, PairNames
from paigow.values import unwrap


@dataclass(frozen=True)
class TileClass:
    """A rank class: the two tiles that pair with each other.

    ``index`` 0 is the highest (Gee Joon), 15 the lowest (Chop Ng). ``civil`` classes hold
    two identical tiles; the others two different faces of equal standing.
    """

    index: int
    name: str
    english: str
    faces: tuple[tuple[int, int], ...]
    aliases: tuple[str, ...] = ()

    @property
    def civil(self) -> bool:
        return len(self.faces) == 1

    @property
    def names(self) -> PairNames:
        """The pair's names: English, the seeds' romanization, Chinese (:mod:`.names`)."""
        return PAIRS[self.index]

    @property
    def chinese(self) -> str:
        """The pair's Chinese name, as seed 003 writes it: ``天`` for Teen, ``紮九`` for
        Chop Gow."""
        return PAIRS[self.index].chinese


# Highest first. The names accepted as tile notation are the civil classes' names and aliases.
CLASSES: tuple[TileClass, ...] = (
    TileClass(0, "Gee Joon", "Supreme", ((2, 1), (4, 2))),
    TileClass(1, "Teen", "Heaven", ((6, 6),), ("heaven",)),
    TileClass(2, "Day", "Earth", ((1, 1),), ("earth",)),
    TileClass(3, "Yun", "Man", ((4, 4),), ("man", "people")),
    TileClass(4, "Gor", "Goose", ((3, 1),), ("goose", "ngor")),
    TileClass(5, "Mooy", "Plum flower", ((5, 5),), ("plum", "flower")),
    TileClass(6, "Chong", "Long", ((3, 3),), ("long",)),
    TileClass(7, "Bon", "Board", ((2, 2),), ("board",)),
    TileClass(8, "Foo", "Hatchet", ((6, 5),), ("ax", "axe", "hatchet")),
    TileClass(9, "Ping", "Partition", ((6, 4),), ("partition",)),
    TileClass(10, "Tit", "Long leg seven", ((6, 1),), ()),
    TileClass(11, "Look", "Big head six", ((5, 1),), ()),
    TileClass(12, "Chop Gow", "Mixed nines", ((6, 3), (5, 4))),
    TileClass(13, "Chop Bot", "Mixed eights", ((6, 2), (5, 3))),
    TileClass(14, "Chop Chit", "Mixed sevens", ((4, 3), (5, 2))),
    TileClass(15, "Chop Ng", "Mixed fives", ((3, 2), (4, 1))),
)
"""The 16 rank classes of the tiles, highest first (Gee Joon, Teen, Day, ...)."""

GEE_JOON = 0
TEEN = 1
DAY = 2

_CLASS_OF_FACE: dict[tuple[int, int], int] = {
    face: c.index for c in CLASSES for face in c.faces
}


@dataclass(frozen=True, order=False)
class Tile:
    """One tile face, highest pip first. Construct with :func:`parse_tile`,
    :meth:`Tile.parse` or ``Tile(6, 6)``; it prints as a player writes it (``6-6``) and its
    repr reads back.

    >>> Tile.parse("teen"), str(Tile(2, 4)), eval(repr(Tile(6, 5))) == Tile.parse("5-6")
    (Tile(6, 6), '4-2', True)
    """

    hi: int
    lo: int
    # the rank class (0 Gee Joon ... 15 the fives), looked up once: every valuation reads it
    class_index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.lo > self.hi and isinstance(self.lo, int):  # Tile(2, 4) is the 4-2
            hi, lo = self.lo, self.hi
            object.__setattr__(self, "hi", hi)
            object.__setattr__(self, "lo", lo)
        cls = _CLASS_OF_FACE.get((self.hi, self.lo))
        if cls is None:
            raise TileNotationError(f"there is no tile {self.hi}-{self.lo} in a Pai Gow set")
        object.__setattr__(self, "class_index", cls)

    @classmethod
    def parse(cls, token: str | Tile) -> Tile:
        """One tile from its notation (see :func:`parse_tile`).

        Raises:
            TileNotationError: a token that is not a tile.
        """
        return parse_tile(token)

    def __repr__(self) -> str:
        return f"Tile({self.hi}, {self.lo})"

    def __str__(self) -> str:
        return f"{self.hi}-{self.lo}"

    @property
    def pips(self) -> int:
        return self.hi + self.lo

    @property
    def rank_class(self) -> TileClass:
        return CLASSES[self.class_index]

    @property
    def class_name(self) -> str:
        return self.rank_class.name

    @property
    def names(self) -> Names:
        """The tile's own names (:data:`paigow.tiles.names.TILE_NAMES`).

        >>> parse_tile("6-6").names.chinese, parse_tile("2-4").names.romanization
        ('天牌', 'Luk')
        """
        return TILE_NAMES[(self.hi, self.lo)]

    @property
    def chinese(self) -> str:
        """The tile's Chinese name: ``天牌``, ``紅頭十``, ``紮九``, ``二四``."""
        return TILE_NAMES[(self.hi, self.lo)].chinese

    @property
    def is_gee_joon(self) -> bool:
        return self.class_index == GEE_JOON

    @property
    def copies(self) -> int:
        """How many tiles of this face the set holds (2 for civil tiles, else 1)."""
        return 2 if self.rank_class.civil else 1

    def label(self) -> str:
        """The tile with its class name and its Chinese name, e.g. ``6-6 Teen 天牌``: the
        pieces' label and tooltip.

        >>> parse_tile("2-4").label()
        '4-2 Gee Joon 二四'
        """
        return f"{self} {self.class_name} {self.chinese}"

    def to_json(self) -> str:
        return str(self)

    def _repr_svg_(self) -> str:
        """The domino as the browser draws it (Jupyter)."""
        from paigow.svg import tile

        return tile(str(self), self.label())


# Faces in class order (21), and the full set of 32 tiles (civil faces twice).
FACES: tuple[Tile, ...] = tuple(Tile(*f) for c in CLASSES for f in c.faces)
"""The 21 distinct tile faces, highest class first."""
DECK: tuple[Tile, ...] = tuple(t for t in FACES for _ in range(t.copies))
"""The 32 tiles of a set: each face as many times as the set holds it."""

_NAMES: dict[str, Tile] = {}
for _c in CLASSES:
    if _c.civil:
        for _n in (_c.name, *_c.aliases):
            _NAMES[_n.lower().replace(" ", "")] = Tile(*_c.faces[0])

_PIPS = re.compile(r"^\[?([1-6])\s*[-–/]\s*([1-6])\]?$")
_REPR = re.compile(r"^Tile\(\s*([1-6])\s*,\s*([1-6])\s*\)$")


def parse_tile(token: str | Tile) -> Tile:
    """Read one tile: ``6-6``, ``2-4``/``4-2``, ``[6-5]`` or a civil class name (``teen``).

    >>> parse_tile("Day"), parse_tile("1-3"), parse_tile("[5-6]")
    (Tile(1, 1), Tile(3, 1), Tile(6, 5))
    >>> parse_tile("7-1")
    Traceback (most recent call last):
    ...
    paigow.errors.TileNotationError: bad tile '7-1': write pips like 6-6 or 2-4, or a civil tile's name like teen
    >>> parse_tile("1-6") == parse_tile("tit") == parse_tile("Tile(6, 1)")
    True

    Raises:
        TileNotationError: a token that is not a tile.
    """
    if isinstance(token, Tile):
        return token
    raw = str(token).strip()
    rep = _REPR.match(raw)
    if rep:
        raw = f"{rep.group(1)}-{rep.group(2)}"
    key = raw.lower().replace(" ", "").replace("_", "")
    if key in _NAMES:
        return _NAMES[key]
    m = _PIPS.match(raw)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        face = (max(a, b), min(a, b))
        if face in _CLASS_OF_FACE:
            return Tile(*face)
        raise TileNotationError(
            f"bad tile {raw!r}: there is no {face[0]}-{face[1]} tile in a Pai Gow set")
    raise TileNotationError(
        f"bad tile {raw!r}: write pips like 6-6 or 2-4, or a civil tile's name like teen"
    )


_TILE_REPR = re.compile(r"Tile\(\s*([1-6])\s*,\s*([1-6])\s*\)")


def _reprs_read(text: str) -> str:
    """Tile notation in place of the reprs a hand of tiles prints (``TileHand.parse('6-6
    5-4')``, ``HandValue.of('6-6 5-4')``, ``(Tile(6, 6), Tile(5, 4))``).

    >>> _reprs_read("HandValue.of('6-6 5-4')"), _reprs_read("(Tile(6, 6), Tile(5, 4))")
    ('6-6 5-4', '6-6, 5-4')
    """
    body = unwrap(text, "TileHand.parse", "TileHand", "HandValue.of").strip()
    if "Tile(" in body:
        body = _TILE_REPR.sub(r"\1-\2", body)
        if body.startswith("(") and body.endswith(")"):
            body = body[1:-1]
    return body


def parse_tiles(tokens: str | Iterable[str | Tile], count: int | None = None) -> tuple[Tile, ...]:
    """Read several tiles (a string split on spaces/commas, or an iterable of tokens) and check
    that no face appears more often than the set holds. ``count`` demands an exact number.

    >>> parse_tiles("6-6,6-6 1-1")
    (Tile(6, 6), Tile(6, 6), Tile(1, 1))
    >>> parse_tiles("6-6 1-1", count=4)
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalTilesError: expected 4 tiles, got 2: '6-6 1-1'

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: a face more often than the set holds it, or not ``count`` tiles.
    """
    items: list[str | Tile] = []
    for t in [tokens] if isinstance(tokens, str) else tokens:
        if isinstance(t, str):
            items.extend(x for x in re.split(r"[\s,]+", _reprs_read(t)) if x)
        else:
            items.append(t)
    tiles = tuple(parse_tile(t) for t in items)
    if count is not None and len(tiles) != count:
        shown = " ".join(str(t) for t in items)
        raise IllegalTilesError(f"expected {count} tiles, got {len(tiles)}: {shown!r}")
    check_available(tiles)
    return tiles


def check_available(tiles: Iterable[Tile]) -> None:
    """Raise :class:`~paigow.errors.IllegalTilesError` if a face is used more often than
    the set holds."""
    for tile, n in Counter(tiles).items():
        if n > tile.copies:
            raise IllegalTilesError(
                f"tile {str(tile)!r} appears {n} times, but the set has only {tile.copies}"
            )
