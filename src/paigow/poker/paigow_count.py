"""How many seven-card hands are a pai gow of a given high card, counted by combinatorics.

A **pai gow** with ``R`` high (:mod:`paigow.poker.kinds`) is seven cards from which no
pair, straight or flush can be made, ``R`` the highest. The Queen's Dragon pays on the
banker's queen-high pai gow, and in the commission-free game that hand pushes every bet,
so its count is the figure both rest on. :func:`paigow.poker.sidebet.class_counts` counts
it by enumerating all C(53,7) hands; this module counts it without looking at a single
hand, as the product of two independent choices, so the two can check each other:

* **ranks**: seven different ranks with ``R`` the highest and no five in a row (the ace
  also plays low, in A-2-3-4-5);
* **suits**: any suit for each card except the assignments with five or more cards of one
  suit (a flush). Two suits cannot both hold five of seven cards, so
  4^7 - 4·(C(7,5)·3^2 + C(7,6)·3 + 1) = 15,540 assignments.

The joker: under the bug rule (RULES.md 2.2) it is an ace unless it completes a straight
or flush, so with an ace it pairs, and without one it can only make an **ace-high** pai
gow: six different natural ranks, no ace, no five-rank window holding four of them (the
joker would fill it), and no suit holding four of the six (the joker would make a flush):
4^6 - 4·(C(6,4)·3^2 + C(6,5)·3 + 1) = 3,480 suit assignments. Under the wild rule the
joker always pairs, so no hand with it is a pai gow.

>>> pai_gow_count("Q")                  # the Queen's Dragon: 2,719,500 of 154,143,080
2719500
>>> pai_gow_count("A") - pai_gow_count("A", joker="wild")   # the bug joker's ace-high hands
1485960
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from paigow.errors import RuleError
from paigow.poker.cards import RANKS, Rank

ACE = int(Rank.ACE)

# five ranks in a row, as sets of rank indexes (0 = two ... 12 = ace), the wheel included
_WINDOWS = [frozenset(range(lo, lo + 5)) for lo in range(9)] + [frozenset({ACE, 0, 1, 2, 3})]


def _no_flush(cards: int, joker: bool) -> int:
    """Suit assignments of ``cards`` natural cards of different ranks from which no flush
    can be made: no suit holds 5 (4 when the joker can fill the fifth)."""
    need = 4 if joker else 5
    with_flush = sum(comb(cards, k) * 3 ** (cards - k) for k in range(need, cards + 1))
    return int(4**cards - 4 * with_flush)


def _rank_sets(high: int, size: int, joker: bool) -> int:
    """Sets of ``size`` different ranks, the highest ``high`` (any top when ``joker``, but
    no ace), with no straight: no window holds 5 ranks (4 when the joker can fill one)."""
    need = 4 if joker else 5
    count = 0
    pool = range(ACE) if joker else range(high)
    for rest in combinations(pool, size if joker else size - 1):
        ranks = set(rest) if joker else {high, *rest}
        if all(len(ranks & w) < need for w in _WINDOWS):
            count += 1
    return count


def pai_gow_count(high: str | int, joker: str = "bug") -> int:
    """The number of seven-card hands of the 53-card deck that are a pai gow with
    ``high`` (a rank letter ``9 T J Q K A`` or its index 7..12) as the top card.

    >>> pai_gow_count("9"), pai_gow_count("T")
    (31080, 248640)
    """
    if isinstance(high, str):
        text = high.strip().upper().replace("10", "T")
        if len(text) != 1 or text not in RANKS:
            raise RuleError(f"bad rank {high!r}: give one of {RANKS}")
        top = RANKS.index(text)
    else:
        top = high
    if not 0 <= top <= ACE:
        raise RuleError(f"bad rank index {high!r}: 0 (two) to 12 (ace)")
    if joker not in ("bug", "wild"):
        raise RuleError(f"unknown joker rule {joker!r}: choose bug or wild")
    natural = _rank_sets(top, 7, joker=False) * _no_flush(7, joker=False)
    if top == ACE and joker == "bug":
        return natural + _rank_sets(top, 6, joker=True) * _no_flush(6, joker=True)
    return natural


__all__ = ["pai_gow_count"]
