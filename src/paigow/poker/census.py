"""Census of seven-card hands: how often each best five-card hand occurs.

Every C(53,7) = 154,143,080 seven-card hand is enumerated (nested loops in a numba kernel,
the four suit masks built up incrementally) and its best five-card hand is evaluated by
:func:`paigow.poker.fast.eval7_masks`. Counts are exact integers. Royal flushes are
counted apart from the other straight flushes, five aces apart from four of a kind (and,
with a wild joker, five of a kind of another rank apart from both); hands whose best
hand is only a high card are also counted by their highest card.

The work is cut into chunks by the two lowest cards, run in parallel, so a progress
callback can be called between chunks and Ctrl-C stops the run between two chunks.

>>> from paigow.poker.cards import parse_cards
>>> small = census(PokerRules(), deck=parse_cards("As Ks Qs Js Ts 9s 2c 2d"))
>>> small.total, small.by_category["royal flush"], small.by_category["straight flush"]
(8, 3, 1)
>>> small.by_category["flush"]
4
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb

import numba as nb
import numpy as np
import numpy.typing as npt

from paigow.errors import CardError
from paigow.poker.cards import RANKS, card_name
from paigow.poker.fast import POP, TOP5, eval7_masks, straight_tables
from paigow.poker.rank import Category
from paigow.poker.rules import DEFAULT_RULES, PokerRules

N_CAT = len(Category)
_WIDTH = N_CAT + 13  # category counts, then high-card hands by top rank index

# category labels, highest first, as the census reports them
CENSUS_ORDER = (
    Category.FIVE_ACES,
    Category.FIVE_OF_A_KIND,
    Category.ROYAL_FLUSH,
    Category.STRAIGHT_FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.TWO_PAIR,
    Category.PAIR,
    Category.HIGH_CARD,
)


@nb.njit(cache=True, parallel=True)
def _census_chunk(
    deck: npt.NDArray[np.int64], starts: npt.NDArray[np.int64], wild: bool,
    snat: npt.NDArray[np.int32], sjok: npt.NDArray[np.int32],
    top5: npt.NDArray[np.int32], pop: npt.NDArray[np.int32],
) -> npt.NDArray[np.int64]:
    n = deck.shape[0]
    m = starts.shape[0]
    out = np.zeros((m, 25), np.int64)
    bits = np.zeros(n, np.int64)  # each card as a bit of a 64-bit word: suit s at 16*s
    for i in range(n):
        c = deck[i]
        if c < 52:
            bits[i] = np.int64(1) << (16 * (c & 3) + (c >> 2))
    for p in nb.prange(m):
        i0 = starts[p, 0]
        i1 = starts[p, 1]
        st1 = bits[i0] | bits[i1]
        for i2 in range(i1 + 1, n - 4):
            st2 = st1 | bits[i2]
            for i3 in range(i2 + 1, n - 3):
                st3 = st2 | bits[i3]
                for i4 in range(i3 + 1, n - 2):
                    st4 = st3 | bits[i4]
                    for i5 in range(i4 + 1, n - 1):
                        st5 = st4 | bits[i5]
                        for i6 in range(i5 + 1, n):
                            st = st5 | bits[i6]
                            key = eval7_masks(
                                st & 0x1FFF, (st >> 16) & 0x1FFF, (st >> 32) & 0x1FFF,
                                (st >> 48) & 0x1FFF, deck[i6] == 52, wild,
                                snat, sjok, top5, pop,
                            )
                            cat = key >> 20
                            out[p, cat] += 1
                            if cat == 0:
                                out[p, 12 + ((key >> 16) & 15) - 2] += 1
    return out


@dataclass(frozen=True)
class Census:
    """Exact counts of seven-card hands by best five-card hand."""

    rules: PokerRules
    deck_size: int
    total: int
    by_category: dict[str, int] = field(hash=False)
    high_card_by_top: dict[str, int] = field(hash=False)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "rules": {"joker": self.rules.joker, "wheel": self.rules.wheel},
            "deck_size": self.deck_size,
            "total": self.total,
            "by_category": self.by_category,
            "high_card_by_top": self.high_card_by_top,
        }


def start_groups(n: int, target: int) -> list[tuple[npt.NDArray[np.int64], int]]:
    """The (lowest, second-lowest) deck positions of seven-card hands from ``n`` cards,
    grouped so each group covers about ``target`` hands, with each group's hand count."""
    groups: list[tuple[npt.NDArray[np.int64], int]] = []
    cur: list[tuple[int, int]] = []
    weight = 0
    for i0 in range(n - 6):
        for i1 in range(i0 + 1, n - 5):
            cur.append((i0, i1))
            weight += comb(n - 1 - i1, 5)
            if weight >= target:
                groups.append((np.array(cur, dtype=np.int64), weight))
                cur, weight = [], 0
    if cur:
        groups.append((np.array(cur, dtype=np.int64), weight))
    return groups


def census(
    rules: PokerRules | None = None,
    deck: Sequence[int] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    chunk_hands: int = 4_000_000,
) -> Census:
    """Count every seven-card hand of ``deck`` (default: the 53-card deck) by its best
    five-card hand under ``rules``.

    ``on_progress(done, total)`` is called after each chunk of about ``chunk_hands``
    hands. A ``KeyboardInterrupt`` stops the run between chunks.
    """
    r = rules or DEFAULT_RULES
    cards = sorted(range(53) if deck is None else deck)
    if len(set(cards)) != len(cards):
        raise CardError("the census deck holds a card twice")
    for c in cards:
        card_name(c)
    n = len(cards)
    total = comb(n, 7)
    counts = np.zeros(_WIDTH, np.int64)
    if n >= 7:
        arr = np.array(cards, dtype=np.int64)
        snat, sjok = straight_tables(r)
        done = 0
        for starts, weight in start_groups(n, chunk_hands):
            part = _census_chunk(arr, starts, r.joker == "wild", snat, sjok, TOP5, POP)
            counts += part.sum(axis=0)
            done += weight
            if on_progress is not None:
                on_progress(done, total)
    by_cat: dict[str, int] = {}
    for cat in CENSUS_ORDER:
        if cat is Category.FIVE_OF_A_KIND and r.joker != "wild":
            continue
        by_cat[cat.label] = int(counts[int(cat)])
    tops = {RANKS[i]: int(counts[N_CAT + i]) for i in range(12, -1, -1)}
    if sum(by_cat.values()) != total:  # pragma: no cover - a broken kernel, not bad input
        raise AssertionError("census counts do not add up to the number of hands")
    return Census(r, n, total, by_cat, tops)
