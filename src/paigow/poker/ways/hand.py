"""Reading a seven-card hand the way the hand-setting rules talk about it.

The rules of a way speak of pairs, trips, singles ("side cards") and of straights and
flushes. :func:`analyse` reads seven cards into :class:`HandView`: its cards highest first
(the order of :func:`paigow.poker.setting.settings`), the rank the joker counts as, and
its rank groups. :func:`best_straight_or_flush` finds the straight-or-better setting that
leaves the best two-card hand (house and basic rule 6).

The joker (house rules 0.1 and 0.2):

* ``joker="bug"``: for pairs, trips and side cards the joker counts as an ace (it is one in
  the two-card hand, and is one in the five-card hand unless it completes a straight or
  flush, which rule 6 looks at separately).
* ``joker="wild"``: it joins the largest group of equal ranks (the highest such rank
  when groups tie), or pairs the highest card when there is no pair; that is the hand
  it makes best outside straights and flushes.

Equal ranks (rule 0.3): a group's cards are kept naturals first, highest suit first
(spades, hearts, diamonds, clubs), the joker last. A rule that sends part of a group to
the front takes it from the start of the group, so a broken group keeps the joker behind.

>>> v = analyse("Jk Ah Kd Kc 7s 4h 2c")
>>> v.shape, v.joker_rank
((2, 2, 1, 1, 1), Rank.ACE)
>>> [format_cards(g.cards) for g in v.groups]
['Ah Jk', 'Kd Kc', '7s', '4h', '2c']
>>> analyse("Jk Ah Kd Kc 7s 4h 2c", PokerRules(joker="wild")).shape
(3, 1, 1, 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from paigow.errors import IllegalCardsError
from paigow.poker.cards import JOKER, RANKS, Card, Rank, format_cards, parse_cards, sort_cards
from paigow.poker.fast import table2, table5
from paigow.poker.rank import CATEGORY_SHIFT, Category
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.setting import Setting

# the ranks the rules name (the one rank scale, paigow.poker.cards.Rank)
ACE, KING, QUEEN, JACK, TEN = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN
NINE, SIX, THREE = Rank.NINE, Rank.SIX, Rank.THREE

# the categories rule 6 plays ("straight-or-better" short of a full house or four of a kind)
STRAIGHTS_AND_FLUSHES = frozenset(
    {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH}
)
# shapes (group sizes) for which rule 6 is looked at: no pair, one pair, three of a kind
STRAIGHT_SHAPES = frozenset({(1, 1, 1, 1, 1, 1, 1), (2, 1, 1, 1, 1, 1), (3, 1, 1, 1, 1)})

# the 21 two-card hands, as positions in the seven cards highest first: settings() order
SPLITS: tuple[tuple[int, int], ...] = tuple(combinations(range(7), 2))

_BINOM = [[comb(n, k) for k in range(6)] for n in range(54)]


@dataclass(frozen=True)
class Group:
    """Cards of one rank (the joker included under the rank it counts as)."""

    rank: int
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        """How many cards the group holds."""
        return len(self.cards)

    @property
    def name(self) -> str:
        """Rank symbol, e.g. ``"K"``."""
        return RANKS[self.rank]


@dataclass(frozen=True)
class HandView:
    """Seven cards read for the hand-setting rules (see :func:`analyse`)."""

    cards: tuple[Card, ...]
    rules: PokerRules
    joker_rank: int | None
    groups: tuple[Group, ...]

    @property
    def shape(self) -> tuple[int, ...]:
        """Group sizes, largest first: ``(2, 2, 1, 1, 1)`` is two pair."""
        return tuple(g.size for g in self.groups)

    def of_size(self, size: int) -> tuple[Group, ...]:
        """The groups of ``size`` cards, highest rank first."""
        return tuple(g for g in self.groups if g.size == size)

    @property
    def singles(self) -> tuple[Card, ...]:
        """The side cards (groups of one), highest rank first."""
        return tuple(g.cards[0] for g in self.groups if g.size == 1)

    def single_ranks(self) -> tuple[int, ...]:
        """Rank of each side card, highest first (a lone bug joker counts as an ace)."""
        return tuple(g.rank for g in self.groups if g.size == 1)

    def split(self, front: Sequence[int]) -> Setting:
        """The setting with ``front`` as the two-card hand and the rest behind."""
        if len(front) != 2 or len(set(front)) != 2 or not set(front) <= set(self.cards):
            raise IllegalCardsError(f"bad two-card hand {format_cards(front)} for {self}")
        back = tuple(c for c in self.cards if c not in front)
        return Setting(back, tuple(front))

    def __str__(self) -> str:
        return format_cards(self.cards)


def joker_rank(naturals: Sequence[int], rules: PokerRules) -> int:
    """The rank the joker counts as among six natural cards (rules 0.1, 0.2).

    >>> hand = parse_cards("Kd Kc 9s 9h 9d 2c")
    >>> joker_rank(hand, PokerRules()), joker_rank(hand, PokerRules(joker="wild"))
    (Rank.ACE, Rank.NINE)
    """
    if rules.joker == "bug":
        return ACE
    counts = [0] * 13
    for c in naturals:
        counts[c >> 2] += 1
    most = max(counts)
    return Rank(max(r for r in range(13) if counts[r] == most))


def analyse(cards: str | Iterable[str | int], rules: PokerRules = DEFAULT_RULES) -> HandView:
    """Read seven cards into a :class:`HandView` (see the module's description)."""
    hand = sort_cards(parse_cards(cards))
    if len(hand) != 7:
        raise IllegalCardsError(f"a Pai Gow Poker hand has seven cards, got {len(hand)}")
    naturals = [c for c in hand if c != JOKER]
    jr = joker_rank(naturals, rules) if len(naturals) == 6 else None
    by_rank: dict[int, list[Card]] = {}
    for c in naturals:  # highest first, so highest suit first within a rank
        by_rank.setdefault(c >> 2, []).append(c)
    if jr is not None:
        by_rank.setdefault(jr, []).append(JOKER)
    groups = sorted(
        (Group(r, tuple(cs)) for r, cs in by_rank.items()),
        key=lambda g: (g.size, g.rank),
        reverse=True,
    )
    return HandView(hand, rules, jr, tuple(groups))


def key5(cards: Sequence[int], rules: PokerRules) -> int:
    """Key of a five-card hand, from the engine's lookup table (equal to
    :func:`paigow.poker.rank.rank5`'s key, as the engine's tests prove on every hand)."""
    s = sorted(cards)
    idx = sum(_BINOM[c][i + 1] for i, c in enumerate(s))
    return int(_table5(rules)[idx])


def key2(cards: Sequence[int], rules: PokerRules) -> int:
    """Key of a two-card hand, from the engine's lookup table (equal to ``rank2``'s)."""
    a, b = sorted(cards)
    return int(_table2(rules)[a + b * (b - 1) // 2])


@cache
def _table5(rules: PokerRules) -> npt.NDArray[np.int32]:
    return table5(rules)


@cache
def _table2(rules: PokerRules) -> npt.NDArray[np.int32]:
    return table2(rules)


def may_straight_or_flush(cards: Sequence[int]) -> bool:
    """Whether five of the seven cards could make a straight or a flush (the joker
    filling one gap or suit); a quick, exact test that no straight or flush exists when
    it is false.

    >>> may_straight_or_flush(parse_cards("As Kd Qh 9c 8d 4s 2c"))
    False
    >>> may_straight_or_flush(parse_cards("Jk Kd Qh 9c 8d 4s 2c"))
    False
    >>> may_straight_or_flush(parse_cards("Jk Ad 2h 3c 4d Ks Qc"))
    True
    """
    joker = 1 if JOKER in cards else 0
    suits = [0, 0, 0, 0]
    mask = 0
    for c in cards:
        if c != JOKER:
            suits[c & 3] += 1
            mask |= 1 << (c >> 2)
    if max(suits) + joker >= 5:
        return True
    windows = [0x1F << low for low in range(9)] + [0x100F]
    return any((mask & w).bit_count() + joker >= 5 for w in windows)


def best_straight_or_flush(view: HandView) -> Setting | None:
    """Rule 6: among the settings whose five-card hand is a straight, flush, straight
    flush or royal flush, the one with the best two-card hand; on equal two-card hands
    the better five-card hand; then the first in :func:`~paigow.poker.setting.settings`
    order. ``None`` when no such setting exists.

    >>> v = analyse("Ks 9s 8c 7s 6c 5s 4s")
    >>> str(best_straight_or_flush(v))
    '8c 7s 6c 5s 4s | Ks 9s'
    """
    if not may_straight_or_flush(view.cards):
        return None
    best: tuple[int, int] | None = None
    best_split = -1
    cards = view.cards
    for i, (a, b) in enumerate(SPLITS):
        back = [c for k, c in enumerate(cards) if k != a and k != b]
        kb = key5(back, view.rules)
        if Category(kb >> CATEGORY_SHIFT) not in STRAIGHTS_AND_FLUSHES:
            continue
        cand = (key2((cards[a], cards[b]), view.rules), kb)
        if best is None or cand > best:
            best, best_split = cand, i
    if best is None:
        return None
    a, b = SPLITS[best_split]
    return view.split((cards[a], cards[b]))


__all__ = [
    "SPLITS",
    "STRAIGHTS_AND_FLUSHES",
    "STRAIGHT_SHAPES",
    "Group",
    "HandView",
    "analyse",
    "best_straight_or_flush",
    "joker_rank",
    "key2",
    "key5",
    "may_straight_or_flush",
]
