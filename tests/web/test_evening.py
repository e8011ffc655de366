"""An evening at the browser table (issue 16 §5), in Playwright on Debian's Chromium.

Two people, Ann on a 1280 x 800 desktop and Bob on a 390 x 844 phone (360 x 740 at the
floor table), spend an evening at one ``paigow serve`` whose phases wait ``IDLE`` seconds
(``--idle-seconds``) and which sits a person out after ``SIT_OUT_AFTER`` rounds the table
had to play for them. Each plays ``ROUNDS`` rounds at a tiles table, at a poker table and
at a floor-game table (EZ Pai Gow with the Fortune bet and a dragon hand its buyer sets,
opened from the lobby's form). The bank comes round: Ann takes it when she may, Bob
co-banks when he may. On the way:

* **a tab closed and reopened**: Bob's phone closes the table's tab with his bet in play
  and opens it again: the same seat and chips, the round goes on with him;
* **one person idle**: Bob lets two rounds go by: both pages count the same deadline down
  (Ann's status line, Bob's bet form), the table sits his rounds out for him, his page says
  he missed one, then that he is sat out (his seat "sat out" on Ann's felt, not "away":
  his tab is open), and "I'm back" brings him in again;
* **the server restarted mid-evening** (SIGTERM, as a service manager stops it, and
  started again on the same port and ledger) while both hold a dealt hand at the poker
  table: the round in play is voided, each person's wallet and chips are exactly what they
  were before it, and each page, reconnecting by itself, offers its person their seat back.

At every deal, on both pages, each zone's name is the engine's name for the pieces shown
in it (tiles: :func:`paigow.tiles.hand.hand_value`; poker: ``rank5``/``rank2``), before
and after a swap; the hand, its buttons and the person's own countdown are inside the
window; the felt is unclipped. At every reveal the money each page shows its person (their
bet's net, side bets, the dragon hand, their share of a bank they held, checked against
:func:`paigow.table.bank.cobank_share`) is recorded; pages show no rule's code, no phrase
said twice, no controls run together, and never scroll sideways.

At the end, from the ledger (SQLite, read with this test's own SQL): the evening balances
(nothing left on any table's bets or bank, every settled round moves money only between
seats and the house, every voided round moves nothing), and each person's results round by
round are what their pages showed; their wallet is their play money plus those results, as
their "You" page says. Screenshots: ``evening-*.png`` (docs/web.md lists them).
"""

from __future__ import annotations

import random
import re
import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import (  # noqa: F401 - the browser fixture is used by name
    BUILD_MS,
    DESKTOP,
    LOAD_MS,
    PHONE,
    Page,
    _serve,
    _stop,
    browser,
    join_form,
    one_deadline_counting_down,
)

from paigow.poker.rank import rank2, rank5
from paigow.table.bank import cobank_share
from paigow.tiles.hand import hand_value
from paigow.tiles.tile import parse_tiles

ROUNDS = 10  # rounds each person plays at each table
IDLE = 120  # seconds each phase waits for people (serve --idle-seconds): both act in it,
# checks and screenshots included, on a machine at load 20 (at 12 s they did not); the
# evening waits it out only where Bob lets a deadline pass (two rounds)
ROUND_LIMIT = 4 * IDLE + 600  # seconds a round may take before the evening calls it stuck:
# its deadlines (the betting, the bank offer, the setting, a dragon hand) and the checks
SIT_OUT_AFTER = 2  # serve --sit-out-after
WALLET = 2000_00  # serve --wallet: a new person's play money
ARGS = ("--seats", "3", "--bankroll", "500", "--wallet", "2000", "--idle-seconds", str(IDLE),
        "--sit-out-after", str(SIT_OUT_AFTER), "--gone-seconds", "60")
NEVER_SHOWN = (  # a rule's code, or words the merged pages said wrong
    "pai-gow:", "FILE.toml", "FILE.csv", "house way (", "joker bug", "wheel second",
    "gee joon tiebreak", "gee_joon", "1 hands", "up-to-main", "fortune $", "australian rule",
    "house rule", "Round 0", "(from its rule file)", "You took too long", "Not checked")
HERE = Path(__file__).parent
GEOMETRY = (HERE / "felt_geometry.js").read_text()
LAYOUT = (HERE / "page_layout.js").read_text()
DOUBLED = re.compile(r"\b([A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*){0,3}) \1\b", re.I)
# the server's refusals of an answer the table's deadline has already given for its person
LATE = re.compile(r"cannot bet now|no bank offer is waiting|cannot set (a|a dragon) hand"
                  r"|nothing to come back to")
MONEY = re.compile(r"([+-]?)\$([\d,]+)\.(\d\d)")


def cents(text: str) -> int:
    """The amount in a page's text: ``net +$9.50`` -> 950."""
    m = MONEY.search(text)
    assert m, text
    return (-1 if m.group(1) == "-" else 1) * (int(m.group(2).replace(",", "")) * 100
                                               + int(m.group(3)))


def seconds_in(text: str) -> int:
    m = re.search(r"(\d+) s\b", text)
    assert m, text
    return int(m.group(1))


def engine_name(game: str, pieces: list[str], size: int) -> tuple[str, int]:
    """The engine's name of a hand and a number that orders hands (higher is better)."""
    if game == "tiles":
        v = hand_value(parse_tiles(" ".join(pieces)))
        return v.name, v.code
    r = rank5(" ".join(pieces)) if size == 5 else rank2(" ".join(pieces))
    return r.description, r.key


class Server:
    """The evening's ``paigow serve``; restarted on the same port and ledger."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.db = tmp / "web.sqlite3"
        self.proc, self.url = _serve(tmp, *ARGS)
        self.port = int(self.url.rsplit(":", 1)[1])

    def restart(self) -> None:
        """Stopped as a service manager stops it (SIGTERM), then started again."""
        self.stop()
        self.proc, _ = _serve(self.tmp, *ARGS, port=self.port)

    def running(self) -> Server:
        """This server, started again if the evening stopped it."""
        if self.proc.poll() is not None:
            self.proc, _ = _serve(self.tmp, *ARGS, port=self.port)
        return self

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            assert self.proc.wait(120) == 128 + signal.SIGTERM  # a clean stop, not a crash
        except subprocess.TimeoutExpired:
            _stop(self.proc)
            raise


@pytest.fixture(scope="module")
def evening_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("evening"))
    try:
        yield server
    finally:
        if server.proc.poll() is None:
            _stop(server.proc)


class Person:
    """Someone spending the evening at the tables, with what their pages showed them."""

    def __init__(self, page: Page, name: str) -> None:
        self.p = page
        self.name = name
        self.game = "tiles"
        self.tag = ""
        self.idle = False  # lets the table act for them this round
        self.labels_checked = 0
        self.deals = 0
        self.shares_checked = 0
        self.banked: list[str] = []
        self.nets: dict[int, int] = {}  # round id -> the money their page showed them
        self.played: dict[str, int] = {}  # table -> rounds they had a result in
        self.shots: set[str] = set()
        self.base = ""  # the server's address
        self.late = 0  # answers the phase's deadline beat (a loaded machine): the table acted
        self.late_refused = 0  # of them, those the server refused (409), the click too late
        self.least_left: int | None = None  # the fewest seconds the page showed at an answer

    @property
    def page(self) -> Any:
        return self.p.page

    @property
    def device(self) -> str:
        return "desktop" if self.name == "Ann" else "phone"

    def visible(self, sel: str) -> bool:
        loc = self.page.locator(sel)
        return loc.count() > 0 and loc.first.is_visible()

    def shot(self, what: str, full: bool = True) -> None:
        """``evening-{what}-{desktop|phone}.png``, once."""
        name = f"evening-{what}-{self.device}.png"
        if name not in self.shots:
            self.shots.add(name)
            self.p.shot(name, full)

    def zones(self) -> dict[str, tuple[list[str], str]]:
        out = {}
        for which in ("high", "low"):
            zone = self.page.locator(f"#setter .zone.{which}")
            pieces = zone.locator(".piece-btn").evaluate_all("els => els.map(e => e.dataset.piece)")
            out[which] = (pieces, zone.locator(".zone-value").inner_text().strip())
        return out

    def check_labels(self) -> None:
        z = self.zones()
        (hi, hi_name), (lo, lo_name) = z["high"], z["low"]
        big = 2 if self.game == "tiles" else 5
        assert len(hi) == big and len(lo) == 2, (self.name, z)
        want_hi, code_hi = engine_name(self.game, hi, big)
        want_lo, code_lo = engine_name(self.game, lo, 2)
        assert (hi_name, lo_name) == (want_hi, want_lo), \
            f"{self.name}: the page names {hi} {hi_name!r} / {lo} {lo_name!r}; " \
            f"the engine: {want_hi!r} / {want_lo!r}"
        if self.game == "tiles":
            assert code_hi >= code_lo, (self.name, z)
        # each name said once on the hand (the line under the zones is for screen readers)
        seen = self.page.locator("#setter").evaluate(
            "e => { const c = e.cloneNode(true); c.querySelectorAll('.sr-only, .hint')"
            ".forEach((x) => x.remove()); return c.textContent; }")
        # (the longer name first, taken out before the shorter: "pair of twos" is in "pair
        # of twos, K-9-4 kickers" when four twos are split into two pairs)
        for name in sorted({hi_name, lo_name}, key=len, reverse=True):
            assert seen.count(name) == [hi_name, lo_name].count(name), (self.name, name, seen)
            seen = seen.replace(name, "")
        self.labels_checked += 1

    def check_in_view(self, *sels: str) -> None:
        height = self.page.evaluate("window.innerHeight")
        for sel in sels or ("#setter .piece-btn", "#set-button", "#hint-button", "#house-button",
                            "#my-deadline"):
            for box in (el.bounding_box() for el in self.page.locator(sel).all()):
                if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
                    self.p.shot(f"evening-FAILED-{self.name}.png", full=False)
                    raise AssertionError(f"{self.name}: {sel} at {box} is outside the "
                                         f"{height} px window; the controls now read "
                                         f"{self.page.locator('#controls').inner_text()!r}")

    def check_felt(self) -> None:
        bad = self.page.evaluate(GEOMETRY)
        assert not bad, (self.name, bad)

    def check_page(self) -> None:
        """What any page must be: no rule's code, no phrase twice, no controls run
        together, no sideways scroll."""
        text = self.page.locator("body").inner_text()
        for code in NEVER_SHOWN:  # plain words only (issue 16 §1)
            assert code not in text, f"{self.name} sees {code!r} at {self.page.url}"
        twice = [m.group(0) for m in DOUBLED.finditer(text)]
        assert not twice, f"{self.name} reads {twice} at {self.page.url}"
        bad = self.page.evaluate(LAYOUT)
        if bad:
            self.p.shot(f"evening-FAILED-{self.name}.png", full=False)
        assert not bad, f"{self.name} at {self.page.url}: {bad}"
        self.p.no_sideways_scroll()

    def api(self, url: str) -> Any:
        """A GET of the API with this browser's cookie, as the page's own requests are (once
        more if a connection kept from before the server's restart is found reset, as a
        browser retries a GET)."""
        from playwright.sync_api import Error as PlaywrightError

        full = url if url.startswith("http") else self.base + url
        try:
            r = self.page.request.get(full)
        except PlaywrightError as exc:
            if "ECONNRESET" not in str(exc):
                raise
            r = self.page.request.get(full)
        assert r.ok, r.text()
        return r.json()


def answer(me: Person, sel: str) -> bool:
    """Click ``sel``, an answer the phase's deadline may have taken away meanwhile (the
    deadline is long enough for the checks before it, but a person can be late): then the
    table has acted for ``me``, as it does for anyone late, and the evening goes on. The
    seconds the page shows left at the click are recorded (the evening prints the fewest)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    shown = me.page.evaluate("() => { const e = document.getElementById('my-deadline');"
                             " return e ? e.textContent : null; }")
    if shown and re.search(r"\d+ s\b", shown):
        left = seconds_in(shown)
        me.least_left = left if me.least_left is None else min(me.least_left, left)
    try:
        with me.page.expect_response(lambda r: r.request.method == "POST"
                                     and "/api/" in r.url, timeout=90_000) as sent:
            me.page.click(sel, timeout=30_000)
        r = sent.value
    except PlaywrightTimeout:
        if me.visible(sel):
            raise
        me.late += 1  # the control was gone before the click: the table had acted
        return False
    if r.status == 409 and LATE.search(r.text()):  # the click came after the deadline
        me.late += 1
        me.late_refused += 1  # the page logs the refusal's 409 (dropped at the end)
        return False
    return True


def story_round(me: Person) -> int | None:
    """The round id of the reveal ``me``'s page shows, if any."""
    loc = me.page.locator(".story[data-round]")
    return int(loc.first.get_attribute("data-round")) if loc.count() else None


def act(me: Person, done: set[str], rng: random.Random, set_hands: bool = True,
        bets: bool = True) -> None:
    """Whatever the page asks of ``me`` now: come back, bet (unless ``bets`` is false),
    answer the bank, set a hand."""
    page = me.page
    if me.idle:
        return
    if me.visible("#back-button"):
        answer(me, "#back-button")
        done.add("back")
        return
    if bets and me.visible("#bet-amount") and "bet" not in done:
        me.check_in_view("#my-deadline", "#bet-amount", "#bet-button")  # asked: in view
        page.fill("#bet-amount", "10")
        if me.visible("#side-fortune"):
            page.fill("#side-fortune", "5")
        if me.visible("#dragon-amount") and me.name == "Ann":
            page.fill("#dragon-amount", "5")
        answer(me, "#bet-button")
        done.add("bet")
        return
    if me.visible("#refuse-button"):
        me.check_in_view("#my-deadline", "#refuse-button")
        choice = "#take-button" if me.name == "Ann" else "#cobank-button"
        me.shot(f"{me.tag}-bank-offer", full=False)
        if me.visible(choice):
            if answer(me, choice):
                me.banked.append("take" if me.name == "Ann" else "cobank")
        else:
            answer(me, "#refuse-button")
        return
    if set_hands and me.visible("#setter .piece-btn") and me.visible("#set-button"):
        key = "set-dragon" if me.visible(".dragon-note") else "set"
        if key in done:
            return
        page.wait_for_timeout(50)
        assert page.locator("#setter .foul").count() == 0, "a hand opened on a foul"
        if me.device == "desktop":  # the hand to set is first in the side panel: at 1280 x 800
            # it fits under the head (a hint's rows aside), so the page shows it from the top
            fits = page.evaluate("document.querySelector('.table-grid').getBoundingClientRect()"
                                 ".top + scrollY + document.querySelector('#setter')"
                                 ".offsetHeight <= innerHeight")
            assert fits and page.evaluate("window.scrollY") == 0, "the desktop page scrolled"
        me.check_in_view()
        me.check_labels()
        me.check_felt()
        mine = page.locator("#my-deadline").inner_text()  # their own countdown, at the hand
        assert "the house way sets it" in mine and seconds_in(mine) >= 0, mine
        if me.game == "poker" and me.name == "Bob":  # the phone: five cards on one row
            rows = {round(b["y"]) for b in (e.bounding_box() for e in
                                            page.locator(".zone.high .piece-btn").all()) if b}
            assert len(rows) == 1, f"the five-card hand takes {len(rows)} rows"
        me.deals += 1
        me.shot(f"{me.tag}-deal", full=False)
        # swap one piece of each hand by clicking them, and check the names again
        page.locator(".zone.high .piece-btn").nth(rng.randrange(2)).click()
        page.locator(".zone.low .piece-btn").nth(rng.randrange(2)).click()
        me.check_labels()
        if me.game == "tiles" and me.name == "Ann" and me.deals == 1:
            # the exact hint (tiles: at once): its best row in the viewport too
            page.click("#hint-button")
            best = page.locator(".hint-row.best")
            best.wait_for(timeout=BUILD_MS)
            box = best.bounding_box()
            assert box is not None and box["y"] >= 0 \
                and box["y"] + box["height"] <= page.evaluate("window.innerHeight") + 0.5, box
        if page.locator("#set-button").is_disabled():
            page.locator(".foul-ok input").check()
        line = page.locator(".banker-line").inner_text()
        if page.locator(".bank-note").count():
            assert "you bank" in line or "you co-bank" in line, line
        answer(me, "#set-button")
        done.add(key)


def shown_net(me: Person) -> int | None:
    """The money the reveal shows ``me`` as theirs (their bet's and dragon hand's nets,
    their side bets, their share of the bank), or None when nothing was theirs."""
    story = me.page.locator(".story")
    texts = (story.locator(".story-seat.mine .money-line strong").all_inner_texts()
             + story.locator(".story-side li.mine > strong").all_inner_texts()
             + story.locator(".bank-share > strong:last-child").all_inner_texts())
    return sum(cents(t) for t in texts) if texts else None


def state_net(state: dict[str, Any]) -> int | None:
    """The same from the person's view (the JSON the page draws from)."""
    last, seat = state["last"], state["you"]["seat"]
    parts = [s["net"] for s in [*last["seats"], *([last["dragon"]] if last["dragon"] else [])]
             if s["seat"] == seat]
    parts += [x["net"] for x in last["side"] if x["seat"] == seat]
    if last["banker"]["kind"] != "house" and last["banker"]["seat"] == seat:
        parts.append(last["bank"]["share_net"])
    return sum(parts) if parts else None


def check_reveal(me: Person, state: dict[str, Any]) -> None:
    """A person who banked or co-banked sees their share, checked against the engine."""
    last = state["last"]
    b = last["banker"]
    if b["kind"] == "house" or b["seat"] != state["you"]["seat"]:
        assert me.page.locator(".bank-share").count() == 0
        return
    bank = last["bank"]
    share = bank["net"] if b["kind"] == "player" else cobank_share(bank["net"])
    assert (bank["share"], bank["share_net"]) == (share, share - bank["commission"])
    text = me.page.locator(".bank-share").inner_text()
    if b["kind"] == "player" and last["bank_hand"]["rule"] == "person":  # theirs, set by them
        assert me.page.locator(".story-banker .rule").inner_text() == "set by you"
    word = "You co-banked" if b["kind"] == "cobank" else "You banked"
    assert text.startswith(word), text
    sign = "+" if share > 0 else "-" if share < 0 else ""
    assert f"your share {sign}${abs(share) / 100:,.2f}" in text, text
    me.shares_checked += 1


def after_round(me: Person, table_url: str, rid: int, first: bool) -> None:
    """What ``me``'s page shows of round ``rid``: recorded, and checked."""
    state = me.api(table_url.replace("/tables/", "/api/tables/") + "/state")
    assert state["last"]["round"] == rid, (me.name, state["last"]["round"], rid)
    check_reveal(me, state)
    net = shown_net(me)
    assert net == state_net(state), (me.name, net, state_net(state))
    if net is not None:
        me.nets[rid] = net
        me.played[me.tag] = me.played.get(me.tag, 0) + 1
    if first or me.page.locator(".bank-share").count():
        me.shot(f"{me.tag}-reveal-{'bank' if not first else 'first'}")
    me.check_page()


Hook = Callable[[dict[str, set[str]]], bool]


def play_round(people: list[Person], table_url: str, last: int | None, rng: random.Random,
               hook: Hook | None = None, before: Callable[[], None] | None = None,
               bets: bool = True) -> int:
    """One round, everyone acting as asked, until every page shows its reveal; ``hook``
    is called on the way until it says it is done; ``before`` (the checks of the round
    before, whose reveal the pages still show) once nobody has a bet to place, so the
    checks never keep anyone from answering in time. The round's id."""
    done: dict[str, set[str]] = {p.name: set() for p in people}
    start = time.monotonic()
    while True:
        if before is not None and all("bet" in done[p.name] or p.idle
                                      or not p.visible("#bet-amount") for p in people):
            before()  # nobody has a bet to place now (placed, or not asked)
            before = None
        if hook is not None and hook(done):
            hook = None
        ids = [story_round(p) for p in people]
        if all(i is not None and i != last for i in ids) and len(set(ids)) == 1:
            break
        for me, seen in zip(people, ids, strict=True):
            if seen is None or seen == last:  # a page showing this round's reveal already
                act(me, done[me.name], rng, bets=bets)
        assert time.monotonic() < start + ROUND_LIMIT, \
            f"{table_url}: the round after {last} did not finish"
        time.sleep(0.05)
    assert hook is None and before is None, "the round ended before its hook or checks were done"
    rid = ids[0]
    assert rid is not None
    return rid


def join(me: Person, table_url: str, game: str, tag: str) -> int:
    me.game, me.tag = game, tag
    me.page.goto(table_url)
    me.page.locator("#join-button").wait_for()
    seat = join_form(me.page, me.name)  # a person already known joins by cookie
    if me.device == "phone":  # the table's head is short: the felt starts near the top
        top = me.page.evaluate("document.querySelector('.felt').getBoundingClientRect().top"
                               " + window.scrollY")
        assert top <= 260, f"the felt starts {top} px down the phone's page"
    return seat


def leave(me: Person) -> None:
    me.page.click("#leave-button")
    me.page.locator("#join-button").wait_for()


def last_round(me: Person, table_url: str) -> int | None:
    last = me.api(table_url.replace("/tables/", "/api/tables/") + "/state")["last"]
    return None if last is None else int(last["round"])


# -- the evening's turns ------------------------------------------------------------------
def tab_closed_and_reopened(bob: Person, table_url: str) -> Hook:
    def hook(done: dict[str, set[str]]) -> bool:
        if "bet" not in done["Bob"] or not bob.visible(".place.you .bet-chip"):
            return False
        seat = bob.page.locator("#controls h2").inner_text()
        chips = bob.page.locator("#controls .balance").inner_text()
        bob.p.close_tab()  # his bet is in play
        bob.p.new_tab(table_url)
        head = bob.page.locator("#controls h2")
        head.filter(has_text="Bob").wait_for()
        assert head.inner_text() == seat
        assert bob.page.locator("#controls .balance").inner_text() == chips
        bob.shot("tab-reopened", full=False)
        return True
    return hook


def idle_countdown(ann: Person, bob: Person) -> Hook:
    """Bob does not bet; Ann has: one deadline, counted down alike on both pages."""
    from playwright.sync_api import expect

    def hook(done: dict[str, set[str]]) -> bool:
        if "bet" not in done["Ann"] or not bob.visible("#my-deadline") \
                or not ann.visible("#deadline"):
            return False
        mine = bob.page.locator("#my-deadline").inner_text()
        theirs = ann.page.locator("#deadline").inner_text()
        his_line = bob.page.locator("#deadline").inner_text()
        assert "to bet, then you sit this round out" in mine, mine
        assert theirs.startswith("Bets close in") and his_line.startswith("Bets close in")
        # one deadline on both pages (the same moment), counted down alike
        one_deadline_counting_down(bob.page.locator("#my-deadline"),
                                   ann.page.locator("#deadline"), bob.page.locator("#deadline"))
        felt = ann.page.locator(".place.person")
        expect(felt.filter(has_text="Ann").locator(".status")).to_have_text("bet in")
        expect(felt.filter(has_text="Bob").locator(".status")).to_have_text("betting")
        ann.shot("idle-countdown", full=False)
        bob.shot("idle-countdown", full=False)
        return True
    return hook


def restart_mid_round(server: Server, people: list[Person], rng: random.Random) -> None:
    """Both bet and are dealt; the server is restarted with the round in play."""
    end = time.monotonic() + ROUND_LIMIT
    while not all(p.visible("#bet-amount") for p in people):
        assert time.monotonic() < end, "nobody was asked to bet"
        time.sleep(0.05)
    totals = {p.name: p.api("/api/me")["total"] for p in people}  # before the bets
    done: dict[str, set[str]] = {p.name: set() for p in people}
    while people[0].api(people[0].page.url.replace("/tables/", "/api/tables/")
                        + "/state")["phase"] != "setting":  # dealt (a co-banker sets none)
        for me in people:
            act(me, done[me.name], rng, set_hands=False)
        assert time.monotonic() < end, "the hands were never dealt"
        time.sleep(0.05)
    server.restart()
    for me in people:
        back = me.page.locator("#seat-back-button")  # the page reconnects by itself
        back.wait_for(timeout=LOAD_MS)
        me.shot("restart", full=False)
        mine = me.api("/api/me")
        assert mine["seats"] == [] and mine["wallet"] == totals[me.name], (mine, totals)
        back.click()
        me.page.locator("#controls h2").filter(has_text=me.name).wait_for()
        me.check_page()
        # the page's own reconnection attempts while the server was down are no errors
        me.p.errors = [e for e in me.p.errors if "ERR_CONNECTION_REFUSED" not in e]


def evening_at(people: list[Person], table_url: str, game: str, tag: str, rng: random.Random,
               turns: dict[int, Callable[[], Hook | None]] | None = None,
               leaving: frozenset[int] = frozenset()) -> None:
    """Both join; rounds until each has played ROUNDS there; the turns of the evening on
    the rounds they name (a turn may return a hook for its round; the rounds in ``leaving``
    have turns that take the pages away, so the round before is checked first); both
    leave."""
    first, *others = people
    join(first, table_url, game, tag)
    typing = first.visible("#bet-amount")  # the first to sit is asked to bet at once
    if typing:  # ... and types an amount as the others sit down
        first.page.fill("#bet-amount", "7.25")
    for me in others:
        join(me, table_url, game, tag)
    if typing and first.visible("#bet-amount"):  # what they typed is still there
        value = first.page.input_value("#bet-amount")
        assert value == "7.25", f"{first.name}'s bet form lost what they typed: {value!r}"
    last = last_round(people[0], table_url)
    n = 0
    checks: Callable[[], None] | None = None  # of the round last played, not yet made
    while min(p.played.get(tag, 0) for p in people) < ROUNDS:  # (one round behind)
        n += 1
        assert n <= ROUNDS + 7, {p.name: p.played.get(tag) for p in people}
        turn = (turns or {}).get(n)
        if n in leaving and checks is not None:
            checks()
            checks = None
        hook = turn() if turn else None
        last = play_round(people, table_url, last, rng, hook, checks)

        def checks(rid: int = last, first: bool = n == 1) -> None:
            for me in people:
                after_round(me, table_url, rid, first)
    if checks is not None:
        checks()
    # a page that showed the last reveal may already have bet in the round after it (the
    # loop stops a round behind): that round is played out, without new bets, and checked
    # before anyone leaves, so each person's results are all rounds their pages showed
    if any(in_play(me, table_url) for me in people):
        last = play_round(people, table_url, last, rng, bets=False)
        for me in people:
            after_round(me, table_url, last, False)
    for me in people:
        leave(me)


def in_play(me: Person, table_url: str) -> bool:
    """Whether ``me`` has money or a hand in the round now in play at the table."""
    you = me.api(table_url.replace("/tables/", "/api/tables/") + "/state")["you"] or {}
    return bool(you.get("bet_in") or you.get("wager") or you.get("hand") or you.get("offer"))


def ledger_checks(db: Path, people: list[Person], wallets_shown: dict[str, int]) -> dict[str, Any]:
    """The evening's ledger, read with this test's own SQL."""
    con = sqlite3.connect(db)
    moves = "SELECT dst AS account, amount AS d FROM entry {w} UNION ALL " \
            "SELECT src, -amount FROM entry {w}"
    balance = dict(con.execute(f"SELECT account, SUM(d) FROM ({moves.format(w='')}) "
                               "GROUP BY account").fetchall())
    assert sum(balance.values()) == 0
    assert balance.get("bets", 0) == 0 and balance.get("bank", 0) == 0, balance
    rounds = con.execute("SELECT id, status FROM round").fetchall()
    assert {s for _, s in rounds} <= {"settled", "void"}, rounds  # none left open
    for rid, status in rounds:
        delta = dict(con.execute(
            f"SELECT account, SUM(d) FROM ({moves.format(w='WHERE round_id = ?')}) "
            "GROUP BY account", (rid, rid)).fetchall())
        if status == "void":  # a voided round moves nothing
            assert not any(delta.values()), (rid, delta)
        else:  # a settled round moves money only between seats and the house
            assert delta.get("bets", 0) == delta.get("bank", 0) == 0, (rid, delta)
            assert set(delta) <= {"bets", "bank", "house"} | {a for a in delta
                                                              if a.startswith("seat:")}
    out = {}
    for me in people:
        (pid,) = con.execute("SELECT id FROM player WHERE name = ?", (me.name,)).fetchone()
        wallet = f"wallet:{pid}"
        nets: dict[int, int] = {}
        for session, seat, first, last in con.execute(
                "SELECT session_id, seat, first_round, last_round FROM stint WHERE player_id = ?",
                (pid,)).fetchall():
            acc = f"seat:{seat}"
            for (rid,) in con.execute(
                    "SELECT id FROM round WHERE session_id = ? AND status = 'settled' AND "
                    "number BETWEEN ? AND ?", (session, first, last)).fetchall():
                touched = con.execute(
                    "SELECT COALESCE(SUM(CASE WHEN dst = ? THEN amount ELSE -amount END), 0), "
                    "COUNT(*) FROM entry WHERE round_id = ? AND (dst = ? OR src = ?)",
                    (acc, rid, acc, acc)).fetchone()
                if touched[1]:
                    nets[rid] = touched[0]
        # round by round, the ledger's results are what the pages showed this person
        assert nets == me.nets, (me.name, {r: (nets.get(r), me.nets.get(r))
                                           for r in set(nets) | set(me.nets)
                                           if nets.get(r) != me.nets.get(r)})
        grants = con.execute("SELECT COALESCE(SUM(amount), 0) FROM entry WHERE kind = 'grant' "
                             "AND dst = ?", (wallet,)).fetchone()[0]
        assert grants == WALLET
        assert balance[wallet] == grants + sum(nets.values()) == wallets_shown[me.name], \
            (me.name, balance[wallet], grants, sum(nets.values()), wallets_shown[me.name])
        out[me.name] = {"rounds": len(nets), "results": sum(nets.values()),
                        "wallet": balance[wallet]}
    con.close()
    return out


def test_an_evening_two_people_three_tables(evening_server: Server, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    t0 = time.monotonic()
    server = evening_server
    url = server.url
    rng = random.Random(16)
    a, b = Page(browser, DESKTOP, "Ann (desktop)"), Page(browser, PHONE, "Bob (phone)")
    ann, bob = Person(a, "Ann"), Person(b, "Bob")
    people = [ann, bob]
    for me in people:  # the lobby, as each first sees it
        me.base = url
        me.page.goto(url + "/")
        expect(me.page.locator(".table-card")).to_have_count(2)
        for card in me.page.locator(".table-card").all():  # the game named once a card
            game = card.locator(".game").inner_text()
            assert card.inner_text().count(game) == 1, card.inner_text()
        me.check_page()
        me.shot("lobby", full=False)

    # Ann is someone: on the phone, Bob trying her name is refused at the join form, on
    # screen; then a refused bet: the message at the bet form, announced, on screen
    join(ann, url + "/tables/1", "tiles", "tiles")
    leave(ann)
    bob.page.goto(url + "/tables/1")
    bob.page.fill("#join-name", "ann")
    bob.page.click("#join-button")
    err = bob.page.locator("#controls .local-error[role=alert]")
    expect(err).to_contain_text("is taken")
    bob.check_in_view("#controls .local-error", "#join-button")
    bob.shot("name-taken", full=False)
    bob.page.fill("#join-name", "Bob")
    bob.page.click("#join-button")
    bob.page.fill("#bet-amount", "100000")
    bob.page.click("#bet-button")
    err = bob.page.locator("#controls .local-error[role=alert]")
    expect(err).to_contain_text("$100,000.00")
    box = err.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    bob.shot("error", full=False)
    assert [e for e in b.errors if "400" not in e and "409" not in e] == []  # refusals logged
    b.errors.clear()
    leave(bob)

    # the tiles table: Bob's tab closed and reopened mid-round, then Bob idle for two rounds
    tiles = url + "/tables/1"

    def idle() -> Hook:
        bob.idle = True
        return idle_countdown(ann, bob)

    def missed_one() -> Hook:  # after the first idle round: told, not yet sat out
        bob.page.locator(".timed-out").filter(has_text="You missed 1 round").wait_for()
        assert not bob.visible("#back-button")
        return idle()

    def back() -> None:  # after the second: sat out, seat and chips kept; then back
        bob.idle = False
        bob.page.locator("#back-button").wait_for()
        expect(bob.page.locator(".sat-out")).to_contain_text("Your seat and chips are kept")
        assert "sit this round out" not in bob.page.locator("#controls").inner_text()  # once
        bob_seat = ann.page.locator(".place.person").filter(has_text="Bob")
        expect(bob_seat).to_contain_text("sat out")  # sat out, not "away": his tab is open
        expect(bob_seat).not_to_contain_text("away")
        bob.shot("sat-out", full=False)
        ann.shot("sat-out")

    evening_at(people, tiles, "tiles", "tiles", rng,
               {3: lambda: tab_closed_and_reopened(bob, tiles), 5: idle, 6: missed_one, 7: back})
    assert ann.played["tiles"] >= bob.played["tiles"] + 2 >= ROUNDS + 2  # his two idle rounds

    # the poker table: the server restarted mid-round
    poker = url + "/tables/2"

    def restart() -> None:
        restart_mid_round(server, people, rng)

    evening_at(people, poker, "poker", "poker", rng, {6: restart}, leaving=frozenset({6}))

    # the floor-game table, opened from the lobby's form (after the restart: it is new)
    ann.page.goto(url + "/")
    ann.page.select_option("#game", "poker")
    ann.page.fill("#name", "Floor")
    ann.page.fill("#seats", "3")
    # Commission-Free ticked: its rules shown, fixed (the house banks, Tiger 9 offered);
    # EZ then ticked instead: one game or the other, Commission-Free's rules undone
    ann.page.check("#commission_free")
    expect(ann.page.locator("#push")).to_have_value("low:9")
    expect(ann.page.locator("#bank")).to_have_value("house")
    expect(ann.page.locator("#bank")).to_be_disabled()
    expect(ann.page.locator("#offer-tiger-9")).to_be_checked()
    expect(ann.page.locator("#offer-tiger-9")).to_be_disabled()
    ann.page.check("#ez")  # the form then shows EZ's own commission and push, fixed
    expect(ann.page.locator("#commission_free")).not_to_be_checked()
    expect(ann.page.locator("#bank")).to_be_enabled()
    expect(ann.page.locator("#bank")).to_have_value("rotates")
    expect(ann.page.locator("#offer-tiger-9")).not_to_be_checked()
    expect(ann.page.locator("#offer-tiger-9")).to_be_enabled()
    expect(ann.page.locator("#commission")).to_have_value("0")
    expect(ann.page.locator("#commission")).to_be_disabled()
    expect(ann.page.locator("#push")).to_have_value("pai-gow:Q")
    expect(ann.page.locator("#push")).to_be_disabled()
    ann.page.check("#offer-fortune")
    ann.page.select_option("#dragon", "player")
    ann.check_page()  # the form's every menu readable, nothing run together
    ann.shot("floor-form", full=False)
    ann.page.click("#open-table")
    expect(ann.page.locator("#table-head .rules")).to_contain_text("queen-high pai gow pushes")
    floor = ann.page.url
    b.page.set_viewport_size({"width": 360, "height": 740})  # a smaller phone for this one
    # the phone shows the floor table's first rules; the rest, eight more, behind "more"
    bob.page.goto(floor)
    rest = bob.page.locator("#table-head .rules-rest")
    expect(rest).to_be_hidden()
    bob.page.click("#table-head .rules-more")
    expect(rest).to_contain_text("queen-high pai gow pushes every bet")
    bob.shot("floor-rules-more", full=False)
    evening_at(people, floor, "poker", "floor", rng)

    # the end of the evening: each one's wallet, rounds across tables, a replay, the rules
    wallets: dict[str, int] = {}
    for me in people:
        me.page.goto(url + "/account")
        expect(me.page.locator("#wallet-card")).to_contain_text("You sit at no table")
        wallets[me.name] = cents(me.page.locator("#wallet").inner_text())
        me.check_page()
        me.shot("account")
        if me.device == "phone":  # a password refused, here and by the server: at the form
            for first, second, says in (("tiles at nine", "tiles at ten", "differ"),
                                        ("short", "short", "8")):
                me.page.fill("#new-password", first)
                me.page.fill("#new-password-2", second)
                me.page.click("#password-button")
                err = me.page.locator("#password-form .local-error[role=alert]")
                expect(err).to_contain_text(says)
                me.check_in_view("#password-form .local-error", "#password-button")
            me.shot("password-refused", full=False)
            me.p.errors = [e for e in me.p.errors if "400" not in e]  # the refusal, logged
        me.page.goto(url + "/history")
        rows = me.page.locator(".history-round")
        expect(rows.first).to_be_visible()
        assert rows.count() == min(20, len(me.nets))  # the rounds they played, a page of them
        for i in range(rows.count()):  # each told in a line: theirs, as the reveal showed it
            row = rows.nth(i)
            rid = int(row.locator(".story").get_attribute("data-round"))
            assert cents(row.locator("summary .your-net").inner_text()) == me.nets[rid]
            line = row.locator("summary").inner_text()
            if "bet pushed" in line and me.nets[rid]:  # the money came from somewhere else
                assert "side bets" in line or "dragon hand" in line, line
            assert row.locator(".story-seat.mine, .story-banker.mine").count() >= 1
        me.check_page()
        me.shot("history")
    bob.page.locator(".history-round .history-links a").first.click()
    expect(bob.page.locator(".audit.ok")).to_have_count(2)
    newest = max(bob.nets)  # the page names the round as the reveal did, not by its ledger id
    number = re.search(r"Round (\d+)", bob.page.locator(".story h3").inner_text())
    assert number is not None
    expect(bob.page.locator("#round-title")).to_have_text(f"Floor: round {number.group(1)}")
    assert int(bob.page.locator(".story").get_attribute("data-round")) == newest
    expect(bob.page.locator(".story .mine").first).to_be_visible()
    bob.check_page()
    bob.shot("replay")
    bob.page.goto(floor)
    bob.page.locator("#table-head .rules-link").click()
    expect(bob.page.locator("#table-rules")).to_contain_text("Fortune")
    bob.check_page()
    bob.shot("rules-floor")
    server.stop()

    books = ledger_checks(server.db, people, wallets)
    labels = ann.labels_checked + bob.labels_checked
    deals = ann.deals + bob.deals
    assert labels == 2 * deals and deals >= 2 * 3 * ROUNDS - len(bob.banked), (labels, deals)
    assert ann.banked and bob.banked and ann.shares_checked + bob.shares_checked >= 2
    print(f"the evening ({time.monotonic() - t0:.0f} s): {deals} deals, {labels} label checks,",
          f"Ann banked {len(ann.banked)}, Bob co-banked {len(bob.banked)},",
          f"answers too late {ann.late + bob.late}, the fewest seconds left at an answer "
          f"{min(x for x in (ann.least_left, bob.least_left, IDLE) if x is not None)} of {IDLE};",
          f"the books: {books}")
    for me in people:  # the late answers' refusals, which the page logged: those only
        refusals = [e for e in me.p.errors if "409" in e]
        assert len(refusals) <= me.late_refused, (me.name, me.late_refused, me.p.errors)
        me.p.errors = [e for e in me.p.errors if "409" not in e]
    a.close()
    b.close()


def refused_at(p: Page, button: str, says: str, status: str) -> None:
    """``button`` pressed is refused: the reason right after it, on screen."""
    p.page.click(button)
    err = p.page.locator(f"{button} + .local-error[role=alert]")
    err.wait_for()
    assert says in err.inner_text(), err.inner_text()
    box = err.bounding_box()
    height = p.page.evaluate("window.innerHeight")
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    p.errors = [e for e in p.errors if status not in e]  # the refusal, logged


def test_every_choice_reads_whole_in_the_menus(evening_server: Server,
                                                  browser: Any) -> None:  # noqa: F811
    """Each choice of each menu of the new-table form and the trainer, chosen, reads whole
    in its menu on a small phone (360 px) and on a desktop (the shipped poker way files'
    titles and the bank's menu came after the menus were fitted: "the Bally's Atlantic City
    house way" was cut at 360 px, "always the house's (no player banking)" at every
    width); a table refused shows why at the form's button, on screen (it went to the top
    of the page, out of view below the tables on a phone), and so does the trainer's Start
    refused a name someone has."""
    url = evening_server.running().url
    for size in ({"width": 360, "height": 740}, DESKTOP):
        p = Page(browser, size, f"menus at {size['width']}")
        for path, game in (("/", "#game"), ("/trainer", "#t-game")):
            p.page.goto(url + path)
            for g in ("tiles", "poker"):
                p.page.select_option(game, g)
                for sel in p.page.locator("form select").evaluate_all("ss => ss.map((s) => s.id)"):
                    menu = p.page.locator(f"#{sel}")
                    for value in menu.locator("option").evaluate_all("os => os.map((o) => o.value)"):
                        menu.select_option(value)
                        bad = p.page.evaluate(LAYOUT)
                        assert not bad, (size["width"], path, g, sel, value, bad)
        # a table the server refuses to open
        p.page.goto(url + "/")
        p.page.fill("#min_bet", "50")
        p.page.fill("#max_bet", "10")
        refused_at(p, "#open-table", "$50.00", "400")
        # the trainer refuses a name someone has
        name = f"Mo{size['width']}"
        first = Page(browser, size, "someone")
        first.page.goto(url + "/trainer")
        first.page.fill("#t-name", name)
        first.page.click("#t-start")
        first.page.locator("#trainer-task h2").wait_for(timeout=BUILD_MS)
        first.close()
        p.page.goto(url + "/trainer")
        p.page.fill("#t-name", name)
        refused_at(p, "#t-start", "is taken", "409")
        p.close()
