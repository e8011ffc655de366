"""What a table keeps of its rounds.

A seated person's chart (``you.chart``): the seat's balance after each settled round since
they joined, starting from the balance before their first round. The server keeps only
the balances of the last rounds for it (``TableHost.balances_after``), not the rounds
themselves; the fact it must match is the ledger's: the seat account's running balance
over the entries written, read back from SQLite.

A round's balances are the table's own accounts (seats, the house): a person's wallet is
the other side of their buy-in and cash-out in the ledger, not the table's, and records
that kept it grew with every person who ever sat down at the table, and so did the last
round's public story, pushed in every view."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from webkit import Person, play_round, serving, tiles_opts

from paigow.table.ledger import HOUSE, seat_account


def ledger_balances(db: Path, seat: int) -> dict[int, int]:
    """Round number -> the seat's balance after that round's entries, from the ledger."""
    acc = seat_account(seat)
    balance, after = 0, {}
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT e.src, e.dst, e.amount, r.number FROM entry e "
                           "LEFT JOIN round r ON r.id = e.round_id ORDER BY e.id").fetchall()
    for src, dst, amount, number in rows:
        balance += (amount if dst == acc else 0) - (amount if src == acc else 0)
        if number is not None:
            after[number] = balance
    return after


def test_the_chart_is_the_ledgers_balance_after_each_round(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        seat = ann.join()
        for _ in range(4):
            play_round([ann])
        you = ann.state()["you"]
    after = ledger_balances(tmp_path / "web.sqlite3", seat)
    assert sorted(after) == [1, 2, 3, 4]  # a new table: Ann played its rounds 1 to 4
    assert you["chart"] == [[n, after[n]] for n in (1, 2, 3, 4)]
    assert you["chart"][-1][1] == you["balance"]


def test_a_rounds_balances_hold_the_tables_accounts_not_the_wallets(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        for p in (ann, bob):
            p.join()
        last = play_round([ann, bob])["last"]
        host = lobby.get("1")
        kept = [set(balances) for _n, balances in host.balances_after]
    seats = {f"seat:{n}" for n in range(1, 4)}  # tiles_opts: three seats
    assert set(last["balances"]) <= seats, last["balances"]  # the story names no wallet
    assert kept and all(k <= seats | {HOUSE} for k in kept), kept
    after = ledger_balances(tmp_path / "web.sqlite3", ann.seat)
    assert last["balances"][f"seat:{ann.seat}"] == after[1]  # and the seats' are the ledger's
