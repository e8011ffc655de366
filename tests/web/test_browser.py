"""The browser table in a real browser: Playwright driving Debian's Chromium.

``paigow serve`` runs in a subprocess on a free localhost port. For each game, two people
start from the lobby, join one table (Ann on a desktop, Bob on a 390 x 844 phone), bet,
set their hands by clicking pieces (Ann also by keyboard, and from a row of the exact
hint), and both see the reveal. No page may scroll sideways at 390 px, and no page may
log an error. Screenshots (desktop and phone, each game, the hand and the reveal; the
lobby; the history) go to ``screenshots/`` at the project's root, or to
``$PAIGOW_SCREENSHOTS``.

Skipped (with the reason) when /usr/bin/chromium or the playwright package is missing,
except under ``CI=true``, where that is a failure. Never runs ``playwright install``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("PAIGOW_SCREENSHOTS") or ROOT / "screenshots")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# How long a browser test waits for what it awaits (an element, a click's target, a page):
# long enough for a machine at load 20 on 2 cores, where Chromium, the server and the test
# share a tenth of a core each. A wait ends as soon as its fact holds: only a failure
# waits this long. Every context of the browser tests gets them (:func:`context`).
WAIT_MS = 60_000  # an action's target, an expect()'s condition
LOAD_MS = 120_000  # a page load
BUILD_MS = 3_600_000  # a one-time table the server builds before a poker hint or grade
# (1-2 minutes on a quiet machine; tens of minutes at load 20, two builds at once)


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (required when CI=true)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(tmp: Path, *args: str, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """``paigow serve`` on a free (or the given) localhost port with the ledger in ``tmp``;
    the process and its address, once it answers."""
    port = port or _free_port()
    cmd = [sys.executable, "-m", "paigow.cli.serve", "--seed", "3", "--insecure-seed",
           "--db", str(tmp / "web.sqlite3"), "--host", "127.0.0.1", "--port", str(port), *args]
    with (tmp / "serve.log").open("a") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + LOAD_MS / 1000
    while True:
        try:
            with urllib.request.urlopen(url + "/api/tables", timeout=2) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > end:
            _stop(proc)
            raise AssertionError("paigow serve did not start: " + (tmp / "serve.log").read_text())
        time.sleep(0.2)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    proc, url = _serve(tmp_path_factory.mktemp("serve"), "--seats", "3", "--bankroll", "500",
                       "--idle-seconds", "0")
    try:
        yield url
    finally:
        _stop(proc)


@contextmanager
def serving(tmp: Path, *extra: str) -> Iterator[str]:
    """``paigow serve`` on a free port (people wait forever: ``--idle-seconds 0``); its URL."""
    proc, url = _serve(tmp, "--seats", "3", "--bankroll", "500", "--idle-seconds", "0", *extra)
    try:
        yield url
    finally:
        _stop(proc)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def context(browser: Any, **kw: Any) -> Any:
    """A new browser context (``kw`` as Playwright's ``new_context``) whose actions and
    page loads wait as long as a busy machine needs (:data:`WAIT_MS`, :data:`LOAD_MS`)."""
    ctx = browser.new_context(**kw)
    ctx.set_default_timeout(WAIT_MS)
    ctx.set_default_navigation_timeout(LOAD_MS)
    return ctx


class Page:
    """A person's browser page that fails the test on any script error."""

    def __init__(self, browser: Any, viewport: dict[str, int], name: str) -> None:
        self.ctx = context(browser, viewport=viewport)
        self.name = name
        self.errors: list[str] = []
        self.page = self._watched(self.ctx.new_page())

    def _watched(self, page: Any) -> Any:
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        return page

    def close_tab(self) -> None:
        """Close the tab (the browser keeps its cookies, as a closed tab does)."""
        self.page.close()

    def new_tab(self, url: str) -> None:
        """Open ``url`` in a new tab of the same browser."""
        self.page = self._watched(self.ctx.new_page())
        self.page.goto(url)

    def no_sideways_scroll(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        inner = self.page.evaluate("window.innerWidth")
        assert width <= inner, f"{self.name}: the page is {width} px wide in a {inner} px window"

    def shot(self, name: str, full: bool = True) -> None:
        """A screenshot: the whole page, or (``full=False``) the window as the person sees it."""
        self.page.screenshot(path=str(SHOTS / name), full_page=full)

    def close(self) -> None:
        assert not self.errors, self.errors
        self.ctx.close()


def _until_dealt(p: Page, seconds: float) -> None:
    """Wait until ``p`` is dealt a hand to set, refusing a bank offer on the way."""
    end = time.monotonic() + seconds
    while not p.page.locator("#setter .piece-btn").first.is_visible():
        if p.page.locator("#refuse-button").is_visible():
            p.page.click("#refuse-button")
        assert time.monotonic() < end, f"{p.name} was never dealt a hand"
        time.sleep(0.05)


def _low_positions(page: Any) -> list[int]:
    return sorted(int(x) for x in page.locator(".zone.low .piece-btn").evaluate_all(
        "els => els.map(e => e.dataset.pos)"))


def _join_from_lobby(p: Page, table_name: str, name: str, server: str) -> None:
    from playwright.sync_api import expect

    p.page.goto(server + "/")
    link = p.page.get_by_role("link", name=f"Join or watch {table_name}")
    expect(link).to_be_visible()
    link.click()
    p.page.fill("#join-name", name)
    p.page.click("#join-button")
    expect(p.page.locator("#controls h2")).to_contain_text(name)


@pytest.mark.parametrize(("game", "table"), [("tiles", "Tiles table 1"), ("poker", "Poker table 2")])
def test_two_people_play_a_round_from_the_lobby(server: str, browser: Any, game: str,
                                               table: str) -> None:
    from playwright.sync_api import expect

    ann, bob = Page(browser, DESKTOP, "Ann (desktop)"), Page(browser, PHONE, "Bob (phone)")
    if game == "tiles":
        ann.page.goto(server + "/")
        expect(ann.page.locator(".table-card")).to_have_count(2)
        ann.shot("lobby-desktop.png")
        bob.page.goto(server + "/")
        expect(bob.page.locator(".table-card")).to_have_count(2)
        bob.no_sideways_scroll()
        bob.shot("lobby-phone.png")
    for p, name in ((ann, f"Ann {game}"), (bob, f"Bob {game}")):  # a name is one person's
        _join_from_lobby(p, table, name, server)
    for p, amount in ((ann, "10"), (bob, "12.50")):
        p.page.locator("#bet-amount").fill(amount)
        p.page.click("#bet-button")
    for p in (ann, bob):  # the bank may be offered on the way: refuse it
        pieces = p.page.locator("#setter .piece-btn")
        end = time.monotonic() + WAIT_MS / 1000
        while not pieces.first.is_visible():
            refuse = p.page.locator("#refuse-button")
            if refuse.is_visible():
                refuse.click()
            assert time.monotonic() < end, f"{p.name} was never dealt a hand"
            time.sleep(0.1)
        expect(p.page.locator(".felt .chung-wrap")).to_have_count(1)  # the Chung is placed
        expect(p.page.locator(".dice .die")).to_have_count(3)
    size = 4 if game == "tiles" else 7
    expect(ann.page.locator("#setter .piece-btn")).to_have_count(size)
    assert ann.page.locator(".story").count() == 0  # nobody's hand is shown before the reveal
    bob.no_sideways_scroll()
    ann.shot(f"{game}-hand-desktop.png")
    bob.shot(f"{game}-hand-phone.png")

    # a long press on a piece (a phone has no hover) shows its name
    first = bob.page.locator("#setter svg.piece").first
    name = first.get_attribute("aria-label")
    first.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    expect(bob.page.locator(".piece-tip")).to_have_text(name)
    first.dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
    if game == "tiles":
        assert name and " " in name  # "6-6 Teen": the notation and the name

    # Ann swaps her first piece with her first low piece by clicking them
    before = _low_positions(ann.page)
    high_first = ann.page.locator(".zone.high .piece-btn").first
    moved = int(high_first.get_attribute("data-pos"))
    high_first.click()
    ann.page.locator(".zone.low .piece-btn").first.click()
    after = _low_positions(ann.page)
    if game == "poker":
        assert moved in after and after != before
    else:  # the table may show the pair as the high hand: the split changed either way
        assert sorted(after) != sorted(before) or moved not in before
    value = ann.page.locator(".arrangement").inner_text()
    assert "·" in value and value.strip()

    # and back again by keyboard: Enter on one piece, then on one in the other hand
    ann.page.locator(".zone.high .piece-btn").first.focus()
    ann.page.keyboard.press("Enter")
    ann.page.locator(".zone.low .piece-btn").last.focus()
    ann.page.keyboard.press("Enter")
    assert ann.page.evaluate("document.activeElement.classList.contains('piece-btn')")

    # the exact hint: one row per distinct setting, one marked best; a row arranges it
    ann.page.click("#hint-button")
    wait = BUILD_MS  # the exact hint: the server may build its one-time table first
    expect(ann.page.locator(".hint-row").first).to_be_visible(timeout=wait)
    assert ann.page.locator(".hint-row.best").count() == 1
    caption = ann.page.locator(".hint-caption").inner_text()
    assert ("20,475" if game == "tiles" else "53,524,680") in caption
    ann.page.locator(".hint-row.best").click()
    assert "· best" in ann.page.locator(".hint-row.best").inner_text()
    if game == "poker" and ann.page.locator("#set-button").is_disabled():
        ann.page.locator(".foul-ok input").check()
    ann.shot(f"{game}-hint-desktop.png")
    bob.page.click("#hint-button")
    expect(bob.page.locator(".hint-row").first).to_be_visible(timeout=wait)
    bob.no_sideways_scroll()
    bob.shot(f"{game}-hint-phone.png")

    ann.page.click("#set-button")
    bob.page.click("#house-button")
    bob.page.click("#set-button")
    for p in (ann, bob):
        expect(p.page.locator(".story")).to_be_visible()
        expect(p.page.locator(".story-seat")).to_have_count(3)
        expect(p.page.locator(".story-seat.mine")).to_have_count(1)
    text = ann.page.locator(".story").inner_text()
    assert "Banker:" in text and "stake" in text and "net" in text
    assert ann.page.locator(".story .mark").count() == 6  # every hand of every seat marked
    bob.no_sideways_scroll()
    ann.shot(f"{game}-reveal-desktop.png")
    bob.shot(f"{game}-reveal-phone.png")

    # the history page, on a phone too
    bob.page.goto(server + f"/tables/{'1' if game == 'tiles' else '2'}/history")
    expect(bob.page.locator(".history-round").first).to_be_visible()
    bob.no_sideways_scroll()
    bob.shot(f"{game}-history-phone.png")
    bob.page.locator(".history-round a").first.click()
    expect(bob.page.locator(".audit.ok")).to_have_count(2)  # dealt again, and the seed fits its commitment
    expect(bob.page.locator(".audit.bad")).to_have_count(0)
    bob.no_sideways_scroll()
    bob.shot(f"{game}-replay-phone.png")
    ann.close()
    bob.close()


def in_view(p: Page, *sels: str) -> None:
    """Every element of ``sels`` inside the window (half a pixel for a heading's margin
    scrolled to the top), once the page has scrolled it there: the boxes are read again
    until they are (a scroll follows the drawing that asked for it), or the wait ends."""
    height = p.page.evaluate("window.innerHeight")

    def outside() -> list[Any]:
        return [(sel, box) for sel in sels
                for box in (e.bounding_box() for e in p.page.locator(sel).all())
                if box is None or box["y"] < -0.5 or box["y"] + box["height"] > height + 0.5]

    end = time.monotonic() + WAIT_MS / 1000
    while (bad := outside()) and time.monotonic() < end:
        time.sleep(0.1)
    assert not bad, (p.name, bad, height)


@pytest.mark.parametrize("game", ["tiles", "poker"])
def test_the_trainer_page_grades_a_hand_set_by_clicking(server: str, browser: Any, game: str) -> None:
    from playwright.sync_api import expect

    for viewport, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        p = Page(browser, viewport, f"trainer ({tag})")
        p.page.goto(server + "/trainer")
        p.page.select_option("#t-game", game)
        p.page.select_option("#t-drill", "dealer")
        p.page.fill("#t-name", f"Tess {game} {tag}")
        p.page.click("#t-start")
        expect(p.page.locator("#setter .piece-btn").first).to_be_visible(timeout=BUILD_MS)
        in_view(p, "#trainer-task h2", "#setter .piece-btn", "#set-button")  # no scrolling
        p.page.locator(".zone.high .piece-btn").first.click()
        p.page.locator(".zone.low .piece-btn").first.click()
        if p.page.locator("#set-button").is_disabled():
            p.page.locator(".foul-ok input").check()
        shown = {w: sorted(p.page.locator(f".zone.{w} .piece-btn").evaluate_all(
            "els => els.map(e => e.dataset.piece)")) for w in ("high", "low")}
        p.page.click("#set-button")
        expect(p.page.locator(".grade")).to_be_visible(timeout=BUILD_MS)
        in_view(p, ".grade .verdict")  # the verdict on screen as it comes
        text = p.page.locator(".grade").inner_text()
        assert "house way" in text and "EV given up" in text
        title = "Australian casino house way" if game == "tiles" else "the house way"
        assert f"{title}, rule " in text  # the rule, by number, the way in words
        # the grade names the setting that was shown: "yours" is the pieces of each zone
        yours = p.page.locator(".grade-line").first
        graded = {w: sorted((yours.get_attribute(f"data-{w}") or "").split()) for w in ("high", "low")}
        assert graded == shown, (graded, shown)
        expect(p.page.locator("#trainer-stats")).to_contain_text(f"Tess {game} {tag}")
        p.no_sideways_scroll()
        p.shot(f"trainer-{game}-{tag}.png")
        p.page.click("#t-next")
        expect(p.page.locator("#trainer-task h2")).to_contain_text("Hand 2", timeout=LOAD_MS)
        expect(p.page.locator("#setter .piece-btn").first).to_be_visible(timeout=LOAD_MS)
        in_view(p, "#setter .piece-btn", "#set-button")  # the next hand, on screen again
        p.close()


def test_a_floor_game_opened_from_the_lobby_form(server: str, browser: Any) -> None:
    """Issue 13 in the browser: the lobby's form opens an EZ Pai Gow table offering the
    Fortune and Queen's Dragon bets and a dragon hand set by its buyer; a person bets on
    all three, sets their hand and then the dragon hand, and the reveal shows the side
    bets and the dragon hand's result."""
    from playwright.sync_api import expect

    ann = Page(browser, DESKTOP, "Ann (desktop)")
    ann.page.goto(server + "/")
    expect(ann.page.locator("#game")).to_be_visible()
    ann.page.select_option("#game", "poker")
    ann.page.fill("#name", "EZ floor")
    ann.page.fill("#seats", "2")
    ann.page.check("#ez")
    ann.page.check("#offer-fortune")
    ann.page.check("#offer-queens-dragon")
    ann.page.select_option("#dragon", "player")
    ann.shot("floor-form-desktop.png")
    ann.page.click("#open-table")
    expect(ann.page.locator("#table-head .rules")).to_contain_text("queen-high pai gow pushes")
    expect(ann.page.locator("#table-head .rules")).to_contain_text("dragon hand")
    ann.page.fill("#join-name", "Flo")
    ann.page.click("#join-button")
    expect(ann.page.locator("#side-fortune")).to_be_visible()
    ann.page.fill("#bet-amount", "10")
    ann.page.fill("#side-fortune", "5")
    ann.page.fill("#side-queens-dragon", "1")
    ann.page.fill("#dragon-amount", "10")
    ann.shot("floor-bet-desktop.png")
    ann.page.click("#bet-button")
    _until_dealt(ann, 120)
    ann.page.click("#house-button")
    ann.page.click("#set-button")
    # then the dragon hand she bought, in the same setter
    expect(ann.page.locator(".dragon-note")).to_be_visible()
    expect(ann.page.locator("#setter h2")).to_contain_text("dragon hand")
    ann.shot("floor-dragon-desktop.png")
    ann.page.click("#house-button")
    ann.page.click("#set-button")
    expect(ann.page.locator(".story")).to_be_visible()
    expect(ann.page.locator(".story-side li")).to_have_count(2)
    expect(ann.page.locator(".story-dragon")).to_contain_text("bought by seat")
    ann.shot("floor-reveal-desktop.png")
    watcher = Page(browser, PHONE, "watcher (phone)")
    watcher.page.goto(ann.page.url)
    expect(watcher.page.locator(".story-side")).to_be_visible()
    watcher.no_sideways_scroll()
    watcher.shot("floor-reveal-phone.png")
    watcher.close()
    ann.close()


# -- people who last (issue 16 §3, §4) ----------------------------------------------------------
IDLE = 60  # seconds a phase of the ``timed`` table waits: what the tests do in a phase fits
# in it on a machine at load 20; where a deadline must pass, the test waits for its effect


@pytest.fixture(scope="module")
def timed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A tiles table whose deadlines pass in a test: a phase waits ``IDLE`` seconds, one
    missed round sits a person out, a person with no page open for 5 s leaves their seat."""
    proc, url = _serve(tmp_path_factory.mktemp("timed"), "--game", "tiles", "--seats", "4",
                       "--idle-seconds", str(IDLE), "--sit-out-after", "1",
                       "--gone-seconds", "5")
    try:
        yield url
    finally:
        _stop(proc)


def join_form(page: Any, name: str, buy_in: str = "") -> int:
    """Join the table ``page`` shows through its form (as ``name``, or as who the page
    knows); the seat. The form is drawn again with each update of the table, and on a
    busy machine a redraw can replace the button between the click's aim and its landing:
    the click is tried again while the page still offers the form and shows no seat."""
    from playwright.sync_api import expect

    head = page.locator("#controls h2")
    end = time.monotonic() + 120  # generous: a fact awaited on a busy machine
    while True:
        if page.locator("#join-name").count():
            page.fill("#join-name", name)
        if buy_in:
            page.fill("#buy-in", buy_in)
        page.click("#join-button")
        try:
            expect(head).to_contain_text(name, timeout=15_000)
            return int(head.inner_text().split()[1])
        except AssertionError:
            assert time.monotonic() < end, f"{name} never took a seat"
            if not page.locator("#join-button").is_visible():  # the join is on its way
                expect(head).to_contain_text(name, timeout=60_000)
                return int(head.inner_text().split()[1])


def _join(p: Page, url: str, name: str, buy_in: str = "") -> int:
    """``p`` joins the first table as ``name``; the seat."""
    p.page.goto(url + "/tables/1")
    return join_form(p.page, name, buy_in)


def _leave(p: Page) -> None:
    from playwright.sync_api import expect

    p.page.click("#leave-button")
    expect(p.page.locator("#join-button")).to_be_visible()


def _seconds(text: str) -> int:
    import re

    m = re.search(r"(\d+) s\b", text)
    assert m, text
    return int(m.group(1))


def one_deadline_counting_down(*countdowns: Any) -> None:
    """The ``countdowns`` (locators of countdowns, on one page or several) show one
    deadline, the server's moment each counts down to, and each counts down: its seconds
    go down as the page ticks. How many seconds are left is never asserted: that depends
    on how fast the machine is, not on the table."""
    at = {c.get_attribute("data-at") for c in countdowns}
    assert len(at) == 1 and None not in at, f"the countdowns count to {at}"
    first = [_seconds(c.inner_text()) for c in countdowns]
    end = time.monotonic() + WAIT_MS / 1000
    while True:
        now = [_seconds(c.inner_text()) for c in countdowns]
        if all(n < f for n, f in zip(now, first, strict=True)):
            return
        assert time.monotonic() < end, f"the countdowns stood at {first}, then {now}"
        time.sleep(0.1)


def _seated(url: str, name: str) -> bool:
    """Whether ``name`` holds a seat at the first table, as anyone reads it (a read that
    is no sign of the person's presence)."""
    import json

    with urllib.request.urlopen(url + "/api/tables/1/state", timeout=60) as r:
        seats = json.load(r)["seats"]
    return any(s["kind"] == "person" and s.get("name") == name for s in seats)


def test_a_person_idle_for_a_round_is_sat_out_and_comes_back(timed: str, browser: Any) -> None:
    from playwright.sync_api import expect

    ann, bob = Page(browser, DESKTOP, "Ann (desktop)"), Page(browser, PHONE, "Bob (phone)")
    _join(ann, timed, "Idle Ann")
    _join(bob, timed, "Busy Bob")
    expect(bob.page.locator("#bet-amount")).to_be_visible()
    expect(ann.page.locator("#bet-amount")).to_be_visible()
    bob.page.fill("#bet-amount", "10")
    bob.page.click("#bet-button")
    # one countdown for the phase, on every seat (the status line); Ann's also at her bet
    for p in (ann, bob):
        expect(p.page.locator("#deadline")).to_contain_text("Bets close in")
    expect(ann.page.locator("#my-deadline")).to_contain_text("You have")
    expect(bob.page.locator("#my-deadline")).to_have_count(0)  # he has bet
    one_deadline_counting_down(ann.page.locator("#my-deadline"), ann.page.locator("#deadline"),
                               bob.page.locator("#deadline"))
    bob.no_sideways_scroll()
    ann.shot("people-countdown-desktop.png")
    bob.shot("people-countdown-phone.png")
    # Ann lets the betting go by (the table waits IDLE seconds for her); Bob plays on
    _until_dealt(bob, 3 * IDLE)
    bob.page.click("#house-button")
    bob.page.click("#set-button")
    expect(bob.page.locator(".story")).to_be_visible()
    # she missed the round: she is sat out (seat and chips kept), the table goes on
    expect(ann.page.locator("#back-button")).to_be_visible(timeout=3 * IDLE * 1000)
    expect(ann.page.locator(".place.you")).to_contain_text("sat out")
    expect(ann.page.locator(".sat-out")).to_contain_text("seat and chips are kept")
    ann.shot("people-sat-out-desktop.png")
    # back: the next betting asks her again
    ann.page.click("#back-button")
    expect(ann.page.locator("#bet-amount")).to_be_visible()
    expect(ann.page.locator("#back-button")).to_have_count(0)
    for p in (ann, bob):
        _leave(p)
        p.close()


def test_a_tab_closed_and_reopened(timed: str, browser: Any) -> None:
    from playwright.sync_api import expect

    cleo = Page(browser, PHONE, "Cleo (phone)")
    seat = _join(cleo, timed, "Cleo")
    chips = cleo.page.locator("#controls .balance").inner_text()
    cleo.close_tab()
    # reopened at once: the same person, still in her seat
    cleo.new_tab(timed + "/tables/1")
    expect(cleo.page.locator("#controls h2")).to_contain_text(f"Seat {seat} · Cleo")
    cleo.close_tab()
    # no page open past --gone-seconds: her seat goes, her chips back to her wallet
    end = time.monotonic() + WAIT_MS / 1000
    while _seated(timed, "Cleo"):
        assert time.monotonic() < end, "Cleo kept her seat with no page open"
        time.sleep(0.2)
    cleo.new_tab(timed + "/tables/1")
    back = cleo.page.locator("#seat-back-button")
    expect(back).to_have_text(f"Take seat {seat} back")
    cleo.no_sideways_scroll()
    cleo.shot("people-seat-back-phone.png")
    back.click()
    expect(cleo.page.locator("#controls h2")).to_contain_text(f"Seat {seat} · Cleo")
    assert cleo.page.locator("#controls .balance").inner_text() == chips
    _leave(cleo)
    cleo.close()


def test_wallet_buy_in_add_chips_and_cash_out(timed: str, browser: Any) -> None:
    from playwright.sync_api import expect

    wes = Page(browser, DESKTOP, "Wes (desktop)")
    _join(wes, timed, "Wes", buy_in="250")
    expect(wes.page.locator("#controls .balance")).to_have_text("Chips $250.00")
    table = wes.page
    wes.page = wes.ctx.new_page()  # the account in another tab; the table stays open
    wes.page.goto(timed + "/account")
    expect(wes.page.locator("#wallet")).to_have_text("$1,750.00")
    expect(wes.page.locator("#wallet-card")).to_contain_text("Tiles table 1")
    wes.shot("people-account-desktop.png")
    account, wes.page = wes.page, table
    wes.page.locator(".add-chips summary").click()
    wes.page.fill("#chips-amount", "50")
    wes.page.click("#chips-button")
    balance = wes.page.locator("#controls .balance")
    expect(balance).to_have_text("Chips $300.00")
    _leave(wes)
    wes.page = account
    wes.page.reload()
    expect(wes.page.locator("#wallet-card")).to_contain_text("You sit at no table")
    total = wes.page.locator("#total").inner_text()
    assert wes.page.locator("#wallet").inner_text() == total  # every chip back in the wallet
    wes.close()


def test_sign_in_from_a_second_browser_with_the_password(timed: str, browser: Any) -> None:
    from playwright.sync_api import expect

    desk = Page(browser, DESKTOP, "Pat (desktop)")
    seat = _join(desk, timed, "Pat")
    desk.page = desk.ctx.new_page()  # the account in another tab; the table stays open
    desk.page.goto(timed + "/account")
    desk.page.fill("#new-password", "tiles at nine")
    desk.page.fill("#new-password-2", "tiles at nine")
    desk.page.click("#password-button")
    expect(desk.page.locator("#password-done")).to_be_visible()
    phone = Page(browser, PHONE, "Pat (phone)")
    phone.page.goto(timed + "/account")
    phone.page.fill("#signin-name", "pat")
    phone.page.fill("#signin-password", "tiles at nine")
    phone.page.click("#signin-button")
    expect(phone.page.locator("#account-title")).to_have_text("You: Pat")
    expect(phone.page.locator("#wallet-card")).to_contain_text("Tiles table 1")
    phone.no_sideways_scroll()
    phone.shot("people-signed-in-phone.png")
    phone.page.goto(timed + "/tables/1")
    expect(phone.page.locator("#controls h2")).to_contain_text(f"Seat {seat} · Pat")
    _leave(phone)
    phone.close()
    desk.close()


def test_the_server_restarted_mid_evening(tmp_path: Path, browser: Any) -> None:
    """The server is killed (SIGKILL) with a round in play; started again on the same
    ledger, it gives Rae back every chip (the open round voided), offers her seat back,
    and her history and replay from before the restart are still hers."""
    from playwright.sync_api import expect

    proc, url = _serve(tmp_path, "--game", "tiles", "--seats", "3", "--idle-seconds", "0")
    port = int(url.rsplit(":", 1)[1])
    rae = Page(browser, DESKTOP, "Rae (desktop)")
    try:
        seat = _join(rae, url, "Rae")
        for n in (1, 2):
            expect(rae.page.locator("#bet-amount")).to_be_visible()
            if n == 2:  # her money, wallet and chips, before the round the kill cuts short
                total = rae.page.request.get(url + "/api/me").json()["total"]
            rae.page.fill("#bet-amount", "10")
            rae.page.click("#bet-button")
            _until_dealt(rae, 120)
            if n == 1:
                rae.page.click("#house-button")
                rae.page.click("#set-button")
                expect(rae.page.locator(".story")).to_be_visible()
        proc.kill()  # mid-round: her $10 is on the table
        proc.wait()
        proc, _ = _serve(tmp_path, "--game", "tiles", "--seats", "3", "--idle-seconds", "0",
                         port=port)
        back = rae.page.locator("#seat-back-button")  # the page reconnects by itself
        expect(back).to_have_text(f"Take seat {seat} back")
        rae.shot("people-restarted-desktop.png")
        me = rae.page.request.get(url + "/api/me").json()
        assert me["seats"] == [] and me["wallet"] == total  # the $10 in play came back
        back.click()
        expect(rae.page.locator("#controls .balance")).to_have_text(
            f"Chips ${min(total, 100_000) // 100:,}.{min(total, 100_000) % 100:02d}")
        rae.page.goto(url + "/tables/1/history")
        expect(rae.page.locator(".history-round")).to_have_count(1)
        rae.page.locator(".history-round a").first.click()
        expect(rae.page.locator(".audit.ok")).to_have_count(2)
        rae.page.goto(url + "/account")
        expect(rae.page.locator("#wallet-card")).to_contain_text("1 round played")
        # the page's own reconnection attempts while the server was down are no errors
        rae.errors = [e for e in rae.errors if "ERR_CONNECTION_REFUSED" not in e]
        rae.close()
    finally:
        _stop(proc)


# Drops the next patch on its way to the page's socket handler once the test arms it (as a
# frame lost by a proxy or a bug would be); the socket's earlier frames reach the page.
_LOSE_A_PATCH_WHEN_ARMED = """
(() => {
  const Real = window.WebSocket;
  window.__dropNext = false;
  window.__lostSeq = 0;
  window.WebSocket = class extends Real {
    addEventListener(type, fn, opts) {
      if (type !== "message") return super.addEventListener(type, fn, opts);
      return super.addEventListener(type, (ev) => {
        let msg = null;
        try { msg = JSON.parse(ev.data); } catch (e) { /* not ours */ }
        if (msg && msg.type === "patch" && window.__dropNext) {
          window.__dropNext = false;
          window.__lostSeq = msg.seq;
          return;
        }
        fn(ev);
      }, opts);
    }
  };
})();
"""


def test_a_lost_patch_makes_the_page_ask_for_the_whole_view(tmp_path: Path,
                                                            browser: Any) -> None:
    """The table's socket sends the whole view, then numbered patches (docs/web.md, The
    API): when one never reaches the page (one of those telling Bob sat down), the next
    one's number shows the gap, the page sends ``resync`` once, shows the table from the
    whole view it is sent, and plays on."""
    from playwright.sync_api import expect

    with serving(tmp_path, "--game", "tiles") as url:
        ann = Page(browser, DESKTOP, "Ann (desktop)")
        ann.ctx.add_init_script(_LOSE_A_PATCH_WHEN_ARMED)
        sent: list[str] = []
        ann.page.on("websocket", lambda ws: ws.on(
            "framesent", lambda payload: sent.append(str(payload))))
        _join(ann, url, "Ann")
        expect(ann.page.locator("#bet-amount")).to_be_visible()
        assert not any('"resync"' in s for s in sent), sent
        ann.page.evaluate("window.__dropNext = true")
        bob = Page(browser, PHONE, "Bob (phone)")
        _join(bob, url, "Bob")  # a patch telling Ann's page of him is lost
        ann.page.wait_for_function("window.__lostSeq > 0")
        expect(bob.page.locator("#bet-amount")).to_be_visible()
        bob.page.fill("#bet-amount", "10")
        bob.page.click("#bet-button")  # a patch after the lost one, at the latest
        end = time.monotonic() + WAIT_MS / 1000
        while not any('"resync"' in s for s in sent):
            assert time.monotonic() < end, "the page never asked for the whole view"
            time.sleep(0.05)
        expect(ann.page.locator(".place", has_text="Bob")).to_have_count(1)
        assert sum('"resync"' in s for s in sent) == 1, sent
        ann.page.fill("#bet-amount", "10")
        ann.page.click("#bet-button")
        for p in (ann, bob):
            _until_dealt(p, 120)
            p.page.click("#house-button")
            p.page.click("#set-button")
        for p in (ann, bob):
            expect(p.page.locator(".story")).to_be_visible()
        assert sum('"resync"' in s for s in sent) == 1, sent  # one gap, one resync
        for p in (ann, bob):
            _leave(p)
            p.close()
