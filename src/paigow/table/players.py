"""Seats played by bots: any hand-setting way, a fixed bet, a policy for the bank offer."""

from __future__ import annotations

from typing import Generic, TypeVar

from paigow.table.bank import BankDecision, BankOffer
from paigow.table.engine import BetRequest, RoundRecord
from paigow.table.game import Choice, Chooser

P = TypeVar("P")
S = TypeVar("S")

BANK_POLICIES: tuple[BankDecision, ...] = ("take", "cobank", "refuse")


class Bot(Generic[P, S]):
    """A seat played by a way: bets ``stake`` cents each round while it can cover it (with
    the fee), and answers the bank offer by ``policy`` (``take``, ``cobank`` or ``refuse``;
    an offer it cannot cover is refused)."""

    def __init__(self, chooser: Chooser[P, S], stake: int, policy: BankDecision = "refuse") -> None:
        self.chooser = chooser
        self.stake = stake
        self.policy: BankDecision = policy

    def bet(self, request: BetRequest) -> int | None:
        """``stake``, brought within the table's limits; None when the seat can't cover it."""
        lim = request.limits
        stake = max(self.stake, lim.minimum)
        if lim.maximum is not None:
            stake = min(stake, lim.maximum)
        return stake if request.most >= stake else None

    def bank(self, offer: BankOffer) -> BankDecision:
        if self.policy == "take" and offer.can_take:
            return "take"
        if self.policy == "cobank" and offer.can_cobank:
            return "cobank"
        return "refuse"

    def choose(self, hand: tuple[P, ...], banking: bool) -> Choice[S]:
        return self.chooser.choose(hand, banking)

    def observe(self, record: RoundRecord) -> None:
        return None
