"""A tile strategy a person can learn, derived exactly against a dealer's way.

The tile game is small enough to count whole: every one of the 8,130 distinct hands by face
(3,620 by rank class) is labelled with the exact win and lose counts of each of its three
splits against a dealer way, over all 20,475 opponent hands of the 28 tiles left
(:func:`label`, the inclusion-exclusion kernel of :mod:`paigow.analysis.tiles_odds`). The
EV of any way is then an exact sum over those labels, so a learned way's edge over all
736,281,000 matchups, and its share of what optimal play gains over the dealer's way, are
facts, not samples.

**What a rule can say.** A learned rule is a rule of the tile way-file format
(:mod:`paigow.tiles.ways.way_file`, docs/tiles-ways.md section 4), in words a person uses:
which hands (any, hands without a pair, a pair of a given class, hands without a pair
holding a given tile), at most two ``when`` conditions, each comparing one hand of a
setting the player can name at the table with a threshold (the best high or best low
hand the tiles make, or the hand beside it; with ``conditions="house"`` the house way's
low or high hand too; a threshold is points, or, unless ``conditions="points"``, points
with the highest tile: ``4 with High 8``), and what to play (the strongest high hand, the
strongest low hand, the hands as close together as possible; keep or split a pair).
:func:`space` lists them (35,622,891 by default). Each
is read here a second time, over arrays (:func:`apply_rule`); the written file is loaded
by the way-file reader and its settings compared with this reading on every hand, in the
learned way's role (two implementations agreeing).

**How rules are chosen** (:func:`learn`). Greedy, exact: the objective is the sum over all
hands of the exact EV of the setting the way plays (integer counts; no sampling, so no
penalty for rules fit to luck is needed). Two shapes are learned and the better kept:

* *exceptions* (the default, ``otherwise = DEALER``): the dealer's own way, with rules
  placed before it; the first rule that applies sets a hand, any hand no rule takes is set
  as the dealer sets it. The ``otherwise`` line counts as a rule.
* *own*: a few plain rules and no dealer way behind them: the best single rule for every
  hand, then exceptions to it (no condition on the house way there).

Each step adds the rule, at the place in the list, that gains the most: every rule of the
space at every place is scored exactly at once (:class:`_Search`: a rule's gain is a sum of
per-hand gains over the hands its thresholds keep, read off cumulative sums); after the
last step each rule is taken out in turn and the best rule for the list put back, while
that gains.

In code (a few minutes at full size; ``small=True`` and 3 rules take seconds)::

    from paigow.ways import TILES, get_way
    labels = label(get_way("australian", TILES))        # every hand, exactly
    way = learn(labels, max_rules=12)            # the better of the two shapes
    way.share                                    # a Fraction: gain / optimal's gain
    text = way_text(way, "mine", "My tile way", "derived")   # the way file
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, get_args

import numpy as np
import numpy.typing as npt

from paigow.analysis import Progress
from paigow.analysis.tiles_odds import DEFAULT_RATE, _check_rate, best_splits, split_counts
from paigow.analysis.tiles_tables import (
    FACE_GROUP,
    FACE_HANDS,
    N_DEALER,
    N_HANDS,
    N_MATCHUPS,
    tiles_of,
    way_choices,
)
from paigow.errors import PaigowError
from paigow.tiles.api import Conditions
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import SPLITS, make_setting
from paigow.tiles.tile import CLASSES, Tile
from paigow.tiles.ways import TileWay
from paigow.tiles.ways.way_file import read_level, read_word

I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]
B = npt.NDArray[np.bool_]

N_FACE = len(FACE_HANDS)  # 8,130
MAX_RULES = 40
"""The most rules ``derive-strategy`` learns (a card holds about 14 rows a page)."""


# ------------------------------------------------------------------------------ labels


@dataclass(frozen=True)
class TileLabels:
    """Every distinct hand by face, labelled exactly against a dealer way in one role.

    ``score[g, s]``: the exact EV of split ``s`` of face group ``g``, summed over the
    group's hands, in units of ``1 / (den * 20,475)`` of a bet (``den`` the commission's
    denominator): ``(den - num)·win - den·lose``. ``dealer_split[g]``: the dealer way's own
    setting of the hand in the same role (what the ``otherwise`` line plays);
    ``best_split[g]``: optimal's. ``weight[g]``: how many of the 35,960 hands the group is.
    """

    dealer: str
    banking: bool
    rate: Fraction
    rules: TileRules
    score: I64
    weight: I64
    dealer_split: I8
    best_split: I8
    win: I64
    lose: I64
    seconds: float = 0.0

    @property
    def unit(self) -> int:
        """The denominator that turns a summed ``score`` into an EV per hand of one bet."""
        return self.rate.denominator * N_DEALER * N_HANDS

    def ev(self, splits: I8) -> Fraction:
        """Exact EV per bet (the playing side's) of the way that plays ``splits``."""
        return Fraction(self.total(splits), self.unit)

    def total(self, splits: I8) -> int:
        rows = np.arange(N_FACE)
        return int(self.score[rows, np.asarray(splits, dtype=np.int64)].sum())

    def counts(self, splits: I8) -> tuple[int, int, int]:
        """Win, push and lose counts over all 736,281,000 matchups."""
        rows = np.arange(N_FACE)
        s = np.asarray(splits, dtype=np.int64)
        w = int(self.win[rows, s].sum())
        lo = int(self.lose[rows, s].sum())
        return w, N_MATCHUPS - w - lo, lo


def label(
    dealer_way: TileWay,
    banking: bool = False,
    commission: Fraction | int = DEFAULT_RATE,
    rules: TileRules = DEFAULT_RULES,
    progress: Progress | None = None,
) -> TileLabels:
    """Label every hand exactly: the win and lose counts of each split against
    ``dealer_way`` (as banker when the hand is a player's, as a player when ``banking``),
    summed per face group, and the dealer's own setting of each hand in this role."""
    t0 = time.perf_counter()
    rate = _check_rate(commission)
    win, lose = split_counts(dealer_way, banking, rules, progress=progress)
    own = way_choices(dealer_way, banking, rules, progress)
    gwin = np.zeros((N_FACE, 3), dtype=np.int64)
    glose = np.zeros((N_FACE, 3), dtype=np.int64)
    np.add.at(gwin, FACE_GROUP, win)
    np.add.at(glose, FACE_GROUP, lose)
    weight = np.bincount(FACE_GROUP, minlength=N_FACE).astype(np.int64)
    num, den = rate.numerator, rate.denominator
    score = (den - num) * gwin - den * glose
    best = best_splits(win, lose, rate)[FACE_HANDS]
    return TileLabels(dealer_way.name, banking, rate, rules, score, weight,
                      own[FACE_HANDS].astype(np.int8), best.astype(np.int8), gwin, glose,
                      time.perf_counter() - t0)


# ------------------------------------------------------------------------------ features


@dataclass(frozen=True)
class Features:
    """What the rules look at, for every face group ``g`` and split ``s`` (arrays
    ``[8,130, 3]``) or every group (``[8,130]``)."""

    hi_level: I64
    lo_level: I64
    hi_code: I64
    lo_code: I64
    valid: B
    pair_together: B
    classes: I64  # [G, 4] rank class of each tile
    n_pairs: I64  # [G]
    pair_class: I64  # [G]: the class of the one pair, or -1
    hands: tuple[tuple[Tile, Tile, Tile, Tile], ...]
    rules: TileRules

    def named(self, who: str, house: npt.ArrayLike | None = None) -> I64:
        """The split of every group that a ``when`` condition names: ``house`` (the
        dealer way's own, given), ``best high`` (the strongest high hand, then the
        strongest low hand beside it), ``best low`` (the other way round)."""
        if who == "house":
            if house is None:
                raise PaigowError("a 'house' condition needs the house way's settings")
            return np.asarray(house, dtype=np.int64)
        first, second = (self.hi_code, self.lo_code) if who == "best high" else (
            self.lo_code, self.hi_code)
        key = np.where(self.valid, first * 4096 + second, -1)
        out: I64 = key.argmax(axis=1).astype(np.int64)
        return out


_FEATURES: dict[TileRules, Features] = {}


def features(rules: TileRules = DEFAULT_RULES) -> Features:
    """The :class:`Features` of every face group under ``rules`` (computed once)."""
    if rules in _FEATURES:
        return _FEATURES[rules]
    g = N_FACE
    hi_level = np.zeros((g, 3), dtype=np.int64)
    lo_level = np.zeros((g, 3), dtype=np.int64)
    hi_code = np.zeros((g, 3), dtype=np.int64)
    lo_code = np.zeros((g, 3), dtype=np.int64)
    valid = np.zeros((g, 3), dtype=np.bool_)
    pair_together = np.zeros((g, 3), dtype=np.bool_)
    classes = np.zeros((g, 4), dtype=np.int64)
    n_pairs = np.zeros(g, dtype=np.int64)
    pair_class = np.full(g, -1, dtype=np.int64)
    hands = []
    for n, h in enumerate(FACE_HANDS):
        tiles = tiles_of(int(h))
        hands.append(tiles)
        cls = [t.class_index for t in tiles]
        classes[n] = cls
        counts = np.bincount(cls, minlength=len(CLASSES))
        pairs = [c for c in range(len(CLASSES)) if counts[c] == 2]
        n_pairs[n] = len(pairs)
        if len(pairs) == 1:
            pair_class[n] = pairs[0]
        seen: set[tuple[int, int]] = set()
        for s, ((i, j), (k, m)) in enumerate(SPLITS):
            st = make_setting((tiles[i], tiles[j]), (tiles[k], tiles[m]), rules)
            key = (st.high_value.code, st.low_value.code)
            valid[n, s] = key not in seen
            seen.add(key)
            hi_level[n, s], lo_level[n, s] = st.high_value.rank, st.low_value.rank
            hi_code[n, s], lo_code[n, s] = st.high_value.code, st.low_value.code
            if len(pairs) == 1:
                pc = pairs[0]
                pair_together[n, s] = (cls[i] == pc and cls[j] == pc) or (
                    cls[k] == pc and cls[m] == pc)
    out = Features(hi_level, lo_level, hi_code, lo_code, valid, pair_together, classes,
                   n_pairs, pair_class, tuple(hands), rules)
    _FEATURES[rules] = out
    return out


# ------------------------------------------------------------------------------ rules

#: What a learned rule plays: the format's ``play`` and ``prefer`` steps, and the words a
#: card says them in. "Strongest" compares hands as the game does: points (a Gong 10, a
#: Wong 11, pairs above), then the highest tile.
ACTIONS: dict[str, tuple[str | None, tuple[str, ...], str]] = {
    "strongest high": (None, ("strongest high",), "play the strongest high hand you can"),
    "strongest low": (None, ("strongest low",), "play the strongest low hand you can"),
    "close": (None, ("not beaten in both hands", "min gap"),
              "bring the hands as close together as possible, unless both can be higher"),
    "keep": ("keep", (), "keep the pair together"),
    "split, strongest low": ("split", ("strongest low",),
                             "split the pair, the strongest low hand you can"),
    "split, strongest high": ("split", ("strongest high",),
                              "split the pair, the strongest high hand you can"),
}
_PAIR_ACTIONS = ("keep", "split, strongest low", "split, strongest high")

#: What a ``when`` condition of a learned rule looks at: (the setting it names, its hand),
#: and the words a card says it in.
STATS: dict[str, tuple[str, str, str]] = {
    "house low": ("house", "low", "the house way's low hand"),
    "house high": ("house", "high", "the house way's high hand"),
    "best low": ("best low", "low", "your best low hand"),
    "best high": ("best high", "high", "your best high hand"),
    "best high's low": ("best high", "low", "the low hand beside your best high hand"),
    "best low's high": ("best low", "high", "the high hand beside your best low hand"),
}
_HOUSE_STATS = ("house low", "house high")

#: tile words a threshold may carry (``4 with High 8``: 4 points whose highest tile is a
#: High 8 or better), highest first
WITH_WORDS: tuple[str, ...] = (
    "Teen", "Day", "High 8", "High 4", "High 6", "11", "High 7", "9", "Low 7")
_WITH_SMALL: tuple[str, ...] = ("High 6",)

# scopes: tile words of `has` (hands without a pair) and of `pair`
_HAS_WORDS: tuple[str, ...] = (
    "Teen or Day", "Teen", "Day", "Gee", "High 8", "High 4", "High 10", "High 6", "11",
    "Low 10", "High 7", "Low 6", "9", "8", "7", "6", "5", "4", "10")
_PAIR_WORDS: tuple[str, ...] = (
    "Gee", "Teen", "Day", "Teen or Day", "High 8", "High 4", "High 10", "High 6", "Low 4",
    "11", "Low 10", "High 7", "Low 6", "9", "Low 8", "Low 7", "5")
_COND_RE = re.compile(
    r"(not )?(house low|house high|best high's low|best low's high|best low|best high) "
    r"(==|!=|<=|>=|=|<|>) (.+)")


@dataclass(frozen=True)
class RuleSpec:
    """One learned rule, in the way-file format's terms (see :meth:`toml`): the hands it
    is about (``hand``, ``pair``, ``has``), ``when`` conditions on settings of the hand,
    and what it plays (a key of :data:`ACTIONS`)."""

    hand: str | None = None  # "no pair", "one pair", "two pairs"
    pair: str | None = None  # a tile word: the hand holds one pair, of this class
    has: tuple[str, ...] = ()  # tile words: the hand holds a tile of each
    when: tuple[str, ...] = ()  # conditions, in the format's words ("house low < 4")
    action: str = "strongest high"  # a key of ACTIONS

    def toml(self, rid: str, text: str) -> str:
        """The rule as a ``[[rule]]`` table of a way file."""
        lines = ["[[rule]]", f'id = "{rid}"', f"text = {_toml_str(text)}"]
        if self.hand:
            lines.append(f'hand = "{self.hand}"')
        if self.pair:
            lines.append(f"pair = [{_toml_str(self.pair)}]")
        if self.has:
            lines.append("has = [" + ", ".join(_toml_str(w) for w in self.has) + "]")
        if self.when:
            lines.append("when = [" + ", ".join(_toml_str(w) for w in self.when) + "]")
        play, steps, _ = ACTIONS[self.action]
        if play:
            lines.append(f'play = "{play}"')
        if steps:
            lines.append("prefer = [" + ", ".join(_toml_str(w) for w in steps) + "]")
        return "\n".join(lines) + "\n"

    @property
    def uses_house(self) -> bool:
        return any(_COND_RE.fullmatch(c) and "house" in c for c in self.when)

    def words(self) -> str:
        """The rule in a sentence, as the card and the file's ``text`` say it."""
        if self.pair:
            who = f"A pair of {_tile_words(self.pair)}"
        elif self.hand == "no pair":
            who = "No pair"
        elif self.hand == "one pair":
            who = "One pair"
        elif self.hand == "two pairs":
            who = "Two pairs"
        else:
            who = "Any hand"
        if self.has:
            who += " with " + " and ".join(_article(w) for w in self.has)
        how = ACTIONS[self.action][2]
        if self.when:
            return f"{who}, when {' and '.join(_condition_words(c) for c in self.when)}: {how}."
        return f"{who}: {how}."


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tile_words(w: str) -> str:
    return {"Gee": "Gee Joon", "High 8": "High 8s (Yun)", "Low 8": "Low 8s",
            "High 4": "High 4s (Gor)", "Low 4": "Low 4s (Bon)", "High 10": "High 10s (Mooy)",
            "Low 10": "Low 10s (Ping)", "High 6": "High 6s (Chong)", "Low 6": "Low 6s (Look)",
            "High 7": "High 7s (Tit)", "Low 7": "Low 7s", "Teen or Day": "Teens or Days",
            }.get(w, w + ("s" if w[0].isdigit() else ""))


def _article(w: str) -> str:
    if w == "Gee":
        return "a Gee Joon tile"
    if w == "Teen or Day":
        return "a Teen or a Day"
    return ("an " if w in ("8", "11") else "a ") + w


def _level_words(lv: str) -> str:
    """``4 with High 8`` as "4 with a High 8"; ``Gong`` as "a Gong"."""
    if " with " in lv:
        n, word = lv.split(" with ", 1)
        return f"{n} with {_article(word)}"
    return {"Gong": "a Gong", "Wong": "a Wong", "pair": "a pair"}.get(lv, lv)


def _condition_words(c: str) -> str:
    m = _COND_RE.fullmatch(c)
    if m is None:  # pragma: no cover - the learner writes only these
        return c
    neg, stat, op, lv = m.groups()
    what = STATS[stat][2]
    below = {"Gong": "9 or less", "Wong": "no better than a Gong", "pair": "not a pair"}
    if op == "<" and lv.isdigit():  # points: "is 3 or less"
        phrase = f"is {int(lv) - 1} or less" if lv != "1" else "is 0"
    elif op == "<" and lv in below:
        phrase = f"is {below[lv]}"
    else:
        phrase = {">=": "is {} or better", "<": "is weaker than {}", ">": "beats {}",
                  "<=": "is no better than {}", "=": "is {}", "==": "is {}",
                  "!=": "is not {}"}[op].format(_level_words(lv))
    return f"not ({what} {phrase})" if neg else f"{what} {phrase}"


# ------------------------------------------------------------------------------ the array reading


def _pareto(allowed: B, f: Features) -> B:
    lo, hi = f.lo_level, f.hi_level
    beaten: B = np.zeros(allowed.shape, dtype=np.bool_)
    for s in range(3):
        for o in range(3):
            if s == o:
                continue
            b = (allowed[:, o] & (lo[:, o] >= lo[:, s]) & (hi[:, o] >= hi[:, s])
                 & ((lo[:, o] > lo[:, s]) | (hi[:, o] > hi[:, s])))
            beaten[:, s] |= b
    out: B = allowed & ~beaten
    return out


def _pick_max(allowed: B, key: I64) -> B:
    big = np.where(allowed, key, np.iinfo(np.int64).min)
    top = big.max(axis=1, keepdims=True)
    out: B = allowed & (big == top)
    return out


def _step(allowed: B, f: Features, step: str) -> B:
    if step == "strongest high":
        return _pick_max(allowed, f.hi_code)
    if step == "strongest low":
        return _pick_max(allowed, f.lo_code)
    if step == "min gap":
        return _pick_max(allowed, f.lo_level - f.hi_level)
    if step == "not beaten in both hands":
        return _pareto(allowed, f)
    raise PaigowError(f"the learner cannot read the step {step!r}")  # pragma: no cover


def _strongest(allowed: B, f: Features) -> I8:
    """The last tie-break of every way (reading N2): the stronger low hand, then the
    stronger high hand."""
    key = np.where(allowed, f.lo_code * 4096 + f.hi_code, -1)
    out: I8 = key.argmax(axis=1).astype(np.int8)
    return out


_WORD_SETS: dict[str, frozenset[int]] = {}


def _classes(word: str) -> frozenset[int]:
    if word not in _WORD_SETS:
        _WORD_SETS[word] = read_word("2|12" if word == "Teen or Day" else word)
    return _WORD_SETS[word]


_CMP: dict[str, Callable[[I64, int], B]] = {
    "=": lambda a, b: np.asarray(a == b), "==": lambda a, b: np.asarray(a == b),
    "!=": lambda a, b: np.asarray(a != b), "<": lambda a, b: np.asarray(a < b),
    "<=": lambda a, b: np.asarray(a <= b), ">": lambda a, b: np.asarray(a > b),
    ">=": lambda a, b: np.asarray(a >= b),
}


def stat_codes(f: Features, stat: str, house: npt.ArrayLike | None = None) -> I64:
    """The hand (its comparison code) a ``when`` statistic looks at, for every group."""
    who, side, _ = STATS[stat]
    split = f.named(who, house)
    rows = np.arange(N_FACE)
    out: I64 = (f.hi_code if side == "high" else f.lo_code)[rows, split]
    return out


def when_mask(f: Features, cond: str, house: npt.ArrayLike | None = None) -> B:
    """Where a ``when`` condition of the learner's words holds, for every group."""
    m = _COND_RE.fullmatch(" ".join(cond.split()))
    if m is None:
        raise PaigowError(f"the learner cannot read the condition {cond!r}")
    neg, stat, op, lv = m.groups()
    who, side, _ = STATS[stat]
    split = f.named(who, house)
    rows = np.arange(N_FACE)
    level = read_level(lv)
    if level.with_class is None:  # a plain level compares the hand's level, as the reader
        key = (f.hi_level if side == "high" else f.lo_level)[rows, split]
        out = _CMP[op](key, level.rank)
    else:
        key = (f.hi_code if side == "high" else f.lo_code)[rows, split]
        out = _CMP[op](key, level.code(f.rules))
    return ~out if neg else out


def _condition(spec: RuleSpec, f: Features) -> B:
    cond = np.ones(N_FACE, dtype=np.bool_)
    if spec.hand is not None:
        cond &= f.n_pairs == {"no pair": 0, "one pair": 1, "two pairs": 2}[spec.hand]
    if spec.pair is not None:
        cond &= (f.n_pairs == 1) & np.isin(f.pair_class, sorted(_classes(spec.pair)))
    if spec.has:
        # a tile of each word, different tiles (the format's `has`): at most two words here
        sets = [np.isin(f.classes, sorted(_classes(w))) for w in spec.has]
        if len(sets) == 1:
            cond &= sets[0].any(axis=1)
        else:
            a, b = sets
            both = np.zeros(N_FACE, dtype=np.bool_)
            for i in range(4):
                for j in range(4):
                    if i != j:
                        both |= a[:, i] & b[:, j]
            cond &= both
    return cond


def apply_rule(spec: RuleSpec, f: Features, house: npt.ArrayLike | None = None) -> tuple[B, I8]:
    """Which groups the rule applies to, and the split it plays for each (this module's
    reading of the format, over arrays). ``house``: the house way's split of every group
    in the role learned (``TileLabels.dealer_split``), for ``house`` conditions."""
    cond = _condition(spec, f)
    for c in spec.when:
        cond &= when_mask(f, c, house)
    allowed = f.valid.copy()
    play, steps, _ = ACTIONS[spec.action]
    if play == "keep":
        allowed &= f.pair_together
    elif play == "split":
        allowed &= ~f.pair_together
    applies = cond & allowed.any(axis=1)
    for step in steps:
        allowed = _step(allowed, f, step)
    return applies, _strongest(allowed, f)


# ------------------------------------------------------------------------------ the search


@dataclass(frozen=True)
class Space:
    """The rules the learner may choose: every scope (which hands) × every action (what to
    play) × no, one or two ``when`` conditions, each a statistic of :data:`STATS`
    compared (``>=`` or ``<``) with a threshold of :attr:`levels`."""

    scopes: tuple[RuleSpec, ...]
    actions: tuple[str, ...]
    stats: tuple[str, ...]
    levels: tuple[str, ...]  # threshold words, weakest first
    max_conditions: int

    @property
    def size(self) -> int:
        """How many distinct rules the space holds (each at every place in the list)."""
        k, n = len(self.levels), len(self.stats)
        per = 1
        if self.max_conditions >= 1:
            per += 2 * n * k
        if self.max_conditions >= 2:
            per += 4 * (n * (n - 1) // 2) * k * k
        pairs = sum(1 for s in self.scopes if s.pair or s.hand == "one pair")
        acts_pair = len(self.actions)
        acts_other = len([a for a in self.actions if a not in _PAIR_ACTIONS])
        return per * (pairs * acts_pair + (len(self.scopes) - pairs) * acts_other)


#: What ``when`` conditions may say, simplest first: thresholds in points about the
#: settings the tiles make; thresholds naming the highest tile too; and the house way's
#: own setting too (a way of exceptions only)
CONDITIONS: tuple[str, ...] = get_args(Conditions)


def space(small: bool = False, conditions: str = "tiles", house: bool = True) -> Space:
    """The learner's rules (``small``: a few scopes and thresholds, one condition: tests and
    smoke runs); ``conditions``: one of :data:`CONDITIONS`; ``house``: whether the way
    has a house way behind it (a way of exceptions), for ``house`` conditions."""
    if conditions not in CONDITIONS:
        raise PaigowError(f"unknown conditions {conditions!r}: {', '.join(CONDITIONS)}")
    scopes = [RuleSpec(), RuleSpec(hand="no pair"), RuleSpec(hand="one pair")]
    has = ("Teen or Day",) if small else _HAS_WORDS
    pairs = ("Teen or Day",) if small else _PAIR_WORDS
    scopes += [RuleSpec(hand="no pair", has=(w,)) for w in has]
    scopes += [RuleSpec(pair=w) for w in pairs]
    words = () if conditions == "points" else _WITH_SMALL if small else WITH_WORDS
    levels: list[str] = []
    for n in range(1, 10):
        if small and n % 2:
            continue
        levels.append(str(n))
        levels += [f"{n} with {w}" for w in reversed(words)]
    levels += ["Gong", "Wong", "pair"]
    house = house and conditions == "house"
    stats = tuple(s for s in STATS if house or s not in _HOUSE_STATS)
    return Space(tuple(scopes), tuple(ACTIONS), stats, tuple(levels), 1 if small else 2)


@dataclass(frozen=True)
class _Found:
    gain: int
    spec: RuleSpec | None
    place: int


class _Search:
    """The exact gain of every rule of a :class:`Space` at every place of a rule list, at
    once: for a scope, an action and a place, each hand's gain is known; a rule's gain is
    the sum over the hands its conditions keep, and the conditions are thresholds on a
    statistic's value, so every rule's gain is read off 1-D and 2-D cumulative sums of
    those gains over the statistics' bins. Scopes are tried best bound first and the search
    stops when no scope's bound (the sum of its positive gains) can beat the best found."""

    def __init__(self, sp: Space, labels: TileLabels, f: Features, base: I8) -> None:
        self.sp, self.f = sp, f
        self.score = labels.score
        self.house = labels.dealer_split
        self.base = np.asarray(base, dtype=np.int64)
        rows = np.arange(N_FACE)
        self.scope_masks = [_condition(s, f) for s in sp.scopes]
        self.pair_scope = [bool(s.pair) or s.hand == "one pair" for s in sp.scopes]
        self.act_play: dict[str, I64] = {}
        self.act_applies: dict[str, B] = {}
        self.act_value: dict[str, I64] = {}
        for a in sp.actions:
            ap, play = apply_rule(RuleSpec(action=a), f)
            self.act_applies[a] = ap
            self.act_play[a] = play.astype(np.int64)
            self.act_value[a] = self.score[rows, play.astype(np.int64)]
        self.codes = np.array([read_level(w).code(f.rules) if " with " in w
                               else read_level(w).rank * 32 for w in sp.levels],
                              dtype=np.int64)
        if np.any(np.diff(self.codes) <= 0):  # pragma: no cover - a bug in space()
            raise PaigowError("the thresholds of the learner's space are not in order")
        # bin b of a value: how many thresholds it reaches; ">= level i" is b >= i + 1
        self.bins = {st: np.searchsorted(self.codes, stat_codes(f, st, self.house),
                                         side="right") for st in sp.stats}
        self._cache: dict[RuleSpec, tuple[B, I64]] = {}

    def arrays(self, spec: RuleSpec) -> tuple[B, I64]:
        got = self._cache.get(spec)
        if got is None:
            a, p = apply_rule(spec, self.f, self.house)
            got = (a, p.astype(np.int64))
            self._cache[spec] = got
        return got

    def decide(self, order: Sequence[RuleSpec], base: I64 | None = None) -> tuple[I64, B]:
        out = (self.base if base is None else base).copy()
        taken = np.zeros(N_FACE, dtype=np.bool_)
        for spec in order:
            a, p = self.arrays(spec)
            new = a & ~taken
            out[new] = p[new]
            taken |= new
        return out, taken

    def total(self, order: Sequence[RuleSpec], base: I64 | None = None) -> int:
        return int(self.score[np.arange(N_FACE), self.decide(order, base)[0]].sum())

    def _spec(self, scope: int, action: str, conds: tuple[tuple[str, str, int], ...]) -> RuleSpec:
        s = self.sp.scopes[scope]
        when = tuple(f"{st} {op} {self.sp.levels[i]}" for st, op, i in conds)
        return RuleSpec(hand=s.hand, pair=s.pair, has=s.has, when=when, action=action)

    def best_insert(self, order: Sequence[RuleSpec], base: I64 | None = None) -> _Found:
        """The rule, and its place in ``order``, that gains most when inserted (the hands
        a rule at place ``p`` takes are those no rule before it takes)."""
        rows = np.arange(N_FACE)
        cur = self.score[rows, self.decide(order, base)[0]]
        frees = [np.ones(N_FACE, dtype=np.bool_)]
        taken = np.zeros(N_FACE, dtype=np.bool_)
        for spec in order:
            taken = taken | self.arrays(spec)[0]
            frees.append(~taken)
        bounds: list[tuple[int, str, int, int]] = []
        deltas: dict[str, I64] = {}
        for a in self.sp.actions:
            delta = np.where(self.act_applies[a], self.act_value[a] - cur, 0)
            deltas[a] = delta
            for place, free in enumerate(frees):
                pos = np.where(free, np.maximum(delta, 0), 0)
                if not pos.any():
                    continue
                for k, m in enumerate(self.scope_masks):
                    if a in _PAIR_ACTIONS and not self.pair_scope[k]:
                        continue
                    ub = int(pos[m].sum())
                    if ub > 0:
                        bounds.append((ub, a, place, k))
        bounds.sort(key=lambda b: -b[0])
        best = _Found(0, None, -1)
        nb = len(self.sp.levels) + 1
        stats = self.sp.stats
        for ub, a, place, k in bounds:
            if ub <= best.gain:
                break
            gv = np.where(frees[place] & self.scope_masks[k], deltas[a], 0)
            nz = np.flatnonzero(gv)
            g = gv[nz]
            whole = int(g.sum())
            if whole > best.gain:
                best = _Found(whole, self._spec(k, a, ()), place)
            if self.sp.max_conditions < 1:
                continue
            weights = g.astype(np.float64)  # sums of integers far below 2**53: exact
            for st in stats:
                h = np.bincount(self.bins[st][nz], weights=weights, minlength=nb)
                up = np.cumsum(h[::-1])[::-1]  # up[j]: the gain where bin >= j
                down = np.cumsum(h)  # down[i]: the gain where bin <= i
                j = int(up[1:].argmax()) + 1
                if round(up[j]) > best.gain:
                    best = _Found(round(up[j]), self._spec(k, a, ((st, ">=", j - 1),)), place)
                i = int(down[:-1].argmax())
                if round(down[i]) > best.gain:
                    best = _Found(round(down[i]), self._spec(k, a, ((st, "<", i),)), place)
            if self.sp.max_conditions < 2:
                continue
            for n1, s1 in enumerate(stats):
                b1 = self.bins[s1][nz] * nb
                for s2 in stats[n1 + 1:]:
                    h2 = np.bincount(b1 + self.bins[s2][nz], weights=weights,
                                     minlength=nb * nb).reshape(nb, nb)
                    for o1 in (">=", "<"):
                        c1 = np.cumsum(h2[::-1], 0)[::-1] if o1 == ">=" else np.cumsum(h2, 0)
                        c1 = c1[1:] if o1 == ">=" else c1[:-1]
                        for o2 in (">=", "<"):
                            c2 = (np.cumsum(c1[:, ::-1], 1)[:, ::-1] if o2 == ">="
                                  else np.cumsum(c1, 1))
                            c2 = c2[:, 1:] if o2 == ">=" else c2[:, :-1]
                            idx = int(c2.argmax())
                            i1, i2 = divmod(idx, c2.shape[1])
                            if round(c2[i1, i2]) > best.gain:
                                best = _Found(round(c2[i1, i2]), self._spec(
                                    k, a, ((s1, o1, i1), (s2, o2, i2))), place)
        return best


# ------------------------------------------------------------------------------ learning


@dataclass
class Step:
    """The way after one step of the greedy pass: its rules and exact EV."""

    rules: int  # rules of the file, the ``otherwise`` line counted
    total: int  # summed score (see TileLabels.total)


@dataclass
class Derived:
    """A learned way: its rules in order, whether the dealer's way sets the rest, and the
    exact figures over all 736,281,000 matchups."""

    labels: TileLabels
    specs: list[RuleSpec]
    otherwise: bool
    splits: I8
    curve: list[Step]
    shape: str
    conditions: str = "tiles"
    seconds: float = 0.0
    other: dict[str, Any] = field(default_factory=dict)

    @property
    def n_rules(self) -> int:
        return len(self.specs) + (1 if self.otherwise else 0)

    def ev(self) -> Fraction:
        return self.labels.ev(self.splits)

    def share_of(self, total: int) -> Fraction:
        """``gain / optimal's gain``, both over the dealer's own way, of a way whose summed
        score is ``total``."""
        lab = self.labels
        base = lab.total(lab.dealer_split)
        best = lab.total(lab.best_split)
        if best == base:
            return Fraction(1)
        return Fraction(total - base, best - base)

    @property
    def share(self) -> Fraction:
        return self.share_of(self.labels.total(self.splits))


def learn(
    labels: TileLabels,
    max_rules: int = 12,
    small: bool = False,
    shapes: Sequence[str] = ("exceptions", "own"),
    progress: Callable[[str, int, int], None] | None = None,
    conditions: str = "tiles",
) -> Derived:
    """Learn a way of at most ``max_rules`` rules (the ``otherwise`` line counted) from
    ``labels``; the better of the ``shapes`` tried (see the module's description);
    ``conditions``: what its ``when`` conditions may say (:data:`CONDITIONS`)."""
    if max_rules < 2:
        raise PaigowError(f"--max-rules {max_rules}: a learned way needs at least 2 rules "
                          "(the dealer's way and one exception, or two rules of its own)")
    if max_rules > MAX_RULES:
        raise PaigowError(f"--max-rules {max_rules}: at most {MAX_RULES} rules")
    for shape in shapes:
        if shape not in ("exceptions", "own"):
            raise PaigowError(f"unknown shape {shape!r}: exceptions or own")
    space(small, conditions)  # refuses unknown conditions before any work
    t0 = time.perf_counter()
    f = features(labels.rules)
    results = []
    for shape in shapes:
        tick = None if progress is None else (
            lambda d, t, what=f"learning ({shape})": progress(what, d, t))
        results.append(_learn_shape(labels, f, max_rules, shape, small, conditions, tick))
    best = max(results, key=lambda d: (labels.total(d.splits), -d.n_rules))
    best.seconds = time.perf_counter() - t0
    best.other = {d.shape: d for d in results if d is not best}
    return best


def _learn_shape(
    labels: TileLabels, f: Features, max_rules: int, shape: str, small: bool,
    conditions: str, progress: Progress | None,
) -> Derived:
    sp = space(small, conditions, house=shape == "exceptions")
    search = _Search(sp, labels, f, labels.dealer_split)
    order: list[RuleSpec] = []
    tail: list[RuleSpec] = []  # the own shape's rule for every hand, kept last
    if shape == "own":
        # the best rule for every hand: an action with no condition
        alls = [RuleSpec(action=a) for a in sp.actions if a not in _PAIR_ACTIONS]
        tail = [max(alls, key=lambda s: search.total([s]))]
    budget = max_rules - 1
    rounds = 6
    steps_total = budget + rounds * budget
    done = 0

    def base() -> I64:
        return search.decide(tail)[0]

    curve = [Step(1, search.total(tail))]
    while len(order) < budget:
        found = search.best_insert(order, base())
        if found.spec is None or found.gain <= 0:
            break
        order.insert(found.place, found.spec)
        curve.append(Step(len(order) + 1, search.total(order + tail)))
        done += 1
        if progress is not None:
            progress(done, steps_total)
    # the exchange pass: take each rule out in turn, put the best rule for the list back
    for _ in range(rounds):
        improved = False
        for i in range(len(order)):
            now = search.total(order + tail)
            rest = order[:i] + order[i + 1:]
            found = search.best_insert(rest, base())
            done += 1
            if progress is not None:
                progress(min(done, steps_total), steps_total)
            if found.spec is None:
                continue
            cand = [*rest[:found.place], found.spec, *rest[found.place:]]
            if search.total(cand + tail) > now:
                order, improved = cand, True
        if not improved:
            break
    # a rule that sets no hand (earlier rules take all its hands) is dropped
    used: list[RuleSpec] = []
    taken = np.zeros(N_FACE, dtype=np.bool_)
    for spec in order + tail:
        a = search.arrays(spec)[0]
        if (a & ~taken).any():
            used.append(spec)
        taken |= a
    splits = search.decide(used)[0].astype(np.int8)
    if progress is not None:
        progress(steps_total, steps_total)
    return Derived(labels, used, shape == "exceptions", splits, curve, shape, conditions)


# ------------------------------------------------------------------------------ the file


def way_text(
    derived: Derived, name: str, title: str, source: str, notes: str = "",
    otherwise: str | None = None,
) -> str:
    """The learned way as a way file (format of docs/tiles-ways.md section 4);
    ``otherwise``: how the file names the dealer's way (default its name)."""
    lab = derived.labels
    head = [f"# {title}", f"# {source}"]
    head += [f"# {line}" for line in notes.splitlines()]
    lines = ["\n".join(head), "", "[way]", f"name = {_toml_str(name)}",
             f"title = {_toml_str(title)}", f"source = {_toml_str(source)}"]
    if derived.otherwise:
        lines.append(f"otherwise = {_toml_str(otherwise or lab.dealer)}")
    lines.append("")
    for n, spec in enumerate(derived.specs, 1):
        lines.append(spec.toml(str(n), spec.words()))
    return "\n".join(lines).rstrip("\n") + "\n"


def check_file(
    text: str, source: str, derived: Derived, dealer_way: TileWay,
    progress: Progress | None = None,
) -> dict[str, int]:
    """Load the written way file with the way-file reader, and check it plays as learned:
    on every hand, in the learned role, the same high and low hand values as this module's
    reading; and its edge counted by :func:`paigow.analysis.tiles_odds.edge` over all
    736,281,000 matchups equal to the learner's own count. Returns the counts."""
    from paigow.analysis.tiles_odds import edge
    from paigow.tiles.ways.way_file import read_way_text

    lab = derived.labels
    way = read_way_text(text, source, lab.rules, progress=progress)
    f = features(lab.rules)
    rows = np.arange(N_FACE)
    want_hi = f.hi_code[rows, derived.splits.astype(np.int64)]
    want_lo = f.lo_code[rows, derived.splits.astype(np.int64)]
    for g, tiles in enumerate(f.hands):
        s = way.choose(tiles, lab.banking).setting
        if (s.high_value.code, s.low_value.code) != (int(want_hi[g]), int(want_lo[g])):
            raise PaigowError(  # pragma: no cover - a bug: the two readings disagree
                f"the written way sets {' '.join(map(str, tiles))} as {s}, the learner "
                "read it otherwise")
    e = edge(way, dealer_way, lab.banking, lab.rate, lab.rules)
    w, p, lo = lab.counts(derived.splits)
    if (e.win, e.push, e.lose) != (w, p, lo):
        raise PaigowError(  # pragma: no cover - a bug
            f"the written way's exact counts {e.win, e.push, e.lose} differ from the "
            f"learner's {w, p, lo}")
    return {"matchups": e.total, "win": e.win, "push": e.push, "lose": e.lose}
