"""Who banks: the house first, then the option to take the bank passes around the table.

Rules as the table plays them (RULES.md 1.6, 2.6; written down in ``docs/table.md``):

* The house banks the first round. After each round the option to bank moves to the next
  occupied seat in the game's direction (counterclockwise at tiles, clockwise at poker),
  starting from the dealer's place. The seat holding the option may **take** the bank,
  **co-bank** with the house, or **refuse** it; on a refusal the house banks that round.
* A seat may take the bank only if its chips cover every other bet on the table (its own
  bet, if it had one, is withdrawn: a banker does not bet against itself), and only when
  there is at least one other bet. A co-banker covers its half: ``total // 2``.
* A co-banked round: the hand is the co-banker's, set the house way; the co-banker puts
  ``total // 2`` into the bank and the house the rest; the bank's net result is shared
  half each, the co-banker's half rounded toward zero (the odd cent stays with the house,
  win or lose). The co-banker pays commission on its half of a net win.

>>> make_offer(seat=3, balance=5000, others=6000).can_take, make_offer(3, 5000, 6000).can_cobank
(False, True)
>>> next_option(None, [1, 2, 5], places=8, direction=-1)
5
>>> next_option(5, [1, 2, 5], places=8, direction=-1)
2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from paigow.errors import AmountError, PaigowError
from paigow.table.ledger import HOUSE, seat_account
from paigow.table.money import format_money

BankKind = Literal["house", "player", "cobank"]
BankDecision = Literal["take", "cobank", "refuse"]

DECISIONS: tuple[BankDecision, ...] = ("take", "cobank", "refuse")


@dataclass(frozen=True)
class Banker:
    """Who banks a round: the house, a player, or a player co-banking with the house."""

    kind: BankKind
    seat: int | None = None

    def __post_init__(self) -> None:
        if (self.kind == "house") != (self.seat is None):
            raise PaigowError("the house banks alone; a player or co-banker needs a seat")

    @property
    def place(self) -> int:
        """The place that holds the Chung (the banker's mark) and the bank's hand."""
        return 0 if self.seat is None else self.seat

    @property
    def house_way(self) -> bool:
        """Whether the bank's hand is set the house way (house or co-bank)."""
        return self.kind != "player"

    def describe(self) -> str:
        if self.kind == "house":
            return "the house"
        if self.kind == "player":
            return f"seat {self.seat}"
        return f"seat {self.seat} co-banking with the house"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "seat": self.seat, "place": self.place}


HOUSE_BANK = Banker("house")


def cover_needed(kind: BankKind, total: int) -> int:
    """What a player must hold to bank (``take``) or co-bank bets totalling ``total``."""
    if kind == "player":
        return total
    if kind == "cobank":
        return total // 2
    return 0


@dataclass(frozen=True)
class BankOffer:
    """The option to bank, offered to ``seat``: what it would cover and whether it can."""

    seat: int
    balance: int
    others: int

    @property
    def can_take(self) -> bool:
        return self.others > 0 and self.balance >= cover_needed("player", self.others)

    @property
    def can_cobank(self) -> bool:
        return self.others > 0 and self.balance >= cover_needed("cobank", self.others)

    def check(self, decision: BankDecision) -> None:
        """Raise :class:`AmountError` when ``decision`` breaks the coverage rule."""
        if decision not in DECISIONS:
            raise PaigowError(f"unknown bank decision {decision!r}: take, cobank or refuse")
        if decision == "refuse":
            return
        if self.others <= 0:
            raise AmountError("there is no other bet on the table to bank against")
        kind: BankKind = "player" if decision == "take" else "cobank"
        need = cover_needed(kind, self.others)
        if self.balance < need:
            what = "bank" if decision == "take" else "co-bank"
            raise AmountError(
                f"seat {self.seat} cannot {what}: it holds {format_money(self.balance)} but "
                f"must cover {format_money(need)} of the {format_money(self.others)} bet"
            )

    def describe(self) -> str:
        return (
            f"seat {self.seat} may bank {format_money(self.others)} of bets "
            f"(holds {format_money(self.balance)})"
        )


def make_offer(seat: int, balance: int, others: int) -> BankOffer:
    """The bank offer to ``seat`` holding ``balance`` when the other bets total ``others``."""
    return BankOffer(seat, balance, others)


def next_option(
    current: int | None, occupied: Iterable[int], places: int, direction: int
) -> int | None:
    """The place that gets the option after ``current`` (``None``: the house had it):
    the next occupied seat in ``direction``; ``None`` when no seat is occupied."""
    seats = set(occupied)
    if not seats:
        return None
    start = 0 if current is None else current
    for step in range(1, places + 1):
        place = (start + direction * step) % places
        if place in seats:
            return place
    return None  # pragma: no cover - seats is not empty


def funding(banker: Banker, total: int) -> list[tuple[str, int]]:
    """Who puts what into the bank to cover ``total`` of bets."""
    if banker.kind == "house":
        return [(HOUSE, total)]
    assert banker.seat is not None
    seat = seat_account(banker.seat)
    if banker.kind == "player":
        return [(seat, total)]
    half = total // 2
    return [(seat, half), (HOUSE, total - half)]


def cobank_share(net: int) -> int:
    """The co-banker's half of the bank's net result, rounded toward zero.

    >>> cobank_share(5), cobank_share(-5), cobank_share(4)
    (2, -2, 2)
    """
    return net // 2 if net >= 0 else -((-net) // 2)
