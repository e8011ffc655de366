"""Bets on the dealer's hand *as set*: exact odds from the dealer way's setting of every hand.

The Tiger 9 (Commission-Free Fortune Pai Gow) pays when the dealer plays a nine-high
two-card hand. Whether it does depends on the seven cards **and** on how the house way
sets them, so the seven-card class counts of :mod:`paigow.poker.sidebet` cannot price it.
The dealer way's one-time table (:func:`paigow.analysis.poker_odds.opponent_table`, the
table exact advice reads: the way's setting of every one of the C(53,7) = 154,143,080
hands as banker, as dense rank ids) holds the answer: count the hands by the two-card rank
id ``L`` of their setting, and apply the pay table to each id's lines
(:func:`paigow.poker.sidebet.lines_of_low_key`). Exact, for any way with a fast kernel
(the built-in house way or any way file), any ranking variant, and any deck (a small
deck's table is built in memory, which is how the tests check it against the reference
way hand by hand).

>>> from paigow.poker.cards import parse_cards
>>> from paigow.poker.sidebet import load_paytable
>>> deck = parse_cards("As Kh Qd 9d 9s 8c 7s 6d 5h 4d 3c 2s 2h Jk")
>>> odds = dealer_bet_odds(load_paytable("tiger-9"), "house", deck=deck, cache=False)
>>> odds.total, odds.lines[0].count     # C(14,7) hands; those the house way sets 9-x in front
(3432, 346)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np

from paigow.analysis import Progress
from paigow.analysis.poker_odds import check_deck, opponent_table, way_for
from paigow.analysis.poker_ways import FastWay, SlowWay
from paigow.errors import RuleError
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.sidebet import PayTable, SideBetOdds, lines_of_low_key, odds_from_classes


def dealer_way_for(dealer: FastWay | str, rules: PokerRules, n_cards: int) -> FastWay:
    """The ``dealer`` way as the one-time table sets it, refused (before any work) when a
    deck of ``n_cards`` is too large for a way without a fast kernel.

    Raises:
        RuleError: a way without a fast kernel for a deck of 40 cards or more.
    """
    way = way_for(dealer, rules)
    if n_cards >= 40 and isinstance(way, SlowWay):
        raise RuleError(f"the {way.name} way has no fast kernel: its setting of every hand "
                        "of the full deck would take days; give a way file or house (or a "
                        "small deck)")
    return way


def low_rank_counts(
    dealer: FastWay | str = "house",
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
    cache: Path | bool = True,
    on_progress: Progress | None = None,
) -> dict[int, int]:
    """How many hands of ``deck`` the ``dealer`` way, banking, sets with each two-card hand,
    keyed by the two-card rank key (:func:`paigow.poker.fast.table2`'s). The one-time table
    is built (and cached, as for exact advice) when missing; ``on_progress`` reports it."""
    cards = check_deck(deck)
    way = dealer_way_for(dealer, rules, len(cards))
    table = opponent_table(way, True, rules, cards, cache, on_progress)
    keys2 = table.keys2
    grid, _ = table.counts((), np.zeros(len(table.keys5), np.int64), np.arange(len(keys2)),
                           1, len(keys2))
    return {int(keys2[i]): int(n) for i, n in enumerate(grid[0].tolist()) if n}


def dealer_bet_odds(
    table: PayTable,
    dealer: FastWay | str = "house",
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
    cache: Path | bool = True,
    on_progress: Progress | None = None,
) -> SideBetOdds:
    """Exact odds of a bet on the banker's hand as set (``on = "banker-set"``) when the
    banker sets every hand of ``deck`` by the ``dealer`` way (a name, a way file's path,
    or a :class:`~paigow.analysis.poker_ways.FastWay`)."""
    if table.on != "banker-set":
        raise RuleError(f"the pay table {table.name!r} reads seven cards, not the dealer's "
                        "setting: its odds need no dealer way (paigow.poker.sidebet)")
    table.check_rules(rules)
    cards = check_deck(deck)
    counts = low_rank_counts(dealer, rules, cards, cache, on_progress)
    name = dealer if isinstance(dealer, str) else dealer.name
    return odds_from_classes(counts, table, rules, len(cards), lines_of_low_key, name)


__all__ = ["dealer_bet_odds", "low_rank_counts"]
