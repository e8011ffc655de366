"""The house way (RULES.md 2.7): what seed 004 says house ways do, completed by the seed's
basic strategy where it is silent. Its numbered rules are written out in
``docs/poker-house-way.md``; each rule label below carries its number.

What the seed says house ways do: split two pair with a pair of sixes or higher, and small
pairs unless an ace can play in the low hand (rule 3); split only three aces (5.2); always
split a full house, pair in front (7.1); always split four of a kind (9.1); four of a kind
with a pair: pair in front (9.2); four of a kind with trips: break the trips (9.3).

>>> way = HouseWay()
>>> d = way.choose("Ah Qd Qc 9s 6h 5d 3c")
>>> str(d.setting), d.rule.text
('Qd Qc 6h 5d 3c | Ah 9s', 'house 2.1: one pair: pair behind, two highest other cards in front')
>>> str(way.choose("Kd Ks 7h 7c 4d 4s Ac").setting)
'Ac 7h 7c 4s 4d | Ks Kd'
"""

from __future__ import annotations

from paigow.poker.cards import Card
from paigow.poker.ways.base import NumberedWay
from paigow.poker.ways.hand import ACE, SIX, HandView

Front = tuple[tuple[Card, Card], tuple[str, str]]


class HouseWay(NumberedWay):
    """The house way (``house``): deterministic, never fouls, one of the 21 settings."""

    name = "house"

    def _two_pair(self, v: HandView) -> Front:
        high, low = v.of_size(2)
        if high.rank >= SIX:
            return self.two_of(low.cards), (
                "3.2", "two pair, high pair sixes or better: split, low pair in front"
            )
        if v.single_ranks()[0] == ACE:
            return self.top_singles(v), (
                "3.3", "two pair below sixes with an ace: two pair behind, the ace and the "
                "next highest card in front"
            )
        return self.two_of(low.cards), (
            "3.4", "two pair below sixes and no ace: split, low pair in front"
        )

    def _trips(self, v: HandView) -> Front:
        trips = v.groups[0]
        if trips.rank == ACE:
            return (trips.cards[0], v.singles[0]), (
                "5.2", "three aces: split, a pair of aces behind, an ace and the highest "
                "other card in front"
            )
        return self.top_singles(v), (
            "5.1", "three of a kind: trips behind, two highest other cards in front"
        )

    def _full_house(self, v: HandView) -> Front:
        return self.two_of(v.of_size(2)[0].cards), (
            "7.1", "full house: always split, the pair in front, trips behind"
        )

    def _four(self, v: HandView) -> Front:
        return self.two_of(v.groups[0].cards), (
            "9.1", "four of a kind: always split, a pair in front, a pair behind"
        )

    def _four_and_pair(self, v: HandView) -> Front:
        return self.two_of(v.of_size(2)[0].cards), (
            "9.2", "four of a kind and a pair: the pair in front, four of a kind behind"
        )

    def _four_and_trips(self, v: HandView) -> Front:
        return self.two_of(v.of_size(3)[0].cards), (
            "9.3", "four of a kind and three of a kind: break the trips, a pair of them in "
            "front, four of a kind behind"
        )


__all__ = ["HouseWay"]
