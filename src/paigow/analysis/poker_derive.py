"""A Pai Gow Poker strategy a person can learn, derived from exact labels.

:func:`learn_way` turns :class:`~paigow.analysis.poker_labels.Labels` (a sample of hands,
each with the exact EV of every setting against a dealer way) into a short ordered list of
rules in the house-way file format (``docs/poker-house-way-files.md``): so the result
loads, passes the loader's checks, and plays, diffs and grades like any way.

**What a rule can say.** Every rule is one of the format's: a hand type (its section),
conditions on rank groups and side cards, each an interval of ranks (``"J+"``, ``"7-T"``),
or on the joker, and one of the settings a person uses for that type (split two pair or
keep it, break three aces, play the straight or not, …; :data:`ACTIONS`). At most two
conditions a rule, and for a hand-type rule the guard ``straight_or_flush = false``
(:data:`GUARD`) as a third: a way of exceptions reads its hand-type rules before its
otherwise way's straights, and a no-pair exception must not break a straight.

**How rules are chosen.** The objective is the weighted sum over the labelled hands of the
EV of the setting the way plays, exactly the quantity the way's edge estimates. It starts
from one rule per hand type (the format needs it: every hand must be set), each the
setting best on that type's hands, and then, greedily, adds the rule that gains the most:
any section, any place in its list, any action, any box of conditions (all intervals of
one or two features are scored at once by 2-D cumulative sums). A rule's score is its
gain less ``z`` standard errors of it (the spread of the hands' own gains), so a rule fit
to a handful of lucky hands is not taken; a rule needs ``min_support`` labelled hands. The
free moves (a section's last rule changing its setting) are taken whenever they gain. It
stops at ``max_rules`` or when no rule scores above zero.

**Checks.** The rules are written as a way file, parsed, compiled and run by the numba
interpreter over the labelled hands, whose settings must equal the learner's own reading
(two implementations agreeing); the loader's check (every pattern of ranks set once, no
foul) must pass, and a rule no hand reaches is removed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.analysis.poker_labels import Labels, Sample
from paigow.errors import AmountError, DeriveError
from paigow.poker.cards import RANKS, Rank
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.ways.file_way import check_way, read_hand, read_way
from paigow.poker.ways.hand import analyse
from paigow.poker.ways.spec import (
    ABSENT,
    FEATURES,
    HAND_KEYS,
    PAIR_SUM_OFFSET,
    SF_SECTION,
    WaySpec,
    front_class,
    parse_way,
)

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
B = npt.NDArray[np.bool_]

SF = SF_SECTION
BY_HAND = "by hand type"
PLAY_SF = "straight or flush"

# the settings a learned rule may make, per section (the first is the fallback for a
# hand type the sample has no hand of); each is legal on every hand of its section
ACTIONS: dict[str, tuple[str, ...]] = {
    "no_pair": ("singles 2-3", "singles 2-4", "singles 2-5", "singles 2-6"),
    "one_pair": ("singles 1-2",),
    "two_pair": ("low pair", "singles 1-2"),
    "three_pair": ("high pair", "mid pair", "low pair"),
    "trips": ("singles 1-2", "trips + single 1"),
    "full_house": ("pair", "singles 1-2"),
    "full_house_and_pair": ("high pair", "low pair"),
    "two_trips": ("trips pair", "low trips pair"),
    "quads": ("quads pair", "singles 1-2"),
    "quads_and_pair": ("pair", "quads pair"),
    "quads_and_trips": ("trips pair", "quads pair"),
    "five_aces": ("five pair", "pair"),
    SF: (PLAY_SF, BY_HAND),
}
# an action that needs a group not every hand of its section has: its rule must hold a
# condition on that group
NEEDS: dict[tuple[str, str], str] = {("five_aces", "pair"): "high_pair"}

# the conditions a learned rule may hold, per section
CONDITIONS: dict[str, tuple[str, ...]] = {
    "no_pair": ("top_single", "second_single", "third_single", "fourth_single",
                "fifth_single", "joker"),
    "one_pair": ("high_pair", "top_single", "second_single", "joker"),
    "two_pair": ("high_pair", "low_pair", "top_single", "pair_sum", "joker"),
    "three_pair": ("high_pair", "mid_pair", "low_pair", "top_single", "joker"),
    "trips": ("trips", "top_single", "second_single", "joker"),
    "full_house": ("trips", "high_pair", "top_single", "second_single", "joker"),
    "full_house_and_pair": ("trips", "high_pair", "low_pair"),
    "two_trips": ("trips", "low_trips", "top_single"),
    "quads": ("quads", "top_single", "second_single"),
    "quads_and_pair": ("quads", "high_pair", "top_single"),
    "quads_and_trips": ("quads", "trips"),
    "five_aces": ("five", "high_pair", "top_single"),
    SF: ("high_pair", "top_single", "second_single", "joker", "pair_in_front",
         "joker_broadway_only", "front", "has_flush", "has_straight"),
}
BOOLEAN = frozenset({"joker", "pair_in_front", "joker_broadway_only", "has_flush",
                     "has_straight", "straight_or_flush"})
# ``front`` (the two cards the straight-or-flush play leaves in front) is read by the
# learner as its high card's rank (0..12: a two-high hand cannot be) or 13 for a pair
FRONT_PAIR = 13
N_BINS = {"pair_sum": 24, "front": 14, **{b: 2 for b in BOOLEAN}}  # otherwise 13 ranks
# a hand-type rule of a way of exceptions may carry this third condition: without it the
# rule would take the hands with a straight or flush too, before the otherwise way's
# straights-and-flushes rules play them
GUARD = "straight_or_flush"
MISSING = -1.0  # the gain of a hand an action cannot set (far below any real gain)


def bins(feature: str) -> int:
    """How many values a feature takes (13 ranks, 2 for a yes/no, 24 pair sums)."""
    return N_BINS.get(feature, 13)


@dataclass(frozen=True)
class Cond:
    """A condition: ``feature`` between ``lo`` and ``hi`` (values as the format stores
    them: rank indices 0..12, pair sums less 4, 0/1)."""

    feature: str
    lo: int
    hi: int


@dataclass(frozen=True)
class LearnedRule:
    """One rule: its section, conditions, the hand types it is for (straights and flushes
    only; empty: all) and its setting."""

    section: str
    conds: tuple[Cond, ...]
    action: str
    hands: tuple[str, ...] = ()


# ------------------------------------------------------------------------- the data


@dataclass
class Problem:
    """The labelled hands as the learner reads them."""

    n: int
    hands: list[list[int]]
    weight: F64  # each hand's share of all hands
    types: I64  # hand type index (HAND_KEYS)
    sf_capable: B
    values: dict[str, I64]  # feature -> value per hand (-1 where the hand has not got it)
    act_ev: dict[tuple[str, str], F64]  # (section, action) -> EV per hand (-inf: cannot)
    ev: F64  # (n, 21)
    house_split: I64
    act_split: dict[tuple[str, str], I64]
    # the otherwise way's split of each hand and its EV (a way of exceptions: every hand
    # no rule takes is set by it); empty when the way sets every hand itself
    base_split: I64 = field(default_factory=lambda: np.zeros(0, np.int64))
    base_ev: F64 = field(default_factory=lambda: np.zeros(0))
    # the same without its straights-and-flushes rules (what "by hand type" sends a hand to)
    base_type_split: I64 = field(default_factory=lambda: np.zeros(0, np.int64))
    base_type_ev: F64 = field(default_factory=lambda: np.zeros(0))

    @property
    def has_base(self) -> bool:
        """Whether the way being learned falls back on an otherwise way."""
        return len(self.base_split) == self.n and self.n > 0

    def ev_of_splits(self, splits: I64) -> F64:
        """EV per hand of the given splits."""
        return self.ev[np.arange(self.n), splits]


def _probe_text(section: str, action: str) -> str:
    lines = ["[way]", 'name = "probe"']
    k = 0
    for key in HAND_KEYS:
        lines.append(f"[[{key}]]")
        k += 1
        if key == section:
            need = NEEDS.get((key, action))
            if need:
                lines += [f'rule = "{k}"', f'{need} = "any"', f'set = "{action}"',
                          f"[[{key}]]"]
                k += 1
                lines += [f'rule = "{k}"', f'set = "{ACTIONS[key][0]}"']
            else:
                lines += [f'rule = "{k}"', f'set = "{action}"']
        else:
            lines += [f'rule = "{k}"', f'set = "{ACTIONS[key][0]}"']
    if section == SF:
        lines += ["[[straights_and_flushes]]", 'rule = "sf"', f'set = "{action}"']
    return "\n".join(lines)


def problem(labels: Labels, rules: PokerRules = DEFAULT_RULES,
            otherwise: WaySpec | None = None) -> Problem:
    """Read every labelled hand's features (as the way-file interpreter reads them) and the
    EV of each action of :data:`ACTIONS` on it; with an ``otherwise`` way, its setting of
    every hand (by its numba interpreter) and that setting's EV."""
    from paigow.poker.ways.file_fast import file_splits_and_rules

    hands = labels.sample.hands
    n = len(hands)
    arr = np.array([sorted(h) for h in hands], dtype=np.int32).reshape(n, 7)
    values = {f: np.full(n, -1, np.int64) for f in FEATURES if f != "hand"}
    types = np.zeros(n, np.int64)
    sf_capable = np.zeros(n, bool)
    for i, h in enumerate(hands):
        reading = read_hand(analyse(h, rules), True, True)
        types[i] = reading.hand_type
        sf_capable[i] = reading.best_sf is not None
        for f, col in values.items():
            v = reading.features[FEATURES[f]]
            col[i] = -1 if v == ABSENT else v
    values["front"] = np.array([_front_bin(int(v)) for v in values["front"]], np.int64)
    ev = labels.ev()
    rows = np.arange(n)
    act_ev: dict[tuple[str, str], F64] = {}
    act_split: dict[tuple[str, str], I64] = {}
    for section, actions in ACTIONS.items():
        for action in actions:
            if section == SF and action == BY_HAND:
                continue
            compiled = parse_way(_probe_text(section, action)).compile()
            splits, both = file_splits_and_rules(compiled, arr, rules, section == SF)
            sp = splits.astype(np.int64)
            ok = sp >= 0
            e = np.full(n, -np.inf)
            e[ok] = ev[rows[ok], sp[ok]]
            if section == SF:
                chosen = both[:, 0]
                e[chosen != len(compiled.rules) - 1] = -np.inf  # the sf rule did not play
            else:
                e[types != HAND_KEYS.index(section)] = -np.inf
                need = NEEDS.get((section, action))
                if need:
                    e[values[need] < 0] = -np.inf
            act_ev[(section, action)] = e
            act_split[(section, action)] = np.where(ok, sp, -1)
    base: list[tuple[I64, F64]] = []
    if otherwise is not None and n:
        for use_sf in (True, False):
            bs, _ = file_splits_and_rules(otherwise.compile(), arr, rules, use_sf)
            b_split = bs.astype(np.int64)
            if np.any(b_split < 0):
                raise DeriveError(f"the otherwise way {otherwise.name} leaves a hand unset")
            b_ev = ev[rows, b_split]
            if not np.all(np.isfinite(b_ev)):
                raise DeriveError(f"the otherwise way {otherwise.name} fouls a labelled hand")
            base.append((b_split, b_ev))
    else:
        base = [(np.zeros(0, np.int64), np.zeros(0))] * 2
    return Problem(n, hands, np.array(labels.sample.weights, float), types, sf_capable, values,
                   act_ev, ev, labels.house.astype(np.int64), act_split, base[0][0],
                   base[0][1], base[1][0], base[1][1])


# ------------------------------------------------------------------------ the way


def _front_bin(cls: int) -> int:
    """The learner's reading of a front class (:func:`paigow.poker.ways.spec.front_class`:
    0 = 3-2 … 77 = A-K, 78.. the pairs): the high card's rank, or :data:`FRONT_PAIR`."""
    if cls < 0:
        return -1
    if cls >= 78:
        return FRONT_PAIR
    a = 1
    while front_class(a + 1, 0) <= cls:
        a += 1
    return a


def _matches(p: Problem, r: LearnedRule) -> B:
    m = np.ones(p.n, bool)
    for c in r.conds:
        v = p.values[c.feature]
        m &= (v >= c.lo) & (v <= c.hi)
    if r.hands:
        m &= np.isin(p.types, [HAND_KEYS.index(h) for h in r.hands])
    return m


@dataclass
class State:
    """A way being learned: the rules of each section, in order (a hand-type section ends
    with a rule without conditions; the straights-and-flushes section has none)."""

    lists: dict[str, list[LearnedRule]]
    fallback: bool = False  # a way of exceptions: the otherwise way sets the other hands

    def count(self) -> int:
        """The rules of the way: its own, and one for the ``otherwise`` line."""
        return sum(len(v) for v in self.lists.values()) + int(self.fallback)

    def copy(self) -> State:
        return State({k: list(v) for k, v in self.lists.items()}, self.fallback)


@dataclass
class Play:
    """What a state plays on the labelled hands."""

    ev: F64  # EV per hand
    section_ev: F64  # EV the hand's own section gives it (straights and flushes aside)
    split: I64
    captured: B  # played by a straights-and-flushes rule
    matched: dict[str, list[B]] = field(default_factory=dict)  # per list, per rule


def play(p: Problem, st: State) -> Play:
    """The EV and split of every labelled hand under ``st``."""
    if st.fallback:  # every hand no rule of the file takes: the otherwise way's setting
        ev, split = p.base_ev.copy(), p.base_split.copy()
        sec_ev, sec_split = p.base_type_ev.copy(), p.base_type_split.copy()
    else:
        ev, split = np.full(p.n, -np.inf), np.full(p.n, -1, np.int64)
        sec_ev, sec_split = ev.copy(), split.copy()
    matched: dict[str, list[B]] = {}
    for t, key in enumerate(HAND_KEYS):
        todo = p.types == t
        ms = []
        for r in st.lists[key]:
            m = _matches(p, r) & todo
            ms.append(m)
            sec_ev[m] = ev[m] = p.act_ev[(key, r.action)][m]
            sec_split[m] = split[m] = p.act_split[(key, r.action)][m]
            todo &= ~m
        matched[key] = ms
    captured = np.zeros(p.n, bool)
    todo = p.sf_capable.copy()
    ms = []
    for r in st.lists[SF]:
        m = _matches(p, r) & todo
        ms.append(m)
        if r.action == PLAY_SF:
            ev[m] = p.act_ev[(SF, PLAY_SF)][m]
            split[m] = p.act_split[(SF, PLAY_SF)][m]
            captured |= m
        else:  # by hand type: the hand-type rules (this file's, then the otherwise way's)
            ev[m] = sec_ev[m]
            split[m] = sec_split[m]
        todo &= ~m
    matched[SF] = ms
    return Play(ev, sec_ev, split, captured, matched)


def total(p: Problem, st: State) -> float:
    """The weighted EV of ``st`` over the labelled hands (an estimate of its EV per hand
    over all hands)."""
    return float(np.sum(p.weight * play(p, st).ev))


# ------------------------------------------------------------------ the box search


@dataclass(frozen=True)
class Move:
    """A candidate rule: where it goes and what it gains."""

    score: float
    gain: float
    section: str
    position: int
    rule: LearnedRule


@cache  # the same few sizes, asked for hundreds of thousands of times in a run
def _intervals(nb: int) -> tuple[I64, I64]:
    lo, hi = np.triu_indices(nb)
    lo, hi = lo.astype(np.int64), hi.astype(np.int64)
    lo.flags.writeable = hi.flags.writeable = False
    return lo, hi


@cache
def _box_index(n1: int, n2: int) -> tuple[I64, I64, I64, I64]:
    """Flat indices, into an ``(n1 + 1) x (n2 + 1)`` cumulative array, of the four corners
    of every box of intervals of the two features."""
    lo1, hi1 = _intervals(n1)
    lo2, hi2 = _intervals(n2)
    w = n2 + 1
    out = ((hi1 + 1)[:, None] * w + (hi2 + 1)[None, :], lo1[:, None] * w + (hi2 + 1)[None, :],
           (hi1 + 1)[:, None] * w + lo2[None, :], lo1[:, None] * w + lo2[None, :])
    for a in out:
        a.flags.writeable = False
    return out


def _box_sums(cum: F64, n1: int, n2: int) -> F64:
    """Sums over every box of intervals [lo1..hi1] x [lo2..hi2] (:func:`_intervals` of
    ``n1`` and ``n2``) from a 2-D cumulative array with a leading zero row and column
    (result: one row per interval of the first feature)."""
    a, b, c, d = _box_index(n1, n2)
    f = cum.ravel()
    out: F64 = f[a] - f[b] - f[c] + f[d]
    return out


def _cum2(v1: I64, v2: I64, x: F64, n1: int, n2: int) -> F64:
    h = np.zeros((n1 + 1, n2 + 1))
    np.add.at(h, (v1 + 1, v2 + 1), x)
    return h.cumsum(0).cumsum(1)


def best_box(
    values: dict[str, I64], features: Sequence[str], reach: B, d: F64, w2: F64,
    z: float, min_support: int, required: str | None = None,
) -> tuple[float, float, tuple[Cond, ...]] | None:
    """The box of one or two interval conditions with the best ``sum(d) - z·sqrt(sum(d²))``
    over the hands of ``reach`` it holds, ``d`` each hand's weighted gain; a box must
    change the setting of at least ``min_support`` labelled hands (``d`` not zero: a rule
    is supported by the hands it changes, not by those it leaves as they were); a box
    with ``required`` among its features when given."""
    best: tuple[float, float, tuple[Cond, ...]] | None = None
    idx = np.flatnonzero(reach)
    if np.count_nonzero(d[idx]) < min_support:
        return None
    dd, qq = d[idx], w2[idx]
    feats = [f for f in features if np.any(values[f][idx] >= 0)]
    for f in feats:
        if required and f != required:
            continue
        v = values[f][idx]
        ok = v >= 0
        nb = bins(f)
        s = np.bincount(v[ok], dd[ok], nb).cumsum()
        q = np.bincount(v[ok], qq[ok], nb).cumsum()
        c = np.bincount(v[ok], (dd[ok] != 0).astype(float), nb).cumsum()
        lo, hi = _intervals(nb)
        keep = ~((lo == 0) & (hi == nb - 1) & ok.all())  # never a condition always true
        lo, hi = lo[keep], hi[keep]

        def seg(a: F64, lo: I64 = lo, hi: I64 = hi) -> F64:
            z0 = np.concatenate([[0.0], a])
            out: F64 = z0[hi + 1] - z0[lo]
            return out

        tot, var, cnt = seg(s), seg(q), seg(c.astype(float))
        score = tot - z * np.sqrt(np.maximum(var, 0)) - np.where(cnt < min_support, np.inf, 0)
        k = int(np.argmax(score))
        if best is None or score[k] > best[0]:
            best = (float(score[k]), float(tot[k]), (Cond(f, int(lo[k]), int(hi[k])),))
    for f1, f2 in combinations(feats, 2):
        if required and required not in (f1, f2):
            continue
        v1, v2 = values[f1][idx], values[f2][idx]
        ok = (v1 >= 0) & (v2 >= 0)
        if ok.sum() < min_support:
            continue
        n1, n2 = bins(f1), bins(f2)
        cs = _cum2(v1[ok], v2[ok], dd[ok], n1, n2)
        cq = _cum2(v1[ok], v2[ok], qq[ok], n1, n2)
        cc = _cum2(v1[ok], v2[ok], (dd[ok] != 0).astype(float), n1, n2)
        lo1, hi1 = _intervals(n1)
        lo2, hi2 = _intervals(n2)
        tot = _box_sums(cs, n1, n2)
        var = _box_sums(cq, n1, n2)
        cnt = _box_sums(cc, n1, n2)
        # a box whose condition on one feature is always true is a one-condition box
        full1 = (lo1 == 0) & (hi1 == n1 - 1)
        full2 = (lo2 == 0) & (hi2 == n2 - 1)
        score = tot - z * np.sqrt(np.maximum(var, 0))
        score[cnt < min_support] = -np.inf
        score[full1, :] = -np.inf
        score[:, full2] = -np.inf
        k1, k2 = np.unravel_index(int(np.argmax(score)), score.shape)
        if best is None or score[k1, k2] > best[0]:
            best = (float(score[k1, k2]), float(tot[k1, k2]),
                    (Cond(f1, int(lo1[k1]), int(hi1[k1])), Cond(f2, int(lo2[k2]), int(hi2[k2]))))
    return best


def _plain(p: Problem, section: str, conds: tuple[Cond, ...], reach: B,
           need: str | None) -> tuple[Cond, ...]:
    """Drop a condition that holds on every hand of ``reach`` the others take (``"3+"`` as
    the highest side card of three of a kind): it says nothing a person needs. A
    hand-type rule keeps one condition (without any it would take every hand)."""
    out = list(conds)
    for c in conds:
        if c.feature == need or (len(out) == 1 and section != SF):
            continue
        rest = [x for x in out if x is not c]
        if np.array_equal(_box_mask(p, out, reach), _box_mask(p, rest, reach)):
            out = rest
    return tuple(out)


def _box_mask(p: Problem, conds: Sequence[Cond], reach: B) -> B:
    m = reach.copy()
    for c in conds:
        v = p.values[c.feature]
        m &= (v >= c.lo) & (v <= c.hi)
    return m


COMMON_SF = ("no_pair", "one_pair", "two_pair", "trips")


def _sf_hand_sets(p: Problem) -> list[tuple[str, ...]]:
    """The hand types a straights-and-flushes rule may name: any set of the common types
    that can make one (no pair, one pair, two pair, three of a kind), each rarer type
    alone, and every type."""
    present = sorted({int(t) for t in p.types[p.sf_capable]})
    names = [HAND_KEYS[t] for t in present]
    common = [x for x in COMMON_SF if x in names]
    sets: list[tuple[str, ...]] = []
    for k in range(1, len(common) + 1):
        sets += list(combinations(common, k))
    sets += [(x,) for x in names if x not in common]
    if len(names) > 1:
        sets.append(())  # every hand type
    return sets


def moves(p: Problem, st: State, z: float, min_support: int) -> list[Move]:
    """The best candidate rule of every section, place and action."""
    now = play(p, st)
    w2 = p.weight**2
    out: list[Move] = []

    def consider(section: str, pos: int, action: str, reach: B, new_ev: F64,
                 hands: tuple[str, ...] = ()) -> None:
        gain = np.where(np.isfinite(new_ev), new_ev - now.ev, MISSING)
        d = np.where(reach, p.weight * gain, 0.0)
        q = np.where(reach, w2 * np.where(np.isfinite(new_ev), gain, 0.0) ** 2, 0.0)
        need = NEEDS.get((section, action))
        box = best_box(p.values, CONDITIONS[section], reach, d, q, z, min_support, need)
        guard: tuple[Cond, ...] = ()
        whole = reach
        if section != SF and np.any(reach & p.sf_capable):
            # the same rule kept off the hands with a straight or flush (a third condition)
            off = reach & ~p.sf_capable
            b2 = best_box(p.values, CONDITIONS[section], off, np.where(off, d, 0.0),
                          np.where(off, q, 0.0), z, min_support, need)
            if b2 is not None and (box is None or b2[0] > box[0]):
                box, reach, guard = b2, off, (Cond(GUARD, 0, 0),)
        if box is not None and box[0] > 0:
            conds = _plain(p, section, box[2], reach, need)
            if guard and not np.any(_box_mask(p, conds, whole) & p.sf_capable):
                guard = ()  # the other conditions keep it off every such hand already
            out.append(Move(box[0], box[1], section, pos,
                            LearnedRule(section, guard + conds, action, hands)))

    for t, key in enumerate(HAND_KEYS):
        rules = st.lists[key]
        base = (p.types == t) & ~now.captured
        # never after a last rule that takes every hand (a way that sets every hand itself)
        for pos in range(len(rules) + int(st.fallback)):
            reach = base.copy()
            for m in now.matched[key][:pos]:
                reach &= ~m
            for action in ACTIONS[key]:
                consider(key, pos, action, reach, p.act_ev[(key, action)])
    sf_rules = st.lists[SF]
    for hands in _sf_hand_sets(p):
        in_types = p.sf_capable.copy()
        if hands:
            in_types &= np.isin(p.types, [HAND_KEYS.index(h) for h in hands])
        for pos in range(len(sf_rules) + 1):
            reach = in_types.copy()
            for m in now.matched[SF][:pos]:
                reach &= ~m
            consider(SF, pos, PLAY_SF, reach, p.act_ev[(SF, PLAY_SF)], hands)
            # "by hand type" only matters above another rule, or in a way of exceptions
            # (where it keeps the otherwise way from playing the straight or flush)
            if pos < len(sf_rules) or st.fallback:
                consider(SF, pos, BY_HAND, reach, now.section_ev, hands)
            if not hands:  # a rule for every hand type needs no condition at all
                gain = np.where(reach, p.weight * (p.act_ev[(SF, PLAY_SF)] - now.ev), 0.0)
                gain = np.where(np.isfinite(gain), gain, 0.0)
                s = float(gain.sum())
                sd = float(np.sqrt(np.sum(np.where(reach, gain, 0.0) ** 2)))
                if s - z * sd > 0 and pos == len(sf_rules):
                    out.append(Move(s - z * sd, s, SF, pos, LearnedRule(SF, (), PLAY_SF)))
    return out


def pick(cands: Sequence[Move]) -> Move:
    """The best candidate; among candidates that score the same (to rounding), a
    straights-and-flushes rule: "a straight or flush with one pair …: ignore it" says
    what a one-pair rule that changes only the hands with a straight would say less
    plainly."""
    best = max(c.score for c in cands)
    tied = [c for c in cands if c.score >= best - 1e-9 * abs(best) - 1e-15]
    return next((c for c in tied if c.section == SF), tied[0])


def best_defaults(p: Problem, st: State) -> bool:
    """Give each hand-type section's last rule the setting best on the hands it takes
    (a free move: no rule is added); whether anything changed."""
    changed = False
    if st.fallback:
        return changed  # a way of exceptions has no last rule taking every hand
    now = play(p, st)
    for key in HAND_KEYS:
        rules = st.lists[key]
        last = rules[-1]
        reach = now.matched[key][-1] & ~now.captured
        if not reach.any():
            continue
        scores = {a: float(np.sum(np.where(reach, p.weight * p.act_ev[(key, a)], 0.0)))
                  for a in ACTIONS[key] if (key, a) not in NEEDS
                  and np.all(np.isfinite(p.act_ev[(key, a)][reach]))}
        a = max(scores, key=lambda x: scores[x])
        if a != last.action and scores[a] > scores[last.action] + 1e-15:
            rules[-1] = replace(last, action=a)
            changed = True
    return changed


# ------------------------------------------------------------------------- learning


@dataclass(frozen=True)
class Derived:
    """A learned way: its rules in order, the file text, and its figures on the labels."""

    rules: tuple[LearnedRule, ...]
    text: str
    spec: WaySpec
    train_house: float  # weighted EV per hand over the labels: the dealer way as a player
    train_derived: float
    train_optimal: float
    seconds: float
    steps: list[str]
    cv: CrossValidation | None = None
    z: float = 1.0
    otherwise: str | None = None  # the way the exceptions fall back on, as the file names it

    @property
    def share(self) -> float:
        """The share of optimal's gain over the house way the derived way takes, on the
        labelled (training) hands."""
        gap = self.train_optimal - self.train_house
        return float("nan") if gap <= 0 else (self.train_derived - self.train_house) / gap


MIN_RULES = len(HAND_KEYS)
MIN_EXCEPTIONS = 2  # a way of exceptions: its otherwise line and one rule




def learn_way(
    labels: Labels,
    max_rules: int = 15,
    rules: PokerRules = DEFAULT_RULES,
    name: str = "derived",
    z: float = 1.0,
    min_support: int = 8,
    header: str = "",
    title: str = "",
    notes: str = "",
    otherwise: str | None = None,
    base: Path | None = None,
    problem_: Problem | None = None,
    folds: int = 0,
    zs: Sequence[float] = (0.25, 0.5, 1.0, 2.0),
) -> Derived:
    """Learn a way of at most ``max_rules`` rules from ``labels`` (see the module
    description). ``header`` is written as comment lines at the top of the file.

    ``otherwise`` (a way file's name or path, relative to ``base``): learn a way of
    *exceptions* to that way, written with ``[way] otherwise``: every hand no learned rule
    takes is set as that way sets it; the ``otherwise`` line counts as one rule.
    ``problem_``: the labels already read (:func:`problem`), to learn many times.

    ``folds`` (at least 2): choose the penalty ``z`` among ``zs`` and the number of rules
    (up to ``max_rules``) by cross-validation on the labels (:func:`cross_validate`)
    instead of taking ``z`` and ``max_rules`` as given."""
    least = MIN_EXCEPTIONS if otherwise else MIN_RULES
    if max_rules < least:
        raise AmountError(
            f"--max-rules {max_rules} is too few: a way of exceptions needs its otherwise "
            f"line and one rule, so at least {MIN_EXCEPTIONS}" if otherwise else
            f"--max-rules {max_rules} is too few: a way file needs one rule for each of the "
            f"{MIN_RULES} hand types (no pair, one pair, ... five aces), so at least {MIN_RULES}"
        )
    start = time.perf_counter()
    fallback = (read_way("seeds" if otherwise.strip().lower() == "house" else otherwise,
                         base=base) if otherwise else None)
    p = problem_ if problem_ is not None else problem(labels, rules, fallback)
    if fallback is not None and not p.has_base and p.n:
        raise DeriveError("the labels were read without the otherwise way")
    cv: CrossValidation | None = None
    if folds:
        cv = cross_validate(p, max_rules, fallback is not None, folds, zs, min_support)
        z, max_rules = cv.z, cv.rules
    steps: list[str] = []
    st = greedy(p, start_state(fallback is not None), max_rules, z, min_support, steps)[-1]
    st = refine(p, st, z, min_support, steps)
    ordered = _ordered(st)
    full_title = title or f"{name}: a derived strategy"
    while True:
        text = way_text(ordered, name, full_title, header, notes, otherwise)
        spec, unreachable = _checked(text, ordered, p, rules, base)
        if not unreachable:
            break
        ordered = [r for i, r in enumerate(ordered, start=1) if str(i) not in unreachable]
    final = play(p, _state_of(ordered, st.fallback))
    return Derived(
        tuple(ordered), text, spec,
        float(np.sum(p.weight * p.ev_of_splits(p.house_split))),
        float(np.sum(p.weight * final.ev)),
        float(np.sum(p.weight * np.max(p.ev, axis=1))),
        time.perf_counter() - start, steps, cv, z, otherwise,
    )


def greedy(p: Problem, st: State, max_rules: int, z: float, min_support: int,
           steps: list[str] | None = None) -> list[State]:
    """Add the best-scoring rule (:func:`moves`, :func:`pick`) until ``max_rules`` or no
    rule scores above zero; the state before the first rule and after each one."""
    st = st.copy()
    best_defaults(p, st)
    out = [st.copy()]
    while st.count() < max_rules:
        cands = moves(p, st, z, min_support)
        if not cands:
            break
        m = pick(cands)
        st.lists[m.section].insert(m.position, m.rule)
        if steps is not None:
            steps.append(f"{_rule_text(m.rule)}: gain {m.gain:+.5f} a hand "
                         f"(score {m.score:+.5f})")
        best_defaults(p, st)
        out.append(st.copy())
    return out


def subproblem(p: Problem, keep: B) -> Problem:
    """The labelled hands of ``keep`` only (their weights as they were)."""
    idx = np.flatnonzero(keep)

    def sub(a: Any) -> Any:
        return a[idx] if len(a) == p.n else a

    return Problem(
        len(idx), [p.hands[i] for i in idx.tolist()], sub(p.weight), sub(p.types),
        sub(p.sf_capable), {k: sub(v) for k, v in p.values.items()},
        {k: sub(v) for k, v in p.act_ev.items()}, sub(p.ev), sub(p.house_split),
        {k: sub(v) for k, v in p.act_split.items()}, sub(p.base_split), sub(p.base_ev),
        sub(p.base_type_split), sub(p.base_type_ev),
    )


@dataclass(frozen=True)
class CrossValidation:
    """What cross-validation on the labels chose: the penalty ``z`` and the number of
    rules, from the held-out gain over the house way (weighted EV per hand, summed over
    the folds) of the way learned on the other folds, for each ``z`` and rule count
    (``curve[z][k]``: with ``k`` rules, from the fewest a way can have)."""

    z: float
    rules: int
    least: int  # the rule count of curve[z][0]
    folds: int
    curve: dict[float, list[float]]

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {"z": self.z, "rules": self.rules, "folds": self.folds,
                "held_out_gain": {str(z): {str(self.least + k): g for k, g in enumerate(c)}
                                  for z, c in self.curve.items()}}


def cross_validate(
    p: Problem, max_rules: int, fallback: bool, folds: int = 5,
    zs: Sequence[float] = (0.25, 0.5, 1.0, 2.0), min_support: int = 8, seed: int = 0,
) -> CrossValidation:
    """Choose ``z`` and the number of rules by ``folds``-fold cross-validation: for each
    ``z`` and fold, learn greedily on the other folds and score every prefix of the rules
    on the held-out fold (its gain over the house way); the ``z`` and rule count of the
    best total held-out gain (the fewest rules among equals, then the larger ``z``). The
    folds are a seeded random partition of the labelled hands."""
    if folds < 2:
        raise AmountError(f"cross-validation needs at least 2 folds, got {folds}")
    fold = np.empty(p.n, np.int64)
    fold[np.random.default_rng(seed).permutation(p.n)] = np.arange(p.n) % folds
    least = start_state(fallback).count()
    width = max_rules - least + 1
    curve: dict[float, list[float]] = {}
    for z in zs:
        gains = np.zeros(width)
        for f in range(folds):
            train, test = subproblem(p, fold != f), subproblem(p, fold == f)
            ref = float(np.sum(test.weight * test.ev_of_splits(test.house_split)))
            states = greedy(train, start_state(fallback), max_rules, z, min_support)
            values = [total(test, st) - ref for st in states]  # states[k]: k rules added
            for k in range(width):  # past the last rule learned: the same way
                gains[k] += values[min(k, len(values) - 1)]
        curve[z] = gains.tolist()
    best = max((g, -k, z) for z, c in curve.items() for k, g in enumerate(c))
    return CrossValidation(best[2], least - best[1], least, folds, curve)


def refine(p: Problem, st: State, z: float, min_support: int, steps: list[str],
           rounds: int = 3) -> State:
    """Local search after the greedy pass: take each added rule out in turn and put in
    the best rule for that place in the budget; keep the change when the way's EV over
    the labels rises (greedy choices made early, such as a broad rule for straights, are
    revisited once later rules exist)."""
    best = total(p, st)
    for _ in range(rounds):
        changed = False
        for key in (SF, *HAND_KEYS):
            i = 0
            while i < len(st.lists[key]) - (key != SF and not st.fallback):
                trial = st.copy()
                old = trial.lists[key].pop(i)
                best_defaults(p, trial)
                cands = moves(p, trial, z, min_support)
                if cands:
                    m = pick(cands)
                    trial.lists[m.section].insert(m.position, m.rule)
                    best_defaults(p, trial)
                    value = total(p, trial)
                    if value > best + 1e-12 and m.rule != old:
                        steps.append(f"swap: {_rule_text(old)} -> {_rule_text(m.rule)}: "
                                     f"{value - best:+.5f} a hand")
                        st, best, changed = trial, value, True
                        continue
                i += 1
        if not changed:
            break
    return st


def start_state(fallback: bool) -> State:
    """Where learning starts: one rule a hand type, each with the type's usual setting
    (a way that sets every hand itself), or no rule at all (a way of exceptions)."""
    if fallback:
        return State({key: [] for key in (*HAND_KEYS, SF)}, True)
    st = State({key: [LearnedRule(key, (), ACTIONS[key][0])] for key in HAND_KEYS})
    st.lists[SF] = []
    return st


def _state_of(ordered: Sequence[LearnedRule], fallback: bool = False) -> State:
    st = State({key: [] for key in (*HAND_KEYS, SF)}, fallback)
    for r in ordered:
        st.lists[r.section].append(r)
    return st


def _ordered(st: State) -> list[LearnedRule]:
    """The rules in the file's order: straights and flushes first (a hand that can make
    one is looked at there first), then the hand types from no pair up."""
    return [*st.lists[SF], *(r for key in HAND_KEYS for r in st.lists[key])]


def _checked(text: str, ordered: Sequence[LearnedRule], p: Problem,
             rules: PokerRules, base: Path | None = None) -> tuple[WaySpec, set[str]]:
    """Parse the file text, check that the interpreter plays what the learner read on every
    labelled hand, run the loader's check; the numbers of the rules no hand reaches."""
    from paigow.poker.ways.file_fast import file_splits_and_rules

    spec = parse_way(text, base=base)
    arr = np.array([sorted(h) for h in p.hands], dtype=np.int32).reshape(p.n, 7)
    splits, _ = file_splits_and_rules(spec.compile(), arr, rules)
    mine = play(p, _state_of(ordered, spec.otherwise is not None)).split
    if p.n and not np.array_equal(splits.astype(np.int64), mine):
        bad = int(np.flatnonzero(splits.astype(np.int64) != mine)[0])
        raise DeriveError(f"internal check failed: the way file and the learner set the hand "
                          f"{p.hands[bad]} of the sample differently")
    report = check_way(spec, rules)
    if report.errors:
        raise DeriveError("the derived way fails the loader's check: " + "; ".join(report.errors))
    return spec, {w.split(" (")[0].removeprefix("rule ") for w in report.warnings}


# ------------------------------------------------------------------------- words

def _plural(r: int) -> str:
    return Rank(r).plural


def _article(r: int) -> str:
    return Rank(r).article


def _range(lo: int, hi: int, one: bool) -> str:
    """Words for a rank interval: ``jacks or better``, ``an ace``, ``sevens to tens``."""
    name = _article if one else _plural
    if lo == hi:
        return name(lo)
    if hi == 12:
        return f"{name(lo)} or better"
    if lo == 0:
        return f"{name(hi)} or lower"
    return f"{name(lo)} to {name(hi)}"


def _cond_text(c: Cond, section: str) -> str:
    f, lo, hi = c.feature, c.lo, c.hi
    if f == "joker":
        return "with the joker" if lo == 1 else "without the joker"
    if f == GUARD:
        return "with a straight or flush" if lo == 1 else "no straight or flush"
    if f in ("has_flush", "has_straight"):
        what = "a flush" if f == "has_flush" else "a straight"
        return f"when it can make {what}" if lo == 1 else f"when it cannot make {what}"
    if f == "front":
        return f"when playing it leaves {_front_text(lo, hi)} in front"
    if f == "pair_in_front":
        return ("when playing it leaves a pair in front" if lo == 1
                else "when playing it leaves no pair in front")
    if f == "joker_broadway_only":
        return ("when the only straight is ace-high with the joker" if lo == 1
                else "unless the only straight is ace-high with the joker")
    if f == "pair_sum":
        a, b = lo + PAIR_SUM_OFFSET, hi + PAIR_SUM_OFFSET
        what = f"{a}" if a == b else f"{a} or more" if hi == bins(f) - 1 else \
            f"{b} or less" if lo <= 1 else f"{a} to {b}"
        return f"the two pairs add up to {what} (ace 14, king 13, queen 12, jack 11)"
    if f in ("top_single", "second_single", "third_single", "fourth_single", "fifth_single"):
        which = {"top_single": "highest", "second_single": "second highest",
                 "third_single": "third highest", "fourth_single": "fourth highest",
                 "fifth_single": "fifth highest"}[f]
        noun = "card" if section == "no_pair" else "side card"  # no pair: every card
        if f == "top_single" and hi == 12:
            if lo == 12:
                return "with an ace"
            return f"with {_range(lo, hi, True)} as the highest {noun}"
        return f"the {which} {noun} is {_range(lo, hi, True)}"
    group = {
        "high_pair": "the pair" if section in ("one_pair", "full_house", "quads_and_pair",
                                               "five_aces", SF) else "the higher pair",
        "mid_pair": "the middle pair", "low_pair": "the lower pair",
        "trips": "the three of a kind" if section != "two_trips" else "the higher three",
        "low_trips": "the lower three", "quads": "the four of a kind",
        "five": "the five of a kind",
    }[f]
    return f"{group} is {_range(lo, hi, False)}"


_SECTION_TEXT = {
    "no_pair": "no pair", "one_pair": "one pair", "two_pair": "two pair",
    "three_pair": "three pair", "trips": "three of a kind", "full_house": "a full house",
    "full_house_and_pair": "a full house and a pair", "two_trips": "two three of a kinds",
    "quads": "four of a kind", "quads_and_pair": "four of a kind and a pair",
    "quads_and_trips": "four of a kind and three of a kind",
    "five_aces": "five aces",
}

_ACTION_TEXT = {
    ("no_pair", "singles 2-3"): "the highest card behind, the next two in front",
    ("no_pair", "singles 2-4"): "the highest card behind, the second and fourth highest in front",
    ("no_pair", "singles 2-5"): "the highest card behind, the second and fifth highest in front",
    ("no_pair", "singles 2-6"): "the highest card behind, the second and sixth highest in front",
    ("one_pair", "singles 1-2"): "the pair behind, the two highest other cards in front",
    ("two_pair", "low pair"): "split: the higher pair behind, the lower pair in front",
    ("two_pair", "singles 1-2"): "keep both pairs behind, the highest other cards in front",
    ("three_pair", "high pair"): "the highest pair in front",
    ("three_pair", "mid pair"): "the middle pair in front",
    ("three_pair", "low pair"): "the lowest pair in front",
    ("trips", "singles 1-2"): "the three behind, the two highest other cards in front",
    ("trips", "trips + single 1"): "break it: a pair behind, the third card and the "
                                   "highest other card in front",
    ("full_house", "pair"): "the pair in front, the three of a kind behind",
    ("full_house", "singles 1-2"): "keep the full house behind, the other two cards in front",
    ("full_house_and_pair", "high pair"): "the higher pair in front, the full house behind",
    ("full_house_and_pair", "low pair"): "the lower pair in front, the full house behind",
    ("two_trips", "trips pair"): "a pair of the higher three in front",
    ("two_trips", "low trips pair"): "a pair of the lower three in front",
    ("quads", "quads pair"): "split it: a pair in front, a pair behind",
    ("quads", "singles 1-2"): "keep the four behind, the two highest other cards in front",
    ("quads_and_pair", "pair"): "the pair in front, the four of a kind behind",
    ("quads_and_pair", "quads pair"): "split the four: a pair of them in front",
    ("quads_and_trips", "trips pair"): "a pair of the three in front, the four behind",
    ("quads_and_trips", "quads pair"): "a pair of the four in front, a full house behind",
    ("five_aces", "five pair"): "a pair of aces in front, the rest behind",
    ("five_aces", "pair"): "the pair in front, the five aces behind",
    (SF, PLAY_SF): "play it behind, the best two cards it leaves in front",
    (SF, BY_HAND): "ignore it: set the hand by its own rule",
}


def _rule_text(r: LearnedRule) -> str:
    if r.section == SF:
        what = "a straight or flush"
        if r.hands:
            names = [_SECTION_TEXT[h] for h in r.hands]
            kinds = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
            what += f" with {kinds}"
    else:
        what = _SECTION_TEXT[r.section].capitalize()
    what = what[0].upper() + what[1:]
    conds = ", ".join(_cond_text(c, r.section) for c in r.conds)
    head = f"{what}, {conds}" if conds else what
    return f"{head}: {_ACTION_TEXT[(r.section, r.action)]}"


def _front_text(lo: int, hi: int) -> str:
    """Words for a front interval: ``a king-high hand or better``, ``a pair``, ``a nine-
    to jack-high hand``."""
    if lo == FRONT_PAIR:
        return "a pair"
    top = "" if hi == FRONT_PAIR else f" to {Rank(hi).word}-high hand"
    if hi == FRONT_PAIR:
        return f"{_article(lo)}-high hand or better (a pair too)"
    if lo == hi:
        return f"{_article(lo)}-high hand"
    if lo <= 1:  # a two-high hand cannot be: three-high is the lowest
        return f"{_article(hi)}-high hand or lower"
    return f"{_article(lo)}{top}"


def _rank_value(c: Cond) -> str:
    if c.feature in BOOLEAN:
        return "true" if c.lo == 1 else "false"
    if c.feature == "front":
        if c.hi == FRONT_PAIR:
            return '"pair"' if c.lo == FRONT_PAIR else f'"{RANKS[max(c.lo, 1)]}+"'
        return "[" + ", ".join(f'"{RANKS[r]}"' for r in range(max(c.lo, 1), c.hi + 1)) + "]"
    if c.feature == "pair_sum":
        a, b = c.lo + PAIR_SUM_OFFSET, c.hi + PAIR_SUM_OFFSET
        if a == b:
            return f'"{a}"'
        return f'"<={b}"' if c.lo <= 1 else f'">={a}"' if c.hi == bins(c.feature) - 1 else \
            f'"{a}-{b}"'
    lo, hi = RANKS[c.lo], RANKS[c.hi]
    if c.lo == c.hi:
        return f'"{lo}"'
    if c.hi == 12:
        return f'"{lo}+"'
    return f'"{lo}-{hi}"'


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def way_text(ordered: Sequence[LearnedRule], name: str, title: str, header: str = "",
             notes: str = "", otherwise: str | None = None) -> str:
    """The way file of ``ordered`` rules (numbered 1, 2, … in order), falling back on the
    ``otherwise`` way when given."""
    out = [f"# {line}".rstrip() for line in header.splitlines()]
    out += ["", "[way]", f"name = {_quote(name)}", f"title = {_quote(title)}",
            f"source = {_quote('paigow poker derive-strategy: learned from exact advice')}"]
    if notes:
        out.append(f"notes = {_quote(notes)}")
    if otherwise:
        out.append(f"otherwise = {_quote(otherwise)}")
    for i, r in enumerate(ordered, start=1):
        out += ["", f"[[{r.section}]]", f'rule = "{i}"']
        if r.hands:
            hands = ", ".join(_quote(h) for h in r.hands)
            out.append(f"hand = [{hands}]" if len(r.hands) > 1 else f"hand = {hands}")
        for c in r.conds:
            out.append(f"{c.feature} = {_rank_value(c)}")
        out += [f"set = {_quote(r.action)}", f"text = {_quote(_rule_text(r))}"]
    return "\n".join(out) + "\n"


def share_ci(g_way: F64, g_opt: F64, weights: F64 | None = None) -> tuple[float, float, float]:
    """The share ``mean(g_way) / mean(g_opt)`` of two paired per-hand gains (uniform
    sample) and its 95% interval by the delta method.

    >>> s, lo, hi = share_ci(np.array([1.0, 0.0, 1.0, 0.0]), np.array([2.0, 0.0, 2.0, 0.0]))
    >>> round(s, 6), round(lo, 6), round(hi, 6)
    (0.5, 0.5, 0.5)
    """
    n = len(g_way)
    mx, my = float(np.mean(g_opt)), float(np.mean(g_way))
    if n < 2 or mx == 0:
        return float("nan"), float("nan"), float("nan")
    r = my / mx
    resid = g_way - r * g_opt
    se = math.sqrt(float(np.var(resid, ddof=1)) / n) / abs(mx)
    return r, r - 1.959963984540054 * se, r + 1.959963984540054 * se




# ------------------------------------------------------------------ the evaluation


@dataclass(frozen=True)
class WayScore:
    """One way over an evaluation sample: its edge (minus its EV per unit bet, exact over
    the sample) with a 95% interval over the sampling of hands, and its gain over the
    house way, paired hand by hand, with its interval."""

    name: str
    edge: float
    edge_ci95: tuple[float, float]
    gain: float
    gain_ci95: tuple[float, float]

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {"name": self.name, "edge": self.edge, "ci95": list(self.edge_ci95),
                "gain": {"edge": self.gain, "ci95": list(self.gain_ci95)}}


@dataclass(frozen=True)
class Evaluation:
    """The house way (the dealer's way played by the player), the derived way and
    optimal, scored on the same uniformly sampled hands, and the share of optimal's gain
    the derived way takes (with a delta-method interval)."""

    hands: int
    seed: int
    house: WayScore
    derived: WayScore
    optimal: WayScore
    share: float
    share_ci95: tuple[float, float]
    seconds: float

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {"hands": self.hands, "seed": self.seed, "house": self.house.to_json(),
                "derived": self.derived.to_json(), "optimal": self.optimal.to_json(),
                "share": {"of_optimal": self.share, "ci95": list(self.share_ci95)},
                "seconds": round(self.seconds, 1)}


def _mean_ci(x: F64) -> tuple[float, tuple[float, float]]:
    n = len(x)
    m = float(np.mean(x))
    h = 1.959963984540054 * math.sqrt(float(np.var(x, ddof=1)) / n) if n > 1 else 0.0
    return m, (m - h, m + h)


def evaluate(labels: Labels, splits: I64, name: str = "derived") -> Evaluation:
    """Score a way (its split of each labelled hand: ``splits``) beside the house way and
    optimal on labels of a *uniform* sample: what ``poker sweep --player`` reports for
    the same hands (tested equal)."""
    ev = labels.ev()
    rows = np.arange(len(splits))
    e_house = ev[rows, labels.house]
    e_opt = np.max(ev, axis=1)
    e_way = ev[rows, splits]
    if not np.all(np.isfinite(e_way)):
        raise DeriveError(f"the {name} way fouls a hand of the evaluation sample")
    scores = []
    for label, e in (("house", e_house), (name, e_way), ("optimal", e_opt)):
        m, (lo, hi) = _mean_ci(-e)
        g, (glo, ghi) = _mean_ci(e - e_house)
        scores.append(WayScore(label, m, (lo, hi), g, (glo, ghi)))
    share, slo, shi = share_ci(e_way - e_house, e_opt - e_house)
    return Evaluation(len(splits), labels.sample.seed, scores[0], scores[1], scores[2],
                      share, (slo, shi), labels.seconds)


def uniform_sample(hands: list[list[int]], seed: int) -> Sample:
    """A uniform sample as a :class:`~paigow.analysis.poker_labels.Sample` (every hand
    one stratum, the same weight), to be labelled and evaluated on."""
    n = len(hands)
    return Sample(hands, [0] * n, [1.0 / n] * n, seed, n, (1.0,), (n,))


__all__ = [
    "ACTIONS",
    "CONDITIONS",
    "Cond",
    "DeriveError",
    "Derived",
    "Evaluation",
    "LearnedRule",
    "WayScore",
    "evaluate",
    "learn_way",
    "share_ci",
    "uniform_sample",
    "way_text",
]
