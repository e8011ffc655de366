"""The ledger: every movement of money is an :class:`Entry` from one account to another.

Each entry takes ``amount`` (a positive ``int`` of minor units) from ``src`` and gives it to
``dst``: double entry, so every entry balances by construction and the balance of every
account is ``SUM(in) - SUM(out)``. Accounts:

* ``seat:N`` — the chips of seat ``N``;
* ``house`` — the house (casino): its banking result and every commission and fee;
* ``bets`` — stakes on the table during a round (empty between rounds);
* ``bank`` — the bank's escrow during a round: the banker(s) put in enough to cover every
  bet, losing stakes go in, winning bets are paid out, what is left goes back (empty
  between rounds);
* ``cashier`` — where the bots' buy-ins and the play money given to people come from (its
  balance is minus the money in play);
* ``wallet:P`` — the money of person (player record) ``P`` away from any table: a person
  buys in to a seat from their wallet and cashes out back to it (:mod:`paigow.store.players`).

So the sum over all accounts is always zero, ``bets`` and ``bank`` are zero between rounds,
and ``sum(seats) + house == buy-ins - cash-outs``: conservation is checkable in SQL.

>>> b = apply({}, [Entry("buy_in", CASHIER, seat_account(1), 1000)])
>>> b["seat:1"], b["cashier"]
(1000, -1000)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from paigow.errors import AmountError

CASHIER = "cashier"
HOUSE = "house"
BETS = "bets"
BANK = "bank"

#: every kind of entry, and what it records
KINDS = {
    "buy_in": "chips bought by a seat: a bot's from the cashier, a person's from their wallet",
    "cash_out": "a seat's chips taken away: a person's back to their wallet, a bot's to the cashier",
    "grant": "play money the cashier gives a person's wallet (a new person, a reload)",
    "bet": "a stake put on the table",
    "bank_fund": "the banker's cover moved into the bank for the round",
    "stake_return": "a stake given back (win or push)",
    "payout": "the bank pays a winning bet even money",
    "stake_lost": "a losing stake goes to the bank",
    "commission": "commission on a player's win",
    "fee": "a flat fee per hand played",
    "bank_release": "what is left in the bank goes back to the banker(s)",
    "bank_commission": "commission on a player-banker's net win",
    "side_bet": "a side bet put on the table (banked by the house)",
    "side_return": "a winning side bet's stake given back",
    "side_payout": "the house pays a winning side bet",
    "side_lost": "a losing side bet goes to the house",
    "envy": "the house pays an Envy bonus for another player's hand",
    "void": "an unfinished round's entry reversed when the round is voided",
}


def seat_account(seat: int) -> str:
    """The account of seat ``seat``."""
    return f"seat:{seat}"


WALLET_PREFIX = "wallet:"


def wallet_account(player_id: int) -> str:
    """The wallet of person ``player_id``: their money away from every table.

    >>> wallet_account(7)
    'wallet:7'
    """
    return f"{WALLET_PREFIX}{player_id}"


@dataclass(frozen=True)
class Entry:
    """``amount`` minor units moved from ``src`` to ``dst``."""

    kind: str
    src: str
    dst: str
    amount: int
    seat: int | None = None
    memo: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount <= 0:
            raise AmountError(f"ledger entry amount {self.amount!r} must be a positive int")
        if self.kind not in KINDS:
            raise AmountError(f"unknown ledger entry kind {self.kind!r}")
        if self.src == self.dst:
            raise AmountError(f"ledger entry from {self.src} to itself")

    def reversed(self) -> Entry:
        """The entry that undoes this one (used to void a round)."""
        return Entry("void", self.dst, self.src, self.amount, self.seat, f"void {self.kind}")

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "from": self.src,
            "to": self.dst,
            "amount": self.amount,
            "seat": self.seat,
            "memo": self.memo,
        }


def transfer(kind: str, src: str, dst: str, amount: int, seat: int | None = None, memo: str = "") -> list[Entry]:
    """``[Entry(...)]``, or ``[]`` when ``amount`` is zero (nothing moves)."""
    if amount == 0:
        return []
    return [Entry(kind, src, dst, amount, seat, memo)]


def apply(balances: dict[str, int], entries: Iterable[Entry]) -> dict[str, int]:
    """New balances after ``entries`` (the input is not changed)."""
    out = dict(balances)
    for e in entries:
        out[e.src] = out.get(e.src, 0) - e.amount
        out[e.dst] = out.get(e.dst, 0) + e.amount
    return out
