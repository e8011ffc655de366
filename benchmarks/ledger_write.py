"""Benchmark: how many rounds a second the ledger's database takes, and what a round writes.

The rounds are real: a tiles table of seven bots plays ``--rounds`` rounds in memory and
each round's opening and record (its bets, every ledger entry, results) is kept. Then
``T`` threads (``--threads 1,4,16``), each with its own connection and session, write
them as a table does: ``open_round`` (one transaction) then ``settle_round`` (another).
On a throwaway PostgreSQL with fsync on (as in production), and on SQLite (WAL,
synchronous NORMAL) for the baseline measured in the same run; the database's own figures
a round (commits, rows, WAL bytes) come from ``pg_stat_database`` and the WAL position.

No web, no engine in the timed part: the figure is the ledger's ceiling, which docs/web.md
("Toward internet scale") sets against the rounds a server process plays.

Usage: ``python benchmarks/ledger_write.py [--small] [--rounds 300] [--threads 1,4,16]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def recorded_rounds(n: int) -> tuple[Any, list[Any], list[tuple[Any, Any]]]:
    """The session info, buy-ins and ``n`` (opening, record) pairs of a bots' table."""
    from paigow.table.chance import seeded_chance
    from paigow.table.engine import MemoryStore
    from paigow.table.session import TableOptions, build_table

    store = MemoryStore()
    table = build_table(TableOptions(seats=7, bankroll=10_000_000, bet=500, bot_bank="mixed",
                                     seed=1), store, seeded_chance(1))
    for _ in range(n):
        table.play_round()
    info, entries = store.sessions[0]
    pairs = [(opening, record) for _sid, opening, record in store.rounds.values()
             if record is not None]
    return info, entries, pairs


def write(db: str, threads: int, info: Any, entries: list[Any],
          pairs: list[tuple[Any, Any]]) -> tuple[int, float]:
    """``threads`` writers, each a session of all ``pairs``; rounds written and seconds."""
    from paigow.store import open_store

    start = threading.Barrier(threads + 1)
    errors: list[BaseException] = []

    def run(k: int) -> None:
        store = open_store(db)  # its own connection, in its thread (as a table's)
        try:
            session = store.start_session(info, entries)
            start.wait()
            for opening, record in pairs:
                rid = store.open_round(session, opening)
                store.settle_round(rid, record)
        except BaseException as exc:  # reported below
            errors.append(exc)
            start.abort()
        finally:
            store.close()

    workers = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for w in workers:
        w.start()
    start.wait()
    t = time.perf_counter()
    for w in workers:
        w.join()
    secs = time.perf_counter() - t
    if errors:
        raise errors[0]
    return threads * len(pairs), secs


def pg_figures(url: str) -> dict[str, int]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        row = c.execute(
            "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted, "
            "pg_current_wal_lsn() - '0/0'::pg_lsn FROM pg_stat_database "
            "WHERE datname = current_database()").fetchone()
    assert row is not None
    return {"commits": int(row[0]), "rows": int(row[1]), "wal_bytes": int(row[2])}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--small", action="store_true", help="smoke run")
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--threads", default="1,4,16")
    a = ap.parse_args()
    if a.small:
        a.rounds, a.threads = 20, "1,2"
    counts = [int(x) for x in a.threads.split(",")]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    info, entries, pairs = recorded_rounds(a.rounds)
    out: dict[str, Any] = {"rounds_recorded": len(pairs), "load_avg": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp:
        for k in counts:
            n, secs = write(str(Path(tmp) / f"w{k}.sqlite3"), k, info, entries, pairs)
            out[f"sqlite_{k}"] = round(n / secs, 1)
            print(f"SQLite, {k} writer(s): {n} rounds in {secs:.2f} s: {n / secs:,.0f} rounds/s")
    from pgkit import Missing, throwaway_postgres  # type: ignore[import-not-found]

    try:
        with throwaway_postgres(fsync=True) as pg:
            url = pg.new_database()
            from paigow.store import open_store

            open_store(url).close()
            for k in counts:
                before = pg_figures(url)
                n, secs = write(url, k, info, entries, pairs)
                time.sleep(0.5)
                after = pg_figures(url)
                per = {key: round((after[key] - before[key]) / n, 1) for key in before}
                out[f"postgres_{k}"] = round(n / secs, 1)
                out["postgres_per_round"] = per
                print(f"PostgreSQL (fsync on), {k} writer(s): {n} rounds in {secs:.2f} s: "
                      f"{n / secs:,.0f} rounds/s ({out[f'postgres_{k}'] / out[f'sqlite_{k}']:.2f}"
                      f" of SQLite's); a round: {per['commits']} commits, {per['rows']} rows, "
                      f"{per['wal_bytes']:,.0f} WAL bytes")
    except Missing as exc:
        print(f"PostgreSQL: skipped ({exc})")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
