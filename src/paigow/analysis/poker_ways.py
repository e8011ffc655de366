"""Hand-setting ways as batch kernels: what the exact and Monte Carlo analyses call.

The analyses set millions of hands, so they take a :class:`FastWay`: given an ``(n, 7)``
array of hands (cards ascending) and whether the hands bank, the split index 0..20 of
each (the order of :func:`paigow.poker.setting.settings`). Two kinds exist:

* the house way's numba kernel (``paigow.poker.ways.house_fast``), wrapped by
  :func:`fast_way` under the name ``house``;
* any other :class:`~paigow.poker.ways.PokerWay` (``basic``, ``optimal``, …) wrapped by
  :class:`SlowWay`, which calls its ``choose`` hand by hand (fine for a few thousand
  hands, not for a full enumeration).

A fast way also has a :meth:`FastWay.fingerprint`: a string that changes whenever its
behaviour may change (the rules, the kernel's source), used to key the on-disk cache.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from collections.abc import Sequence
from importlib import import_module
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from paigow.errors import RuleError
from paigow.poker.cards import sort_cards
from paigow.poker.rules import PokerRules
from paigow.poker.ways import PokerWay, get_way

DEFAULT_RULES = PokerRules()

I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]

# split index of each (descending position, descending position) two-card hand
_SPLIT_OF: dict[tuple[int, int], int] = {}
for _x in range(7):
    for _y in range(_x + 1, 7):
        _SPLIT_OF[(_x, _y)] = len(_SPLIT_OF)


@runtime_checkable
class FastWay(Protocol):
    """A hand-setting way that sets a whole batch of hands at once."""

    name: str

    def splits(self, hands: I32, banking: bool) -> I8:
        """Split index 0..20 of each hand (rows of seven cards, ascending)."""
        ...

    def fingerprint(self) -> str:
        """A string that changes whenever the way's choices may change."""
        ...


def split_index(cards: Sequence[int], low: Sequence[int]) -> int:
    """The split index of the setting of seven ``cards`` that plays ``low`` in front.

    >>> from paigow.poker.cards import parse_cards
    >>> split_index(parse_cards("As Kd Qh Jc 9s 8d 2c"), parse_cards("As Kd"))
    0
    >>> split_index(parse_cards("As Kd Qh Jc 9s 8d 2c"), parse_cards("8d 2c"))
    20
    """
    hand = sort_cards(cards)
    x, y = sorted((hand.index(low[0]), hand.index(low[1])))
    return _SPLIT_OF[(x, y)]


@functools.cache
def source_hash(*objects: object) -> str:
    """A short hash of the source code of modules, classes or functions."""
    h = hashlib.sha256()
    for obj in objects:
        try:
            h.update(inspect.getsource(obj).encode())  # type: ignore[arg-type]
        except (OSError, TypeError):
            h.update(repr(obj).encode())
    return h.hexdigest()[:16]


class SlowWay:
    """Any :class:`~paigow.poker.ways.PokerWay` as a :class:`FastWay`, hand by hand."""

    def __init__(self, way: PokerWay, rules: PokerRules = DEFAULT_RULES) -> None:
        self.way = way
        self.rules = rules
        self.name = way.name
        self._fingerprint: str | None = None

    def splits(self, hands: I32, banking: bool) -> I8:
        out = np.empty(len(hands), np.int8)
        for i, row in enumerate(np.asarray(hands).tolist()):
            s = self.way.choose(row, banking).setting
            out[i] = split_index(row, s.low)
        return out

    def fingerprint(self) -> str:
        if self._fingerprint is None:
            module = import_module(type(self.way).__module__)
            self._fingerprint = f"{self.name}:{self.rules}:{source_hash(type(self.way), module)}"
        return self._fingerprint


class HouseFastWay:
    """The house way's numba kernel (``paigow.poker.ways.house_fast``) as a FastWay."""

    name = "house"
    role_blind = True  # rule 0.4: the house way sets a bank's hand as a player's

    def __init__(self, rules: PokerRules = DEFAULT_RULES) -> None:
        try:
            self._module = import_module("paigow.poker.ways.house_fast")
        except ModuleNotFoundError as exc:
            if exc.name and "house_fast" in exc.name:
                raise RuleError(
                    "the house way's fast kernel (paigow.poker.ways.house_fast) is not "
                    "installed yet"
                ) from None
            raise
        self.rules = rules
        self._splits = self._module.house_splits_unchecked
        self._fingerprint = f"house:{rules}:{source_hash(self._module)}"

    def splits(self, hands: I32, banking: bool) -> I8:
        """The house way's split of each hand (it sets a bank's hand as a player's)."""
        out = self._splits(np.ascontiguousarray(hands, dtype=np.int32), self.rules)
        return np.asarray(out, dtype=np.int8)

    def fingerprint(self) -> str:
        return self._fingerprint


_HOUSE: dict[PokerRules, HouseFastWay] = {}


def fast_way(name: str | FastWay, rules: PokerRules = DEFAULT_RULES) -> FastWay:
    """A batch way by name: ``house`` is the house way's kernel; any other name of
    :func:`paigow.poker.ways.get_way` is wrapped hand by hand (slow). A FastWay passes
    through unchanged."""
    if not isinstance(name, str):
        return name
    key = name.strip().lower()
    if key == "house":
        rules = PokerRules(rules.joker, rules.wheel)  # all the kernel reads: one table each
        if rules not in _HOUSE:
            _HOUSE[rules] = HouseFastWay(rules)
        return _HOUSE[rules]
    return SlowWay(get_way(key, rules), rules)


__all__ = ["FastWay", "HouseFastWay", "SlowWay", "fast_way", "source_hash", "split_index"]
