"""Find a tile hand-setting way by name or file (see :mod:`paigow.tiles.ways`): the
registry behind :func:`paigow.ways.get_way`, which is the one to call."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from importlib import import_module
from os import PathLike
from pathlib import Path
from typing import cast

from paigow.errors import RuleError
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.ways import TileWay

Progress = Callable[[int, int], None]

# name -> (module, class); each class takes ``rules`` as its only required keyword.
_NAMED: dict[str, tuple[str, str]] = {
    "australian": ("paigow.tiles.ways.australian", "AustralianHouseWay"),
    "luger": ("paigow.tiles.ways.split_tables", "LugerWay"),
    "luger-banker": ("paigow.tiles.ways.split_tables", "LugerBankerWay"),
    "luger-player": ("paigow.tiles.ways.split_tables", "LugerPlayerWay"),
    "harrahs": ("paigow.tiles.ways.split_tables", "HarrahsWay"),
    "eighty": ("paigow.tiles.ways.eighty", "EightyWay"),
}


def shipped_files() -> tuple[str, ...]:
    """The names of the way files shipped with paigow (``australian.toml``)."""
    from paigow.tiles.ways.way_file import shipped_way_files

    return tuple(shipped_way_files())


NAMES: tuple[str, ...] = (*_NAMED, "optimal", *shipped_files(), "FILE.toml", "FILE.csv",
                          "table:PATH")


def tile_way(
    name: str | PathLike[str],
    rules: TileRules = DEFAULT_RULES,
    *,
    dealer: str = "australian",
    commission: Fraction = Fraction(5, 100),
    progress: Progress | None = None,
) -> TileWay:
    """The way called ``name``: a built-in name, ``optimal`` (best against the ``dealer``
    way at the given ``commission``), a way file (``FILE.toml``: a path, or the name of a
    way file shipped with paigow when no such path exists), or a strategy table
    (``FILE.csv`` or ``table:PATH``). Loading a way file checks it and sets every hand
    once; ``progress(done, total)`` follows that work.

    >>> tile_way("nonsense")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown tile way 'nonsense': choose one of australian, luger, luger-banker, luger-player, harrahs, eighty, optimal, australian.toml, derived-australian.toml, harrahs.toml, FILE.toml, FILE.csv, table:PATH
    """
    key = str(name).strip()
    low = key.lower()
    if low in _NAMED:
        module, cls = _NAMED[low]
        way = cast(TileWay, getattr(import_module(module), cls)(rules=rules))
        return way
    if low == "optimal":
        optimal = import_module("paigow.analysis.tiles_odds").OptimalWay
        return cast(
            TileWay,
            optimal(dealer=tile_way(dealer, rules, progress=progress), rules=rules,
                    commission=commission),
        )
    if low.startswith("table:"):
        load = import_module("paigow.tiles.ways.table_file").load_table_way
        return cast(TileWay, load(key[len("table:"):], rules=rules))
    if low.endswith(".toml"):
        from paigow.tiles.ways.way_file import load_way_file, shipped_way_files

        path = Path(key).expanduser()
        if not path.exists() and key in shipped_way_files():
            path = shipped_way_files()[key]
        if not path.exists():
            raise RuleError(f"no way file {key!r}: not a file, and not a way shipped with "
                            f"paigow ({', '.join(shipped_files())})")
        return load_way_file(path, rules, progress)
    if low.endswith(".csv"):
        load = import_module("paigow.tiles.ways.table_file").load_table_way
        return cast(TileWay, load(key, rules=rules))
    if Path(key).is_file():
        raise RuleError(f"cannot tell what {key!r} holds: a way file ends in .toml, a strategy "
                        "table in .csv")
    raise RuleError(f"unknown tile way {key!r}: choose one of {', '.join(NAMES)}")
