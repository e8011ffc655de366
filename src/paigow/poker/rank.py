"""The reference evaluator: five- and two-card hands ranked the way the rules read.

This module is deliberately plain: it is the definition the fast kernels
(:mod:`paigow.poker.fast`) are tested against, not the code to call in a loop.

A rank is a :class:`HandRank`: an ``int`` key (totally ordered, higher is better; five- and
two-card keys share one scale so a setting's two hands can be compared for a foul) and a
readable description that names the joker's role.

Key layout: ``category << 20`` then up to five 4-bit tie-break values, most significant
first. A tie-break value packs a :class:`~paigow.poker.cards.Rank` (two 0 … ace 12) as
``rank + 2`` (:func:`pack`: 0 stays an empty place), or for a straight the straight's
strength: its top card packed (6..13), with the ace-high straight 15 and the wheel 14
under ``wheel="second"`` (between A-K-Q-J-T and K-Q-J-T-9), or the wheel 5 under
``"lowest"``. The fast kernels (:mod:`paigow.poker.fast`) make the same keys.

A rank remembers the rules it was made under: ranks of different ranking rules (joker,
wheel) refuse to compare, as pokerkit's hands of different variants do.

>>> rank5("As Ks Qs Js Jk").description
'royal flush (joker completes the royal flush as T)'
>>> rank5("Jk 2c 3d 4h 5s") > rank5("2c 3d 4h 5s 6c")     # wheel second highest
True
>>> rank5("Jk 2c 3d 4h 5s", PokerRules(wheel="lowest")).description
'straight, 6 high (joker completes the straight as 6)'
>>> rank2("Jk Ad").description
'pair of aces (joker plays as an ace)'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from paigow.errors import IllegalCardsError, RulesMismatchError
from paigow.phrasing import Msg
from paigow.poker.cards import ACE, JOKER, RANKS, Card, CardsLike, Rank, format_cards, parse_cards
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.values import RuledOrder


class Category(enum.IntEnum):
    """Hand categories, lowest first (the key's top bits)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_OF_A_KIND = 10  # only with a wild joker: four of a rank (not aces) and the joker
    FIVE_ACES = 11

    @property
    def label(self) -> str:
        """Readable name: ``"straight flush"``."""
        return self.name.lower().replace("_", " ")


CATEGORY_SHIFT = 20
_ROYAL = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE})
_WHEEL = frozenset({Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE})


PACK = 2
"""How a key holds a :class:`~paigow.poker.cards.Rank` (two 0 ... ace 12): as ``rank +
PACK`` (:func:`pack`), so that 0 stays an empty place. This is the one place the packing
is written; the fast kernels read it (and the constants below) from here."""
ACE_KEY = PACK + Rank.ACE
"""The ace as a key packs it (14)."""
WHEEL_SECOND = ACE_KEY
"""A straight's value for the wheel (A-2-3-4-5) under ``wheel="second"``: just below
A-K-Q-J-T."""
WHEEL_LOWEST = PACK + Rank.FIVE
"""The wheel's value under ``wheel="lowest"``: its top card, the five."""
BROADWAY_SECOND = ACE_KEY + 1
"""A-K-Q-J-T's value under ``wheel="second"`` (15), above the wheel's."""


def pack(rank: int) -> int:
    """A :class:`~paigow.poker.cards.Rank` as a key packs it: ``rank + PACK`` (so 0 is an
    empty place).

    >>> pack(Rank.ACE), unpack(ACE_KEY)
    (14, Rank.ACE)
    """
    return rank + PACK


def unpack(value: int) -> Rank:
    """The :class:`~paigow.poker.cards.Rank` a key's tie-break value packs."""
    return Rank(value - PACK)


def straight_key(top: int, wheel_second: bool) -> int:
    """A straight's value in a key from its top card's :class:`~paigow.poker.cards.Rank`
    (the wheel's top is the five): the top packed, but for the wheel and A-K-Q-J-T under
    ``wheel="second"`` (:data:`WHEEL_SECOND`, :data:`BROADWAY_SECOND`).

    >>> straight_key(Rank.FIVE, True), straight_key(Rank.ACE, True), straight_key(Rank.NINE, False)
    (14, 15, 9)
    """
    if top == Rank.FIVE:
        return WHEEL_SECOND if wheel_second else WHEEL_LOWEST
    if top == Rank.ACE and wheel_second:
        return BROADWAY_SECOND
    return top + PACK


def _symbol(value: int) -> str:
    """The letter of a packed tie-break value (a straight's 15 is its top card, the ace)."""
    return RANKS[unpack(min(value, ACE_KEY))] if value >= PACK else "?"


@dataclass(frozen=True, eq=False)
class HandRank(RuledOrder):
    """The rank of a five- or two-card hand: ordered (and equal) by ``key``, under the
    ``rules`` it was made by. Ranks of different ranking rules (joker, wheel) refuse to be
    ordered (:class:`~paigow.errors.RulesMismatchError`) and are never equal.

    >>> a, b = rank5("Kh Kd 9c 5s 2h"), rank5("Qh Qd Ac 5d 2c")
    >>> a > b, sorted([a, b])[0].description
    (True, 'pair of queens, A-5-2 kickers')
    >>> a
    HandRank.of('Kh Kd 9c 5s 2h')
    >>> eval(repr(rank2("Jk Kd", PokerRules(joker="wild")))).description
    'pair of kings (joker is wild and pairs the king)'
    >>> a < rank5("Kh Kd 9c 5s 2h", PokerRules(joker="wild"))
    Traceback (most recent call last):
    ...
    paigow.errors.RulesMismatchError: cannot compare a rank under joker bug, wheel second with one under joker wild, wheel second: ranks of different rules do not compare
    """

    key: int
    category: Category
    description: str
    size: int = 5
    joker: str | None = None
    cards: tuple[Card, ...] = ()
    rules: PokerRules = DEFAULT_RULES

    @classmethod
    def of(cls, cards: CardsLike, rules: PokerRules = DEFAULT_RULES) -> HandRank:
        """The rank of five or two cards (:func:`rank_hand`): what a rank's repr calls.

        Raises:
            CardNotationError: a token that is not a card.
            IllegalCardsError: a card twice, or not five or two cards.
        """
        return rank_hand(cards, rules)

    def _order(self) -> int:
        return self.key

    def _same_rules(self, other: HandRank) -> None:
        if other.rules is not self.rules and (other.rules.joker, other.rules.wheel) != (
                self.rules.joker, self.rules.wheel):
            raise RulesMismatchError(
                f"cannot compare a rank under {_ranking(self.rules)} with one under "
                f"{_ranking(other.rules)}: ranks of different rules do not compare")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key == other.key and (other.rules.joker, other.rules.wheel) == (
            self.rules.joker, self.rules.wheel)

    def __hash__(self) -> int:
        return hash((self.key, self.rules.joker, self.rules.wheel))

    def __str__(self) -> str:
        return self.description

    def __repr__(self) -> str:
        rules = "" if self.rules == DEFAULT_RULES else f", {self.rules!r}"
        return f"HandRank.of({format_cards(self.cards)!r}{rules})"

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "key": self.key,
            "category": self.category.label,
            "description": self.description,
            "joker": self.joker,
        }

    def _repr_html_(self) -> str:
        """The rank as a small table beside the cards (Jupyter)."""
        from paigow.notebook import cards_html, table_html

        return cards_html(self.cards) + table_html(
            [("hand", self.description), ("category", self.category.label),
             ("joker", self.joker or ""), ("rules", _ranking(self.rules))])


def _ranking(rules: PokerRules) -> str:
    return f"joker {rules.joker}, wheel {rules.wheel}"


def make_key(category: Category, tiebreak: Sequence[int]) -> int:
    """Pack a category and up to five tie-break values (each 0..15) into an int key.

    >>> hex(make_key(Category.PAIR, [13, 14]))
    '0x1de000'
    """
    key = int(category)
    for i in range(5):
        key = (key << 4) | (tiebreak[i] if i < len(tiebreak) else 0)
    return key


def key_parts(key: int) -> tuple[Category, tuple[int, ...]]:
    """Unpack a key into its category and five tie-break values.

    >>> key_parts(0x1DE000)
    (<Category.PAIR: 1>, (13, 14, 0, 0, 0))
    """
    values = tuple((key >> (16 - 4 * i)) & 15 for i in range(5))
    return Category(key >> CATEGORY_SHIFT), values


def straight_value(ranks: Iterable[int], wheel: str) -> int:
    """Strength of five distinct :class:`~paigow.poker.cards.Rank` values as a straight
    (a key's tie-break value), or 0 when they are not one.

    >>> A, K, Q, J, T, N = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE
    >>> wheel = [Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, A]
    >>> straight_value([A, K, Q, J, T], "second"), straight_value(wheel, "second")
    (15, 14)
    >>> straight_value([K, Q, J, T, N], "second"), straight_value(wheel, "lowest")
    (13, 5)
    """
    s = set(ranks)
    if len(s) != 5:
        return 0
    if s == _WHEEL:
        return straight_key(Rank.FIVE, wheel == "second")
    if max(s) - min(s) == 4:
        return straight_key(max(s), wheel == "second")
    return 0


def _natural(ranks: list[int], suits: list[int | None], wheel: str) -> tuple[int, Category]:
    """Key of five cards given as ranks (:class:`~paigow.poker.cards.Rank`) and suits
    (``None``: cannot make a flush)."""
    counts = Counter(ranks)
    # groups: (count, rank) highest first, so the ranks read in tie-break order
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    order = [pack(r) for _, r in groups]
    shape = [n for n, _ in groups]
    flush = suits[0] is not None and all(s == suits[0] for s in suits)
    straight = straight_value(ranks, wheel)
    if shape == [5]:
        cat = Category.FIVE_ACES if order[0] == pack(ACE) else Category.FIVE_OF_A_KIND
        return make_key(cat, [] if cat is Category.FIVE_ACES else order), cat
    if flush and straight:
        if set(ranks) == _ROYAL:
            return make_key(Category.ROYAL_FLUSH, []), Category.ROYAL_FLUSH
        return make_key(Category.STRAIGHT_FLUSH, [straight]), Category.STRAIGHT_FLUSH
    if shape == [4, 1]:
        cat = Category.FOUR_OF_A_KIND
    elif shape == [3, 2]:
        cat = Category.FULL_HOUSE
    elif flush:
        return make_key(Category.FLUSH, [pack(r) for r in sorted(ranks, reverse=True)]), \
            Category.FLUSH
    elif straight:
        return make_key(Category.STRAIGHT, [straight]), Category.STRAIGHT
    elif shape == [3, 1, 1]:
        cat = Category.THREE_OF_A_KIND
    elif shape == [2, 2, 1]:
        cat = Category.TWO_PAIR
    elif shape == [2, 1, 1, 1]:
        cat = Category.PAIR
    else:
        cat = Category.HIGH_CARD
    return make_key(cat, order), cat


_MADE_WITH_JOKER = (
    Category.STRAIGHT,
    Category.FLUSH,
    Category.STRAIGHT_FLUSH,
    Category.ROYAL_FLUSH,
)


def _joker_role(cat: Category, rank: int, rules: PokerRules) -> Msg:
    if cat in _MADE_WITH_JOKER:
        return Msg("joker completes the {category} as {rank}", category=Msg(cat.label),
                   rank=Msg(RANKS[rank]))
    if cat is Category.FIVE_ACES:
        return Msg("joker plays as the fifth ace")
    if rules.joker == "bug":
        return Msg("joker plays as an ace")
    return Msg("joker is wild and plays as {card}", card=Msg(Rank(rank).article))


def _check(cards: CardsLike, size: int) -> tuple[Card, ...]:
    hand = parse_cards(cards)
    if len(hand) != size:
        raise IllegalCardsError(f"a {size}-card hand needs {size} cards, got {len(hand)}")
    return hand


def rank5(cards: CardsLike, rules: PokerRules = DEFAULT_RULES) -> HandRank:
    """Rank a five-card hand under ``rules`` (joker and wheel variants).

    The joker is tried as every value the joker rule allows and the best hand is kept:
    as a bug, as an ace or as any missing card that completes a straight, flush or
    straight flush; wild, as any rank or any missing card.

    >>> rank5("Ah Ad Ac As Jk").description
    'five aces (joker plays as the fifth ace)'
    >>> rank5("Kh Kd Kc Ks Jk").description
    'four of a kind, kings, A kicker (joker plays as an ace)'
    >>> rank5("Kh Kd Kc Ks Jk", PokerRules(joker="wild")).description
    'five of a kind, kings (joker is wild and plays as a king)'

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card twice, or not five cards.
    """
    hand = _check(cards, 5)
    naturals = [c for c in hand if c != JOKER]
    ranks = [c >> 2 for c in naturals]
    suits: list[int | None] = [c & 3 for c in naturals]
    if len(naturals) == 5:
        key, cat = _natural(ranks, suits, rules.wheel)
        return HandRank(key, cat, describe_key(key, rules), 5, None, hand, rules)

    # (key, category, value the joker takes); substitutions first so that, on equal keys,
    # the description names the joker completing a straight or flush
    candidates: list[tuple[int, Category, int]] = []
    for sub in range(52):
        if sub in naturals:
            continue
        key, cat = _natural([*ranks, sub >> 2], [*suits, sub & 3], rules.wheel)
        if rules.joker == "wild" or cat in _MADE_WITH_JOKER:
            candidates.append((key, cat, sub >> 2))
    plays_as = [ACE] if rules.joker == "bug" else list(range(ACE, -1, -1))
    for value in plays_as:  # the joker as a rank only: it has no suit, so no flush
        key, cat = _natural([*ranks, value], [*suits, None], rules.wheel)
        candidates.append((key, cat, value))
    best = max(candidates, key=lambda c: c[0])
    key, cat, value = best
    role = _joker_role(cat, value, rules)
    return HandRank(key, cat, Msg("{hand} ({role})", hand=describe_key(key, rules), role=role),
                    5, role, hand, rules)


def rank2(cards: CardsLike, rules: PokerRules = DEFAULT_RULES) -> HandRank:
    """Rank a two-card hand: a pair or high cards only.

    The joker is an ace as a bug; wild, it pairs the other card.

    >>> rank2("Kd 9s").description
    'high card, K-9'
    >>> rank2("Jk Kd").description
    'high card, A-K (joker plays as an ace)'
    >>> rank2("Jk Kd", PokerRules(joker="wild")).description
    'pair of kings (joker is wild and pairs the king)'

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card twice, or not two cards.
    """
    hand = _check(cards, 2)
    naturals = [c >> 2 for c in hand if c != JOKER]
    role: Msg | None = None
    if len(naturals) == 1:
        other = naturals[0]
        if rules.joker == "bug":
            naturals.append(ACE)
            role = Msg("joker plays as an ace")
        else:
            naturals.append(other)
            role = Msg("joker is wild and pairs the {rank}", rank=Msg(Rank(other).word))
    hi, lo = max(naturals), min(naturals)
    if hi == lo:
        key = make_key(Category.PAIR, [pack(hi)])
        cat = Category.PAIR
    else:
        key = make_key(Category.HIGH_CARD, [pack(hi), pack(lo)])
        cat = Category.HIGH_CARD
    text = describe_key(key, rules)
    return HandRank(key, cat, text if role is None else Msg("{hand} ({role})", hand=text,
                                                            role=role), 2, role, hand, rules)


def rank_hand(cards: CardsLike, rules: PokerRules = DEFAULT_RULES) -> HandRank:
    """Rank a five- or two-card hand (dispatch on its size).

    >>> rank_hand("Ah Ac").category.label
    'pair'

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card twice, or not five or two cards.
    """
    hand = parse_cards(cards)
    if len(hand) == 5:
        return rank5(hand, rules)
    if len(hand) == 2:
        return rank2(hand, rules)
    raise IllegalCardsError(f"a hand has 5 or 2 cards, got {len(hand)}")


def _straight_text(value: int, rules: PokerRules) -> Msg:
    if value == straight_key(Rank.FIVE, rules.wheel == "second"):
        where = Msg("second highest") if rules.wheel == "second" else Msg("lowest")
        return Msg("5-4-3-2-A (the wheel, {where})", where=where)
    return Msg("{rank} high", rank=Msg(_symbol(value)))


def describe_key(key: int, rules: PokerRules = DEFAULT_RULES) -> Msg:
    """Readable text of a key (without the joker's role, which the key does not hold).

    >>> describe_key(make_key(Category.FULL_HOUSE, [13, 5]))
    'full house, kings full of fives'
    """
    cat, v = key_parts(key)
    vals = [x for x in v if x]
    sym = [_symbol(x) for x in vals]

    def plural(x: int) -> Msg:
        return Msg(unpack(x).plural)

    if cat is Category.FIVE_ACES:
        return Msg("five aces")
    if cat is Category.FIVE_OF_A_KIND:
        return Msg("five of a kind, {rank}", rank=plural(vals[0]))
    if cat is Category.ROYAL_FLUSH:
        return Msg("royal flush")
    if cat is Category.STRAIGHT_FLUSH:
        return Msg("straight flush, {high}", high=_straight_text(vals[0], rules))
    if cat is Category.FOUR_OF_A_KIND:
        return Msg("four of a kind, {rank}, {kicker} kicker", rank=plural(vals[0]),
                   kicker=Msg(sym[1]))
    if cat is Category.FULL_HOUSE:
        return Msg("full house, {trips} full of {over}", trips=plural(vals[0]),
                   over=plural(vals[1]))
    if cat is Category.FLUSH:
        return Msg("flush, {cards}", cards="-".join(sym))
    if cat is Category.STRAIGHT:
        return Msg("straight, {high}", high=_straight_text(vals[0], rules))
    if cat is Category.THREE_OF_A_KIND:
        return Msg("three of a kind, {rank}, {kickers} kickers", rank=plural(vals[0]),
                   kickers="-".join(sym[1:]))
    if cat is Category.TWO_PAIR:
        return Msg("two pair, {high} and {low}, {kicker} kicker", high=plural(vals[0]),
                   low=plural(vals[1]), kicker=Msg(sym[2]))
    if cat is Category.PAIR:
        if len(vals) == 1:
            return Msg("pair of {rank}", rank=plural(vals[0]))
        return Msg("pair of {rank}, {kickers} kickers", rank=plural(vals[0]),
                   kickers="-".join(sym[1:]))
    return Msg("high card, {cards}", cards="-".join(sym))


__all__ = [
    "ACE",
    "ACE_KEY",
    "BROADWAY_SECOND",
    "PACK",
    "WHEEL_LOWEST",
    "WHEEL_SECOND",
    "Category",
    "HandRank",
    "describe_key",
    "key_parts",
    "make_key",
    "pack",
    "rank2",
    "rank5",
    "rank_hand",
    "straight_key",
    "straight_value",
    "unpack",
]
