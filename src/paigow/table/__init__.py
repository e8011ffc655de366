"""A game at a table, for Pai Gow tiles and Pai Gow Poker: seats, bets, the bank and its
rotation, rounds from the bets to the settlement, and a double-entry ledger.

The core is pure (no I/O): the game, the seats' players, chance and the store are
injected. See ``docs/table.md``.
"""

from paigow.table.bank import Banker, BankOffer
from paigow.table.chance import ScriptedChance, secure_chance, seeded_chance
from paigow.table.engine import MemoryStore, RoundRecord, Seat, Table
from paigow.table.game import Choice, Game
from paigow.table.ledger import Entry
from paigow.table.players import Bot

__all__ = [
    "BankOffer",
    "Banker",
    "Bot",
    "Choice",
    "Entry",
    "Game",
    "MemoryStore",
    "RoundRecord",
    "ScriptedChance",
    "Seat",
    "Table",
    "secure_chance",
    "seeded_chance",
]
