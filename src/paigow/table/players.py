"""Seats played by bots: any hand-setting way, a fixed bet, a policy for the bank offer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

from paigow.errors import PaigowError
from paigow.table.bank import BankDecision, BankOffer
from paigow.table.engine import BetRequest, RoundRecord
from paigow.table.game import Choice, Chooser
from paigow.table.house_rules import Wager

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


class WagerBot(Generic[P, S]):
    """A :class:`Bot` that also makes side bets (``side``: offer name to cents; only those
    the table offers) and asks for the dragon hand with ``dragon`` cents (0: never), each
    round it can cover them; else it bets the main bet alone. It sets a dragon hand it
    bought with its own way."""

    def __init__(self, bot: Bot[P, S], side: Mapping[str, int], dragon: int = 0) -> None:
        self.bot = bot
        self.side = dict(side)
        self.dragon = dragon

    def bet(self, request: BetRequest) -> int | Wager | None:
        main = self.bot.bet(request)
        if main is None:
            return None
        offered = {o.name for o in request.offers}
        side = {k: v for k, v in self.side.items() if k in offered}
        dragon = self.dragon if request.dragon is not None else 0
        for wager in (Wager(main, side, dragon), Wager(main, side)):
            try:
                request.check(wager)
            except PaigowError:
                continue
            return wager
        return main

    def bank(self, offer: BankOffer) -> BankDecision:
        return self.bot.bank(offer)

    def choose(self, hand: tuple[P, ...], banking: bool) -> Choice[S]:
        return self.bot.choose(hand, banking)

    def choose_dragon(self, hand: tuple[P, ...]) -> Choice[S]:
        return self.bot.choose(hand, False)

    def observe(self, record: RoundRecord) -> None:
        return None
