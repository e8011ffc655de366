"""The card game's front door: everything ``paigow poker`` does, as functions.

``rank``, ``hand``, ``settings``, ``compare``, ``set_hand``, ``advise``, ``grade``,
``simulate``, ``side_bet``, ``envy_bonus``, ``derive_strategy`` and ``way_card`` (the
strategy card; each named apart from the module of its work, which would shadow it). Each takes
cards in the project's notation (``"As Ks Qs Js Jk"``, a list of tokens, ``"AsKsQsJsJk"``)
or the core's own values alike, and the rules as one :class:`PokerRules` (``rules=``) or
switch by switch (``joker=``, ``wheel=``, ``foul=``, ``push=``, ``game=``: typed, so a
type checker refuses ``joker="free"``). ``way=`` is always the hand-setting way,
``dealer=`` the other side's.

Results are frozen dataclasses with ``to_json()`` that print as a player writes them and
show in a notebook: hands and settings as the browser's pieces (``_repr_svg_``,
``_repr_html_``), every other result as a table. Bad input raises a
:class:`~paigow.errors.PaigowError` subclass naming it (``CardError``, ``RuleError``,
``AmountError``, ``SettingError``), never a bare ``ValueError``.

The odds import the analysis kernels when first called; ``advise`` over the full deck
builds a one-time table in the user cache on its first run (a minute or two).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from os import PathLike, fspath
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from paigow.deprecation import renamed
from paigow.errors import AmountError, RuleError
from paigow.poker.cards import Card, CardsLike, Hand, parse_cards
from paigow.poker.rank import HandRank, rank_hand
from paigow.poker.rules import (
    DEFAULT_RULES,
    FoulRule,
    GameName,
    JokerRule,
    PokerRules,
    PushSpec,
    WheelRule,
    game_of,
)
from paigow.poker.setting import Comparison, RankedSetting, Setting, rank_setting
from paigow.poker.setting import compare as compare_settings
from paigow.poker.setting import settings as all_settings
from paigow.settle import parse_rate
from paigow.strategy import DerivedStrategy, StrategyCard
from paigow.values import Listing

if TYPE_CHECKING:
    from paigow.analysis.poker_odds import Advice
    from paigow.analysis.poker_sim import SimResult
    from paigow.poker.envy import EnvyOdds
    from paigow.poker.sidebet import SideBetOdds
    from paigow.training.grade import Grade
    from paigow.ways import Decision, WayName

Rate = str | float | Fraction
"""A commission rate: ``"5%"``, ``0.05``, ``"1/20"``, ``Fraction(1, 20)``."""
Progress = Callable[[int, int], None]
"""``progress(done, total)``: called as long work goes on."""
SettingLike = Setting | RankedSetting | str
"""A setting, a ranked one (of :func:`settings`), or its text ``"five cards | two cards"``
(or its repr)."""
SevenLike = CardsLike | Setting | RankedSetting
"""Seven cards: as :data:`~paigow.poker.cards.CardsLike`, or a setting of them."""


def _cards(parts: tuple[SevenLike, ...]) -> tuple[Card, ...]:
    """Every card of ``parts`` (each a string, an iterable of tokens or a setting), repeats
    refused."""
    cards: list[Card] = []
    for p in parts:
        if isinstance(p, RankedSetting):
            p = p.setting
        cards.extend((*p.high, *p.low) if isinstance(p, Setting) else parse_cards(p))
    return parse_cards(cards)


def _rules(rules: PokerRules | None, joker: JokerRule | None = None,
           wheel: WheelRule | None = None, foul: FoulRule | None = None,
           push: str | None = None) -> PokerRules:
    """``rules`` (default the classic game's) with the switches given."""
    r = DEFAULT_RULES if rules is None else rules
    if not isinstance(r, PokerRules):
        raise RuleError(f"rules= takes PokerRules, not {type(r).__name__}")
    if joker is None and wheel is None and foul is None and push is None:
        return r
    return PokerRules.of(joker or r.joker, wheel or r.wheel, foul or r.foul, push or r.push)


def _game(rules: PokerRules | None, game: GameName | None, push: PushSpec | None,
          commission: Rate | None, joker: JokerRule | None, wheel: WheelRule | None,
          foul: FoulRule | None) -> tuple[PokerRules, Fraction]:
    """The rules and commission rate of a game, from ``rules`` and the switches."""
    base = _rules(rules, joker, wheel, foul)
    spec, rate = game_of(game, push if push is not None or game is not None else base.push,
                         commission)
    return replace(base, push=spec), rate


def hand(*cards: CardsLike) -> Hand:
    """Cards as a :class:`~paigow.poker.cards.Hand` (no card twice), highest first.

    >>> h = hand("Kd As Jk")
    >>> h, str(h), h.to_json()
    (Hand('Jk As Kd'), 'Jk As Kd', ['Jk', 'As', 'Kd'])

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card given twice.
    """
    return Hand(_cards(cards))


def rank(*cards: CardsLike, rules: PokerRules | None = None, joker: JokerRule | None = None,
         wheel: WheelRule | None = None) -> HandRank:
    """The rank of a five- or two-card hand, naming the joker's role (RULES 2.2, 2.3).
    Ranks compare with ``<`` and ``>`` (ranks of different rules refuse to).

    >>> r = rank("As Ks Qs Js Jk")
    >>> r.category.label, r.joker
    ('royal flush', 'joker completes the royal flush as T')
    >>> print(rank("Ah", "Jk"))
    pair of aces (joker plays as an ace)
    >>> rank("Kh Kd 9c 5s 2h") > rank("Qh Qd Ac 5d 2c")
    True
    >>> rank("As Ks Qs Js Jk", joker="free")  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown joker rule 'free': choose bug or wild

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card twice, or not five or two cards.
        RuleError: an unknown joker or wheel rule.
    """
    return rank_hand(_cards(cards), _rules(rules, joker, wheel))


@dataclass(frozen=True)
class Settings(Listing[RankedSetting]):
    """The 21 settings of seven cards, each with both hands ranked and whether it fouls.

    Iterable and indexable like the tuple it holds; a table in a notebook.
    """

    cards: tuple[Card, ...]
    settings: tuple[RankedSetting, ...]

    @property
    def items(self) -> tuple[RankedSetting, ...]:
        return self.settings

    def __str__(self) -> str:
        return "\n".join(str(s) for s in self.settings)

    def _repr_html_(self) -> str:
        from paigow.notebook import cards_html, table_html

        return cards_html(self.cards) + table_html(
            [(str(s.setting), s.high.description, s.low.description,
              "foul" if s.foul else "") for s in self.settings],
            head=("setting", "five-card hand", "two-card hand", ""))


def settings(cards: SevenLike, *, rules: PokerRules | None = None,
             joker: JokerRule | None = None, wheel: WheelRule | None = None) -> Settings:
    """The 21 ways to set seven cards, both hands ranked, fouls marked (RULES 2.4, 2.8).

    >>> s = settings("As Kd Qh Jc 9s 8d 2c")
    >>> len(s), str(s[0].setting), s[0].foul
    (21, 'Qh Jc 9s 8d 2c | As Kd', True)

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card twice, or not seven cards.
        RuleError: an unknown joker or wheel rule.
    """
    r = _rules(rules, joker, wheel)
    seven = _cards((cards,))
    return Settings(seven, tuple(rank_setting(s, r) for s in all_settings(seven)))


def _setting(s: SettingLike) -> Setting:
    if isinstance(s, RankedSetting):
        return s.setting
    return s if isinstance(s, Setting) else Setting.parse(s)


def compare(player: SettingLike, banker: SettingLike, rules: PokerRules | None = None, *,
            joker: JokerRule | None = None, wheel: WheelRule | None = None,
            foul: FoulRule | None = None, way: WayName = "house") -> Comparison:
    """A player's setting against the banker's (RULES 2.5): each hand's result, the
    outcome and the reasons; a fouled setting is re-set by the house ``way`` (or forfeit,
    under ``foul="forfeit"``).

    >>> c = compare("Ah Ad 9c 8d 2s | Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs")
    >>> c.outcome.value, c.reasons[1]
    ('push', 'low: copy (high card, K-Q); a tie goes to the banker')

    Raises:
        SettingNotationError: a setting that is not ``five cards | two cards``.
        CardError: a bad or repeated card.
        IllegalSettingError: the two settings share a card.
        RuleError: an unknown rule or way.
    """
    from paigow.ways import get_way

    r = _rules(rules, joker, wheel, foul)
    return compare_settings(_setting(player), _setting(banker), r, get_way(way, r))


def set_hand(cards: SevenLike, way: WayName = "house", *, banking: bool = False,
             dealer: WayName | None = None, commission: Rate | None = None,
             rules: PokerRules | None = None, joker: JokerRule | None = None,
             wheel: WheelRule | None = None) -> Decision[Setting]:
    """How a way sets seven cards, and the numbered rule that decided: ``way`` is
    ``house``, ``basic``, ``optimal`` (against the ``dealer`` way, at ``commission``), a
    shipped casino way (``foxwoods``, ``ballys-atlantic-city``) or the path of a way file.

    >>> d = set_hand("Kd Qs Jh 9c 7d 4s 3h", way="foxwoods")
    >>> print(d.setting)
    Kd 9c 7d 4s 3h | Qs Jh
    >>> d.rule.way, d.rule.number
    ('foxwoods', '1')
    >>> set_hand("Kd Qs Jh 9c 7d 4s", way="house")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalCardsError: a Pai Gow Poker hand has seven cards, got 6

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card twice, or not seven cards.
        RuleError: an unknown way or rule.
    """
    from paigow.ways import get_way

    seven = _cards((cards,))
    r = _rules(rules, joker, wheel)
    if fspath(way).strip().lower() == "optimal":
        found = get_way(way, r, dealer=fspath(dealer or "house"),
                        commission=parse_rate("5%" if commission is None else commission))
    elif dealer is not None or commission is not None:
        raise RuleError(f"dealer= and commission= are for way='optimal', not {way!r}")
    else:
        found = get_way(way, r)
    return found.choose(seven, banking)


def advise(cards: SevenLike, *, dealer: WayName | None = None, banking: bool = False,
           commission: Rate | None = None, game: GameName | None = None,
           push: PushSpec | None = None, rules: PokerRules | None = None,
           joker: JokerRule | None = None, wheel: WheelRule | None = None,
           deck: CardsLike | None = None, way: WayName | None = None) -> Advice:
    """Exact win/push/lose of every legal setting of seven cards against every opponent
    hand (53,524,680 of them; or those of a smaller ``deck``), the other side set by the
    ``dealer`` way (default ``house``); the best setting marked. Any game: ``game="ez"``,
    ``"commission-free"`` or a ``push`` rule. Over the full deck the first call builds a
    one-time table in the user cache (a minute or two). (``way=`` is the old name of
    ``dealer=``.)

    >>> a = advise("As Ah Kd Qc 3s 2h 2c",
    ...            deck="As Ah Kd Kh Qc Qd 3s 3h 2h 2c 2d 4s 4h 5c 6c 6d 7c")
    >>> a.total, sum(1 for s in a.settings if s.best)
    (120, 1)

    Raises:
        CardError: a bad or repeated card, not seven cards, or a deck without them.
        RuleError: an unknown way, game or rule.
        AmountError: a commission that is not a rate.
    """
    from paigow.analysis.poker_odds import advise as run

    house: WayName = "house"
    opponent = fspath(renamed("paigow.poker.advise", "way", "dealer", way, dealer, house))
    r, rate = _game(rules, game, push, commission, joker, wheel, None)
    seven = _cards((cards,))
    return run(seven, opponent, banking, rate, r, None if deck is None else _cards((deck,)))


def grade(cards: SevenLike, setting: SettingLike | int, *,
          drill: Literal["player", "dealer"] = "player", way: WayName = "house",
          dealer: WayName = "house", banking: bool = False, commission: Rate = "5%",
          rules: PokerRules | None = None, joker: JokerRule | None = None,
          wheel: WheelRule | None = None, foul: FoulRule | None = None,
          deck: CardsLike | None = None) -> Grade:
    """Grade a setting of seven cards (as ``paigow poker grade`` does): its exact EV over
    every opponent hand beside every other setting's, the house ``way``'s setting and
    numbered rule, the best setting and the EV given up. ``setting`` is its text or its
    number in the hand's listing.

    Raises:
        CardError: a bad or repeated card.
        SettingError: a setting that is not one of the hand's.
        RuleError: an unknown way, drill or rule.
    """
    from paigow.training.grade import grade as run

    r = _rules(rules, joker, wheel, foul)
    seven = [str(c) for c in _cards((cards,))]
    chosen = setting if isinstance(setting, (int, str)) else str(_setting(setting))
    return run("poker", seven, chosen, drill=drill, way=fspath(way), dealer=fspath(dealer), banking=banking, commission=commission,
               rules=r, deck=None if deck is None else _cards((deck,)))


def simulate(way: WayName | None = None, dealer: WayName = "house", *, rounds: int = 100_000,
             seed: int | None = None, banking: bool = False, commission: Rate | None = None,
             game: GameName | None = None, push: PushSpec | None = None,
             rules: PokerRules | None = None, joker: JokerRule | None = None,
             wheel: WheelRule | None = None, foul: FoulRule | None = None,
             player: WayName | None = None, progress: Progress | None = None) -> SimResult:
    """Monte Carlo: win/push/lose frequencies of the ``way`` hand against the ``dealer``
    way and the edge with a 95% interval, in any game: the classic one, ``game="ez"``
    (EZ Pai Gow), ``game="commission-free"`` or any ``push`` rule; ``seed`` replays a run
    (default: a fresh secure seed). (``player=`` is the old name of ``way=``.)

    >>> s = simulate(rounds=20_000, seed=1)
    >>> s.win + s.push + s.lose
    20000
    >>> simulate(rounds=20_000, seed=1, game="ez").spec.rules.push
    'pai-gow:Q'
    >>> simulate(rounds=0)
    Traceback (most recent call last):
    ...
    paigow.errors.AmountError: rounds 0 must be a whole number from 1

    Raises:
        AmountError: rounds or seed that are not whole numbers, a bad commission.
        RuleError: an unknown way, game or rule.
    """
    from paigow.analysis.poker_sim import simulate as run

    house: WayName = "house"
    mine = fspath(renamed("paigow.poker.simulate", "player", "way", player, way, house))
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise AmountError(f"rounds {rounds!r} must be a whole number from 1")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise AmountError(f"seed {seed!r} must be a whole number from 0")
    r, rate = _game(rules, game, push, commission, joker, wheel, foul)
    return run(mine, fspath(dealer), rounds, seed, banking, r, rate, on_progress=progress)


def paytables() -> list[str]:
    """The names of the side bets' pay tables shipped with paigow.

    >>> "fortune" in paytables()
    True
    """
    from paigow.poker.sidebet import shipped_paytables

    return shipped_paytables()


def side_bet(paytable: str | PathLike[str], *, dealer: WayName | None = None, rules: PokerRules | None = None,
            joker: JokerRule | None = None, wheel: WheelRule | None = None,
            deck: CardsLike | None = None, progress: Progress | None = None) -> SideBetOdds:
    """Exact odds of a side bet (a shipped pay table's name, or a TOML file) over every
    seven-card hand of the deck (C(53,7) = 154,143,080), each paid at its best line; a
    bet on the dealer's setting (the Tiger 9) has every hand set by the ``dealer`` way
    (default ``house``). The joker rule defaults to the pay table's.

    >>> odds = side_bet("emperors-challenge", deck="As Ks Qs Js Ts 9s 8s 7s 2d")
    >>> odds.total, odds.lines[0].count
    (36, 2)

    Raises:
        RuleError: an unknown pay table, rules the table does not allow, a dealer way
            for a bet that reads seven cards.
        CardError: a bad deck.
    """
    from paigow.poker.sidebet import load_paytable, sidebet_odds

    table = load_paytable(fspath(paytable))
    r = _rules(rules, joker or (None if rules is not None else table.joker), wheel)  # type: ignore[arg-type]
    cards = None if deck is None else _cards((deck,))
    if table.on == "banker-set":
        from paigow.analysis.dealer_bets import dealer_bet_odds

        return dealer_bet_odds(table, fspath(dealer or "house"), r, cards, on_progress=progress)
    if dealer is not None:
        raise RuleError(f"dealer= is for a bet on the dealer's setting (such as tiger-9): "
                        f"{table.name!r} reads seven cards, whoever sets them")
    return sidebet_odds(table, r, cards, progress)


def envy_bonus(paytable: str | PathLike[str], others: int = 5, *, rules: PokerRules | None = None,
         joker: JokerRule | None = None, wheel: WheelRule | None = None,
         deck: CardsLike | None = None) -> EnvyOdds:
    """The exact expected Envy bonus of a pay table with one (its ``[envy]``) at a table
    with ``others`` other hands: one enumeration and linearity of expectation.

    Raises:
        RuleError: an unknown pay table, or one without an Envy.
        AmountError: more other hands than the table or deck holds.
    """
    from paigow.poker.envy import envy_odds
    from paigow.poker.sidebet import load_paytable

    table = load_paytable(fspath(paytable))
    r = _rules(rules, joker or (None if rules is not None else table.joker), wheel)  # type: ignore[arg-type]
    return envy_odds(table, others, r, None if deck is None else _cards((deck,)))


def derive_strategy(dealer: WayName = "house", *, max_rules: int = 15, sample: int = 4_000,
                    eval_sample: int = 2_000, seed: int | None = None,
                    eval_seed: int | None = None, otherwise: WayName = "dealer",
                    name: str = "derived", folds: int = 5,
                    commission: Rate | None = None, game: GameName | None = None,
                    push: PushSpec | None = None, rules: PokerRules | None = None,
                    joker: JokerRule | None = None, wheel: WheelRule | None = None,
                    foul: FoulRule | None = None, deck: CardsLike | None = None,
                    folder: str | Path = ".", progress: Progress | None = None,
                    ) -> DerivedStrategy:
    """Derive a short way a person can learn, as ``paigow poker derive-strategy`` does:
    label ``sample`` hands with their exact best settings against the ``dealer`` way,
    learn at most ``max_rules`` rules in the way-file format (exceptions to the
    ``otherwise`` way: ``"dealer"``, a way's name or path, or ``"none"``), and measure
    the way on ``eval_sample`` other hands (0 skips it). The full sizes take minutes to
    hours (docs/poker-derive.md); ``deck`` makes a small exact problem.

    Raises:
        AmountError: sizes too small to say anything, a bad commission.
        RuleError: an unknown way or rule.
        DeriveError: learning that cannot go on.
    """
    from paigow.analysis.poker_derive_run import derive

    r, rate = _game(rules, game, push, commission, joker, wheel, foul)
    run = derive(fspath(dealer), r, rate, max_rules=max_rules, sample=sample, eval_sample=eval_sample,
                 seed=seed, eval_seed=eval_seed, otherwise=fspath(otherwise), name=name,
                 folds=folds, deck=None if deck is None else _cards((deck,)),
                 folder=Path(folder), file="", progress=progress)
    share = None if run.evaluation is None else float(run.evaluation.share)
    return DerivedStrategy("poker", fspath(dealer), run.text, tuple(run.report["rules"]),
                           run.derived.otherwise, share, run.report, run.derived,
                           run.evaluation)


def way_card(way: WayName = "house", *, rules: PokerRules | None = None,
                  joker: JokerRule | None = None,
                  wheel: WheelRule | None = None) -> StrategyCard:
    """A printable strategy card of a way file (as ``paigow poker card``): one page, its
    rules in order, each with an example hand set by it. ``way`` is ``house``, a shipped
    way file's name or a ``.toml`` path.

    >>> way_card("foxwoods").svg.startswith("<svg")
    True

    Raises:
        RuleError: a way that is not a way file.
    """
    from paigow.poker.strategy_card import card_svg

    name = fspath(way)
    return StrategyCard("poker", name, card_svg(name, _rules(rules, joker, wheel)))


__all__ = [
    "DerivedStrategy",
    "Rate",
    "Settings",
    "StrategyCard",
    "advise",
    "compare",
    "derive_strategy",
    "envy_bonus",
    "grade",
    "hand",
    "paytables",
    "rank",
    "set_hand",
    "settings",
    "side_bet",
    "simulate",
    "way_card",
]
