"""The browser in Chinese (issue 25 §2; docs/i18n.md): the catalogs, the language chosen, the
engine's phrases read back in Chinese (in Python and in the page's script alike), and the
pages served with Accept-Language: zh-Hant listing every string left in English (none).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from datetime import UTC
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import test_browser
from test_browser import DESKTOP, PHONE, SHOTS, _serve, _stop, _until_dealt, context

from paigow.tiles import FACES, compare, hand_value
from paigow.web import i18n

browser = test_browser.browser  # the module's Chromium, a fixture

ROOT = Path(__file__).resolve().parents[2]
LATIN = re.compile(r"[A-Za-z]{2,}")


def _english_left(text: str) -> list[str]:
    """The English words of ``text``: a tile's code (6-6) and a number are not words, and
    the seeds' romanized names (Teen, Gee Joon) are names."""
    names = {n.romanization for n in __import__("paigow.tiles.names", fromlist=["PAIRS"]).PAIRS}
    words = set(LATIN.findall(text))
    return sorted(w for w in words if not any(w in n.split() for n in names))


def test_accept_language_picks_the_script_and_the_cookie_wins() -> None:
    assert i18n.negotiate("zh-HK,zh;q=0.9,en;q=0.8") == "zh-Hant"
    assert i18n.negotiate("zh-CN,zh;q=0.9") == "zh-Hans"
    assert i18n.negotiate("en-US,en;q=0.9") == "en"
    assert i18n.negotiate("zh-TW", cookie="en") == "en"
    assert i18n.negotiate("en", cookie="zh-Hans") == "zh-Hans"
    assert i18n.negotiate("en", cookie="klingon") == "en"  # a forged cookie changes nothing


def _hands() -> list[tuple[Any, Any]]:
    seen: dict[tuple[int, int], tuple[Any, Any]] = {}
    for a in range(len(FACES)):
        for b in range(a, len(FACES)):
            x, y = FACES[a], FACES[b]
            if x == y and x.copies == 1:
                continue
            seen.setdefault((x.class_index, y.class_index), (x, y))
    return list(seen.values())


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_tile_hand_and_reason_reads_in_chinese(lang: str) -> None:
    """Every hand of two tiles (by class) and every comparison of two of them that can
    meet: its name, its explanation and the rule that decided, read back from the
    engine's English, leave no English word but the tiles' romanized names."""
    hands = _hands()
    for x, y in hands:
        v = hand_value((x, y))
        for text in (v.name, v.explanation):
            said = i18n.phrase(text, lang)
            assert not _english_left(said), (text, said)
    for (a, b), (c, d) in combinations(hands, 2):
        try:
            r = compare((a, b), (c, d))
        except Exception:
            continue
        said = i18n.phrase(r.reason, lang)
        assert not _english_left(said), (r.reason, said)


def test_hand_names_read_as_the_names_table_says() -> None:
    """The catalog's templates ("pair of {pair}" -> 雙{pair}) and the one table of names
    (tiles/names.py) are two ways to the same name: they agree on every hand."""
    for x, y in _hands():
        v = hand_value((x, y))
        if v.name == "high nine":
            continue  # named by its tile on the page (i18n.js handName)
        assert i18n.phrase(v.name, "zh-Hant") == v.chinese, v.name
        assert i18n.phrase(v.name, "zh-Hans") == v.chinese_name("hans"), v.name


def test_catalogs_are_whole_and_compiled() -> None:
    """Every message of the code, templates and scripts has a translation in both
    catalogs, and each committed .mo is its .po compiled (scripts/i18n.py check)."""
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "i18n.py"), "check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_zh_hans_is_opencc_of_zh_hant() -> None:
    opencc = pytest.importorskip("opencc_purepy")
    t2s = opencc.OpenCC("t2s")
    hant = i18n.catalog_json("zh-Hant")["messages"]
    hans = i18n.catalog_json("zh-Hans")["messages"]
    for k, v in hant.items():
        assert hans[k] == t2s.convert(v), k


SAMPLES = [
    "tie at 7 points: the banker's highest tile Gor (3-1) outranks the player's Bon (2-2)",
    "copy: 1 point each and both highest tiles are Bon (2-2); a copy goes to the banker",
    "pair of Teen", "Teen Wong", "Day Gong", "0 points", "1 point",
    "bets $5.00 to $500.00", "5% commission on a win", "The house banks.", "Bo banks",
    "the bank's hand set by the Australian casino house way", "Ann", "6-6",
    "set this hand by the Australian casino house way, as the bank, against a player who "
    "sets by the Australian casino house way",
]


def test_the_page_script_reads_the_server_phrases_as_the_server_does() -> None:
    """static/js/i18n.js's tr() and web/i18n.py's phrase(), two implementations of one
    reading, give the same Chinese for the same English."""
    module = (ROOT / "src/paigow/web/static/js/i18n.js").as_uri()
    for lang in ("zh-Hant", "zh-Hans"):
        script = (f"import {{ useCatalog, tr }} from {json.dumps(module)};\n"
                  f"useCatalog({json.dumps(i18n.catalog_json(lang))});\n"
                  f"console.log(JSON.stringify({json.dumps(SAMPLES)}.map(tr)));")
        assert _node(script) == [i18n.phrase(s, lang) for s in SAMPLES]


def _node(script: str) -> Any:
    """What ``script`` (an ES module) prints, read as JSON (the script on stdin: a catalog
    is longer than a command line may be)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    out = subprocess.run([node, "--input-type=module"], input=script, capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def _messages() -> list[Any]:
    """Messages the server makes, from their producers: who banks, a table's rules in
    words (limits, fees, the push rule, side bets, the dragon hand), ways' titles, the
    trainer's task, refusals with amounts, the engine's hand names and explanations, and
    the rules a way decided by (the Australian tile way's, the poker house way's)."""
    from paigow.phrasing import Money, Msg
    from paigow.poker.rank import rank2, rank5
    from paigow.tiles.tile import parse_tiles
    from paigow.ways import POKER, TILES, get_way
    from paigow.web.view import banker_words
    from paigow.web.words import limits_words, plain_rule, rules_words, trainer_task, way_title

    summary = {"title": "EZ Pai Gow", "min_bet": 500, "max_bet": 50_000, "limits": "",
               "commission_pct": "5%", "flat_fee": 150, "house_way": "claridge",
               "player_bank": False, "joker": "bug", "wheel": "second", "foul": "house",
               "push": "pai-gow:Q", "dragon": {"set_by": "player", "limit": "up-to-main"},
               "side_bets": [{"title": "Fortune Bonus", "minimum": 100, "maximum": 10_000}]}
    msgs: list[Any] = [
        *rules_words(summary, "poker"),
        banker_words(None, {}, None), banker_words({"kind": "player", "seat": 2}, {}, 2),
        banker_words({"kind": "cobank", "seat": 2}, {2: "Bo"}, None),
        banker_words({"kind": "player", "seat": 3}, {}, None),
        way_title("tiles", "australian.toml"), way_title("tiles", "derived-australian.toml"),
        limits_words(500, None),
        trainer_task({"game": "tiles", "drill": "dealer", "way": "harrahs",
                      "dealer": "australian", "banking": False}),
        Msg("a bet of {amount} is outside the table's limits: {limits}",
            amount=Money(123_456_700), limits=limits_words(500, 50_000)),
        Msg("your wallet holds {wallet}: you cannot buy in for {amount}", wallet=Money(-5),
            amount=Money(100)),
    ]
    for cards in ("As Ah Ad Ac Jk", "9h 8h 7h 6h 5h", "Qs Qh Qd 3c 3s", "Js Jh 4d 4c As",
                  "Ts Th Ad 8c 2s", "Ks Qh 9d 6c 3s", "Ah 9h 6h 4h Jk"):
        msgs.append(rank5(cards).description)
    msgs += [rank2(c).description for c in ("Jk Ah", "8s 8d", "Ah Kd")]
    for pair in ("6-6 5-4", "1-1 6-3", "6-6 4-4", "1-1 6-2", "2-1 6-1", "5-5 6-4", "3-3 3-3"):
        v = __import__("paigow.tiles", fromlist=["hand_value"]).hand_value(parse_tiles(pair))
        msgs += [v.name, v.explanation]
    aus, house = get_way("australian", TILES), get_way("house", POKER)
    for tiles in ("6-6 4-2 5-3 1-1", "6-5 3-2 6-4 4-3", "5-1 5-1 6-6 5-5", "3-3 3-3 6-6 1-1",
                  "6-4 5-5 3-3 2-5", "1-3 1-3 6-6 6-5", "2-1 4-2 6-6 6-1"):
        rule = aus.choose(parse_tiles(tiles)).rule
        msgs.append(plain_rule("", rule, True))
    for cards in ("Kd Qs Jh 9c 7d 4s 3h", "Kd Ks 7h 7c 4d 4s Ac", "Ah Ad Ac 9s 6h 5d 3c"):
        msgs.append(plain_rule("", house.choose(cards).rule, True))
    return msgs


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_page_says_the_servers_messages_as_the_server_does(lang: str) -> None:
    """A structured message (its id and parameters, web/i18n.py's say() on the server,
    static/js/i18n.js's say() on the page): two implementations of one saying give the
    same text for the same parts; in English that text is the message's own English, and
    in Chinese no English word is left but names (tiles, the seeds' romanization)."""
    from paigow.phrasing import Msg, wire

    msgs = _messages()
    assert all(isinstance(m, Msg) for m in msgs), [m for m in msgs if not isinstance(m, Msg)]
    module = (ROOT / "src/paigow/web/static/js/i18n.js").as_uri()
    page = _node(f"import {{ useCatalog, say }} from {json.dumps(module)};\n"
                 f"useCatalog({json.dumps(i18n.catalog_json(lang))});\n"
                 f"console.log(JSON.stringify({json.dumps([wire(m) for m in msgs])}.map(say)));")
    server = [i18n.say(m, lang) for m in msgs]
    assert page == server
    if lang == "en":
        assert server == [str(m) for m in msgs]
    else:
        left = {said: _english_left(said) for said in server if _english_left(said)}
        names = ALLOWED | {"Bo"}  # (a person's name is a name)
        assert not {k: v for k, v in left.items() if set(v) - names}, left


AMOUNTS = [0, 5, -5, 99, 100, -123_456, 123_450, 100_000_000, -999_999_999]
NUMBERS = [0, 7, 1234, 1_234_567, 0.5, 2.125, 736_281_000]
MOMENTS = [(2026, 11, 27, 15, 4), (2027, 1, 1, 0, 0), (2026, 2, 28, 23, 59), (1999, 12, 31, 12, 0)]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_money_numbers_and_dates_read_alike_on_the_server_and_in_chromium(
        lang: str, zh_server: str, browser: Any) -> None:
    """Babel (CLDR) on the server and the page's Intl in Chromium format the same amounts,
    numbers and moments alike in each language: "$1,234.50" / "US$1,234.50", a date of
    medium length and a short time ("2026年11月27日 下午3:04")."""
    from datetime import datetime

    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(zh_server + "/rules/tiles")
    got = page.evaluate("""async ([lang, amounts, numbers, moments]) => {
      const m = await import("/static/js/i18n.js");
      m.useCatalog({ lang, messages: {} });
      return [amounts.map(m.formatMoney), numbers.map(m.formatNumber),
              moments.map(([y, mo, d, h, mi]) =>
                m.formatWhen(new Date(Date.UTC(y, mo - 1, d, h, mi)), "UTC"))];
    }""", [lang, AMOUNTS, NUMBERS, MOMENTS])
    ctx.close()
    want = [[i18n.money(a, lang) for a in AMOUNTS], [i18n.number(n, lang) for n in NUMBERS],
            [i18n.when(datetime(*m, tzinfo=UTC), lang) for m in MOMENTS]]
    assert got == want
    if lang == "en":  # and the server's English, which needs no Babel, says amounts alike
        from paigow.table.money import format_money

        assert got[0] == [format_money(a) for a in AMOUNTS]


# -- the pages ---------------------------------------------------------------------------
def test_chinese_is_drawn_in_a_chinese_font_not_in_boxes(zh_server: str, browser: Any) -> None:
    """Chromium draws the page's Chinese with a font that has its glyphs (Debian's
    fonts-noto-cjk, which scripts/services.sh installs under CI): two characters drawn in the
    page's own font are two different pictures, neither the box drawn for a character no
    font has (U+E000, a private-use one)."""
    if not _has_cjk_font():
        test_browser._missing("no font with Chinese glyphs (apt-get install fonts-noto-cjk)")
    ctx, page = _zh_page(browser, PHONE)
    page.goto(zh_server + "/")
    pictures = page.evaluate("""() => {
      const font = getComputedStyle(document.querySelector("h1")).fontFamily;
      const draw = (ch) => {
        const c = document.createElement("canvas");
        c.width = c.height = 48;
        const g = c.getContext("2d");
        g.font = `32px ${font}`;
        g.fillText(ch, 4, 36);
        return c.toDataURL();
      };
      return ["牌", "九", "\\ue000"].map(draw);
    }""")
    ctx.close()
    pai, gow, box = pictures
    assert pai != gow and box not in (pai, gow), "Chinese is drawn as boxes"


def _has_cjk_font() -> bool:
    fc = shutil.which("fc-list")
    if fc is None:
        return False
    out = subprocess.run([fc, ":lang=zh-tw", "family"], capture_output=True, text=True).stdout
    return bool(out.strip())


#: What the pages may show in Latin letters in Chinese: the brand, the language switch's
#: "English", the pieces' codes and the game's terms that are codes (EV, PDF, SVG), the
#: people's and tables' names (the test's people: Ann, Bo) and the seeds' romanized names
#: beside the characters on a tile's label.
ALLOWED = {"paigow", "English", "EV", "PDF", "SVG", "JOKER", "CHUNG", "US"}


@pytest.fixture()
def zh_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server of its own for each test: its tables wait forever for people
    (``--idle-seconds 0``), so a seat a test left mid-round would hold the next test's."""
    proc, url = _serve(tmp_path_factory.mktemp("zh"), "--seats", "3", "--bankroll", "500",
                       "--idle-seconds", "0")
    try:
        yield url
    finally:
        _stop(proc)


_TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const n = walk.currentNode;
    const el = n.parentElement;
    if (!el || el.closest("script, style, code, svg, .brand, .languages")) continue;
    if (n.data.trim()) out.push(n.data.trim());
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (el.closest("svg, .languages")) continue;
    for (const a of ["aria-label", "title", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v) out.push(v);
    }
  }
  return out;
}"""


def _casino_names() -> set[str]:
    """The casinos' names in the shipped poker ways' titles ("the Claridge house way"):
    names, kept as they are."""
    from paigow.web.app import card_ways
    from paigow.web.words import way_title

    found: set[str] = set()
    for w in card_ways():
        found |= set(LATIN.findall(way_title("poker", w))) - {"the", "house", "way"}
    return found


def untranslated(page: Any, names: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Every string on ``page`` (text, accessible names, tooltips) that holds an English
    word other than a code (a hash, a tile) or a name (a person's, a table's, a casino's)."""
    left = []
    names = set(names) | _casino_names()
    for text in page.evaluate(_TEXTS):
        text = re.sub(r"\b[0-9a-f]{12,}\b", "", text)  # a commitment, a seed: codes
        text = re.sub(r"\b(?:[2-9TJQKA][cdhs]|Jk)\b", "", text)  # cards, by their codes
        text = re.sub(r"(?<![A-Za-z])'[^'\s][^']*'(?![A-Za-z])", "", text)  # one's own input
        words = [w for w in _english_left(text) if w not in ALLOWED and w not in names]
        if words:
            left.append(text)
    return sorted(set(left))


def _zh_page(browser: Any, viewport: dict[str, int]) -> Any:
    ctx = context(browser, viewport=viewport, locale="zh-TW",
                  extra_http_headers={"Accept-Language": "zh-TW,zh;q=0.9"})
    return ctx, ctx.new_page()


def test_done_when_pages_in_zh_hant_have_no_english_left(zh_server: str, browser: Any) -> None:
    """Issue 25's "done when": the lobby, a tiles table (joined, bet, a hand being set),
    the tile rules page and the trainer, served with Accept-Language: zh-Hant at phone
    size: the strings left in English are listed, and must be none."""
    walk = Walk(zh_server, browser, shots=False)
    try:
        walk.look("/", "lobby", ".table-card")
        walk.look("/rules/tiles", "rules-tiles", ".ranking.pairs li")
        walk.look("/trainer", "trainer", "#t-start")
        walk.join("/tables/1", "Ann")
        walk.bet()
        walk.dealt("tiles-setting")
    finally:
        walk.close()
    walk.verdict()


def test_every_page_in_zh_hant_has_no_english_left(zh_server: str, browser: Any) -> None:
    """Every page of the issue's list in zh-Hant, at phone and desktop size (each
    screenshot, screenshots/zh-*-{phone,desktop}.png, looked at by a person): the lobby and
    its form for a poker table, the rules pages of both games (and a table's), the trainer
    of both games with a grade, a tiles table and a poker table in each phase (betting,
    setting, the bank offer, the reveal with its reasons), refusals a person meets (a bet
    too big, an amount that is no number, a password too short, a wrong password, a name
    that looks like another's), the account page (a password set and the other browser
    signed out), the history of a table and of every table, a round replayed, and the pages
    that are not there. The glossary's terms are read where they are met (their
    explanation is a term's title) and whole. Every string left in English is listed."""
    from playwright.sync_api import expect

    glossary = __import__("paigow.web.words", fromlist=["glossary_json"]).glossary_json
    left_in_glossary = {k: v for k, v in glossary("zh-Hant").items()
                        if _english_left(k) or _english_left(v)}
    assert not left_in_glossary, left_in_glossary
    walk = Walk(zh_server, browser, shots=True)
    p = walk.page
    try:
        walk.look("/", "lobby", ".table-card")
        p.select_option("#game", "poker")
        expect(p.locator("#ez")).to_be_visible()
        walk.check("lobby-form-poker")
        walk.look("/rules/tiles", "rules-tiles", ".ranking.pairs li")
        walk.look("/rules/poker", "rules-poker", ".ranking.hands li")
        walk.look("/rules/tiles?table=1", "rules-tiles-table", "#table-rules li")
        walk.look("/rules/poker?table=2", "rules-poker-table", "#table-rules li")
        walk.look("/trainer", "trainer", "#t-start")
        walk.look("/tables/1", "tiles-watching", "#join-button")
        # a tiles table: betting (and its refusals), setting, the reveal, the bank offer
        walk.join("/tables/1", "Ann")
        walk.check("tiles-betting")
        for amount, refusal in (("99999", "too-big"), ("abc", "no-number")):
            p.fill("#bet-amount", amount)
            p.click("#bet-button")
            expect(p.locator("#controls .local-error")).to_be_visible()
            walk.check(f"refusal-bet-{refusal}")
        p.fill("#bet-amount", "10")
        walk.bet()
        walk.dealt("tiles-setting")
        walk.reveal("tiles-reveal")
        walk.until_offered("tiles-bank-offer")
        # a poker table, the same phases
        walk.join("/tables/2", None)
        walk.check("poker-betting")
        walk.bet()
        walk.dealt("poker-setting")
        walk.reveal("poker-reveal")
        # the account: a password too short, one set; another browser signs in (after a
        # wrong password), and is signed out when the password changes
        walk.look("/account", "account", "#password-form")
        p.fill("#new-password", "short")
        p.fill("#new-password-2", "short")
        p.click("#password-button")
        expect(p.locator(".local-error")).to_be_visible()
        walk.check("refusal-password-short")
        p.fill("#new-password", "a long secret 1")
        p.fill("#new-password-2", "a long secret 1")
        p.click("#password-button")
        expect(p.locator("#password-done")).to_be_visible()
        walk.check("account-password-set")
        other = walk.other()
        other.goto(zh_server + "/account")
        other.fill("#signin-name", "Ann")
        other.fill("#signin-password", "not the secret")
        other.click("#signin-button")
        expect(other.locator(".local-error")).to_be_visible()
        walk.check("refusal-sign-in", other)
        other.fill("#signin-password", "a long secret 1")
        other.click("#signin-button")
        expect(other.locator("#wallet-card")).to_be_visible()
        walk.look("/account", "account-changing", "#old-password")
        p.fill("#old-password", "a long secret 1")
        p.fill("#new-password", "a longer secret 2")
        p.fill("#new-password-2", "a longer secret 2")
        p.click("#password-button")
        expect(p.locator("#password-done")).to_contain_text("1")
        walk.check("account-others-signed-out")
        # a name that looks like someone else's, from a browser nobody is signed in on
        other.context.clear_cookies()
        other.goto(zh_server + "/tables/1")
        other.fill("#join-name", "\u0410nn")  # a Cyrillic A
        other.click("#join-button")
        expect(other.locator(".local-error")).to_be_visible()
        walk.check("refusal-lookalike-name", other)
        # the history, a round replayed, the pages that are not there
        walk.look("/tables/1/history", "history-table", ".history-round")
        rid = p.locator(".history-links a").first.get_attribute("href")
        walk.look("/history", "history-all", ".history-round")
        walk.look(rid or "/", "round-replayed", "#replay .audit")
        walk.look("/rounds/" + (rid or "").rsplit("/", 1)[-1], "round-any-table", "#replay .audit")
        walk.look("/tables/99", "missing-table", "#missing-title")
        walk.look("/nowhere", "missing-page", "#missing-title")
        walk.look("/tables/1/rounds/abc", "missing-round", "#missing-title")
        # the trainer of both games, each graded
        for game in ("tiles", "poker"):
            walk.look("/trainer", f"trainer-{game}-form", "#t-start")
            p.select_option("#t-game", game)
            p.select_option("#t-drill", "dealer")
            p.click("#t-start")
            expect(p.locator("#setter .piece-btn").first).to_be_visible(timeout=900_000)
            walk.check(f"trainer-{game}-hand")
            p.click("#set-button")
            expect(p.locator(".grade")).to_be_visible(timeout=600_000)
            walk.check(f"trainer-{game}-graded")
    finally:
        walk.close()
    walk.verdict()


class Walk:
    """A person's walk through the pages in zh-Hant (a browser asking for zh-TW): each page
    looked at is checked for English left (:func:`untranslated`) and, with ``shots``,
    photographed at phone and desktop size."""

    NAMES = frozenset({"Ann", "nn", "Tess"})  # the people's names (and the lookalike's Latin part)

    def __init__(self, url: str, browser: Any, shots: bool) -> None:
        self.url, self.browser, self.shots = url, browser, shots
        self.ctx, self.page = _zh_page(browser, PHONE)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.left: dict[str, list[str]] = {}
        self._other: Any = None

    def other(self) -> Any:
        """A second browser (its own cookies), also asking for zh-TW."""
        if self._other is None:
            _ctx, self._other = _zh_page(self.browser, PHONE)
            self._other.on("pageerror", lambda e: self.errors.append(str(e)))
        return self._other

    def look(self, path: str, name: str, ready: str) -> None:
        from playwright.sync_api import expect

        self.page.goto(self.url + path)
        expect(self.page.locator(ready).first).to_be_visible(timeout=60_000)
        self.check(name)

    def check(self, name: str, page: Any = None) -> None:
        page = page or self.page
        page.wait_for_timeout(300)  # (live parts settle: a countdown, a live region)
        found = untranslated(page, self.NAMES)
        if found:
            self.left[name] = found
        if self.shots:
            page.screenshot(path=str(SHOTS / f"zh-{name}-phone.png"), full_page=True)
            page.set_viewport_size(DESKTOP)
            page.wait_for_timeout(300)
            page.screenshot(path=str(SHOTS / f"zh-{name}-desktop.png"), full_page=True)
            found = untranslated(page, self.NAMES)
            if found:
                self.left[f"{name} (desktop)"] = found
            page.set_viewport_size(PHONE)

    def join(self, path: str, name: str | None) -> None:
        """Take a seat at ``path`` (as a new person called ``name``, or as the one signed in),
        up to the bet asked."""
        from playwright.sync_api import expect

        self.page.goto(self.url + path)
        if name is not None:
            self.page.fill("#join-name", name)
        self.page.click("#join-button")
        expect(self.page.locator("#bet-button")).to_be_visible(timeout=120_000)

    def bet(self) -> None:
        from playwright.sync_api import expect

        self.page.click("#bet-button")
        expect(self.page.locator("#bet-button")).to_be_hidden(timeout=60_000)

    def dealt(self, name: str) -> None:
        _until_dealt(type("P", (), {"page": self.page, "name": "Ann"})(), 120)  # type: ignore[arg-type]
        self.check(name)

    def reveal(self, name: str) -> None:
        from playwright.sync_api import expect

        before = self.page.locator("#reveal .story").get_attribute("data-round") \
            if self.page.locator("#reveal .story").count() else None
        self.page.click("#house-button")
        self.page.click("#set-button")
        expect(self.page.locator(f"#reveal .story:not([data-round='{before}'])")).to_be_visible(
            timeout=120_000)
        self.check(name)

    def until_offered(self, name: str, rounds: int = 6) -> None:
        """Play rounds (the house way's setting) until the bank is offered to this seat:
        the offer and its explanation are checked, and refused."""
        from playwright.sync_api import expect

        for _ in range(rounds):
            expect(self.page.locator("#bet-button")).to_be_visible(timeout=120_000)
            self.page.click("#bet-button")
            offer = self.page.locator("#refuse-button")
            setter = self.page.locator("#setter .piece-btn").first
            expect(offer.or_(setter)).to_be_visible(timeout=120_000)
            if offer.is_visible():
                self.check(name)
                offer.click()
                return
            self.reveal(f"{name}-round")
        raise AssertionError(f"the bank was not offered in {rounds} rounds")

    def close(self) -> None:
        self.ctx.close()
        if self._other is not None:
            self._other.context.close()

    def verdict(self) -> None:
        assert not self.errors, self.errors
        assert not self.left, json.dumps(self.left, ensure_ascii=False, indent=1)


def test_the_switch_is_remembered(zh_server: str, browser: Any) -> None:
    """The switch on every page sets the language for the pages after it, whatever the
    browser's Accept-Language says."""
    from playwright.sync_api import expect

    ctx, page = _zh_page(browser, {"width": 390, "height": 844})
    page.goto(zh_server + "/rules/tiles")
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    page.click(".languages a[data-lang='en']")
    expect(page.locator("h1")).to_have_text("How to play Pai Gow tiles")
    assert page.url.endswith("/rules/tiles")  # back where the person was
    page.goto(zh_server + "/trainer")  # Accept-Language still asks for Chinese
    assert page.evaluate("document.documentElement.lang") == "en"
    page.click(".languages a[data-lang='zh-Hans']")
    expect(page.locator("h1")).to_have_text("练习")
    page.goto(zh_server + "/")
    expect(page.locator("h1")).to_have_text("牌桌")
    ctx.close()
