"""The house way as a numba kernel: the chosen split of many seven-card hands at once.

The per-hand code is :func:`paigow.poker.ways.kernel.house_one`, which mirrors
:class:`paigow.poker.ways.house.HouseWay` rule for rule (the numbers in its comments are
the rules of ``docs/poker-house-way.md``); it runs in the enumerators of
:mod:`paigow.poker.ways.kernel`, shared with the way-file interpreter. The test suite
proves it equal to the Python way on a large random sample under every ranking variant
and on every seed example.

A split is the index 0..20 of the setting in :func:`paigow.poker.setting.settings` order:
with the seven cards highest first (card ints descending, the joker first), the two-card
hand of split ``k`` is the ``k``-th pair of positions ``(i, j)``, ``i < j``, in
lexicographic order (``(0, 1), (0, 2), … (5, 6)``; :data:`paigow.poker.ways.hand.SPLITS`).

Rule 6 (straights and flushes) ranks candidate five- and two-card hands with the engine's
lookup tables (:func:`paigow.poker.fast.table5`, :func:`~paigow.poker.fast.table2`).

>>> import numpy as np
>>> from paigow.poker.cards import parse_cards
>>> from paigow.poker.setting import settings
>>> hand = parse_cards("Ks 9s 8c 7s 6c 5s 4s")
>>> k = int(house_splits(np.array([hand]))[0])
>>> str(settings(hand)[k])
'8c 7s 6c 5s 4s | Ks 9s'
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from paigow.errors import CardError
from paigow.poker.fast import BINOM
from paigow.poker.rules import PokerRules
from paigow.poker.ways import kernel
from paigow.poker.ways.kernel import N7, top_chunks

Int8Array = npt.NDArray[np.int8]


def _check(hands: npt.ArrayLike) -> npt.NDArray[np.int32]:
    arr = np.ascontiguousarray(np.asarray(hands, dtype=np.int32))
    if arr.ndim != 2 or arr.shape[1] != 7:
        raise CardError(f"expected an array of seven-card hands, got shape {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 52):
        raise CardError("cards are the integers 0..52")
    srt = np.sort(arr, axis=1)
    if np.any(srt[:, 1:] == srt[:, :-1]):
        raise CardError("a hand holds the same card twice")
    return arr


def house_splits(hands: npt.ArrayLike, rules: PokerRules | None = None) -> Int8Array:
    """The house way's split (0..20, :func:`~paigow.poker.setting.settings` order) of each
    seven-card hand in an ``(n, 7)`` array of card ints (any order within a row)."""
    return house_splits_unchecked(_check(hands), rules)


def house_splits_unchecked(
    hands: npt.NDArray[np.int32], rules: PokerRules | None = None
) -> Int8Array:
    """:func:`house_splits` without input checks (contiguous int32 rows of seven distinct
    cards)."""
    return kernel.splits(kernel.house_arrays(rules), hands)


def house_all(
    rules: PokerRules | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Int8Array:
    """The house way's split of all C(53,7) = 154,143,080 seven-card hands, indexed by
    the combinatorial number of the hand (cards ascending ``c0 < … < c6``:
    ``C(c0,1) + C(c1,2) + … + C(c6,7)``). ``on_progress(done, total)`` is called between
    chunks (hands by their highest card), so a caller can show progress or be
    interrupted between chunks."""
    return kernel.all_splits(kernel.house_arrays(rules), on_progress, top_chunks)


def index7(hands: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Combinatorial index of each seven-card hand (rows in any order), the index of
    :func:`house_all`.

    >>> int(index7(np.array([[0, 1, 2, 3, 4, 5, 6]]))[0]), int(index7(np.array([range(46, 53)]))[0])
    (0, 154143079)
    """
    h = np.sort(_check(hands), axis=1).astype(np.int64)
    return sum((BINOM[h[:, k], k + 1] for k in range(7)), start=np.zeros(len(h), np.int64))


__all__ = ["N7", "house_all", "house_splits", "house_splits_unchecked", "index7", "top_chunks"]
