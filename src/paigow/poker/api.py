"""The card game's front door: ``paigow.poker.rank(...)``, ``set_hand``, ``advise``,
``simulate``.

Each function takes cards in the project's notation (``"As Ks Qs Js Jk"``, a list of
tokens, or ``"AsKsQsJsJk"``) and rule switches by name, and returns a frozen dataclass
with ``to_json()``. A hand and a setting show as the browser's pieces in Jupyter
(``_repr_svg_``, ``_repr_html_``) and as text in a terminal (``str``). Bad input raises a
:class:`~paigow.errors.PaigowError` subclass naming it (``CardError``, ``RuleError``,
``AmountError``), never a bare ``ValueError``.

``advise`` and ``simulate`` import the analysis kernels when first called; ``advise`` over
the full deck builds a one-time table in the user cache on its first run (a minute or two).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from paigow.errors import AmountError
from paigow.poker.cards import Card, Hand, parse_cards
from paigow.poker.rank import HandRank, rank_hand
from paigow.poker.rules import PokerRules
from paigow.settle import parse_rate

if TYPE_CHECKING:
    from paigow.analysis.poker_odds import Advice
    from paigow.analysis.poker_sim import SimResult
    from paigow.poker.ways import Decision

CardsLike = str | Iterable[str | Card]


def _cards(parts: tuple[CardsLike, ...]) -> tuple[Card, ...]:
    """Every card of ``parts`` (each a string or an iterable of tokens), repeats refused."""
    cards: list[Card] = []
    for p in parts:
        cards.extend(parse_cards(p))
    return parse_cards(cards)


def hand(*cards: CardsLike) -> Hand:
    """Cards as a :class:`~paigow.poker.cards.Hand` (no card twice), highest first.

    >>> h = hand("Kd As Jk")
    >>> str(h), h.to_json()
    ('Jk As Kd', ['Jk', 'As', 'Kd'])
    >>> hand("As As")
    Traceback (most recent call last):
    ...
    paigow.errors.CardError: card As is repeated
    """
    return Hand(_cards(cards))


def rank(*cards: CardsLike, joker: str = "bug", wheel: str = "second") -> HandRank:
    """The rank of a five- or two-card hand, naming the joker's role (RULES 2.2, 2.3).

    >>> r = rank("As Ks Qs Js Jk")
    >>> r.category.label, r.joker
    ('royal flush', 'joker completes the royal flush as T')
    >>> print(rank("Ah", "Jk"))
    pair of aces (joker plays as an ace)
    >>> rank("As Ks Qs Js Jk", joker="free")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown joker rule 'free': choose bug or wild
    """
    return rank_hand(_cards(cards), PokerRules.of(joker, wheel))


def set_hand(cards: CardsLike, way: str = "house", *, banking: bool = False,
             joker: str = "bug", wheel: str = "second") -> Decision:
    """How a way sets seven cards, and the numbered rule that decided: ``way`` is
    ``house``, ``basic``, a shipped casino way (``foxwoods``, ``ballys-atlantic-city``) or
    the path of a way file.

    >>> d = set_hand("Kd Qs Jh 9c 7d 4s 3h", way="foxwoods")
    >>> print(d.setting)
    Kd 9c 7d 4s 3h | Qs Jh
    >>> set_hand("Kd Qs Jh 9c 7d 4s", way="house")
    Traceback (most recent call last):
    ...
    paigow.errors.CardError: a Pai Gow Poker hand has seven cards, got 6
    """
    from paigow.poker.ways import get_way

    seven = _cards((cards,))
    return get_way(way, PokerRules.of(joker, wheel)).choose(seven, banking)


def advise(cards: CardsLike, *, way: str = "house", banking: bool = False,
           commission: str | float | Fraction = "5%", joker: str = "bug",
           wheel: str = "second", deck: CardsLike | None = None) -> Advice:
    """Exact win/push/lose of every legal setting of seven cards against every opponent
    hand (53,524,680 of them; or those of a smaller ``deck``), the opponent set by
    ``way``; the best setting marked. Over the full deck the first call builds a
    one-time table in the user cache (a minute or two).

    >>> a = advise("As Ah Kd Qc 3s 2h 2c",
    ...            deck="As Ah Kd Kh Qc Qd 3s 3h 2h 2c 2d 4s 4h 5c 6c 6d 7c")
    >>> a.total, sum(1 for s in a.settings if s.best)
    (120, 1)
    """
    from paigow.analysis.poker_odds import advise as run

    rate = parse_rate(commission)
    seven = _cards((cards,))
    return run(seven, way, banking, rate, PokerRules.of(joker, wheel),
               None if deck is None else _cards((deck,)))


def simulate(player: str = "house", dealer: str = "house", *, rounds: int = 100_000,
             seed: int | None = None, banking: bool = False,
             commission: str | float | Fraction = "5%", joker: str = "bug",
             wheel: str = "second", foul: str = "house") -> SimResult:
    """Monte Carlo: win/push/lose frequencies of the ``player`` way against the
    ``dealer`` way and the edge with a 95% interval; ``seed`` replays a run (default:
    a fresh secure seed).

    >>> s = simulate(rounds=20_000, seed=1)
    >>> s.win + s.push + s.lose
    20000
    >>> simulate(rounds=0)
    Traceback (most recent call last):
    ...
    paigow.errors.AmountError: rounds 0 must be a whole number from 1
    """
    from paigow.analysis.poker_sim import simulate as run

    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise AmountError(f"rounds {rounds!r} must be a whole number from 1")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise AmountError(f"seed {seed!r} must be a whole number from 0")
    rate = parse_rate(commission)
    return run(player, dealer, rounds, seed, banking, PokerRules.of(joker, wheel, foul), rate)
