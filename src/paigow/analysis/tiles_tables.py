"""Index tables for exact tile enumeration: tile ids, all four-tile hands, comparison codes.

Tiles are numbered 0..31 in :data:`paigow.tiles.tile.DECK` order (class order, the two
copies of a civil face side by side). A four-tile hand is a sorted id quadruple
``a < b < c < d``; the 35,960 hands are stored in *colex* order, so a hand's index is
``C(a,1) + C(b,2) + C(c,3) + C(d,4)`` and a kernel can find any hand's row in O(1).

A hand splits three ways, always in the order of :data:`paigow.tiles.setting.SPLITS`
applied to the sorted ids: ``ab/cd``, ``ac/bd``, ``ad/bc``. Because the copies of a face
have adjacent ids, every id quadruple with the same faces has the same face sequence, so a
split index means the same setting for all of them.

Comparison codes (:attr:`paigow.tiles.hand.HandValue.code`) are compressed to dense ranks
``0..K-1`` (K = 103 under the default rules): the player's hand beats the banker's iff its
rank is strictly greater.

>>> HANDS.shape, hand_index(0, 1, 2, 3), hand_index(28, 29, 30, 31)
((35960, 4), 0, 35959)
>>> t = code_tables()
>>> t.k
103
>>> len(FACE_HANDS)
8130
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.analysis import Progress
from paigow.errors import (
    IllegalSettingError,
    IllegalTilesError,
    SettingNotationError,
)
from paigow.tiles.hand import hand_code
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import SPLITS, Setting, make_setting
from paigow.tiles.tile import DECK, FACES, Tile, check_available
from paigow.tiles.ways import TileWay
from paigow.tiles.ways._cache import cache_dir, save_atomically, tiles_source_hash

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]

N_TILES = len(DECK)  # 32
N_HANDS = comb(N_TILES, 4)  # 35,960
N_DEALER = comb(N_TILES - 4, 4)  # 20,475
N_MATCHUPS = N_HANDS * N_DEALER  # 736,281,000

"""A progress callback: ``progress(done, total)``."""

_FACE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(FACES)}

FACE_OF: I32 = np.array([_FACE_INDEX[t] for t in DECK], dtype=np.int32)
"""The face (0..20, :data:`FACES` order) of each tile id."""

# BINOM[k, n] = C(n, k) for k in 0..4, n in 0..32
BINOM: I64 = np.array([[comb(n, k) for n in range(N_TILES + 1)] for k in range(5)], dtype=np.int64)


def hand_index(a: int, b: int, c: int, d: int) -> int:
    """The colex index of the hand with sorted tile ids ``a < b < c < d``."""
    return comb(a, 1) + comb(b, 2) + comb(c, 3) + comb(d, 4)


def _all_hands() -> I32:
    # colex order: the k-subsets of range(t) come first, so the 4-subsets with top tile t
    # are the first C(t, 3) 3-subsets, each with t added (a millisecond, no Python loop
    # over the 35,960 hands)
    rows = np.arange(N_TILES, dtype=np.int32)[:, None]
    for k in range(2, 5):
        rows = np.concatenate([
            np.hstack([rows[: comb(t, k - 1)], np.full((comb(t, k - 1), 1), t, np.int32)])
            for t in range(k - 1, N_TILES)
        ])
    return rows


HANDS: I32 = _all_hands()
"""Every four-tile hand as sorted ids, row ``i`` being the hand of colex index ``i``."""


def _face_hands() -> tuple[I32, I32]:
    faces = FACE_OF[HANDS]  # sorted ids give non-decreasing faces
    keys = ((faces[:, 0] * 21 + faces[:, 1]) * 21 + faces[:, 2]) * 21 + faces[:, 3]
    # np.unique's work by hand: it imports numpy.ma, a tenth of a second of start-up
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    new = np.empty(len(keys), dtype=np.bool_)
    new[0] = True
    new[1:] = ordered[1:] != ordered[:-1]
    inverse = np.empty(len(keys), dtype=np.int32)
    inverse[order] = np.cumsum(new) - 1
    return order[new].astype(np.int32), inverse


FACE_HANDS, FACE_GROUP = _face_hands()
"""``FACE_HANDS``: one representative hand index per face-distinct hand (8,130);
``FACE_GROUP[i]``: which of those the hand ``i`` is."""


def ids_of(tiles: Sequence[Tile]) -> tuple[int, int, int, int]:
    """Sorted tile ids for four tiles (the first free copy of each face).

    >>> from paigow.tiles.tile import parse_tiles
    >>> ids_of(parse_tiles("6-6 6-6 2-1 4-2"))
    (0, 1, 2, 3)
    """
    if len(tiles) != 4:
        raise IllegalTilesError(f"a hand to set is four tiles, got {len(tiles)}")
    check_available(tiles)
    used: list[int] = []
    for t in tiles:
        i = next(i for i in range(N_TILES) if DECK[i] == t and i not in used)
        used.append(i)
    a, b, c, d = sorted(used)
    return a, b, c, d


def index_of(tiles: Sequence[Tile]) -> int:
    """The hand index of four tiles (see :func:`ids_of`)."""
    return hand_index(*ids_of(tiles))


def tiles_of(index: int) -> tuple[Tile, Tile, Tile, Tile]:
    """The tiles of hand ``index``, in id order."""
    a, b, c, d = (DECK[int(i)] for i in HANDS[index])
    return a, b, c, d


def split_setting(index: int, split: int, rules: TileRules = DEFAULT_RULES) -> Setting:
    """The setting of hand ``index`` by split ``split`` (0..2)."""
    t = tiles_of(index)
    (i, j), (k, m) = SPLITS[split]
    return make_setting((t[i], t[j]), (t[k], t[m]), rules)


def split_of(tiles: Sequence[Tile], setting: Setting) -> int:
    """Which split (0..2) of the hand ``tiles`` (in any order) a setting is; a
    :class:`~paigow.errors.SettingError` when it does not use the hand's tiles.

    >>> from paigow.tiles.tile import parse_tiles
    >>> hand = parse_tiles("6-6 4-2 5-3 1-1")
    >>> s = split_of(hand, make_setting(hand[:2], hand[2:]))
    >>> s, str(split_setting(index_of(hand), s))
    (0, '1-1 5-3 / 6-6 4-2')
    """
    return _split_of_faces([_FACE_INDEX[DECK[i]] for i in ids_of(tiles)], setting)


def _split_of_faces(faces: Sequence[int], setting: Setting) -> int:
    # faces: the hand's faces in id order
    try:
        a, b = sorted(_FACE_INDEX[t] for t in setting.high)
        c, d = sorted(_FACE_INDEX[t] for t in setting.low)
    except (KeyError, ValueError):
        raise SettingNotationError(f"not a setting of two tiles and two tiles: {setting}") from None
    want = sorted(((a, b), (c, d)))
    for s, ((i, j), (k, m)) in enumerate(SPLITS):
        x, y = faces[i], faces[j]
        z, w = faces[k], faces[m]
        got = sorted(((x, y) if x <= y else (y, x), (z, w) if z <= w else (w, z)))
        if got == want:
            return s
    shown = " ".join(str(FACES[f]) for f in faces)
    raise IllegalSettingError(f"the setting {setting} does not use the hand's tiles {shown}")


@dataclass(frozen=True)
class CodeTables:
    """Comparison codes under one set of rules, compressed to dense ranks.

    ``pair[i, j]``: the dense rank of the two-tile hand of ids ``i`` and ``j`` (-1 on the
    diagonal); ``split_hi``/``split_lo`` (35,960 x 3): the ranks of each split's high and
    low hand; ``codes``: the raw code of each rank.
    """

    rules: TileRules
    k: int
    codes: tuple[int, ...]
    pair: I32
    split_hi: I32
    split_lo: I32


@cache
def code_tables(rules: TileRules = DEFAULT_RULES) -> CodeTables:
    """The :class:`CodeTables` for ``rules`` (computed once per rules)."""
    raw = np.full((N_TILES, N_TILES), -1, dtype=np.int64)
    for i in range(N_TILES):
        for j in range(N_TILES):
            if i != j:
                raw[i, j] = hand_code(DECK[i], DECK[j], rules)
    codes = tuple(sorted({int(c) for c in raw.ravel() if c >= 0}))
    rank = {c: r for r, c in enumerate(codes)}
    pair = np.full((N_TILES, N_TILES), -1, dtype=np.int32)
    for i in range(N_TILES):
        for j in range(N_TILES):
            if i != j:
                pair[i, j] = rank[int(raw[i, j])]
    hi = np.empty((N_HANDS, 3), dtype=np.int32)
    lo = np.empty((N_HANDS, 3), dtype=np.int32)
    for s, ((i, j), (k, m)) in enumerate(SPLITS):
        x = pair[HANDS[:, i], HANDS[:, j]]
        y = pair[HANDS[:, k], HANDS[:, m]]
        hi[:, s] = np.maximum(x, y)
        lo[:, s] = np.minimum(x, y)
    return CodeTables(rules, len(codes), codes, pair, hi, lo)


_CHOICES: dict[tuple[int, bool, TileRules], tuple[TileWay, I8]] = {}


def way_choices(
    way: TileWay,
    banking: bool,
    rules: TileRules = DEFAULT_RULES,
    progress: Progress | None = None,
) -> I8:
    """The split (0..2) ``way`` plays for each of the 35,960 hands, as banker when ``banking``.

    ``way.choose`` is called once per face-distinct hand (8,130) with the tiles in id
    order, and the answer mapped to every hand with the same faces. Cached per way object.
    A way with a ``split_choices(banking)`` method (the optimal way) answers directly.
    """
    key = (id(way), banking, rules)
    hit = _CHOICES.get(key)
    if hit is not None and hit[0] is way:
        return hit[1]
    direct = getattr(way, "split_choices", None)
    disk = disk_path(way, banking, rules)
    if direct is not None:
        out: I8 = direct(banking)
    elif disk is not None and (cached := _load_choices(disk)) is not None:
        out = cached
    else:
        per_face = np.empty(len(FACE_HANDS), dtype=np.int8)
        total = len(FACE_HANDS)
        for n, h in enumerate(FACE_HANDS):
            tiles = tiles_of(int(h))
            decision = way.choose(tiles, banking)
            per_face[n] = _split_of_faces([int(f) for f in FACE_OF[HANDS[h]]], decision.setting)
            if progress is not None and (n % 256 == 255 or n == total - 1):
                progress(n + 1, total)
        out = per_face[FACE_GROUP]
        if disk is not None:
            _save_atomically(disk, out)
    _CHOICES[key] = (way, out)
    return out


def disk_path(
    way: TileWay, banking: bool, rules: TileRules, kind: str = "tiles-ways",
    code: tuple[Path, ...] = (),
) -> Path | None:
    """Where an array that depends on a built-in way's choices (its choices themselves, or
    counts made from them) is cached between processes, or ``None``.

    Only ways defined in :mod:`paigow.tiles.ways` with a repr that states their options
    are cached (a way loaded from a file states the hash of the file's content); the key
    hashes the source of the whole tiles package (the engine and every way), of this
    module and of the ``code`` files that compute the array, the way's repr, the role and
    the rules, so any change to the code or to the way's file rebuilds it.
    """
    module = type(way).__module__
    text = repr(way)
    if not module.startswith("paigow.tiles.ways.") or " at 0x" in text:
        return None
    spec = json.dumps([tiles_source_hash([Path(__file__), *code]), module, text, banking,
                       repr(rules)])
    key = hashlib.sha256(spec.encode()).hexdigest()[:24]
    return cache_dir(kind) / f"{key}.npy"


def cached_array(
    way: TileWay, banking: bool, rules: TileRules, kind: str, code: tuple[Path, ...],
    shape: tuple[int, ...], dtype: type[np.integer], compute: Callable[[], npt.NDArray[Any]],
) -> npt.NDArray[Any]:
    """The array ``compute()`` makes for a way, read from the cache dir when a process
    kept it there (:func:`disk_path`; only built-in ways are kept) and written there after
    computing it (atomically)."""
    path = disk_path(way, banking, rules, kind, code)
    if path is not None:
        try:
            got: npt.NDArray[Any] | None = np.load(path)
        except (OSError, ValueError):
            got = None
        if got is not None and got.shape == shape and got.dtype == dtype:
            return got
    out = compute().astype(dtype)
    if path is not None:
        save_atomically(path, lambda fh: np.save(fh, out))
    return out


def _load_choices(path: Path) -> I8 | None:
    """Cached choices, or ``None`` when absent or not a valid choice array."""
    try:
        data = np.load(path)
    except (OSError, ValueError):
        return None
    ok = data.dtype == np.int8 and data.shape == (len(HANDS),) and bool(np.all(data >= 0))
    return data if ok and int(data.max()) <= 2 else None


def _save_atomically(path: Path, data: I8) -> None:
    save_atomically(path, lambda fh: np.save(fh, data))


def chosen_codes(choices: I8, rules: TileRules = DEFAULT_RULES) -> tuple[I32, I32]:
    """The dense high and low ranks of the chosen split of every hand."""
    t = code_tables(rules)
    rows = np.arange(N_HANDS)
    hi: I32 = np.ascontiguousarray(t.split_hi[rows, choices])
    lo: I32 = np.ascontiguousarray(t.split_lo[rows, choices])
    return hi, lo
