"""A card room: two ``paigow serve`` processes on one PostgreSQL ledger behind nginx
(issue 17 §2, docs/web.md "Many processes").

Real processes on the loopback: a throwaway PostgreSQL (:mod:`pgkit`), process A in slot 1
and process B in slot 2 (``paigow serve --slot``), and Debian's nginx configured and run
by ``paigow proxy --run``. Facts checked: every process's lobby lists every table of the
room with where it lives; a table opened at one process is in the other's lobby within a
second (LISTEN/NOTIFY; the latency is a benchmark's figure, not a test's); a person reading A's lobby joins B's table through the proxy and
plays a round over a WebSocket through it (the Host and Origin checks pass behind it); the
refusal suite answers the same through the proxy and changes nothing; and after ``kill
-9`` of B mid-round nothing is half-settled, every chip is conserved, the person's money is
what it was before the round, A's lobby drops B's tables, and a reload is told the table
closed.
"""

from __future__ import annotations

import html
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
websockets_sync = pytest.importorskip("websockets.sync.client")

from test_refusals import CASES_BETTING  # noqa: E402
from webkit import Live, Person  # noqa: E402

from paigow.store import open_store  # noqa: E402
from paigow.web.accounts import COOKIE, KNOWN_SECONDS_ENV  # noqa: E402
from pgkit import PgServer, free_port, missing  # noqa: E402

pytestmark = pytest.mark.slow
State = dict[str, Any]


def _nginx() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if found is None:
        missing("no nginx (scripts/services.sh installs Debian's nginx)")
    assert found is not None
    return found


class Room:
    """The processes of the room and how to reach them."""

    def __init__(self, url: str, tmp: Path) -> None:
        self.url, self.tmp = url, tmp
        self.ports = {1: free_port(), 2: free_port()}
        self.front = free_port()
        self.procs: dict[Any, subprocess.Popen[bytes]] = {}

    def base(self, slot: int | None = None) -> str:
        return f"http://127.0.0.1:{self.front if slot is None else self.ports[slot]}"

    def start(self) -> None:
        for slot, port in self.ports.items():
            log = open(self.tmp / f"serve{slot}.log", "wb")  # noqa: SIM115 - the process keeps it
            self.procs[slot] = subprocess.Popen(
                [sys.executable, "-m", "paigow.cli", "serve", "--game", "tiles", "--db", self.url,
                 "--slot", str(slot), "--port", str(port), "--seats", "3", "--bankroll", "1000",
                 "--bet", "10", "--min-bet", "1", "--max-bet", "500", "--bot-bank", "refuse",
                 "--idle-seconds", "0", "--gone-seconds", "3600",
                 "--behind-proxy"],  # nginx in front: its X-Forwarded-For names the client
                stdout=log, stderr=subprocess.STDOUT,
                # a looked-up sign-in kept an hour: B's refusal of a secret signed out at A
                # can only come from A's notice (test_a_sign_out_at_one_process_...)
                env={**os.environ, KNOWN_SECONDS_ENV: "3600"})
        upstreams = [a for s, p in self.ports.items() for a in ("--upstream", f"{s}=127.0.0.1:{p}")]
        log = open(self.tmp / "proxy.log", "wb")  # noqa: SIM115
        self.procs["proxy"] = subprocess.Popen(
            [sys.executable, "-m", "paigow.cli", "proxy", *upstreams,
             "--listen", f"127.0.0.1:{self.front}", "--prefix", str(self.tmp / "nginx"), "--run"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        for where in (1, 2, None):
            self.wait_up(self.base(where))

    def wait_up(self, base: str, timeout: float = 300) -> None:
        end = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(base + "/api/tables", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            dead = [k for k, p in self.procs.items() if p.poll() is not None]
            if dead or time.monotonic() > end:
                logs = {p.name: p.read_text()[-1500:] for p in self.tmp.glob("*.log")}
                raise AssertionError(f"{base} did not come up (exited: {dead}): {logs}")
            time.sleep(0.2)

    def stop(self) -> None:
        proxy = self.procs.pop("proxy", None)
        if proxy is not None:
            os.killpg(proxy.pid, signal.SIGTERM)  # paigow proxy and its nginx
            proxy.wait(30)
        for p in self.procs.values():
            if p.poll() is None:
                p.terminate()
                p.wait(60)

    def tables(self, slot: int | None = None) -> list[State]:
        r = httpx.get(self.base(slot) + "/api/tables", timeout=120)
        assert r.status_code == 200, r.text
        return list(r.json()["tables"])

    def table_at(self, slot: int) -> str:
        """The id of the first table process ``slot`` holds, as process A's lobby says."""
        return str(next(t["id"] for t in self.tables(1) if t["where"]["slot"] == slot))


@pytest.fixture(scope="module")
def room(pg_server: PgServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    _nginx()
    tmp = tmp_path_factory.mktemp("room")
    os.chmod(tmp, 0o755)
    r = Room(pg_server.new_database(), tmp)
    try:
        r.start()
        yield r
    finally:
        r.stop()


class Browser(Person):
    """A person's browser pointed at the room's one address (its own cookie jar), with
    :class:`webkit.Person`'s calls."""

    def __init__(self, room: Room, table: str, name: str = "") -> None:
        self.room, self.table, self.name, self.seat = room, table, name, 0
        self.origin = room.base()
        self.client = httpx.Client(base_url=room.base(), timeout=120,
                                   headers={"Origin": self.origin})

    def request(self, method: str, url: str, **kw: Any) -> Any:
        return self.client.request(method, url, **kw)

    @contextmanager
    def socket(self) -> Iterator[Live]:
        """The table's WebSocket through the proxy, with this browser's cookie and origin,
        read as the page reads it."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.client.cookies.items())
        with websockets_sync.connect(
                f"ws://127.0.0.1:{self.room.front}/ws/tables/{self.table}",
                additional_headers={"Cookie": cookie, "Origin": self.origin},
                max_size=2**22) as ws:
            yield Live(lambda timeout: str(ws.recv(timeout=timeout)))


def next_state(ws: Live, pred: Callable[[State], bool], timeout: float = 180.0) -> State:
    """The first view pushed over ``ws`` (as the page holds it) that satisfies ``pred``."""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        assert left > 0, "no push showed it"
        msg = ws.receive(left)
        if msg["type"] in ("state", "patch") and pred(msg["state"]):
            return dict(msg["state"])


def ledger_problems(url: str, timeout: float = 300.0) -> list[str]:
    """The ledger's broken invariants once no round is in play (a round a bot started as
    its person left plays on to its end)."""
    end = time.monotonic() + timeout
    while True:
        store = open_store(url, readonly=True)
        try:
            problems = store.check()
        finally:
            store.close()
        if not any(p.endswith("still open") for p in problems) or time.monotonic() > end:
            return problems
        time.sleep(0.2)


# -- the directory --------------------------------------------------------------------------
def test_every_lobby_lists_every_table_of_the_room_with_where_it_lives(room: Room) -> None:
    seen = {}
    for where in (1, 2, None):
        tables = room.tables(where)
        seen[where] = [(t["id"], t["where"]["slot"]) for t in tables]  # the same order
        for t in tables:  # an id's last two digits name the slot that holds it
            assert int(t["id"]) % 100 == t["where"]["slot"]
            here = where if where is not None else t["where"]["slot"]
            assert t["where"]["here"] == (t["where"]["slot"] == here) or where is None
    assert seen[1] == seen[2] == seen[None]
    assert {s for _, s in seen[1]} == {1, 2}
    ids = [i for i, _ in seen[1]]
    assert len(ids) == len(set(ids))  # unique across the room
    assert ids == sorted(ids, key=int)  # in the order they were opened, from any process


def test_a_table_opened_at_one_process_is_pushed_to_the_others_lobby(room: Room) -> None:
    """Process A's open lobby is told of a table B opens, without a reload (the room's
    NOTIFY; how soon is a figure of the load benchmark, not a fact of this test)."""
    with websockets_sync.connect(f"ws://127.0.0.1:{room.ports[1]}/ws/lobby") as sock:
        lobby_a = Live(lambda timeout: str(sock.recv(timeout=timeout)))
        first = lobby_a.receive(120)["state"]["tables"]
        r = httpx.post(room.base(2) + "/api/tables", json={"game": "tiles", "name": "Late"},
                       timeout=120)
        assert r.status_code == 201, r.text
        new = r.json()["id"]
        assert new not in {t["id"] for t in first}
        listing = next_state(lobby_a, lambda s: any(t["id"] == new for t in s["tables"]))
    mine = next(t for t in listing["tables"] if t["id"] == new)
    assert mine["where"] == {"slot": 2, "address": f"127.0.0.1:{room.ports[2]}", "here": False}
    assert mine["name"] == "Late"


# -- playing across processes ---------------------------------------------------------------
def test_a_person_in_a_lobby_of_a_plays_a_round_at_bs_table_through_the_proxy(
        room: Room) -> None:
    table = room.table_at(2)  # read from process A's lobby
    pat = Browser(room, table, "Pat")
    pat.join()
    with pat.socket() as ws:
        start = next_state(ws, lambda s: s["you"] is not None and s["you"]["awaiting"] == "bet")
        pat.ok("bet", {"amount": "25"})
        dealt = next_state(ws, lambda s: bool(s["you"]["hand"]) and s["you"]["awaiting"] == "set")
        pat.ok("set", {"low": dealt["you"]["hand"]["house_low"]})
        shown = next_state(ws, lambda s: (s["last"] or {}).get("number") == start["round"])
    pat.ok("leave")
    mine = next(x for x in shown["last"]["seats"] if x["seat"] == pat.seat)
    assert mine["stake"] == 2500
    assert shown["you"]["balance"] == 100_000 + mine["net"]
    assert ledger_problems(room.url) == []

    # Pat is one person at every process: their cookie (made by B) seats them at A's table,
    # buying in from the same wallet, which holds the grant plus the round won or lost at B
    at_a = Browser(room, room.table_at(1))
    at_a.client.cookies.update(pat.client.cookies)
    r = at_a.client.post(at_a.url("join"), json={})
    assert r.status_code == 200 and r.json()["name"] == "Pat", r.text
    me = at_a.client.get("/api/me").json()
    assert [x["table"] for x in me["seats"]] == [next(
        t["name"] for t in room.tables(1) if t["id"] == room.table_at(1))], me
    assert me["total"] == me["grant"] + mine["net"], me
    at_a.ok("leave")


def test_a_sign_out_at_one_process_ends_the_sign_in_at_the_other_at_once(room: Room) -> None:
    """Each process keeps a looked-up sign-in for a while (accounts.KNOWN_SECONDS; an hour
    in this room); a sign-out at A is told to B through the database (NOTIFY
    paigow_signout), so B refuses the secret long before its hour is up: only the notice
    can have made it."""
    sam = Browser(room, room.table_at(1), "Sam")
    sam.join()
    sam.ok("leave")
    token = {"x-paigow-token": str(sam.client.cookies.get(COOKIE))}
    at_b = httpx.get(room.base(2) + "/api/me", headers=token, timeout=120)
    assert at_b.status_code == 200 and at_b.json()["name"] == "Sam", at_b.text  # B knows it
    out = httpx.post(room.base(1) + "/api/signout", json={}, headers=token, timeout=120)
    assert out.status_code == 200 and out.json() == {"signed_out": True}, out.text
    end = time.monotonic() + 120
    while True:
        r = httpx.get(room.base(2) + "/api/me", headers=token, timeout=120)
        if r.status_code == 401:
            break
        assert r.status_code == 200, r.text
        assert time.monotonic() < end, "B never heard of the sign-out"
        time.sleep(0.05)
    assert "unknown" in r.json()["error"]


# -- bad input, behind the proxy -------------------------------------------------------------
class ProxiedWorld:
    """The refusal suite's world (Ann and Bob at a tiles table, a stranger) at process A's
    table, every request through the proxy."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.table = room.table_at(1)
        self.ann, self.bob = Browser(room, self.table, "Ann"), Browser(room, self.table, "Bob")
        self.ann.join(), self.bob.join()
        self.stranger = Browser(room, self.table)
        self.ann.awaiting("bet"), self.bob.awaiting("bet")
        # the hints' warm-up (compiling the kernels in the background) changes the views
        # when it ends: wait for it, so a case compares views that only it could change
        self.ann.wait(lambda s: (s["hints"] or {}).get("status") in ("ready", "failed"),
                      timeout=300)
        # and for process B's lobby to list Ann and Bob at the table (the directory carries
        # a table's summary to the other processes within a second or so): a case then
        # compares listings that only it could change
        deadline = time.monotonic() + 120
        while not all(t["people"] == 2 for slot in (1, 2) for t in room.tables(slot)
                      if t["id"] == self.table):
            assert time.monotonic() < deadline, "B's lobby never listed Ann and Bob"
            time.sleep(0.1)

    def entries(self) -> int:
        store = open_store(self.room.url, readonly=True)
        try:
            return int(store.query("SELECT COUNT(*) AS n FROM entry")[0]["n"])
        finally:
            store.close()

    def snapshot(self) -> tuple[Any, ...]:
        ann = self.ann.state()
        # the listing (either process may answer it through the proxy: the same list, in
        # the same order), less what the clock and the other tables' bots move (a table's
        # phase and what it is doing, refreshed from the directory each second); the
        # world's own table's phase is in Ann's and Bob's states
        tables = self.stranger.client.get("/api/tables").json()["tables"]
        listing = [{k: v for k, v in t.items() if k not in ("phase", "doing")}
                   for t in tables]
        return (ann, self.bob.state(), listing,
                self.entries(),
                sorted(s["name"] for s in ann["seats"] if s["kind"] == "person"))


def proxied(case: tuple[Any, ...], table: str, front: str) -> tuple[Any, ...]:
    """A refusal case with its table ``1`` and host ``testserver`` made this room's."""
    who, method, path, body, raw, headers, status, names = case
    if path.startswith("/api/tables/1/"):
        path = f"/api/tables/{table}/" + path[len("/api/tables/1/"):]
    headers = {k: v.replace("testserver", front.split(":")[0]) for k, v in (headers or {}).items()}
    return (who, method, path, body, raw, headers, status, names)


# a malformed Content-Length is refused by nginx itself (400, its own page), before the app
AT_THE_PROXY = [c for c in CASES_BETTING if (c[5] or {}).get("content-length") == "abc"]


@pytest.fixture(scope="module")
def world(room: Room) -> ProxiedWorld:
    return ProxiedWorld(room)


@pytest.mark.parametrize("case", [c for c in CASES_BETTING if c not in AT_THE_PROXY],
                         ids=lambda c: f"{c[6]}-{c[1]}-{c[2][:30]}")
def test_the_refusal_suite_through_the_proxy(world: ProxiedWorld, case: tuple[Any, ...]) -> None:
    who, method, path, body, raw, headers, status, names = proxied(
        case, world.table, f"127.0.0.1:{world.room.front}")
    person: Browser = getattr(world, who)
    url = path if path.startswith("/") else person.url(path)
    kw: dict[str, Any] = {"headers": dict(headers)}
    if raw is not None:
        kw["content"] = raw
        kw["headers"].setdefault("content-type", "application/json")
    elif body is not None:
        kw["json"] = body
    if "origin" not in {k.lower() for k in kw["headers"]}:
        kw["headers"]["Origin"] = person.origin
    before = world.snapshot()
    r = person.request(method, url, **kw)
    assert r.status_code == status, (case, r.status_code, r.text)
    if r.headers.get("content-type", "").startswith("text/html"):  # a page: said in HTML
        assert not r.url.path.startswith("/api/"), (case, "the API answers JSON")
        msg = html.unescape(r.text)
    else:
        msg = r.json().get("error") or r.json().get("detail")
    for name in names:
        assert name in str(msg), (name, msg)
    assert world.snapshot() == before, case


def test_a_malformed_length_is_refused_at_the_proxy_and_changes_nothing(
        world: ProxiedWorld) -> None:
    assert AT_THE_PROXY
    before = world.snapshot()
    token = world.ann.client.cookies.get(f"paigow_t{world.table}")
    with socket.create_connection(("127.0.0.1", world.room.front), timeout=120) as s:
        s.sendall(f"POST {world.ann.url('bet')} HTTP/1.1\r\nHost: 127.0.0.1:{world.room.front}"
                  f"\r\nX-Paigow-Token: {token}\r\nContent-Type: application/json\r\n"
                  "Content-Length: abc\r\nConnection: close\r\n\r\n{}".encode())
        answer = s.recv(4096).decode("latin-1")
    assert answer.startswith("HTTP/1.1 400"), answer[:200]
    assert world.snapshot() == before


# -- a process dies ------------------------------------------------------------------------
def test_kill_9_of_b_mid_round_voids_the_round_and_as_lobby_drops_bs_tables(
        room: Room) -> None:
    table = room.table_at(2)
    kim = Browser(room, table, "Kim")
    kim.join()
    with kim.socket() as ws:
        opened = next_state(ws, lambda s: s["you"] is not None and s["you"]["awaiting"] == "bet")
        before = opened["you"]["balance"]
        kim.ok("bet", {"amount": "40"})
        dealt = next_state(ws, lambda s: bool(s["you"]["hand"]) and s["you"]["awaiting"] == "set")
    assert dealt["you"]["hand"]
    store = open_store(room.url, readonly=True)
    try:  # mid-round: the round is open in the ledger with Kim's bet taken
        bets = [r["bets"] for r in store.rounds() if r["status"] == "open"]
        assert len(bets) == 1 and bets[0][kim.seat] == 4000, bets
    finally:
        store.close()
    b_tables = {t["id"] for t in room.tables(1) if t["where"]["slot"] == 2}
    assert table in b_tables
    room.procs[2].kill()  # SIGKILL, mid-round
    room.procs[2].wait(30)

    end = time.monotonic() + 120
    while {t["id"] for t in room.tables(1)} & b_tables:
        assert time.monotonic() < end, "process A's lobby still lists B's tables"
        time.sleep(0.1)
    assert {t["where"]["slot"] for t in room.tables(None)} == {1}  # the front address too

    # nothing open, nothing half-settled, every session balanced
    assert ledger_problems(room.url, timeout=0) == []
    store = open_store(room.url, readonly=True)
    try:
        voided = [r for r in store.rounds() if r["status"] == "void"]
        assert voided, "the round in play was voided"
        last = voided[-1]
        assert last["bets"][kim.seat] == 4000
        assert sum(store.balances(last["session"]).values()) == 0
    finally:
        store.close()
    # Kim's money is intact, and her cookie (made by B) is good at A, through the proxy:
    # her chips went back to her wallet, which holds what a new person is given
    me = kim.client.get("/api/me").json()
    assert me["signed_in"] and me["name"] == "Kim", me
    assert me["seats"] == [] and me["wallet"] == me["total"] == me["grant"], me
    assert before == 100_000  # she had bought in and played no settled round

    page = httpx.get(room.base() + f"/tables/{table}", timeout=120)
    assert page.status_code == 410 and "closed" in page.text
    api = httpx.get(room.base() + f"/api/tables/{table}/state", timeout=120)
    assert api.status_code == 410 and "closed" in api.json()["error"]
