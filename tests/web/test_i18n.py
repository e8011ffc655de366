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
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import test_browser
from test_browser import PHONE, SHOTS, _serve, _stop, _until_dealt, context

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
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    module = (ROOT / "src/paigow/web/static/js/i18n.js").as_uri()
    for lang in ("zh-Hant", "zh-Hans"):
        script = (f"import {{ useCatalog, tr }} from {json.dumps(module)};\n"
                  f"useCatalog({json.dumps(i18n.catalog_json(lang))});\n"
                  f"console.log(JSON.stringify({json.dumps(SAMPLES)}.map(tr)));")
        out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                             text=True, check=True).stdout
        assert json.loads(out) == [i18n.phrase(s, lang) for s in SAMPLES]


# -- the pages ---------------------------------------------------------------------------
#: What the pages may show in Latin letters in Chinese: the brand, the language switch's
#: "English", the pieces' codes and the game's terms that are codes (EV, PDF, SVG), the
#: people's and tables' names (the test's people: Ann, Bo) and the seeds' romanized names
#: beside the characters on a tile's label.
ALLOWED = {"paigow", "English", "EV", "PDF", "SVG", "JOKER", "CHUNG", "US"}


@pytest.fixture(scope="module")
def zh_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
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
    size: the strings left in English are listed, and must be none. The screenshots
    (screenshots/zh-*.png) are looked at by a person."""
    left, errors = _walk(zh_server, browser, full=False)
    assert not errors, errors
    assert not left, json.dumps(left, ensure_ascii=False, indent=1)


@pytest.mark.xfail(strict=True, reason="not all translated yet (docs/i18n.md, 'Not yet'): the "
                   "house ways' rule texts, the poker hands' descriptions, the account, "
                   "history and replay pages")
def test_every_page_in_zh_hant_has_no_english_left(zh_server: str, browser: Any) -> None:
    """Every page of the issue's list, the reveal, a poker table, the poker rules, the
    account and the history too: what is left in English is listed (strict: once it
    passes, the mark goes)."""
    left, errors = _walk(zh_server, browser, full=True)
    assert not errors, errors
    assert not left, json.dumps(left, ensure_ascii=False, indent=1)


def _walk(zh_server: str, browser: Any, full: bool) -> tuple[dict[str, list[str]], list[str]]:
    """Visit the pages in zh-Hant; what each leaves in English, and the script errors."""
    from playwright.sync_api import expect

    ctx, page = _zh_page(browser, PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    names = {"Ann", "Tiles", "Poker", "table", "bot"}  # the tables' and people's names
    left: dict[str, list[str]] = {}

    def look(path: str, shot: str, ready: str) -> None:
        page.goto(zh_server + path)
        expect(page.locator(ready).first).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / shot), full_page=True)
        found = untranslated(page, names)
        if found:
            left[path] = found

    look("/", "zh-lobby-phone.png", ".table-card")
    look("/rules/tiles", "zh-rules-tiles-phone.png", ".ranking.pairs li")
    look("/trainer", "zh-trainer-phone.png", "#t-start")
    if full:
        look("/rules/poker", "zh-rules-poker-phone.png", ".ranking.hands li")
        look("/tables/2", "zh-poker-table-phone.png", ".felt")
    # a tiles table, played: join, bet, set the hand, the reveal
    page.goto(zh_server + "/tables/1")
    page.fill("#join-name", "Ann")
    page.click("#join-button")
    expect(page.locator("#bet-button")).to_be_visible()
    page.click("#bet-button")
    _until_dealt(type("P", (), {"page": page, "name": "Ann"})(), 120)  # type: ignore[arg-type]
    page.screenshot(path=str(SHOTS / "zh-tiles-setter-phone.png"), full_page=True)
    found = untranslated(page, names)
    if found:
        left["/tables/1 (setting)"] = found
    if not full:
        ctx.close()
        return left, errors
    page.click("#house-button")
    page.click("#set-button")
    expect(page.locator("#reveal .story")).to_be_visible()
    page.screenshot(path=str(SHOTS / "zh-tiles-reveal-phone.png"), full_page=True)
    found = untranslated(page, names)
    if found:
        left["/tables/1 (reveal)"] = found
    look("/account", "zh-account-phone.png", "#account h2")
    look("/tables/1/history", "zh-history-phone.png", "#rounds")
    ctx.close()
    return left, errors


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
