"""Bad bets are refused with a clear error and change nothing: not the table, not the DB."""

from __future__ import annotations

from typing import Any

import pytest
from tablekit import BestLowWay

from paigow.errors import AmountError, PaigowError
from paigow.settle import Commission
from paigow.store import open_store
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.players import Bot
from paigow.table.tiles_game import TilesGame, WayChooser


class Idle(Bot):  # type: ignore[type-arg]
    """A seat whose bets are placed from outside (like a person's)."""

    def bet(self, request: Any) -> int | None:
        return None


def _setup(commission: Commission | None = None) -> tuple[Table, Any]:  # type: ignore[type-arg]
    store = open_store(":memory:")
    ch = WayChooser(BestLowWay())
    seats = [Seat(1, "you", "person", 10_000, Idle(ch, 1), owner="you"),
             Seat(2, "bot", "t", 10_000, Bot(ch, 500), owner="bot2")]
    table = Table(TilesGame(BestLowWay()), seats, chance=seeded_chance(9), store=store,
                  commission=commission)
    table.place_bet(1, 1000, owner="you")
    table.play_round()  # one settled round in the DB
    return table, store


def _snapshot(table: Table, store: Any) -> object:  # type: ignore[type-arg]
    rows = store.db.execute("SELECT * FROM entry ORDER BY id").fetchall()
    return (dict(table.pending), dict(table.balances), table.rounds_played,
            [tuple(r) for r in rows], store.rounds())


@pytest.mark.parametrize(
    ("seat", "amount", "owner", "error", "message"),
    [
        (1, -500, "you", AmountError, "must be more than zero"),
        (1, 0, "you", AmountError, "must be more than zero"),
        (1, 1_000_001, "you", AmountError, "cannot bet"),
        (1, 12.5, "you", AmountError, "whole number of cents"),
        (1, True, "you", AmountError, "whole number of cents"),
        (1, "100", "you", AmountError, "whole number of cents"),
        (2, 100, "you", PaigowError, "seat 2 is not yours"),
        (6, 100, "you", PaigowError, "there is no seat 6"),
    ],
)
def test_a_bad_bet_is_refused_and_changes_nothing(
    seat: int, amount: object, owner: str, error: type[Exception], message: str
) -> None:
    table, store = _setup()
    have = table.balance(1)
    before = _snapshot(table, store)
    with pytest.raises(error, match=message):
        table.place_bet(seat, amount, owner=owner)
    assert _snapshot(table, store) == before
    assert table.balance(1) == have


def test_the_whole_bankroll_can_be_bet_but_not_a_cent_more() -> None:
    table, _ = _setup()
    have = table.balance(1)
    with pytest.raises(AmountError, match="cannot bet"):
        table.place_bet(1, have + 1, owner="you")
    table.place_bet(1, have, owner="you")
    assert table.pending[1].main == have


def test_a_flat_fee_must_be_covered_with_the_bet() -> None:
    table, store = _setup(Commission(flat_fee=200))
    have = table.balance(1)
    before = _snapshot(table, store)
    with pytest.raises(AmountError, match=r"plus the \$2.00 fee"):
        table.place_bet(1, have - 199, owner="you")
    assert _snapshot(table, store) == before
    table.place_bet(1, have - 200, owner="you")


def _limited(limits: Any) -> tuple[Table, Any]:  # type: ignore[type-arg]
    from paigow.table.engine import BetLimits

    store = open_store(":memory:")
    ch = WayChooser(BestLowWay())
    seats = [Seat(1, "you", "person", 10_000, Idle(ch, 1), owner="you"),
             Seat(2, "bot", "t", 10_000, Bot(ch, 100), owner="bot2"),
             Seat(3, "bot", "t", 10_000, Bot(ch, 9_000), owner="bot3")]
    table = Table(TilesGame(BestLowWay()), seats, chance=seeded_chance(9), store=store,
                  limits=BetLimits(*limits))
    return table, store


@pytest.mark.parametrize(("amount", "message"), [
    (499, r"\$4.99 is outside the table's limits: \$5.00 to \$50.00"),
    (5_001, r"\$50.01 is outside the table's limits: \$5.00 to \$50.00"),
])
def test_a_bet_outside_the_table_limits_is_refused_and_changes_nothing(
        amount: int, message: str) -> None:
    table, store = _limited((500, 5_000))
    before = _snapshot(table, store)
    with pytest.raises(AmountError, match=message):
        table.place_bet(1, amount, owner="you")
    assert _snapshot(table, store) == before
    table.place_bet(1, 500, owner="you")
    table.place_bet(1, 5_000, owner="you")


def test_bots_bet_within_the_table_limits() -> None:
    table, _ = _limited((500, 5_000))
    record = table.play_round()
    assert record is not None
    assert record.bets == {2: 500, 3: 5_000}  # 1.00 raised to the minimum, 90.00 cut to the maximum


def test_limits_must_make_sense() -> None:
    from paigow.table.engine import BetLimits

    with pytest.raises(AmountError, match="below the minimum"):
        BetLimits(500, 499)
    with pytest.raises(AmountError, match="more than zero"):
        BetLimits(0)


def test_a_watcher_learns_banker_and_dice_when_the_round_opens_before_the_deal() -> None:
    seen: list[Any] = []
    table, _ = _limited((1, None))

    def opened(opening: Any) -> None:
        seen.append((opening.banker, opening.dice, dict(opening.bets), table.rounds_played))

    table.on_open = opened
    record = table.play_round()
    assert record is not None
    assert seen == [(record.banker, record.dice, record.bets, 0)]
