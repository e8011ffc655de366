"""Pai Gow tiles: the 32 Chinese dominoes, hand values, comparison and settings.

The front door (:mod:`paigow.tiles.api`): :func:`value`, :func:`hand`, :func:`set_hand`,
:func:`advise`, :func:`edge`; the core below it: tiles, values, comparison, settings.

>>> from paigow.tiles import parse_tiles, hand_value, compare
>>> hand_value(parse_tiles("6-6 5-4")).name
'Teen Wong'
>>> compare(parse_tiles("4-3 2-2"), parse_tiles("6-5 5-5")).winner
'banker'
"""

from paigow.tiles.api import TileHand, advise, edge, hand, set_hand, value
from paigow.tiles.hand import Comparison, HandValue, compare, hand_code, hand_value
from paigow.tiles.rules import TileRules
from paigow.tiles.setting import Setting, settings
from paigow.tiles.tile import CLASSES, DECK, FACES, Tile, TileClass, parse_tile, parse_tiles

__all__ = [
    "CLASSES",
    "DECK",
    "FACES",
    "Comparison",
    "HandValue",
    "Setting",
    "Tile",
    "TileClass",
    "TileHand",
    "TileRules",
    "advise",
    "compare",
    "edge",
    "hand",
    "hand_code",
    "hand_value",
    "parse_tile",
    "parse_tiles",
    "set_hand",
    "settings",
    "value",
]
