"""Named kinds of a seven-card hand, which rule variants and bets refer to.

A commission-free game pushes every bet when the banker's seven cards are of a named kind
(EZ Pai Gow: a queen-high pai gow), and a side bet such as the Queen's Dragon pays on it.
A kind is written as a short string:

* ``"none"``: no hand is of this kind (the classic game: no banker hand pushes bets);
* ``"pai-gow:R"``: a **pai gow** with ``R`` high, ``R`` one of ``9 T J Q K A``: seven
  cards whose best five-card hand is a high-card hand (no pair, straight or flush can be
  made from them) and whose highest card is ``R``. Under the default bug joker a joker
  counts as an ace unless it completes a straight or flush, so a joker with an ace is a
  pair and a joker without one makes the hand ace-high; under a wild joker every hand with
  the joker holds at least a pair. Eight high is impossible: seven different ranks from
  2 to 8 are a straight.

>>> from paigow.poker.cards import parse_cards
>>> kind = parse_kind("pai-gow:Q")
>>> kind.label
'queen-high pai gow'
>>> kind.matches(parse_cards("Qs Jh 9d 7c 5s 3h 2d"))
True
>>> kind.matches(parse_cards("Qs Jh Td 9c 8s 3h 2d"))   # a straight
False
>>> kind.matches(parse_cards("Ks Jh 9d 7c 5s 3h 2d"))   # king high
False
>>> parse_kind("none").matches(parse_cards("Qs Jh 9d 7c 5s 3h 2d"))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from paigow.errors import RuleError

if TYPE_CHECKING:  # rules name a kind, so this module must not need them at import
    from paigow.poker.cards import Card
    from paigow.poker.rules import PokerRules

_RANK_CHARS = "23456789TJQKA"
_RANK_NAMES = {9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}


@dataclass(frozen=True)
class HandKind:
    """A kind of seven-card hand: ``"none"`` or a pai gow with a given high card.

    ``high`` is the rank value (9..14) of a pai gow's highest card, None for ``"none"``.
    """

    high: int | None = None

    @property
    def spec(self) -> str:
        """The kind as written: ``"none"`` or ``"pai-gow:Q"``."""
        return "none" if self.high is None else f"pai-gow:{_RANK_CHARS[self.high - 2]}"

    @property
    def label(self) -> str:
        """The kind in words: ``"queen-high pai gow"``."""
        return "no hand" if self.high is None else f"{_RANK_NAMES[self.high]}-high pai gow"

    def matches(self, cards: Sequence[Card], rules: PokerRules | None = None) -> bool:
        """Whether seven cards are of this kind under ``rules`` (the reference: the best
        of the 21 five-card hands, ranked by :func:`paigow.poker.rank.rank5`)."""
        from paigow.poker.rank import Category, key_parts, rank5
        from paigow.poker.rules import PokerRules

        if self.high is None:
            return False
        if len(cards) != 7:
            raise RuleError(f"a hand kind is a property of seven cards, got {len(cards)}")
        r = rules or PokerRules()
        best = max(rank5(five, r).key for five in combinations(cards, 5))
        category, values = key_parts(best)
        return category is Category.HIGH_CARD and values[0] == self.high


NO_KIND = HandKind()


def parse_kind(text: str) -> HandKind:
    """Read a kind: ``"none"`` or ``"pai-gow:R"`` with ``R`` in ``9TJQKA`` (either case).

    >>> parse_kind("PAI-GOW:q").spec
    'pai-gow:Q'
    >>> parse_kind("pai-gow:8")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: bad hand kind 'pai-gow:8': a pai gow is nine to ace high (9, T, J, Q, K or A)
    """
    raw = str(text).strip()
    low = raw.lower()
    if low == "none":
        return NO_KIND
    name, _, rank = low.partition(":")
    if name == "pai-gow" and len(rank) == 1 and rank.upper() in _RANK_CHARS:
        value = _RANK_CHARS.index(rank.upper()) + 2
        if value >= 9:
            return HandKind(value)
        raise RuleError(f"bad hand kind {raw!r}: a pai gow is nine to ace high "
                        "(9, T, J, Q, K or A)")
    raise RuleError(f"bad hand kind {raw!r}: give none or pai-gow:R with R one of 9 T J Q K A "
                    "(pai-gow:Q is a queen-high pai gow)")
