"""The tile game's front door: ``paigow.tiles.value(...)``, ``set_hand``, ``advise``, ``edge``.

Each function takes tiles in the project's notation (``"6-6 5-4"``, ``"6-6", "5-4"``,
``"teen 5-4"``) and rule switches by name, and returns a frozen dataclass with
``to_json()``. A hand and a setting show as the browser's pieces in Jupyter
(``_repr_svg_``, ``_repr_html_``) and as text in a terminal (``str``). Bad input raises a
:class:`~paigow.errors.PaigowError` subclass naming it (``TileError``, ``RuleError``,
``AmountError``), never a bare ``ValueError``.

The odds (``advise``, ``edge``) import the analysis kernels when first called.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from paigow.errors import RuleError
from paigow.settle import parse_rate
from paigow.tiles.hand import HandValue, hand_value
from paigow.tiles.rules import TileRules
from paigow.tiles.tile import Tile, parse_tiles

if TYPE_CHECKING:
    from paigow.analysis.tiles_odds import Advice, EdgeResult
    from paigow.tiles.ways import Decision, TileWay

TilesLike = str | Tile | Iterable[str | Tile]
GEE_JOON_TIEBREAKS = ("ranked", "no_value")


def _rules(gee_joon_tiebreak: str) -> TileRules:
    if gee_joon_tiebreak not in GEE_JOON_TIEBREAKS:
        raise RuleError(f"unknown gee_joon_tiebreak {gee_joon_tiebreak!r}: choose ranked or "
                        "no_value")
    return TileRules(gee_joon_tiebreak)  # type: ignore[arg-type]


def _tiles(parts: tuple[TilesLike, ...], count: int | None) -> tuple[Tile, ...]:
    tokens: list[str | Tile] = []
    for p in parts:
        if isinstance(p, (str, Tile)):
            tokens.append(p)
        else:
            tokens.extend(p)
    text = [t if isinstance(t, Tile) else str(t) for t in tokens]
    flat: list[str | Tile] = []
    for t in text:
        flat.extend(t.split() if isinstance(t, str) else [t])
    return parse_tiles(flat, count=count)


@dataclass(frozen=True)
class TileHand:
    """Tiles held together: shown as dominoes in Jupyter, as notation in a terminal.

    >>> h = hand("6-6 4-2 5-3 1-1")
    >>> str(h)
    '6-6 4-2 5-3 1-1'
    >>> h.to_json()
    ['6-6', '4-2', '5-3', '1-1']
    >>> h._repr_svg_().startswith('<svg')
    True
    """

    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return " ".join(str(t) for t in self.tiles)

    def to_json(self) -> list[str]:
        return [str(t) for t in self.tiles]

    def _repr_svg_(self) -> str:
        from paigow.svg import tiles_row

        return tiles_row([str(t) for t in self.tiles], [t.label() for t in self.tiles])


def hand(*tiles: TilesLike) -> TileHand:
    """Tiles as a :class:`TileHand` (each checked; no more of a tile than the set holds).

    >>> hand("6-6 6-6", "teen")
    Traceback (most recent call last):
    ...
    paigow.errors.TileError: tile '6-6' appears 3 times, but the set has only 2
    """
    return TileHand(_tiles(tiles, None))


def value(*tiles: TilesLike, gee_joon_tiebreak: str = "ranked") -> HandValue:
    """The value of a two-tile hand, and why (RULES 1.2).

    >>> v = value("6-6", "5-4")
    >>> v.name, v.kind
    ('Teen Wong', 'wong')
    >>> print(v)
    6-6 5-4: Teen Wong (Teen (6-6) with a nine (5-4) is a Wong)
    >>> value("6-6 5-4 1-1")
    Traceback (most recent call last):
    ...
    paigow.errors.TileError: expected 2 tiles, got 3: '6-6 5-4 1-1'
    """
    return hand_value(_tiles(tiles, 2), _rules(gee_joon_tiebreak))


def _way(name: str, dealer: str, rules: TileRules, rate: Fraction) -> TileWay:
    from paigow.tiles.ways.registry import get_way

    if name.strip().lower() == "optimal":
        from paigow.analysis.tiles_odds import OptimalWay

        return OptimalWay(get_way(dealer, rules, commission=rate), rules, rate)
    return get_way(name, rules, commission=rate)


def set_hand(tiles: TilesLike, way: str = "australian", *, banking: bool = False,
             dealer: str = "australian", commission: str | float | Fraction = "5%",
             gee_joon_tiebreak: str = "ranked") -> Decision:
    """How a way sets four tiles, and the rule that decided (``dealer`` and
    ``commission`` matter only to ``way="optimal"``).

    >>> d = set_hand("6-6 4-2 5-3 1-1", way="australian")
    >>> print(d.setting)
    6-6 5-3 / 1-1 4-2
    >>> d.rule.split(":")[0]
    'australian 4.3'
    >>> set_hand("6-6 4-2 5-3 1-1", way="nonsense")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown tile way 'nonsense': choose one of australian, luger, luger-banker, luger-player, harrahs, eighty, optimal, australian.toml, derived-australian.toml, harrahs.toml, FILE.toml, FILE.csv, table:PATH
    """
    rules = _rules(gee_joon_tiebreak)
    rate = parse_rate(commission)
    hand4 = _tiles((tiles,), 4)
    return _way(way, dealer, rules, rate).choose(hand4, banking)


def advise(tiles: TilesLike, *, dealer: str = "australian", banking: bool = False,
           commission: str | float | Fraction = "5%",
           gee_joon_tiebreak: str = "ranked") -> Advice:
    """Exact odds of each way to set four tiles against every hand of the 28 tiles left
    (20,475), the other side set by ``dealer``; the best setting marked.

    >>> a = advise("6-6 4-2 5-3 1-1")
    >>> best = a.settings[a.best]
    >>> print(best.setting)
    6-6 5-3 / 1-1 4-2
    >>> best.win + best.push + best.lose
    20475
    """
    from paigow.analysis.tiles_odds import advise as run

    rules = _rules(gee_joon_tiebreak)
    rate = parse_rate(commission)
    hand4 = _tiles((tiles,), 4)
    return run(hand4, _way(dealer, dealer, rules, rate), banking, rate, rules)


def edge(player: str = "australian", dealer: str = "australian", *, banking: bool = False,
         commission: str | float | Fraction = "5%",
         gee_joon_tiebreak: str = "ranked") -> EdgeResult:
    """The exact house edge of the ``player`` way against the ``dealer`` way over all
    736,281,000 matchups (as the bank against players of ``dealer`` when ``banking``).

    >>> e = edge("australian", "australian")
    >>> e.total, e.win + e.push + e.lose == e.total
    (736281000, True)
    """
    from paigow.analysis.tiles_odds import edge as run

    rules = _rules(gee_joon_tiebreak)
    rate = parse_rate(commission)
    return run(_way(player, dealer, rules, rate), _way(dealer, dealer, rules, rate), banking,
               rate, rules)
