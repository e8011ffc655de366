"""A way file's numba interpreter: the split of many seven-card hands under a compiled
way (:class:`paigow.poker.ways.spec.CompiledWay`).

The per-hand code is :func:`paigow.poker.ways.kernel.file_one`: it reads each hand as the
built-in house way's code does (the cards highest first, rank groups, the joker's rank by
rules 0.1/0.2, equal ranks naturals first), computes the hand's features (the ranks of
its pairs, trips, quads and side cards, the joker, the pair sum, the hand type, and in the
straights-and-flushes section what can be set behind and the front of the best such
setting), then walks the rules of the straights-and-flushes section (when a straight or
flush can be set behind) and of the hand's own section, and plays the first rule whose
conditions hold. A condition is a feature and a bit mask of the values it allows: it
holds when the bit of the hand's value is set. It runs in the enumerators of
:mod:`paigow.poker.ways.kernel`, shared with the built-in house way's code.

The Python interpreter (:class:`paigow.poker.ways.file_way.FileWay`) reads the same file
the plain way; the tests prove the two equal, and the seeds' way file equal to the built-in
kernel on every one of the 154,143,080 hands.

A returned split is the index 0..20 in :func:`paigow.poker.setting.settings` order, or
-1 when no rule of the hand's section applies (the load check reports that).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from paigow.poker.rules import PokerRules
from paigow.poker.ways import kernel
from paigow.poker.ways.house_fast import _check
from paigow.poker.ways.kernel import N7, top_chunks
from paigow.poker.ways.spec import CompiledWay

Int8Array = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]

__all__ = ["N7", "file_all", "file_diff_all", "file_splits", "file_splits_and_rules",
           "file_splits_unchecked", "way_arrays"]


def way_arrays(
    way: CompiledWay, rules: PokerRules | None = None, use_sf: bool = True
) -> kernel.WayArrays:
    """A compiled way as the shared enumerators take it."""
    return kernel.file_arrays(way.mask, way.action, way.start, way.count, way.sf_hands,
                              rules, use_sf, way.layer_sf_hands)


def file_splits_and_rules(
    way: CompiledWay, hands: I32, rules: PokerRules | None = None, use_sf: bool = True,
) -> tuple[Int8Array, npt.NDArray[np.int16]]:
    """Each hand's split and, per hand, the index (in ``way.rules``) of the rule that
    decided it (-1 where none applies) and of the straights-and-flushes rule that sent it
    to its hand type's rules (-1 if none); hands as for :func:`file_splits_unchecked`."""
    return kernel.splits_and_rules(way_arrays(way, rules, use_sf), hands)


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
    return kernel.splits(way_arrays(way, rules, use_sf), hands)


def file_all(
    way: CompiledWay, rules: PokerRules | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> Int8Array:
    """The compiled way's split of all C(53,7) hands, indexed as
    :func:`paigow.poker.ways.house_fast.house_all` (combinatorial number of the hand);
    ``on_progress(done, total)`` between chunks."""
    return kernel.all_splits(way_arrays(way, rules), on_progress, top_chunks)


def file_diff_all(
    a: CompiledWay, b: CompiledWay, rules: PokerRules | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> I64:
    """Agreement of two compiled ways over all C(53,7) hands:
    ``counts[hand type, rule of A + 1, rule of B + 1, agree]`` (rule indices in
    ``a.rules`` / ``b.rules``; 0 where no rule applied). The counts sum to C(53,7)."""
    return kernel.diff_all(way_arrays(a, rules), way_arrays(b, rules), len(a.rules),
                           len(b.rules), on_progress, top_chunks)
