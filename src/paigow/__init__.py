"""paigow: exact rules engines, hand-setting ways and odds for the Pai Gow family of games.

The public surface is small and typed, and does all the command line does:
:mod:`paigow.tiles` and :mod:`paigow.poker` (each with ``value``/``rank``, ``hand``,
``settings``, ``compare``, ``set_hand``, ``advise``, ``grade`` and ``edge``/``simulate``;
poker's side bets, derived ways and strategy cards too), :mod:`paigow.ways` (either game's
ways by name, one ``Decision`` and its structured ``Rule``), :mod:`paigow.svg` (the pieces,
as the browser draws them) and :class:`PaigowError`, the base of every error on bad input
(:mod:`paigow.errors`). ``import paigow`` is light: each game is imported when first used.

>>> import paigow
>>> paigow.tiles.value("6-6", "5-4").name
'Teen Wong'
>>> print(paigow.poker.set_hand("Kd Qs Jh 9c 7d 4s 3h", way="foxwoods").setting)
Kd 9c 7d 4s 3h | Qs Jh
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from paigow.errors import PaigowError

if TYPE_CHECKING:
    from paigow import poker, svg, tiles, ways

__all__ = ["PaigowError", "__version__", "poker", "svg", "tiles", "ways"]
__version__ = "1.0.0"
"""The version, in this one place (pyproject.toml reads it from here)."""


def __getattr__(name: str) -> Any:
    if name in ("tiles", "poker", "svg", "ways"):
        return importlib.import_module(f"paigow.{name}")
    raise AttributeError(f"module 'paigow' has no attribute {name!r}")
