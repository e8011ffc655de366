"""A way file's numba interpreter: the split of many seven-card hands under a compiled
way (:class:`paigow.poker.ways.spec.CompiledWay`).

The kernel reads each hand the way the built-in house way's kernel does
(:mod:`paigow.poker.ways.house_fast`: the cards highest first, rank groups, the joker's rank
by rules 0.1/0.2, equal ranks naturals first), computes the hand's features (the ranks of
its pairs, trips, quads and side cards, the joker, the pair sum, the hand type, and in the
straights-and-flushes section whether every straight-or-better five-card hand is an
ace-high straight made with the joker), then walks the rules of the straights-and-flushes
section (when a straight or flush can be set behind) and of the hand's own section, and
plays the first rule whose conditions hold. A condition is a feature and a bit mask of
the values it allows: it holds when the bit of the hand's value is set.

The Python interpreter (:class:`paigow.poker.ways.file_way.FileWay`) reads the same file
the plain way; the tests prove the two equal, and the seeds' way file equal to the built-in
kernel on every one of the 154,143,080 hands.

A returned split is the index 0..20 in :func:`paigow.poker.setting.settings` order, or
-1 when no rule of the hand's section applies (the load check reports that).
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.poker.fast import BINOM, table2, table5
from paigow.poker.rules import PokerRules
from paigow.poker.ways.house_fast import (
    _KEEP,
    _SPLIT_OF,
    _check,
    _straight_or_flush_possible,
    top_chunks,
)
from paigow.poker.ways.spec import ABSENT, CompiledWay

Int8Array = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
N7 = comb(53, 7)

_ACE = 12
# hand type (section index) of each shape, keyed by (n5, n4, n3, n2, n1)
_TYPE = np.full((2, 2, 3, 4, 8), -1, dtype=np.int64)
for (_n5, _n4, _n3, _n2, _n1), _t in {
    (0, 0, 0, 0, 7): 0, (0, 0, 0, 1, 5): 1, (0, 0, 0, 2, 3): 2, (0, 0, 0, 3, 1): 3,
    (0, 0, 1, 0, 4): 4, (0, 0, 1, 1, 2): 5, (0, 0, 1, 2, 0): 6, (0, 0, 2, 0, 1): 7,
    (0, 1, 0, 0, 3): 8, (0, 1, 0, 1, 1): 9, (0, 1, 1, 0, 0): 10, (1, 0, 0, 0, 2): 11,
    (1, 0, 0, 1, 0): 11,
}.items():
    _TYPE[_n5, _n4, _n3, _n2, _n1] = _t


@nb.njit(cache=True)
def _sf_scan(
    h: I32, joker: int, t5: I32, t2: I32, keep: I64, binom: I64, out: I64, top: int,
) -> None:
    """Straights and flushes: ``out[0]`` the split with a straight-or-better behind and
    the best front (then best back, then first), -1 if none; ``out[1]`` 1 when every such
    back is an ace-high straight (no flush) holding the joker and the hand has a natural
    ace, else 0 (``top``: the ace-high straight's tie-break value under the wheel rule); ``out[3]`` 1 when that best setting has a pair in front; ``out[5]`` its front's key."""
    best_front = -1
    best_back = -1
    best = -1
    all_broadway = 1
    nat_ace = 0
    for i in range(joker, 7):
        if h[i] >> 2 == _ACE:
            nat_ace = 1
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
                if not (cat == 4 and ((back >> 16) & 15) == top and joker == 1
                        and x != 0 and y != 0):
                    all_broadway = 0
                a = h[y]
                b = h[x]
                front = t2[a + b * (b - 1) // 2]
                if front > best_front or (front == best_front and back > best_back):
                    best_front = front
                    best_back = back
                    best = k
            k += 1
    out[0] = best
    out[1] = all_broadway if (best >= 0 and nat_ace == 1) else 0
    out[3] = 1 if (best >= 0 and (best_front >> 20) == 1) else 0
    out[5] = best_front


@nb.njit(cache=True, inline="always")
def _holds(mask: I64, rr: int, feat: I64) -> bool:
    """Whether every condition of rule ``rr`` holds for the hand's features."""
    for k in range(mask[rr, 0]):  # noqa: SIM110 - a plain loop compiles best in numba
        if not (mask[rr, 2 + 2 * k] >> feat[mask[rr, 1 + 2 * k]]) & 1:
            return False
    return True


@nb.njit(cache=True, inline="always")
def _front(kind: int, a: int, b: int, by: I32, nat: I32, first: I32, feat: I64) -> int:
    """Positions ``8 * p + q`` of the two cards a group or singles setting puts in front
    (kinds 0, 1, 2 of :mod:`paigow.poker.ways.spec`)."""
    if kind == 1:  # singles a, b
        r1 = by[1, a]
        r2 = by[1, b]
        p = first[r1] if nat[r1] > 0 else 0
        q = first[r2] if nat[r2] > 0 else 0
        return 8 * p + q
    g = feat[a]  # group ids are the feature indices of their ranks
    p = first[g] if nat[g] > 0 else 0
    if kind == 0:
        q = first[g] + 1 if nat[g] > 1 else 0
    else:  # one card of the group and single b
        rs = by[1, b]
        q = first[rs] if nat[rs] > 0 else 0
    return 8 * p + q


@nb.njit(cache=True, inline="always")
def _file_one(
    cards: I32, work: I32, wild: bool, top: int, use_sf: bool, mask: I64, act: I64, start: I64,
    count: I64, sf_hands: int, t5: I32, t2: I32, keep: I64, binom: I64, split_of: I64,
    typ: I64, feat: I64, sf: I64,
) -> int:
    """The compiled way's split of one hand (``work``, ``feat``, ``sf``: scratch space)."""
    h = work[0:7]
    nat = work[7:20]
    first = work[20:33]
    cnt = work[33:46]
    n_of = work[46:52]
    by = work[52:94].reshape((6, 7))
    suits = work[94:98]
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
                if nat[r] >= most:
                    most = nat[r]
                    jr = r
        else:
            jr = _ACE
    cnt[:] = nat
    if jr >= 0:
        cnt[jr] += 1
    n_of[:] = 0
    for r in range(12, -1, -1):
        s = cnt[r]
        if s > 0:
            by[s, n_of[s]] = r
            n_of[s] += 1
    n1, n2, n3, n4, n5 = n_of[1], n_of[2], n_of[3], n_of[4], n_of[5]
    hand_type = typ[n5, n4, n3, n2, n1]

    # features (spec.FEATURES order); ABSENT where the hand has none
    feat[:] = ABSENT
    if n2 >= 1:
        feat[0] = by[2, 0]
        if n2 >= 2:
            feat[2] = by[2, n2 - 1]
            feat[11] = by[2, 0] + by[2, n2 - 1]
        if n2 >= 3:
            feat[1] = by[2, 1]
    if n3 >= 1:
        feat[3] = by[3, 0]
        if n3 >= 2:
            feat[4] = by[3, 1]
    if n4 >= 1:
        feat[5] = by[4, 0]
    if n5 >= 1:
        feat[6] = by[5, 0]
    for m in range(3):
        if n1 > m:
            feat[7 + m] = by[1, m]
    feat[10] = joker
    feat[12] = hand_type
    feat[13] = 0
    feat[14] = 0
    feat[15] = 0
    sf[4] = -1

    # the straights-and-flushes section first, when a straight or flush can be set behind
    chosen = -1
    if (use_sf and count[12] > 0 and (sf_hands >> hand_type) & 1
            and _straight_or_flush_possible(h, joker, suits)):
        _sf_scan(h, joker, t5, t2, keep, binom, sf, top)
        if sf[0] >= 0:
            feat[13] = sf[1]
            feat[14] = sf[3]
            feat[15] = 0
            if (sf_hands >> 20) & 1:  # the way compares fronts: play by hand type, compare
                s1 = start[hand_type]
                for rr in range(s1, s1 + count[hand_type]):
                    if _holds(mask, rr, feat):
                        if act[rr, 0] <= 2:
                            pq = _front(act[rr, 0], act[rr, 1], act[rr, 2], by, nat, first,
                                        feat)
                            x = h[pq // 8]
                            y = h[pq % 8]
                            lo, hi = (x, y) if x < y else (y, x)
                            if t2[lo + hi * (hi - 1) // 2] > sf[5]:
                                feat[15] = 1
                        break
            s0 = start[12]
            for rr in range(s0, s0 + count[12]):
                if _holds(mask, rr, feat):
                    chosen = rr
                    break
            if chosen >= 0 and act[chosen, 0] == 3:
                sf[2] = chosen
                return int(sf[0])
            if chosen >= 0 and act[chosen, 0] == 4:
                sf[4] = chosen  # by hand type: fall through to the hand's own section
                chosen = -1
    feat[13] = 0
    feat[14] = 0
    feat[15] = 0
    if chosen < 0:
        s0 = start[hand_type]
        for rr in range(s0, s0 + count[hand_type]):
            if _holds(mask, rr, feat):
                chosen = rr
                break
    sf[2] = chosen
    if chosen < 0:
        return -1
    kind = act[chosen, 0]
    a = act[chosen, 1]
    b = act[chosen, 2]
    if kind == 3:  # a straight or flush named in a hand-type section
        if _straight_or_flush_possible(h, joker, suits):
            _sf_scan(h, joker, t5, t2, keep, binom, sf, top)
            if sf[0] >= 0:
                return int(sf[0])
        return -1
    pq = _front(kind, a, b, by, nat, first, feat)
    return int(split_of[pq // 8, pq % 8])


@nb.njit(cache=True)
def _scratch() -> tuple[I32, I64, I64]:
    return np.empty(98, np.int32), np.empty(16, np.int64), np.empty(6, np.int64)


@nb.njit(cache=True, parallel=True)
def _file_batch(
    hands: I32, wild: bool, top: int, use_sf: bool, mask: I64, act: I64, start: I64, count: I64,
    sf_hands: int, t5: I32, t2: I32, keep: I64, binom: I64, split_of: I64, typ: I64,
) -> Int8Array:
    n = hands.shape[0]
    out = np.empty(n, np.int8)
    size = 4096
    for chunk in nb.prange((n + size - 1) // size):
        work, feat, sf = _scratch()
        for i in range(chunk * size, min(n, (chunk + 1) * size)):
            out[i] = _file_one(hands[i], work, wild, top, use_sf, mask, act, start, count,
                               sf_hands, t5, t2, keep, binom, split_of, typ, feat, sf)
    return out


@nb.njit(cache=True, parallel=True)
def _file_all_top(
    tops: I64, wild: bool, top: int, mask: I64, act: I64, start: I64, count: I64, sf_hands: int,
    t5: I32, t2: I32, keep: I64, binom: I64, split_of: I64, typ: I64, out: Int8Array,
) -> None:
    """Fill ``out[index7(hand)]`` for every hand whose highest card is in ``tops``."""
    for t in nb.prange(tops.shape[0]):
        g = tops[t]
        hand = np.empty(7, np.int32)
        work, feat, sf = _scratch()
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
                                out[bb + a] = _file_one(
                                    hand, work, wild, top, True, mask, act, start, count,
                                    sf_hands, t5, t2, keep, binom, split_of, typ, feat, sf,
                                )


@nb.njit(cache=True, parallel=True)
def _file_batch_rules(
    hands: I32, wild: bool, top: int, use_sf: bool, mask: I64, act: I64, start: I64, count: I64,
    sf_hands: int, t5: I32, t2: I32, keep: I64, binom: I64, split_of: I64, typ: I64,
) -> tuple[Int8Array, npt.NDArray[np.int16]]:
    n = hands.shape[0]
    out = np.empty(n, np.int8)
    rule = np.empty((n, 2), np.int16)
    size = 4096
    for chunk in nb.prange((n + size - 1) // size):
        work, feat, sf = _scratch()
        for i in range(chunk * size, min(n, (chunk + 1) * size)):
            out[i] = _file_one(hands[i], work, wild, top, use_sf, mask, act, start, count,
                               sf_hands, t5, t2, keep, binom, split_of, typ, feat, sf)
            rule[i, 0] = sf[2]
            rule[i, 1] = sf[4]
    return out, rule


def file_splits_and_rules(
    way: CompiledWay, hands: I32, rules: PokerRules | None = None, use_sf: bool = True,
) -> tuple[Int8Array, npt.NDArray[np.int16]]:
    """Each hand's split and, per hand, the index (in ``way.rules``) of the rule that
    decided it (-1 where none applies) and of the straights-and-flushes rule that sent it
    to its hand type's rules (-1 if none); hands as for :func:`file_splits_unchecked`."""
    r = rules or PokerRules()
    out: tuple[Int8Array, npt.NDArray[np.int16]] = _file_batch_rules(
        np.ascontiguousarray(hands, dtype=np.int32), r.joker == "wild", _top(r), use_sf, way.mask,
        way.action, way.start, way.count, way.sf_hands, table5(r), table2(r), _KEEP, BINOM,
        _SPLIT_OF, _TYPE,
    )
    return out


def _top(rules: PokerRules) -> int:
    """The tie-break value of the ace-high straight in the five-card key (15 when the
    wheel is second highest, 14 when it is lowest; :mod:`paigow.poker.rank`)."""
    return 15 if rules.wheel == "second" else 14


def file_splits(
    way: CompiledWay, hands: npt.ArrayLike, rules: PokerRules | None = None
) -> Int8Array:
    """The compiled way's split (0..20, or -1 where no rule applies) of each hand in an
    ``(n, 7)`` array of card ints (any order within a row)."""
    return file_splits_unchecked(way, _check(hands), rules)


def file_splits_unchecked(
    way: CompiledWay, hands: I32, rules: PokerRules | None = None, use_sf: bool = True,
) -> Int8Array:
    """:func:`file_splits` without input checks; ``use_sf=False`` skips the
    straights-and-flushes section (the load check uses it to test every hand-type rule)."""
    r = rules or PokerRules()
    out: Int8Array = _file_batch(
        np.ascontiguousarray(hands, dtype=np.int32), r.joker == "wild", _top(r), use_sf, way.mask,
        way.action, way.start, way.count, way.sf_hands, table5(r), table2(r), _KEEP, BINOM,
        _SPLIT_OF, _TYPE,
    )
    return out


def file_all(
    way: CompiledWay, rules: PokerRules | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Int8Array:
    """The compiled way's split of all C(53,7) hands, indexed as
    :func:`paigow.poker.ways.house_fast.house_all` (combinatorial number of the hand);
    ``on_progress(done, total)`` between chunks."""
    r = rules or PokerRules()
    out = np.empty(N7, np.int8)
    t5, t2 = table5(r), table2(r)
    wild = r.joker == "wild"
    done = 0
    for chunk, work in top_chunks():
        _file_all_top(chunk, wild, _top(r), way.mask, way.action, way.start, way.count,
                      way.sf_hands, t5, t2, _KEEP, BINOM, _SPLIT_OF, _TYPE, out)
        done += work
        if on_progress is not None:
            on_progress(done, N7)
    return out





@nb.njit(cache=True, parallel=True)
def _diff_all_top(
    tops: I64, wild: bool, top: int,
    mask_a: I64, act_a: I64, start_a: I64, count_a: I64, sf_a: int,
    mask_b: I64, act_b: I64, start_b: I64, count_b: I64, sf_b: int,
    t5: I32, t2: I32, keep: I64, binom: I64, split_of: I64, typ: I64, acc: I64,
) -> None:
    """Count, for every hand whose highest card is in ``tops``, whether ways A and B set
    it alike: ``acc[t, hand type, rule of A, rule of B, agree]`` (rules offset by one so
    that -1, no rule, is 0)."""
    for t in nb.prange(tops.shape[0]):
        g = tops[t]
        hand = np.empty(7, np.int32)
        work, feat, sf = _scratch()
        hand[6] = g
        for f in range(5, g):
            hand[5] = f
            for e in range(4, f):
                hand[4] = e
                for d in range(3, e):
                    hand[3] = d
                    for c in range(2, d):
                        hand[2] = c
                        for b in range(1, c):
                            hand[1] = b
                            for a in range(b):
                                hand[0] = a
                                sa = _file_one(hand, work, wild, top, True, mask_a, act_a,
                                               start_a, count_a, sf_a, t5, t2, keep, binom,
                                               split_of, typ, feat, sf)
                                ra = sf[2]
                                ht = feat[12]
                                sb = _file_one(hand, work, wild, top, True, mask_b, act_b,
                                               start_b, count_b, sf_b, t5, t2, keep, binom,
                                               split_of, typ, feat, sf)
                                rb = sf[2]
                                acc[t, ht, ra + 1, rb + 1, 1 if sa == sb else 0] += 1


def file_diff_all(
    a: CompiledWay, b: CompiledWay, rules: PokerRules | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> I64:
    """Agreement of two compiled ways over all C(53,7) hands:
    ``counts[hand type, rule of A + 1, rule of B + 1, agree]`` (rule indices in
    ``a.rules`` / ``b.rules``; 0 where no rule applied). The counts sum to C(53,7)."""
    r = rules or PokerRules()
    t5, t2 = table5(r), table2(r)
    wild = r.joker == "wild"
    na, nb_ = len(a.rules) + 1, len(b.rules) + 1
    total = np.zeros((12, na, nb_, 2), np.int64)
    done = 0
    for chunk, work in top_chunks():
        acc = np.zeros((len(chunk), 12, na, nb_, 2), np.int64)
        _diff_all_top(chunk, wild, _top(r), a.mask, a.action, a.start, a.count, a.sf_hands,
                      b.mask, b.action, b.start, b.count, b.sf_hands, t5, t2, _KEEP, BINOM,
                      _SPLIT_OF, _TYPE, acc)
        total += acc.sum(axis=0)
        done += work
        if on_progress is not None:
            on_progress(done, N7)
    return total

__all__ = ["file_all", "file_diff_all", "file_splits", "file_splits_and_rules", "file_splits_unchecked"]
