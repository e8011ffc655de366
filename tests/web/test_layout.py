"""Every page at every size, and every page for everyone (issue 24 §1.6, §1.8, §1.10, §2),
in Playwright on Debian's Chromium.

At four windows — a phone (390 x 844), the phone held sideways (844 x 390), a small laptop
(1024 x 700) and a desktop (1280 x 800) — one person visits every page: the lobby; each
table (tiles, then poker) while betting, at the bank offer when it comes, while setting a
hand and at the reveal; the trainer with a hand and its grade; both rules pages; the
account page. Measured against the window (element boxes, not pixels in a picture):

* while setting, the hand's pieces, Set, House way, Hint and the person's countdown are in
  the window together; then with the hint's best row, then after picking another row, and
  at poker with a foul's warning too; the five cards on one row;
* the felt's seat boxes clear its rim; no page scrolls sideways, no controls run together;
* axe-core finds no serious or critical violation on any of those pages (``axe.py``);
* every page's header names who the person is ("Sign in" before they are anyone);
* a refusal at the bet form goes once the amount is changed; the bank offer says what
  taking the bank and co-banking mean, with the table's commission, before the choice;
* the tiles table's game name is not the poker term "pai gow";
* the trainer keeps a signed-in person's name in its form, and its grade shows each
  setting's two hands apart, each in the order the hand was dealt.

A second test plays a round by keyboard alone; a third hears the deadlines announced.
Screenshots: ``layout-{page}-{W}x{H}.png``, for a person to look at.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe import serious
from test_browser import BUILD_MS, Page, _serve, _stop, browser  # noqa: F401

SIZES = [(390, 844), (844, 390), (1024, 700), (1280, 800)]
HERE = Path(__file__).parent
GEOMETRY = (HERE / "felt_geometry.js").read_text()
LAYOUT = (HERE / "page_layout.js").read_text()
HAND = ("#setter .piece-btn", "#set-button", "#house-button", "#hint-button", "#setter h2",
        "#my-deadline")
IDLE = "600"  # seconds a phase waits: the countdowns show, and nobody is acted for


@pytest.fixture(scope="module")
def layout_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    proc, url = _serve(tmp_path_factory.mktemp("layout"), "--seats", "3", "--bankroll", "500",
                       "--idle-seconds", IDLE)
    try:
        yield url
    finally:
        _stop(proc)


class Visit:
    """One person's browser at one window size, with the checks every page gets."""

    def __init__(self, chromium: Any, size: tuple[int, int], url: str, name: str) -> None:
        self.w, self.h = size
        self.p = Page(chromium, {"width": self.w, "height": self.h}, f"{name} {self.w}x{self.h}")
        self.url = url
        self.name = name
        self.axed: list[str] = []
        self.offers = 0  # bank offers seen

    @property
    def page(self) -> Any:
        return self.p.page

    def shot(self, what: str) -> None:
        self.p.shot(f"layout-{what}-{self.w}x{self.h}.png", full=False)

    def in_view(self, *sels: str) -> None:
        """Every element of ``sels`` wholly inside the window (a failure leaves a picture)."""
        for sel in sels:
            boxes = [e.bounding_box() for e in self.page.locator(sel).all()]
            assert boxes, f"{self.p.name}: nothing matches {sel}"
            for box in boxes:
                if box is None or box["y"] < -0.5 or box["y"] + box["height"] > self.h + 0.5 \
                        or box["x"] < -0.5 or box["x"] + box["width"] > self.w + 0.5:
                    self.shot(f"FAILED-{sel.strip('#.').split()[0]}")
                    raise AssertionError(f"{self.p.name} at {self.page.url}: {sel} at {box} "
                                         f"is outside the {self.w} x {self.h} window")

    def check(self, what: str, header: str) -> None:
        """What every page must be: axe finds nothing serious, the header names the person,
        no controls run together, nothing scrolls sideways."""
        bad = serious(self.page)
        assert not bad, f"{self.p.name}, {what} ({self.page.url}): {bad}"
        self.axed.append(what)
        who = self.page.locator("header.top #account-link")
        assert who.locator(".who-name").inner_text() == header, (what, who.inner_text())
        spoken = who.get_attribute("aria-label")  # what a screen reader says of it
        assert spoken == (f"You are {header}" if header != "Sign in"
                          else "Sign in (you are not signed in)"), spoken
        assert not self.page.evaluate(LAYOUT), (what, self.page.evaluate(LAYOUT))
        self.p.no_sideways_scroll()

    def api_state(self, table: str) -> dict[str, Any]:
        r = self.page.request.get(f"{self.url}/api/tables/{table}/state")
        assert r.ok, r.text()
        state: dict[str, Any] = r.json()
        return state


def low_positions(page: Any) -> list[int]:
    return sorted(int(x) for x in page.locator(".zone.low .piece-btn").evaluate_all(
        "els => els.map(e => e.dataset.pos)"))


def arrange(page: Any, target: list[int]) -> None:
    """Swap pieces by clicking them until the low hand is the pieces at ``target``."""
    for _ in range(2):
        low = low_positions(page)
        out = [x for x in low if x not in target]
        into = [x for x in target if x not in low]
        if not out:
            return
        page.click(f'.zone.low .piece-btn[data-pos="{out[0]}"]')
        page.click(f'.zone.high .piece-btn[data-pos="{into[0]}"]')
    assert low_positions(page) == sorted(target)


def until_dealt(v: Visit, table: str) -> bool:
    """Wait until the person has a hand to set; a bank offer on the way is checked (once a
    window size) and refused. Whether the bank was offered."""
    offered = False
    end = time.monotonic() + 120
    while not v.page.locator("#setter .piece-btn").first.is_visible():
        if v.page.locator("#refuse-button").is_visible():
            if not offered:
                bank_offer(v, table)
            offered = True
            v.page.click("#refuse-button")
            v.page.locator("#refuse-button").wait_for(state="detached")
        assert time.monotonic() < end, f"{v.p.name} was never dealt a hand"
        time.sleep(0.05)
    return offered


def bank_offer(v: Visit, table: str) -> None:
    """The bank offer says what each choice means before it is made."""
    text = v.page.locator(".bank-offer").inner_text()
    pct = v.api_state(table)["table"]["rules"]["commission_pct"]
    if v.page.locator("#take-button").count():
        assert "you cover every other bet" in text, text
        assert (f"{pct} commission" if pct != "0%" else "no commission") in text, text
    if v.page.locator("#cobank-button").count():
        assert "each cover half the bets" in text, text
    v.in_view("#my-deadline", "#refuse-button", ".bank-explain")
    v.check("the bank offer", v.name)
    v.shot("bank-offer")


def play_a_table(v: Visit, table: str, game: str) -> None:
    page = v.page
    page.goto(f"{v.url}/tables/{table}")
    page.locator("#join-button").wait_for()
    if page.locator("#join-name").count():
        page.fill("#join-name", v.name)
    page.click("#join-button")
    page.locator("#controls h2").filter(has_text=v.name).wait_for()
    # the tiles table's game is named, never explained as the poker term "pai gow"
    head = page.locator("#table-head")
    assert head.locator(".term").filter(has_text=re.compile("^pai gow$", re.I)).count() == 0
    if game == "tiles":
        assert "Pai Gow tiles" in head.inner_text()

    # betting: asked, in view, said aloud; a refusal goes when the amount is changed
    page.locator("#bet-amount").wait_for()
    v.in_view("#my-deadline", "#bet-amount", "#bet-button")
    assert "to bet, then you sit this round out" in page.locator("#announce-time").inner_text()
    v.check(f"{game}: betting", v.name)
    v.shot(f"{game}-betting")
    page.fill("#bet-amount", "100000")
    page.click("#bet-button")
    err = page.locator("form.bet .local-error[role=alert]")
    err.wait_for()
    page.fill("#bet-amount", "10")
    assert err.count() == 0, "the refusal stayed after the amount changed"
    v.p.errors = [e for e in v.p.errors if "400" not in e]  # the refusal, logged
    page.click("#bet-button")

    # the bank offer, when the bank comes round to this seat; then the hand
    v.offers += until_dealt(v, table)
    v.in_view(*HAND)
    assert not page.evaluate(GEOMETRY), page.evaluate(GEOMETRY)
    if game == "poker":  # the five cards on one row
        rows = {round(b["y"]) for b in (e.bounding_box() for e in
                                        page.locator(".zone.high .piece-btn").all()) if b}
        assert len(rows) == 1, f"the five-card hand takes {len(rows)} rows"
    v.check(f"{game}: setting a hand", v.name)
    v.shot(f"{game}-setting")

    if game == "tiles":  # the hint (tiles: at once): its best row, then a row picked
        page.click("#hint-button")
        page.locator(".hint-row.best").wait_for(timeout=BUILD_MS)
        v.in_view(*HAND, ".hint-row.best")
        rows = page.locator(".hint-row")
        if rows.count() > 1:
            rows.nth(rows.count() - 1).click()
            v.in_view(*HAND, ".hint-row >> nth=-1")
        v.check("tiles: the hint", v.name)
        v.shot("tiles-hint")
    else:  # a foul's warning with the hand and its buttons
        hand = v.api_state(table)["you"]["hand"]
        fouls = [k for k, a in hand["arrangements"].items() if a["foul"]]
        assert fouls, "a hand of seven with no fouling arrangement"
        arrange(page, [int(x) for x in fouls[0].split(",")])
        page.locator("#setter .foul").wait_for()
        v.in_view(*HAND, "#setter .foul")
        v.check("poker: a foul's warning", v.name)
        v.shot("poker-foul")
        page.click("#house-button")
        page.locator("#setter .foul").wait_for(state="detached")

    before = page.locator("#announce").inner_text()
    shown = page.locator("#reveal .story").get_attribute("data-round") \
        if page.locator("#reveal .story").count() else None  # the round before, if any
    page.click("#set-button")
    story = page.locator("#reveal .story" if shown is None
                         else f"#reveal .story:not([data-round='{shown}'])")
    story.wait_for(timeout=120_000)
    number = re.search(r"Round (\d+)", story.locator("h3").inner_text())
    assert number, story.locator("h3").inner_text()
    # the result said to a screen reader
    end = time.monotonic() + 120
    while f"Round {number.group(1)}:" not in page.locator("#announce").inner_text():
        assert time.monotonic() < end, (before, page.locator("#announce").inner_text())
        time.sleep(0.05)
    story.scroll_into_view_if_needed()
    v.check(f"{game}: the reveal", v.name)
    v.shot(f"{game}-reveal")
    page.click("#leave-button")
    page.locator("#join-button").wait_for()


def the_trainer(v: Visit) -> None:
    from playwright.sync_api import expect

    page = v.page
    page.goto(f"{v.url}/trainer")
    name = page.locator("#t-name")
    expect(name).to_have_value(v.name)  # signed in: practising as themselves
    assert name.get_attribute("readonly") is not None
    v.check("the trainer", v.name)
    v.shot("trainer")
    page.click("#t-start")
    page.locator("#setter .piece-btn").first.wait_for(timeout=BUILD_MS)
    v.in_view("#setter .piece-btn", "#set-button", "#setter h2")
    v.check("the trainer: a hand", v.name)
    v.shot("trainer-hand")
    dealt = page.locator("#setter .piece-btn").evaluate_all(
        "els => els.map(e => [Number(e.dataset.pos), e.dataset.piece])")
    order = [piece for _pos, piece in sorted(dealt)]
    page.click("#set-button")
    page.locator(".grade").wait_for(timeout=BUILD_MS)
    v.in_view(".grade .verdict")
    for line in page.locator(".grade-line").all():  # each setting: two hands apart, in order
        for which in ("high", "low"):
            shown = (line.get_attribute(f"data-{which}") or "").split()
            places, used = [], set()
            for piece in shown:
                i = next(k for k, p in enumerate(order) if p == piece and k not in used)
                used.add(i)
                places.append(i)
            assert places == sorted(places), (which, shown, order)
        hi, lo = (line.locator(f".grade-hand.{w} .pieces").bounding_box() for w in ("high", "low"))
        assert hi and lo
        apart = lo["x"] - (hi["x"] + hi["width"]) >= 10 or lo["y"] >= hi["y"] + hi["height"]
        assert apart, ("the two hands run together", hi, lo)
    v.check("the trainer: a grade", v.name)
    v.shot("trainer-grade")


def test_every_page_at_every_size(layout_server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    url = layout_server
    offers = 0
    for size in SIZES:
        v = Visit(browser, size, url, f"Lay{size[0]}x{size[1]}")
        v.page.goto(url + "/")
        expect(v.page.locator(".table-card")).to_have_count(2)
        v.check("the lobby", "Sign in")  # nobody yet
        v.shot("lobby")
        play_a_table(v, "1", "tiles")
        play_a_table(v, "2", "poker")
        the_trainer(v)
        for path, what in (("/rules/tiles", "rules-tiles"), ("/rules/poker?table=2", "rules-poker"),
                           ("/account", "account"), ("/history", "history")):
            v.page.goto(url + path)
            v.page.locator("main h1").wait_for()
            if what == "account":
                expect(v.page.locator("#wallet-card")).to_be_visible()
            if what == "history":
                expect(v.page.locator(".history-round").first).to_be_visible()
            terms = v.page.locator("main .term").all_inner_texts()
            assert not [t for t in terms if t.lower() == "pai gow" and what == "rules-tiles"]
            v.check(what, v.name)
            v.shot(what)
        assert len(v.axed) >= 15, v.axed
        offers += v.offers
        v.p.close()
    assert offers, "the bank never came round to the person: its offer went unchecked"


def tab_to(page: Any, selector: str, back: bool = False, most: int = 80) -> None:
    """Press Tab (Shift+Tab with ``back``) until the element focused matches ``selector``:
    the keyboard reaches it."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)",
                         selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_round_by_keyboard_alone(layout_server: str, browser: Any) -> None:  # noqa: F811
    """Join, bet, refuse the bank, swap two pieces, take a hint's row, set, read a term of
    art and leave: Tab and Enter only (the phone's size: the page's order as it reads)."""
    from playwright.sync_api import expect

    p = Page(browser, {"width": 390, "height": 844}, "keys")
    page = p.page
    page.goto(layout_server + "/tables/1")
    page.locator("#join-button").wait_for()
    tab_to(page, "#join-name")
    page.keyboard.type("Keys")
    page.keyboard.press("Enter")
    expect(page.locator("#controls h2")).to_contain_text("Keys")
    tab_to(page, "#bet-amount")
    page.keyboard.press("Control+A")
    page.keyboard.type("10")
    page.keyboard.press("Enter")
    end = time.monotonic() + 120
    while not page.locator("#setter .piece-btn").first.is_visible():
        if page.locator("#refuse-button").is_visible():
            tab_to(page, "#refuse-button")
            page.keyboard.press("Enter")
            page.locator("#refuse-button").wait_for(state="detached")
        assert time.monotonic() < end, "never dealt a hand"
        time.sleep(0.05)
    before = low_positions(page)
    tab_to(page, ".zone.high .piece-btn")
    page.keyboard.press("Enter")
    tab_to(page, ".zone.low .piece-btn")
    page.keyboard.press("Enter")
    assert low_positions(page) != before
    tab_to(page, "#hint-button")
    page.keyboard.press("Enter")
    page.locator(".hint-row.best").wait_for(timeout=BUILD_MS)
    tab_to(page, ".hint-row.best")
    page.keyboard.press("Enter")
    best = page.locator(".hint-row.best .hint-setting strong").all_inner_texts()
    zones = [page.locator(f".zone.{w} .zone-value").inner_text() for w in ("high", "low")]
    assert zones == best[:2], (zones, best)
    tab_to(page, "#set-button", back=True)  # the buttons come before the hint's rows
    page.keyboard.press("Enter")
    expect(page.locator(".story")).to_be_visible(timeout=120_000)
    tab_to(page, "#reveal .term, #table-head .term")  # a term of art explained on focus
    expect(page.locator(".term-tip")).to_be_visible()
    tab_to(page, "#leave-button")
    page.keyboard.press("Enter")
    expect(page.locator("#join-button")).to_be_visible()
    p.close()


def test_the_deadlines_are_announced(tmp_path: Path, browser: Any) -> None:  # noqa: F811
    """A screen reader hears the person's deadline when it starts and when it nears its
    end (the countdowns themselves are silent timers); the table then acts as it said.
    The betting waits ``idle`` seconds: the page shows it with more than the last 10 s
    (``SOON`` in seat.js) left on a machine at load 20, so both announcements come; the
    test then waits for them and for the deadline to pass, never for a time."""
    from playwright.sync_api import expect

    idle = 45
    proc, url = _serve(tmp_path, "--seats", "2", "--idle-seconds", str(idle))
    try:
        p = Page(browser, {"width": 390, "height": 844}, "deadlines")
        p.page.goto(url + "/tables/1")
        p.page.fill("#join-name", "Dee")
        p.page.click("#join-button")
        said = p.page.locator("#announce-time")
        wait = 3 * idle * 1000
        expect(said).to_contain_text("to bet, then you sit this round out", timeout=wait)
        assert said.get_attribute("aria-live") == "polite"
        expect(said).to_contain_text(re.compile(r"Only \d+ s left to bet\."), timeout=wait)
        expect(p.page.locator(".timed-out")).to_contain_text("You missed 1 round", timeout=wait)
        p.close()
    finally:
        _stop(proc)
