"""``paigow serve`` stopped by SIGTERM (what a service manager sends) closes as Ctrl-C
does, before the process ends (docs/web.md, "A server restart": stopped cleanly, each
table voids the round in play and cashes every person out to their wallet).

uvicorn raises the signal it caught again once it has shut down; SIGTERM's default action
used to end the process right there, so the lobby never closed: the round stayed open and
the seat's chips waited for the next start's recovery. The facts are read from the ledger
(SQLite, by this test's own SQL) as the stopped process left it, before anything opens it
again.
"""

from __future__ import annotations

import signal
import sqlite3
import time
from pathlib import Path

import httpx
import pytest
from test_browser import _serve, _stop

pytest.importorskip("uvicorn")


def test_sigterm_voids_the_round_in_play_and_cashes_out_before_the_process_ends(
        tmp_path: Path) -> None:
    proc, url = _serve(tmp_path, "--game", "tiles", "--seats", "2", "--idle-seconds", "0",
                       "--wallet", "2000")
    try:
        with httpx.Client(base_url=url, headers={"Origin": url}, timeout=120) as ann:
            r = ann.post("/api/tables/1/join", json={"name": "Ann", "buy_in": "300"})
            assert r.status_code == 200, r.text
            end = time.monotonic() + 180
            while (ann.get("/api/tables/1/state").json()["you"] or {}).get("awaiting") != "bet":
                assert time.monotonic() < end, "never asked to bet"
                time.sleep(0.05)
            assert ann.post("/api/tables/1/bet", json={"amount": "10"}).status_code == 200
            while (ann.get("/api/tables/1/state").json()["you"] or {}).get("awaiting") != "set":
                assert time.monotonic() < end, "never dealt"
                time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)  # the round holds Ann's $10
        assert proc.wait(120) == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            _stop(proc)
    with sqlite3.connect(tmp_path / "web.sqlite3") as db:
        assert db.execute("SELECT status FROM round").fetchall() == [("void",)]
        assert db.execute("SELECT ended_by FROM stint").fetchall() == [("closed",)]
        pid = db.execute("SELECT id FROM player WHERE name = 'Ann'").fetchone()[0]
        wallet = db.execute(
            "SELECT COALESCE(SUM(CASE WHEN dst = :w THEN amount ELSE -amount END), 0) "
            "FROM entry WHERE dst = :w OR src = :w", {"w": f"wallet:{pid}"}).fetchone()[0]
        assert wallet == 2000_00  # every chip back: the grant, all of it
