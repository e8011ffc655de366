"""Exact odds of Pai Gow Poker: advice for one hand against every opponent hand, and the
optimal way.

Method (details and figures in docs/poker-odds.md):

1. **Opponent table** (:func:`opponent_table`, once per rules × dealer way × role): for
   every seven-card hand of the deck, in colex order, the dealer way's setting as two
   dense rank ids, ``H`` (five-card) and ``L`` (two-card), three bytes per hand: 462 MB
   for the 154,143,080 hands of the full deck, memory-mapped from the user's cache dir
   and rebuilt by itself when the rules or the way's source change.
2. **Advice** (:func:`advise`): a player's setting ``(h, l)`` wins when ``H < h`` and
   ``L < l`` and loses when ``H >= h`` and ``L >= l`` (copies go to the banker); a banking
   hand wins when ``H <= h`` and ``L <= l`` and loses when ``H > h`` and ``L > l``.
   Enumerate the C(46,7) = 53,524,680 opponent hands from the 46 other cards in numba,
   in table order, and count them on the grid of the hand's own settings' thresholds (at
   most 22 × 22 cells); with its 2-D cumulative sums every setting's win and lose counts
   are O(1). The first method (``method="histogram"``) counted them in the full
   ``(H, L)`` histogram instead.
3. **Push rule** (``PokerRules.push``, the commission-free games). A kind of the banker's
   seven cards (``pai-gow:Q``): opponent hands of the kind, marked in a one-time array of
   one bit a hand (:func:`kind_bits`), are counted apart and push every setting; a bank
   whose own hand is of the kind pushes everything. A kind of the banker's hand *as set*
   (``low:9``): the table already holds the dealer way's setting of every hand, so an
   opponent banker pushes when its two-card rank id ``L`` is of the kind
   (:func:`low_push_ids`); a bank pushes everything with each of its own settings whose
   two-card hand is of the kind (``SettingOdds.pushes_all``).

Who is who. Not ``banking``: the hand is a player's; the banker sets by the dealer way as
banker. ``banking``: the hand is the bank; the opponent is a player who sets by the dealer
way as a player; the counts and EV are the bank's (commission on its net win). The EV of a
one-unit bet is ``((1 - c)·win - lose) / total``.

Small universes. Every function takes a ``deck`` (default the 53 cards): with a smaller
deck the same method gives an exact answer over that deck's hands, which is how the tests
check it against brute force.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import platformdirs

from paigow.analysis import Progress, ProgressBar
from paigow.analysis import poker_table as ptable
from paigow.analysis.poker_layout import BINOM
from paigow.analysis.poker_table import CompactTable
from paigow.analysis.poker_ways import FastWay, fast_way, module_hash
from paigow.errors import AmountError, CardError, IllegalCardsError, RuleError, SettingError
from paigow.poker.cards import (
    DECK_SIZE,
    FULL_DECK,
    Card,
    card_name,
    format_cards,
    parse_cards,
    sort_cards,
)
from paigow.poker.cards import check_deck as cards_check_deck
from paigow.poker.kinds import LowKind
from paigow.poker.rank import pack, rank2, rank5
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.setting import Setting, settings
from paigow.settle import expected_value
from paigow.ways import Decision, Rule

U8 = npt.NDArray[np.uint8]

TABLE_FORMAT = "poker-opponent-table-v1"
DEFAULT_RATE = Fraction(5, 100)


def check_rate(rate: Fraction | float | str) -> Fraction:
    """A commission rate in [0, 1) as a Fraction."""
    r = Fraction(rate)
    if not 0 <= r < 1:
        raise AmountError(f"commission rate {rate} must be at least 0 and below 1")
    return r


def check_deck(deck: Iterable[int] | None) -> tuple[Card, ...]:
    """A deck as sorted distinct cards (default all 53); at least 14 cards."""
    return cards_check_deck(deck, 14, "two seven-card hands")


@dataclass(frozen=True)
class RankIds:
    """Dense rank ids under one ranking variant (see :func:`poker_kernels.rank_ids`)."""

    rid5: npt.NDArray[np.uint16]
    rid2: U8
    keys5: npt.NDArray[np.int32]
    keys2: npt.NDArray[np.int32]


_RANK_IDS: dict[int, RankIds] = {}
_RANK_KEYS: dict[int, tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]] = {}


def _ranks_code() -> str:
    return hashlib.sha256(f"{TABLE_FORMAT}:{kern_source_hash()}".encode()).hexdigest()[:8]


def rank_ids(rules: PokerRules) -> RankIds:
    """The dense rank ids of ``rules``' ranking variant: memoised, and kept in the cache
    dir between processes under a key of the code that computes them."""
    v = rules.variant
    if v not in _RANK_IDS:
        code = _ranks_code()
        path = cache_dir() / f"poker-ranks-{code}-{rules.joker}-{rules.wheel}.npz"
        ids = _load_rank_ids(path)
        if ids is None:
            from paigow.analysis import poker_kernels as kern
            from paigow.poker.fast import table2, table5

            ids = RankIds(*kern.rank_ids(table5(rules), table2(rules)))
            for old in cache_dir().glob("poker-ranks-*.npz"):  # left by older code
                if not old.name.startswith(f"poker-ranks-{code}-"):
                    old.unlink(missing_ok=True)
            _save_rank_ids(path, ids)
        _RANK_IDS[v] = ids
        _RANK_KEYS[v] = (ids.keys5, ids.keys2)
    return _RANK_IDS[v]


def rank_keys(rules: PokerRules) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The five- and two-card rank keys of the dense ids of ``rules``' ranking (the id is
    the place in the array): from a table in memory when one is, else :func:`rank_ids`."""
    v = rules.variant
    if v not in _RANK_KEYS:
        rank_ids(rules)
    return _RANK_KEYS[v]


def _load_rank_ids(path: Path) -> RankIds | None:
    try:
        with np.load(path) as z:
            ids = RankIds(z["rid5"], z["rid2"], z["keys5"], z["keys2"])
    except (OSError, KeyError, ValueError):
        return None
    return ids if len(ids.rid5) == comb(DECK_SIZE, 5) else None


def _save_rank_ids(path: Path, ids: RankIds) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            np.savez(fh, rid5=ids.rid5, rid2=ids.rid2, keys5=ids.keys5, keys2=ids.keys2)
        os.replace(tmp, path)
    except OSError:  # a read-only cache dir only costs time
        pass


# ------------------------------------------------------------------ opponent table


def cache_dir() -> Path:
    """Where the opponent tables are cached: ``platformdirs.user_cache_dir("paigow")``."""
    return Path(platformdirs.user_cache_dir("paigow"))


def table_key(dealer: FastWay, banking: bool, rules: PokerRules, deck: Sequence[int]) -> str:
    """The cache key of an opponent table: a hash of everything its content depends on."""
    spec = {
        "format": TABLE_FORMAT,
        "rules": [rules.joker, rules.wheel],
        "dealer": dealer.fingerprint(),
        "banking": None if getattr(dealer, "role_blind", False) else banking,
        "deck": list(deck),
        "kernels": kern_source_hash(),
    }
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:20]


def code_generation(dealer: FastWay) -> str:
    """A short hash of the code a table's content depends on (format, kernels, the dealer
    way's kernel): tables of other generations are stale and are removed when a new one is
    built. Rule variants and roles share a generation, so they are kept side by side."""
    spec = [TABLE_FORMAT, kern_source_hash(), dealer.fingerprint()]
    return hashlib.sha256(json.dumps(spec).encode()).hexdigest()[:8]


def way_slug(dealer: FastWay) -> str:
    """The dealer way's name as a file-name part (a way file's name is its stem).

    >>> way_slug(fast_way("house"))
    'house'
    """
    stem = Path(str(dealer.name)).stem if "/" in str(dealer.name) else str(dealer.name)
    return re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:40] or "way"


TABLE_SUFFIX = ".table"


def table_path(folder: Path, dealer: FastWay, key: str) -> Path:
    """The cache file of the table with ``key``:
    ``poker-table-<way>-<generation>-<key>.table``."""
    return folder / f"poker-table-{way_slug(dealer)}-{code_generation(dealer)}-{key}{TABLE_SUFFIX}"


_PART = re.compile(r"\.(\d+)(?:-\d+)?\.part$")  # .PID.part (or .PID-THREAD.part, older)
_OLD_FILES = ("poker-table-*.npy", "poker-kind-*.npy")  # the plain tables of older code


def prune_stale_tables(folder: Path, dealer: FastWay) -> list[Path]:
    """Delete this way's cached tables built by other versions of the code or of the way,
    the plain (462 MB) tables and push-kind bits of older code, and half-built files of
    processes that are gone; return what was deleted. Other ways' current tables are
    kept: a server whose tables play two ways needs both."""
    slug = way_slug(dealer)
    keep = f"poker-table-{slug}-{code_generation(dealer)}-"
    mine = re.compile(rf"poker-table-{re.escape(slug)}-[0-9a-f]{{8}}-.+\{TABLE_SUFFIX}")
    gone = [p for p in folder.glob(f"poker-table-{slug}-*{TABLE_SUFFIX}")
            if mine.fullmatch(p.name) and not p.name.startswith(keep)]
    for pattern in _OLD_FILES:
        gone += folder.glob(pattern)
    for p in folder.glob("poker-*.part"):
        m = _PART.search(p.name)
        if m and not _process_alive(int(m.group(1))):
            gone.append(p)
    for p in gone:
        p.unlink(missing_ok=True)
    return gone


def _process_alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (only used to tidy half-built files: a reused PID
    merely keeps a dead build's file a while longer)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def kern_source_hash() -> str:
    """Hash of the code that builds the table: the kernels that enumerate, set and rank
    the hands, the compact table's layout and builder, and the evaluator, cards and split
    order its content depends on (a change to any of them rebuilds the cache). The files
    are read, not imported, so the key costs no numba start-up."""
    return module_hash("paigow.analysis.poker_kernels", "paigow.analysis.poker_layout",
                       "paigow.analysis.poker_table", "paigow.poker.fast",
                       "paigow.poker.cards", "paigow.poker.setting")


_TABLES: dict[str, CompactTable] = {}


def build_table(
    dealer: FastWay,
    banking: bool,
    rules: PokerRules,
    deck: Sequence[int],
    on_progress: Progress | None = None,
    chunk: int = 1 << 21,
) -> CompactTable:
    """The dealer way's setting ranks of every hand of ``deck``, built ``chunk`` hands at a
    time in colex order (Ctrl-C stops between chunks), as a compact table
    (:mod:`paigow.analysis.poker_table`). A way that fouls a hand is refused."""
    from paigow.analysis import poker_kernels as kern
    from paigow.poker.fast import table2, table5

    ids = rank_ids(rules)
    t5, t2 = table5(rules), table2(rules)

    def check(hands: npt.NDArray[np.int32], splits: npt.NDArray[np.int8]) -> None:
        k5, k2 = kern.split_keys(hands, splits, t5, t2, kern.HIGH_ASC, kern.LOW_ASC, BINOM)
        bad = np.flatnonzero(k5 <= k2)
        if len(bad):
            raise SettingError(
                f"the {dealer.name} way fouls the hand {format_cards(hands[bad[0]].tolist())}"
            )

    def high(hands: npt.NDArray[np.int32]) -> npt.NDArray[np.uint8]:
        return kern.pai_gow_high(hands, rules)

    return ptable.build(deck, lambda h: dealer.splits(h, banking), ids.rid5, ids.rid2,
                        ids.keys5, ids.keys2, high, on_progress, check, chunk)


def _cache_folder(cards: Sequence[int], cache: Path | bool) -> Path | None:
    """Where a full-deck table is kept on disk: ``None`` to keep it in memory only."""
    if cache is not False and (len(cards) >= 40 or not isinstance(cache, bool)):
        return cache_dir() if cache is True else Path(cache)
    return None


_LOCKS: dict[Path, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def _build_lock(path: Path) -> threading.Lock:
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(path, threading.Lock())


@contextmanager
def _building_in(folder: Path) -> Iterator[None]:
    """Hold the cache folder's build lock (``flock`` on the folder itself: no file left
    behind): two processes missing a table build it once, the second waiting for the
    first and then reading its file, instead of both spending the machine's cores on it
    (a test run's two workers, two servers). Where ``flock`` is missing (not POSIX), each
    process builds its own; the rename into place keeps the file whole either way."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not os.environ.get("PAIGOW_QUIET"):
                from rich.console import Console

                Console(stderr=True).print(
                    f"paigow: another process is building a table in {folder}: waiting for "
                    "it", highlight=False)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # (closing the descriptor releases the lock)


BUILD_MINUTES = "1-2 minutes"
"""How long a full-deck table takes to build on the project's 2-core machine (60-100 s
wall in quiet runs, more when the machine is shared)."""


def _say_building(
    dealer: FastWay, cards: Sequence[int], folder: Path, draw: bool
) -> ProgressBar | None:
    """Say on stderr what is built and about how long it takes, and, with ``draw``, give
    a progress bar for it (``PAIGOW_QUIET=1``: neither)."""
    if os.environ.get("PAIGOW_QUIET"):
        return None
    from rich.console import Console

    Console(stderr=True).print(
        f"paigow: building the {dealer.name} way's table of every hand "
        f"({comb(len(cards), 7):,} hands), once: about {BUILD_MINUTES} on 2 cores, 28 MB "
        f"kept in {folder}", highlight=False)
    return ProgressBar("building the table") if draw else None


def opponent_table(
    dealer: FastWay,
    banking: bool,
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
    cache: Path | bool = True,
    on_progress: Progress | None = None,
) -> CompactTable:
    """The dealer way's setting ranks for every hand of ``deck``, setting as banker when
    ``banking``, as a compact table (:class:`~paigow.analysis.poker_table.CompactTable`).

    ``cache``: ``True`` keeps the table of the full deck in :func:`cache_dir` (built once,
    then memory-mapped; a deck of fewer than 40 cards is only kept in memory), a path
    names another cache folder, ``False`` keeps it in memory only. A half-built file is
    never used: the table is written whole under a temporary name and renamed.
    """
    cards = check_deck(deck)
    key = table_key(dealer, banking, rules, cards)
    hit = _TABLES.get(key)
    if hit is not None:
        return hit
    folder = _cache_folder(cards, cache)
    if folder is None:
        table = build_table(dealer, banking, rules, cards, on_progress)
    else:
        path = table_path(folder, dealer, key)
        with _build_lock(path):  # two threads of one process build a table once
            got = ptable.load(path)
            if got is None:
                folder.mkdir(parents=True, exist_ok=True)
                with _building_in(folder):  # ... and two processes too
                    got = ptable.load(path)  # (built by the one this waited for)
                    if got is None:
                        prune_stale_tables(folder, dealer)
                        bar = _say_building(dealer, cards, folder, on_progress is None)
                        try:
                            build_table(dealer, banking, rules, cards,
                                        on_progress or bar).save(path)
                        finally:
                            if bar is not None:
                                bar.stop()
                        got = ptable.load(path)
            if got is None:  # pragma: no cover - a cache dir that lost the file at once
                raise CardError(f"the cached table {path} could not be read back")
            table = got
    _TABLES[key] = table
    _RANK_KEYS.setdefault(rules.variant, (table.keys5, table.keys2))
    return table


def cached_table(
    dealer: FastWay | str, rules: PokerRules, banking: bool = True
) -> CompactTable | None:
    """The full-deck table of ``dealer`` if it is in memory or in the cache dir (never
    built here), else ``None``. A way given by name is built as :func:`advise` builds it
    (:func:`way_for`: under a push rule, the classic game's way and table)."""
    if isinstance(dealer, str):
        dealer = way_for(dealer, rules)
    key = table_key(dealer, banking, rules, FULL_DECK)
    hit = _TABLES.get(key)
    if hit is not None:
        return hit
    table = ptable.load(table_path(cache_dir(), dealer, key))
    if table is None:
        return None
    _TABLES[key] = table
    _RANK_KEYS.setdefault(rules.variant, (table.keys5, table.keys2))
    return table


def way_for(way: FastWay | str, rules: PokerRules) -> FastWay:
    """The batch way ``way`` (:func:`~paigow.analysis.poker_ways.fast_way`) under
    ``rules``. The push rule says what a banker's hand does to the bets, not how a way
    sets a hand, so a way named here is built without it (the commission-free game's
    house way shares its one-time table with the classic game's), except ``optimal``,
    whose choices depend on it."""
    if isinstance(way, str) and way.strip().lower() != "optimal":
        rules = replace(rules, push="none")
    return fast_way(way, rules)


def low_push_ids(kind: LowKind, rules: PokerRules) -> npt.NDArray[np.bool_]:
    """For each dense two-card rank id of ``rules``' ranking (:func:`rank_ids`), whether a
    two-card hand of that rank is of ``kind`` (``low:9``: nine high, no pair).

    >>> from paigow.poker.cards import Rank
    >>> ids = low_push_ids(LowKind(Rank.NINE), DEFAULT_RULES)
    >>> int(ids.sum())      # 9-2, 9-3 ... 9-8: seven ranks of two-card hand
    7
    """
    keys = rank_keys(rules)[1]
    return np.array([kind.matches_key2(int(k)) for k in keys], dtype=np.bool_)


# ------------------------------------------------------------------------ advise


@dataclass(frozen=True)
class SettingOdds:
    """One legal setting of a hand: exact counts over every opponent hand, and its EV."""

    split: int
    setting: Setting
    win: int
    push: int
    lose: int
    ev: Fraction
    best: bool = False
    house: bool = False
    pushes_all: bool = False
    """Banking under a push rule on the set hand: this setting is itself of the push kind,
    so every bet pushes."""

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "split": self.split,
            "high": format_cards(self.setting.high),
            "low": format_cards(self.setting.low),
            "win": self.win,
            "push": self.push,
            "lose": self.lose,
            "ev": float(self.ev),
            "ev_exact": str(self.ev),
            "best": self.best,
            "house": self.house,
            "pushes_all": self.pushes_all,
        }


@dataclass(frozen=True)
class Advice:
    """Every legal setting of a hand with its exact odds against the dealer way.

    ``pushed``: how many of the ``total`` opponent hands push every bet by the push rule
    (``PokerRules.push``; each setting's ``push`` count includes them): not banking, the
    banker's hands of the push kind (under ``low:R``, as the dealer way sets them);
    banking, all of them when the bank's own seven cards are of a seven-card kind, else
    none (under ``low:R`` a bank's settings of the kind say so themselves:
    ``SettingOdds.pushes_all``)."""

    cards: tuple[Card, ...]
    banking: bool
    rate: Fraction
    total: int
    settings: tuple[SettingOdds, ...] = field(repr=False)
    best: int
    house: int | None
    pushed: int = 0
    push_rule: str = "none"

    @property
    def best_setting(self) -> SettingOdds:
        """The setting of best EV."""
        return self.settings[self.best]

    @property
    def house_setting(self) -> SettingOdds | None:
        """The house way's setting, when known."""
        return None if self.house is None else self.settings[self.house]

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "cards": format_cards(self.cards),
            "banking": self.banking,
            "commission": float(self.rate),
            "push_rule": self.push_rule,
            "opponent_hands": self.total,
            "pushed_by_rule": self.pushed,
            "settings": [s.to_json() for s in self.settings],
            "best": self.best_setting.to_json(),
            "house": None if self.house_setting is None else self.house_setting.to_json(),
        }

    def _repr_html_(self) -> str:
        """Each legal setting's exact odds as a table, the best in bold (Jupyter)."""
        from paigow.notebook import cards_html, table_html

        role = "banking" if self.banking else "as a player"
        rows = [(str(s.setting), f"{s.win:,}", f"{s.push:,}", f"{s.lose:,}",
                 f"{float(s.ev):+.4f}", "house way" if s.house else "")
                for s in self.settings]
        return cards_html(self.cards) + table_html(
            rows, head=("setting", "win", "push", "lose", "EV", ""),
            title=f"against {self.total:,} opponent hands ({role}, commission "
                  f"{float(self.rate):.0%}, push rule {self.push_rule})", mark=self.best)


def score(win: int, lose: int, rate: Fraction) -> int:
    """An integer proportional to a setting's EV (``(1 - rate)·win - lose`` times the
    rate's denominator), for exact comparisons."""
    return (rate.denominator - rate.numerator) * win - rate.denominator * lose


def quadrants(cum: npt.NDArray[np.int64], i: int, j: int) -> tuple[int, int]:
    """From a cumulative histogram ``cum`` (:func:`poker_kernels.cumulative`), the counts
    of cells below ``(i, j)`` in both coordinates and of cells at or above it in both:
    a setting's win and lose counts when ``(i, j)`` are its thresholds."""
    n_h = cum.shape[0] - 1
    n_l = cum.shape[1] - 1
    below = int(cum[i, j])
    return below, int(cum[n_h, n_l]) - int(cum[i, n_l]) - int(cum[n_h, j]) + below


def setting_counts(
    cum: npt.NDArray[np.int64], h: int, low: int, banking: bool
) -> tuple[int, int, int]:
    """(win, push, lose) of a setting with rank ids ``(h, low)`` from the cumulative
    histogram ``cum`` over ``(H, L)`` of every opponent hand. A player wins when both
    opponent ranks are below its own and loses when neither is (copies go to the
    banker); a banking hand wins when both are at or below its own."""
    k = int(banking)
    win, lose = quadrants(cum, h + k, low + k)
    return win, int(cum[-1, -1]) - win - lose, lose


METHODS = ("grid", "histogram")


def _counts(
    cards: Sequence[int], ranks: Sequence[tuple[int, int]], table: CompactTable,
    kind_high: int, banking: bool, method: str,
    push_l: npt.NDArray[np.bool_] | None = None,
) -> tuple[list[tuple[int, int]], int]:
    """Win and lose counts of settings of ranks ``ranks`` against every opponent hand of
    the table's deck without ``cards``, and the opponent hands that push by the rule: a
    pai gow of top rank ``kind_high`` (0 for none), or a two-card rank of ``push_l``
    (:func:`low_push_ids`, a column of its own, counted apart).

    ``method="grid"``: a setting needs only whether each opponent rank is below its
    threshold (``h`` and ``l``, or ``h + 1`` and ``l + 1`` for a bank, which wins copies).
    With the sorted distinct thresholds ``t_0 < t_1 < …`` of all the settings, a rank
    ``H`` goes to cell ``#{t_k <= H}``, and ``H < t_k`` exactly when that cell is at most
    ``k``: an at most 22 × 22 grid holds everything the opponent hands say about the
    hand's settings. ``method="histogram"``: the full ``(H, L)`` histogram (the first
    method, kept to check the grid against)."""
    k = int(banking)
    n5, n2 = len(table.keys5), len(table.keys2)
    if method == "grid":
        # sorted() rather than np.unique, which imports numpy.ma (a tenth of a second)
        th = np.array(sorted({h + k for h, _ in ranks}), dtype=np.int64)
        tl = np.array(sorted({low + k for _, low in ranks}), dtype=np.int64)
        hmap = np.searchsorted(th, np.arange(n5), side="right")
        lmap = np.searchsorted(tl, np.arange(n2), side="right")
        n_a, n_b = len(th) + 1, len(tl) + 1
    else:
        hmap, lmap, n_a, n_b = np.arange(n5), np.arange(n2), n5, n2
    if push_l is not None:
        lmap = np.where(push_l, n_b, lmap)  # the pushed two-card ranks: one more column
    grid, n_kind = table.counts(cards, hmap, lmap, n_a, n_b + (push_l is not None),
                                kind_high)
    if push_l is not None:
        n_kind += int(grid[:, n_b].sum())
        grid = grid[:, :n_b]
    cum = cumulative(grid)
    if method == "grid":
        cells = [(int(np.searchsorted(th, h + k)) + 1, int(np.searchsorted(tl, low + k)) + 1)
                 for h, low in ranks]
    else:
        cells = [(h + k, low + k) for h, low in ranks]
    return [quadrants(cum, i, j) for i, j in cells], n_kind


def cumulative(hist: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """``C[i, j]`` = number of hands with ``H < i`` and ``L < j`` (shape (nH+1, nL+1)).

    >>> cumulative(np.array([[1, 2], [3, 4]])).tolist()
    [[0, 0, 0], [0, 1, 3], [0, 4, 10]]
    """
    out = np.zeros((hist.shape[0] + 1, hist.shape[1] + 1), dtype=np.int64)
    out[1:, 1:] = hist.cumsum(axis=0).cumsum(axis=1)
    return out


def legal_settings(
    hand: Sequence[int], rules: PokerRules = DEFAULT_RULES
) -> list[tuple[int, Setting, int, int]]:
    """``(split, setting, H, L)`` of every legal (not fouling) setting of seven cards, with
    the dense rank ids of its five- and two-card hands (:func:`rank_ids`).

    >>> [j for j, *_ in legal_settings(parse_cards("As Kd Qh Jc 9s 8d 2c"))][:4]
    [6, 7, 8, 9]
    """
    keys5, keys2 = rank_keys(rules)
    out = []
    for j, s in enumerate(settings(hand)):
        k5, k2 = rank5(s.high, rules).key, rank2(s.low, rules).key
        if k5 > k2:
            out.append((j, s, int(np.searchsorted(keys5, k5)), int(np.searchsorted(keys2, k2))))
    return out


def _house_split(
    hand: Sequence[int], legal: Sequence[tuple[int, Setting, int, int]],
    table: CompactTable, dealer_way: FastWay, marker: FastWay, banking: bool,
) -> int:
    """The split the ``marker`` way gives the hand."""
    if marker is dealer_way and getattr(dealer_way, "role_blind", False):
        # the way sets this hand as it sets any opponent hand: read it from the table
        hh, ll = table.lookup([sorted(hand)])
        own = (int(hh[0]), int(ll[0]))
        return next((j for j, _, h, low in legal if (h, low) == own), -1)  # the first
    arr = np.array([sorted(hand)], dtype=np.int32)
    return int(marker.splits(arr, banking)[0])


def advise(
    cards: str | Iterable[str | int],
    dealer: FastWay | str = "house",
    banking: bool = False,
    rate: Fraction | float | str = DEFAULT_RATE,
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
    house: FastWay | str | None = None,
    cache: Path | bool = True,
    on_progress: Progress | None = None,
    method: str = "grid",
) -> Advice:
    """Exact win/push/lose counts of every legal setting of seven ``cards`` against every
    hand the opponent can hold from the rest of ``deck``, the opponent setting by the
    ``dealer`` way (as banker, or as a player when ``banking``).

    ``house`` (default: the dealer way) marks its own setting of the hand. The best
    setting has the highest EV; among equal EVs the one with more pushes, then the first.
    ``on_progress`` reports the one-time building of the opponent table (and, under a push
    rule, of the push kind's bits). ``rules.push`` names a kind of banker hand that pushes
    every bet (the commission-free game; set ``rate`` to 0 for it too).

    ``method``: ``"grid"`` (default) counts the opponent hands on a small grid of the
    hand's own settings' ranks, reading the table in order; ``"histogram"`` (the first
    method, slower, kept to check and time it against) builds the full ``(H, L)``
    histogram. Both give the same exact counts.
    """
    r = rules
    c = check_rate(rate)
    if method not in METHODS:
        raise RuleError(f"unknown advice method {method!r}: choose {' or '.join(METHODS)}")
    full = check_deck(deck)
    hand = parse_cards(cards)
    if len(hand) != 7:
        raise IllegalCardsError(f"a Pai Gow Poker hand has seven cards, got {len(hand)}")
    missing = [x for x in hand if x not in full]
    if missing:
        raise IllegalCardsError(f"card {card_name(missing[0])} is not in the deck")
    dealer_way = way_for(dealer, r)
    table = opponent_table(dealer_way, not banking, r, full, cache, on_progress)
    legal = legal_settings(hand, r)
    marker = dealer_way if house is None else way_for(house, r)
    house_split = _house_split(hand, legal, table, dealer_way, marker, banking)
    total = comb(len(full) - 7, 7)
    kind = r.banker_push
    ranks = [(h, low) for _, _, h, low in legal]
    own_push = [False] * len(legal)  # the bank's own settings that push every bet
    kind_high = 0
    push_l: npt.NDArray[np.bool_] | None = None
    if isinstance(kind, LowKind):  # a kind of the banker's set hand
        if banking:
            own_push = [kind.matches_key2(int(table.keys2[low])) for _, low in ranks]
        else:
            push_l = low_push_ids(kind, r)
    elif kind.active and banking:
        if kind.matches(hand, r):
            own_push = [True] * len(legal)  # the bank's own seven cards push every bet
    elif kind.active:
        kind_high = 0 if kind.high is None else pack(kind.high)  # the table's 2..14 packing
    if all(own_push):
        counts, pushed = [(0, 0)] * len(legal), total
    else:
        counts, pushed = _counts(hand, ranks, table, kind_high, banking, method, push_l)
    if any(own_push) and not all(own_push):
        pushed = 0  # only some of the bank's settings push: each says so
    rows: list[SettingOdds] = []
    for (j, s, _, _), (win, lose), mine in zip(legal, counts, own_push, strict=True):
        if mine:
            win = lose = 0
        push = total - win - lose
        rows.append(SettingOdds(j, s, win, push, lose, expected_value(win, push, lose, c),
                                house=j == house_split, pushes_all=mine))
    best = 0
    for i, row in enumerate(rows):
        b = rows[best]
        sc, sb = score(row.win, row.lose, c), score(b.win, b.lose, c)
        if sc > sb or (sc == sb and row.push > b.push):
            best = i
    rows[best] = replace(rows[best], best=True)
    house_row = next((i for i, row in enumerate(rows) if row.house), None)
    return Advice(sort_cards(hand), banking, c, total, tuple(rows), best, house_row,
                  pushed, kind.spec)


def brute_force_advice(
    cards: str | Iterable[str | int],
    dealer: FastWay,
    banking: bool = False,
    rules: PokerRules = DEFAULT_RULES,
    deck: Iterable[int] | None = None,
) -> dict[int, tuple[int, int, int]]:
    """Win/push/lose of every legal split by comparing each opponent hand one by one with
    the reference comparison (:func:`paigow.poker.setting.compare`) and, under a push
    rule, classifying the banker's hand with the reference
    :meth:`~paigow.poker.kinds.HandKind.matches_setting` (a seven-card kind reads its
    cards, ``low:R`` the two-card hand of the banker's setting, ranked by
    :func:`paigow.poker.rank.rank2`): the independent check of :func:`advise`, for small
    decks."""
    from itertools import combinations

    from paigow.poker.setting import compare, is_foul
    from paigow.settle import Outcome

    full = check_deck(deck)
    hand = parse_cards(cards)
    rest = [x for x in full if x not in hand]
    opp = np.array(list(combinations(rest, 7)), dtype=np.int32)
    opp_splits = dealer.splits(opp, not banking)
    kind = rules.banker_push
    rows = opp.tolist()
    if banking:  # the hand is the banker's: its own kind pushes every bet
        pushes = [False] * len(rows)
    else:
        pushes = [kind.active and kind.matches_setting(settings(row)[sp], rules)
                  for row, sp in zip(rows, opp_splits.tolist(), strict=True)]
    out: dict[int, tuple[int, int, int]] = {}
    for j, s in enumerate(settings(hand)):
        if is_foul(s, rules):
            continue
        if banking and kind.active and kind.matches_setting(s, rules):
            out[j] = (0, len(rows), 0)
            continue
        w = p = lo = 0
        for row, sp, pushed in zip(rows, opp_splits.tolist(), pushes, strict=True):
            if pushed:
                p += 1
                continue
            other = settings(row)[sp]
            if banking:  # the hand banks: compare the opponent (a player) against it
                o = compare(other, s, rules).outcome
                o = {Outcome.WIN: Outcome.LOSE, Outcome.LOSE: Outcome.WIN}.get(o, o)
            else:
                o = compare(s, other, rules).outcome
            if o is Outcome.WIN:
                w += 1
            elif o is Outcome.PUSH:
                p += 1
            else:
                lo += 1
        out[j] = (w, p, lo)
    return out


# ------------------------------------------------------------------- the optimal way


class OptimalWay:
    """The setting of best exact EV against a dealer way (RULES.md 2.7): as a player
    against a house-way banker, or, banking, against a house-way player.

    Each decision is one :func:`advise` (on the full deck,
    once the opponent table is cached: about a tenth of a second on two cores).
    """

    name = "optimal"

    def __init__(
        self,
        *,
        rules: PokerRules = DEFAULT_RULES,
        dealer: FastWay | str = "house",
        rate: Fraction | float | str = DEFAULT_RATE,
        deck: Iterable[int] | None = None,
        cache: Path | bool = True,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.rate = check_rate(rate)
        self.deck = check_deck(deck)
        self.cache = cache

    def __repr__(self) -> str:
        return f"OptimalWay(rules={self.rules!r}, rate={self.rate})"

    def advise(self, cards: str | Iterable[str | int], banking: bool = False) -> Advice:
        """The full advice behind a decision."""
        return advise(cards, self.dealer, banking, self.rate, self.rules, self.deck,
                      cache=self.cache)

    def choose(self, cards: str | Iterable[str | int],
               banking: bool = False) -> Decision[Setting]:
        """The setting of best exact EV and why."""
        adv = self.advise(cards, banking)
        b = adv.best_setting
        who = "a house-way player" if banking else "a house-way banker"
        return Decision(b.setting, Rule("optimal", None,
                                        f"best exact EV {float(b.ev):+.6f} against {who}"))

    def set(self, cards: Sequence[int], banking: bool) -> Setting:
        """``choose(cards, banking).setting``."""
        return self.choose(cards, banking).setting


__all__ = [
    "Advice",
    "OptimalWay",
    "SettingOdds",
    "advise",
    "brute_force_advice",
    "cache_dir",
    "opponent_table",
]
