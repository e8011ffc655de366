"""Pai Gow Poker: 52 cards and a joker.

The front door (:mod:`paigow.poker.api`): :func:`rank`, :func:`hand`, :func:`set_hand`,
:func:`advise`, :func:`simulate`; the core below it: cards, ranking, settings, ways.

>>> import paigow
>>> paigow.poker.rank("As Ks Qs Js Jk").description
'royal flush (joker completes the royal flush as T)'
"""

from paigow.poker.api import advise, hand, rank, set_hand, simulate
from paigow.poker.cards import Hand, parse_cards
from paigow.poker.rank import HandRank
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting

__all__ = [
    "Hand",
    "HandRank",
    "PokerRules",
    "Setting",
    "advise",
    "hand",
    "parse_cards",
    "rank",
    "set_hand",
    "simulate",
]
