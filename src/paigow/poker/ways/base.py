"""What the house way and the basic strategy share: the frame of a way and the moves its
rules make (which two cards go in front).

A subclass names itself (``name``, the prefix of every rule label) and decides each hand
type in its ``_two_pair``, ``_trips``, ``_full_house``, ``_four`` … methods; this module
runs rule 6 (straights and flushes) first for the hand types it covers, then dispatches
on the hand's shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from paigow.errors import CardError
from paigow.poker.cards import Card
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.setting import Setting
from paigow.poker.ways import Decision
from paigow.poker.ways.hand import (
    KING,
    STRAIGHT_SHAPES,
    HandView,
    analyse,
    best_straight_or_flush,
)
from paigow.ways import Rule


class NumberedWay:
    """A hand-setting way written as numbered rules (see ``docs/poker-house-way.md``)."""

    name: str = ""

    def __init__(self, *, rules: PokerRules = DEFAULT_RULES) -> None:
        self.rules = rules

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rules={self.rules!r})"

    # --- the Strategy shape ------------------------------------------------------------
    def choose(self, cards: str | Iterable[str | int], banking: bool = False) -> Decision[Setting]:
        """The setting of seven ``cards`` and the numbered rule that decided it.

        ``banking`` is accepted for the :class:`~paigow.poker.ways.PokerWay` shape; these
        ways set a banker's hand the same as a player's (rule 0.4).
        """
        view = analyse(cards, self.rules)
        front, (number, words) = self.decide(view)
        return Decision(view.split(front), Rule(self.name, number, words))

    def set(self, cards: Sequence[int], banking: bool) -> Setting:
        """``choose(cards, banking).setting``: a :class:`~paigow.poker.setting.Strategy`."""
        return self.choose(cards, banking).setting

    # --- dispatch ----------------------------------------------------------------------
    def decide(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        """The two cards to play in front, and the rule's number and words."""
        shape = v.shape
        if shape in STRAIGHT_SHAPES:
            sf = best_straight_or_flush(v)
            if sf is not None:
                return (sf.low[0], sf.low[1]), (
                    "6.1", "straight or flush: play the straight-or-better five-card hand "
                    "that leaves the best two-card hand"
                )
        if shape == (1, 1, 1, 1, 1, 1, 1):
            return self._no_pair(v)
        if shape == (2, 1, 1, 1, 1, 1):
            return self._one_pair(v)
        if shape == (2, 2, 1, 1, 1):
            return self._two_pair(v)
        if shape == (2, 2, 2, 1):
            return self._three_pair(v)
        if shape == (3, 1, 1, 1, 1):
            return self._trips(v)
        if shape == (3, 2, 1, 1):
            return self._full_house(v)
        if shape == (3, 2, 2):
            return self._full_house_and_pair(v)
        if shape == (3, 3, 1):
            return self._two_trips(v)
        if shape == (4, 1, 1, 1):
            return self._four(v)
        if shape == (4, 2, 1):
            return self._four_and_pair(v)
        if shape == (4, 3):
            return self._four_and_trips(v)
        if shape in ((5, 1, 1), (5, 2)):
            return self._five(v)
        raise CardError(f"no rule for the hand {v} (shape {shape})")  # pragma: no cover

    # --- moves -------------------------------------------------------------------------
    @staticmethod
    def top_singles(v: HandView, skip: int = 0) -> tuple[Card, Card]:
        """The highest two side cards after skipping the ``skip`` highest."""
        s = v.singles
        return s[skip], s[skip + 1]

    @staticmethod
    def two_of(cards: Sequence[Card]) -> tuple[Card, Card]:
        """The first two cards of a group (naturals first, rule 0.3)."""
        return cards[0], cards[1]

    # --- rules every way shares (overridden where a way differs) -----------------------
    def _no_pair(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        return self.top_singles(v, 1), (
            "1.1", "no pair: highest card behind, second and third highest in front"
        )

    def _one_pair(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        return self.top_singles(v), (
            "2.1", "one pair: pair behind, two highest other cards in front")

    def _two_pair(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        raise NotImplementedError

    def _three_pair(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        return self.two_of(v.of_size(2)[0].cards), ("4.1", "three pair: highest pair in front")

    def _trips(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        raise NotImplementedError

    def _full_house(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        raise NotImplementedError

    def _full_house_and_pair(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        return self.two_of(v.of_size(2)[0].cards), (
            "7.2", "full house and a pair: higher pair in front, full house behind"
        )

    def _two_trips(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        return self.two_of(v.of_size(3)[0].cards), (
            "8.1", "two three of a kinds: a pair of the higher in front, the lower trips behind"
        )

    def _four(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        raise NotImplementedError

    def _four_and_pair(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        raise NotImplementedError

    def _four_and_trips(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        raise NotImplementedError

    def _five(self, v: HandView) -> tuple[tuple[Card, Card], tuple[str, str]]:
        five = v.groups[0]
        pairs = v.of_size(2)
        if pairs and pairs[0].rank >= KING:
            return self.two_of(pairs[0].cards), (
                "10.1", "five aces (or, wild, five of a kind) and a pair of kings or better: "
                "the pair in front, the five behind"
            )
        return self.two_of(five.cards), (
            "10.2", "five aces (or, wild, five of a kind): a pair of them in front, three "
            "(with the rest) behind"
        )


__all__ = ["NumberedWay"]
