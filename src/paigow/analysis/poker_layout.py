"""The layout of the compact opponent table: rank classes and flush blocks (plain numpy).

A dealer way's setting of a seven-card hand is read as two dense rank ids ``(H, L)``
(:mod:`paigow.analysis.poker_kernels`). The compact table (:mod:`paigow.analysis.poker_table`)
stores them in two parts, named here:

* **Rank classes.** A hand that cannot make a flush (fewer than five cards of a suit, or
  fewer than four with the joker) has ``(H, L)`` fixed by its ranks alone: no five of its
  cards are a flush, so every setting's two ranks depend only on the ranks, and so does
  what a way does with it. Such hands are grouped by their multiset of seven *symbols*
  (rank index 0..12, the joker 13), numbered by the colex index of the multiset,
  ``sum_k C(r_k + k, k + 1)`` for the symbols ascending (``r_0 <= … <= r_6``): 77,520
  numbers (``C(20, 7)``), some of no hand (five of a rank, two jokers).
* **Flush blocks.** A hand that can make a flush has one suit ``s`` with five or more of
  its cards (four or more with the joker). It is named by the block ``(j, k)`` (joker or
  not, ``k`` cards of suit ``s``), the suit, the colex index of the ``k`` ranks of suit
  ``s`` among the 13, and the colex index of its ``b = 7 - j - k`` other natural cards
  among the 39 of the other suits (card ``4r + t`` is number ``3r + t - (t > s)``).
  6,416,124 hands of the 53-card deck are in the six blocks.

Everything here is plain numpy and Python (no numba), so reading the table is quick to
start.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

I64 = npt.NDArray[np.int64]

N_CARDS = 53
JOKER = 52
N_SYM = 14
N_CLASS = comb(20, 7)  # 77,520 multisets of seven symbols of fourteen
BLOCKS: tuple[tuple[int, int, int], ...] = (
    (0, 5, 2), (0, 6, 1), (0, 7, 0), (1, 4, 2), (1, 5, 1), (1, 6, 0),
)
"""The flush blocks ``(joker, k, b)``: ``k`` cards of the flush suit, ``b`` other naturals."""

BINOM: I64 = np.array([[comb(n, k) for k in range(8)] for n in range(54)], dtype=np.int64)
"""``BINOM[n, k] = C(n, k)`` for ``n < 54``, ``k < 8``."""

SYMBOL: I64 = np.array([c >> 2 for c in range(52)] + [13], dtype=np.int64)
"""The symbol of each card: its rank index, 13 for the joker."""

CLASS_WEIGHT: I64 = np.array(
    [[comb(int(SYMBOL[c]) + k, k + 1) for k in range(7)] for c in range(N_CARDS)],
    dtype=np.int64,
)
"""``CLASS_WEIGHT[c, k]``: what card ``c`` at place ``k`` (ascending) adds to its hand's
class number."""


def block_sizes(b: tuple[int, int, int]) -> tuple[int, int]:
    """``(C(13, k), C(39, b))``: the rank sets and the other-card sets of a block."""
    _, k, n_other = b
    return comb(13, k), comb(39, n_other)


def block_offsets() -> tuple[list[int], list[int], int, int]:
    """Where each block starts in the flush arrays (four suits each) and in the class
    array of flush hands (shared by the suits), and their total lengths."""
    real, cls = [], []
    r = c = 0
    for b in BLOCKS:
        n_a, n_b = block_sizes(b)
        real.append(r)
        cls.append(c)
        r += 4 * n_a * n_b
        c += n_a * n_b
    return real, cls, r, c


BLOCK_REAL, BLOCK_CLASS, N_FLUSH, N_FLUSH_CLASS = block_offsets()
BLOCK_OF = np.full((2, 8), -1, dtype=np.int64)
"""``BLOCK_OF[joker, k]``: the block of a flush hand, ``-1`` for none."""
for _i, (_j, _k, _) in enumerate(BLOCKS):
    BLOCK_OF[_j, _k] = _i

OTHER_CARD: I64 = np.array(
    [[4 * (o // 3) + (o % 3) + int(o % 3 >= s) for o in range(39)] for s in range(4)],
    dtype=np.int64,
)
"""``OTHER_CARD[s, o]``: the natural card numbered ``o`` among those not of suit ``s``."""


@cache
def rank_subsets(k: int) -> I64:
    """The 13-bit masks of the ``k``-subsets of the 13 ranks, in colex order."""
    out = np.zeros(comb(13, k), dtype=np.int64)
    for combo in combinations(range(13), k):
        out[sum(comb(r, i + 1) for i, r in enumerate(combo))] = sum(1 << r for r in combo)
    return out


@cache
def other_subsets(b: int) -> I64:
    """The ``b``-subsets of the 39 other-suit numbers, in colex order, as rows."""
    out = np.zeros((comb(39, b), b), dtype=np.int64)
    for combo in combinations(range(39), b):
        out[sum(comb(o, i + 1) for i, o in enumerate(combo))] = combo
    return out


def class_counts() -> npt.NDArray[np.uint8]:
    """``(N_CLASS, 14)``: how many of each symbol the multiset of each class number holds."""
    subsets = np.array(list(combinations(range(20), 7)), dtype=np.int64)  # colex = lex here
    symbols = subsets - np.arange(7)
    idx = (BINOM[subsets, np.arange(1, 8)]).sum(axis=1)
    out = np.zeros((N_CLASS, N_SYM), dtype=np.uint8)
    for k in range(7):
        np.add.at(out, (idx, symbols[:, k]), 1)
    return out


def class_of(hands: npt.ArrayLike) -> I64:
    """The class number of each row of seven ascending cards.

    >>> class_of([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 52]]).tolist()
    [3, 50390]
    """
    h = np.asarray(hands, dtype=np.int64)
    out: I64 = CLASS_WEIGHT[h, np.arange(7)].sum(axis=1)
    return out


def flush_places(hands: npt.ArrayLike) -> tuple[I64, I64]:
    """For rows of seven ascending cards: the place of each hand in the flush arrays
    (``-1`` for a hand that cannot make a flush) and its place in the class array of the
    flush hands."""
    h = np.asarray(hands, dtype=np.int64).reshape(-1, 7)
    natural = h < JOKER
    suit = h & 3
    rank = h >> 2
    joker = ~natural[:, 6]
    counts = np.stack([((suit == t) & natural).sum(axis=1) for t in range(4)], axis=1)
    s = counts.argmax(axis=1)
    k = counts[np.arange(len(h)), s]
    flush = k >= 5 - joker
    real = np.full(len(h), -1, dtype=np.int64)
    cls = np.full(len(h), -1, dtype=np.int64)
    if not flush.any():
        return real, cls
    rows = np.flatnonzero(flush)
    ss, ks, js = s[rows][:, None], k[rows], joker[rows].astype(np.int64)
    nat, st, rk = natural[rows], suit[rows], rank[rows]
    in_s = nat & (st == ss)
    in_o = nat & ~in_s
    place_a = np.cumsum(in_s, axis=1)  # 1-based place among the suited cards
    place_b = np.cumsum(in_o, axis=1)
    other = 3 * rk + st - (st > ss)
    idx_a = np.where(in_s, BINOM[rk, np.where(in_s, place_a, 0)], 0).sum(axis=1)
    idx_b = np.where(in_o, BINOM[np.where(in_o, other, 0), np.where(in_o, place_b, 0)],
                     0).sum(axis=1)
    blk = BLOCK_OF[js, ks]
    n_b = np.array([block_sizes(b)[1] for b in BLOCKS])[blk]
    n_a = np.array([block_sizes(b)[0] for b in BLOCKS])[blk]
    real[rows] = np.array(BLOCK_REAL)[blk] + (ss[:, 0] * n_a + idx_a) * n_b + idx_b
    cls[rows] = np.array(BLOCK_CLASS)[blk] + idx_a * n_b + idx_b
    return real, cls


def representatives() -> npt.NDArray[np.int32]:
    """One hand of each class number that cannot make a flush (suits dealt in turn, so no
    suit has more than two cards), or a row of ``-1`` for a number of no hand."""
    counts = class_counts()
    out = np.full((N_CLASS, 7), -1, dtype=np.int32)
    for m in range(N_CLASS):
        row = counts[m]
        if row[:13].max() > 4 or row[13] > 1:
            continue
        cards = []
        t = 0
        for r in range(13):
            for _ in range(int(row[r])):
                cards.append(4 * r + t % 4)
                t += 1
        if row[13]:
            cards.append(JOKER)
        out[m] = sorted(cards)
    return out


def colex(hands: npt.ArrayLike) -> I64:
    """The colex index over the 53-card deck of each row of seven ascending cards."""
    h = np.asarray(hands, dtype=np.int64).reshape(-1, 7)
    out: I64 = BINOM[h, np.arange(1, 8)].sum(axis=1)
    return out


def card_masks(hands: npt.ArrayLike) -> npt.NDArray[np.uint64]:
    """A 53-bit mask of each row's cards."""
    h = np.asarray(hands, dtype=np.uint64).reshape(-1, 7)
    out: npt.NDArray[np.uint64] = np.bitwise_or.reduce(np.uint64(1) << h, axis=1)
    return out
