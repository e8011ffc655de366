"""The hard parts of an evening that surprised two people (issue 24 §1), in Chromium.

Playwright drives Debian's Chromium against ``paigow serve`` in a subprocess, as
tests/web/test_browser.py does (its helpers and its ``browser`` fixture). Each test plays
one hard part and fails if the surprise comes back:

* a table people opened, the server killed with a round in play and started again: the
  pages stop showing the dealt hand and its countdown while the server is away, then show
  the same table (id, name, rules), the call-off in words and the seat offered back, and
  the rounds go on numbered from where they were; a table that is not there is an HTML
  page with the way back to the lobby (§1.1);
* a seat taken again while the bot's bet for it is in: nothing of the bot's round (its
  bet, its bank) is shown as the person's, on their page or the other person's (§1.2);
* a double tap of Bet and of Take the bank: no error stays behind (§1.3); the replay of a
  round a person or a bot banked shows no stray "null" (§1.9);
* EZ and Commission-Free in the open-a-table form: one or the other (§1.4);
* "I'm back" with betting time left: the person plays that round (§1.5);
* the dragon hand: its buyer told before the deal that they set two hands, each hand with
  its own deadline, shown (§1.7).
* a press on Join held while the table moves on: the page is not drawn again under the
  finger, and the lift seats the person.

No test asserts a duration: each waits for what the page shows, with generous timeouts.
Screenshots go to ``screenshots/`` (``surprise-*``).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from test_browser import (  # noqa: F401 - the browser fixture is used by name
    DESKTOP,
    PHONE,
    Page,
    _serve,
    _stop,
    _until_dealt,
    browser,
    join_form,
)

IDLE = "600"  # seconds a phase waits where a deadline is shown and none must pass: nobody
# is late however busy the machine
BACK_IDLE = 90  # the "I'm back" table's: Ann's betting deadline passes (the test waits it
# out once); round 2's betting, Ann back and both bets, fit in it at load 20


def _api(p: Page, url: str, path: str, body: Any = None) -> Any:
    """The API as ``p``'s browser calls it (its cookie; a POST with the page's Origin)."""
    if body is None:
        return p.page.request.get(url + path).json()
    r = p.page.request.post(url + path, data=json.dumps(body),
                            headers={"content-type": "application/json", "origin": url})
    return r.json()


def _state(p: Page, url: str, table: str) -> dict[str, Any]:
    state: dict[str, Any] = _api(p, url, f"/api/tables/{table}/state")
    return state


def _wait(what: str, pred: Any, timeout: float = 120) -> Any:
    end = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(0.1)


def _all_dealt(*pages: Page, timeout: float = 120) -> None:
    """Wait until every page of ``pages`` has a hand to set, a bank offer on any of them
    refused on the way (the table waits on it)."""
    end = time.monotonic() + timeout
    while not all(p.page.locator("#setter .piece-btn").first.is_visible() for p in pages):
        for p in pages:
            if p.page.locator("#refuse-button").is_visible():
                p.page.click("#refuse-button")
        assert time.monotonic() < end, "never dealt: " + ", ".join(p.name for p in pages)
        time.sleep(0.05)


def _join_here(p: Page, name: str) -> int:
    """``p`` joins the table its page shows (as ``name``, or as who it is); the seat."""
    return join_form(p.page, name)


def _bet(p: Page, amount: str = "10") -> None:
    from playwright.sync_api import expect

    expect(p.page.locator("#bet-amount")).to_be_visible(timeout=120_000)
    p.page.fill("#bet-amount", amount)
    p.page.click("#bet-button")


def _set_house(p: Page) -> None:
    p.page.click("#house-button")
    if p.page.locator("#set-button").is_disabled():  # a fouled house way cannot be: safety
        p.page.locator(".foul-ok input").check()
    p.page.click("#set-button")


def _round_played(p: Page, number: int) -> None:
    from playwright.sync_api import expect

    expect(p.page.locator(".story h3")).to_have_text(f"Round {number}: the reveal",
                                                     timeout=120_000)


def _play_round(pages: tuple[Page, ...], number: int) -> None:
    """Everyone of ``pages`` bets, sets the house way's setting, and sees round
    ``number``'s reveal (a bank offer on the way refused)."""
    for p in pages:
        _bet(p)
    _all_dealt(*pages)
    for p in pages:
        _set_house(p)
    for p in pages:
        _round_played(p, number)


def _no_error_shown(p: Page) -> None:
    """No error on the page: none at a control, none in the box at the top."""
    assert p.page.locator(".local-error:visible").count() == 0, \
        p.page.locator(".local-error").all_inner_texts()
    assert p.page.locator("#error:visible").count() == 0, p.page.locator("#error").inner_text()


def _offline_errors(p: Page) -> None:
    """The page's own reconnection attempts while the server was down, and a page that
    is not there (404), are no script errors."""
    p.errors = [e for e in p.errors if "ERR_CONNECTION_REFUSED" not in e
                and "404 (Not Found)" not in e]


# -- §1.1 -------------------------------------------------------------------------------------
def test_a_table_people_opened_is_back_after_the_server_is_killed(tmp_path: Path,
                                                                   browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    args = ("--game", "tiles", "--seats", "3", "--idle-seconds", IDLE)
    proc, url = _serve(tmp_path, *args)
    port = int(url.rsplit(":", 1)[1])
    ann, bob = Page(browser, DESKTOP, "Ann (desktop)"), Page(browser, PHONE, "Bob (phone)")
    try:
        ann.page.goto(url + "/")
        ann.page.select_option("#game", "poker")
        ann.page.fill("#name", "Friday EZ")
        ann.page.fill("#seats", "3")
        ann.page.check("#ez")
        ann.page.click("#open-table")
        expect(ann.page.locator("#table-head h1")).to_have_text("Friday EZ")
        table_url = ann.page.url
        table = table_url.rsplit("/", 1)[1]
        seats = {"Ann": _join_here(ann, "Ann")}
        bob.page.goto(table_url)
        seats["Bob"] = _join_here(bob, "Bob")
        _play_round((ann, bob), 1)
        for p in (ann, bob):  # (round 1 paid out: what each has, before round 2's bets)
            expect(p.page.locator("#bet-amount")).to_be_visible(timeout=120_000)
        totals = {p.name: _api(p, url, "/api/me")["total"] for p in (ann, bob)}
        for p in (ann, bob):  # round 2: both bet and are dealt, the countdown running
            _bet(p)
        _all_dealt(ann, bob)
        for p in (ann, bob):
            expect(p.page.locator("#my-deadline")).to_be_visible()
        proc.kill()  # mid-round
        proc.wait()
        for p in (ann, bob):  # the pages know: no hand to set, no countdown ticking
            expect(p.page.locator("#offline-note")).to_be_visible(timeout=60_000)
            expect(p.page.locator("#setter")).to_be_hidden()
            assert p.page.locator(".countdown:visible").count() == 0
        bob.no_sideways_scroll()
        ann.shot("surprise-offline-desktop.png", full=False)
        bob.shot("surprise-offline-phone.png", full=False)
        proc, _ = _serve(tmp_path, *args, port=port)
        for p in (ann, bob):  # each page reconnects by itself: the same table, told
            name = p.name.split()[0]
            notice = p.page.locator("#table-notice")
            expect(notice).to_have_text("The server restarted while round 2 was in play: that "
                                        "round was called off and every bet in it returned.",
                                        timeout=120_000)
            expect(p.page.locator("#offline-note")).to_have_count(0)
            expect(p.page.locator("#table-head h1")).to_have_text("Friday EZ")
            expect(p.page.locator("#table-head .rules")).to_contain_text(
                "queen-high pai gow pushes")
            back = p.page.locator("#seat-back-button")
            expect(back).to_have_text(f"Take seat {seats[name]} back")
            assert p.page.locator("#setter").is_hidden()
            mine = _api(p, url, "/api/me")
            assert mine["seats"] == [] and mine["wallet"] == totals[p.name]  # every chip back
        bob.no_sideways_scroll()
        ann.shot("surprise-restarted-desktop.png", full=False)
        bob.shot("surprise-restarted-phone.png", full=False)
        for p in (ann, bob):
            p.page.click("#seat-back-button")
            expect(p.page.locator("#controls h2")).to_contain_text(p.name.split()[0])
        _play_round((ann, bob), 3)  # numbered on: round 2 was called off
        for p in (ann, bob):
            expect(p.page.locator("#table-notice")).to_have_count(0)
        # a table that is not there: an HTML page, with the way back to the lobby
        for p in (ann, bob):
            resp = p.page.goto(url + "/tables/99")
            assert resp is not None and resp.status == 404
            expect(p.page.locator("#missing-why")).to_have_text("There is no table '99' here.")
            assert "{" not in p.page.locator("main").inner_text()
            p.no_sideways_scroll()
        ann.shot("surprise-missing-desktop.png", full=False)
        bob.shot("surprise-missing-phone.png", full=False)
        bob.page.click("#to-lobby")
        expect(bob.page.get_by_role("link", name="Join or watch Friday EZ")).to_be_visible()
        assert bob.page.url == url + "/"
        assert table == _api(bob, url, "/api/tables")["tables"][-1]["id"]
        for p in (ann, bob):
            _offline_errors(p)
            p.close()
    finally:
        _stop(proc)


# -- §1.2 -------------------------------------------------------------------------------------
def test_a_seat_taken_again_while_the_bots_bet_is_in(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    """Bob (seat 1) leaves while the betting waits on him, the round the bank option is
    his seat's: the bot bets and takes the bank; Bob joins again in the same betting. His
    page says he plays from the next round and shows nothing of the bot's round as his;
    Ann's page and both reveals name the bot."""
    from playwright.sync_api import expect

    proc, url = _serve(tmp_path, "--game", "tiles", "--seats", "2", "--idle-seconds", "0",
                       "--bot-bank", "take")
    bob, ann = Page(browser, PHONE, "Bob (phone)"), Page(browser, DESKTOP, "Ann (desktop)")
    try:
        for p, name in ((bob, "Bob"), (ann, "Ann")):
            p.page.goto(url + "/tables/1")
            _join_here(p, name)
        for _ in range(6):  # rounds until the option is at Bob's seat as the betting opens
            _wait("a betting", lambda: _state(ann, url, "1")["phase"] == "betting")
            s = _state(bob, url, "1")
            if s["option"] == 1 and s["round"] > 1:
                break
            _play_round((bob, ann), s["round"])
        else:
            raise AssertionError("the bank option never came to seat 1")
        number = s["round"]
        expect(bob.page.locator("#bet-amount")).to_be_visible()
        bob.page.click("#leave-button")  # the betting waits on him: the bot bets instead
        expect(bob.page.locator("#join-button")).to_be_visible()
        seat1 = ann.page.locator(".place").filter(has=ann.page.locator(".seat-no", has_text="1"))
        expect(seat1).to_contain_text("bot")
        expect(seat1).to_contain_text("bet in")
        bob.page.click("#join-button")  # the same betting: seat 1 again
        expect(bob.page.locator("#controls h2")).to_contain_text("Seat 1 · Bob", timeout=60_000)
        expect(bob.page.locator("#controls .next-round")).to_have_text("You play from the next round.")
        expect(seat1).to_contain_text("joins next round")
        _bet(ann)
        expect(ann.page.locator(".banker-line")).to_contain_text("seat 1 banks")  # the bot
        _until_dealt(ann, 120)
        for p in (ann, bob):
            expect(p.page.locator(".banker-line")).to_contain_text("seat 1 banks")
        mine = bob.page.locator("#controls").inner_text()
        assert "Your bet of" not in mine and "You bank" not in mine and "co-bank" not in mine
        assert bob.page.locator("#bet-amount").count() == 0
        assert bob.page.locator("#setter").is_hidden()  # no hand is his this round
        bob.no_sideways_scroll()
        bob.shot("surprise-seat-again-phone.png", full=False)
        ann.shot("surprise-seat-again-desktop.png", full=False)
        _set_house(ann)
        for p in (ann, bob):
            _round_played(p, number)
            expect(p.page.locator(".story-banker h4")).to_have_text("Banker: seat 1 · bot")
        assert bob.page.locator(".story .mine").count() == 0  # no row of that round is his
        expect(ann.page.locator(".story-seat.mine")).to_have_count(1)
        bob.shot("surprise-seat-again-reveal-phone.png")
        # the next round is his, with his own chips
        expect(bob.page.locator("#bet-amount")).to_be_visible(timeout=120_000)
        expect(bob.page.locator("#controls .balance")).to_have_text("Chips $1,000.00")
        rounds = _api(bob, url, "/api/tables/1/history")["rounds"]
        assert number not in [x["number"] for x in rounds]
        for p in (ann, bob):
            p.close()
    finally:
        _stop(proc)


# -- §1.3 and §1.9 ----------------------------------------------------------------------------
_TWICE = "(sel) => { const b = document.querySelector(sel); b.click(); b.click(); }"


def test_a_double_tap_leaves_no_error_behind(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    """Ann taps Bet twice, and later Take the bank twice (both taps land before the page
    redraws): no error is left on her page once the table moves on. The replays of the
    rounds a bot and Ann banked show no stray "null"."""
    from playwright.sync_api import expect

    proc, url = _serve(tmp_path, "--game", "tiles", "--seats", "2", "--idle-seconds", "0",
                       "--bot-bank", "take")
    ann = Page(browser, PHONE, "Ann (phone)")
    try:
        ann.page.goto(url + "/tables/1")
        assert _join_here(ann, "Ann") == 1
        banked = None
        for _ in range(6):
            expect(ann.page.locator("#bet-amount")).to_be_visible(timeout=120_000)
            number = _state(ann, url, "1")["round"]
            ann.page.fill("#bet-amount", "10")
            ann.page.evaluate(_TWICE, "#bet-button")
            while not ann.page.locator("#setter .piece-btn").first.is_visible():
                if ann.page.locator("#take-button").is_visible():
                    ann.page.evaluate(_TWICE, "#take-button")
                    banked = number
                time.sleep(0.05)
            _no_error_shown(ann)  # the table moved on: the hand is dealt
            if banked == number:
                expect(ann.page.locator("#setter h2")).to_contain_text("you bank")
                ann.shot("surprise-double-tap-bank-phone.png", full=False)
            _set_house(ann)
            _round_played(ann, number)
            _no_error_shown(ann)
            if banked is not None:
                break
        else:
            raise AssertionError("the bank was never offered to Ann")
        stories = _api(ann, url, "/api/tables/1/history")["rounds"]
        kinds = {x["banker"]["kind"] for x in stories}
        assert "player" in kinds, kinds  # Ann banked; the bot before her, when it took it
        for story in stories:
            ann.page.goto(url + f"/tables/1/rounds/{story['round']}")
            expect(ann.page.locator(".story")).to_be_visible()
            text = ann.page.locator("main").inner_text()
            assert not re.search(r"\bnull\b|\bundefined\b", text), (story["number"], text)
        ann.shot("surprise-replay-banked-phone.png")
        ann.close()
    finally:
        _stop(proc)


# -- §1.4 -------------------------------------------------------------------------------------
def test_ez_and_commission_free_are_one_game_or_the_other(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    proc, url = _serve(tmp_path, "--game", "tiles", "--idle-seconds", "0")
    ann = Page(browser, DESKTOP, "Ann (desktop)")
    try:
        ann.page.goto(url + "/")
        ann.page.select_option("#game", "poker")
        ann.page.fill("#name", "Friday EZ")
        ann.page.check("#commission_free")
        ann.page.check("#ez")  # the other one: Commission-Free is unticked, EZ's rules shown
        expect(ann.page.locator("#commission_free")).not_to_be_checked()
        expect(ann.page.locator("#push")).to_have_value("pai-gow:Q")
        ann.page.check("#commission_free")
        expect(ann.page.locator("#ez")).not_to_be_checked()
        expect(ann.page.locator("#push")).to_have_value("low:9")
        ann.page.check("#ez")
        ann.shot("surprise-ez-form-desktop.png", full=False)
        ann.page.click("#open-table")
        expect(ann.page.locator("#table-head h1")).to_have_text("Friday EZ")
        expect(ann.page.locator("#table-head .rules")).to_contain_text("queen-high pai gow pushes")
        # both asked of the server (as a stale form or a program would): refused, and why
        r = _api(ann, url, "/api/tables", {"game": "poker", "ez": True, "commission_free": True})
        assert "two different games" in r["error"], r
        assert len(_api(ann, url, "/api/tables")["tables"]) == 2
        ann.close()
    finally:
        _stop(proc)


# -- §1.5 -------------------------------------------------------------------------------------
def test_im_back_with_betting_time_left_plays_that_round(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    proc, url = _serve(tmp_path, "--game", "tiles", "--seats", "3",
                       "--idle-seconds", str(BACK_IDLE), "--sit-out-after", "1")
    ann, bob = Page(browser, DESKTOP, "Ann (desktop)"), Page(browser, PHONE, "Bob (phone)")
    try:
        for p, name in ((ann, "Ann"), (bob, "Bob")):
            p.page.goto(url + "/tables/1")
            _join_here(p, name)
        _bet(bob)  # Ann lets the betting go by: one missed round sits her out
        _all_dealt(bob, timeout=3 * BACK_IDLE)
        _set_house(bob)
        expect(ann.page.locator("#back-button")).to_be_visible(timeout=3 * BACK_IDLE * 1000)
        expect(bob.page.locator("#bet-amount")).to_be_visible(timeout=120_000)  # round 2
        s = _state(ann, url, "1")
        assert s["phase"] == "betting" and s["you"]["sat_out"]
        number = s["round"]
        ann.page.click("#back-button")  # Bob has not bet: the betting is open
        expect(ann.page.locator("#bet-amount")).to_be_visible()
        expect(ann.page.locator("#table-head .phase")).to_contain_text(f"Round {number}:")
        ann.shot("surprise-back-desktop.png", full=False)
        _play_round((ann, bob), number)
        expect(ann.page.locator(".story-seat.mine")).to_contain_text("Ann (you)")
        assert "You missed" not in ann.page.locator("#controls").inner_text()
        assert _state(ann, url, "1")["you"]["misses"] == 0
        for p in (ann, bob):
            p.close()
    finally:
        _stop(proc)


# -- §1.7 -------------------------------------------------------------------------------------
def test_the_dragon_hands_buyer_is_told_and_sets_each_hand_in_its_own_time(
        tmp_path: Path, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    proc, url = _serve(tmp_path, "--game", "poker", "--seats", "3", "--idle-seconds", IDLE,
                       "--dragon", "player")
    ann = Page(browser, DESKTOP, "Ann (desktop)")
    try:
        ann.page.goto(url + "/tables/1")
        _join_here(ann, "Ann")
        expect(ann.page.locator("#bet-amount")).to_be_visible(timeout=120_000)
        # told before the deal: the bet form says the dragon hand is hers to set, in its time
        expect(ann.page.locator("label[for=dragon-amount]")).to_contain_text(
            "you then set two hands, your own and the dragon hand, each with its own time")
        ann.page.fill("#bet-amount", "10")
        ann.page.fill("#dragon-amount", "10")
        ann.page.click("#bet-button")
        _until_dealt(ann, 120)
        expect(ann.page.locator("#dragon-told")).to_contain_text("you set two hands")
        expect(ann.page.locator("#setter h2")).to_have_text("Your hand")
        own = float(ann.page.locator("#my-deadline").get_attribute("data-at") or 0)
        ann.shot("surprise-dragon-own-desktop.png", full=False)
        _set_house(ann)
        expect(ann.page.locator("#setter h2")).to_have_text("The dragon hand you bought")
        expect(ann.page.locator("#my-deadline")).to_contain_text("You have")
        dragon = float(ann.page.locator("#my-deadline").get_attribute("data-at") or 0)
        assert dragon > own > 0  # its own deadline, from the moment her own hand was set
        assert float(ann.page.locator("#deadline").get_attribute("data-then") or 0) == dragon
        ann.shot("surprise-dragon-second-desktop.png", full=False)
        _set_house(ann)
        expect(ann.page.locator(".story-dragon")).to_contain_text("bought by seat 1 · Ann",
                                                                  timeout=60_000)
        ann.close()
    finally:
        _stop(proc)


# -- a tap the table's redraw swallowed ------------------------------------------------------
def test_a_press_on_join_survives_the_redraw_of_a_new_phase(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    """Bob watches Ann's table and presses Join (finger down); while he holds it Ann bets
    and his page is sent the table's next phase. Until he lifts his finger the page is not
    drawn again: the button under it is the one he pressed, where it was, and the lift is
    his click: he sits down; then the page shows the phase it was sent. (Drawn again under
    the finger, the button was a new one, pushed down by the dealt hands above it, and the
    tap was lost.)"""
    from playwright.sync_api import expect

    proc, url = _serve(tmp_path, "--game", "tiles", "--seats", "3", "--idle-seconds", "0")
    ann, bob = Page(browser, DESKTOP, "Ann (desktop)"), Page(browser, PHONE, "Bob (phone)")
    try:
        ann.page.goto(url + "/tables/1")
        _join_here(ann, "Ann")
        expect(ann.page.locator("#bet-amount")).to_be_visible(timeout=120_000)
        phases: list[str] = []  # the phase of each view or patch Bob's page is sent

        def frame(payload: str | bytes) -> None:
            msg = json.loads(payload)
            view = msg.get("state") or msg.get("parts") or {}
            if "phase" in view:
                phases.append(view["phase"])

        bob.page.on("websocket", lambda ws: ws.on("framereceived", frame))
        bob.page.goto(url + "/tables/1")
        bob.page.fill("#join-name", "Bob")
        phase = bob.page.locator("#table-head .phase")
        expect(phase).to_contain_text("taking bets")
        before = phase.inner_text()
        button = bob.page.locator("#join-button")
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box is not None
        bob.page.evaluate("document.getElementById('join-button').dataset.pressed = 'yes'")
        bob.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        bob.page.mouse.down()
        sent = len(phases)
        _bet(ann)  # the betting closes: Bob's page is sent the next phase
        end = time.monotonic() + 120  # Playwright hands over the frames while it waits
        while not any(ph != "betting" for ph in phases[sent:]):
            assert time.monotonic() < end, f"Bob's page was never sent a new phase: {phases}"
            bob.page.wait_for_timeout(100)
        # the head still says what it said: the page was not drawn again under the finger
        assert phase.inner_text() == before
        assert bob.page.locator("#join-button[data-pressed='yes']").count() == 1
        assert button.bounding_box() == box  # not pushed away by a region above it
        bob.page.mouse.up()
        expect(bob.page.locator("#controls h2")).to_contain_text("Bob", timeout=60_000)
        expect(phase).not_to_have_text(before)  # the redraws held are drawn after the lift
        for p in (ann, bob):
            p.close()
    finally:
        _stop(proc)
