"""House ways loaded from files: the plain Python interpreter, the shipped ways, and the
checks run on every load.

:func:`load_way` takes a shipped name (``seeds``, ``foxwoods``, ``trump-plaza``, …; the
files in ``paigow/poker/houseways/``) or a path to a TOML file (format:
``docs/poker-house-way-files.md``), checks it, and returns a :class:`FileWay`: a
:class:`~paigow.poker.ways.PokerWay` whose decisions carry the file's rule numbers.

The check (:func:`check_way`) runs the compiled way over every pattern of ranks a hand can
hold (every multiset of seven ranks, and of six with the joker), each dealt once without a
flush and, where five suited cards fit, once with one; every hand-type rule is also tried
with the straights-and-flushes section switched off. It fails when a hand gets no setting
or a fouled one, naming the rule and its line and an example hand, and reports (as
``way.warnings``) every rule no hand reaches. ``paigow poker ways check FILE --all`` runs
the same over all 154,143,080 hands.

>>> way = load_way("seeds")
>>> d = way.choose("Kd Ks 7h 7c 4d 4s Ac")
>>> str(d.setting), d.rule.text
('Ac 7h 7c 4s 4d | Ks Kd', 'seeds 4.1: three pair: the highest pair in front')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import numpy.typing as npt

from paigow.errors import RuleError, SettingError
from paigow.poker.cards import JOKER, Rank, format_cards, sort_cards
from paigow.poker.rank import CATEGORY_SHIFT, Category, straight_key, unpack
from paigow.poker.rules import DEFAULT_RULES, PokerRules
from paigow.poker.setting import Setting, settings
from paigow.poker.ways import Decision
from paigow.poker.ways.hand import (
    SPLITS,
    STRAIGHTS_AND_FLUSHES,
    HandView,
    analyse,
    key2,
    key5,
    may_straight_or_flush,
)
from paigow.poker.ways.spec import (
    ABSENT,
    ACT_BEST_SF,
    ACT_BY_HAND,
    ACT_GROUP,
    ACT_GROUP_SINGLE,
    ACT_SINGLES,
    FEATURES,
    HAND_KEYS,
    SF_SECTION,
    SHAPE_TYPE,
    CompiledWay,
    Rule,
    WaySpec,
    front_class,
    parse_way,
)
from paigow.ways import Rule as WayRule

I32 = npt.NDArray[np.int32]
HOUSEWAY_PACKAGE = "paigow.poker.houseways"


def shipped_ways() -> tuple[str, ...]:
    """Names of the way files shipped with paigow.

    >>> "seeds" in shipped_ways() and "foxwoods" in shipped_ways()
    True
    """
    folder = resources.files(HOUSEWAY_PACKAGE)
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


def shipped_path(name: str) -> Path | None:
    """The file of a shipped way, or ``None``."""
    p = resources.files(HOUSEWAY_PACKAGE) / f"{name.strip().lower()}.toml"
    return Path(str(p)) if p.is_file() else None


def is_way_file(name: str) -> bool:
    """Whether ``name`` names a way file: a shipped way or an existing ``.toml`` path."""
    text = name.strip()
    return shipped_path(text) is not None or (text.lower().endswith(".toml") and
                                              Path(text).is_file())


def read_way(name_or_path: str, base: Path | None = None, chain: tuple[str, ...] = ()) -> WaySpec:
    """Parse a shipped way by name or a way file by path (no hand-by-hand check); a
    relative path is taken from ``base`` when given (the folder of a file whose
    ``otherwise`` names it); ``chain``, the files being read, refuses a loop of
    ``otherwise`` ways."""
    text = name_or_path.strip()
    path = shipped_path(text)
    if path is None:
        path = Path(text)
        if base is not None and not path.is_absolute():
            path = base / path
        if not path.is_file():
            raise RuleError(
                f"unknown house way {text!r}: give a .toml way file or one of "
                + ", ".join(shipped_ways())
            )
    key = str(path.resolve())
    if key in chain:
        raise RuleError(f"the ways loop through otherwise: {path.name} names itself "
                        "(through the ways it falls back to)")
    try:
        content = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleError(f"cannot read the way file {text!r}: {exc}") from None
    try:
        return parse_way(content, path.stem, path.parent, (*chain, key))
    except RuleError as exc:
        raise RuleError(f"{path.name}: {exc}") from None


# ------------------------------------------------------------------ the interpreter


# the straight-or-flush settings' filters (spec.SF_SETTINGS): the back categories each
# chooses among
_FILTERS: tuple[frozenset[Category], ...] = (
    STRAIGHTS_AND_FLUSHES,
    frozenset({Category.STRAIGHT}),
    frozenset({Category.FLUSH}),
    frozenset({Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH}),
    STRAIGHTS_AND_FLUSHES,  # with the hand's highest single card in front
)
_BACKS = (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


@dataclass(frozen=True)
class SFScan:
    """Every setting of a hand with a straight or better behind, summed up: per filter of
    :data:`paigow.poker.ways.spec.SF_SETTINGS` the setting with the best front (then back,
    then the first), with its front and back keys; the best category behind; whether every
    such back is an ace-high straight made with the joker in a hand holding a natural ace."""

    best: tuple[tuple[Setting, int, int] | None, ...]
    top: Category
    broadway: bool

    def setting(self, filter_: int = 0) -> Setting | None:
        """The best setting among those whose back passes ``filter_``."""
        b = self.best[filter_]
        return None if b is None else b[0]


def sf_scan(view: HandView) -> SFScan | None:
    """The hand's straight-or-better settings (``None`` when it has none)."""
    if not may_straight_or_flush(view.cards):
        return None
    cards = view.cards
    single = view.singles[0] if view.singles else None  # the highest single card
    best: list[tuple[int, int, int] | None] = [None] * len(_FILTERS)
    all_broadway = True
    top = Category.HIGH_CARD
    ace_high = straight_key(Rank.ACE, view.rules.wheel == "second")  # A-K-Q-J-T's value
    for i, (a, b) in enumerate(SPLITS):
        back = [c for k, c in enumerate(cards) if k not in (a, b)]
        kb = key5(back, view.rules)
        cat = Category(kb >> CATEGORY_SHIFT)
        if cat not in STRAIGHTS_AND_FLUSHES:
            continue
        if not (cat is Category.STRAIGHT and (kb >> 16) & 15 == ace_high and JOKER in back):
            all_broadway = False
        top = max(top, cat)
        cand = (key2((cards[a], cards[b]), view.rules), kb, i)
        for f, allowed in enumerate(_FILTERS):
            old = best[f]
            if f == 4 and single not in (cards[a], cards[b]):
                continue
            if cat in allowed and (old is None or cand[:2] > old[:2]):
                best[f] = cand
    if best[0] is None:
        return None
    natural_ace = any(c != JOKER and c >> 2 == 12 for c in cards)
    out = tuple(None if b is None else
                (view.split((cards[SPLITS[b[2]][0]], cards[SPLITS[b[2]][1]])), b[0], b[1])
                for b in best)
    return SFScan(out, top, all_broadway and natural_ace)


def _front_class(key: int) -> int:
    """The class of a two-card key (:func:`paigow.poker.ways.spec.front_class`)."""
    high = unpack((key >> 16) & 15)
    if Category(key >> CATEGORY_SHIFT) is Category.PAIR:
        return front_class(high, high)
    return front_class(high, unpack((key >> 12) & 15))


@dataclass(frozen=True)
class Reading:
    """What the rules see in a hand: its features and, when a straight or flush can be
    set behind, its straight-or-better settings."""

    features: tuple[int, ...]
    hand_type: int
    sf: SFScan | None

    @property
    def best_sf(self) -> Setting | None:
        """The ``straight or flush`` setting (best front, then back), if any."""
        return None if self.sf is None else self.sf.setting(0)


_SF_FEATURES = ("joker_broadway_only", "pair_in_front", "front_improves", "best_back",
                "top_back", "has_straight", "has_flush", "front", "single_in_front")


def read_hand(view: HandView, with_sf: bool, asks_sf: bool = False) -> Reading:
    """The features of :mod:`paigow.poker.ways.spec` of a hand; the straights-and-flushes
    features with ``with_sf``, ``straight_or_flush`` with ``asks_sf`` (both scan the hand
    for a straight or better)."""
    f = [ABSENT] * len(FEATURES)
    pairs = [g.rank for g in view.of_size(2)]
    trips = [g.rank for g in view.of_size(3)]
    singles = list(view.single_ranks())
    if pairs:
        f[FEATURES["high_pair"]] = pairs[0]
        if len(pairs) >= 2:
            f[FEATURES["low_pair"]] = pairs[-1]
            f[FEATURES["pair_sum"]] = pairs[0] + pairs[-1]
        if len(pairs) >= 3:
            f[FEATURES["mid_pair"]] = pairs[1]
    if trips:
        f[FEATURES["trips"]] = trips[0]
        if len(trips) >= 2:
            f[FEATURES["low_trips"]] = trips[1]
    for size, key in ((4, "quads"), (5, "five")):
        groups = view.of_size(size)
        if groups:
            f[FEATURES[key]] = groups[0].rank
    for m, key in enumerate(("top_single", "second_single", "third_single", "fourth_single",
                             "fifth_single")):
        if len(singles) > m:
            f[FEATURES[key]] = singles[m]
    f[FEATURES["joker"]] = int(JOKER in view.cards)
    hand_type = SHAPE_TYPE[view.shape]
    f[FEATURES["hand"]] = hand_type
    for key in _SF_FEATURES:
        f[FEATURES[key]] = 0
    scan = sf_scan(view) if (with_sf or asks_sf) else None
    if asks_sf:
        f[FEATURES["straight_or_flush"]] = int(scan is not None)
    if scan is not None:
        best = scan.best[0]
        assert best is not None
        f[FEATURES["joker_broadway_only"]] = int(scan.broadway)
        f[FEATURES["pair_in_front"]] = int(Category(best[1] >> CATEGORY_SHIFT) is Category.PAIR)
        f[FEATURES["best_back"]] = _BACKS.index(Category(best[2] >> CATEGORY_SHIFT))
        f[FEATURES["top_back"]] = _BACKS.index(scan.top)
        f[FEATURES["has_straight"]] = int(scan.best[1] is not None)
        f[FEATURES["has_flush"]] = int(scan.best[2] is not None)
        f[FEATURES["front"]] = _front_class(best[1])
        f[FEATURES["single_in_front"]] = int(scan.best[4] is not None)
    return Reading(tuple(f), hand_type, scan)


def _holds(rule: Rule, features: Sequence[int]) -> bool:
    return all(features[FEATURES[k]] in v for k, v in rule.conditions.items())


class FileWay:
    """A house way read from a file: ``choose`` plays the first rule whose conditions
    hold, looking at the straights-and-flushes section first when a straight or flush can
    be set behind (see ``docs/poker-house-way-files.md``)."""

    def __init__(self, spec: WaySpec, *, rules: PokerRules = DEFAULT_RULES,
                 warnings: Sequence[str] = ()) -> None:
        self.spec = spec
        self.name = spec.name
        self.rules = rules
        self.compiled: CompiledWay = spec.compile()
        self.warnings: tuple[str, ...] = tuple(warnings)
        self._sf_rules = spec.section(SF_SECTION)
        self._compares_fronts = any("front_improves" in r.conditions for r in self._sf_rules)
        self._by_type = {k: spec.section(k) for k in HAND_KEYS}
        self._asks_sf = any("straight_or_flush" in r.conditions for r in spec.rules)
        # the way that sets every hand no rule of this file sets (``[way] otherwise``)
        self.otherwise: FileWay | None = (
            None if spec.otherwise is None else FileWay(spec.otherwise, rules=rules))

    def __repr__(self) -> str:
        return f"FileWay({self.name!r}, rules={self.rules!r})"

    def decide(self, view: HandView, use_sf: bool = True) -> tuple[Setting, Rule]:
        """The setting of a hand and the rule that made it."""
        setting, rule, _ = self.decide_via(view, use_sf)
        return setting, rule

    def decide_via(
        self, view: HandView, use_sf: bool = True
    ) -> tuple[Setting, Rule, Rule | None]:
        """The setting, the rule that made it, and the straights-and-flushes rule that
        sent the hand to its hand type's rules (``None`` if none did)."""
        setting, rule, via = self.decide_own(view, use_sf)
        if setting is not None and rule is not None:
            return setting, rule, via
        if self.otherwise is not None:
            # no rule of this file sets the hand: the otherwise way does; a hand a "by
            # hand type" rule sent on is set by its hand-type rules only
            setting, rule, via2 = self.otherwise.decide_via(view, use_sf and via is None)
            return setting, rule, via if via is not None else via2
        raise SettingError(
            f"the {self.name} way has no rule for the hand {format_cards(view.cards)} "
            f"({HAND_KEYS[SHAPE_TYPE[view.shape]]})"
        )

    def decide_own(
        self, view: HandView, use_sf: bool = True
    ) -> tuple[Setting | None, Rule | None, Rule | None]:
        """:meth:`decide_via` by this file's own rules only (``None, None, via`` when none
        sets the hand; ``via`` the "by hand type" rule that sent it on, if one did)."""
        via: Rule | None = None
        want_sf = use_sf and any(_allows_type(r, SHAPE_TYPE[view.shape])
                                 for r in self._sf_rules)
        reading = read_hand(view, want_sf, self._asks_sf)
        if want_sf and reading.sf is not None:
            if self._compares_fronts:
                reading = self._compare_fronts(view, reading)
            for r in self._sf_rules:
                if _holds(r, reading.features):
                    if r.action[0] != ACT_BY_HAND:
                        return self._act(view, reading, r), r, None
                    via = r
                    break
        features = list(reading.features)
        for key in _SF_FEATURES:
            features[FEATURES[key]] = 0
        for r in self._by_type[HAND_KEYS[reading.hand_type]]:
            if _holds(r, features):
                return self._act(view, reading, r), r, via
        return None, None, via

    def owner(self, rule: Rule) -> FileWay:
        """The way of the chain (this file or an ``otherwise`` way) whose rule ``rule`` is."""
        way: FileWay | None = self
        while way is not None:
            if any(r is rule for r in way.spec.rules):
                return way
            way = way.otherwise
        return self

    def _compare_fronts(self, view: HandView, reading: Reading) -> Reading:
        """``front_improves``: whether the hand's own rule would put a better two-card hand
        in front than the straight-or-flush play."""
        assert reading.best_sf is not None
        f = list(reading.features)
        for r in self._by_type[HAND_KEYS[reading.hand_type]]:
            if _holds(r, f):
                if r.action[0] in (ACT_GROUP, ACT_SINGLES, ACT_GROUP_SINGLE):
                    own = self._act(view, reading, r)
                    better = key2(own.low, self.rules) > key2(reading.best_sf.low, self.rules)
                    f[FEATURES["front_improves"]] = int(better)
                break
        return Reading(tuple(f), reading.hand_type, reading.sf)

    def _act(self, view: HandView, reading: Reading, rule: Rule) -> Setting:
        kind, a, b = rule.action
        if kind == ACT_BEST_SF:
            scan = reading.sf or sf_scan(view)
            best = None if scan is None else scan.setting(a)
            if best is None:
                raise SettingError(
                    f"{rule.where} of the {self.name} way sets a {rule.setting}, but "
                    f"{format_cards(view.cards)} can set none behind"
                )
            return best
        singles = view.singles
        if kind == ACT_SINGLES:
            return view.split((singles[a], singles[b]))
        rank = reading.features[a]  # group ids are the feature indices of their ranks
        group = next(g for g in view.groups if g.rank == rank)
        if kind == ACT_GROUP:
            return view.split(group.cards[:2])
        return view.split((group.cards[0], singles[b]))

    def choose(self, cards: str | Iterable[str | int], banking: bool = False) -> Decision[Setting]:
        """The setting of seven ``cards`` and the rule that decided it (``banking`` is
        accepted for the :class:`~paigow.poker.ways.PokerWay` shape; a way file sets a
        banker's hand as a player's)."""
        view = analyse(cards, self.rules)
        setting, rule, via = self.decide_via(view)
        cite = self._number(rule)
        if via is not None:
            cite = f"{self._number(via)} then {self._number(rule, False)}"
        owner = self.owner(rule).name
        plain = f"{owner} {rule.rule}"
        return Decision(setting, WayRule(owner, str(rule.rule), rule.text,
                                         cite="" if cite == plain else cite))

    def _number(self, rule: Rule, named: bool = True) -> str:
        """How a decision names a rule: ``my-way 3``, ``my-way, otherwise foxwoods 3.2``
        (``named=False``: without this way's name)."""
        owner = self.owner(rule)
        where = f"otherwise {owner.name} {rule.rule}" if owner is not self else rule.rule
        if not named:
            return where
        return f"{self.name} {where}" if owner is self else f"{self.name}, {where}"

    def set(self, cards: Sequence[int], banking: bool) -> Setting:
        """``choose(cards, banking).setting``."""
        return self.choose(cards, banking).setting


def _allows_type(rule: Rule, hand_type: int) -> bool:
    allowed = rule.conditions.get("hand")
    return allowed is None or hand_type in allowed


# ------------------------------------------------------------------------- checks


PATTERNS_FORMAT = "poker-way-patterns-v1"


@cache
def pattern_hands() -> I32:
    """Every pattern of ranks a hand can hold, as concrete hands (see the module
    description): ranks dealt over the suits without a flush, and again with the highest
    five (four and the joker) distinct ranks suited where they fit. Kept in the user's
    cache dir after the first use (it takes a few seconds to build)."""
    import platformdirs

    path = Path(platformdirs.user_cache_dir("paigow")) / f"{PATTERNS_FORMAT}.npy"
    try:
        arr: I32 = np.load(path)
        if arr.ndim == 2 and arr.shape[1] == 7:
            return arr
    except (OSError, ValueError):
        pass
    arr = build_pattern_hands()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            np.save(fh, arr)
        os.replace(tmp, path)
    except OSError:  # a read-only cache dir only costs time
        pass
    return arr


def build_pattern_hands() -> I32:
    """:func:`pattern_hands`, built (not read from the cache)."""
    rows: list[list[int]] = []
    for k, joker in ((7, False), (6, True)):
        for ranks in combinations_with_replacement(range(13), k):
            if max(ranks.count(r) for r in set(ranks)) > 4:
                continue
            rows.append(_deal(ranks, joker, flush=False))
            distinct = len(set(ranks))
            if distinct >= (4 if joker else 5):
                rows.append(_deal(ranks, joker, flush=True))
    return np.array(rows, dtype=np.int32)


def _deal(ranks: Sequence[int], joker: bool, flush: bool) -> list[int]:
    cards: list[int] = [JOKER] if joker else []
    suited: set[int] = set()
    if flush:
        suited = set(sorted(set(ranks), reverse=True)[: 4 if joker else 5])
    used: dict[int, set[int]] = {}
    i = 0
    for r in sorted(ranks, reverse=True):
        taken = used.setdefault(r, set())
        if r in suited and 3 not in taken:
            s = 3
        else:
            free = [x for x in ((i + j) % 4 for j in range(4)) if x not in taken]
            s = next((x for x in free if x != 3), free[0]) if flush else free[0]
            i += 1
        taken.add(s)
        cards.append(r * 4 + s)
    return cards


def _where(compiled: CompiledWay, index: int) -> str:
    """How a message names rule ``index`` of a compiled way: ``rule 3.2 (line 14)``, or
    for a rule of an ``otherwise`` way ``the otherwise way foxwoods's rule 3.2 (line 40)``."""
    layer = compiled.layer_of(index)
    where = compiled.rules[index].where
    return where if layer == 0 else f"the otherwise way {compiled.layer_names[layer]}'s {where}"


@dataclass
class CheckReport:
    """What the check found: hands by rule (kernel order), and every problem."""

    hands: int
    counts: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check_way(
    spec: WaySpec, rules: PokerRules = DEFAULT_RULES, hands: I32 | None = None
) -> CheckReport:
    """Run the compiled way over ``hands`` (default :func:`pattern_hands`) and report
    hands with no setting or a foul (errors) and rules no hand reached (warnings)."""
    from paigow.analysis import poker_kernels as kern
    from paigow.poker.fast import BINOM, table2, table5
    from paigow.poker.ways.file_fast import file_splits_and_rules

    compiled = spec.compile()
    arr = pattern_hands() if hands is None else np.ascontiguousarray(hands, dtype=np.int32)
    report = CheckReport(len(arr), [0] * len(compiled.rules))
    t5, t2 = table5(rules), table2(rules)
    asc = np.sort(arr, axis=1).astype(np.int32)
    for use_sf in (False, True):
        splits, both = file_splits_and_rules(compiled, asc, rules, use_sf)
        chosen, via = both[:, 0], both[:, 1]
        missing = np.flatnonzero(splits < 0)
        if len(missing):
            hand = asc[missing[0]].tolist()
            view = analyse(hand, rules)
            section = HAND_KEYS[SHAPE_TYPE[view.shape]]
            rule_i = int(chosen[missing[0]])
            why = (f"{_where(compiled, rule_i)} sets a straight or flush the hand lacks"
                   if rule_i >= 0 else f"no {section} rule applies")
            report.errors.append(
                f"{len(missing):,} hands get no setting: {why} "
                f"(e.g. {format_cards(sort_cards(hand))})"
            )
            continue
        k5, k2 = kern.split_keys(asc, np.ascontiguousarray(splits), t5, t2, kern.HIGH_ASC,
                                 kern.LOW_ASC, BINOM)
        fouls = np.flatnonzero(k5 <= k2)
        for rule_i in sorted({int(chosen[i]) for i in fouls}):
            rows = fouls[chosen[fouls] == rule_i]
            hand = sort_cards(asc[rows[0]].tolist())
            setting = settings(hand)[int(splits[rows[0]])]
            report.errors.append(
                f"{_where(compiled, rule_i)} fouls: {format_cards(hand)} is set "
                f"{setting} ({len(rows):,} hands of the check)"
            )
        if use_sf:
            reached = np.concatenate([chosen[chosen >= 0], via[via >= 0]])
            report.counts = np.bincount(reached, minlength=len(compiled.rules)).tolist()
    for i, r in enumerate(compiled.rules[:compiled.own]):
        if report.counts and report.counts[i] == 0:
            report.warnings.append(f"{r.where} is reached by no hand")
    return report


def check_all(
    spec: WaySpec, rules: PokerRules = DEFAULT_RULES,
    on_progress: Callable[[int, int], None] | None = None, chunk: int = 1 << 21,
) -> CheckReport:
    """:func:`check_way` over all C(53,7) = 154,143,080 hands, ``chunk`` at a time in
    colex order (``on_progress(done, total)`` between chunks)."""
    from math import comb

    from paigow.analysis import poker_kernels as kern
    from paigow.poker.fast import BINOM, table2, table5
    from paigow.poker.ways.file_fast import file_splits_and_rules

    compiled = spec.compile()
    total = comb(53, 7)
    report = CheckReport(total, [0] * len(compiled.rules))
    counts = np.zeros(len(compiled.rules), np.int64)
    t5, t2 = table5(rules), table2(rules)
    deck = np.arange(53, dtype=np.int64)
    for start in range(0, total, chunk):
        count = min(chunk, total - start)
        hands = kern.hands_range(deck, start, count, BINOM)
        splits, both = file_splits_and_rules(compiled, hands, rules)
        chosen, via = both[:, 0], both[:, 1]
        counts += np.bincount(chosen[chosen >= 0], minlength=len(counts))
        counts += np.bincount(via[via >= 0], minlength=len(counts))
        missing = np.flatnonzero(splits < 0)
        if len(missing) and len(report.errors) < 10:
            report.errors.append(
                f"the hand {format_cards(sort_cards(hands[missing[0]].tolist()))} gets no "
                "setting"
            )
        ok = splits >= 0
        k5, k2 = kern.split_keys(hands[ok], np.ascontiguousarray(splits[ok]), t5, t2,
                                 kern.HIGH_ASC, kern.LOW_ASC, BINOM)
        fouls = np.flatnonzero(k5 <= k2)
        if len(fouls) and len(report.errors) < 10:
            row = np.flatnonzero(ok)[fouls[0]]
            hand = sort_cards(hands[row].tolist())
            where = _where(compiled, int(chosen[row]))
            report.errors.append(
                f"{where} fouls: {format_cards(hand)} is set {settings(hand)[int(splits[row])]}"
            )
        if on_progress is not None:
            on_progress(start + count, total)
    report.counts = counts.tolist()
    report.warnings = [f"{r.where} is reached by no hand"
                       for r, c in zip(compiled.rules[:compiled.own], report.counts, strict=False)
                       if c == 0]
    return report


_LOADED: dict[tuple[str, str, PokerRules], FileWay] = {}


def load_way(name_or_path: str, rules: PokerRules = DEFAULT_RULES) -> FileWay:
    """A checked way from a shipped name or a file path (memoised per file content)."""
    spec = read_way(name_or_path)
    key = (spec.name, spec.digest, rules)
    if key not in _LOADED:
        report = check_way(spec, rules)
        if report.errors:
            raise RuleError(f"the way {spec.name!r} is not valid: " + "; ".join(report.errors))
        _LOADED[key] = FileWay(spec, rules=rules, warnings=report.warnings)
    return _LOADED[key]


__all__ = [
    "CheckReport",
    "FileWay",
    "check_all",
    "check_way",
    "is_way_file",
    "load_way",
    "pattern_hands",
    "read_way",
    "shipped_ways",
]
