"""Fast batch evaluation: numba kernels and lookup tables over every five- and two-card hand.

The keys are the same as the reference evaluator's (:mod:`paigow.poker.rank`), so a fast
key and a reference :class:`~paigow.poker.rank.HandRank` compare directly; the test suite
proves the two equal on every hand under every rule variant.

Design
------
* A five-card hand (cards sorted ascending, ``c0 < c1 < … < c4`` in 0..52) has the index
  ``C(c0,1) + C(c1,2) + C(c2,3) + C(c3,4) + C(c4,5)`` (the combinatorial number system),
  a dense index 0 … C(53,5)-1 = 2,869,684. :func:`table5` holds the key of every hand for
  one ranking variant (joker × wheel), built by a numba kernel on first use (about a
  second) and kept in memory. Two-card hands get the same treatment (:func:`table2`).
* The kernel evaluates a natural hand from rank counts and a 13-bit rank mask; a hand
  holding the joker is the best of the values the joker may take (as a bug, an ace or
  any card completing a straight or flush; wild, any rank or card).
* :func:`best5_of7` finds the best five-card hand of many seven-card hands: 21 table
  look-ups each, in parallel over the batch.

>>> import numpy as np
>>> from paigow.poker.cards import parse_cards
>>> from paigow.poker.rank import rank5
>>> hand = parse_cards("As Ks Qs Js Jk")
>>> int(rank5_batch(np.array([hand]))[0]) == rank5(hand).key
True
"""

from __future__ import annotations

from math import comb

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow import _compiling  # noqa: F401  (says so when a kernel compiles)
from paigow.errors import CardError
from paigow.poker.rank import (
    ACE_KEY,
    BROADWAY_SECOND,
    PACK,
    WHEEL_LOWEST,
    WHEEL_SECOND,
    straight_key,
)
from paigow.poker.rules import DEFAULT_RULES, PokerRules

Int32Array = npt.NDArray[np.int32]
IntArray = npt.NDArray[np.integer]

N5 = comb(53, 5)
N2 = comb(53, 2)

# BINOM[n, k] = C(n, k) for n < 54, k < 8
BINOM = np.array([[comb(n, k) for k in range(8)] for n in range(54)], dtype=np.int64)

_CACHE5: dict[int, Int32Array] = {}
_CACHE2: dict[int, Int32Array] = {}


@nb.njit(cache=True)
def _straight_top(mask: int) -> int:
    """Rank index of the top of the straight in a 13-bit rank mask of five ranks, -1 if
    none, 3 for the wheel (A-2-3-4-5)."""
    if mask == 0x100F:
        return 3
    low = 0
    while not (mask >> low) & 1:
        low += 1
    if mask == (0x1F << low):
        return low + 4
    return -1


@nb.njit(cache=True)
def _key_from_counts(cnt: Int32Array, flush: bool, wheel_second: bool) -> int:
    """Key of five cards given by their rank counts (a count may be 5 when the joker
    duplicates a rank) and whether they are one suit."""
    mask = 0
    distinct = 0
    maxc = 0
    for r in range(13):
        if cnt[r] > 0:
            mask |= 1 << r
            distinct += 1
            if cnt[r] > maxc:
                maxc = cnt[r]
    if distinct == 1:
        for r in range(13):
            if cnt[r] == 5:
                if r == 12:
                    return 11 << 20
                return (10 << 20) | ((r + PACK) << 16)
    if distinct == 5:
        top = _straight_top(mask)
        sval = 0
        if top >= 0:
            if top == 3:  # the wheel
                sval = WHEEL_SECOND if wheel_second else WHEEL_LOWEST
            elif top == 12:
                sval = BROADWAY_SECOND if wheel_second else ACE_KEY
            else:
                sval = top + PACK
        if flush and top == 12:
            return 9 << 20
        if flush and top >= 0:
            return (8 << 20) | (sval << 16)
        if top >= 0 and not flush:
            return (4 << 20) | (sval << 16)
        cat = 5 if flush else 0
        key = cat
        for r in range(12, -1, -1):
            if (mask >> r) & 1:
                key = (key << 4) | (r + PACK)
        return key
    # paired shapes: read ranks by count, then by rank, highest first
    if maxc == 4:
        cat = 7
    elif maxc == 3:
        cat = 6 if distinct == 2 else 3
    elif distinct == 3:
        cat = 2
    else:
        cat = 1
    key = cat
    n = 0
    for c in range(4, 0, -1):
        for r in range(12, -1, -1):
            if cnt[r] == c:
                key = (key << 4) | (r + PACK)
                n += 1
    while n < 5:
        key <<= 4
        n += 1
    return key


@nb.njit(cache=True)
def _eval5(hand: Int32Array, wild: bool, wheel_second: bool) -> int:
    """Key of five distinct cards (any order; 52 is the joker)."""
    cnt = np.zeros(13, np.int32)
    suit = -1
    suited = True
    joker = False
    mask = 0
    for i in range(5):
        c = hand[i]
        if c == 52:
            joker = True
            continue
        r = c >> 2
        s = c & 3
        cnt[r] += 1
        mask |= 1 << r
        if suit < 0:
            suit = s
        elif s != suit:
            suited = False
    if not joker:
        return _key_from_counts(cnt, suited, wheel_second)
    # the joker as a rank: bug, an ace or a card completing a straight; wild, any rank
    best = 0
    for r in range(13):
        cnt[r] += 1
        k = _key_from_counts(cnt, False, wheel_second)
        cnt[r] -= 1
        cat = k >> 20
        if (wild or r == 12 or cat == 4) and k > best:
            best = k
        # the joker as the missing card of the four naturals' suit: a flush
        if suited and not (mask >> r) & 1:
            cnt[r] += 1
            k = _key_from_counts(cnt, True, wheel_second)
            cnt[r] -= 1
            if k > best:
                best = k
    return best


@nb.njit(cache=True, inline="always")
def _index5(a: int, b: int, c: int, d: int, e: int, binom: npt.NDArray[np.int64]) -> int:
    return int(binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4] + binom[e, 5])


index5_of = _index5  # the index of five cards a < b < c < d < e, for other kernels


@nb.njit(cache=True, parallel=True)
def _build5(wild: bool, wheel_second: bool, binom: npt.NDArray[np.int64]) -> Int32Array:
    out = np.zeros(2869685, np.int32)
    for e in nb.prange(4, 53):
        hand = np.zeros(5, np.int32)
        hand[4] = e
        for d in range(3, e):
            hand[3] = d
            for c in range(2, d):
                hand[2] = c
                for b in range(1, c):
                    hand[1] = b
                    for a in range(b):
                        hand[0] = a
                        out[_index5(a, b, c, d, e, binom)] = _eval5(hand, wild, wheel_second)
    return out


@nb.njit(cache=True)
def _eval2(a: int, b: int, wild: bool) -> int:
    """Key of a two-card hand (a pair or high cards; the joker is 52)."""
    if b == 52:
        a, b = b, a
    if a == 52:
        rb = (b >> 2) + PACK
        ra = rb if wild else ACE_KEY
    else:
        ra = (a >> 2) + PACK
        rb = (b >> 2) + PACK
    if ra == rb:
        return (1 << 20) | (ra << 16)
    hi = max(ra, rb)
    lo = min(ra, rb)
    return (hi << 16) | (lo << 12)


@nb.njit(cache=True)
def _build2(wild: bool) -> Int32Array:
    out = np.zeros(1378, np.int32)
    for b in range(1, 53):
        for a in range(b):
            out[a + b * (b - 1) // 2] = _eval2(a, b, wild)
    return out


def table5(rules: PokerRules | None = None) -> Int32Array:
    """Keys of all C(53,5) five-card hands under ``rules``, by combinatorial index.

    >>> t = table5()
    >>> t.shape, t.dtype
    ((2869685,), dtype('int32'))
    """
    r = rules or DEFAULT_RULES
    v = r.variant
    if v not in _CACHE5:
        _CACHE5[v] = _build5(r.joker == "wild", r.wheel == "second", BINOM)
    return _CACHE5[v]


def table2(rules: PokerRules | None = None) -> Int32Array:
    """Keys of all C(53,2) two-card hands under ``rules``, index ``C(a,1) + C(b,2)``.

    >>> table2().shape
    (1378,)
    """
    r = rules or DEFAULT_RULES
    v = r.variant
    if v not in _CACHE2:
        _CACHE2[v] = _build2(r.joker == "wild")
    return _CACHE2[v]


def _as_hands(hands: IntArray | list[tuple[int, ...]], size: int) -> Int32Array:
    arr = np.ascontiguousarray(np.asarray(hands, dtype=np.int32))
    if arr.ndim != 2 or arr.shape[1] != size:
        raise CardError(f"expected an array of {size}-card hands, got shape {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 52):
        raise CardError("cards are the integers 0..52")
    srt = np.sort(arr, axis=1)
    if size > 1 and np.any(srt[:, 1:] == srt[:, :-1]):
        raise CardError("a hand holds the same card twice")
    return srt


def index5(hands: IntArray) -> npt.NDArray[np.int64]:
    """Combinatorial index of each five-card hand (rows of cards, any order).

    >>> int(index5(np.array([[0, 1, 2, 3, 4]]))[0]), int(index5(np.array([[48, 49, 50, 51, 52]]))[0])
    (0, 2869684)
    """
    h = _as_hands(hands, 5).astype(np.int64)
    return sum((BINOM[h[:, k], k + 1] for k in range(5)), start=np.zeros(len(h), np.int64))


def rank5_batch(hands: IntArray, rules: PokerRules | None = None) -> Int32Array:
    """Keys of many five-card hands (an ``(n, 5)`` array of cards)."""
    return table5(rules)[index5(hands)]


def rank2_batch(hands: IntArray, rules: PokerRules | None = None) -> Int32Array:
    """Keys of many two-card hands (an ``(n, 2)`` array of cards).

    >>> from paigow.poker.cards import parse_cards
    >>> int(rank2_batch(np.array([parse_cards("Jk Ad")]))[0]) == (1 << 20) | (ACE_KEY << 16)
    True
    """
    h = _as_hands(hands, 2).astype(np.int64)
    return table2(rules)[h[:, 0] + h[:, 1] * (h[:, 1] - 1) // 2]


# the 21 ways to keep five of seven sorted cards: positions of the five kept, the two
# left out running through the pairs of positions in lexicographic order (the order of
# paigow.poker.setting.settings when the cards are highest first)
KEEP = _KEEP = np.array(
    [[i for i in range(7) if i not in (x, y)] for x in range(7) for y in range(x + 1, 7)],
    dtype=np.int64,
)


@nb.njit(cache=True, parallel=True)
def _best5_of7(
    hands: Int32Array, table: Int32Array, keep: npt.NDArray[np.int64],
    binom: npt.NDArray[np.int64],
) -> Int32Array:
    n = hands.shape[0]
    out = np.empty(n, np.int32)
    for i in nb.prange(n):
        h = hands[i]
        best = 0
        for j in range(21):
            k = keep[j]
            idx = (
                binom[h[k[0]], 1] + binom[h[k[1]], 2] + binom[h[k[2]], 3]
                + binom[h[k[3]], 4] + binom[h[k[4]], 5]
            )
            v = table[idx]
            if v > best:
                best = v
        out[i] = best
    return out


def best5_of7_lookup(hands: IntArray, rules: PokerRules | None = None) -> Int32Array:
    """Key of the best five-card hand in each seven-card hand (an ``(n, 7)`` array), by
    21 look-ups in :func:`table5` (the slower, obviously-correct way, kept to check
    :func:`best5_of7`).

    >>> from paigow.poker.cards import parse_cards
    >>> from paigow.poker.rank import rank5
    >>> h = np.array([parse_cards("As Ks Qs Js 2c 2d Jk")])
    >>> int(best5_of7_lookup(h)[0]) == rank5("As Ks Qs Js Jk").key
    True
    """
    h = _as_hands(hands, 7)
    return _best5_of7(h, table5(rules), _KEEP, BINOM)


# --- direct seven-card evaluation from four 13-bit suit masks --------------------------
#
# Per mask of ranks (13 bits): POP (number of ranks), TOP5 (the five highest ranks packed
# as a high-card tie-break, each ``rank + PACK``), and the value of the best straight it holds
# naturally (STRAIGHT) or with one rank added by the joker (STRAIGHT_J), per wheel rule.

_WINDOWS = [(0x1F << low, low + 4) for low in range(9)] + [(0x100F, 3)]


def _mask_tables() -> dict[str, Int32Array]:
    n = 1 << 13
    pop = np.zeros(n, np.int32)
    top5 = np.zeros(n, np.int32)
    tabs = {name: np.zeros(n, np.int32) for name in ("s_second", "s_lowest", "j_second", "j_lowest")}
    for m in range(n):
        bits = [r for r in range(12, -1, -1) if (m >> r) & 1]
        pop[m] = len(bits)
        v = 0
        for i in range(5):
            v = (v << 4) | (bits[i] + PACK if i < len(bits) else 0)
        top5[m] = v
        for second, tag in ((True, "second"), (False, "lowest")):
            nat = 0
            jok = 0
            for w, top in _WINDOWS:
                strength = straight_key(top, second)
                have = bin(m & w).count("1")
                if have == 5:
                    nat = max(nat, strength)
                if have >= 4:
                    jok = max(jok, strength)
            tabs["s_" + tag][m] = nat
            tabs["j_" + tag][m] = jok
    return {"pop": pop, "top5": top5, **tabs}


_MT = _mask_tables()
POP, TOP5 = _MT["pop"], _MT["top5"]


def straight_tables(rules: PokerRules) -> tuple[Int32Array, Int32Array]:
    """(natural, with-joker) best-straight value per rank mask under the wheel rule."""
    tag = rules.wheel
    return _MT["s_" + tag], _MT["j_" + tag]


@nb.njit(cache=True, inline="always")
def _hib(m: int, top5: Int32Array) -> int:
    """Rank index of the highest bit of a non-empty 13-bit mask."""
    return int((top5[m] >> 16) - PACK)


@nb.njit(cache=True, inline="always")
def _from_groups(
    g2: int, g3: int, g4: int, r1: int, flushkey: int, sval: int, top5: Int32Array
) -> int:
    """Best key from rank masks of ranks held at least 2, 3, 4 times and at all (``r1``),
    given the best flush key and straight value available (0 for none)."""
    if g4:
        q = _hib(g4, top5)
        return int((7 << 20) | ((q + PACK) << 16) | ((top5[r1 & ~(1 << q)] >> 4) & 0xF000))
    if g3:
        t1 = _hib(g3, top5)
        rest = g2 & ~(1 << t1)
        if rest:
            return (6 << 20) | ((t1 + PACK) << 16) | ((_hib(rest, top5) + PACK) << 12)
    if flushkey:
        return flushkey
    if sval:
        return (4 << 20) | (sval << 16)
    if g3:
        t1 = _hib(g3, top5)
        return int((3 << 20) | ((t1 + PACK) << 16) | ((top5[r1 & ~(1 << t1)] >> 4) & 0xFF00))
    if g2:
        p1 = _hib(g2, top5)
        rest = g2 & ~(1 << p1)
        if rest:
            p2 = _hib(rest, top5)
            kick = (top5[r1 & ~(1 << p1) & ~(1 << p2)] >> 8) & 0xF00
            return int((2 << 20) | ((p1 + PACK) << 16) | ((p2 + PACK) << 12) | kick)
        return int((1 << 20) | ((p1 + PACK) << 16) | ((top5[r1 & ~(1 << p1)] >> 4) & 0xFFF0))
    return int(top5[r1])


@nb.njit(cache=True)
def eval7_masks(
    s0: int, s1: int, s2: int, s3: int, joker: bool, wild: bool,
    snat: Int32Array, sjok: Int32Array, top5: Int32Array, pop: Int32Array,
) -> int:
    """Key of the best five-card hand of seven cards given as four suit masks (plus the
    joker when ``joker``: then the masks hold six cards)."""
    rm = s0 | s1 | s2 | s3
    ge2 = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)
    ge3 = (s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3)
    ge4 = s0 & s1 & s2 & s3
    need = 4 if joker else 5
    fm = 0
    if pop[s0] >= need:
        fm = s0
    elif pop[s1] >= need:
        fm = s1
    elif pop[s2] >= need:
        fm = s2
    elif pop[s3] >= need:
        fm = s3
    if not joker:
        if fm:
            v = snat[fm]
            if v:
                if (fm & 0x1F00) == 0x1F00:
                    return 9 << 20
                return int((8 << 20) | (v << 16))
            return _from_groups(ge2, ge3, ge4, rm, (5 << 20) | top5[fm], snat[rm], top5)
        return _from_groups(ge2, ge3, ge4, rm, 0, snat[rm], top5)
    # the joker with six natural cards
    if ge4 and (wild or ge4 == 0x1000):
        if ge4 == 0x1000:
            return 11 << 20
        return (10 << 20) | ((_hib(ge4, top5) + PACK) << 16)
    flushkey = 0
    if fm:
        if pop[fm & 0x1F00] >= 4:
            return 9 << 20
        v = sjok[fm]
        if v:
            return int((8 << 20) | (v << 16))
        fill = _hib(0x1FFF & ~fm, top5)  # the highest rank the suit lacks
        flushkey = (5 << 20) | top5[fm | (1 << fill)]
    if wild:  # the joker joins the largest group (the highest card when no pair)
        if ge3:
            x = 1 << _hib(ge3, top5)
        elif ge2:
            x = 1 << _hib(ge2, top5)
        else:
            x = 1 << _hib(rm, top5)
    else:  # a bug: otherwise an ace
        x = 0x1000
    g4 = ge4 | (ge3 & x)
    g3 = ge3 | (ge2 & x)
    g2 = ge2 | (rm & x)
    return _from_groups(g2, g3, g4, rm | x, flushkey, sjok[rm], top5)


@nb.njit(cache=True, parallel=True)
def _best7_direct(
    hands: Int32Array, wild: bool, snat: Int32Array, sjok: Int32Array,
    top5: Int32Array, pop: Int32Array, cardbit: npt.NDArray[np.int64],
) -> Int32Array:
    """Best key of each row of seven cards; -1 for a row with a bad or repeated card."""
    n = hands.shape[0]
    out = np.empty(n, np.int32)
    for i in nb.prange(n):
        st = 0  # suit s's 13-bit rank mask at bit 16*s
        jokers = 0
        bad = False
        for j in range(7):
            c = hands[i, j]
            if c >= 52 or c < 0:
                if c == 52:
                    jokers += 1
                else:
                    bad = True
            else:
                st |= cardbit[c]
        s0 = st & 0x1FFF
        s1 = (st >> 16) & 0x1FFF
        s2 = (st >> 32) & 0x1FFF
        s3 = (st >> 48) & 0x1FFF
        if bad or jokers > 1 or pop[s0] + pop[s1] + pop[s2] + pop[s3] + jokers != 7:
            out[i] = -1
        else:
            out[i] = eval7_masks(s0, s1, s2, s3, jokers == 1, wild, snat, sjok, top5, pop)
    return out


CARDBIT = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)


def best5_of7(hands: IntArray, rules: PokerRules | None = None) -> Int32Array:
    """Key of the best five-card hand in each seven-card hand (an ``(n, 7)`` array of
    cards, any order), evaluated directly from suit masks in parallel.

    >>> from paigow.poker.cards import parse_cards
    >>> from paigow.poker.rank import rank5
    >>> h = np.array([parse_cards("As Ks Qs Js 2c 2d Jk"), parse_cards("Ah Ad Ac As Jk 2d 3d")])
    >>> [int(k) for k in best5_of7(h)] == [rank5("As Ks Qs Js Jk").key, rank5("Ah Ad Ac As Jk").key]
    True
    >>> best5_of7(np.array([[0, 0, 1, 2, 3, 4, 5]]))
    Traceback (most recent call last):
    ...
    paigow.errors.CardError: row 0 holds a card twice or a card outside 0..52
    """
    arr = np.ascontiguousarray(np.asarray(hands, dtype=np.int32))
    if arr.ndim != 2 or arr.shape[1] != 7:
        raise CardError(f"expected an array of 7-card hands, got shape {arr.shape}")
    r = rules or DEFAULT_RULES
    snat, sjok = straight_tables(r)
    out = _best7_direct(arr, r.joker == "wild", snat, sjok, TOP5, POP, CARDBIT)
    bad = np.flatnonzero(out < 0)
    if bad.size:
        raise CardError(f"row {int(bad[0])} holds a card twice or a card outside 0..52")
    return out
