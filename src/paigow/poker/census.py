"""Census of seven-card hands: how often each best five-card hand occurs.

Every C(53,7) = 154,143,080 seven-card hand is enumerated (nested loops in a numba kernel,
the four suit masks built up incrementally) and its best five-card hand is evaluated by
:func:`paigow.poker.fast.eval7_masks`. Counts are exact integers. Royal flushes are
counted apart from the other straight flushes, five aces apart from four of a kind (and,
with a wild joker, five of a kind of another rank apart from both); hands whose best
hand is only a high card are also counted by their highest card.

The work is cut into chunks by the two lowest cards, run in parallel, so a progress
callback can be called between chunks and Ctrl-C stops the run between two chunks.

A census depends on nothing but the rules and the deck, so its result is kept in the
user's cache dir (``poker-census-<key>.json``, a few hundred bytes, keyed by the code of
the census and the evaluator, the rules and the deck): a second census reads it back and
imports no numba (:func:`census`, ``cache=``).

>>> from paigow.poker.cards import parse_cards
>>> small = census(PokerRules(), deck=parse_cards("As Ks Qs Js Ts 9s 2c 2d"))
>>> small.total, small.by_category["royal flush"], small.by_category["straight flush"]
(8, 3, 1)
>>> small.by_category["flush"]
4
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.typing as npt

from paigow.errors import CardError
from paigow.poker.cards import RANKS, card_name
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
    cache: bool = True,
) -> Census:
    """Count every seven-card hand of ``deck`` (default: the 53-card deck) by its best
    five-card hand under ``rules``.

    ``on_progress(done, total)`` is called after each chunk of about ``chunk_hands``
    hands. A ``KeyboardInterrupt`` stops the run between chunks. ``cache``: read the
    result an earlier process kept, and keep this one (see the module description).
    """
    r = rules or DEFAULT_RULES
    cards = sorted(range(53) if deck is None else deck)
    if len(set(cards)) != len(cards):
        raise CardError("the census deck holds a card twice")
    for c in cards:
        card_name(c)
    path = _cache_path(r, cards) if cache else None
    kept = _read_kept(path, r) if path is not None else None
    if kept is not None:
        return kept
    n = len(cards)
    total = comb(n, 7)
    counts = np.zeros(_WIDTH, np.int64)
    if n >= 7:
        from paigow.poker._census_kernel import POP, TOP5, _census_chunk, straight_tables

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
    result = Census(r, n, total, by_cat, tops)
    if path is not None:
        from paigow.tiles.ways._cache import save_atomically

        text = json.dumps(result.to_json(), sort_keys=True).encode()

        def write(fh: BinaryIO) -> None:
            fh.write(text)

        save_atomically(path, write)
    return result


def _cache_path(rules: PokerRules, cards: Sequence[int]) -> Path:
    """Where the census of ``cards`` under ``rules`` is kept between processes."""
    import platformdirs

    from paigow.analysis.poker_ways import module_hash

    code = module_hash("paigow.poker.census", "paigow.poker._census_kernel", "paigow.poker.fast",
                       "paigow.poker.rank", "paigow.poker.cards")
    spec = json.dumps([code, rules.joker, rules.wheel, list(cards)])
    key = hashlib.sha256(spec.encode()).hexdigest()[:20]
    return Path(platformdirs.user_cache_dir("paigow")) / f"poker-census-{key}.json"


def _read_kept(path: Path, rules: PokerRules) -> Census | None:
    """A census kept by an earlier process, or ``None``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Census(rules, int(data["deck_size"]), int(data["total"]),
                      {str(k): int(v) for k, v in data["by_category"].items()},
                      {str(k): int(v) for k, v in data["high_card_by_top"].items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
