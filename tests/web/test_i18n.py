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
from test_browser import PHONE, SHOTS, _serve, _stop, _until_dealt

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
    ctx = browser.new_context(viewport=viewport, locale="zh-TW",
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
    expect(page.locator("#bet-button")).to_be_visible(timeout=60_000)
    page.click("#bet-button")
    _until_dealt(type("P", (), {"page": page, "name": "Ann"})(), 60)  # type: ignore[arg-type]
    page.screenshot(path=str(SHOTS / "zh-tiles-setter-phone.png"), full_page=True)
    found = untranslated(page, names)
    if found:
        left["/tables/1 (setting)"] = found
    if not full:
        ctx.close()
        return left, errors
    page.click("#house-button")
    page.click("#set-button")
    expect(page.locator("#reveal .story")).to_be_visible(timeout=60_000)
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
