"""No concealed piece reaches a browser before its reveal (docs/web.md, "Still true").

A seated person and a visitor record every HTTP body and every WebSocket frame they receive
while full rounds of each game are played (bets, the bank, hints, settings). Afterwards the
ledger tells what every place was dealt. For each round, every piece named in anything a
person received before that round's reveal must be a piece of their own hand (a visitor:
none at all), the round's seed appears only with its reveal, and nothing ever names the
deck order. Nor does anything carry a person's secrets: the browser's sign-in secret (it
lives in an HttpOnly cookie only), its stored hash, or the hash of their password.
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from webkit import Person, held_view, poker_opts, refuse_bank_until_set, serving, tiles_opts

from paigow.store import open_store
from paigow.store.players import secret_hash
from paigow.web.accounts import COOKIE

PIECE = {"tiles": re.compile(r"^[1-6]-[1-6]$"),
         "poker": re.compile(r"^(?:[2-9TJQKA][cdhs]|Jk)$")}
STATIC_KEYS = {"piece_names"}  # the names of the 21 tile faces: the same for everyone


class Recorder:
    """Everything one person receives, with the round it arrived in."""

    def __init__(self) -> None:
        self.items: list[tuple[str, Any]] = []
        self.lock = threading.Lock()

    def add(self, kind: str, data: Any) -> None:
        with self.lock:
            self.items.append((kind, data))


def pieces_in(data: Any, game: str, skip_last: bool = True) -> set[str]:
    """Every piece named anywhere in ``data`` (the previous round's reveal and the static
    names of the faces aside)."""
    found: set[str] = set()

    def walk(x: Any, key: str = "") -> None:
        if key in STATIC_KEYS or (skip_last and key == "last"):
            return
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str):
            found.update(t for t in x.split() if PIECE[game].match(t))

    walk(data)
    return found


def record_socket(person: Person, rec: Recorder, stop: threading.Event) -> threading.Thread:
    def run() -> None:
        with person.client.websocket_connect(f"/ws/tables/{person.table}") as ws:
            while not stop.is_set():
                rec.add("ws", json.loads(ws.receive_text()))
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def play(ann: Person, bob: Person, rec: Recorder, rounds: int) -> None:
    for _ in range(rounds):
        for p in (ann, bob):
            p.awaiting("bet")
        rec.add("http", ann.ok("bet", {"amount": "10"}))
        bob.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann, bob])
        state = ann.state()
        rec.add("http", state)
        rec.add("http", ann.ok("hint"))
        rec.add("http", ann.ok("set", {"low": state["you"]["hand"]["house_low"]}))
        bob.ok("set", {"house": True})
        done = state["rounds_played"] + 1
        rec.add("http", ann.wait(lambda s, n=done: s["rounds_played"] == n))


@pytest.mark.parametrize("game", ["tiles", "poker"])
def test_no_concealed_piece_reaches_a_person_or_a_visitor(tmp_path: Path, game: str) -> None:
    opts = tiles_opts(seats=3) if game == "tiles" else poker_opts(seats=3)
    with serving(tmp_path, opts) as (lobby, app):
        if game == "poker":  # the hint's one-time table, built before the rounds
            lobby.get("1").advisor.hint(tuple(range(7)), False)  # type: ignore[union-attr]
        ann, bob, visitor = Person(app, name="Ann"), Person(app, name="Bob"), Person(app)
        ann.join(), bob.join()
        assert ann.ok("/api/me/password", {"password": "correct horse"})["password"]
        mine, seen = Recorder(), Recorder()
        stop = threading.Event()
        threads = [record_socket(ann, mine, stop), record_socket(visitor, seen, stop)]
        play(ann, bob, mine, rounds=3)
        mine.add("http", ann.client.get("/api/tables/1/history").json())
        mine.add("http", ann.client.get("/api/me").json())
        seen.add("http", visitor.client.get("/api/tables/1/state").json())
        stop.set()
        ann.ok("bet", {"amount": "1"})  # one more push so the sockets see the stop
        for t in threads:
            t.join(10)
        session = lobby.get("1").session_id
        secret = ann.client.cookies.get(COOKIE)
    store = open_store(str(tmp_path / "web.sqlite3"))
    try:
        rounds = [store.round(int(r["round"])) for r in store.rounds(session)
                  if r["status"] == "settled"]
        password = store.player_by_name("Ann")["password"]  # type: ignore[index]
    finally:
        store.close()
    assert secret and password and password.startswith("$argon2")
    for rec in (mine, seen):
        for _kind, data in rec.items:
            text = json.dumps(data)
            for hidden in (secret, secret_hash(secret), password, password.split("$")[-1]):
                assert hidden not in text, "a person's secret reached a page"
    assert len(rounds) == 3
    own = {r["number"]: set(next(h["hand"] for h in r["detail"]["hands"] if h["seat"] == 1)
                            .split()) for r in rounds}
    decks = {r["number"]: " ".join(r["deck"]) for r in rounds}
    seeds = {r["number"]: r["seed"] for r in rounds}
    assert all(seeds.values())  # every settled round revealed its seed (in its reveal only)

    def check(rec: Recorder, allowed: dict[int, set[str]]) -> int:
        """Every answer and every frame as sent (a patch's parts, or a whole view), and
        the view the page holds after each frame (the patches laid over it)."""
        checked = 0
        context: tuple[Any, Any] = (None, None)  # (round in play, round last revealed)
        held: dict[str, Any] | None = None  # the socket's view, as the page holds it
        for kind, data in rec.items:
            text = json.dumps(data)
            assert '"deck"' not in text
            assert not any(d in text for d in decks.values())
            if kind == "ws":
                held = held_view(held, data)
                state = held or {}
                text += json.dumps(state)
            else:
                state = data.get("state", data) if isinstance(data, dict) else {}
            if "round" in state and "phase" in state:
                context = (state["round"], (state.get("last") or {}).get("number"))
            n, last = context
            if n in allowed and last != n:  # round n in play, not yet revealed
                assert seeds[n] not in text, f"round {n}'s seed reached the browser early"
                extra = pieces_in(state, game) - allowed[n]
                assert not extra, f"round {n}: {sorted(extra)} reached the browser early in {text[:3000]}"
                checked += 1
        return checked

    assert check(mine, own) > 10
    assert check(seen, {n: set() for n in own}) > 5
