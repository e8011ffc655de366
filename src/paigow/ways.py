"""Hand-setting ways of both games: the one :class:`Decision` a way returns, the
structured :class:`Rule` that decided it, and :func:`get_way`, which finds a way of either
game by name.

A way is an object with one job: given a hand (four tiles or seven cards) and whether it
banks, return a :class:`Decision`: the setting, and the rule of the way that decided it as
a value (the way, the rule's number, its words). The trainer and the browser read that
value; nothing parses a rule back out of text.

>>> d = get_way("house", POKER).choose("Kd Qs Jh 9c 7d 4s 3h")
>>> d.rule.way, d.rule.number, d.rule.words
('house', '1.1', 'no pair: highest card behind, second and third highest in front')
>>> str(d)
'Kd 9c 7d 4s 3h | Qs Jh  (house 1.1: no pair: highest card behind, second and third highest in front)'
>>> get_way("australian", TILES).choose("6-6 4-2 5-3 1-1").rule.number
'4.3'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from os import PathLike
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

from paigow.errors import RuleError
from paigow.poker.rules import DEFAULT_RULES as POKER
from paigow.poker.rules import PokerRules
from paigow.tiles.rules import DEFAULT_RULES as TILES
from paigow.tiles.rules import TileRules

if TYPE_CHECKING:
    from paigow.poker.ways import PokerWay
    from paigow.tiles.ways import TileWay

Progress = Callable[[int, int], None]
WayName = str | PathLike[str]
"""A way as the front doors take it: its name (``"australian"``, ``"foxwoods"``), or the
path of its way file, as a string or a path object."""


@dataclass(frozen=True)
class Rule:
    """The rule of a way that decided a setting: the ``way`` whose rule it is, the rule's
    ``number`` (``"7.17"``, ``"1.1"``; None for a way whose rules are not numbered: a
    split table's cell, a line of a table file, the optimal way) and its ``words``.

    ``cite`` is how the decision names the rule before its words when that is not
    ``"<way> <number>"`` (``"luger (banker column)"``, ``"my-way, otherwise foxwoods
    3.2"``, ``"tables.csv, line 12"``). :attr:`text` is the whole line, as the command
    line prints it.

    >>> r = Rule("house", "3.2", "two pair, high pair sixes or better: split")
    >>> r.text, r.ref
    ('house 3.2: two pair, high pair sixes or better: split', 'rule 3.2')
    >>> Rule("tables.csv", None, "", cite="tables.csv, line 12").text
    'tables.csv, line 12'
    """

    way: str
    number: str | None
    words: str
    cite: str = ""

    @property
    def head(self) -> str:
        """How the rule is named: ``"house 3.2"``, ``"luger (banker column)"``."""
        if self.cite:
            return self.cite
        return f"{self.way} {self.number}" if self.number else self.way

    @property
    def text(self) -> str:
        """The whole line: ``"house 3.2: two pair ..."``."""
        return f"{self.head}: {self.words}" if self.words else self.head

    @property
    def ref(self) -> str:
        """The rule named without the way's code name: ``"rule 3.2"``, or its head when
        the rule has no number."""
        return f"rule {self.number}" if self.number else self.head

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, object]:
        """Plain data: ``way``, ``number``, ``words``, ``cite`` and the whole ``text``."""
        return {"way": self.way, "number": self.number, "words": self.words,
                "cite": self.cite, "text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rule:
        """The rule :meth:`to_json` wrote.

        >>> r = Rule("foxwoods", "3.2", "split", cite="mine, otherwise foxwoods 3.2")
        >>> Rule.from_json(r.to_json()) == r
        True
        """
        number = data.get("number")
        return cls(str(data.get("way", "")), None if number is None else str(number),
                   str(data.get("words", "")), str(data.get("cite", "")))


class Setting(Protocol):
    """What a decision needs of a setting (both games' settings have it)."""

    def hands_json(self) -> dict[str, object]: ...

    def _repr_html_(self) -> str: ...


S = TypeVar("S", bound=Setting)


@dataclass(frozen=True)
class Decision(Generic[S]):
    """A way's choice for one hand, in either game: the setting and the :class:`Rule`
    that decided it.

    >>> d = get_way("australian", TILES).choose("6-5 3-2 6-4 4-3")
    >>> print(d.setting), print(d.rule.words)
    6-4 4-3 / 6-5 3-2
    bring the hands as close together as possible (6 and 7)
    (None, None)
    """

    setting: S
    rule: Rule

    def __str__(self) -> str:
        return f"{self.setting}  ({self.rule})"

    def _repr_html_(self) -> str:
        """The setting as the browser draws it, and the rule (Jupyter)."""
        from html import escape

        return (self.setting._repr_html_()
                + f"<div><small>{escape(self.rule.text)}</small></div>")

    def to_json(self) -> dict[str, object]:
        """Plain data: the two hands, the rule's line (``rule``) and its parts
        (``rule_way``, ``rule_number``, ``rule_words``)."""
        return {**self.setting.hands_json(), "rule": self.rule.text,
                "rule_way": self.rule.way, "rule_number": self.rule.number,
                "rule_words": self.rule.words}


@overload
def get_way(name: str | PathLike[str], rules: TileRules, *, dealer: str | None = None,
            commission: Fraction | None = None, progress: Progress | None = None,
            **options: object) -> TileWay: ...


@overload
def get_way(name: str | PathLike[str], rules: PokerRules, *, dealer: str | None = None,
            commission: Fraction | None = None, progress: Progress | None = None,
            **options: object) -> PokerWay: ...


def get_way(name: str | PathLike[str], rules: TileRules | PokerRules, *,
            dealer: str | None = None, commission: Fraction | None = None,
            progress: Progress | None = None, **options: object) -> TileWay | PokerWay:
    """The hand-setting way called ``name`` in the game ``rules`` are of (pass
    :data:`TILES`, :data:`POKER`, or any :class:`TileRules`/:class:`PokerRules`): a
    built-in way, ``optimal`` (best exact EV against the ``dealer`` way at
    ``commission``), a way file shipped with paigow by name, or the path of a way file (a
    tile strategy table too). ``progress(done, total)`` follows the work a tile way file
    does when it is loaded; ``options`` go to the poker ``optimal`` way (``deck``,
    ``cache``).

    Raises:
        RuleError: an unknown way, or an option a way does not take.
        WayFileError: a tile way file that cannot be used.

    >>> get_way("HOUSE", POKER).name, get_way("luger", TILES).name
    ('house', 'luger')
    >>> get_way("nonsense", POKER)
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown poker way 'nonsense': choose one of house, basic, optimal, a shipped way file (ballys-atlantic-city, claridge, flamingo-hilton, foxwoods, golden-nugget, mgm-grand, seeds, trump-plaza) or the path of a .toml way file
    """
    if isinstance(rules, TileRules):
        from paigow.tiles.ways.registry import tile_way

        if options:
            raise RuleError(f"a tile way takes no options, got {', '.join(sorted(options))}")
        return tile_way(name, rules, dealer=dealer or "australian",
                        commission=Fraction(5, 100) if commission is None else commission,
                        progress=progress)
    if isinstance(rules, PokerRules):
        from paigow.poker.ways import poker_way

        if dealer is not None:
            options["dealer"] = dealer
        if commission is not None:
            options["rate"] = commission
        return poker_way(str(name), rules, **options)
    raise RuleError(f"rules must be TileRules or PokerRules (they say which game), not "
                    f"{type(rules).__name__}")


__all__ = ["POKER", "TILES", "Decision", "Rule", "WayName", "get_way"]
