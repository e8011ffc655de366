"""What surprised two people in an evening at the browser table (issue 24 §1), at the API.

Each test plays the hard part of the evening and checks the rule docs/web.md states:

* a table people opened lives in the ledger: after a restart it is back with its id, name
  and rules, its seats offered back, the round in play called off (said on the page) and
  its rounds numbered on from where they were (§1.1);
* who acts for a seat in a round is decided when the round takes the seat's bet: a person
  who takes a seat after that moment sees nothing of the bot's round as theirs, and the
  reveal and the history say the same; one who leaves and comes back before it plays
  (§1.2);
* "I'm back" while the others still bet seats the person for that round, and it is no
  miss (§1.5);
* the dragon hand its buyer sets has its own time, from the moment they set their own hand
  (§1.7);
* a co-banker sees the bank's hand, as the house way sets it, while hands are set; a
  refusal says "you" (§1.10).

The clock is the test's where a deadline matters, so "past the deadline" is exact and
nothing waits on time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from test_people import IDLE, _clocked, _limits
from webkit import (
    BANKROLL,
    HOSTS,
    Person,
    play_round,
    poker_opts,
    refuse_bank_until_set,
    refused,
    serving,
    tiles_opts,
)

from paigow.errors import PaigowError
from paigow.store import open_store
from paigow.table.session import prepare
from paigow.web.accounts import COOKIE
from paigow.web.app import create_app
from paigow.web.host import HostLimits
from paigow.web.lobby import Lobby


# -- §1.1 a table people opened lives through a restart ---------------------------------------
def _started(db: str) -> tuple[Lobby, Any]:
    """A server's lobby on ledger ``db``: the command line's tiles table and every table
    the ledger keeps (as ``paigow serve`` starts)."""
    lobby = Lobby(db, HostLimits(idle_seconds=None, seats_per_client=7), warm_hints=False)
    opts = tiles_opts()
    lobby.start([(opts, prepare(opts))])
    return lobby, create_app(lobby, HOSTS)


def test_a_table_people_opened_comes_back_after_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "web.sqlite3")
    lobby, app = _started(db)
    try:
        ann = Person(app, name="Ann")
        r = ann.client.post("/api/tables", json={"game": "poker", "name": "Friday EZ",
                                                 "ez": True, "seats": 3})
        assert r.status_code == 201, r.text
        table = ann.table = r.json()["id"]
        seat = ann.join()
        for _ in range(2):
            play_round([ann])
        ann.awaiting("bet")
        wallet = ann.client.get("/api/me").json()["total"]  # before round 3's bet
        ann.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann])  # round 3 is dealt: the restart calls it off
        ids = sorted(lobby.tables)
    finally:
        lobby.close()
    again, app = _started(db)  # the server started again on the same ledger
    try:
        assert sorted(again.tables) == ids  # every table, with its id
        host = again.get(table)
        assert host.name == "Friday EZ" and host.opts.title == "EZ Pai Gow"
        assert host.opts.push == "pai-gow:Q" and host.opts.seats == 3
        assert again.get("1").name == "Tiles table 1"  # the command line's, its id again
        back = Person(app, table=table, name="Ann")
        back.client.cookies.set(COOKIE, ann.client.cookies.get(COOKIE) or "")
        s = back.state()
        # the call-off told in plain words, the seat offered back, every chip back
        assert s["notice"]["text"] == ("The server restarted while round 3 was in play: that round "
                               "was called off and every bet in it returned.")
        assert s["seat_back"] == seat and s["you"] is None
        assert s["round"] == 3 and s["rounds_played"] == 3
        assert back.client.get("/api/me").json()["wallet"] == wallet
        assert back.ok("join", {"seat": seat})["seat"] == seat
        story = play_round([back])["last"]
        assert story["number"] == 4  # numbered on from where it was (3 was called off)
        assert back.state()["notice"] is None  # a round played since: the reveal tells it
        rounds = back.client.get(f"/api/tables/{table}/history").json()["rounds"]
        assert [x["number"] for x in rounds] == [4, 2, 1]
        # a new table takes a new id
        r = back.client.post("/api/tables", json={"game": "tiles"})
        assert int(r.json()["id"]) > max(int(i) for i in ids)
    finally:
        again.close()
    store = open_store(db)
    try:
        assert store.check() == []
        # the table's rounds, over its two sessions, numbered once each: 1, 2, 3 (called
        # off), 4
        sessions = {x["session"] for x in store.sessions() if x["game"] == "poker"}
        assert len(sessions) == 2
        rounds = [(x["number"], x["status"]) for x in store.rounds() if x["session"] in sessions]
        assert rounds == [(1, "settled"), (2, "settled"), (3, "void"), (4, "settled")]
    finally:
        store.close()


def test_a_table_the_command_line_no_longer_opens_is_closed_for_good(tmp_path: Path) -> None:
    db = str(tmp_path / "web.sqlite3")
    lobby = Lobby(db, HostLimits(idle_seconds=None), warm_hints=False)
    both = [tiles_opts(), poker_opts()]
    lobby.start([(o, prepare(o)) for o in both])
    assert [(k, h.name) for k, h in lobby.tables.items()] == [("1", "Tiles table 1"),
                                                              ("2", "Poker table 2")]
    lobby.close()
    lobby = Lobby(db, HostLimits(idle_seconds=None), warm_hints=False)
    lobby.start([(both[1], prepare(both[1]))])  # poker only now
    try:
        assert [(k, h.name) for k, h in lobby.tables.items()] == [("2", "Poker table 2")]
        assert [t["id"] for t in lobby.accounts.store.kept_tables(0)] == ["2"]
    finally:
        lobby.close()


def test_a_second_server_on_the_ledger_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    # two servers on one SQLite ledger would both bring back its kept tables (docs/web.md)
    db = str(tmp_path / "web.sqlite3")
    first, app = _started(db)
    try:
        r = Person(app).client.post("/api/tables", json={"game": "tiles", "name": "Mine"})
        assert r.status_code == 201, r.text
        kept = first.accounts.store.kept_tables(0)
        second = Lobby(db, HostLimits(idle_seconds=None), warm_hints=False)
        try:
            with pytest.raises(PaigowError, match=f"the ledger {db} is served by another"):
                second.start([(tiles_opts(), prepare(tiles_opts()))])
            assert second.tables == {}
        finally:
            second.close()
        assert first.accounts.store.kept_tables(0) == kept
        assert sorted(first.tables) == ["1", r.json()["id"]]
    finally:
        first.close()
    again, _app = _started(db)  # the first stopped: a server starts on the ledger again
    try:
        assert sorted(again.tables) == ["1", r.json()["id"]]
    finally:
        again.close()


# -- §1.2 who acts for a seat is decided at one moment ----------------------------------------
def test_a_seat_taken_after_its_bet_was_taken_is_the_bots_for_that_round(tmp_path: Path) -> None:
    """Bob leaves seat 1 while the betting waits on him: the bot takes his place and bets
    (and banks, holding the option); Bob takes the seat again in the same betting. The
    round is the bot's at seat 1 in every view, the reveal and the ledger's history; Bob
    plays from the next round."""
    with serving(tmp_path, tiles_opts(seats=3, bot_bank="take")) as (_lobby, app):
        bob, ann = Person(app, name="Bob"), Person(app, name="Ann")
        assert (bob.join(), ann.join()) == (1, 2)
        for _ in range(8):  # until the bank option is at Bob's seat
            s = bob.awaiting("bet")
            if s["option"] == bob.seat:
                break
            play_round([bob, ann])
        else:
            raise AssertionError("the bank option never came to seat 1")
        number = s["round"]
        played = [x["number"] for x in bob.client.get("/api/tables/1/history").json()["rounds"]]
        bob.ok("leave")
        ann.wait(lambda st: next(x for x in st["seats"] if x["seat"] == 1)["kind"] == "bot"
                 and next(x for x in st["seats"] if x["seat"] == 1)["status"] == "bet in")
        assert bob.ok("join", {})["seat"] == 1  # the same betting: the bot's bet is in
        s = bob.state()
        you = s["you"]
        assert (you["in_round"], you["bet"], you["bet_in"], you["wager"]) == (False, None, False, None)
        assert you["awaiting"] is None and you["joins_round"] == number + 1
        assert next(x for x in s["seats"] if x["seat"] == 1)["status"] == "joins next round"
        refused(bob.post("bet", {"amount": "10"}), 409, "you play from the next round")
        ann.ok("bet", {"amount": "10"})
        s = ann.awaiting("set")
        assert s["in_play"]["banker"] == {"kind": "player", "seat": 1, "place": 1}  # the bot took it
        assert s["in_play"]["banker_words"]["text"] == "seat 1 banks"  # not "Bob banks"
        mine = bob.state()
        assert mine["in_play"]["banker_words"]["text"] == "seat 1 banks"  # not "you bank"
        assert mine["you"]["hand"] is None and mine["you"]["offer"] is None
        assert mine["you"]["bank_hand"] is None
        ann.ok("set", {"house": True})
        s = ann.wait(lambda st: st["rounds_played"] == number)
        assert s["last"]["banker"]["name"] == "bot"
        assert bob.state()["you"]["story_seat"] is None
        assert ann.state()["you"]["story_seat"] == ann.seat
        # his chips were the wallet's: the bank's result is not his, nor is the round
        s = bob.wait(lambda st: st["you"]["balance"] == BANKROLL and not st["you"]["buying_in"])
        rounds = [x["number"] for x in bob.client.get("/api/tables/1/history").json()["rounds"]]
        assert rounds == played
        # the next round is his
        s = bob.awaiting("bet")
        assert s["you"]["in_round"] is True and s["round"] == number + 1


def test_a_person_who_leaves_and_joins_before_their_bet_is_asked_plays_the_round(
        tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(seats=3)) as (_lobby, app):
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        assert (ann.join(), bob.join()) == (1, 2)
        play_round([ann, bob])
        bob.awaiting("bet")  # the betting waits on Ann, at seat 1, first
        bob.ok("leave")
        assert bob.ok("join", {})["seat"] == 2
        s = bob.awaiting("bet")
        assert s["you"]["in_round"] is True
        story = play_round([ann, bob])["last"]
        assert {x["seat"]: x["name"] for x in story["seats"] if x["seat"] != 3} == {
            1: "Ann", 2: "Bob"}
        assert bob.state()["you"]["story_seat"] == 2


# -- §1.5 "I'm back" while the others still bet -----------------------------------------------
def test_back_while_the_others_still_bet_plays_that_round(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(seats=3),
                 limits=_limits(sit_out_after=1)) as (lobby, app):
        now = _clocked(lobby)
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        assert (ann.join(), bob.join()) == (1, 2)
        ann.awaiting("bet")
        bob.ok("bet", {"amount": "10"})
        now[0] += IDLE + 1  # Ann lets the betting go by: one miss sits her out
        refuse_bank_until_set([bob])
        bob.ok("set", {"house": True})
        s = ann.wait(lambda st: st["you"]["sat_out"] and st["phase"] == "betting")
        number = s["round"]
        assert s["you"]["awaiting"] is None
        assert ann.ok("back") == {"back": 1}  # with the betting still open (Bob's bet to come)
        s = ann.awaiting("bet")
        assert s["round"] == number and s["you"]["in_round"] is True
        ann.ok("bet", {"amount": "10"})
        bob.ok("bet", {"amount": "10"})
        refuse_bank_until_set([ann, bob])
        for p in (ann, bob):
            p.ok("set", {"house": True})
        s = ann.wait(lambda st: st["rounds_played"] == number)
        assert next(x for x in s["last"]["seats"] if x["seat"] == 1)["name"] == "Ann"
        assert s["you"]["misses"] == 0 and not s["you"]["sat_out"]


def test_a_sat_out_seat_holds_up_nobody(tmp_path: Path) -> None:
    """A sat-out person who stays away: the round goes on as soon as the others have bet,
    with no deadline passing (the test's clock never moves)."""
    with serving(tmp_path, tiles_opts(seats=3),
                 limits=_limits(sit_out_after=1)) as (lobby, app):
        now = _clocked(lobby)
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        ann.awaiting("bet")
        bob.ok("bet", {"amount": "10"})
        now[0] += IDLE + 1
        refuse_bank_until_set([bob])
        bob.ok("set", {"house": True})
        ann.wait(lambda st: st["you"]["sat_out"] and st["phase"] == "betting")
        bob.ok("bet", {"amount": "10"})
        refuse_bank_until_set([bob])  # dealt: Ann's seat waited for nothing
        assert next(x for x in ann.state()["seats"] if x["seat"] == 1)["status"] == \
            "sat out (away)"  # no page of hers open


# -- §1.7 the dragon hand's own time ----------------------------------------------------------
def test_the_dragon_hand_has_its_own_time_from_its_buyers_own_hand(tmp_path: Path) -> None:
    """Ann sets her own hand ten seconds before the setting's deadline: the dragon hand
    she bought gets its own full time from then. Bob lets the deadline pass (the house
    way sets his hand); the round then waits on Ann's dragon hand until its own deadline."""
    opts = poker_opts(seats=2, dragon="player")
    with serving(tmp_path, opts, limits=_limits(sit_out_after=0)) as (lobby, app):
        now = _clocked(lobby)
        ann, bob = Person(app, name="Ann"), Person(app, name="Bob")
        ann.join(), bob.join()
        for rnd in (1, 2):
            ann.awaiting("bet"), bob.awaiting("bet")
            ann.ok("bet", {"amount": "10", "dragon": "10"})
            bob.ok("bet", {"amount": "10"})
            refuse_bank_until_set([ann, bob])
            s = ann.state()
            phase_deadline = s["deadline"]
            assert s["in_play"]["dragon"]["seat"] == ann.seat
            now[0] = phase_deadline - 10  # Ann sets her own hand late in the phase
            ann.ok("set", {"house": True})
            s = ann.wait(lambda st: st["you"]["hand"] is not None and st["you"]["hand"]["dragon"])
            own = now[0] + IDLE  # the dragon hand's time runs from here
            assert s["you"]["deadline"] == own > phase_deadline
            assert s["in_play"]["dragon"]["deadline"] == own  # shown to everyone
            now[0] = phase_deadline + 5  # the setting's deadline passes: Bob's hand is set
            bob.wait(lambda st: st["you"]["timed_out"] is not None)  # the house way for him
            if rnd == 1:  # the dragon hand still waits on Ann: she sets it
                s = ann.state()
                assert s["you"]["awaiting"] == "set" and s["you"]["hand"]["dragon"]
                ann.ok("set", {"low": s["you"]["hand"]["house_low"], "dragon": True})
                s = ann.wait(lambda st: st["rounds_played"] == 1)
                assert s["last"]["dragon"]["rule"] == "person"
            else:  # its own deadline passes: the house way sets it, and she is told
                now[0] = own + 1
                s = ann.wait(lambda st: st["rounds_played"] == 2)
                assert s["last"]["dragon"]["rule"] != "person"
                assert "took too long" in s["last"]["dragon"]["note"]


# -- §1.10 a co-banker sees the bank's hand; refusals say "you" -------------------------------
def test_a_co_banker_sees_the_banks_hand_the_house_way_sets(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(seats=3, bot_bank="refuse")) as (_lobby, app):
        people = [Person(app, name="Ann"), Person(app, name="Bob")]
        for p in people:
            p.join()
        cobanker = None
        for _ in range(10):
            for p in people:
                p.awaiting("bet")
                p.ok("bet", {"amount": "10"})
            while cobanker is None:  # every hand dealt, or the bank offered to one of them
                states = {p.name: p.state() for p in people}
                asked = [p for p in people if states[p.name]["you"]["awaiting"] == "bank"]
                if asked:
                    cobanker = asked[0]
                    cobanker.ok("bank", {"decision": "cobank"})
                elif all(x["you"]["awaiting"] == "set" for x in states.values()):
                    break
            if cobanker is not None:
                break
            number = people[0].state()["round"]
            for p in people:
                p.ok("set", {"house": True})
            people[0].wait(lambda st, n=number: st["rounds_played"] == n)
        else:
            raise AssertionError("the bank was never offered to a person")
        other = next(p for p in people if p is not cobanker)
        number = cobanker.state()["round"]
        s = cobanker.wait(lambda st: st["you"]["bank_hand"] is not None)
        shown = s["you"]["bank_hand"]
        assert s["you"]["hand"] is None  # nothing to set: the house way sets the bank's hand
        assert other.state()["you"]["bank_hand"] is None  # the bank's hand is theirs to see
        other.awaiting("set")
        other.ok("set", {"house": True})
        story = cobanker.wait(lambda st: st["rounds_played"] == number)["last"]
        bank = story["bank_hand"]
        assert story["banker"]["kind"] == "cobank" and story["banker"]["seat"] == cobanker.seat
        assert sorted(shown["pieces"]) == sorted(bank["pieces"])
        assert (shown["high"], shown["low"]) == (bank["high"], bank["low"])
        assert shown["high_name"] == bank["high_name"] and shown["low_name"] == bank["low_name"]
        # the rule in words, as the reveal says it (never the way's code line)
        assert shown["rule_text"] == bank["rule_text"], (shown["rule_text"], bank["rule_text"])
        # (a message: its English text, and its parts for the page to say in Chinese)
        assert shown["rule_text"]["text"].startswith("house way rule "), shown["rule_text"]


def test_refusals_of_your_own_actions_say_you(tmp_path: Path) -> None:
    with serving(tmp_path, tiles_opts(max_bet=500_000)) as (_lobby, app):
        ann = Person(app, name="Ann")
        ann.join()
        ann.awaiting("bet")
        refused(ann.post("bet", {"amount": "2000"}), 400,
                "you cannot bet $2,000.00: your seat holds $1,000.00")
        refused(ann.post("bank", {"decision": "take"}), 409, "no bank offer is waiting for you")
        refused(ann.post("set", {"house": True}), 409, "you cannot set a hand now: you have no hand")
        refused(ann.post("hint"), 409, "you have no hand to advise on now")
        refused(ann.post("back"), 409, "you are not sat out")
        ann.ok("bet", {"amount": "10"})
        refused(ann.post("bet", {"amount": "10"}), 409,
                "you cannot bet now: your bet for this round is already in")
        for r in (ann.post("bet", {"amount": "10"}), ann.post("back")):
            assert "seat 1" not in r.json()["error"]


def test_no_two_hint_rows_read_alike(tmp_path: Path) -> None:
    """A hint's rows, as the page words them (both hands' names, and the pieces where two
    rows' names are the same), are all different; a table without commission says so.
    2-1 4-2 4-4 6-6 has two settings whose hands are both named "8 points" and "4 points"
    (the Gee Joon counted as 3 or as 6)."""
    from fractions import Fraction

    from paigow.table.session import make_game
    from paigow.web.hints import Advisor

    game, _ = make_game(tiles_opts())
    for text, rate in (("2-1 4-2 4-4 6-6", Fraction(0)), ("6-6 5-5 3-1 6-4", Fraction(1, 20))):
        # (the second too: two of its settings read "4 points" / "2 points")
        hand = tuple(game.parse_piece(t) for t in text.split())
        hint = Advisor(game, "australian", rate).hint(hand, False)
        assert hint["commission"] == str(rate)
        words = [(r["high_name"], r["low_name"]) + ((r["high_text"], r["low_text"])
                                                    if r["same_words"] else ())
                 for r in hint["rows"]]
        assert len(set(words)) == len(words), words
        names = [(r["high_name"], r["low_name"]) for r in hint["rows"]]
        assert len(set(names)) < len(names), names  # the hand's names do read alike
