"""Benchmark: how many tables and people one server process holds, and how fast it pushes.

A bounded load test on the loopback. One ``paigow`` server process (uvicorn, as ``paigow
serve`` runs it) holds ``--tables`` tiles tables; at each, ``--people`` people hold a
WebSocket open and play ``--rounds`` rounds through the HTTP API as the page does (bet,
then set the house way's arrangement), and ``--watchers`` more sockets only watch. Every
push each socket receives is timed against the action that caused it: the latency of a
state push is from the moment the action's request is sent to the moment a socket holds a
view showing it (the acting person's and every other socket at that table), p50 and p99.

The baseline, measured in the same run, is the same round trip with one table and one
person: the ratio says how much the load slows a push.

Usage: ``python benchmarks/web_load.py [--small] [--tables 12] [--people 4] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def serve(port: int, tables: int, db: str) -> None:
    """The server side (run in its own process): ``tables`` tiles tables, no limits."""
    import uvicorn

    from paigow.table.session import TableOptions
    from paigow.web.app import create_app
    from paigow.web.host import HostLimits
    from paigow.web.lobby import Lobby

    lobby = Lobby(db, HostLimits(idle_seconds=None, seats_per_client=7), max_tables=tables,
                  warm_hints=False)
    lobby.accounts.new_per_hour = 10**9  # every person comes from the loopback here
    for _ in range(tables):
        lobby.open(TableOptions(seats=7, bankroll=10_000_000, bet=100, bot_bank="refuse"))
    config = uvicorn.Config(create_app(lobby), host="127.0.0.1", port=port, log_level="error",
                            ws="websockets-sansio", lifespan="off")
    try:
        uvicorn.Server(config).run()
    finally:
        lobby.close()


class Socket:
    """One open page: its views as they arrive, with their arrival times."""

    def __init__(self, url: str, cookie: str | None) -> None:
        self.url, self.cookie = url, cookie
        self.views: list[tuple[float, dict[str, Any]]] = []
        self.changed = asyncio.Event()

    async def run(self) -> None:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        async with websockets.connect(self.url, additional_headers=headers,
                                      max_size=2**22) as ws:
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] == "state":
                    self.views.append((time.perf_counter(), msg["state"]))
                    self.changed.set()

    async def when(self, since: float, pred: Any, timeout: float = 120.0) -> float:
        """Seconds from ``since`` to the first view after it that satisfies ``pred``."""
        end = time.perf_counter() + timeout
        while True:
            for t, v in self.views:
                if t >= since and pred(v):
                    return t - since
            self.changed.clear()
            left = end - time.perf_counter()
            if left <= 0:
                last = self.views[-1][1] if self.views else None
                brief = None if last is None else {
                    k: last.get(k) for k in ("round", "phase", "doing", "error")}
                if last is not None:
                    brief["seats"] = [(x["seat"], x["status"]) for x in last["seats"]]
                    brief["you"] = last["you"] and {k: last["you"][k] for k in ("awaiting", "seat")}
                raise TimeoutError(f"no push showed the change; the last view: {brief}")
            with contextlib.suppress(asyncio.TimeoutError):  # then say what was seen
                await asyncio.wait_for(self.changed.wait(), left)


async def play_table(base: str, table: str, people: int, watchers: int, rounds: int,
                     lat: list[float]) -> int:
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        persons: list[tuple[str, Socket]] = []
        ws_base = base.replace("http", "ws")
        for k in range(people):
            r = await http.post(f"/api/tables/{table}/join", json={"name": f"t{table}p{k}"},
                                headers={"Cookie": ""})
            r.raise_for_status()
            token = r.cookies["paigow_player"]  # the person's secret, sent as a header below
            http.cookies.clear()
            persons.append((token, Socket(f"{ws_base}/ws/tables/{table}",
                                          f"paigow_player={token}")))
        socks = [s for _, s in persons] + [Socket(f"{ws_base}/ws/tables/{table}", None)
                                           for _ in range(watchers)]
        tasks = [asyncio.create_task(s.run()) for s in socks]
        played = 0
        try:
            for rnd in range(1, rounds + 1):
                for k, (token, me) in enumerate(persons):
                    await me.when(0, lambda v, r=rnd: v["you"] and v["you"]["awaiting"] == "bet"
                                  and v["round"] == r)
                    t0 = time.perf_counter()
                    (await http.post(f"/api/tables/{table}/bet", json={"amount": "1"},
                                     headers={"X-Paigow-Token": token})).raise_for_status()
                    seat = k + 1
                    shown = [s.when(t0, lambda v, n=seat, r=rnd: v["round"] == r and any(
                        x["seat"] == n and x["status"] in ("bet in", "deciding on the bank",
                                                            "setting the hand", "set", "in")
                        for x in v["seats"])) for s in socks]
                    lat.extend(await asyncio.gather(*shown))

                async def set_hand(token: str, me: Socket, r: int) -> None:
                    def bank(v: dict[str, Any]) -> bool:
                        return bool(v["round"] == r and v["you"]["awaiting"] == "bank")

                    def to_set(v: dict[str, Any]) -> bool:
                        return bool(v["round"] == r and v["you"]["hand"]
                                    and v["you"]["awaiting"] == "set")

                    await me.when(0, lambda v: bank(v) or to_set(v))
                    if not any(to_set(v) for _, v in me.views):  # the bank came round first
                        (await http.post(f"/api/tables/{table}/bank", json={"decision": "refuse"},
                                         headers={"X-Paigow-Token": token})).raise_for_status()
                        await me.when(0, to_set)
                    hand = [v for _, v in me.views if to_set(v)][-1]["you"]["hand"]
                    (await http.post(f"/api/tables/{table}/set", json={"low": hand["house_low"]},
                                     headers={"X-Paigow-Token": token})).raise_for_status()

                await asyncio.gather(*(set_hand(token, me, rnd) for token, me in persons))
                t0 = time.perf_counter()
                await asyncio.gather(*(s.when(0, lambda v, r=rnd: (v["last"] or {}).get("number") == r)
                                       for s in socks))
                played += 1
        finally:
            for t in tasks:
                t.cancel()
    return played


async def load(base: str, tables: int, people: int, watchers: int,
               rounds: int) -> tuple[list[float], int, float]:
    lat: list[float] = []
    t = time.perf_counter()
    played = await asyncio.gather(*(play_table(base, str(i + 1), people, watchers, rounds, lat)
                                    for i in range(tables)))
    return lat, sum(played), time.perf_counter() - t


def run(tables: int, people: int, watchers: int, rounds: int) -> tuple[list[float], int, float]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port), str(tables),
                                 str(Path(tmp) / "load.sqlite3")])
        base = f"http://127.0.0.1:{port}"
        try:
            end = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(base + "/api/tables", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > end or proc.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.2)
            return asyncio.run(load(base, tables, people, watchers, rounds))
        finally:
            proc.terminate()
            proc.wait(30)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--small", action="store_true", help="smoke run")
    ap.add_argument("--tables", type=int, default=12)
    ap.add_argument("--people", type=int, default=4)
    ap.add_argument("--watchers", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    if a.small:
        a.tables, a.people, a.watchers, a.rounds = 2, 2, 1, 1
    print(f"machine: {os.cpu_count()} cores")
    base_lat, _, _ = run(1, 1, 0, 3 if a.small else 10)
    b50 = pct(base_lat, .5)
    print(f"baseline: 1 table, 1 person: push p50 {b50:.1f} ms, p99 {pct(base_lat, .99):.1f} ms")
    lat, played, secs = run(a.tables, a.people, a.watchers, a.rounds)
    sockets = a.tables * (a.people + a.watchers)
    print(f"load: {a.tables} tables, {a.tables * a.people} people, {sockets} sockets open; "
          f"{played} rounds in {secs:.1f} s ({played / secs:.2f} rounds/s); "
          f"{len(lat)} pushes timed")
    print(f"load: push p50 {pct(lat, .5):.1f} ms, p99 {pct(lat, .99):.1f} ms, "
          f"max {max(lat) * 1000:.1f} ms; ratio p50 to baseline {pct(lat, .5) / b50:.1f}")
    print(f"load: p50 per push {statistics.median(lat) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
