"""Benchmark: how many tables and people one server process holds, and how fast it pushes.

A bounded load test on the loopback. One ``paigow`` server process (uvicorn, as ``paigow
serve`` runs it) holds ``--tables`` tiles tables; at each, ``--people`` people hold a
WebSocket open and play ``--rounds`` rounds through the HTTP API as the page does (bet,
then set the house way's arrangement), and ``--watchers`` more sockets only watch. Every
push each socket receives is timed against the action that caused it: the latency of a
state push is from the moment the action's request is sent to the moment a socket holds a
view showing it (the acting person's and every other socket at that table), p50 and p99.

The baseline, measured in the same run, is the same round trip with one table and one
person: the ratio says how much the load slows a push. Besides its lines for people, the
run prints one JSON line (``tables``, ``people``, ``sockets``, ``rounds_per_s``,
``p50_ms``, ``p99_ms``, ``errors``, ``mem_per_table_mb``, the load average...).
``mem_per_table_mb`` is the server's resident memory after the load less the baseline
server's (one table), over the tables added; ``server_cpu_ms_per_round`` the server
process's CPU time over the rounds played: on a machine other work loads, the figure that
says what one core could do (about 1000 / it rounds a second).

Modes:

* ``--profile FILE``: py-spy (``pip install py-spy`` in the environment) samples the loaded server (the threads holding the GIL, so
  the share of the interpreter each function takes) and the run prints the top entries;
  the raw stacks go to ``FILE``. Work done outside the GIL (zlib compressing the frames)
  is not in it; the server's CPU time a round counts it.
* ``--cprofile FILE``: the loaded server's event loop thread under cProfile, timed by
  that thread's CPU clock (``time.thread_time``: not the time it waits for the GIL),
  its stats written to ``FILE`` (``python -m pstats FILE``); it slows the server several
  times, so its latency figures mean nothing, only its shares.
* ``--soak MINUTES``: not a latency test but an endurance one: ``--tables`` tables with
  people joining and leaving at random for that long (1 to ``--people`` at a table), the
  server's memory sampled, every refused or failed request counted, and the ledger
  checked balanced at the end (every round settled or voided, chips equal buy-ins).
  ``--trace-memory DIR``: the server also traces its Python heap (``tracemalloc``, which
  slows it and adds its own memory) and the run prints what grew from minute 2 to the end.
* ``--baseline-src DIR``: the same load is also run, first, against a server importing
  paigow from ``DIR/src`` (another checkout, e.g. the main branch): the figures before
  and after a change, measured in one run on one machine load.

Usage: ``python benchmarks/web_load.py [--small] [--tables 12] [--people 4] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
import websockets

View = dict[str, Any]
T = TypeVar("T")


TRACE_ENV = "PAIGOW_LOAD_TRACE"  # a directory: the server dumps tracemalloc snapshots there


def serve(port: int, tables: int, db: str, slot: int = 0) -> None:
    """The server side (run in its own process): ``tables`` tiles tables, no limits; in a
    card room on the PostgreSQL ``db`` in ``slot`` when one is given."""
    import uvicorn

    from paigow.table.session import TableOptions
    from paigow.web.app import create_app
    from paigow.web.host import HostLimits
    from paigow.web.lobby import Lobby

    lobby = Lobby(db, HostLimits(idle_seconds=None, seats_per_client=7), max_tables=tables,
                  warm_hints=False)
    lobby.accounts.new_per_hour = 10**9  # every person comes from the loopback here
    if slot:
        lobby.enter_room(db, slot, f"127.0.0.1:{port}")
    for _ in range(tables):
        lobby.open(TableOptions(seats=7, bankroll=10_000_000, bet=100, bot_bank="refuse"))
    try:  # as ``paigow serve`` runs it
        from paigow.web.push import ws_protocol

        ws: Any = ws_protocol()
    except ImportError:  # a --baseline-src checkout from before it
        ws = "websockets-sansio"
    config = uvicorn.Config(create_app(lobby), host="127.0.0.1", port=port, log_level="error",
                            ws=ws, lifespan="off", timeout_keep_alive=75)
    if not os.environ.get(GC_DEFAULT_ENV):  # as ``paigow serve`` does
        with contextlib.suppress(ImportError):  # (not a --baseline-src from before it)
            from paigow.web.heap import settle

            settle()
    pauses = gc_pauses()
    trace = os.environ.get(TRACE_ENV)
    if trace:  # the soak's --trace-memory: a snapshot of the Python heap every minute
        import threading
        import tracemalloc

        tracemalloc.start(int(os.environ.get(TRACE_ENV + "_FRAMES", "1")))

        def snapshots() -> None:
            for n in range(1, 10**6):
                time.sleep(60)
                tracemalloc.take_snapshot().dump(str(Path(trace) / f"{n:04d}.snapshot"))

        threading.Thread(target=snapshots, name="snapshots", daemon=True).start()
    def term(signum: int, _frame: object) -> None:  # uvicorn raises SIGTERM again once
        raise SystemExit(128 + signum)               # stopped: end here, through finally

    signal.signal(signal.SIGTERM, term)
    prof = None
    if os.environ.get(CPROFILE_ENV):  # --cprofile: the event loop's thread
        import cProfile

        prof = cProfile.Profile(time.thread_time)  # CPU, not the wait for the GIL
        prof.enable()
    try:
        uvicorn.Server(config).run()
    finally:
        if prof is not None:
            prof.disable()
            prof.dump_stats(os.environ[CPROFILE_ENV])
        out = os.environ.get(GC_ENV)
        if out:
            Path(out).write_text(json.dumps(pauses))
        lobby.close()
        if lobby.room is not None:
            lobby.room.leave()


GC_ENV = "PAIGOW_LOAD_GC"  # a file: the server writes its garbage collector's pauses there
GC_DEFAULT_ENV = "PAIGOW_LOAD_GC_DEFAULT"  # set: the server's collector as CPython sets it
CPROFILE_ENV = "PAIGOW_LOAD_CPROFILE"  # a file: the server's cProfile stats (main thread)


def gc_pauses() -> dict[str, list[float]]:
    """The garbage collector's pauses from now on, in ms, by generation (filled as it runs)."""
    import gc

    pauses: dict[str, list[float]] = {"0": [], "1": [], "2": []}
    began = [0.0]

    def clock(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses[str(info["generation"])].append((time.perf_counter() - began[0]) * 1000)

    gc.callbacks.append(clock)
    return pauses


# -- the server process ------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid``, MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def die_with_parent() -> None:
    """In a child process: be killed when the benchmark ends, however it ends (Linux)."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_server(port: int, tables: int, db: str, slot: int = 0,
                 src: str | None = None) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if not slot:  # one process: its collector's pauses (measure reads them)
        env[GC_ENV] = str(Path(tempfile.gettempdir()) / f"paigow-load-gc-{port}.json")
    if src:
        env["PYTHONPATH"] = str(Path(src) / "src")
    return subprocess.Popen([sys.executable, __file__, "--serve", str(port), str(tables), db,
                             str(slot)], env=env, preexec_fn=die_with_parent)


def wait_up(base: str, procs: list[subprocess.Popen[bytes]]) -> None:
    end = time.monotonic() + 180
    while True:
        try:
            if httpx.get(base + "/api/tables", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > end or any(p.poll() is not None for p in procs):
            raise SystemExit(f"{base} did not start")
        time.sleep(0.2)


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)  # uvicorn shuts down; the lobby closes
    for p in procs:
        try:
            p.wait(60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


@dataclass
class Server:
    """``processes`` server processes on the loopback holding ``tables`` tables between
    them: one (on SQLite, or the ledger ``db``), or a card room on the PostgreSQL ``db``
    behind nginx (``paigow proxy --run``), reached at its one front address."""

    tables: int
    db: str
    src: str | None = None  # import paigow from here (another checkout), else this one
    processes: int = 0  # 0: one process, no room; N: a room of N behind the proxy
    port: int = field(default_factory=free_port)
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    proxy: subprocess.Popen[bytes] | None = None
    ids: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.procs]

    def __enter__(self) -> Server:
        try:
            if not self.processes:
                self.procs = [start_server(self.port, self.tables, self.db, 0, self.src)]
                wait_up(self.base, self.procs)
            else:
                ports = [free_port() for _ in range(self.processes)]
                shares = [self.tables // self.processes + (k < self.tables % self.processes)
                          for k in range(self.processes)]
                self.procs = [start_server(port, n, self.db, k + 1, self.src)
                              for k, (port, n) in enumerate(zip(ports, shares, strict=True))]
                for port in ports:
                    wait_up(f"http://127.0.0.1:{port}", self.procs)
                ups = [a for k, port in enumerate(ports)
                       for a in ("--upstream", f"{k + 1}=127.0.0.1:{port}")]
                self.prefix = tempfile.mkdtemp(prefix="paigow-proxy-")
                self.proxy = subprocess.Popen(
                    [sys.executable, "-m", "paigow.cli", "proxy", *ups, "--listen",
                     f"127.0.0.1:{self.port}", "--prefix", self.prefix, "--run"],
                    stdout=subprocess.DEVNULL, start_new_session=True)
                wait_up(self.base, [*self.procs, self.proxy])
            self.ids = [t["id"] for t in httpx.get(self.base + "/api/tables",
                                                   timeout=30).json()["tables"]]
            return self
        except BaseException:
            self.__exit__()
            raise

    def __exit__(self, *exc: object) -> None:
        if self.proxy is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proxy.pid, signal.SIGTERM)
            self.proxy.wait(30)
        stop(self.procs)


# -- the people -------------------------------------------------------------------------
class Socket:
    """One open page: its latest views as they arrive, with their arrival times. A frame is
    the whole view (``state``) or the parts of it that changed (``patch``, applied to the
    view before it, as the page does); a gap in the frames' numbers asks for the whole view
    (``resync``), as the page does, and is counted."""

    # the views kept (between KEEP and twice it; a round is about 11 frames a socket)
    KEEP = 40

    def __init__(self, url: str, cookie: str | None) -> None:
        self.url, self.cookie = url, cookie
        self.views: list[tuple[float, View]] = []
        self.dropped = 0  # views dropped from the front of ``views`` (only KEEP are kept)
        self.changed = asyncio.Event()
        self.closed = False
        self.why = ""  # why the socket closed, when it did
        self.gaps = 0  # patches that did not follow the last frame (a resync asked)
        self.frames = self.frame_bytes = 0  # frames received, their JSON's bytes in all

    @property
    def last(self) -> View | None:
        return self.views[-1][1] if self.views else None

    def _hold(self, view: View) -> None:
        self.views.append((time.perf_counter(), view))
        if len(self.views) > 2 * self.KEEP:
            del self.views[:self.KEEP]
            self.dropped += self.KEEP
        self.changed.set()

    async def run(self) -> None:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        try:
            async with websockets.connect(self.url, additional_headers=headers,
                                          max_size=2**22) as ws:
                view: View | None = None
                seq = 0
                async for raw in ws:
                    self.frames += 1
                    self.frame_bytes += len(raw)
                    msg = orjson.loads(raw)
                    kind = msg["type"]
                    if kind == "state":
                        view, seq = msg["state"], msg["seq"]
                    elif kind == "patch":
                        if view is None or msg["seq"] != seq + 1:
                            if view is not None:  # in doubt: the whole view, once
                                self.gaps += 1
                                await ws.send('{"type":"resync"}')
                            view = None
                            continue
                        view = {**view, **msg["parts"]}
                        for k in msg.get("gone", ()):
                            view.pop(k, None)
                        seq = msg["seq"]
                    else:
                        continue
                    self._hold(view)
                self.why = f"closed by the server ({ws.close_code})"
        except (OSError, websockets.WebSocketException, TimeoutError) as exc:
            self.why = f"{type(exc).__name__}: {exc}"[:120]
        finally:
            self.closed = True
            self.changed.set()

    async def when(self, since: float, pred: Callable[[View], bool],
                   timeout: float = 120.0) -> float:
        """Seconds from ``since`` to the first view after it that satisfies ``pred``
        (each view looked at once: a push wakes every waiter on the socket). ``since``
        0: the view the socket holds now, or the first after it (what a page shows), not
        the views before it (reading them all made the client's work a round grow)."""
        end = time.perf_counter() + timeout
        if since <= 0:  # the number of the next view to look at
            seen = self.dropped + max(0, len(self.views) - 1)
        else:  # the views are in time order: the first that came at or after ``since``
            seen = self.dropped + bisect.bisect_left(self.views, since, key=lambda x: x[0])
        while True:
            start = max(seen, self.dropped)
            for t, v in self.views[start - self.dropped:]:
                if t >= since and pred(v):
                    return t - since
            seen = self.dropped + len(self.views)
            self.changed.clear()
            left = end - time.perf_counter()
            if left <= 0 or self.closed:
                last = self.last
                brief: Any = None if last is None else {
                    k: last.get(k) for k in ("round", "phase", "doing", "error")}
                if last is not None:
                    brief["seats"] = [(x["seat"], x["status"]) for x in last["seats"]]
                    brief["you"] = last["you"] and {k: last["you"][k] for k in ("awaiting", "seat")}
                why = "the socket closed" if self.closed else "no push showed the change"
                raise TimeoutError(f"{why}; the last view: {brief}")
            with contextlib.suppress(asyncio.TimeoutError):  # then say what was seen
                await asyncio.wait_for(self.changed.wait(), left)


@dataclass
class Tally:
    """What a run measured."""

    lat: list[float] = field(default_factory=list)
    rounds: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    reconnects: Counter[str] = field(default_factory=Counter)  # sockets a page reopened
    gaps: int = 0  # patches that did not follow the frame before (the page asks anew)
    frames: int = 0  # WebSocket messages received
    frame_bytes: int = 0  # their JSON, inflated

    def error(self, exc: BaseException) -> None:
        what = type(exc).__name__
        if sum(self.errors.values()) < 5:
            detail = exc.response.text if isinstance(exc, httpx.HTTPStatusError) else exc
            print(f"error: {what}: {detail}", file=sys.stderr)
        if isinstance(exc, httpx.HTTPStatusError):
            what = f"HTTP {exc.response.status_code} {exc.request.url.path.rsplit('/', 1)[-1]}"
        elif isinstance(exc, HttpError):
            what = f"HTTP {exc.status} {exc.path.rsplit('/', 1)[-1]}"
        self.errors[what] += 1


class HttpError(Exception):
    """A request answered with an error status (4xx, 5xx)."""

    def __init__(self, status: int, path: str, text: str) -> None:
        super().__init__(f"HTTP {status} {path}: {text[:200]}")
        self.status, self.path, self.text = status, path, text


class Http:
    """HTTP/1.1 with keep-alive on the loopback, JSON in and out: what the load's people
    send (the same requests a page's ``fetch`` sends). One request at a time on a
    connection, idle connections reused. Lighter than httpx (whose per-request cost,
    connection pool and TLS context per client were a third of the client's time at 48
    tables): the benchmark's client must not be what a push waits for."""

    def __init__(self, base: str) -> None:
        host, _, port = base.split("://", 1)[1].partition(":")
        self.host, self.port = host, int(port or 80)
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def request(self, method: str, path: str, body: Any = None,
                      headers: dict[str, str] | None = None) -> tuple[int, list[tuple[str, str]], bytes]:
        data = b"" if body is None else orjson.dumps(body)
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        raw = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        for attempt in (0, 1):  # an idle connection the server closed: once more, anew
            fresh = not self.idle
            reader, writer = (await asyncio.open_connection(self.host, self.port)
                              if fresh else self.idle.pop())
            try:
                writer.write(raw)
                status, answer, text, keep = await self._answer(reader)
            except (OSError, asyncio.IncompleteReadError):
                writer.close()
                if fresh or attempt:
                    raise
                continue
            if keep:
                self.idle.append((reader, writer))
            else:
                writer.close()
            return status, answer, text
        raise AssertionError("unreachable")

    @staticmethod
    async def _answer(reader: asyncio.StreamReader) -> tuple[int, list[tuple[str, str]], bytes, bool]:
        lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = [(k.strip().lower(), v.strip()) for k, _, v in
                   (line.partition(":") for line in lines[1:] if line)]
        h = dict(headers)
        if "content-length" in h:
            body = await reader.readexactly(int(h["content-length"]))
        elif h.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            await reader.readuntil(b"\r\n")
            body = b"".join(parts)
        else:
            body = await reader.read()
            return status, headers, body, False
        return status, headers, body, h.get("connection", "").lower() != "close"

    async def post(self, path: str, body: dict[str, Any], token: str | None = None,
                   headers: dict[str, str] | None = None) -> tuple[Any, list[tuple[str, str]]]:
        """POST ``body`` (as the holder of ``token``): the answer's JSON and headers; an
        error status raises :class:`HttpError`."""
        extra = dict(headers or {})
        if token:
            extra["X-Paigow-Token"] = token
        status, answer, text = await self.request("POST", path, body, extra)
        if status >= 400:
            raise HttpError(status, path, text.decode("utf-8", "replace"))
        return (orjson.loads(text) if text else None), answer

    async def aclose(self) -> None:
        for _, w in self.idle:
            w.close()
        self.idle.clear()


async def play_table(base: str, table: str, people: int, watchers: int, rounds: int,
                     tally: Tally) -> None:
    """The latency test at one table: people bet in turn, every socket timed."""
    http = Http(base)
    try:
        persons: list[tuple[str, Socket]] = []
        ws_base = base.replace("http", "ws")
        for k in range(people):
            _, answer = await http.post(f"/api/tables/{table}/join", {"name": f"t{table}p{k}"})
            token = next(v.split(";")[0].split("=", 1)[1] for h, v in answer
                         if h == "set-cookie" and v.startswith("paigow_player="))
            persons.append((token, Socket(f"{ws_base}/ws/tables/{table}",
                                          f"paigow_player={token}")))
        socks = [s for _, s in persons] + [Socket(f"{ws_base}/ws/tables/{table}", None)
                                           for _ in range(watchers)]
        tasks = [asyncio.create_task(s.run()) for s in socks]
        try:
            for rnd in range(1, rounds + 1):
                for k, (token, me) in enumerate(persons):
                    await me.when(0, lambda v, r=rnd: v["you"] and v["you"]["awaiting"] == "bet"
                                  and v["round"] == r)
                    t0 = time.perf_counter()
                    await http.post(f"/api/tables/{table}/bet", {"amount": "1"}, token)
                    seat = k + 1
                    shown = [s.when(t0, lambda v, n=seat, r=rnd: v["round"] == r and any(
                        x["seat"] == n and x["status"] in ("bet in", "deciding on the bank",
                                                            "setting the hand", "set", "in")
                        for x in v["seats"])) for s in socks]
                    tally.lat.extend(await asyncio.gather(*shown))

                async def set_hand(token: str, me: Socket, r: int) -> None:
                    def bank(v: View) -> bool:
                        return bool(v["round"] == r and v["you"]["awaiting"] == "bank")

                    def to_set(v: View) -> bool:
                        return bool(v["round"] == r and v["you"]["hand"]
                                    and v["you"]["awaiting"] == "set")

                    await me.when(0, lambda v: bank(v) or to_set(v))
                    if not any(to_set(v) for _, v in reversed(me.views)):  # the bank first
                        await http.post(f"/api/tables/{table}/bank", {"decision": "refuse"},
                                        token)
                        await me.when(0, to_set)
                    hand = next(v for _, v in reversed(me.views) if to_set(v))["you"]["hand"]
                    await http.post(f"/api/tables/{table}/set", {"low": hand["house_low"]},
                                    token)

                await asyncio.gather(*(set_hand(token, me, rnd) for token, me in persons))
                await asyncio.gather(*(s.when(0, lambda v, r=rnd: (v["last"] or {}).get("number") == r)
                                       for s in socks))
                tally.rounds += 1
        except Exception as exc:  # counted, and this table stops; the others go on
            tally.error(exc)
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            tally.gaps += sum(s.gaps for s in socks)
            tally.frames += sum(s.frames for s in socks)
            tally.frame_bytes += sum(s.frame_bytes for s in socks)
    finally:
        await http.aclose()


async def load(base: str, ids: list[str], people: int, watchers: int, rounds: int) -> Tally:
    tally = Tally()
    await asyncio.gather(*(play_table(base, i, people, watchers, rounds, tally) for i in ids))
    return tally


def client(base: str, ids: list[str], people: int, watchers: int, rounds: int) -> Tally:
    """One client process's share of the tables (``--clients``): each latency is timed
    within the process that sent the action and holds the socket."""
    return run(load(base, ids, people, watchers, rounds))


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run a client's coroutine on uvloop (the event loop uvicorn's server runs on, in C):
    the client's own cost is not what is measured."""
    try:
        import uvloop
    except ImportError:  # Windows
        return asyncio.run(main)
    return uvloop.run(main)


def load_in(clients: int, base: str, ids: list[str], people: int, watchers: int,
            rounds: int) -> Tally:
    """The load from ``clients`` processes, the tables dealt out among them (one Python
    client saturates a core near 48 tables, and then it, not the server, sets the
    latency); their tallies added up."""
    if clients <= 1:
        return run(load(base, ids, people, watchers, rounds))
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(clients) as pool:
        parts = list(pool.map(client, *zip(*[(base, ids[k::clients], people, watchers, rounds)
                                              for k in range(clients)], strict=True)))
    tally = Tally()
    for t in parts:
        tally.lat += t.lat
        tally.rounds += t.rounds
        tally.errors.update(t.errors)
        tally.reconnects.update(t.reconnects)
        tally.gaps += t.gaps
        tally.frames += t.frames
        tally.frame_bytes += t.frame_bytes
    return tally


# -- the soak: people come and go -------------------------------------------------------
class Agent:
    """A person at one table for a while, with their own browser (an HTTP client and a
    socket): answers whatever the table asks of them until they leave."""

    def __init__(self, base: str, table: str, name: str, tally: Tally,
                 rng: random.Random) -> None:
        self.http = Http(base)
        self.ws_base = base.replace("http", "ws")
        self.table, self.name, self.tally, self.rng = table, name, tally, rng
        self.token = ""
        self.leaving = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def join(self) -> None:
        _, answer = await self.http.post(f"/api/tables/{self.table}/join", {"name": self.name})
        self.token = next(v.split(";")[0].split("=", 1)[1] for h, v in answer
                          if h == "set-cookie" and v.startswith("paigow_player="))
        self.task = asyncio.create_task(self.play())

    async def play(self) -> None:
        done: set[tuple[int, str]] = set()

        def fresh(v: View) -> bool:
            return bool(v["you"] and v["you"]["awaiting"]
                        and (v["round"], v["you"]["awaiting"]) not in done)

        while not self.leaving.is_set():  # a page reconnects when its socket closes
            sock = Socket(f"{self.ws_base}/ws/tables/{self.table}",
                          f"paigow_player={self.token}")
            reader = asyncio.create_task(sock.run())
            try:
                await self._answer(sock, fresh, done)
            finally:
                reader.cancel()
                await asyncio.gather(reader, return_exceptions=True)
            if sock.closed and not self.leaving.is_set():
                self.tally.reconnects[sock.why or "closed"] += 1
                await asyncio.sleep(1)

    async def _answer(self, sock: Socket, fresh: Callable[[View], bool],
                      done: set[tuple[int, str]]) -> None:
        """Answer what the table asks through ``sock`` until it closes or the person leaves."""
        while not self.leaving.is_set() and not sock.closed:
            asked = asyncio.ensure_future(sock.when(0, fresh, timeout=600))
            leave = asyncio.ensure_future(self.leaving.wait())
            await asyncio.wait({asked, leave}, return_when=asyncio.FIRST_COMPLETED)
            leave.cancel()
            if not asked.done():
                asked.cancel()
                await asyncio.gather(asked, return_exceptions=True)
                return
            if asked.exception() is not None:
                if not sock.closed:  # asked and never answered for ten minutes
                    self.tally.error(asked.exception() or TimeoutError())
                return
            v = [v for _, v in sock.views if fresh(v)][-1]
            you, rnd = v["you"], v["round"]
            what = you["awaiting"]
            done.add((rnd, what))
            url = f"/api/tables/{self.table}/"
            t0 = time.perf_counter()
            try:
                if what == "bet":
                    await self.http.post(url + "bet", {"amount": str(self.rng.randint(1, 5))},
                                         self.token)
                elif what == "bank":
                    await self.http.post(url + "bank", {"decision": "refuse"}, self.token)
                elif what == "set" and you["hand"]:
                    await self.http.post(url + "set", {"low": you["hand"]["house_low"]},
                                         self.token)
                self.tally.lat.append(time.perf_counter() - t0)
            except (HttpError, OSError) as exc:
                self.tally.error(exc)

    async def leave(self) -> None:
        """Stop answering (an answer on its way is finished), then leave the seat."""
        self.leaving.set()
        if self.task is not None:
            await self.task
        try:
            await self.http.post(f"/api/tables/{self.table}/leave", {}, self.token)
        except (HttpError, OSError) as exc:
            self.tally.error(exc)
        await self.http.aclose()


async def soak_table(base: str, table: str, most: int, until: float, tally: Tally,
                     seed: int) -> None:
    """People join and leave one table at random until ``until``; a watcher comes and goes."""
    rng = random.Random(seed)
    names = (f"s{table}x{k}" for k in range(1_000_000))
    ws_base = base.replace("http", "ws")
    here: list[Agent] = []
    watcher = Socket(f"{ws_base}/ws/tables/{table}", None)
    wtask = asyncio.create_task(watcher.run())
    played = 0
    try:
        while time.monotonic() < until:
            try:
                if not here or (len(here) < most and rng.random() < 0.3):
                    a = Agent(base, table, next(names), tally, rng)
                    await a.join()
                    here.append(a)
                if len(here) > 1 and rng.random() < 0.15:
                    gone = here.pop(rng.randrange(len(here)))
                    await gone.leave()
                if rng.random() < 0.1:  # the watcher reloads the page
                    wtask.cancel()
                    await asyncio.gather(wtask, return_exceptions=True)
                    watcher = Socket(f"{ws_base}/ws/tables/{table}", None)
                    wtask = asyncio.create_task(watcher.run())
                if watcher.closed:  # the page reconnects
                    tally.reconnects[watcher.why or "closed"] += 1
                    await asyncio.gather(wtask, return_exceptions=True)
                    watcher = Socket(f"{ws_base}/ws/tables/{table}", None)
                    wtask = asyncio.create_task(watcher.run())
                try:
                    await watcher.when(0, lambda v, n=played: bool(v["rounds_played"] > n),
                                       timeout=300)
                except TimeoutError:
                    if watcher.closed:
                        continue  # reopened above
                    raise  # no round in five minutes: the table is stuck
                played = max(played, (watcher.last or {}).get("rounds_played", 0))
            except (HttpError, OSError, TimeoutError) as exc:
                tally.error(exc)
                await asyncio.sleep(1)
    finally:
        tally.rounds += played
        for a in here:
            await a.leave()
        wtask.cancel()
        await asyncio.gather(wtask, return_exceptions=True)


async def soak(base: str, ids: list[str], most: int, minutes: float, pid: int,
               samples: list[tuple[float, float]]) -> Tally:
    tally = Tally()
    t0 = time.monotonic()
    until = t0 + minutes * 60

    async def sample() -> None:
        while True:
            samples.append((time.monotonic() - t0, rss_mb(pid)))
            await asyncio.sleep(10)

    sampler = asyncio.create_task(sample())
    await asyncio.gather(*(soak_table(base, t, most, until, tally, i)
                           for i, t in enumerate(ids)))
    sampler.cancel()
    samples.append((time.monotonic() - t0, rss_mb(pid)))
    return tally


def ledger_report(db: str) -> tuple[list[str], dict[str, int]]:
    """The ledger's broken invariants (none, when balanced) and its rounds by status."""
    from paigow.store import open_store

    store = open_store(db, readonly=True)
    try:
        problems = store.check()
        status = Counter(r["status"] for r in store.query("SELECT status FROM round"))
        return problems, dict(status)
    finally:
        store.close()


# -- the run ----------------------------------------------------------------------------
def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000


def load_average() -> float:
    return os.getloadavg()[0]


def profile_top(raw: str, top: int = 25) -> list[str]:
    """The top functions of a py-spy raw profile: by own time and by time inside them."""
    import re

    def name(frame: str) -> str:
        m = re.match(r"(.*) \((.*?)(?::\d+)?\)$", frame.strip())
        if not m:
            return frame.strip()
        fn, path = m.groups()
        for cut in (r".*/site-packages/", r".*/src/", r".*/lib/python3\.\d+/"):
            path = re.sub(cut, "", path)
        return f"{fn} ({path})"

    own: Counter[str] = Counter()
    inside: Counter[str] = Counter()
    total = 0
    for line in Path(raw).read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack or not n.isdigit():
            continue
        total += int(n)
        frames = [name(f) for f in stack.split(";")]
        own[frames[-1]] += int(n)
        for f in set(frames):
            inside[f] += int(n)
    out = [f"profile: {total} samples holding the GIL"]
    out += ["own time:"] + [f"  {100 * n / total:5.1f}%  {f}" for f, n in own.most_common(top)]
    out += ["time inside:"] + [f"  {100 * n / total:5.1f}%  {f}"
                               for f, n in inside.most_common(top * 2)]
    return out


def measure(tables: int, people: int, watchers: int, rounds: int, src: str | None = None,
            profile: str | None = None, room: str | None = None,
            processes: int = 0, clients: int = 1) -> dict[str, Any]:
    """``tables`` tables under the load, on one server process (SQLite), or ``processes``
    on the PostgreSQL ``room`` behind the proxy; the figures."""
    with tempfile.TemporaryDirectory() as tmp, \
            Server(tables, room or str(Path(tmp) / "load.sqlite3"), src,
                   processes if room else 0) as server:
        pid = server.pids[0]
        spy = None
        if profile:
            spy = subprocess.Popen([str(Path(sys.executable).with_name("py-spy")), "record", "--format", "raw", "--rate", "100",
                                    "--gil", "--nonblocking", "-o", profile, "--pid", str(pid)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        la0, m0, w0 = load_average(), client_cpu(), time.perf_counter()
        c0 = sum(cpu_seconds(p) for p in server.pids)
        tally = load_in(clients, server.base, server.ids, people, watchers, rounds)
        secs = time.perf_counter() - w0
        cpu = sum(cpu_seconds(p) for p in server.pids) - c0
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(60)
        rss = round(sum(rss_mb(p) for p in server.pids), 1)
        client = client_cpu() - m0  # before the server ends (its time would count here)
        nproc, proxy = len(server.pids), server.proxy is not None
    gc_file = Path(tempfile.gettempdir()) / f"paigow-load-gc-{server.port}.json"
    pauses: dict[str, list[float]] = {}
    with contextlib.suppress(OSError, ValueError):
        pauses = json.loads(gc_file.read_text())
        gc_file.unlink()
    return {
            "tables": tables, "people": tables * people, "sockets": tables * (people + watchers),
            "rounds": tally.rounds, "seconds": round(secs, 2),
            "rounds_per_s": round(tally.rounds / secs, 2),
            "pushes": len(tally.lat), "p50_ms": round(pct(tally.lat, .5), 1),
            "p99_ms": round(pct(tally.lat, .99), 1),
            "max_ms": round(max(tally.lat, default=0) * 1000, 1),
            "errors": sum(tally.errors.values()), "error_kinds": dict(tally.errors),
            "gaps": tally.gaps, "frames": tally.frames,
            "frame_bytes": round(tally.frame_bytes / max(1, tally.frames)), "server_cores": round(cpu / secs, 2),
            "server_cpu_ms_per_round": round(1000 * cpu / max(1, tally.rounds), 1),
            "client_cores": round(client / secs, 2), "clients": clients,
            "rss_mb": rss, "processes": nproc, "proxy": proxy,
            "load_avg": [round(la0, 2), round(load_average(), 2)],
            "gc": {g: {"n": len(p), "ms": round(sum(p), 1), "max_ms": round(max(p, default=0), 1)}
                   for g, p in pauses.items()},
        }


def client_cpu() -> float:
    """CPU seconds of this process and of its client processes that have ended."""
    import resource

    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def tell(label: str, m: dict[str, Any]) -> None:
    print(f"{label}: {m['tables']} tables, {m['people']} people, {m['sockets']} sockets; "
          f"{m['rounds']} rounds in {m['seconds']} s ({m['rounds_per_s']} rounds/s); "
          f"push p50 {m['p50_ms']} ms, p99 {m['p99_ms']} ms, max {m['max_ms']} ms "
          f"({m['pushes']} timed); {m['frames']} frames of {m['frame_bytes']} bytes on "
          f"average; errors {m['errors']} {m['error_kinds'] or ''}; "
          f"server {m['server_cores']} cores ({m['server_cpu_ms_per_round']} ms CPU a round), "
          f"client {m['client_cores']} cores in {m['clients']} process(es); "
          f"load average {m['load_avg'][0]}-{m['load_avg'][1]}")
    if m["gc"]:  # the server's whole life, start-up included
        print(f"{label}: the server's garbage collector, by generation: " + "; ".join(
            f"{g}: {x['n']} collections, {x['ms']} ms, the longest {x['max_ms']} ms"
            for g, x in m["gc"].items()))


def run_soak(a: argparse.Namespace) -> None:
    samples: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "soak.sqlite3")
        la0 = load_average()
        if a.trace_memory:
            Path(a.trace_memory).mkdir(parents=True, exist_ok=True)
            os.environ[TRACE_ENV] = a.trace_memory
            os.environ[TRACE_ENV + "_FRAMES"] = str(a.trace_frames)
        with Server(a.tables, db) as server:
            t = time.perf_counter()
            tally = run(soak(server.base, server.ids, a.people, a.soak,
                                     server.pids[0], samples))
            secs = time.perf_counter() - t
        problems, status = ledger_report(db)
    first = samples[min(len(samples) - 1, 6)][1]  # after a minute's warm-up
    last = samples[-1][1]
    print(f"soak: {a.tables} tables for {secs / 60:.1f} min, {tally.rounds} rounds "
          f"({tally.rounds / secs:.2f}/s), {len(tally.lat)} actions "
          f"(answer p50 {pct(tally.lat, .5):.1f} ms, p99 {pct(tally.lat, .99):.1f} ms)")
    print("soak: memory (MiB) at minutes " + ", ".join(
        f"{t / 60:.0f}: {m:.0f}" for t, m in samples[::max(1, len(samples) // 12)]))
    print(f"soak: sockets reopened {sum(tally.reconnects.values())} {dict(tally.reconnects)}")
    print(f"soak: errors {sum(tally.errors.values())} {dict(tally.errors)}; "
          f"ledger: rounds {status}, {'balanced' if not problems else problems[:5]}")
    print(json.dumps({
        "mode": "soak", "tables": a.tables, "minutes": round(secs / 60, 1),
        "rounds": tally.rounds, "rounds_per_s": round(tally.rounds / secs, 2),
        "p50_ms": round(pct(tally.lat, .5), 1), "p99_ms": round(pct(tally.lat, .99), 1),
        "errors": sum(tally.errors.values()), "error_kinds": dict(tally.errors),
        "sockets_reopened": sum(tally.reconnects.values()),
        "reopened_why": dict(tally.reconnects),
        "rss_mb_after_1min": round(first, 1), "rss_mb_end": round(last, 1),
        "rss_mb_max": round(max(m for _, m in samples), 1),
        "ledger_rounds": status, "ledger_problems": problems,
        "load_avg": [round(la0, 2), round(load_average(), 2)],
    }))
    if a.trace_memory:
        print("\n".join(memory_growth(Path(a.trace_memory))))
    if problems or tally.errors:
        raise SystemExit(1)


def memory_growth(folder: Path, top: int = 15) -> list[str]:
    """What grew in the server's Python heap from the snapshot at minute 2 to the last
    one (the soak's ``--trace-memory``): the lines that allocated it, biggest first."""
    import tracemalloc

    snaps = sorted(folder.glob("*.snapshot"))
    if len(snaps) < 3:
        return [f"memory: {len(snaps)} snapshots in {folder}, too few to compare"]
    first, last = (tracemalloc.Snapshot.load(str(p)) for p in (snaps[1], snaps[-1]))
    total = [sum(st.size for st in s.statistics("filename")) / 2**20 for s in (first, last)]
    out = [f"memory: the Python heap traced {total[0]:.1f} MiB at minute 2, "
           f"{total[1]:.1f} at minute {len(snaps)}; what grew most:"]
    key = "traceback" if len(last.traces) and len(last.traces[0].traceback) > 1 else "lineno"
    for d in last.compare_to(first, key)[:top]:
        where = " <- ".join(f"{Path(f.filename).name}:{f.lineno}" for f in d.traceback)
        out.append(f"  {d.size_diff / 1024:+9.0f} KiB {d.count_diff:+8d} blocks  {where}")
    return out


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]))
        return
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--small", action="store_true", help="smoke run")
    ap.add_argument("--tables", type=int, default=12)
    ap.add_argument("--people", type=int, default=4)
    ap.add_argument("--watchers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--profile", metavar="FILE", help="py-spy the loaded server into FILE")
    ap.add_argument("--cprofile", metavar="FILE",
                    help="cProfile (CPU clock) the loaded server's event loop into FILE")
    ap.add_argument("--soak", type=float, metavar="MINUTES", help="the endurance run")
    ap.add_argument("--trace-memory", metavar="DIR",
                    help="soak: the server traces its Python heap (tracemalloc, slower), a "
                         "snapshot a minute in DIR; the run prints what grew")
    ap.add_argument("--trace-frames", type=int, default=1, metavar="N",
                    help="--trace-memory: the frames kept of each allocation's stack")
    ap.add_argument("--baseline-src", metavar="DIR",
                    help="also run the load against the paigow of this checkout, first")
    ap.add_argument("--gc-default", action="store_true",
                    help="the server's garbage collector left as CPython sets it (not "
                         "paigow.web.heap.settle, as paigow serve does): to measure that")
    ap.add_argument("--clients", type=int, default=1, metavar="K",
                    help="the load's client processes (the tables dealt out among them)")
    ap.add_argument("--processes", type=int, default=0, metavar="N",
                    help="then the same load on a card room of N processes behind nginx, on "
                         "a throwaway PostgreSQL (its writes a round measured)")
    a = ap.parse_args()
    if a.small:
        a.tables, a.people, a.watchers, a.rounds = 2, 2, 1, 1
        if a.soak:
            a.soak = 0.25
    print(f"machine: {os.cpu_count()} cores, load average {load_average():.2f}")
    if a.gc_default:
        os.environ[GC_DEFAULT_ENV] = "1"
    if a.cprofile:  # (the one-table baseline's server writes it first, the loaded one last)
        os.environ[CPROFILE_ENV] = str(Path(a.cprofile).resolve())
    if a.soak:
        run_soak(a)
        return
    base = measure(1, 1, 0, 3 if a.small else 10)
    tell("baseline (1 table, 1 person)", base)
    before = None
    if a.baseline_src:
        before = measure(a.tables, a.people, a.watchers, a.rounds, src=a.baseline_src,
                         clients=a.clients)
        tell(f"before ({a.baseline_src})", before)
    m = measure(a.tables, a.people, a.watchers, a.rounds, profile=a.profile,
                clients=a.clients)
    tell("load", m)
    m["baseline_p50_ms"] = base["p50_ms"]
    m["ratio_p50_to_baseline"] = round(m["p50_ms"] / base["p50_ms"], 1)
    m["mem_per_table_mb"] = round((m["rss_mb"] - base["rss_mb"]) / max(1, a.tables - 1), 2)
    print(f"load: p50 {m['ratio_p50_to_baseline']} times the baseline's; memory "
          f"{m['mem_per_table_mb']} MiB a table (the server {m['rss_mb']} MiB, one table "
          f"{base['rss_mb']} MiB)")
    if before is not None:
        m["before"] = {k: before[k] for k in ("rounds_per_s", "p50_ms", "p99_ms", "errors",
                                               "server_cores", "server_cpu_ms_per_round",
                                               "rss_mb")}
        print(f"after/before: server CPU a round "
              f"{before['server_cpu_ms_per_round'] / m['server_cpu_ms_per_round']:.2f}x less, "
              f"rounds/s {m['rounds_per_s'] / before['rounds_per_s']:.2f}x, "
              f"p50 {before['p50_ms'] / m['p50_ms']:.2f}x faster, "
              f"p99 {before['p99_ms'] / m['p99_ms']:.2f}x faster")
    if a.profile:
        print("\n".join(profile_top(a.profile)))
    if a.processes:
        m["room"] = measure_room(a)
    print(json.dumps(m))


def measure_room(a: argparse.Namespace) -> dict[str, Any]:
    """The load on a room of ``a.processes`` behind the proxy, on a PostgreSQL of its own
    (with fsync, as in production); with the database's work a round: transactions, rows
    written and WAL bytes."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from ledger_write import pg_figures as stats

    from pgkit import throwaway_postgres  # type: ignore[import-not-found]

    with throwaway_postgres(fsync=True) as pg:
        url = pg.new_database()
        from paigow.store import open_store

        open_store(url).close()  # the ledger's schema, first
        s0 = stats(url)
        r = measure(a.tables, a.people, a.watchers, a.rounds, room=url, processes=a.processes)
        time.sleep(1)  # pg_stat_database is updated when a backend's transaction ends
        s1 = stats(url)
    rounds = max(1, r["rounds"])
    r["db_per_round"] = {k: round((s1[k] - s0[k]) / rounds, 1) for k in s0}
    tell(f"room ({a.processes} processes behind nginx, PostgreSQL)", r)
    print(f"room: the database a round: {r['db_per_round']['commits']} commits, "
          f"{r['db_per_round']['rows']} rows written, {r['db_per_round']['wal_bytes']:.0f} "
          "WAL bytes "
          f"(the room's own directory and the load's people included)")
    return r


if __name__ == "__main__":
    main()
