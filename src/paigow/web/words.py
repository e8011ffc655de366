"""Plain words for the browser: what a table's rules, ways and codes mean to a player.

The engine speaks in codes (``joker="bug"``, ``push="pai-gow:Q"``, a way's rule named
by the way's code name); a page never shows one. Everything a page says about a rule comes from
here, built from the engine's own descriptions where it has them (a push rule's hand kind
from :func:`paigow.poker.kinds.parse_kind`, a side bet's title and what it reads from its
pay table), so a new push rule or pay table reads in plain words without a list to update.

:data:`GLOSSARY` explains the terms of art a player meets on the page (Gee Joon, pai gow,
copy, foul...): the page shows them on hover and on tap.

>>> push_words("pai-gow:Q")
"a banker's queen-high pai gow pushes every bet"
>>> way_title("tiles", "australian.toml")
'the Australian casino house way (from its rule file)'
>>> plain_rule("house way (australian): australian 6.1: bring the hands close",
...            {"way": "australian", "number": "6.1", "words": "bring the hands close"}, True)
'house way rule 6.1: bring the hands close'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from paigow.table.money import format_money
from paigow.ways import Rule

# -- the terms of art ------------------------------------------------------------------
GLOSSARY: dict[str, str] = {
    "Gee Joon": "The two special tiles, 1-2 and 2-4. Together they are the best pair of "
                "all; alone, each counts 3 or 6 pips, whichever scores more.",
    "Wong": "Teen (6-6) or Day (1-1) with a nine: worth 11, the best hand after the pairs.",
    "Gong": "Teen (6-6) or Day (1-1) with an eight: worth 10, just below a Wong.",
    "high nine": "Teen or Day with a seven: nine points, decided like any nine.",
    "pai gow": "At poker, seven cards that make no pair, straight or flush: the best "
               "five are only high cards. (Pai gow is also the game's name.)",
    "copy": "Two hands exactly equal: a copy goes to the banker.",
    "0-0": "Both hands score zero points: the banker wins, whatever the tiles.",
    "foul": "A poker setting whose two-card hand ranks above its five-card hand. "
            "It is not allowed: the table re-sets it the house way, or the bet is lost, "
            "as the table's rules say.",
    "Chung": "The marker on the place of whoever banks the round.",
    "co-bank": "Bank together with the house: each covers half the bets and takes half "
               "the bank's result; the bank's hand is set the house way.",
    "co-banking": "Banking together with the house: each covers half the bets and takes "
                  "half the bank's result; the bank's hand is set the house way.",
    "house way": "The fixed rules the house follows to set a hand.",
    "commission": "The house's share of a winning bet (5% unless the table says otherwise).",
    "push": "Neither side wins: the bet comes back.",
    "pushes": "Neither side wins: the bet comes back.",
    "joker": "The 53rd card. At most tables it is a bug: it completes a straight or a "
             "flush, and otherwise counts as an ace.",
    "wheel": "A-2-3-4-5, the lowest run of cards, used as a straight.",
    "Envy": "A bonus paid to a Fortune bet for another player's very good hand.",
    "dragon hand": "The hand dealt to an empty place, which a player may buy and play "
                   "against the banker like a seat of their own.",
    "woodpile": "The 32 tiles stacked face down in 8 stacks of 4 before the deal.",
    "sealed deck": "The hash of this round's secret seed, shown before the deal. The seed "
                   "is revealed after the round, so anyone can check that the dice and the "
                   "hands followed from it.",
}


def glossary_json() -> dict[str, str]:
    """The terms and their explanations, for the pages."""
    return dict(GLOSSARY)


# -- house ways and rule codes -----------------------------------------------------------
_WAY_TITLES = {
    ("tiles", "australian"): "the Australian casino house way",
    ("tiles", "luger"): "Luger's split table",
    ("tiles", "luger-banker"): "Luger's split table, banker's column",
    ("tiles", "luger-player"): "Luger's split table, player's column",
    ("tiles", "harrahs"): "Harrah's way",
    ("tiles", "eighty"): "the 80% rules",
    ("poker", "house"): "the house way",
    ("poker", "basic"): "basic strategy",
}


def way_title(game: str, name: str) -> str:
    """A house way's name in words: a built-in way by its title, a shipped rule file
    (``australian.toml``) as the way it writes down, a shipped poker way file by the title
    it gives itself, any other by its name.

    >>> way_title("poker", "ballys-atlantic-city")
    "the Bally's Atlantic City house way"
    >>> way_title("poker", "claridge")
    'the Claridge house way'
    """
    key = name.strip().lower()
    if (game, key) in _WAY_TITLES:
        return _WAY_TITLES[(game, key)]
    if game == "poker" and (titled := _poker_file_title(key)) is not None:
        return titled
    stem = key.removesuffix(".toml")
    if stem != key and (game, stem) in _WAY_TITLES:
        return f"{_WAY_TITLES[(game, stem)]} (from its rule file)"
    if stem != key:
        return f"the {stem.replace('-', ' ')} way (from its rule file)"
    return f"the {key.replace('-', ' ')} way"


@lru_cache(maxsize=64)
def _poker_file_title(name: str) -> str | None:
    """A shipped poker way file's own title, short enough for a menu on a phone: "Claridge
    (Atlantic City) Pai Gow Poker House Way" reads "the Claridge house way" (the game is
    the table's; the city is in the way's source, on How to play). None for a name that is
    no shipped way file."""
    from paigow.errors import PaigowError
    from paigow.poker.ways.file_way import read_way, shipped_path

    if shipped_path(name) is None:
        return None
    try:
        title = read_way(name).title
    except PaigowError:
        return None
    title = re.sub(r"\s+", " ", re.sub(r"Pai Gow Poker|\([^()]*\)", "", title)).strip()
    title = re.sub(r"(?i)\bhouse way$", "house way", title)
    return title[0].lower() + title[1:] if title.startswith("The ") else f"the {title}"


def menu_ways(names: list[str]) -> list[str]:
    """The ways a menu may offer: never a command line's placeholder (``FILE.toml``,
    ``FILE.csv``, ``table:PATH``), which name no way by themselves."""
    return [n for n in names if not n.isupper() and not n.split(".")[0].isupper()
            and ":" not in n]


def without_copies(names: list[str]) -> list[str]:
    """A menu's ways without a shipped rule file of a way the menu offers built in: both
    set every hand alike, and a menu listing "the Australian casino house way" twice (once
    "from its rule file") offers one way under two names. The API still takes either.

    >>> without_copies(["australian", "luger", "australian.toml", "mine.toml"])
    ['australian', 'luger', 'mine.toml']
    """
    return [n for n in names if not (n.endswith(".toml") and n.removesuffix(".toml") in names)]


def plain_rule(rule: str, way_rule: dict[str, Any] | None = None, house: bool = False) -> str:
    """Who or what set a hand, in words: a recorded hand's line ``rule``, its way's
    structured rule (:meth:`paigow.ways.Rule.to_json`; None when a person set it) and
    whether the table's house way set it. The words come from the rule's parts, never from
    the line: a bot banker of the house way reads as the house way.

    >>> r = {"way": "house", "number": "1.1", "words": "no pair: highest card behind"}
    >>> plain_rule("house: house 1.1: no pair: highest card behind", r, house=True)
    'house way rule 1.1: no pair: highest card behind'
    >>> plain_rule("luger-banker: two pairs", {"way": "luger-banker", "number": None,
    ...                                         "words": "two pairs"})
    'the luger-banker way: two pairs'
    >>> plain_rule("person")
    'set by its player'
    """
    if way_rule is not None:
        r = Rule.from_json(way_rule)
        return rule_words(r, "house way" if house else f"the {r.way} way")
    if rule == "person":
        return "set by its player"
    if rule == "person (house way)":
        return "set the house way, by its player's choice"
    return rule


def rule_words(rule: Rule, who: str = "") -> str:
    """A way's rule without the way's code name: ``rule 2.1: one pair: ...``, after
    ``who`` (``"house way"``) when given; a rule with no number is its words after
    ``who``, or its own head (a table file's line) when it has no words.

    >>> rule_words(Rule("house", "2.1", "one pair: pair behind"))
    'rule 2.1: one pair: pair behind'
    >>> rule_words(Rule("australian", "3", "keep the pair of Chop Chit"), "house way")
    'house way rule 3: keep the pair of Chop Chit'
    >>> rule_words(Rule("tables.csv", None, "", cite="tables.csv, line 12"))
    'tables.csv, line 12'
    """
    if rule.number is None:
        if not rule.words:
            return rule.head
        return f"{who}: {rule.words}" if who else rule.words
    ref = f"{who} {rule.ref}" if who else rule.ref
    return f"{ref}: {rule.words}" if rule.words else ref


def _role_words(game: str, banking: bool, dealer: str) -> str:
    other = way_title(game, dealer)
    return (f"as the bank, against a player who sets by {other}" if banking
            else f"as a player, against a bank that sets by {other}")


def trainer_task(ex: dict[str, Any]) -> str:
    """What the trainer asks of a hand (an exercise's ``to_json()``), in words: the ways by
    their titles, never their code names.

    >>> trainer_task({"game": "tiles", "drill": "dealer", "way": "australian",
    ...               "dealer": "australian", "banking": True})
    'set this hand by the Australian casino house way, as the bank, against a player who sets by the Australian casino house way'
    """
    role = _role_words(ex["game"], bool(ex["banking"]), ex["dealer"])
    if ex["drill"] == "dealer":
        return f"set this hand by {way_title(ex['game'], ex['way'])}, {role}"
    return f"set this hand for the best EV, {role}"


def trainer_verdict(g: dict[str, Any]) -> str:
    """A grade (its ``to_json()``) in one sentence for the page, which heads it "Right" or
    "Not quite" already: what the drill asked and what the hand is, the way by its title
    and its rule by number (the rule's words are on the house way's line).

    >>> trainer_verdict({"game": "poker", "drill": "dealer", "way": "house", "house_way": False,
    ...     "optimal": False, "yours": {"foul": False}, "house": {"text": "Ah Ad 4c 3c 2d | 9d 8d"},
    ...     "rule": {"number": "2.1", "text": "one pair"}, "ev_lost": 0.12, "verdict": ""})
    'The house way sets it Ah Ad 4c 3c 2d | 9d 8d (rule 2.1).'
    """
    title = way_title(g["game"], g["way"])
    rule = g["rule"]
    ref = f"rule {rule['number']}" if rule.get("number") else rule["text"]
    if g["yours"]["foul"]:
        engine = str(g["verdict"])
        return "That setting fouls: " + engine.removeprefix("foul: ")
    if g["drill"] == "dealer":
        if g["house_way"]:
            return f"That is how {title} sets it ({ref})."
        return f"{title[0].upper()}{title[1:]} sets it {g['house']['text']} ({ref})."
    if g["optimal"]:
        return "That is the best setting of this hand."
    return f"It gives up {float(g['ev_lost']):.4f} of a unit bet against the best setting."


_CODE = re.compile(r" \((?:pai-gow|low):[2-9TJQKA]\)")


def plain_reason(text: str) -> str:
    """An engine's reason without the rule's code in parentheses (the ledger keeps it).

    >>> plain_reason("the banker's nine-high two-card hand pushes every bet (low:9)")
    "the banker's nine-high two-card hand pushes every bet"
    """
    return _CODE.sub("", text)


def push_words(spec: str) -> str:
    """A push rule in words, from its hand kind's own label (any kind the engine knows)."""
    from paigow.poker.kinds import parse_kind

    kind = parse_kind(spec)
    if kind.spec == "none":
        return ""
    return f"a banker's {kind.label} pushes every bet"


def _joker_words(joker: str) -> str:
    return ("the joker counts as an ace, or completes a straight or a flush" if joker == "bug"
            else "the joker is wild")


def _wheel_words(wheel: str) -> str:
    return ("A-2-3-4-5 is the second-best straight" if wheel == "second"
            else "A-2-3-4-5 is the lowest straight")


def _foul_words(foul: str) -> str:
    return ("a fouled hand is re-set the house way" if foul == "house"
            else "a fouled hand loses its bet")


_DRAGON_LIMITS = {"up-to-main": "up to the buyer's bet", "equal-main": "equal to the buyer's bet",
                  "any": "of any amount"}


def variant_words(game: str, variants: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """Every rule variant a new table may choose (``variants``: name -> its values): its
    title, and each value in words (a push rule from its hand kind's own label)."""
    from paigow.poker.kinds import parse_kind

    titled: dict[str, tuple[str, dict[str, str]]] = {
        # a menu's choices are short enough to be read whole in it, on a phone too
        "gee_joon_tiebreak": ("A single Gee Joon tile in a tie", {
            "ranked": "ranks: 2-4 over the fives, 1-2 last",
            "no_value": "has no value (loses to any tile)"}),
        "joker": ("The joker", {"bug": "an ace, or fills a straight or flush",
                                "wild": "wild (any card)"}),
        "wheel": ("A-2-3-4-5 (the wheel)", {"second": "the second-best straight",
                                            "lowest": "the lowest straight"}),
        "foul": ("A fouled hand", {"house": "is re-set the house way",
                                   "forfeit": "loses its bet"}),
        "push": ("A banker's hand that pushes every bet", {}),
        "bank": ("The bank", {"rotates": "offered to each player in turn",
                              "house": "the house's, every round"}),
        "dragon": ("The dragon hand", {"off": "not offered",
                                       "house": "offered, set by the house way",
                                       "player": "offered, set by its buyer"}),
        "dragon_limit": ("A dragon hand's bet", dict(_DRAGON_LIMITS)),
    }
    out: dict[str, dict[str, Any]] = {}
    for name, values in variants.items():
        title, words = titled.get(name, (name.replace("_", " ").capitalize(), {}))
        shown = {}
        for v in values:
            if name == "push":
                kind = parse_kind(v)
                shown[v] = "none" if kind.spec == "none" else f"a {kind.label}"
            else:
                shown[v] = words.get(v, v.replace("-", " ").replace("_", " "))
        out[name] = {"title": title, "values": shown}
    return out


def rules_words(summary: dict[str, Any], game: str) -> list[str]:
    """A table's rules (:func:`paigow.web.view.table_summary`'s ``rules``) in plain words,
    one short phrase each."""
    r = summary
    out = [r["title"]] if r.get("title") else []
    out.append(f"bets {r['limits']}")
    if r.get("commission_pct") == "0%":
        out.append("no commission")
    else:
        out.append(f"{r['commission_pct']} commission on a win")
    if r.get("flat_fee"):
        out.append(f"a fee of {format_money(r['flat_fee'])} a hand")
    out.append(f"the bank's hand set by {way_title(game, r['house_way'])}")
    if r.get("player_bank") is False:
        out.append("the house banks every round (no player banking)")
    if game == "poker":
        out += [_joker_words(r["joker"]), _wheel_words(r["wheel"]), _foul_words(r["foul"])]
        if r.get("push") and r["push"] != "none":
            out.append(push_words(r["push"]))
        for o in r.get("side_bets", []):
            out.append(f"side bet {o['title']} ({format_money(o['minimum'])} to "
                       f"{format_money(o['maximum'])})")
        if r.get("dragon"):
            d = r["dragon"]
            who = "its buyer" if d["set_by"] == "player" else "the house way"
            out.append(f"the dragon hand for sale, set by {who}, its bet "
                       f"{_DRAGON_LIMITS.get(d['limit'], d['limit'])}")
    elif r.get("gee_joon_tiebreak") == "no_value":
        out.append("a single Gee Joon tile has no value in a tie")
    return out


def side_bet_words(reads: str) -> str:
    """What a side bet reads, from the offer's own words (``SideBetOffer.reads``).

    >>> side_bet_words("the banker's two-card hand as set")
    "on the banker's two-card hand as set"
    """
    return f"on {reads}"


def count_words(n: int, one: str, many: str | None = None) -> str:
    """``1 hand``, ``2 hands``: never "1 hands".

    >>> count_words(1, "hand"), count_words(3, "hand"), count_words(2, "story", "stories")
    ('1 hand', '3 hands', '2 stories')
    """
    return f"{n:,} {one if n == 1 else (many or one + 's')}"
