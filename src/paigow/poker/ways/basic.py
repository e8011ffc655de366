"""The seed's basic strategy (seed 004, "Basic Strategy"; RULES.md 2.7), rule by rule.

Where the seed hedges ("you can consider", "might", "occasionally") a decision is made
and written down in ``docs/poker-house-way.md`` (part B); each rule label carries its
number. Rules 0 (reading the hand), 1.1, 2.1, 4.1, 6.1, 7.2, 8.1 and 10 are the same as
the house way's.

>>> way = BasicStrategy()
>>> str(way.choose("As Qd Th 9c 5d 4s 2h").setting)
'As Th 5d 4s 2h | Qd 9c'
>>> way.choose("Kd Ks Kh Jc 9d 7s 6h").rule.text
'basic 5.3: three kings with no queen or better beside: split, a king and the highest other card in front'
"""

from __future__ import annotations

from paigow.poker.cards import Card
from paigow.poker.ways.base import NumberedWay
from paigow.poker.ways.hand import ACE, JACK, KING, NINE, QUEEN, TEN, THREE, HandView

Front = tuple[tuple[Card, Card], tuple[str, str]]

_FOUR = 2  # rank index of the four


class BasicStrategy(NumberedWay):
    """The seed's basic strategy (``basic``), with its stated exceptions and rare cases."""

    name = "basic"

    def _no_pair(self, v: HandView) -> Front:
        if v.single_ranks()[:4] == (ACE, QUEEN, TEN, NINE):
            s = v.singles
            return (s[1], s[3]), (
                "1.2", "no pair, A-Q-T-9 at the top: queen and nine in front, ace and ten "
                "behind"
            )
        return super()._no_pair(v)

    def _two_pair(self, v: HandView) -> Front:
        high, low = v.of_size(2)
        side = v.single_ranks()
        if high.rank >= QUEEN:
            return self.two_of(low.cards), (
                "3.2", "two pair, high pair queens or better: split, low pair in front"
            )
        together: tuple[str, str] | None = None
        if high.rank == JACK:
            if side[0] == ACE and side[1] >= QUEEN and low.rank < TEN:
                together = ("3.3", "two pair, jacks over nines or lower, with A-K or A-Q")
        elif high.rank >= NINE:
            if side[0] == ACE:
                together = ("3.4", "two pair, tens or nines high, with an ace")
        elif high.rank >= _FOUR:
            if side[0] >= KING:
                together = ("3.5", "two pair, eights down to fours high, with king-high or better")
        elif side[0] >= QUEEN:
            together = ("3.6", "two pair, threes and twos, with queen-high or better")
        if together is not None:
            return self.top_singles(v), (
                together[0], f"{together[1]}: two pair behind, the two highest other cards in front"
            )
        return self.two_of(low.cards), ("3.7", "two pair otherwise: split, low pair in front")

    def _trips(self, v: HandView) -> Front:
        trips = v.groups[0]
        if trips.rank == ACE:
            return (trips.cards[0], v.singles[0]), (
                "5.2", "three aces: split, a pair of aces behind, an ace and the highest "
                "other card in front"
            )
        if trips.rank == KING and v.single_ranks()[0] <= JACK:
            return (trips.cards[0], v.singles[0]), (
                "5.3", "three kings with no queen or better beside: split, a king and the "
                "highest other card in front"
            )
        return self.top_singles(v), (
            "5.1", "three of a kind: trips behind, two highest other cards in front"
        )

    def _full_house(self, v: HandView) -> Front:
        pair = v.of_size(2)[0]
        side = v.single_ranks()
        if pair.rank <= THREE and side[0] == ACE and side[1] >= QUEEN:
            return self.top_singles(v), (
                "7.3", "full house with a pair of threes or twos and A-K or A-Q beside: full "
                "house behind, the two other cards in front"
            )
        return self.two_of(pair.cards), (
            "7.1", "full house: split, the pair in front, trips behind"
        )

    def _four(self, v: HandView) -> Front:
        four = v.groups[0]
        top = v.single_ranks()[0]
        together: tuple[str, str] | None = None
        if four.rank == JACK:
            if top == ACE:
                together = ("9.4", "four jacks with an ace")
        elif four.rank in (TEN, NINE):
            if top >= KING:
                together = ("9.5", "four tens or nines with king-high or better")
        elif _FOUR <= four.rank < NINE:
            if top >= QUEEN:
                together = ("9.6", "four eights down to fours with queen-high or better")
        elif four.rank <= THREE and top >= JACK:
            together = ("9.7", "four threes or twos with jack-high or better")
        if together is not None:
            return self.top_singles(v), (
                together[0], f"{together[1]}: four of a kind behind, the two highest other cards in front"
            )
        return self.two_of(four.cards), (
            "9.1", "four of a kind (played as two pair): split, a pair in front, a pair behind"
        )

    def _four_and_pair(self, v: HandView) -> Front:
        four = v.groups[0]
        pair = v.of_size(2)[0]
        if four.rank >= QUEEN and pair.rank <= THREE:
            return self.two_of(four.cards), (
                "9.8", "four queens or better and a pair of threes or twos: split the four, "
                "a pair of them in front, two pair behind"
            )
        return self.two_of(pair.cards), (
            "9.2", "four of a kind and a pair: the pair in front, four of a kind behind"
        )

    def _four_and_trips(self, v: HandView) -> Front:
        return self.two_of(v.groups[0].cards), (
            "9.3", "four of a kind and three of a kind: split the four, a pair of them in "
            "front, full house behind"
        )


__all__ = ["BasicStrategy"]
