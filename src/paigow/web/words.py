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

from paigow.phrasing import N_, NOTHING, Money, Msg
from paigow.poker.cards import RANKS
from paigow.ways import Rule

# -- the terms of art ------------------------------------------------------------------
GLOSSARY: dict[str, str] = {
    N_("Gee Joon"): N_("The two special tiles, 1-2 and 2-4. Together they are the best pair of "
                "all; alone, each counts 3 or 6 pips, whichever scores more."),
    N_("Wong"): N_("Teen (6-6) or Day (1-1) with a nine: worth 11, the best hand after the pairs."),
    N_("Gong"): N_("Teen (6-6) or Day (1-1) with an eight: worth 10, just below a Wong."),
    N_("high nine"): N_("Teen or Day with a seven: nine points, decided like any nine."),
    N_("pai gow"): N_("At poker, seven cards that make no pair, straight or flush: the best "
               "five are only high cards. (Pai gow is also the game's name.)"),
    N_("copy"): N_("Two hands exactly equal: a copy goes to the banker."),
    N_("0-0"): N_("Both hands score zero points: the banker wins, whatever the tiles."),
    N_("foul"): N_("A poker setting whose two-card hand ranks above its five-card hand. "
            "It is not allowed: the table re-sets it the house way, or the bet is lost, "
            "as the table's rules say."),
    N_("Chung"): N_("The marker on the place of whoever banks the round."),
    N_("co-bank"): N_("Bank together with the house: each covers half the bets and takes half "
               "the bank's result; the bank's hand is set the house way."),
    N_("co-banking"): N_("Banking together with the house: each covers half the bets and takes "
                  "half the bank's result; the bank's hand is set the house way."),
    N_("house way"): N_("The fixed rules the house follows to set a hand."),
    N_("commission"): N_("The house's share of a winning bet (5% unless the table says otherwise)."),
    N_("push"): N_("Neither side wins: the bet comes back."),
    N_("pushes"): N_("Neither side wins: the bet comes back."),
    N_("joker"): N_("The 53rd card. At most tables it is a bug: it completes a straight or a "
             "flush, and otherwise counts as an ace."),
    N_("wheel"): N_("A-2-3-4-5, the lowest run of cards, used as a straight."),
    N_("Envy"): N_("A bonus paid to a Fortune bet for another player's very good hand."),
    N_("dragon hand"): N_("The hand dealt to an empty place, which a player may buy and play "
                   "against the banker like a seat of their own."),
    N_("woodpile"): N_("The 32 tiles stacked face down in 8 stacks of 4 before the deal."),
    N_("sealed deck"): N_("The hash of this round's secret seed, shown before the deal. The seed "
                   "is revealed after the round, so anyone can check that the dice and the "
                   "hands followed from it."),
}


def glossary_json(lang: str = "en") -> dict[str, str]:
    """The terms and their explanations, for the pages, in ``lang`` (the terms as a
    player of that language meets them on the page)."""
    from paigow.web.i18n import gettext

    return {gettext(k, lang): gettext(v, lang) for k, v in GLOSSARY.items()}


# -- house ways and rule codes -----------------------------------------------------------
_WAY_TITLES = {
    ("tiles", "australian"): N_("the Australian casino house way"),
    ("tiles", "derived-australian"): N_("the learned card against the Australian way"),
    ("tiles", "luger"): N_("Luger's split table"),
    ("tiles", "luger-banker"): N_("Luger's split table, banker's column"),
    ("tiles", "luger-player"): N_("Luger's split table, player's column"),
    ("tiles", "harrahs"): N_("Harrah's way"),
    ("tiles", "eighty"): N_("the 80% rules"),
    ("poker", "house"): N_("the house way"),
    # the house way's own rule file (it sets every hand alike)
    ("poker", "seeds"): N_("the house way"),
    ("poker", "basic"): N_("basic strategy"),
}
# a shipped rule file that is a way of its own (no built-in way sets hands alike): its
# title, as a built-in way has one (a menu never says "from its rule file" of it)
_FILE_WAY_TITLES = {
    ("tiles", "derived-australian"): N_("the learned player's way"),
}
# a shipped rule file that is a built-in way written down (both set every hand alike): a
# menu offering the built-in way leaves the file out (the API still takes either)
_FILE_OF_BUILT_IN = {"seeds": "house"}


def way_title(game: str, name: str) -> Msg:
    """A house way's name in words: a built-in way by its title, a shipped rule file
    (``australian.toml``) as the way it writes down, a shipped poker way file by the title
    it gives itself, any other by its name.

    >>> way_title("poker", "ballys-atlantic-city")
    "the Bally's Atlantic City house way"
    >>> way_title("poker", "claridge")
    'the Claridge house way'
    >>> way_title("tiles", "derived-australian.toml")
    "the learned player's way"
    """
    key = name.strip().lower()
    if (game, key) in _WAY_TITLES:
        return Msg(_WAY_TITLES[(game, key)])
    if game == "poker" and (titled := _poker_file_title(key)) is not None:
        return titled
    stem = key.removesuffix(".toml")
    if stem != key and (game, stem) in _FILE_WAY_TITLES:
        return Msg(_FILE_WAY_TITLES[(game, stem)])
    if stem != key and (game, stem) in _WAY_TITLES:
        return Msg("{way} (from its rule file)", way=Msg(_WAY_TITLES[(game, stem)]))
    if stem != key:
        return Msg("the {name} way (from its rule file)", name=stem.replace("-", " "))
    return Msg("the {name} way", name=key.replace("-", " "))


@lru_cache(maxsize=64)
def _poker_file_title(name: str) -> Msg | None:
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
    way = re.match(r"(?i)^(?:the )?(.*?)\s*\bhouse way$", title)
    if way is not None:  # "the Claridge house way", one template for every casino's
        return (Msg("the {name} house way", name=Msg(way.group(1))) if way.group(1)
                else Msg("the house way"))
    said = title[0].lower() + title[1:] if title.startswith("The ") else "the " + title
    return Msg(said)


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
    >>> without_copies(["house", "foxwoods", "seeds"])  # the house way's own file
    ['house', 'foxwoods']
    """
    return [n for n in names if not (n.endswith(".toml") and n.removesuffix(".toml") in names)
            and _FILE_OF_BUILT_IN.get(n) not in names]


def plain_rule(rule: str, way_rule: dict[str, Any] | None = None, house: bool = False) -> Msg:
    """Who or what set a hand, in words: a recorded hand's line ``rule``, its way's
    structured rule (:meth:`paigow.ways.Rule.to_json`; None when a person set it) and
    whether the table's house way set it. The words come from the rule's parts, never from
    the line: a bot banker of the house way reads as the house way.

    >>> r = {"way": "house", "number": "1.1", "words": "no pair: highest card behind"}
    >>> plain_rule("house: house 1.1: no pair: highest card behind", r, house=True)
    'house way rule 1.1: no pair: highest card behind'
    >>> plain_rule("luger-banker: two pairs", {"way": "luger-banker", "number": None,
    ...                                         "words": "two pairs"})
    'the luger-banker way, two pairs'
    >>> plain_rule("person")
    'set by its player'
    """
    if way_rule is not None:
        r = way_rule if isinstance(way_rule, Rule) else Rule.from_json(way_rule)
        if house:
            return Msg("house way {rule}", rule=rule_words(r))
        return Msg("the {way} way, {rule}", way=r.way, rule=rule_words(r))
    if rule == "person":
        return Msg("set by its player")
    if rule == "person (house way)":
        return Msg("set the house way, by its player's choice")
    return Msg(rule)


def rule_words(rule: Rule) -> Msg:
    """A way's rule without the way's code name: ``rule 2.1: one pair: ...``; a rule with
    no number is its words, or its own head (a table file's line) when it has none.

    >>> rule_words(Rule("house", "2.1", "one pair: pair behind"))
    'rule 2.1: one pair: pair behind'
    >>> rule_words(Rule("australian", "3", "keep the pair of Chop Chit"))
    'rule 3: keep the pair of Chop Chit'
    >>> rule_words(Rule("tables.csv", None, "", cite="tables.csv, line 12"))
    'tables.csv, line 12'
    """
    if rule.number is None:
        return as_msg(rule.words or rule.head)
    if rule.words:
        return Msg("rule {number}: {text}", number=rule.number, text=as_msg(rule.words))
    return Msg("rule {number}", number=rule.number)


def as_msg(text: str) -> Msg:
    """``text`` as a message: a :class:`Msg` as it is; a plain text (a way file's rule, a
    rule read back from the ledger) as a catalog message of its own (the catalog holds
    every shipped way's rules; a text it lacks is read back through its templates)."""
    return text if isinstance(text, Msg) else Msg(text)


def _role_words(game: str, banking: bool, dealer: str) -> Msg:
    other = way_title(game, dealer)
    return (Msg("as the bank, against a player who sets by {way}", way=other) if banking
            else Msg("as a player, against a bank that sets by {way}", way=other))


def trainer_task(ex: dict[str, Any]) -> Msg:
    """What the trainer asks of a hand (an exercise's ``to_json()``), in words: the ways by
    their titles, never their code names.

    >>> trainer_task({"game": "tiles", "drill": "dealer", "way": "australian",
    ...               "dealer": "australian", "banking": True})
    'set this hand by the Australian casino house way, as the bank, against a player who sets by the Australian casino house way'
    """
    role = _role_words(ex["game"], bool(ex["banking"]), ex["dealer"])
    if ex["drill"] == "dealer":
        return Msg("set this hand by {way}, {role}", way=way_title(ex["game"], ex["way"]),
                   role=role)
    return Msg("set this hand for the best EV, {role}", role=role)


def trainer_verdict(g: dict[str, Any]) -> Msg:
    """A grade (its ``to_json()``) in one sentence for the page (which heads it "Right" or
    "Not quite" already, and starts it with a capital in English): what the drill asked and what the hand is, the way by its title
    and its rule by number (the rule's words are on the house way's line).

    >>> trainer_verdict({"game": "poker", "drill": "dealer", "way": "house", "house_way": False,
    ...     "optimal": False, "yours": {"foul": False}, "house": {"text": "Ah Ad 4c 3c 2d | 9d 8d"},
    ...     "rule": {"number": "2.1", "text": "one pair"}, "ev_lost": 0.12, "verdict": ""})
    'the house way sets it Ah Ad 4c 3c 2d | 9d 8d (rule 2.1).'
    """
    title = way_title(g["game"], g["way"])
    rule = g["rule"]
    ref = (Msg("rule {number}", number=rule["number"]) if rule.get("number")
           else as_msg(rule["text"]))
    if g["yours"]["foul"]:
        engine = g["verdict"]
        why = (engine.args["why"] if isinstance(engine, Msg) and "why" in engine.args
               else Msg(str(engine).removeprefix("foul: ")))
        return Msg("That setting fouls: {why}", why=why)
    if g["drill"] == "dealer":
        if g["house_way"]:
            return Msg("That is how {way} sets it ({rule}).", way=title, rule=ref)
        return Msg("{way} sets it {setting} ({rule}).", way=title,
                   setting=g["house"]["text"], rule=ref)
    if g["optimal"]:
        return Msg("That is the best setting of this hand.")
    ev = f"{float(g['ev_lost']):.4f}"
    return Msg("It gives up {ev} of a unit bet against the best setting.", ev=ev)



_CODE = re.compile(rf" \((?:pai-gow|low):[{RANKS}]\)")


def plain_reason(text: str) -> str:
    """A recorded reason without the push rule's code in parentheses: the engine says
    none since 1.0, but rounds recorded before kept it in their text.

    >>> plain_reason("the banker's nine-high two-card hand pushes every bet (low:9)")
    "the banker's nine-high two-card hand pushes every bet"
    """
    return _CODE.sub("", text)


def push_words(spec: str) -> Msg:
    """A push rule in words, from its hand kind's own label (any kind the engine knows)."""
    from paigow.poker.kinds import parse_kind

    kind = parse_kind(spec)
    if kind.spec == "none":
        return NOTHING
    return Msg("a banker's {kind} pushes every bet", kind=as_msg(kind.label))


def _joker_words(joker: str) -> Msg:
    return (Msg("the joker counts as an ace, or completes a straight or a flush")
            if joker == "bug" else Msg("the joker is wild"))


def _wheel_words(wheel: str) -> Msg:
    return (Msg("A-2-3-4-5 is the second-best straight") if wheel == "second"
            else Msg("A-2-3-4-5 is the lowest straight"))


def _foul_words(foul: str) -> Msg:
    return (Msg("a fouled hand is re-set the house way") if foul == "house"
            else Msg("a fouled hand loses its bet"))


_DRAGON_LIMITS = {"up-to-main": N_("up to the buyer's bet"),
                  "equal-main": N_("equal to the buyer's bet"), "any": N_("of any amount")}


def variant_words(game: str, variants: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """Every rule variant a new table may choose (``variants``: name -> its values): its
    title, and each value in words (a push rule from its hand kind's own label)."""
    from paigow.poker.kinds import parse_kind

    titled: dict[str, tuple[str, dict[str, str]]] = {
        # a menu's choices are short enough to be read whole in it, on a phone too
        "gee_joon_tiebreak": (N_("A single Gee Joon tile in a tie"), {
            "ranked": N_("ranks: 2-4 over the fives, 1-2 last"),
            "no_value": N_("has no value (loses to any tile)")}),
        "joker": (N_("The joker"), {"bug": N_("an ace, or fills a straight or flush"),
                                    "wild": N_("wild (any card)")}),
        "wheel": (N_("A-2-3-4-5 (the wheel)"), {"second": N_("the second-best straight"),
                                                "lowest": N_("the lowest straight")}),
        "foul": (N_("A fouled hand"), {"house": N_("is re-set the house way"),
                                       "forfeit": N_("loses its bet")}),
        "push": (N_("A banker's hand that pushes every bet"), {}),
        "bank": (N_("The bank"), {"rotates": N_("offered to each player in turn"),
                                  "house": N_("the house's, every round")}),
        "dragon": (N_("The dragon hand"), {"off": N_("not offered"),
                                           "house": N_("offered, set by the house way"),
                                           "player": N_("offered, set by its buyer")}),
        "dragon_limit": (N_("A dragon hand's bet"), dict(_DRAGON_LIMITS)),
    }
    out: dict[str, dict[str, Any]] = {}
    for name, values in variants.items():
        title, words = titled.get(name, (name.replace("_", " ").capitalize(), {}))
        shown: dict[str, Msg] = {}
        for v in values:
            if name == "push":
                kind = parse_kind(v)
                shown[v] = Msg("none") if kind.spec == "none" else Msg(
                    "a {kind}", kind=as_msg(kind.label))
            else:
                shown[v] = Msg(words.get(v, v.replace("-", " ").replace("_", " ")))
        out[name] = {"title": Msg(title), "values": shown}
    return out


def rules_words(summary: dict[str, Any], game: str) -> list[Msg]:
    """A table's rules (:func:`paigow.web.view.table_summary`'s ``rules``) in plain words,
    one short phrase each."""
    r = summary
    out = [as_msg(r["title"])] if r.get("title") else []
    out.append(Msg("bets {limits}", limits=limits_words(r["min_bet"], r.get("max_bet"))))
    if r.get("commission_pct") == "0%":
        out.append(Msg("no commission"))
    else:
        out.append(Msg("{pct} commission on a win", pct=r["commission_pct"]))
    if r.get("flat_fee"):
        out.append(Msg("a fee of {fee} a hand", fee=Money(r["flat_fee"])))
    out.append(Msg("the bank's hand set by {way}", way=way_title(game, r["house_way"])))
    if r.get("player_bank") is False:
        out.append(Msg("the house banks every round (no player banking)"))
    if game == "poker":
        out += [_joker_words(r["joker"]), _wheel_words(r["wheel"]), _foul_words(r["foul"])]
        if r.get("push") and r["push"] != "none":
            out.append(push_words(r["push"]))
        for o in r.get("side_bets", []):
            out.append(Msg("side bet {title} ({low} to {high})", title=as_msg(o["title"]),
                           low=Money(o["minimum"]), high=Money(o["maximum"])))
        if r.get("dragon"):
            d = r["dragon"]
            who = Msg("its buyer") if d["set_by"] == "player" else Msg("the house way")
            out.append(Msg("the dragon hand for sale, set by {who}, its bet {limit}", who=who,
                           limit=Msg(_DRAGON_LIMITS.get(d["limit"], d["limit"]))))
    elif r.get("gee_joon_tiebreak") == "no_value":
        out.append(Msg("a single Gee Joon tile has no value in a tie"))
    return out


def limits_words(low: int, high: int | None) -> Msg:
    """A table's betting limits, as :meth:`paigow.table.rules.BetLimits.describe` says
    them, from their amounts.

    >>> limits_words(500, 50000), limits_words(500, None)
    ('$5.00 to $500.00', 'at least $5.00')
    """
    if high is None:
        return Msg("at least {low}", low=Money(low))
    return Msg("{low} to {high}", low=Money(low), high=Money(high))


def side_bet_words(reads: str) -> Msg:
    """What a side bet reads, from the offer's own words (``SideBetOffer.reads``).

    >>> side_bet_words("the banker's two-card hand as set")
    "on the banker's two-card hand as set"
    """
    return Msg("on {reads}", reads=as_msg(reads))


def count_words(n: int, one: str, many: str | None = None) -> str:
    """``1 hand``, ``2 hands``: never "1 hands".

    >>> count_words(1, "hand"), count_words(3, "hand"), count_words(2, "story", "stories")
    ('1 hand', '3 hands', '2 stories')
    """
    return f"{n:,} {one if n == 1 else (many or one + 's')}"
