"""numba kernels that count wins and losses of every split of every hand.

All kernels take the opponent's chosen setting for each of the 35,960 hands as dense code
ranks (``opp_hi``, ``opp_lo``; see :mod:`paigow.analysis.tiles_tables`) and an ``offset``:

* ``offset = 0``: the hand is a player facing a banker. A hand wins iff its rank is
  greater than the banker's: ``opp < H``. It loses iff ``opp >= H`` (copies and 0-0 tie
  at equal ranks and go to the banker).
* ``offset = 1``: the hand is the bank facing a player. It wins a hand iff the player's
  rank is not greater: ``opp < H + 1``, and loses iff ``opp >= H + 1``.

So in both cases a bet is *won* iff ``opp_hi < H + offset`` and ``opp_lo < L + offset``,
and *lost* iff ``opp_hi >= H + offset`` and ``opp_lo >= L + offset``; anything else
pushes.

Two ways to count, proved equal by the tests:

* :func:`brute_counts` enumerates, for each hand, the 20,475 opponent hands of the 28
  other tiles (736,281,000 matchups in all).
* :func:`ie_counts` uses inclusion-exclusion over the subsets S of the hand's four tiles:
  ``#disjoint = sum over S of (-1)^|S| #(opponent hands containing S)``. Counts for
  ``S = {}``, single tiles and tile pairs come from 2-D prefix-sum tables over
  (high rank, low rank) of the opponent hands containing S; triples (29 hands each) and
  the quadruple (the hand itself) are enumerated directly.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from paigow import _compiling  # noqa: F401  (says so when a kernel compiles)
from paigow.analysis.tiles_tables import I32, I64, N_TILES


@njit(cache=True, inline="always")
def _wins_loses(oh: int, ol: int, x: int, y: int) -> tuple[int, int]:
    w = 1 if (oh < x and ol < y) else 0
    lo = 1 if (oh >= x and ol >= y) else 0
    return w, lo


@njit(cache=True)
def count_hand(
    ids: I32, hi: I32, lo: I32, opp_hi: I32, opp_lo: I32, binom: I64, offset: int,
    win: I64, push: I64, lose: I64,
) -> None:
    """Brute force for one hand: add, for each of its 3 splits (ranks ``hi[s]``,
    ``lo[s]``), the wins, pushes and losses against every opponent hand of the 28 other
    tiles (each outcome counted on its own, so their sum checks the enumeration)."""
    rest = np.empty(N_TILES - 4, dtype=np.int32)
    n = 0
    for t in range(N_TILES):
        if t != ids[0] and t != ids[1] and t != ids[2] and t != ids[3]:
            rest[n] = t
            n += 1
    x0, x1, x2 = hi[0] + offset, hi[1] + offset, hi[2] + offset
    y0, y1, y2 = lo[0] + offset, lo[1] + offset, lo[2] + offset
    w0 = w1 = w2 = 0
    p0 = p1 = p2 = 0
    l0 = l1 = l2 = 0
    for d in range(3, n):
        rd = binom[4, rest[d]]
        for c in range(2, d):
            rc = rd + binom[3, rest[c]]
            for b in range(1, c):
                rb = rc + binom[2, rest[b]]
                for a in range(b):
                    r = rb + rest[a]
                    oh = opp_hi[r]
                    ol = opp_lo[r]
                    w0 += (oh < x0) & (ol < y0)
                    l0 += (oh >= x0) & (ol >= y0)
                    p0 += (oh < x0) ^ (ol < y0)
                    w1 += (oh < x1) & (ol < y1)
                    l1 += (oh >= x1) & (ol >= y1)
                    p1 += (oh < x1) ^ (ol < y1)
                    w2 += (oh < x2) & (ol < y2)
                    l2 += (oh >= x2) & (ol >= y2)
                    p2 += (oh < x2) ^ (ol < y2)
    win[0] += w0
    win[1] += w1
    win[2] += w2
    lose[0] += l0
    lose[1] += l1
    lose[2] += l2
    push[0] += p0
    push[1] += p1
    push[2] += p2


@njit(cache=True, parallel=True)
def brute_counts(
    hands: I32, binom: I64, start: int, stop: int, split_hi: I32, split_lo: I32, opp_hi: I32, opp_lo: I32,
    offset: int, win: I64, push: I64, lose: I64,
) -> None:
    """Brute force for hands ``start..stop-1``: ``win[h, s]``, ``push[h, s]``,
    ``lose[h, s]`` over all opponent hands disjoint from hand ``h``."""
    for h in prange(start, stop):
        win[h, :] = 0
        push[h, :] = 0
        lose[h, :] = 0
        count_hand(hands[h], split_hi[h], split_lo[h], opp_hi, opp_lo, binom, offset,
                   win[h], push[h], lose[h])


@njit(cache=True)
def _prefix2d(t: I32) -> None:
    k1 = t.shape[0]
    for i in range(k1):
        for j in range(1, k1):
            t[i, j] += t[i, j - 1]
    for i in range(1, k1):
        for j in range(k1):
            t[i, j] += t[i - 1, j]


@njit(cache=True)
def build_tables(hands: I32, opp_hi: I32, opp_lo: I32, k: int) -> tuple[I32, I32, I32, I32]:
    """Prefix-sum tables of opponent hands by (high rank, low rank).

    Returns ``(t0, t1, t2, pair_id)``: ``t0[x, y]`` counts all hands with high rank < x and
    low rank < y; ``t1[i]`` the same for hands containing tile ``i``; ``t2[pair_id[i, j]]``
    for hands containing tiles ``i`` and ``j``. Shapes (K+1, K+1).
    """
    k1 = k + 1
    pair_id = np.full((N_TILES, N_TILES), -1, dtype=np.int32)
    n = 0
    for i in range(N_TILES):
        for j in range(i + 1, N_TILES):
            pair_id[i, j] = n
            pair_id[j, i] = n
            n += 1
    t0 = np.zeros((k1, k1), dtype=np.int32)
    t1 = np.zeros((N_TILES, k1, k1), dtype=np.int32)
    t2 = np.zeros((n, k1, k1), dtype=np.int32)
    for h in range(hands.shape[0]):
        x = opp_hi[h] + 1
        y = opp_lo[h] + 1
        q = hands[h]
        t0[x, y] += 1
        for a in range(4):
            t1[q[a], x, y] += 1
            for b in range(a + 1, 4):
                t2[pair_id[q[a], q[b]], x, y] += 1
    _prefix2d(t0)
    for i in range(N_TILES):
        _prefix2d(t1[i])
    for p in range(n):
        _prefix2d(t2[p])
    return t0, t1, t2, pair_id


@njit(cache=True, inline="always")
def _quadrants(t: I32, x: int, y: int, k: int) -> tuple[int, int]:
    # (#hi < x and lo < y, #hi >= x and lo >= y)
    below = t[x, y]
    above = t[k, k] - t[x, k] - t[k, y] + below
    return below, above


@njit(cache=True, parallel=True)
def ie_counts(
    hands: I32, binom: I64, start: int, stop: int, split_hi: I32, split_lo: I32, opp_hi: I32, opp_lo: I32,
    offset: int, t0: I32, t1: I32, t2: I32, pair_id: I32, win: I64, lose: I64,
) -> None:
    """Inclusion-exclusion for hands ``start..stop-1``; same results as :func:`brute_counts`."""
    k = t0.shape[0] - 1
    for h in prange(start, stop):
        q = hands[h]
        for s in range(3):
            x = split_hi[h, s] + offset
            y = split_lo[h, s] + offset
            w, lo = _quadrants(t0, x, y, k)
            for a in range(4):
                dw, dl = _quadrants(t1[q[a]], x, y, k)
                w -= dw
                lo -= dl
                for b in range(a + 1, 4):
                    dw, dl = _quadrants(t2[pair_id[q[a], q[b]]], x, y, k)
                    w += dw
                    lo += dl
            # triples: the hand less one tile, plus any fifth tile t (29 hands each)
            for skip in range(4):
                i0 = -1
                i1 = -1
                i2 = -1
                for a in range(4):
                    if a != skip:
                        if i0 < 0:
                            i0 = q[a]
                        elif i1 < 0:
                            i1 = q[a]
                        else:
                            i2 = q[a]
                for t in range(N_TILES):
                    if t == i0 or t == i1 or t == i2:  # noqa: SIM109 (plain compares for numba)
                        continue
                    # insert t into the sorted triple (i0 < i1 < i2)
                    if t < i0:
                        r = t + binom[2, i0] + binom[3, i1] + binom[4, i2]
                    elif t < i1:
                        r = i0 + binom[2, t] + binom[3, i1] + binom[4, i2]
                    elif t < i2:
                        r = i0 + binom[2, i1] + binom[3, t] + binom[4, i2]
                    else:
                        r = i0 + binom[2, i1] + binom[3, i2] + binom[4, t]
                    dw, dl = _wins_loses(opp_hi[r], opp_lo[r], x, y)
                    w -= dw
                    lo -= dl
            dw, dl = _wins_loses(opp_hi[h], opp_lo[h], x, y)
            win[h, s] = w + dw
            lose[h, s] = lo + dl
