"""A kit for the browser table's tests: a lobby served through FastAPI's TestClient, and
people who join, act and wait through the same HTTP API the page uses.

Facts are checked against the ledger (SQLite), the engine's own records and the rules;
this kit only drives the table.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from paigow.table.session import TableOptions
from paigow.web.app import create_app
from paigow.web.host import HostLimits
from paigow.web.lobby import Lobby

BANKROLL = 100_000  # $1,000.00
WAIT = 180.0  # seconds a wait for a fact gives up after: enough at load 20 on 2 cores (a
# wait ends as soon as its fact holds; only a failure waits this long)
State = dict[str, Any]
HOSTS = frozenset({"testserver"})


def tiles_opts(**kw: Any) -> TableOptions:
    base: dict[str, Any] = dict(seats=3, bankroll=BANKROLL, bet=1_000, seed=11, bot_bank="refuse")
    base.update(kw)
    return TableOptions(**base)


def poker_opts(**kw: Any) -> TableOptions:
    base: dict[str, Any] = dict(game="poker", house_way="house", bot_ways=("house",), seats=3,
                                bankroll=BANKROLL, bet=1_000, seed=5, bot_bank="refuse")
    base.update(kw)
    return TableOptions(**base)


@contextmanager
def serving(tmp_path: Path, *tables: TableOptions, limits: HostLimits | None = None,
            warm: bool = False, db: str | None = None) -> Iterator[tuple[Lobby, Any]]:
    """A lobby with ``tables`` open (ids "1", "2", ...) and its app; closed afterwards. Its
    ledger: SQLite in ``tmp_path``, or ``db``."""
    lobby = Lobby(db or str(tmp_path / "web.sqlite3"),
                  limits or HostLimits(idle_seconds=None, seats_per_client=7),
                  warm_hints=warm)
    try:
        for opts in tables:
            lobby.open(opts)
        yield lobby, create_app(lobby, HOSTS)
    finally:
        lobby.close()


def held_view(view: State | None, msg: dict[str, Any]) -> State | None:
    """The view a page holds after the frame ``msg`` (static/js/dom.js, ``liveSocket``): a
    whole view (``state``) replaces it; a ``patch`` lays its parts over it (and drops its
    ``gone`` keys); any other message leaves it."""
    if msg.get("type") == "state":
        return dict(msg["state"])
    if msg.get("type") == "patch":
        assert view is not None, "a patch before any whole view"
        out = {**view, **msg["parts"]}
        for k in msg.get("gone", ()):
            del out[k]
        return out
    return view


class Live:
    """A table's (or the lobby's) socket read as the page reads it: each frame given back
    with ``state``, the whole view held after it. The frames on one socket are numbered
    one after another (``seq``), the first a whole view: checked on every frame.
    ``recv(timeout)`` reads one text message."""

    def __init__(self, recv: Callable[[float | None], str]) -> None:
        self.recv = recv
        self.view: State | None = None
        self.seq = 0
        self.raw: list[dict[str, Any]] = []  # every frame as sent

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.recv(timeout))
        self.raw.append(msg)
        if msg["type"] not in ("state", "patch"):
            return msg
        assert msg["seq"] == self.seq + 1, (msg["seq"], self.seq)
        assert msg["type"] == "state" or self.seq, "the first frame is the whole view"
        self.seq = msg["seq"]
        self.view = held_view(self.view, msg)
        return {**msg, "state": self.view}


def live(ws: Any) -> Live:
    """:class:`Live` over a TestClient socket."""
    return Live(lambda _timeout: str(ws.receive_text()))


class Person:
    """Someone at one table through the API (their own cookie jar)."""

    def __init__(self, app: Any, table: str = "1", name: str = "") -> None:
        self.client = TestClient(app)
        self.table = table
        self.name = name
        self.seat = 0

    def url(self, action: str) -> str:
        return action if action.startswith("/") else f"/api/tables/{self.table}/{action}"

    def join(self, name: str | None = None) -> int:
        self.name = name or self.name
        r = self.client.post(self.url("join"), json={"name": self.name})
        assert r.status_code == 200, r.text
        self.seat = int(r.json()["seat"])
        return self.seat

    def state(self) -> State:
        r = self.client.get(self.url("state"))
        assert r.status_code == 200, r.text
        data: State = r.json()
        return data

    def post(self, action: str, body: Any = None, **kw: Any) -> Any:
        if body is None and "content" not in kw:
            body = {}
        return self.client.post(self.url(action), json=body, **kw) if "content" not in kw \
            else self.client.post(self.url(action), **kw)

    def ok(self, action: str, body: Any = None) -> Any:
        r = self.post(action, body)
        assert r.status_code == 200, (action, body, r.text)
        return r.json()

    def wait(self, pred: Callable[[State], bool], timeout: float = WAIT) -> State:
        end = time.monotonic() + timeout
        s = self.state()
        while not pred(s):
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: timed out waiting; last state: {s}")
            time.sleep(0.02)
            s = self.state()
        return s

    def awaiting(self, what: str, timeout: float = WAIT) -> State:
        return self.wait(lambda s: s["you"] is not None and s["you"]["awaiting"] == what,
                         timeout)


def refuse_bank_until_set(people: list[Person], timeout: float = WAIT) -> None:
    """Everyone sets a hand next; a bank offer on the way is refused."""
    end = time.monotonic() + timeout
    while True:
        states = [(p, p.state()["you"]) for p in people]
        if all(you["awaiting"] == "set" for _, you in states):
            return
        for p, you in states:
            if you["awaiting"] == "bank":
                p.ok("bank", {"decision": "refuse"})
        assert time.monotonic() < end, states
        time.sleep(0.02)


def play_round(people: list[Person], bets: list[str] | None = None) -> State:
    """Everyone bets and sets the house way's arrangement by positions; the reveal."""
    first = people[0].awaiting("bet")["rounds_played"]
    for p in people[1:]:
        p.awaiting("bet")
    for p, amount in zip(people, bets or ["10"] * len(people), strict=True):
        p.ok("bet", {"amount": amount})
    refuse_bank_until_set(people)
    for p in people:
        hand = p.state()["you"]["hand"]
        p.ok("set", {"low": hand["house_low"]})
    return people[0].wait(lambda s: s["rounds_played"] == first + 1 and s["last"] is not None)


def entry_count(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("SELECT COUNT(*) FROM entry").fetchone()[0])


def refused(resp: Any, status: int, *names: str) -> None:
    """``resp`` is a refusal with ``status`` whose message names every one of ``names``."""
    assert resp.status_code == status, resp.text
    msg = resp.json()["error"]
    for name in names:
        assert name in msg, (name, msg)


@contextmanager
def served(app: Any, **settings: Any) -> Iterator[int]:
    """``app`` served by uvicorn as ``paigow serve`` configures it
    (:func:`paigow.web.server.server_config`, with ``settings``), in a thread: the port."""
    import socket
    import threading

    import uvicorn

    from paigow.web.server import server_config

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(server_config(app, host="127.0.0.1", port=port,
                                          log_level="error", **settings))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + WAIT
        while not server.started:
            assert thread.is_alive() and time.monotonic() < end, "the server did not start"
            time.sleep(0.02)
        yield port
    finally:
        server.should_exit = True
        thread.join(60)
