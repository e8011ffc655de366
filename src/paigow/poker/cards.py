"""Cards and their notation: 52 cards and one joker, each a small integer that prints as
a player writes it.

A card is a :class:`Card`: an ``int`` (``4 * rank + suit``, ranks ``2 3 4 5 6 7 8 9 T J Q
K A`` as :class:`Rank` 0..12 and suits ``c d h s`` 0..3; the joker is 52) that prints and
reads back as its name (``Card('As')``). Integers keep hands cheap to store, hash and hand
to the numba kernels, which see plain ints.

The rank letters, words and the one rank scale are defined here, once: every module of the
poker game reads a rank as a :class:`Rank` (two = 0 ... ace = 12, the card's ``card >> 2``).

Notation: ``As``, ``td`` (rank then suit, either case), ``Jk`` or ``joker`` for the joker.
Parsing is forgiving: ``"As Kd"``, ``"AsKd"``, ``"As,Kd"`` and lists of tokens or ints all
work. Printing is canonical: ``As``, ``Td``, ``Jk``.

>>> parse_cards("As kd jk")
(Card('As'), Card('Kd'), Card('Jk'))
>>> parse_cards("As kd jk") == (51, 45, 52)
True
>>> format_cards(parse_cards("AsKd10hJoker"))
'As Kd Th Jk'
>>> parse_card("1x")
Traceback (most recent call last):
...
paigow.errors.CardNotationError: bad card '1x': write rank then suit, e.g. As, Td, 7c, or Jk for the joker
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from paigow.errors import CardError, CardNotationError, IllegalCardsError
from paigow.values import unwrap

RANKS = "23456789TJQKA"
"""The rank letters, lowest first: the one place they are written out."""
SUITS = "cdhs"
DECK_SIZE = 53

_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
          "queen", "king", "ace")


class Rank(enum.IntEnum):
    """A card's rank on the one scale of the poker game: two = 0 ... ace = 12 (the card's
    ``card >> 2``). Ordered as the cards are.

    >>> Rank.ACE.symbol, Rank.SIX.word, Rank.SIX.plural, Rank.parse("t")
    ('A', 'six', 'sixes', Rank.TEN)
    >>> Rank.QUEEN > Rank.NINE
    True
    """

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @property
    def symbol(self) -> str:
        """The rank's letter: ``"A"``, ``"T"``, ``"7"``."""
        return RANKS[self]

    @property
    def word(self) -> str:
        """The rank in words: ``"ace"``."""
        return _WORDS[self]

    @property
    def plural(self) -> str:
        """The rank's plural: ``"aces"``, ``"sixes"``."""
        return "sixes" if self is Rank.SIX else _WORDS[self] + "s"

    @property
    def article(self) -> str:
        """The rank with its article: ``"an ace"``, ``"a king"``."""
        return ("an " if self.word[0] in "ae" else "a ") + self.word

    @classmethod
    def parse(cls, token: str) -> Rank:
        """A rank from its letter (either case; ``10`` for the ten).

        >>> Rank.parse("10"), Rank.parse("x")
        Traceback (most recent call last):
        ...
        paigow.errors.CardNotationError: bad rank 'x': use 2..9, T (or 10), J, Q, K, A
        """
        t = str(token).strip().upper()
        if t == "10":
            t = "T"
        if len(t) != 1 or t not in RANKS:
            raise CardNotationError(f"bad rank {token!r}: use 2..9, T (or 10), J, Q, K, A")
        return cls(RANKS.index(t))


ACE = Rank.ACE
RANK_NAMES = tuple(r.word for r in Rank)
RANK_PLURALS = tuple(r.plural for r in Rank)


class Card(int):
    """One card: an ``int`` 0..51 (``4 * rank + suit``) or 52 (the joker) that prints as a
    player writes it and reads back from its repr. ``Card("As")`` and ``Card(51)`` are the
    same card (one object each: cards are made once).

    >>> Card("As"), Card(51) is Card("as"), str(Card(52)), Card("Td").rank
    (Card('As'), True, 'Jk', Rank.TEN)
    >>> eval(repr(Card("7c"))) == Card("7c")
    True
    """

    __slots__ = ()
    _ALL: ClassVar[tuple[Card, ...]]

    def __new__(cls, card: str | int) -> Card:
        if isinstance(card, Card):
            return card
        if isinstance(card, str):
            card = parse_card(card)
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
            raise CardNotationError(f"bad card {card!r}: cards are the integers 0..52")
        return cls._ALL[card]

    def __repr__(self) -> str:
        return f"Card({card_name(self)!r})"

    def __str__(self) -> str:
        return card_name(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec) if not spec or spec[-1:] in "s<>^" else \
            int.__format__(self, spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    @property
    def is_joker(self) -> bool:
        """Whether this is the joker."""
        return self == JOKER

    @property
    def rank(self) -> Rank:
        """The card's :class:`Rank` (the joker has none of its own)."""
        return Rank(rank_of(self))

    @property
    def suit(self) -> str:
        """The suit's letter, ``c d h s`` (the joker has none)."""
        return SUITS[suit_of(self)]

    def to_json(self) -> str:
        """The card's name."""
        return card_name(self)

    def _repr_svg_(self) -> str:
        """The card as the browser draws it (Jupyter)."""
        from paigow.svg import cards_row

        return cards_row([card_name(self)])


Card._ALL = _ALL = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))
JOKER: Card = _ALL[52]


_BAD = "write rank then suit, e.g. As, Td, 7c, or Jk for the joker"


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (a :class:`Rank`, 0 = two … 12 = ace) and ``suit`` index
    (0..3 = c d h s).

    >>> make_card(Rank.ACE, 3)
    Card('As')
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardNotationError(f"no card with rank {rank} and suit index {suit}")
    return Card._ALL[4 * rank + suit]


def rank_of(card: int) -> int:
    """The :class:`Rank` value 0..12 of a natural card (the joker has no rank of its own).

    >>> rank_of(parse_card("Td")) == Rank.TEN
    True
    """
    if card == JOKER:
        raise IllegalCardsError("the joker has no rank of its own")
    return card >> 2


def suit_of(card: int) -> int:
    """Suit index 0..3 (c d h s) of a natural card."""
    if card == JOKER:
        raise IllegalCardsError("the joker has no suit")
    return card & 3


def card_name(card: int) -> str:
    """Canonical name of a card: ``As``, ``Td``, ``Jk``.

    >>> [card_name(c) for c in (0, 33, 52)]
    ['2c', 'Td', 'Jk']
    """
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise CardNotationError(f"bad card {card!r}: cards are the integers 0..52")
    if card == 52:
        return "Jk"
    return RANKS[card >> 2] + SUITS[card & 3]


def parse_card(token: str | int) -> Card:
    """Read one card token (``As``, ``td``, ``10h``, ``Jk``, ``joker``, ``Card('As')``) or
    a card int.

    >>> parse_card("td"), parse_card("JK"), parse_card(7), parse_card("Card('As')")
    (Card('Td'), Card('Jk'), Card('3s'), Card('As'))
    """
    if isinstance(token, bool):
        raise CardNotationError(f"bad card {token!r}: {_BAD}")
    if isinstance(token, int):
        if not 0 <= token < DECK_SIZE:
            raise CardNotationError(f"bad card {token!r}: cards are the integers 0..52")
        return Card._ALL[token]
    text = unwrap(token, "Card").strip()
    low = text.lower()
    if low in ("jk", "joker"):
        return JOKER
    if low.startswith("10") and len(low) == 3:
        low = "t" + low[2]
    if len(low) == 2:
        r = RANKS.find(low[0].upper())
        s = SUITS.find(low[1])
        if r >= 0 and s >= 0:
            return Card._ALL[4 * r + s]
    raise CardNotationError(f"bad card {text!r}: {_BAD}")


def _tokens(text: str) -> list[tuple[str, str]]:
    """Split a forgiving string of cards into (token, the chunk it came from)."""
    out: list[tuple[str, str]] = []
    for chunk in text.replace(",", " ").split():
        i = 0
        while i < len(chunk):
            rest = chunk[i:].lower()
            if rest.startswith("joker"):
                step = 5
            elif rest.startswith("10"):
                step = 3
            else:
                step = 2
            out.append((chunk[i : i + step], chunk))
            i += step
    return out


CardsLike = str | Iterable[str | int]
"""Cards as a caller may give them: one string (``"As Kd"``, ``"AsKd"``) or an iterable
of tokens, ints or :class:`Card` values."""


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Read several cards: a string (``"As Kd"``, ``"AsKd"``) or an iterable of tokens/ints.

    A bad token is a :class:`~paigow.errors.CardNotationError` naming it; a repeated card
    an :class:`~paigow.errors.IllegalCardsError`.

    Raises:
        CardNotationError: a token that is not a card.
        IllegalCardsError: a card given twice.

    >>> parse_cards(["As", "kd"])
    (Card('As'), Card('Kd'))
    >>> parse_cards("As as")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalCardsError: card As is repeated
    >>> parse_cards("AsKdd")
    Traceback (most recent call last):
    ...
    paigow.errors.CardNotationError: bad card 'd' in 'AsKdd': write rank then suit, e.g. As, Td, 7c, or Jk for the joker
    """
    if not isinstance(cards, str):  # the ways' and kernels' own cards: no tokens to read
        seq = cards if isinstance(cards, tuple) else tuple(cards)
        if all(type(c) is Card for c in seq) and len(set(seq)) == len(seq):
            return seq  # type: ignore[return-value]
        if all(type(c) is int and 0 <= c < DECK_SIZE for c in seq) and len(set(seq)) == len(seq):
            return tuple(map(_ALL.__getitem__, seq))  # type: ignore[arg-type]
        cards = seq
    items: list[tuple[str | int, str | None]] = []
    if isinstance(cards, str):
        cards = unwrap(cards, "Card", "Hand", "Hand.parse")  # a value's repr reads back
    for item in [cards] if isinstance(cards, str) else cards:
        if isinstance(item, str):
            items.extend(_tokens(item))
        else:
            items.append((item, None))
    out: list[Card] = []
    seen: set[int] = set()
    for tok, chunk in items:
        try:
            card = parse_card(tok)
        except CardError:
            if chunk is None or chunk == tok:
                raise
            raise CardNotationError(f"bad card {tok!r} in {chunk!r}: {_BAD}") from None
        if card in seen:
            raise IllegalCardsError(f"card {card_name(card)} is repeated")
        seen.add(card)
        out.append(card)
    return tuple(out)


def format_cards(cards: Iterable[int]) -> str:
    """Canonical text of several cards, space separated.

    >>> format_cards([51, 52])
    'As Jk'
    """
    return " ".join(card_name(c) for c in cards)


FULL_DECK: tuple[Card, ...] = Card._ALL


def check_deck(deck: CardsLike | None, minimum: int, purpose: str) -> tuple[Card, ...]:
    """A deck (default all 53 cards; cards as :data:`CardsLike`: ``"As Kd 2c ..."`` too)
    as sorted distinct valid cards, at least ``minimum``.

    Raises:
        CardNotationError: a deck's entry that is not a card.
        IllegalCardsError: a card twice, or too few cards.

    >>> check_deck([52, 0, 51], 2, "a test")
    (Card('2c'), Card('As'), Card('Jk'))
    >>> check_deck([0, 1], 7, "a side bet")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalCardsError: a side bet needs a deck of at least 7 cards, got 2
    """
    if isinstance(deck, str):
        deck = parse_cards(deck)
    cards = tuple(sorted(FULL_DECK if deck is None else (parse_card(c) for c in deck)))
    if len(set(cards)) != len(cards):
        raise IllegalCardsError("the deck holds a card twice")
    if len(cards) < minimum:
        raise IllegalCardsError(
            f"{purpose} needs a deck of at least {minimum} cards, got {len(cards)}")
    return cards


def sort_cards(cards: Iterable[int]) -> tuple[Card, ...]:
    """Cards highest first (joker first, then by rank, then suit s h d c).

    >>> format_cards(sort_cards(parse_cards("2c Jk Ah Kd As")))
    'Jk As Ah Kd 2c'
    """
    return tuple(map(_ALL.__getitem__, sorted(cards, reverse=True)))


@dataclass(frozen=True, init=False)
class Hand:
    """An immutable set of distinct cards, kept highest first. Made from anything
    :func:`parse_cards` reads; its repr reads back.

    >>> Hand("Kd As")
    Hand('As Kd')
    >>> eval(repr(Hand("Kd As"))) == Hand.parse("Hand('As Kd')") == Hand([45, 51])
    True
    >>> len(Hand.parse("As Kd"))
    2
    """

    cards: tuple[Card, ...]

    def __init__(self, cards: CardsLike) -> None:
        if isinstance(cards, str):
            cards = unwrap(cards, "Hand", "Hand.parse")
        object.__setattr__(self, "cards", sort_cards(parse_cards(cards)))

    @classmethod
    def parse(cls, cards: CardsLike) -> Hand:
        """Read a hand from forgiving notation (see :func:`parse_cards`), or its repr.

        Raises:
            CardNotationError: a token that is not a card.
            IllegalCardsError: a card given twice.
        """
        return cls(cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Hand({format_cards(self.cards)!r})"

    def to_json(self) -> list[str]:
        """The hand as a list of canonical card names."""
        return [card_name(c) for c in self.cards]

    def _repr_svg_(self) -> str:
        """The cards as the browser draws them (Jupyter)."""
        from paigow.svg import cards_row

        return cards_row([card_name(c) for c in self.cards])
