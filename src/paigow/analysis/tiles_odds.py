"""Exact odds of Pai Gow tiles: advice for one hand, the edge of a way, the optimal way.

Every figure is an integer count over a full enumeration, turned into a
:class:`~fractions.Fraction` at the end; floats are only for display.

* :func:`advise` — for one four-tile hand, each distinct setting's win/push/lose counts
  over all 20,475 opponent hands of the 28 other tiles, and its exact EV.
* :func:`edge` — a way against a dealer way over all 35,960 x 20,475 = 736,281,000
  matchups: counts, probabilities, the house edge and the standard deviation of one bet.
* :class:`OptimalWay` — the way that sets each hand for the best exact EV against a
  dealer way (a :class:`~paigow.tiles.ways.TileWay`).

Who is who. Not ``banking``: the hand is a player's, the opponent is the banker, who
sets by the dealer way as banker (``banking=True``) and wins copies and 0-0. ``banking``:
the hand is the bank, the opponent a player who sets by the dealer way as a player
(``banking=False``); the counts and EV are the bank's, commission taken on its net win.

The house edge is from the house's side of the bet: for a player ``P(lose) - (1 -
c)·P(win)``; for a banking hand, the same from the bank's point of view (so a negative
figure means the bank has the advantage over that player).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Literal

import numpy as np

from paigow.analysis import Progress
from paigow.analysis.tiles_tables import (
    BINOM,
    HANDS,
    I8,
    I32,
    I64,
    N_DEALER,
    N_HANDS,
    N_MATCHUPS,
    cached_array,
    chosen_codes,
    code_tables,
    disk_path,
    ids_of,
    index_of,
    split_setting,
    way_choices,
)
from paigow.errors import AmountError
from paigow.settle import expected_value
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting
from paigow.tiles.tile import Tile
from paigow.tiles.ways import Decision, TileWay
from paigow.ways import Rule

Method = Literal["ie", "brute"]
DEFAULT_RATE = Fraction(5, 100)


def _check_rate(rate: Fraction | int) -> Fraction:
    r = Fraction(rate)
    if not 0 <= r < 1:
        raise AmountError(f"commission rate {rate} must be at least 0 and below 1")
    return r


def _opponent_codes(
    dealer_way: TileWay, banking: bool, rules: TileRules, progress: Progress | None = None
) -> tuple[I32, I32]:
    # the opponent of a banking hand plays as a player, and the other way round
    return chosen_codes(way_choices(dealer_way, not banking, rules, progress), rules)


_COUNTS: dict[tuple[int, bool, TileRules], tuple[TileWay, I64, I64]] = {}


def forget_counts() -> None:
    """Drop the cached counts of :func:`split_counts` (the ways' choices stay cached)."""
    _COUNTS.clear()


def _chunks(n: int) -> list[tuple[int, int]]:
    bounds = np.linspace(0, N_HANDS, n + 1).astype(int)
    return [(int(bounds[i]), int(bounds[i + 1])) for i in range(n)]


def split_counts(
    dealer_way: TileWay,
    banking: bool = False,
    rules: TileRules = DEFAULT_RULES,
    method: Method = "ie",
    progress: Progress | None = None,
    use_cache: bool = True,
) -> tuple[I64, I64]:
    """Wins and losses of every split of every hand: two (35,960 x 3) arrays, indexed by
    hand index and split (see :mod:`paigow.analysis.tiles_tables`); pushes are
    ``20,475 - win - lose``. ``method``: ``"ie"`` (inclusion-exclusion, fast) or
    ``"brute"`` (every matchup, :func:`brute_split_counts`). The ``"ie"`` result is
    cached per dealer way object unless ``use_cache`` is false.
    """
    if method == "brute":
        win, _, lose = brute_split_counts(dealer_way, banking, rules, progress)
        return win, lose
    if method != "ie":
        raise ValueError(f"unknown method {method!r}: choose ie or brute")
    key = (id(dealer_way), banking, rules)
    if use_cache:
        hit = _COUNTS.get(key)
        if hit is not None and hit[0] is dealer_way:
            return hit[1], hit[2]

    def compute() -> I64:
        from paigow.analysis import tiles_kernels as kern  # numba: only when computing

        opp_hi, opp_lo = _opponent_codes(dealer_way, banking, rules, progress)
        t = code_tables(rules)
        win = np.zeros((N_HANDS, 3), dtype=np.int64)
        lose = np.zeros((N_HANDS, 3), dtype=np.int64)
        t0, t1, t2, pair_id = kern.build_tables(HANDS, opp_hi, opp_lo, t.k)
        for a, b in _chunks(4):
            kern.ie_counts(HANDS, BINOM, a, b, t.split_hi, t.split_lo, opp_hi, opp_lo,
                           1 if banking else 0, t0, t1, t2, pair_id, win, lose)
            if progress is not None:
                progress(b, N_HANDS)
        return np.stack([win, lose])

    # the counts of a built-in way are kept on disk: a later process reads them (0.4 MB)
    # instead of importing numba and counting 736,281,000 matchups again
    both = cached_array(dealer_way, banking, rules, "tiles-odds", _KERNEL_FILES,
                        (2, N_HANDS, 3), np.int16, compute)
    win, lose = both[0].astype(np.int64), both[1].astype(np.int64)
    if use_cache:
        _COUNTS[key] = (dealer_way, win, lose)
    return win, lose


def brute_split_counts(
    dealer_way: TileWay,
    banking: bool = False,
    rules: TileRules = DEFAULT_RULES,
    progress: Progress | None = None,
    limit: int | None = None,
) -> tuple[I64, I64, I64]:
    """Wins, pushes and losses of every split of every hand by brute force: each of the
    736,281,000 matchups (x 3 splits) is compared and each outcome counted on its own.
    ``limit`` counts only the first ``limit`` hands (the rest stay 0), for benchmarks."""
    from paigow.analysis import tiles_kernels as kern

    opp_hi, opp_lo = _opponent_codes(dealer_way, banking, rules, progress)
    t = code_tables(rules)
    win = np.zeros((N_HANDS, 3), dtype=np.int64)
    push = np.zeros((N_HANDS, 3), dtype=np.int64)
    lose = np.zeros((N_HANDS, 3), dtype=np.int64)
    stop = N_HANDS if limit is None else max(0, min(limit, N_HANDS))
    for a, b in _chunks(64):
        b = min(b, stop)
        if a >= b:
            break
        kern.brute_counts(HANDS, BINOM, a, b, t.split_hi, t.split_lo, opp_hi, opp_lo,
                          1 if banking else 0, win, push, lose)
        if progress is not None:
            progress(b, N_HANDS)
    return win, push, lose


def best_splits(win: I64, lose: I64, rate: Fraction | int) -> I8:
    """Per row, the split of best EV ``((1 - rate)·win - lose)``; among equal EVs the one
    with more pushes (the lower variance), then the first split."""
    r = _check_rate(rate)
    num, den = r.numerator, r.denominator
    if den > 10**12:  # keep the integer scores exact
        w, lo = win.astype(object), lose.astype(object)
    else:
        w, lo = win, lose
    score = (den - num) * w - den * lo
    decided = win + lose
    best = np.zeros(win.shape[0], dtype=np.int64)
    rows = np.arange(win.shape[0])
    for s in (1, 2):
        cur_score = score[rows, best]
        cur_decided = decided[rows, best]
        better = (score[:, s] > cur_score) | (
            (score[:, s] == cur_score) & (decided[:, s] < cur_decided)
        )
        best = np.where(better, s, best)
    out: I8 = best.astype(np.int8)
    return out


# ---------------------------------------------------------------------------- advise


@dataclass(frozen=True)
class SettingOdds:
    """One setting of a hand: its exact outcome counts over all 20,475 opponent hands."""

    setting: Setting
    win: int
    push: int
    lose: int
    ev: Fraction
    best: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "high": [str(t) for t in self.setting.high],
            "low": [str(t) for t in self.setting.low],
            "high_value": self.setting.high_value.name,
            "low_value": self.setting.low_value.name,
            "win": self.win,
            "push": self.push,
            "lose": self.lose,
            "ev": float(self.ev),
            "ev_exact": str(self.ev),
            "best": self.best,
        }


@dataclass(frozen=True)
class Advice:
    """Every distinct setting of a hand with its exact odds; ``best`` indexes ``settings``."""

    tiles: tuple[Tile, ...]
    dealer: str
    banking: bool
    rate: Fraction
    settings: tuple[SettingOdds, ...]
    best: int

    def to_json(self) -> dict[str, object]:
        b = self.settings[self.best]
        return {
            "tiles": [str(t) for t in self.tiles],
            "dealer": self.dealer,
            "banking": self.banking,
            "commission": float(self.rate),
            "opponent_hands": N_DEALER,
            "settings": [s.to_json() for s in self.settings],
            "best": {
                "high": [str(t) for t in b.setting.high],
                "low": [str(t) for t in b.setting.low],
                "ev": float(b.ev),
                "ev_exact": str(b.ev),
            },
        }

    def _repr_html_(self) -> str:
        """Each setting's exact odds as a table, the best in bold (Jupyter)."""
        from paigow.notebook import table_html, tiles_html

        role = "banking" if self.banking else "as a player"
        return tiles_html(self.tiles) + table_html(
            [(str(s.setting), s.setting.high_value.name, s.setting.low_value.name,
              f"{s.win:,}", f"{s.push:,}", f"{s.lose:,}", f"{float(s.ev):+.4f}")
             for s in self.settings],
            head=("setting", "high", "low", "win", "push", "lose", "EV"),
            title=f"against every hand of the {self.dealer} way ({role}, "
                  f"commission {float(self.rate):.0%})", mark=self.best)


def hand_counts(
    tiles: Sequence[Tile],
    dealer_way: TileWay,
    banking: bool = False,
    rules: TileRules = DEFAULT_RULES,
) -> tuple[int, tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """``(hand index, wins, pushes, losses)`` for one hand, each by split (0..2): read
    from the dealer way's counts of every hand when they are kept (on disk or in memory,
    :func:`split_counts`), else by the fast one-hand kernel (brute force over its 20,475
    opponent hands)."""
    idx = index_of(tiles)
    if counts_kept(dealer_way, banking, rules):
        win_all, lose_all = split_counts(dealer_way, banking, rules)
        w, lo = win_all[idx], lose_all[idx]
        return idx, _triple(w), _triple(N_DEALER - w - lo), _triple(lo)
    from paigow.analysis import tiles_kernels as kern

    ids = np.array(ids_of(tiles), dtype=np.int32)
    opp_hi, opp_lo = _opponent_codes(dealer_way, banking, rules)
    t = code_tables(rules)
    win = np.zeros(3, dtype=np.int64)
    push = np.zeros(3, dtype=np.int64)
    lose = np.zeros(3, dtype=np.int64)
    kern.count_hand(ids, t.split_hi[idx], t.split_lo[idx], opp_hi, opp_lo, BINOM,
                    1 if banking else 0, win, push, lose)
    return idx, _triple(win), _triple(push), _triple(lose)


_KERNEL_FILES = (Path(__file__), Path(__file__).with_name("tiles_kernels.py"))


def counts_kept(dealer_way: TileWay, banking: bool, rules: TileRules) -> bool:
    """Whether :func:`split_counts` keeps the dealer way's counts between processes (a
    built-in way's, on disk): then one hand's counts are a row of them."""
    return disk_path(dealer_way, banking, rules, "tiles-odds", _KERNEL_FILES) is not None


def _triple(a: I64) -> tuple[int, int, int]:
    return int(a[0]), int(a[1]), int(a[2])


def advise(
    tiles: Sequence[Tile],
    dealer_way: TileWay,
    banking: bool = False,
    commission: Fraction | int = DEFAULT_RATE,
    rules: TileRules = DEFAULT_RULES,
) -> Advice:
    """Exact odds of each distinct setting of ``tiles`` against ``dealer_way``; the best
    (highest EV; then more pushes; then the first) is marked. See the module docstring
    for who is who when ``banking``."""
    rate = _check_rate(commission)
    idx, win, push, lose = hand_counts(tiles, dealer_way, banking, rules)
    best_split = int(best_splits(np.array([win]), np.array([lose]), rate)[0])
    out: list[SettingOdds] = []
    best = 0
    for s in range(3):
        setting = split_setting(idx, s, rules)
        if any(o.setting.same_way(setting) for o in out):
            if s == best_split:  # a repeat of an earlier setting: the same counts
                best = next(n for n, o in enumerate(out) if o.setting.same_way(setting))
            continue
        if s == best_split:
            best = len(out)
        out.append(SettingOdds(setting, win[s], push[s], lose[s],
                               expected_value(win[s], push[s], lose[s], rate)))
    marked = tuple(
        SettingOdds(o.setting, o.win, o.push, o.lose, o.ev, n == best) for n, o in enumerate(out)
    )
    return Advice(tuple(tiles), dealer_way.name, banking, rate, marked, best)


# ---------------------------------------------------------------------------- edge


@dataclass(frozen=True)
class EdgeResult:
    """A way against a dealer way over all 736,281,000 matchups, from the side of the
    hand that plays ``player`` (the bank's side when ``banking``).

    >>> e = EdgeResult("a", "b", False, Fraction(1, 20), win=1, push=2, lose=1)
    >>> e.edge, e.edge == e.p_lose - (1 - e.rate) * e.p_win
    (Fraction(1, 80), True)
    """

    player: str
    dealer: str
    banking: bool
    rate: Fraction
    win: int
    push: int
    lose: int

    @property
    def total(self) -> int:
        return self.win + self.push + self.lose

    def _repr_html_(self) -> str:
        """The exact counts and the edge as a table (Jupyter)."""
        from paigow.notebook import pct, table_html

        side = "as the bank" if self.banking else "as a player"
        return table_html(
            [("win", f"{self.win:,}", pct(self.p_win)), ("push", f"{self.push:,}",
              pct(self.p_push)), ("lose", f"{self.lose:,}", pct(self.p_lose)),
             ("house edge", "", pct(self.edge))],
            head=("", "matchups", "share"),
            title=f"{self.player} against {self.dealer} ({side}, commission "
                  f"{float(self.rate):.0%})")

    @property
    def p_win(self) -> Fraction:
        return Fraction(self.win, self.total)

    @property
    def p_push(self) -> Fraction:
        return Fraction(self.push, self.total)

    @property
    def p_lose(self) -> Fraction:
        return Fraction(self.lose, self.total)

    @property
    def ev(self) -> Fraction:
        """Expected result of one unit bet, for the ``player`` side (commission taken)."""
        return expected_value(self.win, self.push, self.lose, self.rate)

    @property
    def edge(self) -> Fraction:
        """The house edge: what the other side expects to gain per unit, ``-ev``."""
        return -self.ev

    @property
    def variance(self) -> Fraction:
        """Variance of one bet's result (``+(1 - rate)``, ``0`` or ``-1``)."""
        second = (1 - self.rate) ** 2 * self.p_win + self.p_lose
        return second - self.ev**2

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "dealer": self.dealer,
            "banking": self.banking,
            "commission": float(self.rate),
            "win": self.win,
            "push": self.push,
            "lose": self.lose,
            "total": self.total,
            "p_win": float(self.p_win),
            "p_push": float(self.p_push),
            "p_lose": float(self.p_lose),
            "ev": float(self.ev),
            "edge": float(self.edge),
            "edge_exact": str(self.edge),
            "sd": self.sd,
        }


def edge(
    player_way: TileWay,
    dealer_way: TileWay,
    banking: bool = False,
    commission: Fraction | int = DEFAULT_RATE,
    rules: TileRules = DEFAULT_RULES,
    progress: Progress | None = None,
    method: Method = "ie",
) -> EdgeResult:
    """``player_way`` against ``dealer_way`` over every hand (each of the 35,960 equally
    likely) and every opponent hand of the 28 tiles left. ``progress(done, total)`` is
    called as the work goes on."""
    rate = _check_rate(commission)
    win, lose = split_counts(dealer_way, banking, rules, method, progress)
    choice = way_choices(player_way, banking, rules, progress)
    rows = np.arange(N_HANDS)
    w = int(win[rows, choice].sum())
    lo = int(lose[rows, choice].sum())
    return EdgeResult(player_way.name, dealer_way.name, banking, rate, w, N_MATCHUPS - w - lo, lo)


# ---------------------------------------------------------------------------- optimal


class OptimalWay:
    """Sets each hand for the best exact EV against ``dealer`` (a way), at ``commission``.

    As a player it faces the dealer way's banker settings; as banker (``banking=True``) it
    faces the dealer way's player settings. Equal EVs go to the setting with more pushes,
    then to the first split. The whole strategy (35,960 hands) is computed at the first
    call and kept.
    """

    name = "optimal"

    def __init__(
        self,
        dealer: TileWay,
        rules: TileRules = DEFAULT_RULES,
        commission: Fraction | int = DEFAULT_RATE,
    ) -> None:
        self.dealer = dealer
        self.rules = rules
        self.commission = _check_rate(commission)
        self._choices: dict[bool, I8] = {}

    def __repr__(self) -> str:
        return f"OptimalWay(dealer={self.dealer.name!r}, commission={self.commission})"

    def split_choices(self, banking: bool) -> I8:
        """The best split of every hand (see :mod:`paigow.analysis.tiles_tables`)."""
        if banking not in self._choices:
            win, lose = split_counts(self.dealer, banking, self.rules)
            self._choices[banking] = best_splits(win, lose, self.commission)
        return self._choices[banking]

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision[Setting]:
        """The best-EV setting of ``tiles``, its EV in the rule text."""
        idx = index_of(tiles)
        s = int(self.split_choices(banking)[idx])
        win, lose = split_counts(self.dealer, banking, self.rules)
        w, lo = int(win[idx, s]), int(lose[idx, s])
        ev = expected_value(w, N_DEALER - w - lo, lo, self.commission)
        role = " as banker" if banking else ""
        return Decision(
            split_setting(idx, s, self.rules),
            Rule("optimal", None, f"EV {float(ev):+.4f} vs {self.dealer.name}{role}"),
        )
