"""Find a tile hand-setting way by name (see :mod:`paigow.tiles.ways`)."""

from __future__ import annotations

from fractions import Fraction
from importlib import import_module
from typing import cast

from paigow.errors import RuleError
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.ways import TileWay

# name -> (module, class); each class takes ``rules`` as its only required keyword.
_NAMED: dict[str, tuple[str, str]] = {
    "australian": ("paigow.tiles.ways.australian", "AustralianHouseWay"),
    "luger": ("paigow.tiles.ways.split_tables", "LugerWay"),
    "luger-banker": ("paigow.tiles.ways.split_tables", "LugerBankerWay"),
    "luger-player": ("paigow.tiles.ways.split_tables", "LugerPlayerWay"),
    "harrahs": ("paigow.tiles.ways.split_tables", "HarrahsWay"),
    "eighty": ("paigow.tiles.ways.eighty", "EightyWay"),
}

NAMES: tuple[str, ...] = (*_NAMED, "optimal", "table:PATH")


def get_way(
    name: str,
    rules: TileRules = DEFAULT_RULES,
    *,
    dealer: str = "australian",
    commission: Fraction = Fraction(5, 100),
) -> TileWay:
    """The way called ``name``. ``optimal`` plays best against the ``dealer`` way at the
    given ``commission``; ``table:PATH`` loads a strategy table file.

    >>> get_way("nonsense")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown tile way 'nonsense': choose one of australian, luger, luger-banker, luger-player, harrahs, eighty, optimal, table:PATH
    """
    key = name.strip()
    if key.lower() in _NAMED:
        module, cls = _NAMED[key.lower()]
        way = cast(TileWay, getattr(import_module(module), cls)(rules=rules))
        return way
    if key.lower() == "optimal":
        optimal = import_module("paigow.analysis.tiles_odds").OptimalWay
        return cast(
            TileWay,
            optimal(dealer=get_way(dealer, rules), rules=rules, commission=commission),
        )
    if key.lower().startswith("table:"):
        load = import_module("paigow.tiles.ways.table_file").load_table_way
        return cast(TileWay, load(key[len("table:"):], rules=rules))
    raise RuleError(f"unknown tile way {name!r}: choose one of {', '.join(NAMES)}")
