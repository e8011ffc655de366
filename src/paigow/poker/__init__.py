"""Pai Gow Poker: 52 cards and a joker.

The front door (:mod:`paigow.poker.api`): :func:`rank`, :func:`hand`, :func:`settings`,
:func:`compare`, :func:`set_hand`, :func:`advise`, :func:`grade`, :func:`simulate`,
:func:`side_bet`, :func:`envy_bonus`, :func:`derive_strategy`, :func:`way_card` (a
strategy card); the value
types below it: :class:`Card`, :class:`Rank`, :class:`Hand`, :class:`HandRank`,
:class:`Setting`, :class:`PokerRules`.

>>> import paigow
>>> paigow.poker.rank("As Ks Qs Js Jk").description
'royal flush (joker completes the royal flush as T)'
>>> paigow.poker.Setting.parse("Kd Qs Jh 9c 7d | 4s 3h")
Setting.parse('Kd Qs Jh 9c 7d | 4s 3h')
"""

from paigow.poker.api import (
    DerivedStrategy,
    Settings,
    StrategyCard,
    advise,
    compare,
    derive_strategy,
    envy_bonus,
    grade,
    hand,
    paytables,
    rank,
    set_hand,
    settings,
    side_bet,
    simulate,
    way_card,
)
from paigow.poker.cards import Card, CardsLike, Hand, Rank, parse_cards
from paigow.poker.rank import HandRank
from paigow.poker.rules import (
    DEFAULT_RULES,
    FoulRule,
    GameName,
    JokerRule,
    PokerRules,
    PushSpec,
    WheelRule,
)
from paigow.poker.setting import Comparison, RankedSetting, Setting

__all__ = [
    "DEFAULT_RULES",
    "Card",
    "CardsLike",
    "Comparison",
    "DerivedStrategy",
    "FoulRule",
    "GameName",
    "Hand",
    "HandRank",
    "JokerRule",
    "PokerRules",
    "PushSpec",
    "Rank",
    "RankedSetting",
    "Setting",
    "Settings",
    "StrategyCard",
    "WheelRule",
    "advise",
    "compare",
    "derive_strategy",
    "envy_bonus",
    "grade",
    "hand",
    "parse_cards",
    "paytables",
    "rank",
    "set_hand",
    "settings",
    "side_bet",
    "simulate",
    "way_card",
]
