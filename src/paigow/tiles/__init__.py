"""Pai Gow tiles: the 32 Chinese dominoes, hand values, comparison and settings.

The front door (:mod:`paigow.tiles.api`): :func:`value`, :func:`hand`, :func:`settings`,
:func:`compare`, :func:`set_hand`, :func:`advise`, :func:`grade`, :func:`edge`,
:func:`derive_strategy`, :func:`way_card` (a strategy card); the value
types below it: :class:`Tile`, :class:`HandValue`, :class:`Setting`, :class:`TileRules`.

>>> from paigow.tiles import compare, value
>>> value("6-6 5-4").name
'Teen Wong'
>>> compare("4-3 2-2", "6-5 5-5").winner
'banker'
"""

from paigow.strategy import DerivedStrategy, StrategyCard
from paigow.tiles.api import (
    Settings,
    TileHand,
    advise,
    compare,
    derive_strategy,
    edge,
    grade,
    hand,
    set_hand,
    settings,
    value,
    way_card,
)
from paigow.tiles.hand import Comparison, HandValue, TilesLike, hand_code, hand_value
from paigow.tiles.rules import DEFAULT_RULES, GeeJoonTiebreak, TileRules
from paigow.tiles.setting import Setting
from paigow.tiles.tile import CLASSES, DECK, FACES, Tile, TileClass, parse_tile, parse_tiles

__all__ = [
    "CLASSES",
    "DECK",
    "DEFAULT_RULES",
    "FACES",
    "Comparison",
    "DerivedStrategy",
    "GeeJoonTiebreak",
    "HandValue",
    "Setting",
    "Settings",
    "StrategyCard",
    "Tile",
    "TileClass",
    "TileHand",
    "TileRules",
    "TilesLike",
    "advise",
    "compare",
    "derive_strategy",
    "edge",
    "grade",
    "hand",
    "hand_code",
    "hand_value",
    "parse_tile",
    "parse_tiles",
    "set_hand",
    "settings",
    "value",
    "way_card",
]
