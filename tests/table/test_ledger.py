"""Money is conserved: over thousands of auto rounds every round's entries balance, the
table and the bank are empty between rounds, and seats plus house hold what was bought in.
The checks are sums over the ledger (and SQL over the database), not the engine's figures."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from tablekit import BestLowWay, PokerSimple

from paigow.settle import Commission
from paigow.store import open_store
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.ledger import BANK, BETS, CASHIER, HOUSE, Entry, apply
from paigow.table.players import Bot
from paigow.table.poker_game import PokerGame, StrategyChooser
from paigow.table.tiles_game import TilesGame, WayChooser


def _bots(chooser: object, n: int, rng: random.Random) -> list[Seat]:  # type: ignore[type-arg]
    policies = ["take", "cobank", "refuse"]
    return [
        Seat(k, f"bot {k}", "t", rng.randrange(5_000, 200_000),
             Bot(chooser, rng.randrange(1, 3_000), policies[k % 3]))  # type: ignore[arg-type]
        for k in range(1, n + 1)
    ]


def _check_round(start_total: int, balances: dict[str, int]) -> None:
    assert balances.get(BETS, 0) == 0 and balances.get(BANK, 0) == 0
    chips = sum(v for k, v in balances.items() if k.startswith("seat:")) + balances.get(HOUSE, 0)
    assert chips == start_total == -balances[CASHIER]
    assert all(v >= 0 for k, v in balances.items() if k.startswith("seat:"))


@pytest.mark.parametrize(
    ("rounds", "commission"),
    [(3000, Commission()), (1000, Commission(rate=Fraction(0), flat_fee=25)),
     (1000, Commission(rate=Fraction(1, 20), rounding="up"))],
)
def test_tiles_conservation_over_thousands_of_rounds(
    tmp_path: Path, rounds: int, commission: Commission
) -> None:
    rng = random.Random(rounds)
    store = open_store(tmp_path / "ledger.sqlite3")
    seats = _bots(WayChooser(BestLowWay()), 7, rng)
    table = Table(TilesGame(BestLowWay()), seats, chance=seeded_chance(rounds),
                  store=store, commission=commission)
    start_total = sum(s.start for s in seats)
    ledger: dict[str, int] = apply({}, [Entry("buy_in", CASHIER, f"seat:{s.number}", s.start)
                                         for s in seats])
    kinds = set()
    for _ in range(rounds):
        rec = table.play_round()
        if rec is None:
            break
        # the opening entries, rebuilt from the rules: bets to the table, cover to the bank
        ledger = apply(ledger, [Entry("bet", f"seat:{p}", BETS, v) for p, v in rec.bets.items()])
        total = sum(rec.bets.values())
        if rec.banker.kind == "house":
            ledger = apply(ledger, [Entry("bank_fund", HOUSE, BANK, total)])
        elif rec.banker.kind == "player":
            ledger = apply(ledger, [Entry("bank_fund", f"seat:{rec.banker.seat}", BANK, total)])
        else:
            fund = [(f"seat:{rec.banker.seat}", total // 2), (HOUSE, total - total // 2)]
            ledger = apply(ledger, [Entry("bank_fund", a, BANK, v) for a, v in fund if v])
        ledger = apply(ledger, rec.entries)  # the settlement
        _check_round(start_total, ledger)
        kinds.add(rec.banker.kind)
    assert kinds == {"house", "player", "cobank"}
    # the ledger rebuilt from outside equals the engine's balances and the database's
    assert {k: v for k, v in ledger.items() if v} == {
        k: v for k, v in store.balances(table.session_id).items() if v
    }
    assert sum(table.balance(s.number) - s.start for s in seats) + table.house_net == 0
    assert store.check() == []
    # in SQL: every session's chips equal its buy-ins; no money in bets or bank
    (chips,) = store.db.execute(
        "SELECT SUM(balance) FROM balance WHERE account LIKE 'seat:%' OR account = 'house'"
    ).fetchone()
    (bought,) = store.db.execute("SELECT SUM(amount) FROM entry WHERE kind = 'buy_in'").fetchone()
    assert chips == bought == start_total
    (left,) = store.db.execute(
        "SELECT COALESCE(SUM(balance), 0) FROM balance WHERE account IN ('bets', 'bank') "
        "AND balance != 0"
    ).fetchone()
    assert left == 0


def test_poker_conservation(tmp_path: Path) -> None:
    rng = random.Random(5)
    store = open_store(tmp_path / "poker.sqlite3")
    seats = _bots(StrategyChooser(PokerSimple()), 6, rng)
    table = Table(PokerGame(PokerSimple()), seats, chance=seeded_chance(5), store=store)
    for _ in range(150):
        assert table.play_round() is not None
    assert sum(table.balance(s.number) - s.start for s in seats) + table.house_net == 0
    assert store.check() == []
    assert {r["banker"]["kind"] for r in store.rounds()} == {"house", "player", "cobank"}


def test_check_finds_a_tampered_ledger(tmp_path: Path) -> None:
    store = open_store(tmp_path / "t.sqlite3")
    ch = WayChooser(BestLowWay())
    seats = [Seat(1, "a", "t", 10_000, Bot(ch, 100)), Seat(2, "b", "t", 10_000, Bot(ch, 100))]
    table = Table(TilesGame(BestLowWay()), seats, chance=seeded_chance(1), store=store)
    for _ in range(5):
        table.play_round()
    assert store.check() == []
    store.db.execute("UPDATE entry SET amount = amount + 1 WHERE kind = 'payout' OR "
                     "kind = 'stake_lost'")
    assert store.check() != []
