"""A game at a table, for Pai Gow tiles and Pai Gow Poker: seats, bets, the bank and its
rotation, rounds from the bets to the settlement, and a double-entry ledger.

The core is pure (no I/O): the game, the seats' players, chance and the store are
injected. See ``docs/table.md``. The games (:class:`TilesGame`, :class:`PokerGame`) and
the bots' choosers of a way (:class:`WayChooser` for tiles, :class:`StrategyChooser` for
poker) are imported when first used:

>>> from paigow.table import Bot, Seat, Table, TilesGame, WayChooser, seeded_chance
>>> from paigow.ways import TILES, get_way
>>> way = get_way("australian", TILES)
>>> seats = [Seat(n, f"bot {n}", "australian", 10_000, Bot(WayChooser(way), 100))
...          for n in (1, 2)]
>>> record = Table(TilesGame(way), seats, chance=seeded_chance(7)).play_round()
>>> record.number, sorted(record.bets.items())
(1, [(1, 100), (2, 100)])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from paigow.table.bank import Banker, BankOffer
from paigow.table.chance import ScriptedChance, secure_chance, seeded_chance
from paigow.table.engine import MemoryStore, RoundRecord, Seat, Table
from paigow.table.game import Choice, Game
from paigow.table.ledger import Entry
from paigow.table.players import Bot

if TYPE_CHECKING:
    from paigow.table.poker_game import PokerGame, StrategyChooser
    from paigow.table.tiles_game import TilesGame, WayChooser

_LAZY = {"PokerGame": "poker_game", "StrategyChooser": "poker_game",
         "TilesGame": "tiles_game", "WayChooser": "tiles_game"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"paigow.table.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'paigow.table' has no attribute {name!r}")


__all__ = [
    "BankOffer",
    "Banker",
    "Bot",
    "Choice",
    "Entry",
    "Game",
    "MemoryStore",
    "PokerGame",
    "RoundRecord",
    "ScriptedChance",
    "Seat",
    "StrategyChooser",
    "Table",
    "TilesGame",
    "WayChooser",
    "secure_chance",
    "seeded_chance",
]
