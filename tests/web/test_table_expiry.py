"""A table people opened closes once nobody has sat at it for the idle time (docs/web.md,
"a table people opened that nobody has sat at for --table-idle-minutes closes").

Without it a stranger could open tables from a few addresses, leave them, and hold the
server's twelve places for ever (the tables are kept in the ledger, so not even a restart
freed them). The tables' and the lobby's clock is the test's, so "past the idle time" is
exact and nothing waits on time, except the last test, which waits for the lobby's own
sweep to happen (a fact, with a generous bound).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from test_people import _cashed_out
from webkit import HOSTS, Person, live, refused, tiles_opts

from paigow.store import open_store
from paigow.table.session import prepare
from paigow.web.accounts import WALLET_GRANT
from paigow.web.app import create_app
from paigow.web.host import HostLimits
from paigow.web.lobby import Lobby

IDLE = 600.0  # ten minutes


def _started(db: Path, now: list[float] | None = None, **kw: Any) -> tuple[Lobby, Any]:
    """A server's lobby on ledger ``db`` (the command line's tiles table, and every table
    the ledger keeps), its clock ``now`` when given; and its app."""
    lobby = Lobby(str(db), HostLimits(idle_seconds=None, seats_per_client=7),
                  warm_hints=False, table_idle_seconds=kw.pop("idle", IDLE), **kw)
    if now is not None:
        lobby.clock = lambda: now[0]
    opts = tiles_opts()
    lobby.start([(opts, prepare(opts))])
    return lobby, create_app(lobby, HOSTS)


def _listed(p: Person) -> list[str]:
    return [t["id"] for t in p.client.get("/api/tables").json()["tables"]]


def _opened(p: Person, name: str = "Late night") -> str:
    r = p.client.post("/api/tables", json={"game": "tiles", "name": name})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_a_table_nobody_sat_at_for_the_idle_time_closes_and_says_why(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    now = [1_000.0]
    lobby, app = _started(db, now)
    try:
        ann = Person(app, name="Ann")
        table = _opened(ann)
        now[0] += IDLE - 1
        assert lobby.expire() == []  # not yet
        assert _listed(ann) == ["1", table]
        now[0] += 2
        with ann.client.websocket_connect(f"/ws/tables/{table}") as ws:  # a page watching it
            page = live(ws)
            assert page.receive(30)["state"]["phase"] == "waiting"
            assert lobby.expire() == [table]
            while page.view is None or page.view["phase"] != "closed":
                page.receive(30)
            said = json.dumps(page.view["error"])  # what the open page says
            assert f"table {table} has closed" in said and "nobody sat at it for 10 minutes" in said
        # the command line's table, as empty and older, stays
        assert _listed(ann) == ["1"]
        # its page says why, in words, with the way back; the API answers JSON
        page = ann.client.get(f"/tables/{table}")
        assert page.status_code == 410
        assert "nobody sat at it for 10 minutes" in page.text and 'href="/"' in page.text
        refused(ann.client.get(f"/api/tables/{table}/state"), 410,
                f"table {table} has closed", "nobody sat at it for 10 minutes")
        late = Person(app, table, "Ann")
        refused(late.post("join", {"name": "Ann"}), 410, "nobody sat at it")
    finally:
        lobby.close()
    # a restart does not bring it back: the ledger no longer keeps it
    again, _app = _started(db)
    try:
        assert sorted(again.tables) == ["1"]
    finally:
        again.close()


def test_a_table_someone_sits_at_stays_and_its_idle_time_starts_when_they_leave(
        tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    now = [1_000.0]
    lobby, app = _started(db, now)
    try:
        opener = Person(app, name="Ann")
        table = _opened(opener)
        bob = Person(app, table, "Bob")
        bob.join()
        now[0] += 10 * IDLE  # hours with Bob seated (or just gone: the time starts then)
        assert lobby.expire() == []
        assert table in _listed(bob)
        bob.post("leave")
        _cashed_out(bob)  # his chips are back in his wallet: nothing is held at the table
        now[0] += IDLE - 1
        assert lobby.expire() == []
        now[0] += 2
        assert lobby.expire() == [table]
        assert bob.client.get("/api/me").json()["total"] == WALLET_GRANT  # no bet was lost
    finally:
        lobby.close()
    store = open_store(str(db))
    try:
        assert store.check() == []
    finally:
        store.close()


def test_a_full_server_makes_room_from_a_table_left_empty(tmp_path: Path) -> None:
    now = [1_000.0]
    lobby, app = _started(tmp_path / "web.sqlite3", now, max_tables=2)
    try:
        stranger, ann = Person(app), Person(app)
        _opened(stranger, "Left behind")
        refused(ann.client.post("/api/tables", json={"game": "tiles"}), 429, "2 tables")
        now[0] += IDLE + 1
        mine = _opened(ann, "Ann's")  # the empty table's place is free again
        assert _listed(ann) == ["1", mine]
    finally:
        lobby.close()


def test_serve_without_an_idle_time_keeps_peoples_tables(tmp_path: Path) -> None:
    now = [1_000.0]
    lobby, app = _started(tmp_path / "web.sqlite3", now, idle=None)
    try:
        ann = Person(app)
        table = _opened(ann)
        now[0] += 1e9
        assert lobby.expire() == []
        assert _listed(ann) == ["1", table]
    finally:
        lobby.close()


def test_the_lobby_closes_empty_tables_by_itself(tmp_path: Path) -> None:
    lobby, app = _started(tmp_path / "web.sqlite3", idle=1.0)  # the real clock: a second
    try:
        ann = Person(app)
        table = _opened(ann)
        end = time.monotonic() + 120  # a bound for a slow machine, not a measure
        while table in lobby.tables:
            assert time.monotonic() < end, "the lobby's sweep never closed the empty table"
            time.sleep(0.05)
        assert _listed(ann) == ["1"]
        assert ann.client.get(f"/api/tables/{table}/state").status_code == 410
    finally:
        lobby.close()
