"""The rule variants of Pai Gow Poker, as one explicit frozen object (never a global).

>>> PokerRules()
PokerRules(joker='bug', wheel='second', foul='house', push='none')
>>> PokerRules(push="pai-gow:q").push    # commission-free (EZ Pai Gow): see paigow.poker.kinds
'pai-gow:Q'
>>> PokerRules(push="low:9").banker_push.label  # Commission-Free Fortune Pai Gow
'nine-high two-card hand'
>>> PokerRules(wheel="lowest").wheel
'lowest'
>>> PokerRules(joker="free")
Traceback (most recent call last):
...
paigow.errors.RuleError: unknown joker rule 'free': choose bug or wild
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, cast

from paigow.errors import RuleError

if TYPE_CHECKING:
    from paigow.poker.kinds import PushRule

JokerRule = Literal["bug", "wild"]
"""The joker's rule: ``"bug"`` (an ace, or completes a straight or flush) or ``"wild"``."""
WheelRule = Literal["second", "lowest"]
"""Where A-2-3-4-5 ranks: ``"second"`` (second-highest straight, Nevada) or ``"lowest"``."""
FoulRule = Literal["house", "forfeit"]
"""A fouled setting: re-set by the ``"house"`` way, or the bet is lost (``"forfeit"``)."""
PushSpec = Literal[
    "none",
    "pai-gow:9", "pai-gow:T", "pai-gow:J", "pai-gow:Q", "pai-gow:K", "pai-gow:A",
    "low:3", "low:4", "low:5", "low:6", "low:7", "low:8", "low:9", "low:T", "low:J",
    "low:Q", "low:K", "low:A",
]
"""Every push rule as written (:mod:`paigow.poker.kinds`): a type checker refuses a typo."""
GameName = Literal["classic", "ez", "commission-free"]
"""The three games of Pai Gow Poker's rules: the classic game (5% commission, no push),
EZ Pai Gow (a banker's queen-high pai gow pushes, no commission) and Commission-Free
Pai Gow Poker (Golden Nugget's Commission-Free Fortune Pai Gow: a banker's nine-high
two-card hand pushes, no commission)."""

GAMES: dict[GameName, tuple[str, str]] = {
    "classic": ("none", "5%"),
    "ez": ("pai-gow:Q", "0"),
    "commission-free": ("low:9", "0"),
}
"""Each game's push rule and commission: the one place they are written."""

JOKER_RULES: tuple[JokerRule, ...] = ("bug", "wild")
WHEEL_RULES: tuple[WheelRule, ...] = ("second", "lowest")
FOUL_RULES: tuple[FoulRule, ...] = ("house", "forfeit")

PLACES = 7
"""Places at a Pai Gow Poker table, the banker's included (RULES.md 2.6): seven hands are
dealt, so at most six other hands than one's own."""


@dataclass(frozen=True)
class PokerRules:
    """Rule switches (RULES.md 2.2–2.4).

    ``joker``: ``"bug"`` (default: completes a straight, flush or straight flush, else an
    ace) or ``"wild"`` (fully wild). ``wheel``: ``"second"`` (default, Nevada: A-2-3-4-5 is
    the second-highest straight) or ``"lowest"`` (California). ``foul``: ``"house"``
    (default: a fouled hand is re-set by the house way) or ``"forfeit"`` (the bet is lost).
    ``push``: the kind of banker hand on which every player's bet pushes
    (:mod:`paigow.poker.kinds`): ``"none"`` (default, the classic game); for the
    commission-free games, a kind of the banker's seven cards (``"pai-gow:Q"``, EZ Pai
    Gow's queen-high pai gow) or of the banker's hand as set (``"low:9"``, Commission-Free
    Fortune Pai Gow: the two-card hand is nine high). Commission is separate
    (:class:`paigow.settle.Commission`): a commission-free table sets its rate to 0 as
    well.
    """

    joker: JokerRule = "bug"
    wheel: WheelRule = "second"
    foul: FoulRule = "house"
    push: str = "none"

    def __post_init__(self) -> None:
        from paigow.poker.kinds import parse_push  # kinds ranks hands, which needs rules

        object.__setattr__(self, "push", parse_push(self.push).spec)
        if self.joker not in JOKER_RULES:
            raise RuleError(f"unknown joker rule {self.joker!r}: choose bug or wild")
        if self.wheel not in WHEEL_RULES:
            raise RuleError(f"unknown wheel rule {self.wheel!r}: choose second or lowest")
        if self.foul not in FOUL_RULES:
            raise RuleError(f"unknown foul rule {self.foul!r}: choose house or forfeit")

    @classmethod
    def of(cls, joker: str = "bug", wheel: str = "second", foul: str = "house",
           push: str = "none") -> PokerRules:
        """Build rules from plain strings (as typed on a command line), checking each.

        >>> PokerRules.of("WILD", "lowest")
        PokerRules(joker='wild', wheel='lowest', foul='house', push='none')
        """
        return cls(
            joker=cast(JokerRule, joker.strip().lower()),
            wheel=cast(WheelRule, wheel.strip().lower()),
            foul=cast(FoulRule, foul.strip().lower()),
            push=push,
        )

    @property
    def banker_push(self) -> PushRule:
        """The kind of banker hand that pushes every bet (:mod:`paigow.poker.kinds`)."""
        from paigow.poker.kinds import parse_push

        return parse_push(self.push)

    @property
    def variant(self) -> int:
        """Index 0..3 of the ranking variant (joker × wheel), used by the lookup tables."""
        return JOKER_RULES.index(self.joker) * 2 + WHEEL_RULES.index(self.wheel)


DEFAULT_RULES = PokerRules()
"""The classic game's rules (bug joker, wheel second, foul re-set by the house way, no
push): the one default every function of the poker game falls back to."""


def game_of(game: str | None, push: str | None = None,
            commission: str | float | Fraction | None = None) -> tuple[str, Fraction]:
    """The push rule and commission rate of a game: ``game``'s (:data:`GAMES`), or
    ``push`` (default none) and ``commission`` (default 5%) as given. A game refuses a
    push rule or commission other than its own rather than guess which one is meant.

    >>> game_of("ez")
    ('pai-gow:Q', Fraction(0, 1))
    >>> game_of(None, "low:9", 0)
    ('low:9', Fraction(0, 1))
    >>> game_of("ez", "low:9")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: the ez game pushes on pai-gow:Q: give game="ez" alone, or push= and commission= instead

    Raises:
        RuleError: an unknown game, or a push rule or commission other than the game's.
        AmountError: a commission that is not a rate.
    """
    from paigow.poker.kinds import parse_push
    from paigow.settle import parse_rate

    if game is None:
        return parse_push(push or "none").spec, parse_rate("5%" if commission is None
                                                           else commission)
    key = str(game).strip().lower()
    if key not in GAMES:
        raise RuleError(f"unknown game {game!r}: choose {', '.join(GAMES)}")
    spec, rate = GAMES[key]
    if push is not None and parse_push(push).spec != parse_push(spec).spec:
        raise RuleError(f"the {key} game pushes on {spec}: give game={key!r} alone, or push= "
                        "and commission= instead".replace("'", '"'))
    if commission is not None and parse_rate(commission) != parse_rate(rate):
        raise RuleError(f"the {key} game's commission is {rate}: give game={key!r} alone, or "
                        "push= and commission= instead".replace("'", '"'))
    return parse_push(spec).spec, parse_rate(rate)


def ranking_variants() -> tuple[PokerRules, ...]:
    """The four ranking variants (joker × wheel) with the default foul rule.

    >>> len(ranking_variants())
    4
    """
    return tuple(PokerRules(joker=j, wheel=w) for j in JOKER_RULES for w in WHEEL_RULES)
