"""Benchmark: the server time of the browser table's Hint, warm, tiles and poker.

A table is opened (its advisor warmed: for poker the one-time table is built or loaded),
hands are dealt to a seated person, and ``POST /api/tables/1/hint`` is timed by the
``Server-Timing`` the server reports (the whole request inside the server) and from the
client. The baseline, measured in the same run, is the engine's exact advice for the same
hands called directly (:func:`paigow.analysis.tiles_odds.advise` /
:func:`paigow.analysis.poker_odds.advise`); the ratio says what serving it costs on top.

Usage: ``python benchmarks/web_hint.py [--small] [--game tiles|poker|both]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from fastapi.testclient import TestClient

from paigow.table.session import TableOptions
from paigow.web.app import create_app
from paigow.web.host import HostLimits
from paigow.web.lobby import Lobby


def _wait(client: TestClient, pred: object, timeout: float = 900.0) -> dict[str, object]:
    end = time.monotonic() + timeout
    while True:
        s = client.get("/api/tables/1/state").json()
        if "table" not in s:
            raise SystemExit(f"refused: {s}")
        if pred(s):  # type: ignore[operator]
            return s  # type: ignore[no-any-return]
        if time.monotonic() > end:
            raise SystemExit(f"timed out: {s}")
        time.sleep(0.01)


def bench(game: str, hands: int) -> None:
    opts = TableOptions(game=game, house_way="australian" if game == "tiles" else "house",
                        bot_ways=("australian" if game == "tiles" else "house",), seats=1,
                        bankroll=10_000_000, bet=100, bot_bank="refuse")
    with tempfile.TemporaryDirectory() as tmp:
        lobby = Lobby(str(Path(tmp) / "b.sqlite3"), HostLimits(idle_seconds=None), warm_hints=True)
        lobby.open(opts)
        app = create_app(lobby, frozenset({"testserver"}))
        c = TestClient(app)
        t = time.perf_counter()
        c.post("/api/tables/1/join", json={"name": "bench"})
        _wait(c, lambda s: s["hints"]["status"] in ("ready", "failed"))  # type: ignore[index]
        print(f"{game}: advisor warm after {time.perf_counter() - t:.1f} s")
        server, client, direct = [], [], []
        host = lobby.get("1")
        for _ in range(hands):
            _wait(c, lambda s: s["you"]["awaiting"] == "bet")  # type: ignore[index]
            c.post("/api/tables/1/bet", json={"amount": "1"})
            s = _wait(c, lambda s: s["you"]["awaiting"] == "set")  # type: ignore[index]
            t = time.perf_counter()
            r = c.post("/api/tables/1/hint", json={})
            if game == "poker":  # computed off the request: wait for the pushed result
                s = _wait(c, lambda s: (s["you"]["hint"] or {}).get("status") == "ready")  # type: ignore[index,union-attr]
                client.append((time.perf_counter() - t) * 1000)
                server.append(float(s["you"]["hint"]["ms"]))  # type: ignore[index]
            else:
                client.append((time.perf_counter() - t) * 1000)
                server.append(float(r.headers["server-timing"].split("dur=")[1]))
            # the baseline: the engine's advice for the same hand, called directly
            with host.cv:
                hand = host.seats[1].hand
            assert hand is not None
            t = time.perf_counter()
            if game == "tiles":
                from paigow.analysis.tiles_odds import advise

                advise(hand, host.game.house_way, False, Fraction(1, 20))  # type: ignore[union-attr]
            else:
                from paigow.analysis.poker_odds import advise as padvise

                padvise(list(hand), "house", False, Fraction(1, 20))
            direct.append((time.perf_counter() - t) * 1000)
            c.post("/api/tables/1/set", json={"house": True})
        lobby.close()
    med = statistics.median
    print(f"{game}: hint server time median {med(server):.2f} ms "
          f"(min {min(server):.2f}, max {max(server):.2f}) over {hands} hands; "
          f"client round trip median {med(client):.2f} ms")
    print(f"{game}: baseline advise() in process median {med(direct):.2f} ms; "
          f"ratio server/baseline {med(server) / med(direct):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--small", action="store_true", help="smoke run")
    ap.add_argument("--game", default="both", choices=["tiles", "poker", "both"])
    a = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores")
    games = ["tiles", "poker"] if a.game == "both" else [a.game]
    if a.small:
        games = ["tiles"]  # the poker table takes minutes to build on a fresh machine
    for g in games:
        bench(g, 5 if a.small else (40 if g == "tiles" else 8))


if __name__ == "__main__":
    main()
