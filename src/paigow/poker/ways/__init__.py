"""Hand-setting ways for Pai Gow Poker (RULES.md 2.7).

A way is an object with one job: given seven cards and whether it banks, return a
:class:`Decision` (the setting, and the numbered rule of the way that decided it). Every
way also has ``set(cards, banking) -> Setting`` and so satisfies
:class:`paigow.poker.setting.Strategy`: a house way can re-set a fouled hand.

Names understood by :func:`get_way`:

* ``house`` — the house way (:class:`~paigow.poker.ways.house.HouseWay`), written out as
  numbered rules in ``docs/poker-house-way.md``
* ``basic`` — the seed's basic strategy (:class:`~paigow.poker.ways.basic.BasicStrategy`)
* ``optimal`` — best exact expected value against a house-way banker
  (``paigow.analysis.poker_odds.OptimalWay``, loaded only when asked for)
* a shipped way file by name (``seeds``, ``foxwoods``, ``trump-plaza``, …:
  :func:`paigow.poker.ways.file_way.shipped_ways`) or any way file by its path
  (``my-casino.toml``; format in ``docs/poker-house-way-files.md``), checked when loaded
  (:class:`paigow.poker.ways.file_way.FileWay`)

The batch (numba) form of any of these, for the analyses, is
:func:`paigow.analysis.poker_ways.fast_way` (same names and paths).

>>> way = get_way("house")
>>> d = way.choose("Kd Qs Jh 9c 7d 4s 3h")
>>> str(d.setting), d.rule
('Kd 9c 7d 4s 3h | Qs Jh', 'house 1.1: no pair: highest card behind, second and third highest in front')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Protocol, cast, runtime_checkable

from paigow.errors import RuleError
from paigow.poker.cards import Card, card_name
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting

DEFAULT_RULES = PokerRules()


@dataclass(frozen=True)
class Decision:
    """A way's choice for one hand: the setting and the numbered rule that decided it."""

    setting: Setting
    rule: str

    def __str__(self) -> str:
        return f"{self.setting}  ({self.rule})"

    def _repr_html_(self) -> str:
        """The setting as the browser draws it, and the rule (Jupyter)."""
        from html import escape

        return self.setting._repr_html_() + f"<div><small>{escape(self.rule)}</small></div>"

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output: the two hands as lists of card names."""
        return {
            "high": [card_name(c) for c in self.setting.high],
            "low": [card_name(c) for c in self.setting.low],
            "rule": self.rule,
        }


@runtime_checkable
class PokerWay(Protocol):
    """A hand-setting way for seven cards."""

    name: str

    def choose(self, cards: str | Iterable[str | int], banking: bool = False) -> Decision:
        """The setting this way plays for ``cards``, as banker when ``banking``."""
        ...

    def set(self, cards: Sequence[Card], banking: bool) -> Setting:
        """``choose(cards, banking).setting`` (the :class:`~paigow.poker.setting.Strategy`
        shape)."""
        ...


# name -> (module, class); each class takes ``rules`` as its only keyword.
_NAMED: dict[str, tuple[str, str]] = {
    "house": ("paigow.poker.ways.house", "HouseWay"),
    "basic": ("paigow.poker.ways.basic", "BasicStrategy"),
}
_OPTIONAL: dict[str, tuple[str, str]] = {
    "optimal": ("paigow.analysis.poker_odds", "OptimalWay"),
}

NAMES: tuple[str, ...] = (*_NAMED, *_OPTIONAL)


def get_way(name: str, rules: PokerRules = DEFAULT_RULES, **options: object) -> PokerWay:
    """The way called ``name`` (case-insensitive) under ``rules``: a built-in way, a
    shipped way file, or the path of a way file.

    ``options`` are passed on to the ``optimal`` way's constructor (for example the
    dealer's way); the other ways take none.

    >>> get_way("HOUSE").name
    'house'
    >>> get_way("foxwoods").name
    'foxwoods'
    >>> get_way("nonsense")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown poker way 'nonsense': choose one of house, basic, optimal, a shipped way file (ballys-atlantic-city, claridge, flamingo-hilton, foxwoods, golden-nugget, mgm-grand, seeds, trump-plaza) or the path of a .toml way file
    """
    key = name.strip().lower()
    if key not in _NAMED and key not in _OPTIONAL:
        from paigow.poker.ways import file_way

        if file_way.is_way_file(name) or name.strip().lower().endswith(".toml"):
            if options:
                raise RuleError(f"a way file takes no options, got {', '.join(sorted(options))}")
            return file_way.load_way(name, rules)
        raise RuleError(
            f"unknown poker way {name!r}: choose one of {', '.join(NAMES)}, a shipped way "
            f"file ({', '.join(file_way.shipped_ways())}) or the path of a .toml way file"
        )
    if key in _NAMED:
        if options:
            raise RuleError(f"the {key} way takes no options, got {', '.join(sorted(options))}")
        module, cls = _NAMED[key]
        return cast(PokerWay, getattr(import_module(module), cls)(rules=rules))
    if key in _OPTIONAL:
        module, cls = _OPTIONAL[key]
        try:
            factory = getattr(import_module(module), cls)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module.startswith(exc.name):
                raise RuleError(
                    f"the {key} poker way is not available: its module {module} is not "
                    "installed yet"
                ) from None
            raise
        except AttributeError:
            raise RuleError(
                f"the {key} poker way is not available: {module} has no {cls}"
            ) from None
        return cast(PokerWay, factory(rules=rules, **options))
    raise AssertionError(key)  # pragma: no cover - every key was handled above


__all__ = ["NAMES", "Decision", "PokerWay", "get_way"]
