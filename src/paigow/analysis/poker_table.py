"""The compact one-time opponent table of a dealer way: 26 MB where the plain one was 462 MB.

What exact advice, the Monte Carlo's table path and the dealer bets read is the dealer
way's setting of every seven-card hand as two dense rank ids ``(H, L)``
(:mod:`paigow.analysis.poker_kernels`). The plain table held three bytes for each of the
154,143,080 hands. This one holds them by the layout of :mod:`paigow.analysis.poker_layout`:

* one ``(H, L)`` for each of the 77,520 rank classes (what every hand of the class that
  cannot make a flush is set to);
* the ``(H, L)`` of each of the 6,416,124 hands that can make a flush, in the flush
  blocks, and each one's class number;
* an exception list for any other hand whose ``(H, L)`` differs from its class's (none for
  the shipped ways: it is there so that a way whose play depends on suits some other way
  is still stored exactly).

Counting the opponent hands of a hand (:meth:`CompactTable.counts`) needs no pass over
the hands: a rank class holds ``prod_r C(a_r, n_r)`` hands of the cards left (``a_r``
cards of symbol ``r`` left, ``n_r`` in the class), all counted at the class's ranks; the
flush hands of the cards left are then moved from their class's ranks to their own, and
so are the exceptions. That is a few hundred thousand numpy operations instead of a
53,524,680-hand loop, and it needs no numba.

The file (``poker-table-<way>-<code>-<key>.table`` in the cache dir) is a small JSON
header and the arrays, memory-mapped; it is written whole under a temporary name and
renamed, so an interrupted build leaves nothing behind.
"""

from __future__ import annotations

import json
import mmap
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from paigow.analysis import poker_layout as lay

U8 = npt.NDArray[np.uint8]
U16 = npt.NDArray[np.uint16]
I64 = npt.NDArray[np.int64]

MAGIC = b"PAIGOWT1"
FORMAT = "poker-compact-table-v1"
_ALIGN = 64
_CTAB = np.array([[comb(a, n) for n in range(8)] for a in range(5)], dtype=np.int64)


@dataclass(frozen=True)
class CompactTable:
    """A dealer way's ``(H, L)`` setting ranks of every hand of a deck, compactly.

    ``keys5``/``keys2``: the five- and two-card rank keys of the dense ids (the id is the
    place in these arrays). ``cls_*``: per rank class, its ``(H, L)``, its symbol counts
    and, for the push rules, the top rank (2..14) of its hands when they are a *pai gow*
    (no pair, straight or flush), else 0. ``flush_pair``: for each place of the flush
    blocks, 0 when the hand there is set as its class is, else the number of its *pair*:
    ``pair_h``/``pair_l`` its own ranks, ``pair_ch``/``pair_cl``/``pair_high`` its
    class's (116,211 pairs for the house way: counting a hand's flush opponents is then
    one look-up each and one ``bincount``). ``exc_*``: the exceptions, by colex index
    over the 53 cards."""

    n_hands: int
    deck: tuple[int, ...]
    keys5: npt.NDArray[np.int32]
    keys2: npt.NDArray[np.int32]
    cls_h: U16
    cls_l: U8
    cls_count: U8
    cls_high: U8
    flush_pair: npt.NDArray[np.uint32]
    pair_h: U16
    pair_l: U8
    pair_ch: U16
    pair_cl: U8
    pair_high: U8
    exc_x: npt.NDArray[np.uint32]
    exc_mask: npt.NDArray[np.uint64]
    exc_h: U16
    exc_l: U8
    exc_class: npt.NDArray[np.uint32]

    def __len__(self) -> int:
        return self.n_hands

    @property
    def nbytes(self) -> int:
        """The bytes its arrays hold."""
        return sum(int(getattr(self, f).nbytes) for f in _ARRAYS)

    # ------------------------------------------------------------------ lookup

    def lookup(self, hands: npt.ArrayLike) -> tuple[I64, I64]:
        """The ``(H, L)`` of each row of seven ascending cards (of the table's deck)."""
        h = np.asarray(hands, dtype=np.int64).reshape(-1, 7)
        m = lay.class_of(h)
        hh = self.cls_h[m].astype(np.int64)
        ll = self.cls_l[m].astype(np.int64)
        real, _ = lay.flush_places(h)
        f = real >= 0
        if f.any():
            pair = np.zeros(len(h), dtype=np.int64)
            pair[f] = self.flush_pair[real[f]]
            moved = pair > 0
            hh[moved] = self.pair_h[pair[moved]]
            ll[moved] = self.pair_l[pair[moved]]
        if len(self.exc_x):
            x = lay.colex(h)
            i = np.minimum(np.searchsorted(self.exc_x, x), len(self.exc_x) - 1)
            e = (self.exc_x[i] == x) & ~f
            hh[e] = self.exc_h[i[e]]
            ll[e] = self.exc_l[i[e]]
        return hh, ll

    # ------------------------------------------------------------------ counting

    def counts(
        self, removed: Sequence[int], hmap: npt.ArrayLike, lmap: npt.ArrayLike,
        n_a: int, n_b: int, pai_gow_high: int = 0,
    ) -> tuple[I64, int]:
        """The hands of the deck without the cards ``removed``, counted on the grid
        ``(hmap[H], lmap[L])`` of shape ``(n_a, n_b)``; with ``pai_gow_high`` (a rank
        2..14), the hands that are a pai gow of that top rank are counted apart (the
        second value) and not in the grid."""
        gone = np.ones(lay.N_CARDS, dtype=np.bool_)  # the cards not in the deck are gone
        gone[list(self.deck)] = False
        gone[list(removed)] = True
        hm = np.asarray(hmap, dtype=np.int64)
        lm = np.asarray(lmap, dtype=np.int64)
        kind_cell = n_a * n_b
        # rank classes: every hand of the cards left, at its class's ranks
        left = 4 - gone[:52].reshape(13, 4).sum(axis=1)
        avail = np.append(left, 0 if gone[lay.JOKER] else 1)
        hands = np.ones(lay.N_CLASS, dtype=np.int64)
        for r in range(lay.N_SYM):
            hands *= _CTAB[avail[r], self.cls_count[:, r]]
        cell = hm[self.cls_h] * n_b + lm[self.cls_l]
        if pai_gow_high:
            cell[self.cls_high == pai_gow_high] = kind_cell
        grid = np.bincount(cell, weights=hands, minlength=kind_cell + 1)
        # the flush hands of the cards left: from their class's ranks to their own,
        # counted by pair (a pair is an own (H, L) and a class's)
        n_pairs = len(self.pair_h)
        per_pair = np.zeros(n_pairs, dtype=np.int64)
        for i, (joker, k, b) in enumerate(lay.BLOCKS):
            if joker and gone[lay.JOKER]:
                continue
            n_ra, n_ob = lay.block_sizes((joker, k, b))
            ranks_of = lay.rank_subsets(k)
            others = lay.other_subsets(b)
            for s in range(4):
                gone_ranks = int(np.dot(gone[s:52:4], 1 << np.arange(13)))
                ia = np.flatnonzero((ranks_of & gone_ranks) == 0)
                if b:
                    ib = np.flatnonzero(~gone[lay.OTHER_CARD[s][others]].any(axis=1))
                else:
                    ib = np.zeros(1, dtype=np.int64)
                if not len(ia) or not len(ib):
                    continue
                start = lay.BLOCK_REAL[i] + s * n_ra * n_ob
                pairs = self.flush_pair[start:start + n_ra * n_ob].reshape(n_ra, n_ob)
                per_pair += np.bincount(pairs[np.ix_(ia, ib)].ravel(), minlength=n_pairs)
        per_pair[0] = 0  # set as their class: nothing moves
        own = hm[self.pair_h] * n_b + lm[self.pair_l]
        theirs = hm[self.pair_ch] * n_b + lm[self.pair_cl]
        if pai_gow_high:
            theirs[self.pair_high == pai_gow_high] = kind_cell
        grid += np.bincount(own, weights=per_pair, minlength=kind_cell + 1)
        grid -= np.bincount(theirs, weights=per_pair, minlength=kind_cell + 1)
        # the exceptions of the cards left, unless their class is of the push kind
        if len(self.exc_x):
            gone_mask = np.uint64(int(np.dot(gone.astype(np.uint64),
                                             np.uint64(1) << np.arange(53, dtype=np.uint64))))
            keep = (self.exc_mask & gone_mask) == 0
            ec = self.exc_class[keep]
            own = hm[self.exc_h[keep]] * n_b + lm[self.exc_l[keep]]
            theirs = cell[ec]
            mine = theirs != kind_cell
            grid += np.bincount(own[mine], minlength=kind_cell + 1)
            grid -= np.bincount(theirs[mine], minlength=kind_cell + 1)
        out = np.rint(grid).astype(np.int64)
        return out[:kind_cell].reshape(n_a, n_b), int(out[kind_cell])

    # ------------------------------------------------------------------ files

    def save(self, path: Path) -> None:
        """Write the table to ``path`` whole: under a temporary name, then renamed."""
        header: dict[str, object] = {"format": FORMAT, "n_hands": self.n_hands,
                                     "deck": list(self.deck), "arrays": []}
        arrays = [np.ascontiguousarray(getattr(self, f)) for f in _ARRAYS]
        offset = 0
        specs = []
        for name, a in zip(_ARRAYS, arrays, strict=True):
            specs.append({"name": name, "dtype": a.dtype.str, "shape": list(a.shape),
                          "offset": offset})
            offset += -(-a.nbytes // _ALIGN) * _ALIGN
        header["arrays"] = specs
        text = json.dumps(header).encode()
        start = -(-(len(MAGIC) + 8 + len(text)) // _ALIGN) * _ALIGN
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.part")
        try:
            with open(tmp, "wb") as fh:
                fh.write(MAGIC + len(text).to_bytes(8, "little") + text)
                fh.write(b"\0" * (start - fh.tell()))
                for spec, a in zip(specs, arrays, strict=True):
                    at = start + int(spec["offset"])  # type: ignore[call-overload]
                    fh.write(b"\0" * (at - fh.tell()))
                    fh.write(a.tobytes())
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)


_ARRAYS = ("keys5", "keys2", "cls_h", "cls_l", "cls_count", "cls_high", "flush_pair",
           "pair_h", "pair_l", "pair_ch", "pair_cl", "pair_high", "exc_x", "exc_mask",
           "exc_h", "exc_l", "exc_class")


def load(path: Path) -> CompactTable | None:
    """The table in ``path``, memory-mapped; ``None`` when it is missing or not one."""
    try:
        with open(path, "rb") as fh:
            if fh.read(len(MAGIC)) != MAGIC:
                return None
            size = int.from_bytes(fh.read(8), "little")
            header = json.loads(fh.read(size))
            buf = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    if header.get("format") != FORMAT:
        return None
    start = -(-(len(MAGIC) + 8 + size) // _ALIGN) * _ALIGN
    arrays = {}
    try:
        for spec in header["arrays"]:
            dtype = np.dtype(spec["dtype"])
            count = int(np.prod(spec["shape"], dtype=np.int64))
            arrays[spec["name"]] = np.frombuffer(
                buf, dtype=dtype, count=count, offset=start + spec["offset"]
            ).reshape(spec["shape"])
    except (KeyError, ValueError, TypeError):
        return None
    if set(arrays) != set(_ARRAYS):
        return None
    return CompactTable(int(header["n_hands"]), tuple(header["deck"]), **arrays)


def build(
    deck: Sequence[int],
    splits_of: Callable[[npt.NDArray[np.int32]], npt.NDArray[np.int8]],
    rid5: U16, rid2: U8, keys5: npt.NDArray[np.int32], keys2: npt.NDArray[np.int32],
    pai_gow_high: Callable[[npt.NDArray[np.int32]], U8],
    on_progress: Callable[[int, int], None] | None = None,
    check: Callable[[npt.NDArray[np.int32], npt.NDArray[np.int8]], None] | None = None,
    chunk: int = 1 << 21,
) -> CompactTable:
    """The table of every hand of ``deck`` (cards ascending) set by ``splits_of``
    (hands -> split index 0..20), ``chunk`` hands at a time in colex order (Ctrl-C stops
    between chunks and nothing is kept). ``check(hands, splits)`` may refuse a chunk."""
    from paigow.analysis import poker_kernels as kern

    arr = np.array(deck, dtype=np.int64)
    total = comb(len(deck), 7)
    cls_h = np.zeros(lay.N_CLASS, np.uint16)
    cls_l = np.zeros(lay.N_CLASS, np.uint8)
    seen = np.zeros(lay.N_CLASS, np.uint8)
    real_h = np.zeros(lay.N_FLUSH, np.uint16)
    real_l = np.zeros(lay.N_FLUSH, np.uint8)
    flush_class = np.zeros(lay.N_FLUSH_CLASS, np.uint32)
    sizes = np.array([lay.block_sizes(b) for b in lay.BLOCKS], dtype=np.int64)
    exc_hands: list[npt.NDArray[np.int32]] = []
    exc_ranks: list[U8] = []
    out = np.empty((chunk, 3), np.uint8)
    rows = np.empty(chunk, np.int64)
    if on_progress is not None:
        on_progress(0, total)  # the bar (and what it is for) shows from the start
    for start in range(0, total, chunk):
        count = min(chunk, total - start)
        hands = kern.hands_range(arr, start, count, lay.BINOM)
        splits = np.ascontiguousarray(splits_of(hands), dtype=np.int8)
        if check is not None:
            check(hands, splits)
        ranks = out[:count]
        kern.setting_ranks(hands, splits, rid5, rid2, kern.HIGH_ASC, kern.LOW_ASC,
                           lay.BINOM, ranks)
        n = kern.compact_scatter(
            hands, ranks, lay.CLASS_WEIGHT, lay.BINOM, lay.BLOCK_OF,
            np.array(lay.BLOCK_REAL, np.int64), np.array(lay.BLOCK_CLASS, np.int64),
            np.ascontiguousarray(sizes[:, 0]), np.ascontiguousarray(sizes[:, 1]),
            cls_h, cls_l, seen, real_h, real_l, flush_class, rows,
        )
        if n:
            exc_hands.append(hands[rows[:n]].copy())
            exc_ranks.append(ranks[rows[:n]].copy())
        if on_progress is not None:
            on_progress(start + count, total)
    reps = lay.representatives()
    valid = reps[:, 0] >= 0
    high = np.zeros(lay.N_CLASS, np.uint8)
    high[valid] = pai_gow_high(np.ascontiguousarray(reps[valid]))
    pairs = _pairs(real_h, real_l, flush_class, cls_h, cls_l, high)
    if exc_hands:
        eh = np.concatenate(exc_hands)
        er = np.concatenate(exc_ranks)
        order = np.argsort(lay.colex(eh), kind="stable")
        eh, er = eh[order], er[order]
    else:
        eh = np.zeros((0, 7), np.int32)
        er = np.zeros((0, 3), np.uint8)
    return CompactTable(
        total, tuple(int(c) for c in deck), np.asarray(keys5, np.int32),
        np.asarray(keys2, np.int32), cls_h, cls_l, lay.class_counts(), high, *pairs,
        lay.colex(eh).astype(np.uint32), lay.card_masks(eh),
        (er[:, 0].astype(np.uint16) | (er[:, 1].astype(np.uint16) << 8)).astype(np.uint16),
        er[:, 2].copy(), lay.class_of(eh).astype(np.uint32),
    )


def _pairs(
    real_h: U16, real_l: U8, flush_class: npt.NDArray[np.uint32], cls_h: U16, cls_l: U8,
    high: U8,
) -> tuple[npt.NDArray[np.uint32], U16, U8, U16, U8, U8]:
    """Each flush place's pair number (0: set as its class, and the class is no pai
    gow) and the pairs' own and class's ranks (see :class:`CompactTable`)."""
    cls = np.concatenate([
        np.tile(flush_class[lay.BLOCK_CLASS[i]:lay.BLOCK_CLASS[i] + n_a * n_b], 4)
        for i, (n_a, n_b) in enumerate(lay.block_sizes(b) for b in lay.BLOCKS)
    ]).astype(np.int64)
    own = (real_h.astype(np.int64) << 8) | real_l
    theirs = (cls_h[cls].astype(np.int64) << 8) | cls_l[cls]
    key = (own << 32) | (theirs << 8) | high[cls]
    moved = (own != theirs) | (high[cls] != 0)  # a pai gow class's flush hands push not
    uniq, inverse = np.unique(key[moved], return_inverse=True)
    flush_pair = np.zeros(len(key), dtype=np.uint32)
    flush_pair[moved] = inverse.astype(np.uint32) + 1
    uniq = np.concatenate([[0], uniq])
    return (flush_pair, (uniq >> 40).astype(np.uint16), ((uniq >> 32) & 0xFF).astype(np.uint8),
            ((uniq >> 16) & 0xFFFF).astype(np.uint16), ((uniq >> 8) & 0xFF).astype(np.uint8),
            (uniq & 0xFF).astype(np.uint8))
