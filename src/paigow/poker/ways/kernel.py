"""The whole-deck enumeration of seven-card hands, once, for every hand-setting kernel.

Two per-hand *setters* exist: the built-in house way's code (:func:`house_one`, rule for
rule :class:`paigow.poker.ways.house.HouseWay`) and the way-file interpreter
(:func:`file_one`, which walks the arrays of a
:class:`~paigow.poker.ways.spec.CompiledWay`). Both read a hand the same way
(:func:`read_hand`: the cards highest first, rank groups, the joker's rank by rules
0.1/0.2 of ``docs/poker-house-way.md``) and scan its straights and flushes the same way
(:func:`sf_scan`); the batch enumeration and the whole-deck one (which also counts how
two ways agree, for ``ways-diff``) take a **way** and call its setter for each hand.

A way is five arrays (:class:`WayArrays`): ``meta`` (its kind, :data:`KIND_HOUSE` or
:data:`KIND_FILE`, and the ranking rules it reads), and for a file its compiled rules
(``mask``, ``act``, ``start``, ``count``). The setter is picked by the kind, one branch
a hand, rather than passed as a jitted function: numba specialises a kernel on a function
argument but cannot keep that specialisation in its on-disk cache (the argument's type
names the function object), so every process would compile the enumerators again.

A returned split is the index 0..20 in :func:`paigow.poker.setting.settings` order (the
cards highest first, the two-card hand the ``k``-th pair of positions in lexicographic
order), or -1 when no rule of a way file's section applies (its load check reports that).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import comb

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.poker.cards import Rank
from paigow.poker.fast import BINOM, KEEP, index5_of, table2, table5
from paigow.poker.rank import PACK, straight_key
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.ways.spec import ABSENT

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]

N7 = comb(53, 7)
ACE, SIX = int(Rank.ACE), int(Rank.SIX)  # plain ints for numba
KIND_HOUSE, KIND_FILE = 0, 1

# split index of each pair of (descending) positions
SPLIT_OF = np.full((7, 7), -1, dtype=np.int64)
for _k, (_x, _y) in enumerate((x, y) for x in range(7) for y in range(x + 1, 7)):
    SPLIT_OF[_x, _y] = _k
    SPLIT_OF[_y, _x] = _k

# hand type (section index of spec.HAND_KEYS) of each shape, keyed by (n5, n4, n3, n2, n1)
TYPE = np.full((2, 2, 3, 4, 8), -1, dtype=np.int64)
for (_n5, _n4, _n3, _n2, _n1), _t in {
    (0, 0, 0, 0, 7): 0, (0, 0, 0, 1, 5): 1, (0, 0, 0, 2, 3): 2, (0, 0, 0, 3, 1): 3,
    (0, 0, 1, 0, 4): 4, (0, 0, 1, 1, 2): 5, (0, 0, 1, 2, 0): 6, (0, 0, 2, 0, 1): 7,
    (0, 1, 0, 0, 3): 8, (0, 1, 0, 1, 1): 9, (0, 1, 1, 0, 0): 10, (1, 0, 0, 0, 2): 11,
    (1, 0, 0, 1, 0): 11,
}.items():
    TYPE[_n5, _n4, _n3, _n2, _n1] = _t

# five-card category (key >> 20) -> straight-or-flush filter: 1 straight, 2 flush,
# 3 straight or royal flush; 0 for the rest (filter 0 is "any of them", filter 4 "any of
# them with the hand's highest single card in front")
FILTER_OF = np.zeros(12, dtype=np.int64)
FILTER_OF[4], FILTER_OF[5], FILTER_OF[8], FILTER_OF[9] = 1, 2, 3, 3
# five-card category -> the value of the best_back / top_back features
BACK_OF = np.full(12, ABSENT, dtype=np.int64)
BACK_OF[4], BACK_OF[5], BACK_OF[8], BACK_OF[9] = 0, 1, 2, 3

# the straights-and-flushes scratch array (int64) of sf_scan and the setters
N_FILTERS = 5
SF_SPLIT, SF_FRONT, SF_BACK = 0, 5, 10  # + filter: best split, its front and back keys
SF_BROADWAY, SF_TOP, SF_RULE, SF_VIA = 15, 16, 17, 18
SF_SIZE = 19


@nb.njit(cache=True)
def straight_or_flush_possible(h: I32, joker: int, suits: I32) -> bool:
    """Exact pre-test: can five of the cards (``h``, highest first, the joker first when
    ``joker``) make a straight or flush?"""
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


@nb.njit(cache=True, inline="always")
def _better(sf: I64, g: int, k: int, front: int, back: int) -> None:
    """Keep split ``k`` as filter ``g``'s best if its front, then its back, is better."""
    if front > sf[SF_FRONT + g] or (front == sf[SF_FRONT + g] and back > sf[SF_BACK + g]):
        sf[SF_SPLIT + g] = k
        sf[SF_FRONT + g] = front
        sf[SF_BACK + g] = back


@nb.njit(cache=True)
def sf_scan(h: I32, joker: int, t5: I32, t2: I32, top: int, single: int, sf: I64) -> None:
    """Every setting with a straight or better behind: for each filter (0 any, 1 a
    straight, 2 a flush, 3 a straight or royal flush, 4 any with the card at position
    ``single`` in front) the split with the best front, then the best back, then the first
    (``sf[SF_SPLIT + f]``, -1 if none; its front and back keys); ``sf[SF_BROADWAY]`` 1 when
    every such back is an ace-high straight (no flush) holding the joker and the hand has a
    natural ace (``top``: the ace-high straight's tie-break value under the wheel rule);
    ``sf[SF_TOP]`` the highest category behind."""
    for f in range(N_FILTERS):
        sf[SF_SPLIT + f] = -1
        sf[SF_FRONT + f] = -1
        sf[SF_BACK + f] = -1
    all_broadway = 1
    top_cat = -1
    nat_ace = 0
    for i in range(joker, 7):
        if h[i] >> 2 == ACE:
            nat_ace = 1
    k = 0
    for x in range(7):
        for y in range(x + 1, 7):
            kp = KEEP[k]
            back = t5[index5_of(h[kp[4]], h[kp[3]], h[kp[2]], h[kp[1]], h[kp[0]], BINOM)]
            cat = back >> 20
            f = FILTER_OF[cat]
            if f > 0:
                if not (cat == 4 and ((back >> 16) & 15) == top and joker == 1
                        and x != 0 and y != 0):
                    all_broadway = 0
                if cat > top_cat:
                    top_cat = cat
                a = h[y]
                b = h[x]
                front = t2[a + b * (b - 1) // 2]
                _better(sf, 0, k, front, back)
                _better(sf, f, k, front, back)
                if x == single or y == single:
                    _better(sf, 4, k, front, back)
            k += 1
    sf[SF_BROADWAY] = all_broadway if (sf[SF_SPLIT] >= 0 and nat_ace == 1) else 0
    sf[SF_TOP] = top_cat


@nb.njit(cache=True, inline="always")
def read_hand(
    cards: I32, h: I32, nat: I32, first: I32, cnt: I32, n_of: I32, by: I32, wild: bool,
) -> tuple[int, int]:
    """Read seven cards into the scratch arrays of :func:`_scratch`: ``h`` the cards
    highest first (the joker, 52, first); per rank ``nat`` its natural cards, ``first``
    the position of its first, ``cnt`` its count with the joker; ``n_of`` the number of
    groups of each size and ``by`` (6 x 7) their ranks, highest first. Returns whether the
    hand holds the joker and its hand type (section index). (The scratch arrays are made
    once per thread of work and passed down: a view made per hand costs a reference count
    update each, which showed as a third of the kernel's time.)"""
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
                if nat[r] >= most:  # ascending, so the highest of the largest wins
                    most = nat[r]
                    jr = r
        else:
            jr = ACE
    cnt[:] = nat
    if jr >= 0:
        cnt[jr] += 1
    n_of[:] = 0
    for r in range(12, -1, -1):
        s = cnt[r]
        if s > 0:
            by[s, n_of[s]] = r
            n_of[s] += 1
    return joker, int(TYPE[n_of[5], n_of[4], n_of[3], n_of[2], n_of[1]])


@nb.njit(cache=True)
def house_one(
    h: I32, nat: I32, first: I32, n_of: I32, by: I32, suits: I32, joker: int, t5: I32,
    t2: I32, top: int, sf: I64,
) -> int:
    """The built-in house way's split of a hand read by :func:`read_hand` (the numbers
    are the rules of ``docs/poker-house-way.md``)."""

    # the m-th card of the group of rank r (0.3: naturals first, the joker last)
    def pos(r: int, m: int) -> int:
        if m < nat[r]:
            return int(first[r]) + m
        return 0

    def single(m: int) -> int:
        return pos(by[1, m], 0)

    n2, n3, n4, n5 = n_of[2], n_of[3], n_of[4], n_of[5]

    # 6.1: straights and flushes, for no pair, one pair, three of a kind
    if n4 == 0 and n5 == 0 and n2 + n3 <= 1 and straight_or_flush_possible(h, joker, suits):
        sf_scan(h, joker, t5, t2, top, -1, sf)
        if sf[SF_SPLIT] >= 0:
            return int(sf[SF_SPLIT])

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
        elif by[3, 0] == ACE:  # 5.2: split three aces
            p, q = pos(ACE, 0), single(0)
        else:  # 5.1
            p, q = single(0), single(1)
    elif n2 == 3:  # 4.1
        p, q = pos(by[2, 0], 0), pos(by[2, 0], 1)
    elif n2 == 2:
        if by[2, 0] >= SIX or by[1, 0] != ACE:  # 3.2 / 3.4: split
            p, q = pos(by[2, 1], 0), pos(by[2, 1], 1)
        else:  # 3.3: two pair behind, the ace in front
            p, q = single(0), single(1)
    elif n2 == 1:  # 2.1
        p, q = single(0), single(1)
    else:  # 1.1
        p, q = single(1), single(2)
    return int(SPLIT_OF[p, q])


@nb.njit(cache=True, inline="always")
def _holds(mask: I64, rr: int, feat: I64) -> bool:
    """Whether every condition of rule ``rr`` holds for the hand's features: ``mask[rr]``
    is the number of conditions, then per condition a feature and a two-word bit mask of
    the values (0..126) it allows."""
    for k in range(mask[rr, 0]):
        v = feat[mask[rr, 1 + 3 * k]]
        if not (mask[rr, 2 + 3 * k + (v >> 6)] >> (v & 63)) & 1:
            return False
    return True


@nb.njit(cache=True, inline="always")
def _front(kind: int, a: int, b: int, nat: I32, first: I32, by: I32, feat: I64) -> int:
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
def front_class_of_key(key2: int) -> int:
    """The class 0..90 of a two-card key, in the two-card order: high cards by their
    higher then lower rank (0 = 3-2 … 77 = A-K), then the pairs (78 = 2-2 … 90 = A-A)."""
    if key2 >> 20 == 1:
        return 78 + ((key2 >> 16) & 15) - PACK
    hh = ((key2 >> 16) & 15) - PACK
    return hh * (hh - 1) // 2 + ((key2 >> 12) & 15) - PACK


@nb.njit(cache=True, inline="always")
def _group_features(n_of: I32, by: I32, joker: int, hand_type: int, feat: I64) -> None:
    """The hand-type features of :data:`paigow.poker.ways.spec.FEATURES` (0..12)."""
    n1, n2, n3, n4, n5 = n_of[1], n_of[2], n_of[3], n_of[4], n_of[5]
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
    for m in range(3, 5):  # fourth_single, fifth_single
        if n1 > m:
            feat[20 + m] = by[1, m]
    feat[10] = joker
    feat[12] = hand_type


@nb.njit(cache=True, inline="always")
def _sf_features(sf: I64, feat: I64) -> None:
    """The straights-and-flushes features (13..21) from a done :func:`sf_scan`."""
    feat[13] = sf[SF_BROADWAY]
    feat[14] = 1 if (sf[SF_FRONT] >> 20) == 1 else 0
    feat[15] = 0
    feat[16] = BACK_OF[sf[SF_BACK] >> 20]
    feat[17] = BACK_OF[sf[SF_TOP]]
    feat[18] = 1 if sf[SF_SPLIT + 1] >= 0 else 0
    feat[19] = 1 if sf[SF_SPLIT + 2] >= 0 else 0
    feat[20] = front_class_of_key(sf[SF_FRONT])
    feat[21] = 1 if sf[SF_SPLIT + 4] >= 0 else 0


@nb.njit(cache=True, inline="always")
def _clear_sf_features(feat: I64) -> None:
    for i in range(13, 22):
        feat[i] = 0


@nb.njit(cache=True, inline="always")
def file_one(
    h: I32, nat: I32, first: I32, n_of: I32, by: I32, suits: I32, joker: int,
    hand_type: int, meta: I64, mask: I64, act: I64, start: I64, count: I64, t5: I32,
    t2: I32, feat: I64, sf: I64,
) -> int:
    """A compiled way file's split of a hand read by :func:`read_hand`; the deciding
    rule's index goes to ``sf[SF_RULE]`` (-1 if none) and that of the
    straights-and-flushes rule that sent the hand to its own section to ``sf[SF_VIA]``.

    A way with an ``otherwise`` way is ``meta[5]`` layers of 13 sections each (``start``
    and ``count`` per layer, the straights-and-flushes hand types of layer ``l`` in
    ``meta[6 + l]``): a hand no rule of a layer sets is offered to the next, whole; but
    a hand a ``by hand type`` rule sent on is offered to the later layers' hand-type
    sections only (it is set without its straight or flush)."""
    top = meta[2]
    use_sf = meta[3]
    layers = meta[5] if meta[5] > 0 else 1
    _group_features(n_of, by, joker, hand_type, feat)
    single = -1  # the position of the highest single card (the joker's, 0, when it is)
    if n_of[1] > 0:
        single = first[by[1, 0]] if nat[by[1, 0]] > 0 else 0
    scanned = 0  # 1: sf holds the scan with a straight or better; -1: none can be set
    if (meta[4] >> 21) & 1:  # the way asks straight_or_flush (feature 22) of every hand
        scanned = -1
        if straight_or_flush_possible(h, joker, suits):
            sf_scan(h, joker, t5, t2, top, single, sf)
            if sf[SF_SPLIT] >= 0:
                scanned = 1
        feat[22] = 1 if scanned == 1 else 0
    sf[SF_VIA] = -1
    by_type = False  # a "by hand type" rule sent the hand on: no layer plays its straight
    for layer in range(layers):
        base = layer * 13
        sf_hands = meta[6 + layer] if meta[5] > 0 else meta[4]
        _clear_sf_features(feat)
        chosen = -1
        # the straights-and-flushes section first, when a straight or flush can be set
        if use_sf and not by_type and count[base + 12] > 0 and (sf_hands >> hand_type) & 1:
            if scanned == 0:
                scanned = -1
                if straight_or_flush_possible(h, joker, suits):
                    sf_scan(h, joker, t5, t2, top, single, sf)
                    if sf[SF_SPLIT] >= 0:
                        scanned = 1
        else:
            sf_hands = 0
        if sf_hands != 0 and scanned == 1:
            _sf_features(sf, feat)
            if (sf_hands >> 20) & 1:  # the way compares fronts: play by hand type, compare
                s1 = start[base + hand_type]
                for rr in range(s1, s1 + count[base + hand_type]):
                    if _holds(mask, rr, feat):
                        if act[rr, 0] <= 2:
                            pq = _front(act[rr, 0], act[rr, 1], act[rr, 2], nat, first, by,
                                        feat)
                            x = h[pq // 8]
                            y = h[pq % 8]
                            lo, hi = (x, y) if x < y else (y, x)
                            if t2[lo + hi * (hi - 1) // 2] > sf[SF_FRONT]:
                                feat[15] = 1
                        break
            s0 = start[base + 12]
            for rr in range(s0, s0 + count[base + 12]):
                if _holds(mask, rr, feat):
                    chosen = rr
                    break
            if chosen >= 0 and act[chosen, 0] == 3:
                sf[SF_RULE] = chosen
                return int(sf[SF_SPLIT + act[chosen, 1]])
            if chosen >= 0 and act[chosen, 0] == 4:
                sf[SF_VIA] = chosen  # by hand type: on to the hand's own section
                by_type = True
                chosen = -1
        _clear_sf_features(feat)
        if chosen < 0:
            s0 = start[base + hand_type]
            for rr in range(s0, s0 + count[base + hand_type]):
                if _holds(mask, rr, feat):
                    chosen = rr
                    break
        if chosen < 0:
            continue  # no rule of this layer: the next layer (the otherwise way) sets it
        sf[SF_RULE] = chosen
        kind = act[chosen, 0]
        if kind == 3:  # a straight or flush named in a hand-type section
            if straight_or_flush_possible(h, joker, suits):
                sf_scan(h, joker, t5, t2, top, single, sf)
                return int(sf[SF_SPLIT + act[chosen, 1]])
            return -1
        pq = _front(kind, act[chosen, 1], act[chosen, 2], nat, first, by, feat)
        return int(SPLIT_OF[pq // 8, pq % 8])
    sf[SF_RULE] = -1
    sf[SF_VIA] = -1
    return -1


@nb.njit(cache=True, inline="always")
def set_one(
    cards: I32, h: I32, nat: I32, first: I32, cnt: I32, n_of: I32, by: I32, suits: I32,
    meta: I64, mask: I64, act: I64, start: I64, count: I64, t5: I32, t2: I32, feat: I64,
    sf: I64,
) -> int:
    """The split of seven ``cards`` by the way of kind ``meta[0]`` (the per-hand setter
    every enumerator calls); ``feat[12]`` is left holding the hand type."""
    joker, hand_type = read_hand(cards, h, nat, first, cnt, n_of, by, meta[1] == 1)
    if meta[0] == KIND_HOUSE:
        feat[12] = hand_type
        sf[SF_RULE] = -1
        sf[SF_VIA] = -1
        return house_one(h, nat, first, n_of, by, suits, joker, t5, t2, meta[2], sf)
    return file_one(h, nat, first, n_of, by, suits, joker, hand_type, meta, mask, act,
                    start, count, t5, t2, feat, sf)


@nb.njit(cache=True)
def _scratch() -> tuple[I32, I32, I32, I32, I32, I32, I32, I64, I64]:
    """One thread's scratch: the arrays :func:`read_hand` fills, the features, the
    straights-and-flushes results."""
    return (np.empty(7, np.int32), np.empty(13, np.int32), np.empty(13, np.int32),
            np.empty(13, np.int32), np.empty(6, np.int32), np.empty((6, 7), np.int32),
            np.empty(4, np.int32), np.empty(32, np.int64), np.empty(SF_SIZE, np.int64))


# ------------------------------------------------------------------ the enumerators


@nb.njit(cache=True, parallel=True)
def _batch(
    hands: I32, meta: I64, mask: I64, act: I64, start: I64, count: I64, t5: I32, t2: I32,
    rules_out: I16,
) -> I8:
    """Each hand's split; with ``rules_out`` of shape ``(n, 2)`` also the deciding rule
    and the straights-and-flushes rule that sent it on (a ``(0, 2)`` array: not wanted)."""
    n = hands.shape[0]
    out = np.empty(n, np.int8)
    want = rules_out.shape[0] == n
    size = 4096
    for chunk in nb.prange((n + size - 1) // size):
        h, nat, first, cnt, n_of, by, suits, feat, sf = _scratch()
        for i in range(chunk * size, min(n, (chunk + 1) * size)):
            out[i] = set_one(hands[i], h, nat, first, cnt, n_of, by, suits, meta, mask, act,
                             start, count, t5, t2, feat, sf)
            if want:
                rules_out[i, 0] = sf[SF_RULE]
                rules_out[i, 1] = sf[SF_VIA]
    return out


@nb.njit(cache=True, parallel=True)
def _all_top(
    tops: I64, meta_a: I64, mask_a: I64, act_a: I64, start_a: I64, count_a: I64,
    meta_b: I64, mask_b: I64, act_b: I64, start_b: I64, count_b: I64, t5: I32, t2: I32,
    out: I8, acc: I64,
) -> None:
    """Every hand whose highest card is in ``tops``, set by way A: its split goes to
    ``out[index7(hand)]``; or, when ``acc`` is not empty, the hand is set by way B too and
    counted in ``acc[t, hand type, rule of A + 1, rule of B + 1, agree]`` (-1, no rule or
    the built-in code, counts at 0)."""
    diff = acc.shape[0] > 0
    for t in nb.prange(tops.shape[0]):
        g = tops[t]
        hand = np.empty(7, np.int32)
        h, nat, first, cnt, n_of, by, suits, feat, sf = _scratch()
        hand[6] = g
        base = BINOM[g, 7]
        for f in range(5, g):
            hand[5] = f
            bf = base + BINOM[f, 6]
            for e in range(4, f):
                hand[4] = e
                be = bf + BINOM[e, 5]
                for d in range(3, e):
                    hand[3] = d
                    bd = be + BINOM[d, 4]
                    for c in range(2, d):
                        hand[2] = c
                        bc = bd + BINOM[c, 3]
                        for b in range(1, c):
                            hand[1] = b
                            bb = bc + BINOM[b, 2]
                            for a in range(b):
                                hand[0] = a
                                sa = set_one(hand, h, nat, first, cnt, n_of, by, suits,
                                             meta_a, mask_a, act_a, start_a, count_a, t5,
                                             t2, feat, sf)
                                if not diff:
                                    out[bb + a] = sa
                                    continue
                                ra = sf[SF_RULE]
                                ht = feat[12]
                                sb = set_one(hand, h, nat, first, cnt, n_of, by, suits,
                                             meta_b, mask_b, act_b, start_b, count_b, t5,
                                             t2, feat, sf)
                                acc[t, ht, ra + 1, sf[SF_RULE] + 1, 1 if sa == sb else 0] += 1


# ----------------------------------------------------------------- the Python side


@dataclass(frozen=True)
class WayArrays:
    """A way as the enumerators take it: ``meta`` = (kind, wild joker, the ace-high
    straight's tie-break value, use the straights-and-flushes section, the hand types that
    section has rules for); for a way file its compiled rules."""

    meta: I64
    mask: I64
    act: I64
    start: I64
    count: I64
    rules: PokerRules

    def args(self) -> tuple[I64, I64, I64, I64, I64]:
        """The five arrays, in the enumerators' argument order."""
        return self.meta, self.mask, self.act, self.start, self.count

    def tables(self) -> tuple[I32, I32]:
        """The five- and two-card key tables of the way's ranking rules."""
        return table5(self.rules), table2(self.rules)


def _meta(kind: int, rules: PokerRules, use_sf: bool = True, sf_hands: int = 0,
          layer_sf_hands: tuple[int, ...] = ()) -> I64:
    top = straight_key(Rank.ACE, rules.wheel == "second")  # A-K-Q-J-T in the 5-card key
    layers = len(layer_sf_hands) if len(layer_sf_hands) > 1 else 0
    extra = list(layer_sf_hands) if layers else []
    return np.array([kind, int(rules.joker == "wild"), top, int(use_sf), sf_hands, layers,
                     *extra], dtype=np.int64)


_NONE = np.zeros((1, 1), dtype=np.int64)
_NONE1 = np.zeros(13, dtype=np.int64)


def house_arrays(rules: PokerRules | None = None) -> WayArrays:
    """The built-in house way (:func:`house_one`) as a :class:`WayArrays`."""
    r = rules or DEFAULT_RULES
    return WayArrays(_meta(KIND_HOUSE, r), _NONE, _NONE, _NONE1, _NONE1, r)


def file_arrays(
    mask: I64, act: I64, start: I64, count: I64, sf_hands: int,
    rules: PokerRules | None = None, use_sf: bool = True,
    layer_sf_hands: tuple[int, ...] = (),
) -> WayArrays:
    """A compiled way file's arrays (:class:`paigow.poker.ways.spec.CompiledWay`) as a
    :class:`WayArrays`; ``use_sf=False`` skips its straights-and-flushes sections;
    ``layer_sf_hands`` (one entry a layer) for a way with an ``otherwise`` way."""
    r = rules or DEFAULT_RULES
    return WayArrays(_meta(KIND_FILE, r, use_sf, sf_hands, layer_sf_hands), mask, act, start,
                     count, r)


_NO_RULES = np.empty((0, 2), np.int16)
_NO_COUNTS = np.zeros((0, 1, 1, 1, 2), np.int64)
_NO_SPLITS = np.empty(0, np.int8)


def splits(way: WayArrays, hands: I32) -> I8:
    """The split of each hand of an ``(n, 7)`` array of card ints (contiguous int32 rows
    of seven distinct cards, any order within a row)."""
    out: I8 = _batch(np.ascontiguousarray(hands, dtype=np.int32), *way.args(), *way.tables(),
                     _NO_RULES)
    return out


def splits_and_rules(way: WayArrays, hands: I32) -> tuple[I8, I16]:
    """:func:`splits` and, per hand, the index of the rule that decided it and of the
    straights-and-flushes rule that sent it to its hand type's rules (-1 if none)."""
    arr = np.ascontiguousarray(hands, dtype=np.int32)
    rules_out = np.empty((len(arr), 2), np.int16)
    out: I8 = _batch(arr, *way.args(), *way.tables(), rules_out)
    return out, rules_out


def top_chunks(max_work: int = 4_000_000) -> Iterator[tuple[I64, int]]:
    """The enumeration of all seven-card hands cut into chunks by their highest card
    (highest first) of roughly equal work: each chunk's highest cards and its number of
    hands.

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


Chunks = Callable[[], Iterator[tuple[I64, int]]]


def all_splits(
    way: WayArrays, on_progress: Callable[[int, int], None] | None = None,
    chunks: Chunks = top_chunks,
) -> I8:
    """The split of all C(53,7) = 154,143,080 hands, indexed by the combinatorial number
    of the hand (cards ascending ``c0 < … < c6``: ``C(c0,1) + … + C(c6,7)``);
    ``on_progress(done, total)`` between chunks (hands by their highest card), so a caller
    can show progress or be interrupted between chunks."""
    out = np.empty(N7, np.int8)
    t5, t2 = way.tables()
    done = 0
    for chunk, work in chunks():
        _all_top(chunk, *way.args(), *way.args(), t5, t2, out, _NO_COUNTS)
        done += work
        if on_progress is not None:
            on_progress(done, N7)
    return out


def diff_all(
    a: WayArrays, b: WayArrays, n_rules_a: int, n_rules_b: int,
    on_progress: Callable[[int, int], None] | None = None, chunks: Chunks = top_chunks,
) -> I64:
    """Agreement of two ways over all C(53,7) hands: ``counts[hand type, rule of A + 1,
    rule of B + 1, agree]`` (0 where no rule applied). The counts sum to C(53,7)."""
    if a.rules.variant != b.rules.variant:
        raise ValueError("two ways compared hand by hand must read the same ranking rules")
    t5, t2 = a.tables()
    total = np.zeros((12, n_rules_a + 1, n_rules_b + 1, 2), np.int64)
    done = 0
    for chunk, work in chunks():
        acc = np.zeros((len(chunk), 12, n_rules_a + 1, n_rules_b + 1, 2), np.int64)
        _all_top(chunk, *a.args(), *b.args(), t5, t2, _NO_SPLITS, acc)
        total += acc.sum(axis=0)
        done += work
        if on_progress is not None:
            on_progress(done, N7)
    return total


__all__ = [
    "N7",
    "WayArrays",
    "all_splits",
    "diff_all",
    "file_arrays",
    "front_class_of_key",
    "house_arrays",
    "splits",
    "splits_and_rules",
    "top_chunks",
]
