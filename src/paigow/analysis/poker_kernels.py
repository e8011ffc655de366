"""Numba kernels for the exact and Monte Carlo odds of Pai Gow Poker.

Conventions shared by every kernel here:

* A seven-card hand is a row of seven card ints sorted **ascending** (the order of the
  combinatorial number system); a *split index* 0..20 names a setting in the order of
  :func:`paigow.poker.setting.settings` (cards highest first, the two-card hand running
  through ``itertools.combinations`` of those positions). :data:`LOW_ASC` and
  :data:`HIGH_ASC` give, per split index, the ascending positions of the two-card and the
  five-card hand.
* A *universe* is a sorted deck of ``n`` cards (all 53 by default); a hand of it is named
  by its colex index over the deck **positions**: ``C(p0,1) + C(p1,2) + … + C(p6,7)``
  for ascending positions ``p0 < … < p6``. With the whole deck, positions are cards.
* Hand ranks are dense ids: :func:`rank_ids` numbers the distinct five-card keys (0 the
  lowest) and the distinct two-card keys, so a setting's rank is ``(H, L)`` with ``H``
  below 2**16 and ``L`` below 2**8, written as three bytes (``H`` low byte, ``H`` high
  byte, ``L``) by :func:`setting_ranks` and kept compactly by
  :mod:`paigow.analysis.poker_table` (:func:`compact_scatter` fills it).
"""

from __future__ import annotations

from itertools import combinations

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.poker.cards import Rank
from paigow.poker.fast import best5_of7
from paigow.poker.kinds import HandKind
from paigow.poker.rank import pack
from paigow.poker.rules import PokerRules

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
U8 = npt.NDArray[np.uint8]
U16 = npt.NDArray[np.uint16]

_PAIRS = list(combinations(range(7), 2))  # descending positions of the two-card hand
LOW_ASC = np.array([[6 - y, 6 - x] for x, y in _PAIRS], dtype=np.int64)
HIGH_ASC = np.array(
    [[p for p in range(7) if p not in (6 - x, 6 - y)] for x, y in _PAIRS], dtype=np.int64
)


def rank_ids(t5: I32, t2: I32) -> tuple[U16, U8, I32, I32]:
    """Dense rank ids of every five-card hand (by colex index) and two-card hand.

    Returns ``(rid5, rid2, keys5, keys2)``: ``rid5[i]`` is the id of five-card hand ``i``,
    ``keys5[id]`` the key of an id (ascending), likewise for two-card hands.
    """
    keys5 = np.unique(t5).astype(np.int32)
    keys2 = np.unique(t2).astype(np.int32)
    if len(keys5) >= 1 << 16 or len(keys2) >= 1 << 8:  # pragma: no cover - by construction
        raise AssertionError("too many distinct hand ranks for the compact table")
    rid5 = np.searchsorted(keys5, t5).astype(np.uint16)
    rid2 = np.searchsorted(keys2, t2).astype(np.uint8)
    return rid5, rid2, keys5, keys2


@nb.njit(cache=True, inline="always")
def idx5(a: int, b: int, c: int, d: int, e: int, binom: I64) -> int:
    """Colex index of five ascending cards."""
    x: int = binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5]
    return x


@nb.njit(cache=True, inline="always")
def idx2(a: int, b: int) -> int:
    """Index of two ascending cards in :func:`paigow.poker.fast.table2`."""
    return a + b * (b - 1) // 2


@nb.njit(cache=True, parallel=True)
def setting_ranks(
    hands: I32, splits: npt.NDArray[np.int8], rid5: U16, rid2: U8,
    high_asc: I64, low_asc: I64, binom: I64, out: U8,
) -> None:
    """Write the compact (H, L) rank of each hand's chosen split into ``out`` (n, 3)."""
    n = hands.shape[0]
    for i in nb.prange(n):
        s = splits[i]
        h = hands[i]
        hi = high_asc[s]
        lo = low_asc[s]
        r5 = rid5[idx5(h[hi[0]], h[hi[1]], h[hi[2]], h[hi[3]], h[hi[4]], binom)]
        out[i, 0] = r5 & 0xFF
        out[i, 1] = r5 >> 8
        out[i, 2] = rid2[idx2(h[lo[0]], h[lo[1]])]


@nb.njit(cache=True)
def unrank7(r: int, binom: I64, out: I64) -> None:
    """Ascending positions of the 7-subset with colex index ``r``."""
    for k in range(7, 0, -1):
        p = k - 1
        while binom[p + 1, k] <= r:
            p += 1
        out[k - 1] = p
        r -= binom[p, k]


@nb.njit(cache=True)
def hands_range(deck: I64, start: int, count: int, binom: I64) -> I32:
    """The ``count`` hands of ``deck`` from colex index ``start`` on, as card rows."""
    out = np.empty((count, 7), np.int32)
    p = np.zeros(7, np.int64)
    unrank7(start, binom, p)
    for i in range(count):
        for k in range(7):
            out[i, k] = deck[p[k]]
        # colex successor: bump the lowest position that can move, reset those below it
        j = 0
        while j < 6 and p[j] + 1 == p[j + 1]:
            j += 1
        p[j] += 1
        for k in range(j):
            p[k] = k
    return out


# ------------------------------------------------------------------ Monte Carlo


@nb.njit(cache=True)
def _sort7(h: I32) -> None:
    for i in range(1, 7):
        v = h[i]
        j = i - 1
        while j >= 0 and h[j] > v:
            h[j + 1] = h[j]
            j -= 1
        h[j + 1] = v


@nb.njit(cache=True, parallel=True)
def deal(raw: npt.NDArray[np.uint64], cards: I32, n: int, k: int, slots: int) -> I32:
    """Deal ``n`` rounds of ``k`` cards (two seven-card hands: ``k = 14``, at most 14)
    from ``cards``, each row sorted ascending per hand of seven, using the raw 64-bit
    random words ``raw`` (seven per round; each gives two 32-bit draws).

    Each round is a partial Fisher–Yates shuffle of ``cards`` started afresh (so a
    round's cards depend only on its own words): draw ``j`` picks one of the
    ``len(cards) - j`` cards not yet dealt by a multiply-shift of a 32-bit word,
    ``(u * (len(cards) - j)) >> 32``, whose bias (below 53 / 2**32) is far under any
    Monte Carlo error.
    """
    m = cards.shape[0]
    out = np.empty((n, k), np.int32)
    per = (n + slots - 1) // slots
    for t in nb.prange(slots):
        deck = cards.copy()
        pick = np.empty(14, np.int64)
        hand = np.empty(7, np.int32)
        for i in range(t * per, min(n, (t + 1) * per)):
            for d in range(k):
                w = raw[i * 7 + (d >> 1)]
                u = (w >> np.uint64(32)) if d & 1 else (w & np.uint64(0xFFFFFFFF))
                j = d + np.int64((u * np.uint64(m - d)) >> np.uint64(32))
                pick[d] = j
                tmp = deck[d]
                deck[d] = deck[j]
                deck[j] = tmp
            for h in range(k // 7):
                for q in range(7):
                    hand[q] = deck[7 * h + q]
                _sort7(hand)
                for q in range(7):
                    out[i, 7 * h + q] = hand[q]
            for d in range(k - 1, -1, -1):  # undo the swaps: the deck is fresh again
                j = pick[d]
                tmp = deck[d]
                deck[d] = deck[j]
                deck[j] = tmp
    return out


@nb.njit(cache=True, parallel=True)
def split_keys(
    hands: I32, splits: npt.NDArray[np.int8], t5: I32, t2: I32,
    high_asc: I64, low_asc: I64, binom: I64,
) -> tuple[I32, I32]:
    """Five- and two-card keys of each hand's chosen split."""
    n = hands.shape[0]
    k5 = np.empty(n, np.int32)
    k2 = np.empty(n, np.int32)
    for i in nb.prange(n):
        s = splits[i]
        h = hands[i]
        hi = high_asc[s]
        lo = low_asc[s]
        k5[i] = t5[idx5(h[hi[0]], h[hi[1]], h[hi[2]], h[hi[3]], h[hi[4]], binom)]
        k2[i] = t2[idx2(h[lo[0]], h[lo[1]])]
    return k5, k2


@nb.njit(cache=True)
def tally(
    p5: I32, p2: I32, b5: I32, b2: I32, p_forfeit: npt.NDArray[np.bool_],
    pushed: npt.NDArray[np.bool_], banking: bool,
) -> I64:
    """Win, push and lose counts of the tracked hand (``p``) against the other (``b``).

    Not ``banking``: ``p`` is a player and ``b`` the banker, who wins copies; a forfeit
    (fouled, ``foul="forfeit"``) loses. ``banking``: ``p`` is the bank and wins copies.
    A round marked in ``pushed`` (the banker's hand is of the push kind) pushes, whatever
    the hands, a forfeit included."""
    out = np.zeros(3, np.int64)
    for i in range(p5.shape[0]):
        if pushed[i]:
            out[1] += 1
            continue
        if p_forfeit[i]:
            out[2] += 1
            continue
        if banking:
            hi = p5[i] >= b5[i]
            lo = p2[i] >= b2[i]
        else:
            hi = p5[i] > b5[i]
            lo = p2[i] > b2[i]
        if hi and lo:
            out[0] += 1
        elif hi or lo:
            out[1] += 1
        else:
            out[2] += 1
    return out


# ------------------------------------------------------------------ hand kinds


def pai_gow_high(hands: I32, rules: PokerRules) -> U8:
    """For each row of seven cards: its highest card's rank as a key packs it
    (:func:`paigow.poker.rank.pack`, 2..14) when the cards are a *pai gow* (their best five-card hand is only a high card: no pair,
    straight or flush), else 0. Numba's direct seven-card evaluator
    (:func:`paigow.poker.fast.best5_of7`) does the work; the high-card key keeps its top
    rank in bits 16..19 (:mod:`paigow.poker.rank`).

    >>> from paigow.poker.cards import parse_cards
    >>> hands = np.array([parse_cards(h) for h in ("Qs Jh 9d 7c 5s 3h 2d",
    ...                                             "Jk Qs Jh 9d 7c 5s 3h",
    ...                                             "Qs Jh Td 9c 8s 3h 2d")])
    >>> pai_gow_high(hands, PokerRules()).tolist()    # Q high; the bug joker is an ace; a straight
    [12, 14, 0]
    >>> pai_gow_high(hands, PokerRules(joker="wild")).tolist()  # a wild joker always pairs
    [12, 0, 0]
    """
    keys = best5_of7(hands, rules)
    out: U8 = np.where(keys < (1 << 20), keys >> 16, 0).astype(np.uint8)
    return out


def kind_mask(hands: I32, kind: HandKind, rules: PokerRules) -> npt.NDArray[np.bool_]:
    """Which rows of seven cards are of ``kind`` (:mod:`paigow.poker.kinds`): the fast
    twin of :meth:`HandKind.matches <paigow.poker.kinds.HandKind.matches>`."""
    if kind.high is None:
        return np.zeros(len(hands), np.bool_)
    out: npt.NDArray[np.bool_] = pai_gow_high(hands, rules) == pack(kind.high)
    return out


def low_mask(keys2: I32, high: Rank) -> npt.NDArray[np.bool_]:
    """Which two-card keys (:func:`paigow.poker.fast.table2`'s, one per banker setting)
    are a high-card hand topped by the rank ``high``: the fast twin of
    :meth:`LowKind.matches_key2 <paigow.poker.kinds.LowKind.matches_key2>` (the category
    in the key's top bits, the higher card in bits 16..19, :mod:`paigow.poker.rank`).

    >>> from paigow.poker.fast import table2
    >>> from paigow.poker.cards import parse_cards
    >>> t2 = table2()
    >>> keys = np.array([t2[a + b * (b - 1) // 2] for a, b in
    ...     (sorted(parse_cards(x)) for x in ("9s 8h", "9s 9h", "Ts 9h", "Jk 9h"))])
    >>> low_mask(keys, Rank.NINE).tolist()      # 9-8 yes; a pair, ten high, joker-ace no
    [True, False, False, False]
    """
    k = np.asarray(keys2, dtype=np.int64)
    out: npt.NDArray[np.bool_] = ((k >> 20) == 0) & (((k >> 16) & 15) == pack(high))
    return out


# ------------------------------------------------------------------ suit classes


@nb.njit(cache=True)
def _colex_cards(h: I64, binom: I64) -> int:
    x = 0
    for k in range(7):
        x += binom[h[k], k + 1]
    return x


@nb.njit(cache=True)
def suit_class_chunk(
    deck: I64, start: int, count: int, perms: I64, binom: I64
) -> tuple[I64, I64]:
    """Among the ``count`` hands of ``deck`` from colex index ``start``, those that are the
    least (by colex index of their cards) of their suit class, and each one's class size.

    ``perms`` (24, 4) lists the suit permutations; the deck must be closed under them.
    """
    reps = np.empty(count, np.int64)
    size = np.empty(count, np.int64)
    n_out = 0
    p = np.zeros(7, np.int64)
    unrank7(start, binom, p)
    h = np.zeros(7, np.int64)
    g = np.zeros(7, np.int64)
    seen = np.zeros(perms.shape[0], np.int64)
    for _ in range(count):
        for k in range(7):
            h[k] = deck[p[k]]
        own = _colex_cards(h, binom)
        least = True
        n_seen = 0
        for q in range(perms.shape[0]):
            for k in range(7):
                c = h[k]
                g[k] = c if c == 52 else (c & ~3) | perms[q, c & 3]
            g.sort()
            x = _colex_cards(g, binom)
            if x < own:
                least = False
                break
            new = True
            for z in range(n_seen):
                if seen[z] == x:
                    new = False
            if new:
                seen[n_seen] = x
                n_seen += 1
        if least:
            reps[n_out] = own
            size[n_out] = n_seen
            n_out += 1
        j = 0
        while j < 6 and p[j] + 1 == p[j + 1]:
            j += 1
        p[j] += 1
        for k in range(j):
            p[k] = k
    return reps[:n_out], size[:n_out]


# ------------------------------------------------------------------ compact table


@nb.njit(cache=True)
def compact_scatter(
    hands: I32, ranks: U8, class_weight: I64, binom: I64, block_of: I64,
    block_real: I64, block_class: I64, block_a: I64, block_b: I64,
    cls_h: U16, cls_l: U8, cls_seen: U8, real_h: U16, real_l: U8,
    flush_class: npt.NDArray[np.uint32], exc_rows: I64,
) -> int:
    """Spread the ``(H, L)`` ranks (``ranks``, (n, 3)) of rows of seven ascending cards
    into the compact table (:mod:`paigow.analysis.poker_layout`): a hand that can make a
    flush to its place in the flush arrays (with its class number), any other hand to its
    class, whose first hand sets it. The rows of hands that differ from their class's
    ranks are written to ``exc_rows``; returns how many."""
    n_exc = 0
    cnt = np.zeros(4, np.int64)
    for i in range(hands.shape[0]):
        h = hands[i]
        hh = np.uint16(ranks[i, 0]) | (np.uint16(ranks[i, 1]) << np.uint16(8))
        ll = ranks[i, 2]
        m = 0
        cnt[:] = 0
        for k in range(7):
            c = h[k]
            m += class_weight[c, k]
            if c < 52:
                cnt[c & 3] += 1
        joker = 1 if h[6] == 52 else 0
        s = -1
        for t in range(4):
            if cnt[t] >= 5 - joker:
                s = t
        if s >= 0:
            blk = block_of[joker, cnt[s]]
            ia = 0
            ib = 0
            na = 0
            nb_ = 0
            for k in range(7 - joker):
                c = h[k]
                t = c & 3
                r = c >> 2
                if t == s:
                    na += 1
                    ia += binom[r, na]
                else:
                    nb_ += 1
                    ib += binom[3 * r + t - (1 if t > s else 0), nb_]
            pos = block_real[blk] + (s * block_a[blk] + ia) * block_b[blk] + ib
            real_h[pos] = hh
            real_l[pos] = ll
            flush_class[block_class[blk] + ia * block_b[blk] + ib] = m
        elif cls_seen[m] == 0:
            cls_seen[m] = 1
            cls_h[m] = hh
            cls_l[m] = ll
        elif cls_h[m] != hh or cls_l[m] != ll:
            exc_rows[n_exc] = i
            n_exc += 1
    return n_exc
