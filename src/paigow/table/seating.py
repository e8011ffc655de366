"""People taking seats at a table with their own money, and leaving with it.

A seat that a bot plays holds chips the cashier lent the bot. When a person sits there,
the bot's chips go back to the cashier and the person buys in from their wallet; when the
person leaves (or is gone, or the table closes), the seat's chips go back to the wallet and
the bot buys in again from the cashier. Each change is the ledger entries of one
transaction, written with the record of who sits where (a *stint*,
:mod:`paigow.store.players`), and refused (nothing moved) while the seat's chips are in the
round in play (:meth:`paigow.table.engine.Table.transfer`).

>>> from paigow.store import open_store
>>> from paigow.table.engine import Seat, Table
>>> from paigow.table.tiles_game import TilesGame
>>> store = open_store(":memory:")
>>> table = Table(TilesGame(None), [Seat(1, "bot", "t", 50_000, None)], store=store)  # type: ignore[arg-type]
>>> ann = store.create_player("Ann", "s" * 43, "2100-01-01", 200_000, "2026-01-01")
>>> seats = Seating(table, store, "Tiles table 1")
>>> stint = seats.sit(ann, 1, 80_000, first_round=1)
>>> table.balance(1), store.wallet(ann)
(80000, 120000)
>>> seats.leave(stint, ann, 1, "left")
>>> table.balance(1), store.wallet(ann)
(50000, 200000)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paigow.errors import PaigowError
from paigow.store.base import Store, now
from paigow.table.engine import Table
from paigow.table.ledger import CASHIER, Entry, seat_account, transfer, wallet_account
from paigow.table.money import format_money


class Seating:
    """Seat changes at ``table`` (its ledger ``store``; the table is called ``name`` in the
    people's records). Call from the thread that plays the table's rounds."""

    def __init__(self, table: Table[Any, Any], store: Store, name: str) -> None:
        self.table = table
        self.store = store
        self.name = name

    def sit(self, player: int, seat: int, amount: int, first_round: int) -> int:
        """Person ``player`` takes ``seat`` with ``amount`` cents from their wallet (the
        bot's chips back to the cashier); the stint's id."""
        if amount <= 0:
            raise PaigowError(f"a buy-in must be more than zero, not {format_money(amount)}")
        acc = seat_account(seat)
        entries = transfer("cash_out", acc, CASHIER, self.table.balance(seat), seat,
                           "the bot's chips back to the cashier")
        entries += transfer("buy_in", wallet_account(player), acc, amount, seat,
                            "a person buys in from their wallet")
        got: list[int] = []
        self.table.transfer(entries, lambda e: got.append(self.store.seat_player(
            player, self.table.session_id, seat, self.name, first_round, e, now())))
        return got[0]

    def add(self, stint: int, player: int, seat: int, amount: int) -> None:
        """More chips for a person's seat from their wallet."""
        if amount <= 0:
            raise PaigowError(f"chips added must be more than zero, not {format_money(amount)}")
        entries = transfer("buy_in", wallet_account(player), seat_account(seat), amount, seat,
                           "more chips from the wallet")
        self.table.transfer(entries, lambda e: self.store.add_chips(stint, e))

    def leave(self, stint: int, player: int, seat: int, ended_by: str,
              bot_chips: int | None = None) -> None:
        """Person ``player`` leaves ``seat`` (``ended_by``: left, gone, closed): its chips
        back to their wallet; the bot buys in again with ``bot_chips`` (the seat's first
        bankroll by default; 0: the seat stays empty)."""
        acc = seat_account(seat)
        start = self.table.seats[seat].start if bot_chips is None else bot_chips
        entries: Sequence[Entry] = [
            *transfer("cash_out", acc, wallet_account(player), self.table.balance(seat), seat,
                      "a person's chips back to their wallet"),
            *transfer("buy_in", CASHIER, acc, start, seat, "the bot buys in again")]
        last = self.table.rounds_played
        self.table.transfer(entries, lambda e: self.store.unseat_player(
            stint, last, ended_by, e, now()))


__all__ = ["Seating"]
