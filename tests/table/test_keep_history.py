"""A table that keeps only its last rounds in memory plays exactly as one that keeps all:
two tables dealt from one seed, one keeping every round and one keeping three, hold the
same last three records, and count every round played (the ledger has them all)."""

from __future__ import annotations

from paigow.table.chance import seeded_chance
from paigow.table.engine import MemoryStore
from paigow.table.session import TableOptions, build_table


def test_a_table_keeping_three_rounds_holds_the_last_three_of_the_same_play() -> None:
    tables = []
    for keep in (None, 3):
        t = build_table(TableOptions(seats=4, seed=5, bot_bank="mixed"), MemoryStore(),
                        seeded_chance(5))
        t.keep_history = keep
        for _ in range(9):
            t.play_round()
        tables.append(t)
    everything, last_three = tables
    assert len(everything.history) == 9 and len(last_three.history) == 3
    assert [r.to_json() for r in last_three.history] == \
        [r.to_json() for r in everything.history[-3:]]
    assert last_three.rounds_played == everything.rounds_played == 9
    assert last_three.balances == everything.balances
