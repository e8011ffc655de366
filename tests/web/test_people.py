"""An evening's people at the API and WebSocket level (issue 16 §3 and §4).

§3, the table keeps moving: each phase has one deadline for everyone (the clock is the
test's, so "past the deadline" is exact): people who let it pass are acted for and the
round goes on without a second wait; the table acts at once for the rest of the round for
whoever missed a deadline (no bank offer waits on them); ``sit_out_after`` rounds in a row
sit a person out, and a sat-out seat holds nothing up, down to a table whose people all sit
out dealing no round; "back" brings them in. The buyer of a dragon hand sets it as soon as
their own hand is set, while the others still set theirs.

§4, people and their money last: a person is a record with a wallet, the same in two tabs
and on a second device (with a password); buy-ins, chips added and cash-outs move money
only between the wallet and the seat; a server stopped cleanly, or one that died without
cashing out, gives every chip back to its wallet, keeps the history and replay readable to
their owner and offers the seat back; a forged, expired or another person's sign-in is
refused (401/403) and changes nothing.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from webkit import (
    BANKROLL,
    Person,
    entry_count,
    play_round,
    poker_opts,
    refuse_bank_until_set,
    refused,
    serving,
    tiles_opts,
)

from paigow.store import open_store
from paigow.table.ledger import Entry, wallet_account
from paigow.web.accounts import COOKIE, WALLET_GRANT
from paigow.web.host import HostLimits
from pgkit import backend, pg_server, pg_url  # noqa: F401 - both ledgers, where it matters

IDLE = 30.0


def _clocked(lobby: Any, table: str = "1") -> list[float]:
    """Give table ``table`` the test's clock (before anyone joins); the clock."""
    now = [1_000.0]
    lobby.get(table).clock = lambda: now[0]
    return now


def _limits(**kw: Any) -> HostLimits:
    base: dict[str, Any] = dict(idle_seconds=IDLE, seats_per_client=7, sit_out_after=2)
    base.update(kw)
    return HostLimits(**base)


def _cashed_out(p: Person, timeout: float = 180) -> None:
    """Wait until ``p``'s chips are back in their wallet (written after the round that
    holds them)."""
    end = time.monotonic() + timeout
    while p.client.get("/api/me").json()["seats"]:
        assert time.monotonic() < end, "the cash-out was never written"
        time.sleep(0.02)


# -- §3 the table keeps moving ---------------------------------------------------------------
def test_one_deadline_for_everyone_then_sat_out_then_back(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(seats=3), limits=_limits()) as (lobby, app):
        now = _clocked(lobby)
        ann, bob, cy = (Person(app, name=n) for n in ("Ann", "Bob", "Cy"))
        for p in (ann, bob, cy):
            p.join()
        views = [p.awaiting("bet") for p in (ann, bob, cy)]
        # one deadline, the same for every seat and for a visitor
        visitor = Person(app).state()
        assert {v["deadline"] for v in views} == {visitor["deadline"]} == {now[0] + IDLE}
        assert all(v["you"]["deadline"] == now[0] + IDLE for v in views)
        ann.ok("bet", {"amount": "10"})
        now[0] += IDLE + 1  # Bob and Cy let the betting deadline pass: one wait for both
        s = ann.awaiting("set")
        assert s["deadline"] == now[0] + IDLE  # the setting phase's own deadline
        for p in (bob, cy):
            you = p.state()["you"]
            assert you["timed_out"] == "no bet in time: you sat this round out"
            assert you["hand"] is None and you["awaiting"] is None
        now[0] += IDLE + 1  # Ann lets the setting deadline pass: the house way for her
        s = ann.wait(lambda s: s["rounds_played"] == 1)
        mine = next(x for x in s["last"]["seats"] if x["seat"] == ann.seat)
        assert mine["rule"] != "person"
        assert [x["misses"] for x in (p.state()["you"] for p in (ann, bob, cy))] == [1, 1, 1]
        # a second round missed by everyone: each is sat out, and the table waits for nobody
        for p in (ann, bob, cy):
            p.awaiting("bet")
        now[0] += IDLE + 1
        s = ann.wait(lambda s: all(x["sat_out"] for x in s["seats"]))
        assert s["doing"] == "waiting: everyone here sits out"
        assert all(x["status"] == "sat out (away)" for x in s["seats"])
        assert all(p.state()["you"]["sat_out"] for p in (ann, bob, cy))
        played = s["round"]
        time.sleep(1.5)  # no round is dealt to a table whose people all sit out
        assert ann.state()["round"] == played and ann.state()["phase"] == "waiting"
        refused(ann.post("bet", {"amount": "10"}), 409, "sat out")
        # Ann is back: she alone is asked; Bob's and Cy's seats hold nothing up
        assert ann.ok("back") == {"back": ann.seat}
        ann.awaiting("bet")
        ann.ok("bet", {"amount": "10"})
        s = ann.awaiting("set")  # dealt without the clock moving: nobody else was waited for
        assert ann.state()["you"]["misses"] == 0
        assert [x["status"] for x in s["seats"] if x["seat"] != ann.seat] == ["sat out (away)"] * 2
        assert bob.ok("back") == {"back": bob.seat}
        refused(bob.post("back"), 409, "not sat out")


def test_every_seat_shows_who_has_bet_and_whom_the_table_waits_on(tmp_path: Path) -> None:
    """Bets come in any order (one deadline for everyone): a bet placed shows on its seat at
    once ("bet in", the amount), while the seats still to answer read "betting"."""
    with serving(tmp_path, tiles_opts(seats=3), limits=_limits()) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join()
        bob.join()
        for p in (ann, bob):
            p.awaiting("bet")
        bob.ok("bet", {"amount": "12.50"})  # Bob first: the round still waits on Ann
        for p in (ann, bob, Person(app)):  # the same for everyone, a visitor too
            seen = {x["seat"]: (x["status"], x["bet"]) for x in p.state()["seats"]
                    if x["kind"] == "person"}
            assert seen == {ann.seat: ("betting", None), bob.seat: ("bet in", 1_250)}, seen
        ann.ok("bet", {"amount": "10"})
        s = ann.awaiting("set")
        assert {x["seat"]: x["bet"] for x in s["seats"]
                if x["kind"] == "person"} == {ann.seat: 1_000, bob.seat: 1_250}


def test_a_person_who_missed_the_betting_is_not_waited_for_at_the_bank(tmp_path: Path) -> None:
    """The bank option comes to Ann's seat in a round whose betting deadline she let pass:
    the offer is refused at once and the round goes on without another deadline."""
    with serving(tmp_path, tiles_opts(seats=2, bot_bank="refuse"),
                 limits=_limits(sit_out_after=0)) as (lobby, app):
        now = _clocked(lobby)
        ann = Person(app, name="Ann")
        ann.join()
        for _ in range(6):
            s = ann.awaiting("bet")
            if s["option"] == ann.seat and s["round"] > 1:
                break
            ann.ok("bet", {"amount": "10"})
            refuse_bank_until_set([ann])
            ann.ok("set", {"house": True})
            ann.wait(lambda st, n=s["round"]: st["rounds_played"] == n)
        else:
            raise AssertionError("the option never came to Ann's seat")
        seen: list[Any] = []
        now[0] += IDLE + 1
        s = ann.wait(lambda st: seen.append(st["you"]["awaiting"]) or st["rounds_played"]
                     == s["round"])  # the bot's round settles with no further clock move
        assert "bank" not in seen
        assert ann.state()["you"]["misses"] == 1


def test_the_buyer_sets_the_dragon_hand_as_soon_as_their_own(tmp_path: Path) -> None:
    opts = poker_opts(seats=2, dragon="player")
    with serving(tmp_path, opts, limits=_limits(idle_seconds=None)) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        ann.awaiting("bet"), bob.awaiting("bet")
        ann.ok("bet", {"amount": "10", "dragon": "10"})
        bob.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann, bob])
        ann.ok("set", {"house": True})
        # Bob has not set his hand: Ann sets the dragon hand now, not after him
        s = ann.wait(lambda st: st["you"]["hand"] is not None and st["you"]["hand"]["dragon"])
        assert s["you"]["awaiting"] == "set" and bob.state()["you"]["awaiting"] == "set"
        assert len(s["you"]["hand"]["pieces"]) == 7
        ann.ok("set", {"house": True, "dragon": True})
        assert bob.state()["you"]["awaiting"] == "set" and bob.state()["rounds_played"] == 0
        bob.ok("set", {"house": True})
        s = ann.wait(lambda st: st["last"] is not None)
        assert s["last"]["dragon"]["seat"] == ann.seat
        assert s["last"]["dragon"]["rule"] == "person (house way)"


# -- §4 people and their money ---------------------------------------------------------------
def test_two_tabs_are_one_person(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        ann = Person(app, name="Ann")
        seat = ann.join()
        tab = Person(app)
        tab.client.cookies.set(COOKIE, ann.client.cookies.get(COOKIE) or "")
        assert tab.ok("join", {})["seat"] == seat  # the second tab joins: the same seat
        assert lobby.get("1").seated() == 1
        tab.awaiting("bet")
        ann.ok("bet", {"amount": "10"})
        assert tab.state()["you"]["bet_in"] is True
        refused(tab.post("bet", {"amount": "20"}), 409, "already in")
        refuse_bank_until_set([tab])
        tab.ok("set", {"house": True})  # set from the other tab
        s = ann.wait(lambda st: st["rounds_played"] == 1)
        assert next(x for x in s["last"]["seats"] if x["seat"] == seat)["stake"] == 1_000


def test_wallet_buy_in_chips_and_cash_out(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(), limits=_limits(idle_seconds=None)) as (_lobby, app):
        ann = Person(app, name="Ann")
        r = ann.ok("join", {"name": "Ann", "buy_in": "300"})
        ann.seat = r["seat"]
        me = ann.client.get("/api/me").json()
        assert me["wallet"] == WALLET_GRANT - 30_000
        assert [{k: v for k, v in x.items() if k != "table_msg"} for x in me["seats"]] == [
            {"table": "Tiles table 1", "seat": ann.seat, "chips": 30_000, "since_round": 1}]
        assert me["seats"][0]["table_msg"]["id"] == "Tiles table {n}"  # said in Chinese too
        assert ann.state()["you"]["balance"] == 30_000
        ann.ok("chips", {"amount": "50"})
        assert ann.state()["you"]["balance"] == 35_000
        assert ann.client.get("/api/me").json()["wallet"] == WALLET_GRANT - 35_000
        refused(ann.post("chips", {"amount": "2000"}), 409, "wallet holds $1,650.00")
        s = play_round([ann])
        net = next(x["net"] for x in s["last"]["seats"] if x["seat"] == ann.seat)
        ann.ok("leave")
        _cashed_out(ann)
        me = ann.client.get("/api/me").json()
        assert me["seats"] == [] and me["wallet"] == WALLET_GRANT + net
        refused(ann.post("/api/me/reload", {}), 409, "empty wallet")
        # she loses it all elsewhere: then the cashier gives her play money again
        store = open_store(str(tmp_path / "web.sqlite3"))
        try:
            with store.transaction():
                store._insert_entries(None, None, [Entry("cash_out", wallet_account(me["id"]),
                                                         "house", me["wallet"])])  # type: ignore[attr-defined]
        finally:
            store.close()
        assert ann.ok("/api/me/reload", {}) == {"wallet": WALLET_GRANT}
        assert ann.client.get("/api/me").json()["wallet"] == WALLET_GRANT


def test_a_password_signs_the_same_person_in_from_another_device(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts()) as (_lobby, app):
        ann = Person(app, name="Ann")
        seat = ann.join()
        phone = Person(app)
        refused(phone.post("/api/signin", {"name": "Ann", "password": "anything"}), 401,
                "wrong name or password")  # no password yet: no other device
        assert ann.client.get("/api/me").json()["password"] is False
        ann.ok("/api/me/password", {"password": "seven tiles"})
        assert ann.client.get("/api/me").json()["password"] is True  # at once
        refused(ann.post("/api/me/password", {"password": "new words!", "old": "wrong!!!"}),
                403, "current password is wrong")
        before = entry_count(tmp_path / "web.sqlite3")
        refused(phone.post("/api/signin", {"name": "ann", "password": "seven tile"}), 401,
                "wrong name or password")
        assert phone.client.cookies.get(COOKIE) is None
        assert phone.ok("/api/signin", {"name": " ANN ", "password": "seven tiles"})["name"] == "Ann"
        assert phone.client.get("/api/me").json()["id"] == ann.client.get("/api/me").json()["id"]
        assert phone.ok("join", {})["seat"] == seat  # the same person, the same seat
        assert entry_count(tmp_path / "web.sqlite3") == before
        old = phone.client.cookies.get(COOKIE)
        phone.ok("/api/signout", {})
        assert phone.client.get("/api/me").json() == {"signed_in": False}
        refused(phone.client.get("/api/me", headers={"x-paigow-token": old or ""}), 401,
                "unknown")
        assert ann.state()["you"]["seat"] == seat  # Ann's own browser is still signed in


def test_forged_expired_and_other_peoples_sign_ins_change_nothing(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        ann, carl = Person(app, name="Ann"), Person(app, name="Carl")
        ann.join()
        play_round([ann])
        carl.join()
        carl.ok("leave")
        rid = ann.client.get("/api/tables/1/history").json()["rounds"][0]["round"]
        ann.awaiting("bet")
        before = (Person(app).state()["seats"], entry_count(db))
        # Carl sat at the table, but not in that round: it is not his to read
        refused(carl.client.get(f"/api/tables/1/rounds/{rid}"), 403, "not one you played")
        refused(carl.client.get(f"/api/rounds/{rid}/record"), 403, "not one you played")
        forged = Person(app)
        forged.client.cookies.set(COOKIE, "x" * 43)
        refused(forged.post("bet", {"amount": "10"}), 401, "unknown")
        refused(forged.post("join", {"name": "Eve"}), 401, "unknown")
        refused(forged.client.get(f"/api/rounds/{rid}"), 401, "unknown")
        # a forged sign-in watches as a visitor, and its page is told why
        with forged.client.websocket_connect("/ws/tables/1") as ws:
            view = ws.receive_json()["state"]
            assert view["you"] is None and "unknown" in view["me"]["problem"]["text"]
        accounts = lobby.accounts
        real = accounts.clock
        accounts.clock = lambda: real() + 401 * 86_400  # Ann's sign-in has expired
        refused(ann.post("bet", {"amount": "10"}), 401, "expired")
        accounts.clock = real
        refused(ann.post("bet", {"amount": "10"}), 401, "unknown")  # and was forgotten
        assert (Person(app).state()["seats"], entry_count(db)) == before


def test_a_round_sat_out_is_not_one_of_your_rounds(tmp_path: Path, backend: str) -> None:  # noqa: F811
    """History and the "rounds played" of the You page list the rounds a person played:
    one they sat out at their seat (no bet, nothing of theirs moved) is not among them (on
    both ledgers: the query is SQL)."""
    with serving(tmp_path, tiles_opts(), db=backend) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join()
        bob.join()
        played = play_round([ann, bob])["last"]["round"]
        first = ann.awaiting("bet")["rounds_played"]
        bob.awaiting("bet")
        ann.ok("bet", {"sit": True})  # Ann sits this one out; Bob plays it
        bob.ok("bet", {"amount": "10"})
        refuse_bank_until_set([bob])
        bob.ok("set", {"house": True})
        sat = ann.wait(lambda s: s["rounds_played"] == first + 1)["last"]
        assert ann.seat not in {x["seat"] for x in sat["seats"]}
        for p, want in ((ann, [played]), (bob, [sat["round"], played])):
            for path in ("/api/tables/1/history", "/api/history"):
                h = p.client.get(path).json()
                assert [r["round"] for r in h["rounds"]] == want and h["rounds_kept"] == len(want)
            assert p.client.get("/api/me").json()["rounds"] == len(want)


def _round_trip(tmp_path: Path, crash: bool) -> None:
    db = tmp_path / "web.sqlite3"
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        ann.client.get("/api/tables/1/state")
        seat = 2 if ann.seat == 1 else 1
        ann.ok("leave")  # she moves to another seat
        _cashed_out(ann)
        assert ann.ok("join", {"seat": seat})["seat"] == seat
        ann.seat = seat
        for _ in range(2):
            play_round([ann])
        ann.awaiting("bet")
        total = ann.client.get("/api/me").json()["total"]
        rounds = ann.client.get("/api/tables/1/history").json()["rounds"]
        secret = ann.client.cookies.get(COOKIE) or ""
        if crash:  # the server dies: nothing cashes the seat out
            lobby.get("1")._cash_out_everyone = lambda store: None  # type: ignore[method-assign]
    with serving(tmp_path, tiles_opts()) as (lobby, app):
        again = Person(app)
        again.client.cookies.set(COOKIE, secret)
        me = again.client.get("/api/me").json()
        assert me["name"] == "Ann" and me["seats"] == [] and me["wallet"] == total
        s = again.state()
        assert s["seat_back"] == seat and s["me"]["name"] == "Ann" and s["you"] is None
        h = again.client.get("/api/tables/1/history").json()
        assert [r["round"] for r in h["rounds"]] == [r["round"] for r in rounds]
        d = again.client.get(f"/api/tables/1/rounds/{rounds[0]['round']}").json()
        assert d["audit"]["reproduced"] is True and d["fair"]["fair"] is True
        assert again.ok("join", {})["seat"] == seat  # her seat back, from her wallet
        assert again.state()["you"]["balance"] == min(total, BANKROLL)
        store = open_store(str(db))
        try:
            assert store.check() == []
            ended = [s["ended_by"] for s in store.stints(player_id=me["id"])]
        finally:
            store.close()
        assert ended == ["left", "recovered" if crash else "closed", None]


def test_a_clean_restart_gives_chips_history_and_the_seat_back(tmp_path: Path) -> None:
    _round_trip(tmp_path, crash=False)


def test_a_server_that_died_gives_every_chip_back_at_the_next_start(tmp_path: Path) -> None:
    _round_trip(tmp_path, crash=True)


def test_a_new_person_can_take_a_name_once(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(), tiles_opts()) as (_lobby, app):
        Person(app, name="Ann").join()
        refused(Person(app, "2").post("join", {"name": "ann"}), 409, "taken")
        c = TestClient(app)
        refused(c.post("/api/trainer/start", json={"game": "tiles", "drill": "player",
                                                   "name": "ANN"}), 409, "taken")
        assert c.cookies.get(COOKIE) is None
