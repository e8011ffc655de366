"""The browser table's API: two people at one table with a bot, through FastAPI's TestClient.

Facts checked: each person sees only their own hand until the reveal; the hint's counts
cover all 20,475 hands the banker can hold; the ledger conserves money over rounds (SQL
audit, chips + house = buy-ins, nothing left on the table); every bad request answers 4xx
with an error naming the bad input and changes nothing (state and ledger).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from paigow.store import open_store
from paigow.table.session import TableOptions
from paigow.web.app import create_app
from paigow.web.host import TableHost

BANKROLL = 100_000  # $1,000.00 in cents
State = dict[str, Any]


def wait(client: TestClient, pred: Callable[[State], bool], timeout: float = 20.0) -> State:
    """Poll the state until ``pred`` holds (as the page does)."""
    end = time.monotonic() + timeout
    s: State = client.get("/api/state").json()
    while not pred(s):
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting; last state: {s}")
        time.sleep(0.02)
        s = client.get("/api/state").json()
    return s


def awaiting(what: str) -> Callable[[State], bool]:
    return lambda s: s["you"] is not None and s["you"]["awaiting"] == what


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TableHost, Path]]:
    db = tmp_path / "ledger.sqlite3"
    host = TableHost(TableOptions(seats=3, bankroll=BANKROLL, bet=1_000, seed=11,
                                  bot_bank="refuse"), str(db))
    host.start()
    yield host, db
    host.close()


@pytest.fixture
def people(table: tuple[TableHost, Path]) -> tuple[TestClient, TestClient]:
    host, _ = table
    app = create_app(host)
    ann, bob = TestClient(app), TestClient(app)
    assert ann.post("/api/join", json={"name": "Ann"}).json()["seat"] == 1
    assert bob.post("/api/join", json={"name": "Bob"}).json()["seat"] == 2
    return ann, bob


def entry_count(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("SELECT COUNT(*) FROM entry").fetchone()[0])


def play_round(ann: TestClient, bob: TestClient, bets: tuple[str, str] = ("10", "12.50")) -> State:
    """Both bet; Ann sets her first listed setting, Bob the house way; the reveal."""
    before = wait(ann, awaiting("bet"))["rounds_played"]
    wait(bob, awaiting("bet"))
    assert ann.post("/api/seats/1/bet", json={"amount": bets[0]}).status_code == 200
    assert bob.post("/api/seats/2/bet", json={"amount": bets[1]}).status_code == 200
    end = time.monotonic() + 20
    while True:  # the bank option may come to a person: refuse it
        states = [(seat, person, person.get("/api/state").json()["you"])
                  for seat, person in ((1, ann), (2, bob))]
        if all(you["awaiting"] == "set" for _, _, you in states):
            break
        for seat, person, you in states:
            if you["awaiting"] == "bank":
                assert person.post(f"/api/seats/{seat}/bank",
                                   json={"decision": "refuse"}).status_code == 200
        assert time.monotonic() < end, states
        time.sleep(0.02)
    assert ann.post("/api/seats/1/set", json={"index": 1}).status_code == 200
    assert bob.post("/api/seats/2/set", json={"house": True}).status_code == 200
    return wait(ann, lambda s: s["rounds_played"] == before + 1 and s["last"] is not None)


def test_two_people_bet_hint_set_and_see_the_reveal(
    table: tuple[TableHost, Path], people: tuple[TestClient, TestClient]
) -> None:
    ann, bob = people
    s = wait(ann, awaiting("bet"))
    assert [(x["seat"], x["kind"]) for x in s["seats"]] == [(1, "person"), (2, "person"), (3, "bot")]
    assert ann.post("/api/seats/1/bet", json={"amount": "10"}).json()["bet"] == 1_000
    assert bob.post("/api/seats/2/bet", json={"amount": "12.50"}).json()["bet"] == 1_250
    a = wait(ann, awaiting("set"))["you"]
    b = wait(bob, awaiting("set"))["you"]
    # each sees their own four tiles, and nobody else's hand until the reveal
    assert len(a["hand"]["pieces"]) == 4 and len(b["hand"]["pieces"]) == 4
    seen = ann.get("/api/state").json()
    assert seen["last"] is None and str(b["hand"]["options"]) not in str(seen)
    assert all(set(x) == {"seat", "name", "kind", "you", "balance", "bet", "status"}
               for x in seen["seats"])
    # the hint: every setting, each counted over all 20,475 banker hands
    hint = ann.get("/api/seats/1/hint").json()
    while hint["status"] == "working":
        time.sleep(0.05)
        hint = ann.get("/api/seats/1/hint").json()
    assert hint["status"] == "ready" and hint["opponent_hands"] == 20_475
    rows = hint["settings"]
    assert sorted(r["n"] for r in rows) == list(range(1, len(a["hand"]["options"]) + 1))
    assert all(r["win"] + r["push"] + r["lose"] == 20_475 for r in rows)
    assert [r["best"] for r in rows].count(True) == 1
    assert max(rows, key=lambda r: r["ev"])["best"] is True
    # Ann plays the best setting by its text; Bob the house way
    best = next(r for r in rows if r["best"])
    pick = a["hand"]["options"][best["n"] - 1]
    assert ann.post("/api/seats/1/set",
                    json={"high": pick["high"], "low": pick["low"]}).status_code == 200
    assert bob.post("/api/seats/2/set", json={"house": True}).status_code == 200
    s = wait(ann, lambda s: s["last"] is not None)
    last = s["last"]
    hands = {h["seat"]: h for h in last["hands"] if h["role"] == "player"}
    assert set(hands) == {1, 2, 3}
    assert (hands[1]["high"], hands[1]["low"]) == (pick["high"], pick["low"])
    assert hands[2]["rule"] == "person (house way)"
    assert sorted(hands[1]["hand"].split()) == sorted(a["hand"]["pieces"])
    # each seat's chips moved by exactly its settled net
    balance = {x["seat"]: x["balance"] for x in s["seats"]}
    for seat in (1, 2, 3):
        assert balance[seat] == BANKROLL + hands[seat]["result"]["net"]
    assert s["house_net"] == -sum(hands[k]["result"]["net"] for k in (1, 2, 3))
    assert ann.get("/history").status_code == 200
    assert len(ann.get("/api/history").json()["rounds"]) == 1


def test_money_is_conserved_in_the_ledger(
    table: tuple[TableHost, Path], people: tuple[TestClient, TestClient]
) -> None:
    host, db = table
    ann, bob = people
    for bets in (("10", "12.50"), ("25", "0.01"), ("100", "3")):
        play_round(ann, bob, bets)
    wait(ann, awaiting("bet"))
    store = open_store(str(db))
    try:
        assert store.check() == []
        bal = store.balances(host.session_id)
        buy_ins = store.query("SELECT SUM(amount) AS s FROM entry WHERE kind = 'buy_in'")[0]["s"]
        assert buy_ins == 3 * BANKROLL
        assert sum(v for k, v in bal.items() if k.startswith("seat:") or k == "house") == buy_ins
        assert bal.get("bets", 0) == 0 and bal.get("bank", 0) == 0
        s = ann.get("/api/state").json()
        assert {f"seat:{x['seat']}": x["balance"] for x in s["seats"]} == {
            k: v for k, v in bal.items() if k.startswith("seat:")}
        assert s["house_net"] == bal.get("house", 0)
        assert len(store.rounds(host.session_id)) == 3
    finally:
        store.close()


def refused(resp: Any, status: int, *names: str) -> None:
    assert resp.status_code == status, resp.text
    msg = resp.json()["error"]
    for name in names:
        assert name in msg, (name, msg)


def test_bad_input_is_refused_and_changes_nothing(
    table: tuple[TableHost, Path], people: tuple[TestClient, TestClient]
) -> None:
    host, db = table
    ann, bob = people
    app = create_app(host)
    stranger = TestClient(app)

    def snapshot() -> tuple[Any, ...]:
        s = ann.get("/api/state").json()
        del s["version"]
        return s, bob.get("/api/state").json()["you"], entry_count(db)

    wait(ann, awaiting("bet"))
    wait(bob, awaiting("bet"))
    before = snapshot()
    refused(ann.post("/api/seats/1/bet", json={"amount": "-5"}), 400, "-5")
    refused(ann.post("/api/seats/1/bet", json={"amount": "0"}), 400, "$0.00")
    refused(ann.post("/api/seats/1/bet", json={"amount": "1.234"}), 400, "1.234")
    refused(ann.post("/api/seats/1/bet", json={"amount": "ten"}), 400, "ten")
    refused(ann.post("/api/seats/1/bet", json={"amount": True}), 400, "True")
    refused(ann.post("/api/seats/1/bet", json={"amount": "1000.01"}), 400, "$1,000.01")
    refused(ann.post("/api/seats/1/bet", json={}), 400, "amount")
    refused(ann.post("/api/seats/1/bet", content=b"not json"), 400, "JSON")
    refused(ann.post("/api/seats/2/bet", json={"amount": "10"}), 403, "seat 2")
    refused(ann.post("/api/seats/9/bet", json={"amount": "10"}), 404, "seat 9")
    refused(stranger.post("/api/seats/1/bet", json={"amount": "10"}), 401, "token")
    refused(stranger.post("/api/seats/1/bet", json={"amount": "10"},
                          headers={"X-Paigow-Token": "forged-token"}), 401, "forged-token")
    refused(ann.post("/api/seats/1/set", json={"index": 1}), 409, "seat 1")
    refused(ann.post("/api/seats/1/bank", json={"decision": "take"}), 409, "seat 1")
    refused(ann.get("/api/seats/1/hint"), 409, "seat 1")
    # joining again with a valid token keeps the same seat
    assert ann.post("/api/join", json={"name": "Ann again"}).json()["seat"] == 1
    refused(stranger.post("/api/join", json={"name": "x" * 40}), 400, "x" * 24)
    assert snapshot() == before

    # betting twice, or out of turn once the hands are dealt
    assert ann.post("/api/seats/1/bet", json={"amount": "10"}).status_code == 200
    refused(ann.post("/api/seats/1/bet", json={"amount": "20"}), 409, "already")
    assert bob.post("/api/seats/2/bet", json={"amount": "10"}).status_code == 200
    a = wait(ann, awaiting("set"))["you"]
    wait(bob, awaiting("set"))
    before = snapshot()
    n = len(a["hand"]["options"])
    refused(ann.post("/api/seats/1/bet", json={"amount": "10"}), 409, "seat 1")
    refused(ann.post("/api/seats/1/set", json={"index": 0}), 400, "0")
    refused(ann.post("/api/seats/1/set", json={"index": n + 1}), 400, str(n + 1))
    refused(ann.post("/api/seats/1/set", json={"index": "1"}), 400, "'1'")
    refused(ann.post("/api/seats/1/set", json={}), 400, "setting")
    # a setting made of tiles that are not in the hand
    other = next(p for p in ("6-6", "1-1", "4-4", "1-3", "5-5", "3-3")
                 if p not in a["hand"]["pieces"])
    refused(ann.post("/api/seats/1/set", json={"high": f"{other} {other}",
                                               "low": " ".join(a["hand"]["pieces"][:2])}),
            400, other)
    refused(ann.post("/api/seats/2/set", json={"index": 1}), 403, "seat 2")
    refused(ann.post("/api/seats/1/bank", json={"decision": "maybe"}), 409, "seat 1")
    assert snapshot() == before
    # the refusals left the round playable
    assert ann.post("/api/seats/1/set", json={"index": 1}).status_code == 200
    refused(ann.post("/api/seats/1/set", json={"index": 1}), 409, "already set")
    assert bob.post("/api/seats/2/set", json={"index": 1}).status_code == 200
    wait(ann, lambda s: s["rounds_played"] == 1)


def test_the_bank_offer_goes_to_a_person_who_can_cover_it(tmp_path: Path) -> None:
    # two seats: round 2's option passes counterclockwise from the dealer to seat 2 (Bob)
    host = TableHost(TableOptions(seats=2, bankroll=BANKROLL, seed=5), str(tmp_path / "b.db"))
    host.start()
    try:
        app = create_app(host)
        ann, bob = TestClient(app), TestClient(app)
        ann.post("/api/join", json={"name": "Ann"})
        bob.post("/api/join", json={"name": "Bob"})
        play_round(ann, bob)
        wait(ann, awaiting("bet"))
        assert ann.post("/api/seats/1/bet", json={"amount": "40"}).status_code == 200
        assert bob.post("/api/seats/2/bet", json={"amount": "10"}).status_code == 200
        offer = wait(bob, awaiting("bank"))["you"]["offer"]
        assert offer["others"] == 4_000 and offer["can_take"] and offer["can_cobank"]
        refused(bob.post("/api/seats/2/bank", json={"decision": "maybe"}), 400, "maybe")
        refused(ann.post("/api/seats/1/bank", json={"decision": "take"}), 409, "seat 1")
        assert bob.post("/api/seats/2/bank", json={"decision": "take"}).status_code == 200
        b = wait(bob, awaiting("set"))["you"]
        assert b["hand"]["banking"] is True
        wait(ann, awaiting("set"))
        assert ann.post("/api/seats/1/set", json={"house": True}).status_code == 200
        assert bob.post("/api/seats/2/set", json={"house": True}).status_code == 200
        s = wait(ann, lambda s: s["rounds_played"] == 2)
        assert s["last"]["banker"] == {"kind": "player", "seat": 2, "place": 2}
        assert s["last"]["bets"] == {"1": 4_000}  # the banker's own bet is withdrawn
        store = open_store(str(tmp_path / "b.db"))
        try:
            assert store.check() == []
        finally:
            store.close()
    finally:
        host.close()


def test_a_person_who_leaves_is_played_by_the_bot(
    table: tuple[TableHost, Path], people: tuple[TestClient, TestClient]
) -> None:
    ann, bob = people
    wait(ann, awaiting("bet"))
    assert ann.post("/api/seats/1/bet", json={"amount": "10"}).status_code == 200
    assert bob.post("/api/leave").json() == {"left": 2}
    wait(ann, awaiting("set"))
    assert ann.post("/api/seats/1/set", json={"index": 1}).status_code == 200
    s = wait(ann, lambda s: s["rounds_played"] == 1)
    assert s["seats"][1]["kind"] == "bot"
    refused(bob.get("/api/seats/2/hint"), 401, "token")


def test_a_person_who_takes_too_long_sits_out_then_gets_the_house_way(tmp_path: Path) -> None:
    """An idle person never holds the table: past ``idle_seconds`` the round sits them out
    (no bet, no money moves), and a hand they don't set is set the house way."""
    db = tmp_path / "idle.sqlite3"
    host = TableHost(TableOptions(seats=2, bankroll=BANKROLL, bet=1_000, seed=3,
                                  bot_bank="refuse"), str(db), idle_seconds=1.0)
    host.start()
    try:
        ann = TestClient(create_app(host))
        assert ann.post("/api/join", json={"name": "Ann"}).json()["seat"] == 1
        # round 1: Ann never bets
        s = wait(ann, lambda s: s["rounds_played"] == 1 and s["last"] is not None)
        assert s["you"]["balance"] == BANKROLL
        assert all("seat:1" not in (e["from"], e["to"])
                   for e in open_store(db).entries(s["last"]["round"]))
        # round 2: she bets, then never sets her hand: the house way sets it
        wait(ann, awaiting("bet"))
        assert ann.post("/api/seats/1/bet", json={"amount": "10"}).status_code == 200
        s = wait(ann, lambda s: s["rounds_played"] == 2)
        mine = [h for h in s["last"]["hands"] if h.get("seat") == 1]
        assert len(mine) == 1 and mine[0]["result"] is not None, s["last"]
        entries = open_store(db).entries(s["last"]["round"])
        assert any(e["from"] == "seat:1" and e["kind"] == "bet" for e in entries)
    finally:
        host.close()
    store = open_store(db)
    assert store.check() == []
