"""The house way as a numba kernel: the chosen split of many seven-card hands at once.

This mirrors :class:`paigow.poker.ways.house.HouseWay` rule for rule (the numbers in the
comments are the rules of ``docs/poker-house-way.md``); the test suite proves the two
equal on a large random sample under every ranking variant and on every seed example.

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

from collections.abc import Callable, Iterator
from math import comb

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.errors import CardError
from paigow.poker.fast import BINOM, table2, table5
from paigow.poker.rules import PokerRules

Int8Array = npt.NDArray[np.int8]
N7 = comb(53, 7)

# positions of the five cards kept behind, per split, in settings() order
_KEEP = np.array(
    [[i for i in range(7) if i not in (x, y)] for x in range(7) for y in range(x + 1, 7)],
    dtype=np.int64,
)
_SPLIT_OF = np.full((7, 7), -1, dtype=np.int64)
for _k, (_x, _y) in enumerate((x, y) for x in range(7) for y in range(x + 1, 7)):
    _SPLIT_OF[_x, _y] = _k
    _SPLIT_OF[_y, _x] = _k

_ACE, _SIX = 12, 4


@nb.njit(cache=True)
def _straight_or_flush_possible(
    h: npt.NDArray[np.int32], joker: int, suits: npt.NDArray[np.int32]
) -> bool:
    """Exact pre-test: can five of the cards make a straight or flush (rule 6)?"""
    suits[:] = 0
    mask = 0
    for k in range(joker, 7):
        suits[h[k] & 3] += 1
        mask |= 1 << (h[k] >> 2)
    for s in range(4):
        if suits[s] + joker >= 5:
            return True
    for low in range(10):
        w = 0x100F if low == 9 else (0x1F << low)
        m = mask & w
        n = 0
        while m:
            m &= m - 1
            n += 1
        if n + joker >= 5:
            return True
    return False


@nb.njit(cache=True)
def _rule6(
    h: npt.NDArray[np.int32], t5: npt.NDArray[np.int32], t2: npt.NDArray[np.int32],
    keep: npt.NDArray[np.int64], binom: npt.NDArray[np.int64],
) -> int:
    """Rule 6: split with a straight/flush behind and the best front (then best back,
    then first); -1 if none."""
    best_front = -1
    best_back = -1
    best = -1
    k = 0
    for x in range(7):
        for y in range(x + 1, 7):
            kp = keep[k]
            idx = (
                binom[h[kp[4]], 1] + binom[h[kp[3]], 2] + binom[h[kp[2]], 3]
                + binom[h[kp[1]], 4] + binom[h[kp[0]], 5]
            )
            back = t5[idx]
            cat = back >> 20
            if cat == 4 or cat == 5 or cat == 8 or cat == 9:
                a = h[y]
                b = h[x]
                front = t2[a + b * (b - 1) // 2]
                if front > best_front or (front == best_front and back > best_back):
                    best_front = front
                    best_back = back
                    best = k
            k += 1
    return best


@nb.njit(cache=True)
def _house_one(
    cards: npt.NDArray[np.int32], work: npt.NDArray[np.int32], wild: bool,
    t5: npt.NDArray[np.int32], t2: npt.NDArray[np.int32], keep: npt.NDArray[np.int64],
    binom: npt.NDArray[np.int64], split_of: npt.NDArray[np.int64],
) -> int:
    """The house way's split of one seven-card hand (``work``: scratch space, see
    :func:`_workspace`)."""
    # scratch views: no allocation per hand
    h = work[0:7]
    nat = work[7:20]
    first = work[20:33]
    cnt = work[33:46]
    n_of = work[46:52]
    by = work[52:94].reshape((6, 7))
    suits = work[94:98]
    # the cards highest first (the joker, 52, first): settings() order
    for i in range(7):
        h[i] = cards[i]
    for i in range(1, 7):
        c = h[i]
        j = i - 1
        while j >= 0 and h[j] < c:
            h[j + 1] = h[j]
            j -= 1
        h[j + 1] = c
    joker = 1 if h[0] == 52 else 0

    # natural positions per rank (highest suit first), counts, the joker's rank (0.1, 0.2)
    nat[:] = 0
    first[:] = -1
    for k in range(joker, 7):
        r = h[k] >> 2
        if first[r] < 0:
            first[r] = k
        nat[r] += 1
    jr = -1
    if joker:
        if wild:
            most = 0
            for r in range(13):
                if nat[r] >= most:  # ascending, so the highest of the largest wins
                    most = nat[r]
                    jr = r
        else:
            jr = _ACE
    cnt[:] = nat
    if jr >= 0:
        cnt[jr] += 1

    # groups: ranks by size, highest first
    n_of[:] = 0
    for r in range(12, -1, -1):
        s = cnt[r]
        if s > 0:
            by[s, n_of[s]] = r
            n_of[s] += 1

    # the m-th card of the group of rank r (0.3: naturals first, the joker last)
    # -> position in h
    def pos(r: int, m: int) -> int:
        if m < nat[r]:
            return int(first[r]) + m
        return 0

    def single(m: int) -> int:
        return pos(by[1, m], 0)

    n2, n3, n4, n5 = n_of[2], n_of[3], n_of[4], n_of[5]

    # 6.1: straights and flushes, for no pair, one pair, three of a kind
    if n4 == 0 and n5 == 0 and n2 + n3 <= 1 and _straight_or_flush_possible(h, joker, suits):
        k = _rule6(h, t5, t2, keep, binom)
        if k >= 0:
            return k

    if n5 == 1:  # 10.1 / 10.2
        if n2 == 1 and by[2, 0] >= 11:
            p, q = pos(by[2, 0], 0), pos(by[2, 0], 1)
        else:
            p, q = pos(by[5, 0], 0), pos(by[5, 0], 1)
    elif n4 == 1:
        if n3 == 1:  # 9.3: break the trips
            p, q = pos(by[3, 0], 0), pos(by[3, 0], 1)
        elif n2 == 1:  # 9.2: the pair in front
            p, q = pos(by[2, 0], 0), pos(by[2, 0], 1)
        else:  # 9.1: always split
            p, q = pos(by[4, 0], 0), pos(by[4, 0], 1)
    elif n3 == 2:  # 8.1
        p, q = pos(by[3, 0], 0), pos(by[3, 0], 1)
    elif n3 == 1:
        if n2 >= 1:  # 7.1 / 7.2: the (higher) pair in front
            p, q = pos(by[2, 0], 0), pos(by[2, 0], 1)
        elif by[3, 0] == _ACE:  # 5.2: split three aces
            p, q = pos(_ACE, 0), single(0)
        else:  # 5.1
            p, q = single(0), single(1)
    elif n2 == 3:  # 4.1
        p, q = pos(by[2, 0], 0), pos(by[2, 0], 1)
    elif n2 == 2:
        if by[2, 0] >= _SIX or by[1, 0] != _ACE:  # 3.2 / 3.4: split
            p, q = pos(by[2, 1], 0), pos(by[2, 1], 1)
        else:  # 3.3: two pair behind, the ace in front
            p, q = single(0), single(1)
    elif n2 == 1:  # 2.1
        p, q = single(0), single(1)
    else:  # 1.1
        p, q = single(1), single(2)
    return int(split_of[p, q])


@nb.njit(cache=True)
def _workspace() -> npt.NDArray[np.int32]:
    """Scratch space for :func:`_house_one` (one per thread of work)."""
    return np.empty(98, np.int32)


@nb.njit(cache=True, parallel=True)
def _house_batch(
    hands: npt.NDArray[np.int32], wild: bool, t5: npt.NDArray[np.int32],
    t2: npt.NDArray[np.int32], keep: npt.NDArray[np.int64], binom: npt.NDArray[np.int64],
    split_of: npt.NDArray[np.int64],
) -> Int8Array:
    n = hands.shape[0]
    out = np.empty(n, np.int8)
    size = 4096
    for chunk in nb.prange((n + size - 1) // size):
        work = _workspace()
        for i in range(chunk * size, min(n, (chunk + 1) * size)):
            out[i] = _house_one(hands[i], work, wild, t5, t2, keep, binom, split_of)
    return out


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
    r = rules or PokerRules()
    out: Int8Array = _house_batch(
        hands, r.joker == "wild", table5(r), table2(r), _KEEP, BINOM, _SPLIT_OF
    )
    return out


@nb.njit(cache=True, parallel=True)
def _house_all_top(
    tops: npt.NDArray[np.int64], wild: bool, t5: npt.NDArray[np.int32],
    t2: npt.NDArray[np.int32], keep: npt.NDArray[np.int64], binom: npt.NDArray[np.int64],
    split_of: npt.NDArray[np.int64], out: Int8Array,
) -> None:
    """Fill ``out[index7(hand)]`` for every hand whose highest card is in ``tops``."""
    for t in nb.prange(tops.shape[0]):
        g = tops[t]
        hand = np.empty(7, np.int32)
        work = _workspace()
        hand[6] = g
        base = binom[g, 7]
        for f in range(5, g):
            hand[5] = f
            bf = base + binom[f, 6]
            for e in range(4, f):
                hand[4] = e
                be = bf + binom[e, 5]
                for d in range(3, e):
                    hand[3] = d
                    bd = be + binom[d, 4]
                    for c in range(2, d):
                        hand[2] = c
                        bc = bd + binom[c, 3]
                        for b in range(1, c):
                            hand[1] = b
                            bb = bc + binom[b, 2]
                            for a in range(b):
                                hand[0] = a
                                out[bb + a] = _house_one(
                                    hand, work, wild, t5, t2, keep, binom, split_of
                                )


def top_chunks(max_work: int = 4_000_000) -> Iterator[tuple[npt.NDArray[np.int64], int]]:
    """The enumeration of all seven-card hands cut into chunks by their highest card
    (highest first) of roughly equal work: each chunk's highest cards and its number of
    hands (the chunks of :func:`house_all` and of the way-file kernels).

    >>> sum(work for _, work in top_chunks()) == N7
    True
    """
    order = list(range(52, 5, -1))
    i = 0
    while i < len(order):
        chunk = [order[i]]
        work = comb(order[i], 6)
        while i + len(chunk) < len(order) and work < max_work:
            chunk.append(order[i + len(chunk)])
            work += comb(chunk[-1], 6)
        i += len(chunk)
        yield np.array(chunk, np.int64), work


def house_all(
    rules: PokerRules | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Int8Array:
    """The house way's split of all C(53,7) = 154,143,080 seven-card hands, indexed by
    the combinatorial number of the hand (cards ascending ``c0 < … < c6``:
    ``C(c0,1) + C(c1,2) + … + C(c6,7)``). ``on_progress(done, total)`` is called between
    chunks (hands by their highest card), so a caller can show progress or be
    interrupted between chunks."""
    r = rules or PokerRules()
    out = np.empty(N7, np.int8)
    t5, t2 = table5(r), table2(r)
    wild = r.joker == "wild"
    done = 0
    for chunk, work in top_chunks():
        _house_all_top(chunk, wild, t5, t2, _KEEP, BINOM, _SPLIT_OF, out)
        done += work
        if on_progress is not None:
            on_progress(done, N7)
    return out


def index7(hands: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Combinatorial index of each seven-card hand (rows in any order), the index of
    :func:`house_all`.

    >>> int(index7(np.array([[0, 1, 2, 3, 4, 5, 6]]))[0]), int(index7(np.array([range(46, 53)]))[0])
    (0, 154143079)
    """
    h = np.sort(_check(hands), axis=1).astype(np.int64)
    return sum((BINOM[h[:, k], k + 1] for k in range(7)), start=np.zeros(len(h), np.int64))


__all__ = ["N7", "house_all", "house_splits", "house_splits_unchecked", "index7", "top_chunks"]
