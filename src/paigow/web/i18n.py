"""The browser in English, Traditional Chinese (zh-Hant) and Simplified Chinese (zh-Hans).

gettext catalogs through Babel (docs/i18n.md): the sources are ``locale/*/LC_MESSAGES/
messages.po`` beside this file, compiled to ``.mo`` (``python scripts/i18n.py compile``,
committed, so a wheel needs no build step; a test checks each ``.mo`` is its ``.po``).

* **Which language**: the ``paigow_lang`` cookie (the switch on every page sets it), else
  the browser's ``Accept-Language`` (:func:`negotiate`), else English.
* **The server's words** (templates, :mod:`paigow.web.words`, refusals): translated for the
  request's language (:func:`use`, :func:`gettext`).
* **The page's scripts** get the same catalog as JSON (:func:`catalog_json`), and translate
  their own words (``t()`` in ``static/js/i18n.js``) and the server's (``tr()``).
* **The engine's phrases** ("tie at 7 points: the banker's highest tile Gor (3-1)
  outranks the player's Bon (2-2)") are English text made by the core, which knows no
  catalog, and kept as text in the ledger. A catalog entry with ``{placeholders}`` is a
  *template*: :func:`phrase` matches a text against the templates and translates the
  parts it captured the same way, so a reason read back from the ledger years later
  reads in Chinese too. ``static/js/i18n.js`` does the same with the same templates
  (tests/web/test_i18n.py checks the two agree).

>>> phrase("tie at 7 points: the banker's highest tile Gor (3-1) outranks the player's Bon (2-2)", "zh-Hant")
'同為7點比大牌：莊家最大的牌鵝（3-1）大於閒家的板（2-2）'
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, timedelta
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from paigow.phrasing import Money, Msg, arg_from_json

HERE = Path(__file__).parent
LOCALE_DIR = HERE / "locale"
DOMAIN = "messages"

#: The languages offered, as the page names them (BCP 47) and as gettext stores them.
LANGUAGES: dict[str, str] = {"en": "en", "zh-Hant": "zh_Hant", "zh-Hans": "zh_Hans"}
#: Each language in its own words, for the switch.
NATIVE: dict[str, str] = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
DEFAULT = "en"
COOKIE = "paigow_lang"

_current: ContextVar[str] = ContextVar("paigow_lang", default=DEFAULT)


def N_(message: str) -> str:  # gettext's name for "mark only"
    """Mark ``message`` for the catalog without translating it here (a template the
    engine fills, translated later by :func:`phrase`)."""
    return message


# -- which language ---------------------------------------------------------------------
_HANT_REGIONS = {"tw", "hk", "mo"}


def language_of(tag: str) -> str | None:
    """The offered language a BCP 47 tag asks for, or None: ``zh-TW``, ``zh-HK``,
    ``zh-MO`` and ``zh-Hant-*`` read Traditional; ``zh``, ``zh-CN``, ``zh-SG``,
    ``zh-Hans-*`` Simplified; ``en-*`` English.

    >>> [language_of(t) for t in ("zh-HK", "zh-Hant", "zh-cn", "zh", "en-GB", "fr", "ZH-MO")]
    ['zh-Hant', 'zh-Hant', 'zh-Hans', 'zh-Hans', 'en', None, 'zh-Hant']
    """
    parts = [p.lower() for p in tag.strip().replace("_", "-").split("-") if p]
    if not parts:
        return None
    if parts[0] == "en":
        return "en"
    if parts[0] != "zh":
        return None
    rest = set(parts[1:])
    if "hant" in rest or rest & _HANT_REGIONS:
        return "zh-Hant"
    return "zh-Hans"


def negotiate(accept_language: str | None, cookie: str | None = None) -> str:
    """The language of a request: the cookie's when it names one offered, else the first
    offered of ``Accept-Language`` by quality (RFC 9110), else English.

    >>> negotiate("fr-FR, zh-TW;q=0.8, en;q=0.5")
    'zh-Hant'
    >>> negotiate("zh-TW", cookie="en"), negotiate(None), negotiate("de;q=1, *;q=0.1")
    ('en', 'en', 'en')
    """
    if cookie in LANGUAGES:
        return cookie
    if not accept_language:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")[:32]):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        lang = language_of(tag)
        if lang is not None and q > 0:
            ranked.append((-q, i, lang))
    return min(ranked)[2] if ranked else DEFAULT


def current() -> str:
    """The language of the request being answered (English outside one)."""
    return _current.get()


@contextmanager
def use(lang: str) -> Iterator[None]:
    """Answer in ``lang`` within the block (a request, a test)."""
    token = _current.set(lang if lang in LANGUAGES else DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


# -- the catalogs -----------------------------------------------------------------------
@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: none, the messages are English)."""
    code = LANGUAGES.get(lang)
    if code is None or code == "en":
        return _gettext.NullTranslations()
    from babel.support import Translations

    return Translations.load(str(LOCALE_DIR), [code], DOMAIN)


@cache
def _catalog(lang: str) -> dict[Any, str]:
    """The compiled catalog of ``lang``, with the tiles' names from the one table of
    names (:mod:`paigow.tiles.names`): "Teen" reads 天, "Chop Gow" 紮九 (the engine names
    the pairs by the seeds' romanization)."""
    found: dict[Any, str] = dict(getattr(translations(lang), "_catalog", {}))
    if lang in ("zh-Hant", "zh-Hans"):
        from paigow.tiles.names import PAIRS, Script

        script: Script = "hans" if lang == "zh-Hans" else "hant"
        for names in PAIRS:
            found.setdefault(names.romanization, names.zh(script))
    return found


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (the current request's by default)."""
    return translations(lang or current()).gettext(message)


def ngettext(one: str, many: str, n: int, lang: str | None = None) -> str:
    """The singular or plural ``message`` for ``n`` in ``lang``."""
    return translations(lang or current()).ngettext(one, many, n)


_ = gettext


def t(message: str, lang: str | None = None, **args: Any) -> str:
    """``message`` translated, then its ``{placeholders}`` filled (the page's ``t()``).

    >>> t("Round {n}: the reveal", "zh-Hant", n=7)
    '第 7 局：開牌'
    """
    text = gettext(message, lang)
    return text.format(**args) if args else text


# -- the engine's phrases ---------------------------------------------------------------
_SLOT = re.compile(r"\{(\w+)\}")


#: Placeholders that name a tile pair (the engine's templates call them so): they match
#: only a pair's name, so "pair of tens" (a poker hand) is never read as the tile game's
#: "pair of {pair}". The page's script reads the same names from the catalog (``names``).
PAIR_SLOTS = frozenset({"pair", "other_pair", "lead"})


@cache
def pair_names() -> tuple[str, ...]:
    """The tile pairs' names as the engine writes them (the seeds' romanization)."""
    from paigow.tiles.names import PAIRS

    return tuple(sorted((n.romanization for n in PAIRS), key=len, reverse=True))


@lru_cache(maxsize=8)
def templates(lang: str) -> tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...]:
    """The catalog's templates (entries with ``{placeholders}``) as patterns matching
    the English they make, the most specific (the most fixed text) first."""
    found = []
    names = "|".join(re.escape(n) for n in pair_names())
    for msgid, msgstr in _catalog(lang).items():
        if not isinstance(msgid, str) or not msgstr or "{" not in msgid:
            continue
        slots = tuple(_SLOT.findall(msgid))
        if not slots:
            continue
        fixed = len(_SLOT.sub("", msgid))
        parts = _SLOT.split(msgid)
        pattern = "".join(re.escape(p) if i % 2 == 0 else
                          f"(?P<{p}>{names})" if p in PAIR_SLOTS else f"(?P<{p}>.+?)"
                          for i, p in enumerate(parts))
        try:
            rx = re.compile(f"^{pattern}$", re.S)
        except re.error:  # a placeholder used twice: not a template phrase() can read
            continue
        found.append((fixed, rx, msgstr, slots))
    found.sort(key=lambda x: -x[0])
    return tuple((rx, msgstr, slots) for _, rx, msgstr, slots in found)


def phrase(text: str, lang: str | None = None, _depth: int = 0) -> str:
    """An English text made by the engine or the server, in ``lang``: a message of the
    catalog as it stands, else the first template it matches, its captured parts
    translated the same way (numbers, tiles, cards and names stay as they are).

    >>> phrase("pair of Teen", "zh-Hant"), phrase("Ann", "zh-Hant"), phrase("7 points", "en")
    ('雙天', 'Ann', '7 points')
    """
    lang = lang or current()
    if lang == DEFAULT or not text:
        return text
    return _phrase(text, lang, _depth)


@lru_cache(maxsize=65536)
def _phrase(text: str, lang: str, depth: int) -> str:
    catalog = _catalog(lang)
    exact = catalog.get(text)
    if exact:
        return str(exact)
    if depth > 6:
        return text
    for rx, msgstr, slots in templates(lang):
        m = rx.match(text)
        if m is None:
            continue
        args = {s: _phrase(m.group(s), lang, depth + 1) for s in slots}
        try:
            return msgstr.format(**args)
        except (KeyError, IndexError, ValueError):
            return text
    if re.match(r"[A-Z][a-z]", text):  # "The house banks": as "the house banks"
        lower = text[0].lower() + text[1:]
        said = _phrase(lower, lang, depth + 1)
        if said != lower:
            return said
    if len(text) > 1 and text.endswith("."):  # a phrase made a sentence: "the house banks."
        said = _phrase(text[:-1], lang, depth + 1)
        if said != text[:-1]:
            return said + gettext(".", lang)
    return text


# -- structured messages -------------------------------------------------------------------
def say(value: Any, lang: str | None = None) -> str:
    """What the page's ``say()`` (``static/js/i18n.js``) makes of ``value``, on the server:
    a :class:`~paigow.phrasing.Msg` (or its parts, :meth:`~paigow.phrasing.Msg.to_json`)
    from its catalog message, its parameters said the same way (an amount in the
    language's format, a name as it is); a plain text, read back (:func:`phrase`: an
    English text kept in the ledger).

    >>> say(Msg("seat {seat} is taken: choose a free one", seat=3), "zh-Hant")
    '座位 3 已有人：請選空位'
    >>> say(Msg("a fee of {fee} a hand", fee=Money(150)), "zh-Hant"), say(Money(-5), "en")
    ('每手收費 US$1.50', '-$0.05')
    """
    lang = lang or current()
    if value is None:
        return ""
    if isinstance(value, dict):
        value = arg_from_json(value)
    if isinstance(value, Msg):
        return _say_msg(value, lang)
    if isinstance(value, Money):
        return money(value.cents, lang)
    return phrase(str(value), lang)


def _say_msg(m: Msg, lang: str) -> str:
    if not m.id:
        return ""
    if lang == DEFAULT:
        return str(m)  # its English (an amount as the page's Intl says it: the tests check)
    if not m.args:
        found = _catalog(lang).get(m.id)
        return str(found) if found else phrase(m.id, lang)  # an engine's phrase: read back
    template = str(_catalog(lang).get(m.id) or m.id)
    args = {k: _say_msg(v, lang) if isinstance(v, Msg) else money(v.cents, lang)
            if isinstance(v, Money) else str(v) for k, v in m.args.items()}
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder
        return m.id.format(**args)


def sentence(value: Any, lang: str | None = None) -> str:
    """``value`` said (:func:`say`) as a sentence: in English capitalised, with a full stop;
    in Chinese with the catalog's full stop (。). The page's ``sentence()`` agrees.

    >>> sentence(Msg("the table is closed"), "en"), sentence(Msg("the table is closed"), "zh-Hant")
    ('The table is closed.', '牌桌已關閉。')
    """
    lang = lang or current()
    text = say(value, lang)
    if not text:
        return text
    if lang == DEFAULT:
        return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")
    stop = gettext(".", lang)
    return text if text.endswith(stop) else text + stop


#: The locale Babel formats with, for each language offered (CLDR's; the page's ``Intl``
#: reads the same data for its language tag).
BABEL_LOCALES: dict[str, str] = {"en": "en", "zh-Hant": "zh_Hant", "zh-Hans": "zh_Hans"}


def money(cents: int, lang: str | None = None) -> str:
    """An amount in ``lang``'s format (Babel, CLDR): the page's ``formatMoney`` agrees.

    >>> money(123450, "en"), money(-5, "zh-Hant")
    ('$1,234.50', '-US$0.05')
    """
    from decimal import Decimal

    from babel.numbers import format_currency

    return format_currency(Decimal(int(cents)) / 100, "USD",
                           locale=BABEL_LOCALES.get(lang or current(), "en"))


def number(n: float, lang: str | None = None) -> str:
    """A number in ``lang``'s format (grouping, decimal sign): the page's ``formatNumber``
    agrees.

    >>> number(1234567, "zh-Hant"), number(0.5, "en")
    ('1,234,567', '0.5')
    """
    from babel.numbers import format_decimal

    return format_decimal(n, locale=BABEL_LOCALES.get(lang or current(), "en"))


def when(moment: Any, lang: str | None = None, tz: Any = None) -> str:
    """A moment (an aware ``datetime``) as a date of medium length and a short time in
    ``lang`` (CLDR's pattern joining them), in the time zone ``tz`` (UTC by default): the
    page's ``formatWhen`` agrees.

    >>> from datetime import datetime, timezone
    >>> when(datetime(2026, 11, 27, 15, 4, tzinfo=timezone.utc), "zh-Hant")
    '2026年11月27日 下午3:04'
    """

    from babel.dates import format_date, format_time, get_datetime_format

    loc = BABEL_LOCALES.get(lang or current(), "en")
    zone = tz or UTC
    local = moment.astimezone(zone)
    # ICU (the page's Intl) never names CLDR's "midnight" day period (zh: 午夜) where Babel
    # does: exactly midnight is said as the second after it (the minute shown the same)
    clock = local + timedelta(seconds=1) if (local.hour, local.minute, local.second) == (
        0, 0, 0) else local
    pattern = str(get_datetime_format("medium", locale=loc))
    said = (pattern.replace("{1}", format_date(local, "medium", locale=loc))
            .replace("{0}", format_time(clock, "short", locale=loc, tzinfo=zone)))
    # CLDR puts a narrow no-break space before "PM"; browsers write a plain one (Chromium
    # went back to it for the web's sake): the server writes what the page writes
    return said.replace("\u202f", " ")


def catalog_json(lang: str) -> dict[str, Any]:
    """The catalog for the page's scripts: every message and template with its
    translation (English: empty, the page's words are English), and the plural rule's
    forms as ``[singular, plural]`` pairs kept under the singular."""
    if lang == DEFAULT:
        return {"lang": lang, "messages": {}, "names": list(pair_names())}
    messages: dict[str, Any] = {}
    for msgid, msgstr in _catalog(lang).items():
        if isinstance(msgid, tuple):  # (singular, n): Chinese has one form
            if msgid[1] == 0 and msgstr:
                messages.setdefault(msgid[0], msgstr)
        elif msgid and msgstr:
            messages[msgid] = msgstr
    return {"lang": lang, "messages": messages, "names": list(pair_names())}


#: Words the pages show from codes and from the server's view (a seat's status, what a
#: table is doing, a round's outcome, a card's rank and suit...): marked here so that the
#: catalog holds them (``tr()`` and ``t()`` of a variable read them from it).
CODES: tuple[str, ...] = (
    # what a table is doing (TableHost.doing) and a seat's status (view._status)
    N_("starting"), N_("taking bets"), N_("offering the bank"), N_("setting hands"),
    N_("waiting for a person to join"), N_("waiting: everyone here sits out"),
    N_("stopped"), N_("closed"), N_("error"), N_("waiting"), N_("betting"), N_("bet in"),
    N_("sits out"), N_("sat out"), N_("sat out (away)"), N_("joins next round"),
    N_("deciding on the bank"),
    N_("setting the dragon hand"), N_("setting the hand"), N_("set"), N_("in"),
    N_("banks"), N_("co-banks with the house"), N_("bot"), N_("the house"),
    # who banks (view.banker_words)
    N_("the house banks"), N_("you bank"), N_("you co-bank with the house"),
    N_("{who} banks"), N_("{who} co-banks with the house"), N_("seat {seat}"),
    # the link, outcomes
    N_("live"), N_("connecting"), N_("reconnecting"), N_("win"), N_("lose"), N_("push"),
    N_("forfeit"),
    # the table acting for a person
    N_("No bet in time: you sat this round out."),
    N_("No answer to the bank offer in time: refused."),
    # cards
    N_("ace"), N_("king"), N_("queen"), N_("jack"), N_("ten"), N_("nine"), N_("eight"),
    N_("seven"), N_("six"), N_("five"), N_("four"), N_("three"), N_("two"),
    N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"),
    # the high nine named by its tile (i18n.js handName)
    N_("Teen high nine"), N_("Day high nine"),
    # the lobby's titles of the games
    N_("Pai Gow tiles"), N_("Pai Gow Poker"), N_("EZ Pai Gow"),
    N_("Commission-Free Pai Gow Poker"),
    # page titles
    N_("paigow: the tables"), N_("paigow: the trainer"), N_("paigow: you"),
    N_("How to play Pai Gow tiles"), N_("How to play Pai Gow Poker"),
    N_("{table}: your rounds"), N_("{table}: a round"), N_("Your rounds at every table"),
    N_("A round of yours"),
    # the tables' limits (BetLimits.describe)
    N_("{low} to {high}"), N_("at least {low}"),
    # why a bet was won, lost or pushed (table.engine.REASONS)
    N_("won both hands"), N_("lost both hands (copies go to the banker)"),
    N_("one hand each: a push"), N_("the banker's hand pushes every bet"),
    N_("fouled hand: the bet is forfeit"),
    # the default names of the tables the server opens
    N_("Tiles table {n}"), N_("Poker table {n}"),
    # the felt's note on the deal (felt.js), the reveal's rows (story.js)
    N_("Dice {dice} = {total}, counted {from}: {to} takes the first stack."),
    N_("Dice {dice} = {total}, counted {from}: {to} takes the first hand."),
    N_(" (you)"), N_(": "), N_("Dragon hand (place {place}), bought by seat {seat} · {name}"),
    N_("{title} Envy bonus"), N_(" (place {place})"), N_(", pays {pays} to 1"),
    N_(", "), N_("; "),
    # the poker way the seeds describe (its strategy card's title)
    N_("the seeds' house way"),
    # a card's rank by its symbol where it stands alone ("T high"): ten is 10 in Chinese
    N_("T"),
    # the games by their codes, a practice's phases, a round's status (said in refusals)
    N_("tiles"), N_("poker"), N_("preparing"), N_("grading"), N_("dealing"), N_("ready"),
    N_("graded"), N_("failed"), N_("open"), N_("settled"), N_("void"),
    # a card room's words for a table gone (web/room.py, kept in its directory)
    N_("playing a round"), N_("the table closed"), N_("the server stopped"),
    N_("the server holding it stopped; a round in play there was voided and its bets "
       "returned"),
)
