"""Hand-setting ways for Pai Gow Poker (RULES.md 2.7).

A way is an object with one job: given seven cards and whether it banks, return a
:class:`~paigow.ways.Decision` (the setting, and the numbered :class:`~paigow.ways.Rule`
of the way that decided it: one class of each for both games). Every
way also has ``set(cards, banking) -> Setting`` and so satisfies
:class:`paigow.poker.setting.Strategy`: a house way can re-set a fouled hand.

Names understood by :func:`paigow.ways.get_way` (with :class:`PokerRules`):

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

>>> way = poker_way("house")
>>> d = way.choose("Kd Qs Jh 9c 7d 4s 3h")
>>> str(d.setting), d.rule.text
('Kd 9c 7d 4s 3h | Qs Jh', 'house 1.1: no pair: highest card behind, second and third highest in front')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import Protocol, cast, runtime_checkable

from paigow.errors import RuleError
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.setting import Setting
from paigow.ways import Decision, Rule


@runtime_checkable
class PokerWay(Protocol):
    """A hand-setting way for seven cards."""

    name: str

    def choose(self, cards: str | Iterable[str | int],
               banking: bool = False) -> Decision[Setting]:
        """The setting this way plays for ``cards``, as banker when ``banking``."""
        ...

    def set(self, cards: Sequence[int], banking: bool) -> Setting:
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


def poker_way(name: str, rules: PokerRules = DEFAULT_RULES, **options: object) -> PokerWay:
    """The poker way called ``name`` (case-insensitive) under ``rules``: a built-in way, a
    shipped way file, or the path of a way file. The registry behind
    :func:`paigow.ways.get_way`, which is the one to call.

    ``options`` are passed on to the ``optimal`` way's constructor (for example the
    dealer's way); the other ways take none.

    >>> poker_way("foxwoods").name
    'foxwoods'
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


__all__ = ["NAMES", "Decision", "PokerWay", "Rule", "poker_way"]
