"""A seated person's chart (``you.chart``): the seat's balance after each settled round
since they joined, starting from the balance before their first round. The server keeps
only the balances of the last rounds for it (``TableHost.balances_after``), not the
rounds themselves; the fact it must match is the ledger's: the seat account's running
balance over the entries written, read back from SQLite."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from webkit import Person, play_round, serving, tiles_opts

from paigow.table.ledger import seat_account


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
