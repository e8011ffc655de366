"""Value of a two-tile hand and comparison with the banker's hand (RULES.md 1.2, 1.3).

Values, highest first: the Gee Joon pair; the other 15 pairs in class order; Wong (Teen
or Day with a nine); Gong (Teen or Day with an eight); points (pips modulo 10, a lone Gee
Joon tile counting 3 or 6, whichever scores more).

Equal Wongs, Gongs and points are decided by each hand's highest single tile; tiles of the
same class are a copy, and copies and every 0-0 go to the banker.

>>> from paigow.tiles.tile import parse_tiles as p
>>> hand_value(p("1-2 5-6")).points     # Gee Joon counts 6 here: 6 + 11 = 17
7
>>> c = compare(p("2-2 6-1"), p("2-2 4-3"))
>>> c.winner, c.reason
('banker', 'copy: 1 point each and both highest tiles are Bon (2-2); a copy goes to the banker')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, cast

from paigow.errors import IllegalTilesError, RulesMismatchError
from paigow.phrasing import N_
from paigow.tiles.names import Script, hand_chinese
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.tile import CLASSES, DAY, GEE_JOON, TEEN, Tile, check_available, parse_tiles
from paigow.values import RuledOrder

TilesLike = str | Tile | Iterable[str | Tile]
"""Tiles as a caller may give them: one string (``"6-6 5-4"``, ``"teen 5-4"``), a
:class:`~paigow.tiles.tile.Tile`, or an iterable of tokens and tiles."""


def as_tiles(tiles: TilesLike, count: int | None = None) -> tuple[Tile, ...]:
    """Tiles from anything :data:`TilesLike` (each string split on spaces and commas),
    checked against the set; ``count`` demands an exact number.

    >>> as_tiles(["6-6 5-4"]), as_tiles(Tile(1, 1))
    ((Tile(6, 6), Tile(5, 4)), (Tile(1, 1),))

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: a face more often than the set holds it, or not ``count`` tiles.
    """
    if isinstance(tiles, (str, Tile)):
        return parse_tiles([tiles], count=count)
    items = tuple(tiles)
    if all(type(t) is Tile for t in items) and (count is None or len(items) == count):
        check_available(cast("tuple[Tile, ...]", items))  # tiles already: no parsing
        return cast("tuple[Tile, ...]", items)
    return parse_tiles(items, count=count)

Kind = Literal["pair", "wong", "gong", "points"]

# Category ranks (higher is better): points 0-9, Gong 10, Wong 11, pairs 20 (Chop Ng) .. 35 (Gee Joon).
GONG_RANK = 10
WONG_RANK = 11
PAIR_BASE = 20


def points_name(points: int) -> str:
    """``"1 point"``, ``"7 points"``."""
    return (N_("{n} point") if points == 1 else N_("{n} points")).format(n=points)


def tiebreak_strength(tile: Tile, rules: TileRules = DEFAULT_RULES) -> int:
    """The tile's standing when equal hands are decided by their highest tile (higher wins).

    Teen 17, Day 16, ... Look 7, nines 6, eights 5, sevens 4, then (``ranked``) 2-4 3,
    fives 2, 1-2 1; under ``no_value`` both Gee Joon tiles are 0.

    >>> from paigow.tiles.tile import parse_tile as t
    >>> [tiebreak_strength(t(x)) for x in ("6-6", "4-3", "2-4", "2-3", "1-2")]
    [17, 4, 3, 2, 1]
    >>> tiebreak_strength(t("2-4"), TileRules("no_value"))
    0
    """
    c = tile.class_index
    if c == GEE_JOON:
        if rules.gee_joon_tiebreak == "no_value":
            return 0
        return 3 if tile.pips == 6 else 1
    if c == 15:  # the fives rank between 2-4 and 1-2
        return 2
    return 18 - c  # Teen (1) 17 ... sevens (14) 4


def point_total(a: Tile, b: Tile) -> int:
    """Pips modulo 10, a single Gee Joon tile counting 3 or 6, whichever scores more.

    >>> from paigow.tiles.tile import parse_tile as t
    >>> point_total(t("1-3"), t("2-3")), point_total(t("2-3"), t("5-6")), point_total(t("5-5"), t("4-6"))
    (9, 6, 0)
    """
    options_a = (3, 6) if a.is_gee_joon else (a.pips,)
    options_b = (3, 6) if b.is_gee_joon else (b.pips,)
    return max((x + y) % 10 for x in options_a for y in options_b)


@dataclass(frozen=True, eq=False)
class HandValue(RuledOrder):
    """The value of a two-tile hand, under the ``rules`` it was valued by.

    ``rank``: the category (points 0-9, Gong 10, Wong 11, pairs 20-35); ``points`` the
    count for Wong (11), Gong (10) and points hands, None for pairs; ``high_tile`` the tile
    that breaks ties (None for pairs, which never tie between disjoint hands).

    Values order as play does (``<``, ``>``, by :attr:`code`): the player's hand beats the
    banker's iff it is greater; neither greater is a copy (or a 0-0), which goes to the
    banker. ``==`` is the same value of the same tiles. Values of different rules refuse
    to be ordered (:class:`~paigow.errors.RulesMismatchError`).

    >>> v = hand_value(parse_tiles("6-6 5-4"))
    >>> v > hand_value(parse_tiles("1-1 6-3")), v
    (True, HandValue.of('6-6 5-4'))
    >>> eval(repr(v)) == v
    True
    """

    kind: Kind
    name: str
    rank: int
    points: int | None
    tiles: tuple[Tile, Tile]
    high_tile: Tile | None
    tiebreak: int
    explanation: str
    rules: TileRules = field(default=DEFAULT_RULES)

    @classmethod
    def of(cls, tiles: TilesLike, rules: TileRules = DEFAULT_RULES) -> HandValue:
        """The value of two tiles (:func:`hand_value`): what a value's repr calls.

        Raises:
            TileNotationError: a token that is not a tile.
            IllegalTilesError: not two tiles, or a face more often than the set holds it.
        """
        return hand_value(as_tiles(tiles, 2), rules)

    @property
    def code(self) -> int:
        """One integer that orders hands exactly as play does: the player's hand beats the
        banker's iff its code is strictly greater (copies and 0-0 have equal codes)."""
        return self.rank * 32 + self.tiebreak

    def _order(self) -> int:
        return self.code

    def _same_rules(self, other: HandValue) -> None:
        if other.rules != self.rules:
            raise RulesMismatchError(
                f"cannot compare a value under gee_joon_tiebreak "
                f"{self.rules.gee_joon_tiebreak} with one under "
                f"{other.rules.gee_joon_tiebreak}: values of different rules do not compare")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return (self.code, sorted(self.tiles, key=_face), self.rules) == (
            other.code, sorted(other.tiles, key=_face), other.rules)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.tiles, key=_face)), self.rules))

    def __str__(self) -> str:
        return f"{self.tiles[0]} {self.tiles[1]}: {self.name} ({self.explanation})"

    def __repr__(self) -> str:
        rules = "" if self.rules == DEFAULT_RULES else f", {self.rules!r}"
        return f"HandValue.of('{self.tiles[0]} {self.tiles[1]}'{rules})"

    def _repr_html_(self) -> str:
        """The two tiles and the value as a small table (Jupyter)."""
        from paigow.notebook import table_html, tiles_html

        return tiles_html(self.tiles) + table_html(
            [("value", self.name), ("kind", self.kind), ("why", self.explanation)])

    def chinese_name(self, script: Script = "hant") -> str:
        """The hand's Chinese name in ``script`` (``"hant"`` Traditional, ``"hans"``
        Simplified): 至尊, 雙天 ... 雙紮五, 天王, 地王, 天槓, 地槓, 天九, 地九, ``N點``."""
        classes = (self.tiles[0].class_index, self.tiles[1].class_index)
        return hand_chinese(self.kind, classes, self.points, script)

    @property
    def chinese(self) -> str:
        """The hand's Chinese name (Traditional, as the seeds write the pairs).

        >>> from paigow.tiles.tile import parse_tiles as p
        >>> [hand_value(p(h)).chinese for h in ("2-1 4-2", "6-6 6-6", "6-6 5-4", "1-1 5-3", "1-1 6-1", "6-5 3-1")]
        ['至尊', '雙天', '天王', '地槓', '地九', '5點']
        """
        return self.chinese_name()

    @property
    def names(self) -> dict[str, str]:
        """The hand's names: ``english`` (its :attr:`name`), ``chinese``, ``simplified``."""
        return {"english": self.name, "chinese": self.chinese,
                "simplified": self.chinese_name("hans")}

    def _repr_svg_(self) -> str:
        """The two tiles as the browser draws them (Jupyter)."""
        from paigow.svg import tiles_row

        return tiles_row([str(t) for t in self.tiles], [t.label() for t in self.tiles])

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "name": self.name,
            "names": self.names,
            "tile_names": [t.names.to_json() for t in self.tiles],
            "points": self.points,
            "rank": self.rank,
            "tiles": [str(t) for t in self.tiles],
            "high_tile": str(self.high_tile) if self.high_tile else None,
            "explanation": self.explanation,
        }


def _highest(a: Tile, b: Tile, rules: TileRules) -> Tile:
    return a if tiebreak_strength(a, rules) >= tiebreak_strength(b, rules) else b


def hand_value(tiles: TilesLike, rules: TileRules = DEFAULT_RULES) -> HandValue:
    """Value a two-tile hand (RULES.md 1.2): tiles or their notation.

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> [hand_value(p(h)).name for h in ("2-1 4-2", "6-6 6-6", "1-1 4-5", "6-6 4-4", "1-1 6-1")]
    ['Gee Joon pair', 'pair of Teen', 'Day Wong', 'Teen Gong', 'high nine']
    """
    if isinstance(tiles, (tuple, list)) and len(tiles) == 2:
        a, b = tiles
        if type(a) is Tile and type(b) is Tile:  # the ways' own tiles: _value checks them
            return _value(a, b, rules)
    two = as_tiles(tiles)
    if len(two) != 2:
        raise IllegalTilesError(f"a hand is two tiles, got {len(two)}")
    return _value(two[0], two[1], rules)


def _face(t: Tile) -> tuple[int, int]:
    return (t.hi, t.lo)


@lru_cache(maxsize=2048)
def _value(a: Tile, b: Tile, rules: TileRules) -> HandValue:
    """:func:`hand_value` of the tiles ``a``, ``b`` (in that order). A hand's value depends
    on nothing else and :class:`HandValue` is immutable, so each of the 441 ordered pairs of
    faces is valued once per rule variant (the web table values the same few hundred hands
    again and again: its bots, the house way, the arrangements shown to each person)."""
    check_available((a, b))
    ca, cb = a.class_index, b.class_index
    both = (a, b)
    if ca == cb:
        cls = CLASSES[ca]
        name = N_("Gee Joon pair") if ca == GEE_JOON else N_("pair of {pair}").format(pair=cls.name)
        return HandValue(
            "pair", name, PAIR_BASE + 15 - ca, None, both, None, 0,
            N_("{a} and {b} are the two tiles of {pair}, pair rank {rank} of 16").format(
                a=a, b=b, pair=cls.name, rank=ca + 1),
            rules=rules,
        )
    for big, other in ((a, b), (b, a)):
        if big.class_index in (TEEN, DAY):
            who = CLASSES[big.class_index].name
            if other.pips == 9:
                return HandValue(
                    "wong", N_("{lead} Wong").format(lead=who), WONG_RANK, 11, both, big,
                    tiebreak_strength(big, rules),
                    N_("{lead} ({tile}) with a nine ({other}) is a Wong").format(
                        lead=who, tile=big, other=other),
                    rules=rules,
                )
            if other.pips == 8:
                return HandValue(
                    "gong", N_("{lead} Gong").format(lead=who), GONG_RANK, 10, both, big,
                    tiebreak_strength(big, rules),
                    N_("{lead} ({tile}) with an eight ({other}) is a Gong").format(
                        lead=who, tile=big, other=other),
                    rules=rules,
                )
    pts = point_total(a, b)
    high = _highest(a, b, rules)
    gj = [t for t in both if t.is_gee_joon]
    why = N_("{a} + {b} pips").format(a=a.pips, b=b.pips)
    if gj:
        why = N_("Gee Joon {tile} counts 3 or 6, whichever is better").format(tile=gj[0])
    explained = N_("{how}: {points}")
    if pts == 0:
        # every 0-0 goes to the banker whatever the tiles: the tiles never matter at zero
        return HandValue("points", points_name(0), 0, 0, both, high, 0,
                         explained.format(how=why, points=points_name(0)), rules=rules)
    high_nine = pts == 9 and any(t.class_index in (TEEN, DAY) for t in both)
    name = N_("high nine") if high_nine else points_name(pts)
    return HandValue(
        "points", name, pts, pts, both, high, tiebreak_strength(high, rules),
        explained.format(how=why, points=points_name(pts)), rules=rules,
    )


def hand_code(a: Tile, b: Tile, rules: TileRules = DEFAULT_RULES) -> int:
    """The comparison code of a hand (see :attr:`HandValue.code`)."""
    return hand_value((a, b), rules).code


@dataclass(frozen=True)
class Comparison:
    """A player's hand against the banker's: who wins and the rule that decided it."""

    winner: Literal["player", "banker"]
    reason: str
    player: HandValue
    banker: HandValue

    def __str__(self) -> str:
        return f"{self.winner} wins: {self.reason}"

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "player": self.player.to_json(),
            "banker": self.banker.to_json(),
        }

    def _repr_html_(self) -> str:
        """Both hands, their values and who wins (Jupyter)."""
        from paigow.notebook import table_html, tiles_html

        return table_html(
            [("player", tiles_html(self.player.tiles), self.player.name),
             ("banker", tiles_html(self.banker.tiles), self.banker.name)],
            head=("", "tiles", "value"), title=f"{self.winner} wins: {self.reason}",
            raw={1})


def compare(
    player: TilesLike, banker: TilesLike, rules: TileRules = DEFAULT_RULES
) -> Comparison:
    """Compare a player's two-tile hand with the banker's (RULES.md 1.3).

    Reads like the rule: higher value wins; 0-0 goes to the banker; equal Wongs, Gongs and
    points go to the higher single tile; the same class of highest tile is a copy, won by
    the banker. The lower tile never breaks a tie.

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> print(compare(p("4-3 2-2"), p("6-5 5-5")).reason)
    tie at 1 point: the banker's highest tile Mooy (5-5) outranks the player's Bon (2-2)
    >>> compare("4-3 2-2", "6-5 5-5").winner
    'banker'

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: not two tiles a hand, or a face more often than the set holds.
    """
    player, banker = as_tiles(player, 2), as_tiles(banker, 2)
    check_available([*player, *banker])
    pv, bv = hand_value(player, rules), hand_value(banker, rules)
    if pv.rank != bv.rank:
        if pv.points == 0 and bv.points == 0:  # pragma: no cover - both zero share rank 0
            raise AssertionError("unreachable")
        winner: Literal["player", "banker"] = "player" if pv.rank > bv.rank else "banker"
        hi, lo = (pv, bv) if winner == "player" else (bv, pv)
        return Comparison(winner, N_("{higher} beats {lower}").format(higher=hi.name, lower=lo.name),
                          pv, bv)
    if pv.kind == "points" and pv.points == 0:
        return Comparison("banker", N_("0-0: every zero-zero tie goes to the banker"), pv, bv)
    if pv.kind == "pair":  # two hands cannot hold the same pair: each class has two tiles
        return Comparison("banker", N_("copy: both hands are the {hand}").format(hand=pv.name),
                          pv, bv)
    assert pv.high_tile is not None and bv.high_tile is not None
    what = pv.name if pv.kind != "points" else points_name(pv.points or 0)
    pt, bt = pv.high_tile, bv.high_tile
    if pv.tiebreak == bv.tiebreak:
        if pv.tiebreak == 0:
            why = N_("neither hand has a tile of value (a lone Gee Joon tile has none)")
        else:
            why = N_("both highest tiles are {pair} ({tile})").format(pair=pt.class_name, tile=pt)
        lead = (N_("{what} each") if pv.kind == "points" else N_("both hands are {what}")).format(
            what=what)
        return Comparison("banker", N_("copy: {lead} and {why}; a copy goes to the banker").format(
            lead=lead, why=why), pv, bv)
    if pv.tiebreak > bv.tiebreak:
        return Comparison(
            "player",
            N_("tie at {what}: the player's highest tile {pair} ({tile}) outranks the "
               "banker's {other_pair} ({other})").format(
                what=what, pair=pt.class_name, tile=pt, other_pair=bt.class_name, other=bt),
            pv, bv,
        )
    return Comparison(
        "banker",
        N_("tie at {what}: the banker's highest tile {pair} ({tile}) outranks the "
           "player's {other_pair} ({other})").format(
            what=what, pair=bt.class_name, tile=bt, other_pair=pt.class_name, other=pt),
        pv, bv,
    )
