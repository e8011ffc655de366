"""Hand-setting ways as batch kernels: what the exact and Monte Carlo analyses call.

The analyses set millions of hands, so they take a :class:`FastWay`: given an ``(n, 7)``
array of hands (cards ascending) and whether the hands bank, the split index 0..20 of
each (the order of :func:`paigow.poker.setting.settings`). Two kinds exist:

* the house way's numba kernel (``paigow.poker.ways.house_fast``), wrapped by
  :func:`fast_way` under the name ``house``;
* a way file (a shipped name such as ``foxwoods``, or a path), compiled to the arrays the
  numba interpreter :mod:`paigow.poker.ways.file_fast` reads (:class:`FileFastWay`), as
  fast as the built-in kernel (both run in the enumerators of
  :mod:`paigow.poker.ways.kernel`);
* any other :class:`~paigow.poker.ways.PokerWay` (``basic``, ``optimal``, …) wrapped by
  :class:`SlowWay`, which calls its ``choose`` hand by hand (fine for a few thousand
  hands, not for a full enumeration).

A fast way also has a :meth:`FastWay.fingerprint`: a string that changes whenever its
behaviour may change (the rules, the kernel's source), used to key the on-disk cache.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import import_module
from math import comb
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from paigow.analysis import Progress
from paigow.errors import RuleError
from paigow.poker.cards import sort_cards
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.ways import PokerWay
from paigow.ways import get_way

if TYPE_CHECKING:  # the file interpreter and the kernels are imported where they run
    from paigow.poker.ways.file_way import FileWay

I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]

# split index of each (descending position, descending position) two-card hand
_SPLIT_OF: dict[tuple[int, int], int] = {}
for _x in range(7):
    for _y in range(_x + 1, 7):
        _SPLIT_OF[(_x, _y)] = len(_SPLIT_OF)


@runtime_checkable
class FastWay(Protocol):
    """A hand-setting way that sets a whole batch of hands at once."""

    name: str

    def splits(self, hands: I32, banking: bool) -> I8:
        """Split index 0..20 of each hand (rows of seven cards, ascending)."""
        ...

    def fingerprint(self) -> str:
        """A string that changes whenever the way's choices may change."""
        ...


def split_index(cards: Sequence[int], low: Sequence[int]) -> int:
    """The split index of the setting of seven ``cards`` that plays ``low`` in front.

    >>> from paigow.poker.cards import parse_cards
    >>> split_index(parse_cards("As Kd Qh Jc 9s 8d 2c"), parse_cards("As Kd"))
    0
    >>> split_index(parse_cards("As Kd Qh Jc 9s 8d 2c"), parse_cards("8d 2c"))
    20
    """
    hand = sort_cards(cards)
    x, y = sorted((hand.index(low[0]), hand.index(low[1])))
    return _SPLIT_OF[(x, y)]


@functools.cache
def module_hash(*names: str) -> str:
    """A short hash of the source files of modules, read without importing them (so a
    cache key costs no numba start-up)."""
    from importlib.util import find_spec

    h = hashlib.sha256()
    for name in names:
        spec = find_spec(name)
        origin = spec.origin if spec is not None else None
        try:
            h.update(open(origin, "rb").read() if origin else name.encode())  # noqa: SIM115
        except OSError:
            h.update(name.encode())
    return h.hexdigest()[:16]


@functools.cache
def source_hash(*objects: object) -> str:
    """A short hash of the source code of modules, classes or functions."""
    h = hashlib.sha256()
    for obj in objects:
        try:
            h.update(inspect.getsource(obj).encode())  # type: ignore[arg-type]
        except (OSError, TypeError):
            h.update(repr(obj).encode())
    return h.hexdigest()[:16]


class SlowWay:
    """Any :class:`~paigow.poker.ways.PokerWay` as a :class:`FastWay`, hand by hand."""

    def __init__(self, way: PokerWay, rules: PokerRules = DEFAULT_RULES) -> None:
        self.way = way
        self.rules = rules
        self.name = way.name
        self._fingerprint: str | None = None

    def splits(self, hands: I32, banking: bool) -> I8:
        out = np.empty(len(hands), np.int8)
        for i, row in enumerate(np.asarray(hands).tolist()):
            s = self.way.choose(row, banking).setting
            out[i] = split_index(row, s.low)
        return out

    def fingerprint(self) -> str:
        if self._fingerprint is None:
            module = import_module(type(self.way).__module__)
            self._fingerprint = f"{self.name}:{self.rules}:{source_hash(type(self.way), module)}"
        return self._fingerprint


KERNEL = "paigow.poker.ways.kernel"
"""The module of the one enumeration every hand-setting kernel runs in."""


class HouseFastWay:
    """The house way's numba kernel (``paigow.poker.ways.house_fast``) as a FastWay."""

    name = "house"
    role_blind = True  # rule 0.4: the house way sets a bank's hand as a player's

    def __init__(self, rules: PokerRules = DEFAULT_RULES) -> None:
        self.rules = rules
        self._fingerprint = (f"house:{rules}:"
                             f"{module_hash('paigow.poker.ways.house_fast', KERNEL)}")

    def splits(self, hands: I32, banking: bool) -> I8:
        """The house way's split of each hand (it sets a bank's hand as a player's)."""
        module = import_module("paigow.poker.ways.house_fast")  # numba: imported on use
        out = module.house_splits_unchecked(np.ascontiguousarray(hands, dtype=np.int32),
                                            self.rules)
        return np.asarray(out, dtype=np.int8)

    def fingerprint(self) -> str:
        return self._fingerprint


class FileFastWay:
    """A way file's compiled rules run by the numba interpreter
    (:mod:`paigow.poker.ways.file_fast`) as a FastWay."""

    role_blind = True  # a way file sets a bank's hand as a player's

    def __init__(self, way: FileWay) -> None:
        self.way = way
        self.name = way.name
        self.rules = way.rules
        self._fingerprint = (
            f"file:{way.name}:{way.spec.digest}:{way.rules}:"
            f"{module_hash('paigow.poker.ways.file_fast', 'paigow.poker.ways.spec', KERNEL)}"
        )

    def splits(self, hands: I32, banking: bool) -> I8:
        """The way's split of each hand (it sets a bank's hand as a player's)."""
        from paigow.poker.ways import file_fast  # numba: imported on use

        out = file_fast.file_splits_unchecked(
            self.way.compiled, np.ascontiguousarray(hands, dtype=np.int32), self.rules
        )
        return np.asarray(out, dtype=np.int8)

    def fingerprint(self) -> str:
        return self._fingerprint


_HOUSE: dict[PokerRules, HouseFastWay] = {}


def fast_way(name: str | FastWay, rules: PokerRules = DEFAULT_RULES) -> FastWay:
    """A batch way by name or path: ``house`` is the house way's kernel; a way file (a
    shipped name or a path) runs compiled in the file interpreter's kernel; any other name
    of :func:`paigow.ways.get_way` is wrapped hand by hand (slow). A FastWay passes
    through unchanged.

    >>> fast_way("foxwoods").name, fast_way("house").name
    ('foxwoods', 'house')
    """
    if not isinstance(name, str):
        return name
    key = name.strip().lower()
    if key == "house":
        rules = PokerRules(rules.joker, rules.wheel)  # all the kernel reads: one table each
        if rules not in _HOUSE:
            _HOUSE[rules] = HouseFastWay(rules)
        return _HOUSE[rules]
    from paigow.poker.ways.file_way import FileWay

    way = get_way(name, rules)
    if isinstance(way, FileWay):
        return FileFastWay(way)
    return SlowWay(way, rules)




# ------------------------------------------------------------------------ ways-diff


def diff_way(name: str, rules: PokerRules = DEFAULT_RULES) -> FileWay:
    """A way ``ways-diff`` can compare exactly: a way file (shipped name or path), or
    ``house``, whose settings are those of the shipped ``seeds`` file on every hand (proven
    by the test suite), so that its rule numbers can be counted."""
    from paigow.poker.ways.file_way import FileWay, load_way

    key = name.strip().lower()
    if key == "house":
        return load_way("seeds", rules)
    way = get_way(name, rules)
    if not isinstance(way, FileWay):
        raise RuleError(
            f"ways-diff compares house or way files (and optimal as the second way), not "
            f"{name!r}"
        )
    return way


@dataclass(frozen=True)
class DiffRow:
    """Hands of one class (a hand type, or a rule of one way) and how many are set alike."""

    label: str
    hands: int
    agree: int

    @property
    def differ(self) -> int:
        """Hands set differently."""
        return self.hands - self.agree

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {"label": self.label, "hands": self.hands, "agree": self.agree,
                "differ": self.differ}


@dataclass(frozen=True)
class CostSample:
    """The EV of B's setting minus A's over a random sample of hands (of the differing
    hands when both ways are files; of all hands when B is ``optimal``), from exact advice
    against ``dealer`` as banker."""

    dealer: str
    seed: int
    draws: int
    hand_types: tuple[str, ...]
    costs: tuple[float, ...]
    agree: tuple[bool, ...]
    scale: float  # fraction of all hands the sample stands for (exact when known)

    @property
    def n(self) -> int:
        """Hands advised."""
        return len(self.costs)

    def mean_ci(self) -> tuple[float, float, float]:
        """Mean gain per sampled hand and its 95% interval (normal approximation)."""
        x = np.asarray(self.costs, dtype=np.float64)
        if len(x) == 0:
            return 0.0, 0.0, 0.0
        m = float(x.mean())
        half = 1.96 * float(x.std(ddof=1)) / len(x) ** 0.5 if len(x) > 1 else float("inf")
        return m, m - half, m + half

    def per_hand(self) -> tuple[float, float, float]:
        """The gain of B over A per hand of the game (the mean times ``scale``)."""
        m, lo, hi = self.mean_ci()
        return m * self.scale, lo * self.scale, hi * self.scale

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        m, lo, hi = self.mean_ci()
        pm, plo, phi = self.per_hand()
        return {"dealer": self.dealer, "seed": self.seed, "hands": self.n,
                "draws": self.draws, "mean_gain": m, "mean_gain_ci95": [lo, hi],
                "gain_per_hand": pm, "gain_per_hand_ci95": [plo, phi],
                "sample_agree": int(sum(self.agree)),
                "per_hand": [{"hand_type": t, "gain": g, "agree": a} for t, g, a in
                             zip(self.hand_types, self.costs, self.agree, strict=True)]}


@dataclass(frozen=True)
class WaysDiff:
    """Two ways compared: exact agreement over every hand (both ways files), and the EV
    of the differences from a sample."""

    a: str
    b: str
    total: int
    agree: int
    by_type: tuple[DiffRow, ...]
    by_rule_a: tuple[DiffRow, ...]
    by_rule_b: tuple[DiffRow, ...]
    sample: CostSample | None = None
    exact: bool = True

    def to_json(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {
            "a": self.a, "b": self.b, "exact": self.exact, "hands": self.total,
            "agree": self.agree, "differ": self.total - self.agree,
            "by_hand_type": [r.to_json() for r in self.by_type],
            "by_rule_a": [r.to_json() for r in self.by_rule_a],
            "by_rule_b": [r.to_json() for r in self.by_rule_b],
            "sample": None if self.sample is None else self.sample.to_json(),
        }


def exact_diff(
    a: str, b: str, rules: PokerRules = DEFAULT_RULES, on_progress: Progress | None = None,
) -> WaysDiff:
    """Agreement of ways ``a`` and ``b`` over all 154,143,080 hands, by hand type and by
    rule number of each way (one pass of both compiled ways' kernel)."""
    from paigow.poker.ways.file_fast import file_diff_all
    from paigow.poker.ways.spec import HAND_TYPES

    wa, wb = diff_way(a, rules), diff_way(b, rules)
    counts = file_diff_all(wa.compiled, wb.compiled, rules, on_progress)
    total = int(counts.sum())
    agree = int(counts[..., 1].sum())
    by_type = tuple(
        DiffRow(HAND_TYPES[key][0], int(counts[t].sum()), int(counts[t, ..., 1].sum()))
        for t, key in enumerate(HAND_TYPES)
    )

    def by_rule(way: FileWay, axis_sum: tuple[int, ...]) -> tuple[DiffRow, ...]:
        hands = counts.sum(axis=axis_sum)  # (rules + 1, 2)
        own = way.compiled.own
        index = {rule.rule: i for i, rule in enumerate(way.compiled.rules[:own])}
        rows = []
        for rule in way.spec.rules:  # in the file's (the casino's) order
            i = index[rule.rule]
            n = int(hands[i + 1].sum())
            if n:
                rows.append(DiffRow(f"{rule.rule}: {rule.text}", n, int(hands[i + 1, 1])))
        if way.spec.otherwise is not None:  # every hand its otherwise way set: one row
            rest = hands[own + 1:]
            if int(rest.sum()):
                rows.append(DiffRow(f"otherwise: as {way.spec.otherwise.name} sets it",
                                    int(rest.sum()), int(rest[:, 1].sum())))
        return tuple(rows)

    return WaysDiff(wa.name if a.strip().lower() != "house" else "house", wb.name, total,
                    agree, by_type, by_rule(wa, (0, 2)), by_rule(wb, (0, 1)))


AdviseFn = Callable[[list[int]], dict[int, float]]


def sample_gain(
    a: str, b: str, n: int, seed: int, dealer: str | None = None,
    rules: PokerRules = DEFAULT_RULES, rate: Fraction = Fraction(5, 100),
    scale: float | None = None, advise_fn: AdviseFn | None = None,
    on_progress: Progress | None = None, max_draws: int = 50_000_000,
) -> CostSample:
    """EV of B's setting minus A's on ``n`` random hands set differently by the two (or,
    when ``b`` is ``optimal``, on ``n`` random hands, B's setting being the best one by
    exact advice). ``advise_fn(hand) -> {split: EV}`` defaults to
    :func:`paigow.analysis.poker_odds.advise` against ``dealer`` (default: way A) as
    banker. Hands are drawn uniformly from all C(53,7) with a seeded generator. Under a
    push rule (``rules.push``) the advice counts it; the ways set hands without it (so the
    dealer way's one-time table is the classic game's)."""
    from paigow.analysis import poker_kernels as kern
    from paigow.poker.fast import BINOM
    from paigow.poker.ways.hand import analyse
    from paigow.poker.ways.spec import HAND_KEYS, HAND_TYPES, SHAPE_TYPE

    way_rules = PokerRules(rules.joker, rules.wheel, rules.foul)
    wa = diff_way(a, way_rules)
    optimal = b.strip().lower() == "optimal"
    fa = FileFastWay(wa)
    fb = None if optimal else FileFastWay(diff_way(b, way_rules))
    dealer_name = dealer or a
    if advise_fn is None:
        from paigow.analysis.poker_odds import advise

        dealer_way = fast_way(dealer_name, way_rules)

        def advise_fn(hand: list[int]) -> dict[int, float]:
            adv = advise(hand, dealer_way, False, rate, rules)
            return {s.split: float(s.ev) for s in adv.settings} | {-1: adv.best_setting.split}

    rng = np.random.default_rng(np.random.SeedSequence(seed))
    total = comb(53, 7)
    picked: list[list[int]] = []
    draws = 0
    pos = np.zeros(7, np.int64)
    while len(picked) < n and draws < max_draws:
        idx = rng.integers(0, total, size=4096)
        hands = np.empty((len(idx), 7), np.int32)
        for k, x in enumerate(idx.tolist()):
            kern.unrank7(int(x), BINOM, pos)
            hands[k] = pos
        if optimal:
            differ = np.ones(len(hands), np.bool_)
        else:
            assert fb is not None
            differ = fa.splits(hands, False) != fb.splits(hands, False)
        for k in range(len(hands)):
            draws += 1
            if differ[k]:
                picked.append(hands[k].tolist())
                if len(picked) == n:
                    break
    costs: list[float] = []
    agree: list[bool] = []
    types: list[str] = []
    arr = np.array(picked, dtype=np.int32).reshape(-1, 7)
    sa = fa.splits(arr, False) if len(arr) else np.zeros(0, np.int8)
    sb = (fb.splits(arr, False) if fb is not None and len(arr) else None)
    for i, hand in enumerate(picked):
        ev = advise_fn(hand)
        split_b = int(ev[-1]) if optimal else int(sb[i])  # type: ignore[index]
        split_a = int(sa[i])
        costs.append(ev[split_b] - ev[split_a])
        agree.append(split_a == split_b)
        view = analyse(hand, rules)
        types.append(HAND_TYPES[HAND_KEYS[SHAPE_TYPE[view.shape]]][0])
        if on_progress is not None:
            on_progress(i + 1, len(picked))
    frac = scale if scale is not None else (1.0 if optimal else len(picked) / max(draws, 1))
    return CostSample(dealer_name, seed, draws, tuple(types), tuple(costs), tuple(agree),
                      frac)


__all__ = [
    "CostSample",
    "DiffRow",
    "FastWay",
    "FileFastWay",
    "HouseFastWay",
    "SlowWay",
    "WaysDiff",
    "diff_way",
    "exact_diff",
    "fast_way",
    "sample_gain",
    "source_hash",
    "split_index",
]
