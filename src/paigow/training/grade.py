"""Grading a person's setting of one hand, exactly, in either game.

A :class:`Grade` holds, for one hand and the setting a person chose:

* every distinct setting of the hand (:class:`Option`), each with its exact win/push/lose
  counts over every hand the other side can hold and its exact EV (a
  :class:`~fractions.Fraction` of one unit bet, commission taken);
* the person's setting, the **house way's** setting with the numbered rule that decided it
  (a :class:`~paigow.ways.Rule`: its way, number and words), and the **optimal** setting;
* the EV the person gave up (the optimal EV less theirs): zero exactly when the setting
  is optimal.

The EVs are the exact advice's (:func:`paigow.analysis.tiles_odds.advise`,
:func:`paigow.analysis.poker_odds.advise`) against the opponent's way, in the role asked
for. Not ``banking``: the hand is a player's against a banker who sets by the opponent's
way. ``banking``: the hand is the bank's, against a player who sets by that way, and the
figures are the bank's.

Settings that cannot differ in play are one setting: tiles of the same standing swapped
(two identical tiles, say), and in poker settings whose two hands rank the same (the same
up to suits, or the joker where it plays as the card it stands beside). A poker setting
that fouls is graded as it would play: under the default foul rule the house re-sets it by
its way (so it earns the house way's EV), under ``foul="forfeit"`` the bet is lost (an EV of
-1) unless the hand is the bank's, which the house always re-sets.

The graders (:class:`TileGrader`, :class:`PokerGrader`) hold the ways, the role, the
commission and the rules once, so a session grades hand after hand without looking them
up again:

>>> from paigow.tiles.tile import parse_tiles
>>> g = TileGrader().grade(parse_tiles("6-5 3-2 6-4 4-3"), "6-4 4-3 | 6-5 3-2")
>>> g.yours.text, g.house.text, g.rule.number
('6-4 4-3 | 6-5 3-2', '6-4 4-3 | 6-5 3-2', '6.1')
>>> g.ev_lost == g.best.ev - g.yours.ev >= 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Literal, Protocol, cast

from paigow.analysis import Progress
from paigow.errors import IllegalCardsError, IllegalSettingError, RuleError, SettingError
from paigow.poker.cards import FULL_DECK, Card, card_name, parse_cards, sort_cards
from paigow.poker.rules import PokerRules
from paigow.poker.setting import Setting as PokerSetting
from paigow.poker.setting import rank_setting
from paigow.poker.setting import settings as poker_settings
from paigow.poker.ways import PokerWay
from paigow.poker.ways.hand import key2, key5
from paigow.settle import parse_rate
from paigow.tiles.rules import TileRules
from paigow.tiles.setting import Setting as TileSetting
from paigow.tiles.setting import make_setting
from paigow.tiles.setting import settings as tile_settings
from paigow.tiles.tile import DECK as TILE_SET
from paigow.tiles.tile import Tile, parse_tiles
from paigow.tiles.ways import TileWay
from paigow.training.kinds import poker_kinds, tile_kinds
from paigow.training.notation import read_poker_setting, read_tiles_setting
from paigow.training.ways import Game, house_way, poker_opponent, tile_opponent
from paigow.ways import Rule

Drill = Literal["player", "dealer"]
DRILLS: tuple[Drill, ...] = ("player", "dealer")
DEFAULT_RATE = Fraction(5, 100)



def check_drill(drill: str) -> Drill:
    """``drill`` as ``player`` or ``dealer``, else a :class:`RuleError` naming it."""
    key = str(drill).strip().lower()
    if key not in DRILLS:
        raise RuleError(f"unknown drill {drill!r}: choose player or dealer")
    return key


@dataclass(frozen=True)
class Choice:
    """One distinct setting of a hand as a person sees it: the two hands (piece names, the
    high hand first) and their values. ``number`` is its place in the hand's listing (from
    1), and names it: a setting written with other but identical pieces (another Teen, a
    suit swapped) carries the number of the listed setting it plays like. A poker setting
    that fouls is never listed (``number`` None, ``foul`` True)."""

    number: int | None
    high: tuple[str, ...]
    low: tuple[str, ...]
    high_value: str
    low_value: str
    foul: bool = False

    @property
    def text(self) -> str:
        """The setting as written at the prompt: ``"HIGH | LOW"``."""
        return f"{' '.join(self.high)} | {' '.join(self.low)}"

    def same(self, other: Choice) -> bool:
        """Whether two choices of one hand are the same setting (they play alike: the same
        listed number), whichever identical pieces each names."""
        return self.number is not None and self.number == other.number

    def to_json(self) -> dict[str, object]:
        return {"number": self.number, "high": list(self.high), "low": list(self.low),
                "high_value": self.high_value, "low_value": self.low_value,
                "text": self.text, "foul": self.foul}


@dataclass(frozen=True)
class Option:
    """A setting with its exact odds: outcome counts over every opponent hand and the EV of
    one unit bet (commission taken). ``played`` says how a fouled setting plays."""

    choice: Choice
    win: int
    push: int
    lose: int
    ev: Fraction
    played: str = ""

    @property
    def text(self) -> str:
        return self.choice.text

    @property
    def number(self) -> int | None:
        return self.choice.number

    def to_json(self) -> dict[str, object]:
        return {**self.choice.to_json(), "win": self.win, "push": self.push, "lose": self.lose,
                "ev": float(self.ev), "ev_exact": str(self.ev), "played": self.played}


@dataclass(frozen=True)
class Grade:
    """A person's setting of one hand, graded exactly (see the module's description)."""

    game: Game
    drill: Drill
    hand: tuple[str, ...]
    banking: bool
    way: str
    dealer: str
    commission: Fraction
    opponent_hands: int
    options: tuple[Option, ...]
    yours: Option
    house: Option
    rule: Rule
    best: Option
    kinds: tuple[str, ...] = ()

    @property
    def ev_lost(self) -> Fraction:
        """The EV given up: the optimal setting's EV less the person's (never negative)."""
        return self.best.ev - self.yours.ev

    @property
    def house_ev_lost(self) -> Fraction:
        """What the house way's setting gives up against the optimal one."""
        return self.best.ev - self.house.ev

    @property
    def is_optimal(self) -> bool:
        """The person's setting has the best EV (it gave nothing up) and is a legal one: a
        poker setting that fouls is never optimal, even when the house's re-setting of it
        happens to be."""
        return self.ev_lost == 0 and not self.yours.choice.foul

    @property
    def is_house(self) -> bool:
        """The person set the hand the house way (the same setting, up to identical pieces)."""
        return self.yours.choice.same(self.house.choice)

    @property
    def correct(self) -> bool:
        """What the drill asks: optimal (player drill) or the house way (dealer drill)."""
        return self.is_optimal if self.drill == "player" else self.is_house

    def verdict(self) -> str:
        """One line: right or wrong, by the drill's measure, and what it cost."""
        if self.yours.choice.foul:
            return (f"foul: {self.yours.text} puts a two-card hand in front that is not below "
                    f"the five-card hand; {self.yours.played.split(', so ', 1)[-1]}")
        if self.drill == "dealer":
            if self.is_house:
                return f"right: that is the house way, by {_rule_ref(self.rule)}"
            return f"wrong: the house way is {self.house.text}, by {_rule_ref(self.rule)}"
        if self.is_optimal:
            return "right: the best setting of this hand"
        return f"gives up {float(self.ev_lost):.4f} of a unit bet against the best setting"

    def __str__(self) -> str:
        return self.verdict()

    def _repr_html_(self) -> str:
        """Every setting's exact EV as a table, yours, the house way's and the best marked
        (Jupyter)."""
        from paigow.notebook import table_html

        def marks(o: Option) -> str:
            return ", ".join(m for m, x in (("yours", self.yours), ("house way", self.house),
                                            ("best", self.best)) if x.choice.same(o.choice))

        rows = [(o.text, f"{o.choice.high_value} / {o.choice.low_value}", f"{o.win:,}",
                 f"{o.push:,}", f"{o.lose:,}", f"{float(o.ev):+.4f}", marks(o))
                for o in self.options]
        best = next((i for i, o in enumerate(self.options) if o.choice.same(self.best.choice)),
                    None)
        return table_html(rows, head=("setting", "hands", "win", "push", "lose", "EV", ""),
                          title=self.verdict(), mark=best)

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "drill": self.drill,
            "hand": list(self.hand),
            "kinds": list(self.kinds),
            "banking": self.banking,
            "way": self.way,
            "dealer": self.dealer,
            "commission": float(self.commission),
            "commission_exact": str(self.commission),
            "opponent_hands": self.opponent_hands,
            "options": [o.to_json() for o in self.options],
            "yours": self.yours.to_json(),
            "house": self.house.to_json(),
            "rule": self.rule.to_json(),
            "best": self.best.to_json(),
            "ev_lost": float(self.ev_lost),
            "ev_lost_exact": str(self.ev_lost),
            "house_ev_lost": float(self.house_ev_lost),
            "house_ev_lost_exact": str(self.house_ev_lost),
            "optimal": self.is_optimal,
            "house_way": self.is_house,
            "correct": self.correct,
            "verdict": self.verdict(),
        }


def _rule_ref(rule: Rule) -> str:
    if rule.number is None:
        return rule.text
    return f"{rule.way} rule {rule.number}: {rule.words}"


class Grader(Protocol):
    """What a session needs of a game's grader (:class:`TileGrader`, :class:`PokerGrader`)."""

    game: Game
    banking: bool
    commission: Fraction
    way_name: str
    dealer_name: str

    @property
    def rules(self) -> TileRules | PokerRules: ...

    def deal(self, rng: Random) -> tuple[Hashable, ...]: ...
    def parse_hand(self, hand: str | Sequence[str]) -> tuple[Hashable, ...]: ...
    def names(self, hand: Sequence[Hashable]) -> tuple[str, ...]: ...
    def choices(self, hand: Sequence[Hashable]) -> tuple[Choice, ...]: ...
    def kinds(self, hand: Sequence[Hashable]) -> tuple[str, ...]: ...
    def house(self, hand: Sequence[Hashable]) -> tuple[Choice, Rule]: ...
    def grade(self, hand: Sequence[Hashable], setting: str | int, drill: Drill = "player",
              on_progress: Progress | None = None) -> Grade: ...
    def prepare(self, progress: Progress | None = None) -> None: ...


@dataclass(frozen=True)
class _Analysis:
    """Everything a grade of one hand needs but the person's setting (kept per hand, so
    grading several settings of one hand counts its odds once)."""

    hand: tuple[str, ...]
    options: tuple[Option, ...]
    house: Option
    rule: Rule
    best: Option
    total: int
    kinds: tuple[str, ...]


def _pick(choices: Sequence[Choice], setting: str | int,
          read: Callable[[str], Choice]) -> Choice:
    """The person's setting: a listed number or a written setting."""
    if isinstance(setting, int) and not isinstance(setting, bool):
        return _numbered(choices, setting)
    text = str(setting).strip()
    if text.isdigit():
        return _numbered(choices, int(text))
    return read(text)


def _numbered(choices: Sequence[Choice], n: int) -> Choice:
    listed = [c for c in choices if c.number is not None]
    if not 1 <= n <= len(listed):
        raise IllegalSettingError(f"there is no setting number {n}: this hand lists 1 to {len(listed)}")
    return listed[n - 1]


def _option_of(options: Sequence[Option], choice: Choice) -> Option:
    """The odds of ``choice`` (the listed option it plays like), shown with its own pieces."""
    o = next(o for o in options if o.choice.same(choice))
    return Option(choice, o.win, o.push, o.lose, o.ev, o.played)


class _BaseGrader:
    """What both graders share: the per-hand cache and the grade itself."""

    game: Game
    banking: bool
    commission: Fraction
    way_name: str
    dealer_name: str
    CACHED = 32

    def __init__(self, banking: bool, commission: Fraction | str | float) -> None:
        self.banking = bool(banking)
        self.commission = parse_rate(commission)  # checked: 0 <= rate < 1
        self._cache: dict[tuple[Hashable, ...], _Analysis] = {}

    def _key_of(self, hand: Sequence[Hashable]) -> tuple[Hashable, ...]:
        raise NotImplementedError

    def _analyse(self, hand: tuple[Hashable, ...], on_progress: Progress | None) -> _Analysis:
        raise NotImplementedError

    def choices(self, hand: Sequence[Hashable]) -> tuple[Choice, ...]:
        raise NotImplementedError

    def read(self, hand: Sequence[Hashable], text: str) -> Choice:
        raise NotImplementedError

    def _foul(self, yours: Choice, a: _Analysis) -> Option:
        raise NotImplementedError

    def analysis(self, hand: Sequence[Hashable], on_progress: Progress | None = None) -> _Analysis:
        """The hand's exact odds, house way and best setting (computed once per hand)."""
        key = self._key_of(hand)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._analyse(key, on_progress)
            if len(self._cache) >= self.CACHED:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = hit
        return hit

    def grade(self, hand: Sequence[Hashable], setting: str | int, drill: Drill = "player",
              on_progress: Progress | None = None) -> Grade:
        """Grade ``setting`` of ``hand``: written (``"HIGH | LOW"``, or the front hand alone)
        or the number of a listed setting. ``on_progress`` reports the one-time work of the
        exact odds (the opponent's setting of every hand), when it is not yet done."""
        d = check_drill(drill)
        key = self._key_of(hand)
        yours = _pick(self.choices(key), setting, lambda text: self.read(key, text))
        a = self.analysis(key, on_progress)
        mine = self._foul(yours, a) if yours.foul else _option_of(a.options, yours)
        return Grade(self.game, d, a.hand, self.banking, self.way_name, self.dealer_name,
                     self.commission, a.total, a.options, mine, a.house, a.rule, a.best,
                     a.kinds)


# ------------------------------------------------------------------------------ tiles


class TileGrader(_BaseGrader):
    """Grades tile settings against ``dealer`` (a way, default ``australian``), showing the
    house way ``way`` (default ``australian``); ``banking`` and ``commission`` set the role
    and the commission in force."""

    game: Game = "tiles"

    def __init__(
        self,
        way: str | TileWay | None = None,
        dealer: str | TileWay | None = None,
        banking: bool = False,
        commission: Fraction | str | float = DEFAULT_RATE,
        rules: TileRules | None = None,
    ) -> None:
        super().__init__(banking, commission)
        self.rules = rules or TileRules()
        self.way: TileWay = way if way is not None and not isinstance(way, str) \
            else cast(TileWay, house_way("tiles", way, self.rules))
        self.dealer: TileWay = tile_opponent(dealer, self.rules, self.commission)
        self.way_name = self.way.name
        self.dealer_name = self.dealer.name

    def deal(self, rng: Random) -> tuple[Tile, ...]:
        """Four tiles drawn at random from the 32, in the set's order (Gee Joon, Teen, …)."""
        return tuple(sorted(rng.sample(TILE_SET, 4), key=TILE_SET.index))

    def parse_hand(self, hand: str | Sequence[str]) -> tuple[Tile, ...]:
        return parse_tiles(hand, count=4)

    def names(self, hand: Sequence[Hashable]) -> tuple[str, ...]:
        return tuple(str(t) for t in hand)

    def _key_of(self, hand: Sequence[Hashable]) -> tuple[Hashable, ...]:
        return tuple(hand)

    def _choice(self, s: TileSetting, number: int | None) -> Choice:
        return Choice(number, tuple(str(t) for t in s.high), tuple(str(t) for t in s.low),
                      s.high_value.name, s.low_value.name)

    def _settings(self, hand: Sequence[Hashable]) -> list[TileSetting]:
        return tile_settings(cast(Sequence[Tile], hand), self.rules)

    def choices(self, hand: Sequence[Hashable]) -> tuple[Choice, ...]:
        """The hand's distinct settings (two or three), numbered from 1."""
        return tuple(self._choice(s, n) for n, s in enumerate(self._settings(hand), 1))

    def _listed(self, hand: Sequence[Hashable], s: TileSetting) -> Choice:
        """``s`` as written, numbered as the listed setting it plays like."""
        for n, other in enumerate(self._settings(hand), 1):
            if other.same_way(s):
                return self._choice(s, n)
        raise SettingError(f"{s} is not a setting of the hand")  # pragma: no cover

    def kinds(self, hand: Sequence[Hashable]) -> tuple[str, ...]:
        return tile_kinds(cast(Sequence[Tile], hand), self.rules)

    def read(self, hand: Sequence[Hashable], text: str) -> Choice:
        """A written setting, numbered as the listed setting it plays like."""
        high, low = read_tiles_setting(cast(Sequence[Tile], hand), text)
        return self._listed(hand, make_setting(high, low, self.rules))

    def house(self, hand: Sequence[Hashable]) -> tuple[Choice, Rule]:
        """The house way's setting and the rule that decided it."""
        d = self.way.choose(cast(Sequence[Tile], hand), self.banking)
        return self._listed(hand, d.setting), d.rule

    def prepare(self, progress: Progress | None = None) -> None:
        """Set every hand by the opponent's way once (cached on disk after the first time)."""
        from paigow.analysis.tiles_tables import way_choices

        way_choices(self.dealer, not self.banking, self.rules, progress)

    def _analyse(self, hand: tuple[Hashable, ...], on_progress: Progress | None) -> _Analysis:
        from paigow.analysis.tiles_odds import advise
        from paigow.analysis.tiles_tables import N_DEALER

        tiles = cast(tuple[Tile, ...], hand)
        if on_progress is not None:
            self.prepare(on_progress)
        adv = advise(tiles, self.dealer, self.banking, self.commission, self.rules)
        options = []
        for c in self.choices(tiles):
            s = make_setting(parse_tiles(c.high), parse_tiles(c.low), self.rules)
            odds = next(o for o in adv.settings if o.setting.same_way(s))
            options.append(Option(c, odds.win, odds.push, odds.lose, odds.ev))
        house, rule = self.house(tiles)
        best = _option_of(options, self._listed(tiles, adv.settings[adv.best].setting))
        return _Analysis(self.names(tiles), tuple(options), _option_of(options, house), rule,
                         best, N_DEALER, self.kinds(tiles))

    def _foul(self, yours: Choice, a: _Analysis) -> Option:  # pragma: no cover - no fouls
        raise SettingError("a tile setting cannot foul")


# ------------------------------------------------------------------------------ poker


@dataclass(frozen=True)
class _PokerListing:
    """A poker hand's listed settings with the rank keys of their two hands."""

    settings: tuple[PokerSetting, ...]
    keys: tuple[tuple[int, int], ...] = field(repr=False)
    choices: tuple[Choice, ...] | None = field(default=None, repr=False)


class PokerGrader(_BaseGrader):
    """Grades poker settings against ``dealer`` (default the house way's kernel), showing
    the house way ``way`` (default ``house``). ``deck`` (default all 53 cards) makes a small
    exact problem: the hands are dealt from it and the opponent holds its other cards."""

    game: Game = "poker"

    def __init__(
        self,
        way: str | PokerWay | None = None,
        dealer: str | object | None = None,
        banking: bool = False,
        commission: Fraction | str | float = DEFAULT_RATE,
        rules: PokerRules | None = None,
        deck: Sequence[int] | None = None,
        cache: Path | bool = True,
    ) -> None:
        super().__init__(banking, commission)
        self.rules = rules or PokerRules()
        self.deck: tuple[Card, ...] = FULL_DECK if deck is None else sort_cards(deck)[::-1]
        self.cache = cache
        self.way: PokerWay = way if way is not None and not isinstance(way, str) \
            else cast(PokerWay, house_way("poker", way, self.rules))
        # the advice reads the ranking rules only (a foul is this grader's to settle): the
        # foul rule is left out of what it sees, so both foul rules share one cached table
        self._advice_rules = replace(self.rules, foul="house")
        self.dealer = poker_opponent(dealer, self._advice_rules, self.deck)
        self.way_name = self.way.name
        self.dealer_name = str(getattr(self.dealer, "name", dealer))
        self._listings: dict[tuple[Card, ...], _PokerListing] = {}

    def deal(self, rng: Random) -> tuple[Card, ...]:
        """Seven cards drawn at random from the deck, highest first."""
        return sort_cards(rng.sample(self.deck, 7))

    def parse_hand(self, hand: str | Sequence[str]) -> tuple[Card, ...]:
        cards = parse_cards(hand)
        if len(cards) != 7:
            raise IllegalCardsError(f"a Pai Gow Poker hand has seven cards, got {len(cards)}")
        for c in cards:
            if c not in self.deck:
                raise IllegalCardsError(f"card {card_name(c)} is not in the deck")
        return sort_cards(cards)

    def names(self, hand: Sequence[Hashable]) -> tuple[str, ...]:
        return tuple(card_name(c) for c in sort_cards(cast(Sequence[int], hand)))

    def _key_of(self, hand: Sequence[Hashable]) -> tuple[Hashable, ...]:
        return sort_cards(cast(Sequence[int], hand))

    def _key(self, s: PokerSetting) -> tuple[int, int]:
        return key5(s.high, self.rules), key2(s.low, self.rules)

    def _choice(self, s: PokerSetting, number: int | None) -> Choice:
        r = rank_setting(s, self.rules)
        return Choice(number, tuple(card_name(c) for c in s.high),
                      tuple(card_name(c) for c in s.low), r.high.description,
                      r.low.description, r.foul)

    def _listing(self, hand: Sequence[Hashable]) -> _PokerListing:
        """The legal settings that play differently, in :func:`settings` order, with the
        rank keys of their two hands (kept for the last hands asked about)."""
        cards = sort_cards(cast(Sequence[int], hand))
        hit = self._listings.get(cards)
        if hit is not None:
            return hit
        found: list[tuple[PokerSetting, tuple[int, int]]] = []
        for s in poker_settings(cards):
            k = self._key(s)
            if k[0] > k[1] and all(k != other for _, other in found):
                found.append((s, k))  # not a foul, nor a repeat of one listed
        listing = _PokerListing(tuple(s for s, _ in found), tuple(k for _, k in found))
        if len(self._listings) >= self.CACHED:
            self._listings.pop(next(iter(self._listings)))
        self._listings[cards] = listing
        return listing

    def choices(self, hand: Sequence[Hashable]) -> tuple[Choice, ...]:
        """The hand's distinct legal settings, numbered from 1 (at most 21)."""
        listing = self._listing(hand)
        if listing.choices is None:
            choices = tuple(self._choice(s, n) for n, s in enumerate(listing.settings, 1))
            object.__setattr__(listing, "choices", choices)  # filled in once, when asked
            return choices
        return listing.choices

    def kinds(self, hand: Sequence[Hashable]) -> tuple[str, ...]:
        return poker_kinds(cast(Sequence[int], hand), self.rules)

    def _as_listed(self, hand: Sequence[Hashable], s: PokerSetting) -> Choice:
        """``s`` as written, numbered as the listed setting it plays like (a foul: None)."""
        keys = self._listing(hand).keys
        k = self._key(s)
        return self._choice(s, keys.index(k) + 1 if k in keys else None)

    def read(self, hand: Sequence[Hashable], text: str) -> Choice:
        """A written setting, numbered as the listed setting it plays like (or a foul)."""
        high, low = read_poker_setting(cast(Sequence[int], hand), text)
        return self._as_listed(hand, PokerSetting(high, low))

    def house(self, hand: Sequence[Hashable]) -> tuple[Choice, Rule]:
        """The house way's setting and the numbered rule that decided it."""
        d = self.way.choose(list(cast(Sequence[int], hand)), self.banking)
        return self._as_listed(hand, d.setting), d.rule

    def prepare(self, progress: Progress | None = None) -> None:
        """Build (once; then cached on disk) the table of the opponent's setting of every
        hand of the deck that the exact advice reads."""
        from paigow.analysis.poker_odds import opponent_table

        opponent_table(self.dealer, not self.banking, self._advice_rules, self.deck,  # type: ignore[arg-type]
                       self.cache, progress)

    def _analyse(self, hand: tuple[Hashable, ...], on_progress: Progress | None) -> _Analysis:
        from paigow.analysis.poker_odds import advise

        cards = cast(tuple[Card, ...], hand)
        listing = self._listing(cards)
        adv = advise(cards, self.dealer, self.banking, self.commission,  # type: ignore[arg-type]
                     self._advice_rules, self.deck, house=None, cache=self.cache,
                     on_progress=on_progress)
        by_key: dict[tuple[int, int], tuple[int, int, int, Fraction]] = {}
        for row in adv.settings:
            by_key.setdefault(self._key(row.setting), (row.win, row.push, row.lose, row.ev))
        options = tuple(Option(c, *by_key[k])
                        for c, k in zip(self.choices(cards), listing.keys, strict=True))
        best = options[listing.keys.index(self._key(adv.best_setting.setting))]
        house, rule = self.house(cards)
        return _Analysis(self.names(cards), options, _option_of(options, house), rule, best,
                         adv.total, self.kinds(cards))

    def _foul(self, yours: Choice, a: _Analysis) -> Option:
        if self.rules.foul == "forfeit" and not self.banking:
            return Option(yours, 0, 0, a.total, Fraction(-1),
                          "fouls: the two-card hand is not below the five-card hand, so the "
                          "bet is forfeit")
        h = a.house
        return Option(yours, h.win, h.push, h.lose, h.ev,
                      f"fouls: the two-card hand is not below the five-card hand, so the house "
                      f"re-sets it by its way as {h.text}")


# ------------------------------------------------------------------------- one call


def make_grader(
    game: str,
    way: str | None = None,
    dealer: str | None = None,
    banking: bool = False,
    commission: Fraction | str | float = DEFAULT_RATE,
    rules: TileRules | PokerRules | None = None,
    deck: Sequence[int] | None = None,
) -> Grader:
    """The grader of ``game`` (``tiles`` or ``poker``) with these ways, role and rules."""
    from paigow.training.ways import check_game, check_rules

    game_rules = check_rules(check_game(game), rules)
    if isinstance(game_rules, TileRules):
        if deck is not None:
            raise RuleError("a deck of cards is for the card game")
        return TileGrader(way, dealer, banking, commission, game_rules)
    return PokerGrader(way, dealer, banking, commission, game_rules, deck)


def grade(
    game: str,
    hand: str | Sequence[str],
    setting: str | int,
    *,
    drill: str = "player",
    way: str | None = None,
    dealer: str | None = None,
    banking: bool = False,
    commission: Fraction | str | float = DEFAULT_RATE,
    rules: TileRules | PokerRules | None = None,
    deck: Sequence[int] | None = None,
) -> Grade:
    """Grade one setting of one hand: ``grade("tiles", "6-5 3-2 6-4 4-3", "6-4 4-3 | 6-5 3-2")``.

    >>> g = grade("tiles", "6-5 3-2 6-4 4-3", "6-5 4-3 | 6-4 3-2")
    >>> g.yours.choice.high_value, g.yours.choice.low_value, g.is_optimal
    ('8 points', '5 points', False)
    """
    grader = make_grader(game, way, dealer, banking, commission, rules, deck)
    return grader.grade(grader.parse_hand(hand), setting, check_drill(drill))


__all__ = [
    "DRILLS",
    "Choice",
    "Drill",
    "Grade",
    "Grader",
    "Option",
    "PokerGrader",
    "Rule",
    "TileGrader",
    "check_drill",
    "grade",
    "make_grader",
]
