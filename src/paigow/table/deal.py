"""Where the hands go: places around the table, the woodpile, and dealing by the dice.

**Places.** A table has ``P`` places numbered ``0 .. P-1`` *clockwise* seen from above,
place 0 being the house dealer's and place ``k`` seat ``k`` (seat 1 at the dealer's left).
The tile table has 8 places (the dealer and 7 seats, one stack each); the poker table 7
(the dealer and 6 seats, RULES.md 2.6: seven places, the banker's included).

**Tiles (RULES.md 1.6).** The 32 shuffled tiles stand in a woodpile of 8 stacks of 4. The
three dice are counted *counterclockwise* from the banker's place as 1, empty places
included; the place reached takes stack 1 and the others follow counterclockwise, one stack
each.

**Poker (RULES.md 2.6).** Seven hands of seven cards are dealt from the shuffled deck (hand
``k`` is cards ``7k .. 7k+6``; cards 49..52 are not used). The dice are counted *clockwise*
from the first place (place 0, the dealer's) as 1; the place reached takes hand 1 and the
others follow clockwise.

>>> count_places(start=0, total=3, places=8, direction=COUNTERCLOCKWISE)
6
>>> deal_order(start=0, total=3, places=7, direction=CLOCKWISE)
[2, 3, 4, 5, 6, 0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from paigow.errors import PaigowError

T = TypeVar("T")

CLOCKWISE = 1
COUNTERCLOCKWISE = -1

TILE_PLACES = 8
POKER_PLACES = 7
STACKS = 8
STACK_HEIGHT = 4
WOODPILE_SIZE = STACKS * STACK_HEIGHT
POKER_HAND = 7
POKER_HANDS = 7


def count_places(start: int, total: int, places: int, direction: int) -> int:
    """The place reached by counting ``total`` places from ``start`` (counted as 1) in
    ``direction`` (+1 clockwise, -1 counterclockwise), every place counted, empty or not."""
    if direction not in (CLOCKWISE, COUNTERCLOCKWISE):
        raise PaigowError(f"direction must be +1 (clockwise) or -1, got {direction}")
    if total < 1:
        raise PaigowError(f"a dice total is at least 1, got {total}")
    return (start + direction * (total - 1)) % places


def deal_order(start: int, total: int, places: int, direction: int) -> list[int]:
    """Every place in the order it receives a hand: the place the count reaches, then the
    others following around the table in ``direction``."""
    first = count_places(start, total, places, direction)
    return [(first + direction * k) % places for k in range(places)]


@dataclass(frozen=True)
class Cut:
    """A rearrangement of the woodpile: a permutation of its 32 places.

    After the cut, place ``i`` holds the tile that stood at place ``perm[i]`` before it.
    Places are numbered ``4 * stack + level`` (stack 0 is dealt first, level 0 is the top
    tile of a stack). No named casino cut is shipped: seed 000 gives their names only, not
    their mechanics; build a cut from a permutation you can state (:meth:`of_stacks` moves
    whole stacks).

    >>> Cut.of_stacks("swap halves", [4, 5, 6, 7, 0, 1, 2, 3]).perm[:5]
    (16, 17, 18, 19, 20)
    >>> Cut("bad", (0,) * 32)
    Traceback (most recent call last):
    ...
    paigow.errors.PaigowError: cut 'bad' is not a permutation of the woodpile's 32 places
    """

    name: str
    perm: tuple[int, ...]

    def __post_init__(self) -> None:
        if sorted(self.perm) != list(range(WOODPILE_SIZE)):
            raise PaigowError(
                f"cut {self.name!r} is not a permutation of the woodpile's {WOODPILE_SIZE} places"
            )

    @classmethod
    def of_stacks(cls, name: str, order: Sequence[int]) -> Cut:
        """A cut that moves whole stacks: new stack ``i`` is old stack ``order[i]``."""
        if sorted(order) != list(range(STACKS)):
            raise PaigowError(f"stack order {list(order)} is not a permutation of 0..7")
        perm = tuple(
            STACK_HEIGHT * order[s] + lvl for s in range(STACKS) for lvl in range(STACK_HEIGHT)
        )
        return cls(name, perm)


IDENTITY_CUT = Cut("none", tuple(range(WOODPILE_SIZE)))


@dataclass(frozen=True)
class Woodpile(Generic[T]):
    """The shuffled tiles standing in 8 stacks of 4 (place ``4 * stack + level``)."""

    places: tuple[T, ...]

    def __post_init__(self) -> None:
        if len(self.places) != WOODPILE_SIZE:
            raise PaigowError(f"a woodpile holds {WOODPILE_SIZE} tiles, got {len(self.places)}")

    def stack(self, index: int) -> tuple[T, ...]:
        """Stack ``index`` (0..7), top tile first."""
        return self.places[STACK_HEIGHT * index : STACK_HEIGHT * (index + 1)]

    def cut(self, cut: Cut) -> Woodpile[T]:
        """The woodpile after ``cut``."""
        return Woodpile(tuple(self.places[p] for p in cut.perm))


def deal_tiles(
    woodpile: Woodpile[T], dice_total: int, banker_place: int
) -> dict[int, tuple[T, ...]]:
    """Stack per place (RULES.md 1.6): counted counterclockwise from the banker's place."""
    order = deal_order(banker_place, dice_total, TILE_PLACES, COUNTERCLOCKWISE)
    return {place: woodpile.stack(k) for k, place in enumerate(order)}


def deal_poker(deck: Sequence[T], dice_total: int) -> tuple[dict[int, tuple[T, ...]], tuple[T, ...]]:
    """Hand per place and the four unused cards (RULES.md 2.6): counted clockwise from the
    first place (the dealer's, place 0)."""
    if len(deck) != POKER_HAND * POKER_HANDS + 4:
        raise PaigowError(f"a poker deck holds 53 cards, got {len(deck)}")
    order = deal_order(0, dice_total, POKER_PLACES, CLOCKWISE)
    hands = {
        place: tuple(deck[POKER_HAND * k : POKER_HAND * (k + 1)]) for k, place in enumerate(order)
    }
    return hands, tuple(deck[POKER_HAND * POKER_HANDS :])
