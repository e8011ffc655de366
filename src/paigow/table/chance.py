"""Chance, injected: the shuffle and the dice come from a :class:`Chance` object.

Production uses :func:`secure_chance` (``secrets.SystemRandom``); ``--seed N`` uses
:func:`seeded_chance` so a whole session can be played again; tests and replays use
:class:`ScriptedChance`, which hands out given deck orders and dice.

Every round records the deck order and the dice it got, whatever the source, so a round
can be replayed and audited even when it came from the secure source.

>>> c = seeded_chance(7)
>>> d = c.dice()
>>> len(d), all(1 <= x <= 6 for x in d)
(3, True)
>>> ScriptedChance([[3, 1, 2]], [(6, 6, 6)]).shuffle([1, 2, 3])
[3, 1, 2]
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from paigow.errors import PaigowError

T = TypeVar("T")
Dice = tuple[int, int, int]


class Chance(Protocol):
    """A source of shuffles and dice throws."""

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list holding ``items`` in a random order."""
        ...

    def dice(self) -> Dice:
        """Three six-sided dice."""
        ...


class RandomChance:
    """Chance from a :class:`random.Random` (or :class:`secrets.SystemRandom`)."""

    def __init__(self, rng: random.Random, label: str) -> None:
        self._rng = rng
        self.label = label

    def shuffle(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._rng.shuffle(out)
        return out

    def dice(self) -> Dice:
        return (self._rng.randint(1, 6), self._rng.randint(1, 6), self._rng.randint(1, 6))


def secure_chance() -> RandomChance:
    """The default: the operating system's secure random source."""
    return RandomChance(secrets.SystemRandom(), "secure")


def seeded_chance(seed: int) -> RandomChance:
    """A reproducible source: the same seed gives the same shuffles and dice."""
    return RandomChance(random.Random(seed), f"seed {seed}")


class ScriptedChance:
    """Given deck orders and dice, handed out in turn (for tests and replays).

    Each scripted order must be a rearrangement of the items being shuffled.
    """

    label = "scripted"

    def __init__(self, orders: Iterable[Sequence[object]], dice: Iterable[Dice]) -> None:
        self._orders = [list(o) for o in orders]
        self._dice = [check_dice(d) for d in dice]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        if not self._orders:
            raise PaigowError("the scripted chance has no deck order left")
        order = self._orders.pop(0)
        if Counter(map(repr, order)) != Counter(map(repr, items)):
            raise PaigowError("a scripted deck order is not a rearrangement of the deck")
        # return the caller's own objects, in the scripted order
        pool: dict[str, list[T]] = {}
        for it in items:
            pool.setdefault(repr(it), []).append(it)
        return [pool[repr(o)].pop() for o in order]

    def dice(self) -> Dice:
        if not self._dice:
            raise PaigowError("the scripted chance has no dice left")
        return self._dice.pop(0)


def check_dice(dice: Sequence[int]) -> Dice:
    """Three values 1..6, else :class:`PaigowError`."""
    if len(dice) != 3 or any(isinstance(d, bool) or d not in range(1, 7) for d in dice):
        raise PaigowError(f"dice {tuple(dice)!r} must be three numbers from 1 to 6")
    return (dice[0], dice[1], dice[2])
