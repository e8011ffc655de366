"""Cards and their notation: 52 cards and one joker, as small integers.

A card is a plain ``int`` (the :data:`Card` alias): ``4 * rank_index + suit_index``, where
ranks run ``2 3 4 5 6 7 8 9 T J Q K A`` (index 0..12) and suits ``c d h s`` (index 0..3).
The joker is 52. Integers keep hands cheap to store, hash and hand to the numba kernels.

Notation: ``As``, ``td`` (rank then suit, either case), ``Jk`` or ``joker`` for the joker.
Parsing is forgiving: ``"As Kd"``, ``"AsKd"``, ``"As,Kd"`` and lists of tokens or ints all
work. Printing is canonical: ``As``, ``Td``, ``Jk``.

>>> parse_cards("As kd jk")
(51, 45, 52)
>>> format_cards(parse_cards("AsKd10hJoker"))
'As Kd Th Jk'
>>> parse_card("1x")
Traceback (most recent call last):
...
paigow.errors.CardError: bad card '1x': write rank then suit, e.g. As, Td, 7c, or Jk for the joker
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from paigow.errors import CardError

Card = int
"""A card: 0..51 (``4 * rank_index + suit_index``) or :data:`JOKER` (52)."""

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER: Card = 52
DECK_SIZE = 53
ACE = 12  # rank index of the ace

RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)

_BAD = "write rank then suit, e.g. As, Td, 7c, or Jk for the joker"


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` index (0 = two … 12 = ace) and ``suit`` index (0..3 = c d h s).

    >>> card_name(make_card(12, 3))
    'As'
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"no card with rank index {rank} and suit index {suit}")
    return 4 * rank + suit


def rank_of(card: Card) -> int:
    """Rank index 0..12 of a natural card (the joker has no rank of its own).

    >>> rank_of(parse_card("Td"))
    8
    """
    if card == JOKER:
        raise CardError("the joker has no rank of its own")
    return card >> 2


def suit_of(card: Card) -> int:
    """Suit index 0..3 (c d h s) of a natural card."""
    if card == JOKER:
        raise CardError("the joker has no suit")
    return card & 3


def card_name(card: Card) -> str:
    """Canonical name of a card: ``As``, ``Td``, ``Jk``.

    >>> [card_name(c) for c in (0, 33, 52)]
    ['2c', 'Td', 'Jk']
    """
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise CardError(f"bad card {card!r}: cards are the integers 0..52")
    if card == JOKER:
        return "Jk"
    return RANKS[card >> 2] + SUITS[card & 3]


def parse_card(token: str | int) -> Card:
    """Read one card token (``As``, ``td``, ``10h``, ``Jk``, ``joker``) or a card int.

    >>> parse_card("td"), parse_card("JK"), parse_card(7)
    (33, 52, 7)
    """
    if isinstance(token, bool):
        raise CardError(f"bad card {token!r}: {_BAD}")
    if isinstance(token, int):
        if not 0 <= token < DECK_SIZE:
            raise CardError(f"bad card {token!r}: cards are the integers 0..52")
        return token
    text = token.strip()
    low = text.lower()
    if low in ("jk", "joker"):
        return JOKER
    if low.startswith("10") and len(low) == 3:
        low = "t" + low[2]
    if len(low) == 2:
        r = RANKS.find(low[0].upper())
        s = SUITS.find(low[1])
        if r >= 0 and s >= 0:
            return 4 * r + s
    raise CardError(f"bad card {text!r}: {_BAD}")


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


def parse_cards(cards: str | Iterable[str | int]) -> tuple[Card, ...]:
    """Read several cards: a string (``"As Kd"``, ``"AsKd"``) or an iterable of tokens/ints.

    A bad token is an error naming it; so is a repeated card.

    >>> parse_cards(["As", "kd"])
    (51, 45)
    >>> parse_cards("As as")
    Traceback (most recent call last):
    ...
    paigow.errors.CardError: card As is repeated
    >>> parse_cards("AsKdd")
    Traceback (most recent call last):
    ...
    paigow.errors.CardError: bad card 'd' in 'AsKdd': write rank then suit, e.g. As, Td, 7c, or Jk for the joker
    """
    items: list[tuple[str | int, str | None]] = []
    for item in [cards] if isinstance(cards, str) else cards:
        if isinstance(item, str):
            items.extend(_tokens(item))
        else:
            items.append((item, None))
    out: list[Card] = []
    seen: set[Card] = set()
    for tok, chunk in items:
        try:
            card = parse_card(tok)
        except CardError:
            if chunk is None or chunk == tok:
                raise
            raise CardError(f"bad card {tok!r} in {chunk!r}: {_BAD}") from None
        if card in seen:
            raise CardError(f"card {card_name(card)} is repeated")
        seen.add(card)
        out.append(card)
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of several cards, space separated.

    >>> format_cards([51, 52])
    'As Jk'
    """
    return " ".join(card_name(c) for c in cards)


FULL_DECK: tuple[Card, ...] = tuple(range(53))


def check_deck(deck: Iterable[Card] | None, minimum: int, purpose: str) -> tuple[Card, ...]:
    """A deck (default all 53 cards) as sorted distinct valid cards, at least ``minimum``.

    >>> check_deck([52, 0, 51], 2, "a test")
    (0, 51, 52)
    >>> check_deck([0, 1], 7, "a side bet")
    Traceback (most recent call last):
    ...
    paigow.errors.CardError: a side bet needs a deck of at least 7 cards, got 2
    """
    cards = tuple(sorted(FULL_DECK if deck is None else deck))
    if len(set(cards)) != len(cards):
        raise CardError("the deck holds a card twice")
    for c in cards:
        card_name(c)
    if len(cards) < minimum:
        raise CardError(f"{purpose} needs a deck of at least {minimum} cards, got {len(cards)}")
    return cards


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards highest first (joker first, then by rank, then suit s h d c).

    >>> format_cards(sort_cards(parse_cards("2c Jk Ah Kd As")))
    'Jk As Ah Kd 2c'
    """
    return tuple(sorted(cards, reverse=True))


@dataclass(frozen=True)
class Hand:
    """An immutable set of distinct cards, kept highest first.

    >>> Hand.parse("Kd As")
    Hand('As Kd')
    >>> len(Hand.parse("As Kd"))
    2
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(set(self.cards)) != len(self.cards):
            raise CardError("a hand cannot hold the same card twice")
        for c in self.cards:
            card_name(c)
        object.__setattr__(self, "cards", sort_cards(self.cards))

    @classmethod
    def parse(cls, cards: str | Iterable[str | int]) -> Hand:
        """Read a hand from forgiving notation (see :func:`parse_cards`)."""
        return cls(parse_cards(cards))

    def __len__(self) -> int:
        return len(self.cards)

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
