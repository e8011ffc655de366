"""Class "recovery" (issue 11): an open round is voided exactly when its table is gone,
told by a lease the operating system drops with the process — never by a process id —
and an operator can void a stuck round, leaving an audit entry.

Each test runs a real ``paigow play`` waiting at the hand-setting prompt with a $25 bet
on the table (the round open), then:

* rewrites the session's recorded owner to a *live, unrelated* PID and kills the table:
  the round is voided (a PID check would have kept it open forever);
* rewrites the owner to a *dead* PID while the table lives: the round is left alone;
* kills the table and opens the ledger *before reaping it* (a zombie): voided;
* asks ``paigow void`` to void the live table's round: refused without ``--force``,
  done with it, bets returned and an audit entry written;
* and checks two stores in one process, and that a clean close leaves no lease behind.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tablekit import BestLowWay, consistent_ledger, start_at_the_prompt
from typer.testing import CliRunner

from paigow.cli import app
from paigow.store import open_store
from paigow.table.chance import seeded_chance
from paigow.table.engine import Seat, Table
from paigow.table.players import Bot
from paigow.table.tiles_game import TilesGame, WayChooser

runner = CliRunner()


def _open_round(db: Path) -> tuple[int, int]:
    """The open round and its session, read without opening the store."""
    con = sqlite3.connect(db)
    try:
        (rid, sid), = con.execute(
            "SELECT id, session_id FROM round WHERE status = 'open'").fetchall()
        return int(rid), int(sid)
    finally:
        con.close()


def _set_owner(db: Path, session: int, pid: int) -> None:
    con = sqlite3.connect(db)
    con.execute("UPDATE session SET owner = ? WHERE id = ?",
                (f"{socket.gethostname()}:{pid}:{'0' * 32}", session))
    con.commit()
    con.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _zombie(pid: int) -> bool:
    """Dead and not reaped: every thread has exited (a multi-threaded process shows its
    first thread as ``Z`` while the others are still tearing down, files still open)."""
    tasks = Path(f"/proc/{pid}/task")
    states = []
    for t in tasks.iterdir():
        try:
            states.append(_state(t / "stat"))
        except FileNotFoundError:  # that thread is gone
            continue
    return bool(states) and all(s == "Z" for s in states)


def _state(stat: Path) -> str:
    return stat.read_text().rsplit(")", 1)[1].split()[0]


def _statuses(db: Path) -> list[str]:
    con = sqlite3.connect(db)
    try:
        return [r[0] for r in con.execute("SELECT status FROM round ORDER BY id")]
    finally:
        con.close()


def test_recovery_with_a_live_but_wrong_pid_voids_the_round(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "wrong-pid.sqlite3"
    proc = start_at_the_prompt(db, way_csv)
    rid, sid = _open_round(db)
    unrelated = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
    try:
        _set_owner(db, sid, unrelated.pid)  # the record names a live process ...
        os.kill(proc.pid, signal.SIGKILL)  # ... but the table is gone
        proc.wait()
        assert _alive(unrelated.pid)
        voided, balances = consistent_ledger(db)
        assert voided == [rid]
        assert balances[sid]["seat:1"] == 100_000  # the $25 is back
    finally:
        unrelated.kill()
        unrelated.wait()
    audit = open_store(db, readonly=True).audit()
    assert [a["round"] for a in audit] == [rid] and audit[0]["actor"] == "recovery"


def test_a_live_table_keeps_its_round_whatever_pid_is_recorded(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "dead-pid.sqlite3"
    proc = start_at_the_prompt(db, way_csv)
    rid, sid = _open_round(db)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert not _alive(gone.pid)
    _set_owner(db, sid, gone.pid)  # the record names a dead process, the table lives
    try:
        store = open_store(db)
        assert store.voided == [] and store.round(rid)["status"] == "open"
        store.close()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    voided, _ = consistent_ledger(db)
    assert voided == [rid]


def test_a_killed_table_not_yet_reaped_is_gone(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "zombie.sqlite3"
    proc = start_at_the_prompt(db, way_csv)
    rid, _ = _open_round(db)
    os.kill(proc.pid, signal.SIGKILL)
    deadline = time.monotonic() + 120  # generous: a fact awaited on a busy machine
    while not _zombie(proc.pid):  # dead, not reaped: its PID still answers kill(pid, 0)
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert _alive(proc.pid)
    try:
        voided, _ = consistent_ledger(db)
        assert voided == [rid]
    finally:
        proc.wait()


def test_the_operator_voids_a_stuck_round_with_an_audit_entry(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "stuck.sqlite3"
    proc = start_at_the_prompt(db, way_csv)
    rid, sid = _open_round(db)
    try:
        args = ["void", str(rid), "--db", str(db), "--reason", "table hung at the prompt"]
        refused = runner.invoke(app, args)
        assert refused.exit_code == 2
        assert "still running" in refused.stderr and "--force" in refused.stderr
        assert _statuses(db)[-1] == "open"
        done = runner.invoke(app, [*args, "--force", "--json"])
        assert done.exit_code == 0, done.output
        out = json.loads(done.stdout)
        assert out["status"] == "void" and out["returned"]["1"] == 2500
        assert out["balances"]["seat:1"] == 100_000 and out["balances"].get("bets", 0) == 0
        assert out["audit"]["reason"].startswith("table hung at the prompt [lease held")
        assert "(paigow void)" in out["audit"]["actor"]
        # once is enough: the round is no longer open
        again = runner.invoke(app, args)
        assert again.exit_code == 2 and f"round {rid} is void, not open" in again.stderr
    finally:
        proc.kill()
        proc.wait()
    voided, balances = consistent_ledger(db)
    assert voided == []  # the operator did it already
    assert balances[sid]["seat:1"] == 100_000
    hist = runner.invoke(app, ["history", "--db", str(db), "--json"])
    audit = json.loads(hist.stdout)["audit"]
    assert [(a["action"], a["round"]) for a in audit] == [("void", rid)]
    text = runner.invoke(app, ["history", "--db", str(db)])
    assert "audit: " in text.output and "table hung at the prompt" in text.output


def test_the_operator_voids_a_dead_tables_round_without_force(tmp_path: Path, way_csv: Path) -> None:
    db = tmp_path / "dead.sqlite3"
    proc = start_at_the_prompt(db, way_csv)
    rid, _ = _open_round(db)
    proc.kill()
    proc.wait()
    res = runner.invoke(app, ["void", str(rid), "--db", str(db), "--reason", "crash"])
    assert res.exit_code == 0 and f"round {rid} voided" in res.output
    assert "lease free" in res.output


def _table(db: Path) -> Table:  # type: ignore[type-arg]
    ch = WayChooser(BestLowWay())
    return Table(TilesGame(BestLowWay()), [Seat(1, "a", "t", 5000, Bot(ch, 100))],
                 chance=seeded_chance(1), store=open_store(db))


def test_two_stores_in_one_process_respect_each_others_lease(tmp_path: Path) -> None:
    db = tmp_path / "two.sqlite3"
    first = _table(db)
    store = first.store
    # an open round of the first table, as if it were mid-round
    from paigow.table.bank import HOUSE_BANK
    from paigow.table.engine import RoundOpening

    rid = store.open_round(first.session_id, RoundOpening(1, HOUSE_BANK, {}, (), (1, 1, 1), ()))
    other = open_store(db)
    assert other.voided == []  # the first store holds the lease
    other.close()
    store.close()  # type: ignore[attr-defined]
    assert not (tmp_path / "two.sqlite3.leases").exists()  # a clean close leaves nothing
    again = open_store(db)
    assert again.voided == [rid]
    again.close()


def test_a_lease_cannot_be_taken_twice(tmp_path: Path) -> None:
    from paigow.errors import PaigowError
    from paigow.store.lease import Leases

    a, b = Leases(str(tmp_path / "x.db")), Leases(str(tmp_path / "x.db"))
    a.hold(7)
    with pytest.raises(PaigowError, match="held by another table"), b.claim(7) as gone:
        assert not gone
        raise PaigowError("session 7's lease is held by another table")
    a.release()
    with b.claim(7) as gone:
        assert gone
