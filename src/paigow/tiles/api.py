"""The tile game's front door: everything ``paigow tiles`` does, as functions.

``value`` (a two-tile hand's rank), ``hand``, ``settings``, ``compare``, ``set_hand``,
``advise``, ``grade``, ``edge``, ``derive_strategy`` and ``way_card`` (a way file's
strategy card). Each takes tiles in the project's notation (``"6-6
5-4"``, ``"6-6", "5-4"``, ``"teen 5-4"``) or :class:`~paigow.tiles.tile.Tile` values
alike, and the rules as one :class:`TileRules` (``rules=``) or by their switch
(``gee_joon_tiebreak=``, typed: a type checker refuses a typo). ``way=`` is always the
hand-setting way, ``dealer=`` the other side's.

Results are frozen dataclasses with ``to_json()`` that print as a player writes them and
show in a notebook: tiles, hands and settings as the browser's dominoes (``_repr_svg_``,
``_repr_html_``), every other result as a table. Values compare with ``<`` and ``>`` as
play does. Bad input raises a :class:`~paigow.errors.PaigowError` subclass naming it
(``TileError``, ``RuleError``, ``AmountError``, ``SettingError``), never a bare
``ValueError``.

The odds (``advise``, ``edge``, ``grade``) import the analysis kernels when first called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from os import fspath
from typing import TYPE_CHECKING, Literal

from paigow.deprecation import renamed
from paigow.errors import RuleError
from paigow.settle import parse_rate
from paigow.strategy import DerivedStrategy, StrategyCard
from paigow.tiles.hand import Comparison, HandValue, TilesLike, as_tiles, hand_value
from paigow.tiles.hand import compare as compare_hands
from paigow.tiles.rules import DEFAULT_RULES, GeeJoonTiebreak, TileRules
from paigow.tiles.setting import Setting
from paigow.tiles.setting import settings as all_settings
from paigow.tiles.tile import Tile
from paigow.values import Listing, unwrap

if TYPE_CHECKING:
    from paigow.analysis.tiles_odds import Advice, EdgeResult
    from paigow.tiles.ways import TileWay
    from paigow.training.grade import Grade
    from paigow.ways import Decision, WayName

Rate = str | float | Fraction
"""A commission rate: ``"5%"``, ``0.05``, ``"1/20"``, ``Fraction(1, 20)``."""
GEE_JOON_TIEBREAKS = ("ranked", "no_value")


def _rules(rules: TileRules | None, gee_joon_tiebreak: GeeJoonTiebreak | None) -> TileRules:
    """``rules`` (default the seeds' rules) with the switch given."""
    r = DEFAULT_RULES if rules is None else rules
    if not isinstance(r, TileRules):
        raise RuleError(f"rules= takes TileRules, not {type(r).__name__}")
    if gee_joon_tiebreak is None:
        return r
    key = str(gee_joon_tiebreak).strip().lower()
    if key not in GEE_JOON_TIEBREAKS:
        raise RuleError(f"unknown gee_joon_tiebreak {gee_joon_tiebreak!r}: choose ranked or "
                        "no_value")
    return TileRules(key)  # type: ignore[arg-type]


HandLike = TilesLike | HandValue
"""A two-tile hand: tiles as :data:`TilesLike`, or a :class:`HandValue` (its tiles)."""
FourLike = TilesLike | Setting
"""Four tiles: as :data:`TilesLike`, or a :class:`Setting` of them."""


def _tiles(parts: tuple[TilesLike | HandValue | Setting, ...],
           count: int | None) -> tuple[Tile, ...]:
    """Every tile of ``parts``: tokens, tiles, hands, a value's or a setting's tiles."""
    tokens: list[str | Tile] = []
    for p in parts:
        if isinstance(p, (str, Tile)):
            tokens.append(p)
        elif isinstance(p, HandValue):
            tokens.extend(p.tiles)
        elif isinstance(p, Setting):
            tokens.extend((*p.high, *p.low))
        else:
            tokens.extend(p)
    return as_tiles(tokens, count)


@dataclass(frozen=True)
class TileHand:
    """Tiles held together: shown as dominoes in Jupyter, as notation in a terminal; its
    repr reads back.

    >>> h = hand("6-6 4-2 5-3 1-1")
    >>> h, str(h), h.to_json()
    (TileHand.parse('6-6 4-2 5-3 1-1'), '6-6 4-2 5-3 1-1', ['6-6', '4-2', '5-3', '1-1'])
    >>> eval(repr(h)) == TileHand.parse(repr(h)) == h
    True
    >>> h._repr_svg_().startswith('<svg')
    True
    """

    tiles: tuple[Tile, ...]

    @classmethod
    def parse(cls, text: str) -> TileHand:
        """Tiles from their notation, or a hand's repr.

        Raises:
            TileNotationError: a token that is not a tile.
            IllegalTilesError: a face more often than the set holds it.
        """
        return cls(as_tiles(unwrap(text, "TileHand.parse", "TileHand")))

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def __str__(self) -> str:
        return " ".join(str(t) for t in self.tiles)

    def __repr__(self) -> str:
        return f"TileHand.parse({str(self)!r})"

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
    paigow.errors.IllegalTilesError: tile '6-6' appears 3 times, but the set has only 2

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: a face more often than the set holds it.
    """
    return TileHand(_tiles(tiles, None))


def value(*tiles: TilesLike, rules: TileRules | None = None,
          gee_joon_tiebreak: GeeJoonTiebreak | None = None) -> HandValue:
    """The value of a two-tile hand, and why (RULES 1.2). Values compare with ``<`` and
    ``>`` as play does (the greater wins; neither is a copy, the banker's).

    >>> v = value("6-6", "5-4")
    >>> v.name, v.kind
    ('Teen Wong', 'wong')
    >>> print(v)
    6-6 5-4: Teen Wong (Teen (6-6) with a nine (5-4) is a Wong)
    >>> value("6-6 5-4") > value("1-1 6-3")
    True
    >>> value("6-6 5-4 1-1")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalTilesError: expected 2 tiles, got 3: '6-6 5-4 1-1'

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: not two tiles, or a face more often than the set holds it.
        RuleError: an unknown rule.
    """
    return hand_value(_tiles(tiles, 2), _rules(rules, gee_joon_tiebreak))


@dataclass(frozen=True)
class Settings(Listing[Setting]):
    """The distinct settings of four tiles, each with its high and low hand's value.

    Iterable and indexable like the tuple it holds; a table in a notebook.
    """

    tiles: tuple[Tile, ...]
    settings: tuple[Setting, ...]

    @property
    def items(self) -> tuple[Setting, ...]:
        return self.settings

    def __str__(self) -> str:
        return "\n".join(f"{s}  ({s.high_value.name} / {s.low_value.name})"
                         for s in self.settings)

    def _repr_html_(self) -> str:
        from paigow.notebook import table_html, tiles_html

        return tiles_html(self.tiles) + table_html(
            [(str(s), s.high_value.name, s.low_value.name) for s in self.settings],
            head=("setting", "high hand", "low hand"))


def settings(tiles: FourLike, *, rules: TileRules | None = None,
             gee_joon_tiebreak: GeeJoonTiebreak | None = None) -> Settings:
    """Each distinct way to set four tiles, with its high and low hand and their values
    (RULES 1.4: tiles of one standing are one way).

    >>> [str(s) for s in settings("6-5 3-2 6-4 4-3")]
    ['6-4 4-3 / 6-5 3-2', '4-3 3-2 / 6-5 6-4', '6-5 4-3 / 6-4 3-2']

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: not four tiles, or a face more often than the set holds it.
    """
    four = _tiles((tiles,), 4)
    return Settings(four, tuple(all_settings(four, _rules(rules, gee_joon_tiebreak))))


def compare(player: HandLike, banker: HandLike, rules: TileRules | None = None, *,
            gee_joon_tiebreak: GeeJoonTiebreak | None = None) -> Comparison:
    """A player's two-tile hand against the banker's: who wins and the rule that decided
    (RULES 1.3).

    >>> c = compare("4-3 2-2", "6-5 5-5")
    >>> c.winner, c.reason
    ('banker', "tie at 1 point: the banker's highest tile Mooy (5-5) outranks the player's Bon (2-2)")

    Raises:
        TileNotationError: a token that is not a tile.
        IllegalTilesError: not two tiles a hand, or a face more often than the set holds.
    """
    return compare_hands(_tiles((player,), 2), _tiles((banker,), 2),
                         _rules(rules, gee_joon_tiebreak))


def _way(name: WayName, dealer: WayName, rules: TileRules, rate: Fraction) -> TileWay:
    from paigow.ways import get_way

    return get_way(name, rules, dealer=fspath(dealer), commission=rate)


def set_hand(tiles: FourLike, way: WayName = "australian", *, banking: bool = False,
             dealer: WayName = "australian", commission: Rate = "5%",
             rules: TileRules | None = None,
             gee_joon_tiebreak: GeeJoonTiebreak | None = None) -> Decision[Setting]:
    """How a way sets four tiles, and the rule that decided (``dealer`` and
    ``commission`` matter only to ``way="optimal"``).

    >>> d = set_hand("6-6 4-2 5-3 1-1", way="australian")
    >>> print(d.setting)
    6-6 5-3 / 1-1 4-2
    >>> d.rule.way, d.rule.number
    ('australian', '4.3')
    >>> set_hand("6-6 4-2 5-3 1-1", way="nonsense")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown tile way 'nonsense': choose one of australian, luger, luger-banker, luger-player, harrahs, eighty, optimal, australian.toml, derived-australian.toml, harrahs.toml, FILE.toml, FILE.csv, table:PATH

    Raises:
        TileError: bad tiles, or not four.
        RuleError: an unknown way or rule.
        AmountError: a commission that is not a rate.
    """
    r = _rules(rules, gee_joon_tiebreak)
    rate = parse_rate(commission)
    return _way(way, dealer, r, rate).choose(_tiles((tiles,), 4), banking)


def advise(tiles: FourLike, *, dealer: WayName = "australian", banking: bool = False,
           commission: Rate = "5%", rules: TileRules | None = None,
           gee_joon_tiebreak: GeeJoonTiebreak | None = None) -> Advice:
    """Exact odds of each way to set four tiles against every hand of the 28 tiles left
    (20,475), the other side set by the ``dealer`` way; the best setting marked.

    >>> a = advise("6-6 4-2 5-3 1-1")
    >>> best = a.settings[a.best]
    >>> print(best.setting)
    6-6 5-3 / 1-1 4-2
    >>> best.win + best.push + best.lose
    20475

    Raises:
        TileError: bad tiles, or not four.
        RuleError: an unknown way or rule.
        AmountError: a commission that is not a rate.
    """
    from paigow.analysis.tiles_odds import advise as run

    r = _rules(rules, gee_joon_tiebreak)
    rate = parse_rate(commission)
    return run(_tiles((tiles,), 4), _way(dealer, dealer, r, rate), banking, rate, r)


def grade(tiles: FourLike, setting: Setting | str | int, *,
          drill: Literal["player", "dealer"] = "player", way: WayName = "australian",
          dealer: WayName = "australian", banking: bool = False, commission: Rate = "5%",
          rules: TileRules | None = None,
          gee_joon_tiebreak: GeeJoonTiebreak | None = None) -> Grade:
    """Grade a setting of four tiles (as ``paigow tiles grade`` does): its exact EV beside
    every other setting's, the house ``way``'s setting and numbered rule, the best setting
    and the EV given up. ``setting`` is a :class:`Setting`, its text ``"HIGH | LOW"`` (or
    ``"HIGH / LOW"``) or its number in the listing.

    >>> g = grade("6-5 3-2 6-4 4-3", "6-5 4-3 | 6-4 3-2")
    >>> g.is_optimal, g.rule.way
    (False, 'australian')

    Raises:
        TileError: bad tiles.
        SettingError: a setting that is not one of the hand's.
        RuleError: an unknown way, drill or rule.
    """
    from paigow.training.grade import grade as run

    four = [str(t) for t in _tiles((tiles,), 4)]
    chosen = setting if isinstance(setting, (int, str)) else str(setting)
    return run("tiles", four, chosen, drill=drill, way=fspath(way), dealer=fspath(dealer),
               banking=banking, commission=commission, rules=_rules(rules, gee_joon_tiebreak))


def edge(way: WayName | None = None, dealer: WayName = "australian", *, banking: bool = False,
         commission: Rate = "5%", rules: TileRules | None = None,
         gee_joon_tiebreak: GeeJoonTiebreak | None = None,
         player: WayName | None = None) -> EdgeResult:
    """The exact house edge of the ``way`` hand against the ``dealer`` way over all
    736,281,000 matchups (as the bank against players of ``dealer`` when ``banking``).
    (``player=`` is the old name of ``way=``.)

    >>> e = edge("australian", "australian")
    >>> e.total, e.win + e.push + e.lose == e.total
    (736281000, True)

    Raises:
        RuleError: an unknown way or rule.
        AmountError: a commission that is not a rate.
    """
    from paigow.analysis.tiles_odds import edge as run

    default: WayName = "australian"
    mine = renamed("paigow.tiles.edge", "player", "way", player, way, default)
    r = _rules(rules, gee_joon_tiebreak)
    rate = parse_rate(commission)
    return run(_way(mine, dealer, r, rate), _way(dealer, dealer, r, rate), banking, rate, r)


Shape = Literal["best", "exceptions", "own"]
"""The shape of a learned tile way: ``exceptions`` (the dealer's way with exceptions),
``own`` (rules of its own), ``best`` (both learned, the better kept)."""
Conditions = Literal["points", "tiles", "house"]
"""What a learned tile way's conditions may say (docs/tiles-derive.md, section 2)."""
StepProgress = Callable[[str, int, int], None]
"""``progress(step, done, total)``: the step's words, and how far it is."""


def derive_strategy(dealer: WayName = "australian", *, banking: bool = False,
                    commission: Rate = "5%", max_rules: int = 12, shape: Shape = "best",
                    small: bool = False, conditions: Conditions = "tiles",
                    rules: TileRules | None = None,
                    gee_joon_tiebreak: GeeJoonTiebreak | None = None,
                    progress: StepProgress | None = None) -> DerivedStrategy:
    """Derive a short tile way a person can learn, as ``paigow tiles derive-strategy``
    does: label every distinct hand with the exact EV of each setting against the
    ``dealer`` way (as a player, or as the bank when ``banking``), learn at most
    ``max_rules`` rules in the way-file format (the ``otherwise`` line counted), write the
    way file's text and load it back, counting its edge over all 736,281,000 matchups.
    Its ``share`` of optimal's gain is exact. The full search takes many minutes
    (docs/tiles-derive.md); ``small=True`` searches a hundred candidate rules, in seconds.
    ``conditions`` is what a rule's conditions may say: ``points``, ``tiles`` (thresholds
    with a tile, the default) or ``house`` (the dealer way's own setting too).

    Raises:
        RuleError: an unknown way, shape or rule, or ``dealer="optimal"``.
        AmountError: a commission that is not a rate.
        PaigowError: a rule count out of range (2 to 40).
    """
    from paigow.analysis.tiles_derive_run import derive, shapes_of

    r = _rules(rules, gee_joon_tiebreak)
    rate = parse_rate(commission)
    shapes = shapes_of(shape)
    name = str(fspath(dealer))
    if name.strip().lower() == "optimal":
        raise RuleError("dealer='optimal': a learned way is exceptions to a dealer's house "
                        "way; name one (australian, luger, harrahs, a way file)")
    run = derive(name, _way(name, name, r, rate), r, rate, banking=banking,
                 max_rules=max_rules, shapes=shapes, small=small, progress=progress,
                 conditions=conditions)
    return DerivedStrategy("tiles", name, run.text, tuple(run.report["rule_texts"]),
                           run.report["otherwise"], float(run.derived.share), run.report,
                           run.derived)


def way_card(way: WayName = "australian.toml", *, rules: TileRules | None = None,
             gee_joon_tiebreak: GeeJoonTiebreak | None = None) -> StrategyCard:
    """A printable strategy card of a tile way file (as ``paigow tiles card``): one page,
    its rules in order, each drawn with an example hand of tiles set by it. ``way`` is a
    shipped way file's name (``australian.toml``) or a ``.toml`` path.

    >>> way_card("australian.toml").svg.startswith("<svg")
    True

    Raises:
        RuleError: a way that is not a way file.
        WayFileError: a way file that cannot be used.
    """
    from paigow.tiles.strategy_card import card_svg

    name = str(fspath(way))
    return StrategyCard("tiles", name, card_svg(name, _rules(rules, gee_joon_tiebreak)))


__all__ = [
    "GEE_JOON_TIEBREAKS",
    "FourLike",
    "HandLike",
    "Rate",
    "Settings",
    "Shape",
    "StepProgress",
    "TileHand",
    "advise",
    "compare",
    "derive_strategy",
    "edge",
    "grade",
    "hand",
    "set_hand",
    "settings",
    "value",
    "way_card",
]
