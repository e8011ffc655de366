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
which hands (hands without a pair, a pair of a given class, hands holding a given tile),
what must be reached (``low >= 4``, a Wong, Gong or High Nine behind) and how to choose
among the settings left (the highest high hand, the highest low hand, the hands as close
together as possible, the most points in all). :func:`candidates` lists them all; each is
read here a second time, over arrays (:class:`Features`), to score it on every hand at
once. The written file is then loaded by the way-file reader and its settings compared
with this reading on every hand, in the learned way's role (two implementations agreeing).

**How rules are chosen** (:func:`learn`). Greedy, exact: the objective is the sum over all
hands of the exact EV of the setting the way plays (integer counts; no sampling, so no
penalty for rules fit to luck is needed). Two shapes are learned and the better kept:

* *exceptions* (the default, ``otherwise = DEALER``): the dealer's own way, with rules
  placed before it; the first rule that applies sets a hand, any hand no rule takes is set
  as the dealer sets it. The ``otherwise`` line counts as a rule.
* *own*: a few plain rules and no dealer way behind them: the best single rule for every
  hand, then exceptions to it.

Each step adds the rule, at the place in the list, that gains the most; after the last
step each rule is taken out in turn and the best rule for the freed place put in, while
that gains.

In code (a few minutes at full size; ``small=True`` and 3 rules take seconds)::

    from paigow.ways import TILES, get_way
    labels = label(get_way("australian", TILES))        # every hand, exactly
    way = learn(labels, max_rules=12)            # the better of the two shapes
    way.share                                    # a Fraction: gain / optimal's gain
    text = way_text(way, "mine", "My tile way", "derived")   # the way file
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

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
from paigow.tiles.hand import HandValue, tiebreak_strength
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

# hand kinds, as the way-file format names them (paigow.tiles.ways.way_file._kind_of)
POINTS, HIGH_NINE, GONG, WONG, PAIR = 0, 1, 2, 3, 4
_KIND_WORDS = {"points": POINTS, "high nine": HIGH_NINE, "gong": GONG, "wong": WONG,
               "pair": PAIR}


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
    hi_kind: I64
    valid: B
    pair_together: B
    classes: I64  # [G, 4] rank class of each tile
    n_pairs: I64  # [G]
    pair_class: I64  # [G]: the class of the one pair, or -1
    hi_has: I64  # [G, S, 16]: how many tiles of each class the high hand holds
    tile_rank: I64  # [G, 4]: single-tile order strength (higher is better)
    hands: tuple[tuple[Tile, Tile, Tile, Tile], ...]
    rules: TileRules


def _kind(v: HandValue) -> int:
    if v.kind == "pair":
        return PAIR
    if v.kind == "wong":
        return WONG
    if v.kind == "gong":
        return GONG
    return HIGH_NINE if v.name == "high nine" else POINTS


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
    hi_kind = np.zeros((g, 3), dtype=np.int64)
    valid = np.zeros((g, 3), dtype=np.bool_)
    pair_together = np.zeros((g, 3), dtype=np.bool_)
    classes = np.zeros((g, 4), dtype=np.int64)
    tile_rank = np.zeros((g, 4), dtype=np.int64)
    n_pairs = np.zeros(g, dtype=np.int64)
    pair_class = np.full(g, -1, dtype=np.int64)
    hi_has = np.zeros((g, 3, len(CLASSES)), dtype=np.int64)
    hands = []
    for n, h in enumerate(FACE_HANDS):
        tiles = tiles_of(int(h))
        hands.append(tiles)
        cls = [t.class_index for t in tiles]
        classes[n] = cls
        tile_rank[n] = [tiebreak_strength(t, rules) for t in tiles]
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
            hi_kind[n, s] = _kind(st.high_value)
            for t in st.high:
                hi_has[n, s, t.class_index] += 1
            if len(pairs) == 1:
                pc = pairs[0]
                pair_together[n, s] = (cls[i] == pc and cls[j] == pc) or (
                    cls[k] == pc and cls[m] == pc)
    out = Features(hi_level, lo_level, hi_code, lo_code, hi_kind, valid, pair_together,
                   classes, n_pairs, pair_class, hi_has, tile_rank, tuple(hands), rules)
    _FEATURES[rules] = out
    return out


# ------------------------------------------------------------------------------ rules

#: The ways to choose among the settings a rule leaves, as ``prefer`` steps of the format,
#: and the words a card says them in.
PREFERENCES: dict[str, tuple[tuple[str, ...], str]] = {
    "high": (("max high", "max low"), "the highest high hand"),
    "low": (("max low", "max high"), "the highest low hand"),
    "close": (("not beaten in both hands", "min gap"),
              "the hands as close together as possible, unless both can be higher"),
    "total high": (("max total", "max high"), "the most points in all, the higher high hand"),
    "total low": (("max total", "max low"), "the most points in all, the higher low hand"),
}
for _w in ("Teen", "Day", "High 8", "High 10", "High 6", "11"):
    for _k in (2, 3, 4):
        PREFERENCES[f"total, high if low <= {_k} with {_w}"] = (
            ("max total", f"max high if low <= {_k} with {_w}", "min gap"),
            f"the most points in all; then, if the low hand is at most {_k} with {_w} "
            "whatever you do, the highest high hand, else the hands as close together as "
            "possible")
#: the guarded choices that name a tile too, for rules of every hand without a pair
GUARDED_WITH: tuple[str, ...] = tuple(
    f"wgh, total, high if low <= {k} with {w}" for k in range(2, 7)
    for w in ("Teen", "Day", "High 8", "High 4", "High 10", "High 6", "Low 4", "11",
              "Low 10", "High 7", "Low 6", "9", "Low 8", "Low 7"))
for _key in GUARDED_WITH:
    _lv = _key.split(" if low <= ", 1)[1]
    PREFERENCES[_key] = (
        ("high is Wong, Gong or High Nine", "max total", f"max high if low <= {_lv}",
         "min gap"),
        f"a Wong, Gong or High Nine behind if you can; then the most points in all; then, "
        f"if the low hand is at most {_lv} whatever you do, the highest high hand, else the "
        "hands as close together as possible")
for _k in range(1, 8):
    PREFERENCES[f"wgh, total, high if low <= {_k}"] = (
        ("high is Wong, Gong or High Nine", "max total", f"max high if low <= {_k}",
         "min gap"),
        f"a Wong, Gong or High Nine behind if you can; then the most points in all; then, "
        f"if the low hand is {_k} or less whatever you do, the highest high hand, else the "
        "hands as close together as possible")
    PREFERENCES[f"total, high if low <= {_k}"] = (
        ("max total", f"max high if low <= {_k}", "min gap"),
        f"the most points in all; then, if the low hand is {_k} or less whatever you do, "
        "the highest high hand, else the hands as close together as possible")
    PREFERENCES[f"close, high if low <= {_k}"] = (
        ("not beaten in both hands", f"max high if low <= {_k}", "min gap"),
        f"if the low hand is {_k} or less whatever you do, the highest high hand; else the "
        "hands as close together as possible, unless both can be higher")

# tile words a rule may name (with the words a card says them in); "Teen or Day" is "2|12"
_HAS_WORDS: tuple[str, ...] = (
    "Teen or Day", "Teen", "Day", "Gee", "High 8", "High 4", "High 10", "High 6", "11",
    "Low 10", "High 7", "Low 6", "9", "8", "7", "6", "5", "4", "10")
_PAIR_WORDS: tuple[str, ...] = (
    "Gee", "Teen", "Day", "Teen or Day", "High 8", "High 4", "High 10", "High 6", "Low 4",
    "11", "Low 10", "High 7", "Low 6", "9", "Low 8", "Low 7", "5", "4", "6", "7", "8", "10")
_LEVELS = {**{str(n): n for n in range(10)}, "Gong": 10, "Wong": 11}


@dataclass(frozen=True)
class RuleSpec:
    """One learned rule, in the way-file format's terms (see :meth:`toml`)."""

    hand: str | None = None  # "no pair", "one pair", "two pairs"
    pair: str | None = None  # a tile word: the hand holds one pair, of this class
    has: tuple[str, ...] = ()  # tile words: the hand holds a tile of each
    play: str | None = None  # "keep" / "split" the pair
    require: tuple[str, ...] = ()  # criteria every setting played must meet
    prefer: str = "high"  # a key of PREFERENCES

    def toml(self, rid: str, text: str) -> str:
        """The rule as a ``[[rule]]`` table of a way file."""
        lines = ["[[rule]]", f'id = "{rid}"', f"text = {_toml_str(text)}"]
        if self.hand:
            lines.append(f'hand = "{self.hand}"')
        if self.pair:
            lines.append(f"pair = [{_toml_str(self.pair)}]")
        if self.has:
            lines.append("has = [" + ", ".join(_toml_str(w) for w in self.has) + "]")
        if self.play:
            lines.append(f'play = "{self.play}"')
        if self.require:
            lines.append("require = [" + ", ".join(_toml_str(w) for w in self.require) + "]")
        steps = PREFERENCES[self.prefer][0]
        lines.append("prefer = [" + ", ".join(_toml_str(w) for w in steps) + "]")
        return "\n".join(lines) + "\n"

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
        what = []
        if self.play == "keep":
            what.append("keep the pair together")
        elif self.play == "split":
            what.append("split the pair")
        for r in self.require:
            what.append(_require_words(r))
        how = PREFERENCES[self.prefer][1]
        if self.play == "keep" and not self.require:
            return f"{who}: keep the pair together."
        if what:
            lead = " and ".join(what)
            return f"{who}: {lead}, if you can; then {how}."
        return f"{who}: play {how}."


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


def _require_words(r: str) -> str:
    if r == "high is Wong, Gong or High Nine":
        return "play a Wong, Gong or High Nine behind"
    side, _, lv = r.split(" ", 2)
    if " with " in lv:
        n, word = lv.split(" with ", 1)
        lv = f"{n} with {_article(word)[2:].strip() if word[0].isdigit() else word} or better"
        return f"make the {side} hand {lv}"
    return f"make the {side} hand {lv} or better"


# ------------------------------------------------------------------------------ the array reading


def _requirement(f: Features, r: str) -> B:
    """Where a ``require`` criterion holds, for every group and split."""
    if r == "high is Wong, Gong or High Nine":
        return np.isin(f.hi_kind, (WONG, GONG, HIGH_NINE))
    side, op, lv = r.split(" ", 2)
    if op != ">=":
        raise PaigowError(f"the learner cannot read the criterion {r!r}")
    if lv in _LEVELS:
        key = f.hi_level if side == "high" else f.lo_level
        return key >= _LEVELS[lv]
    code = read_level(lv).code(f.rules)
    key = f.hi_code if side == "high" else f.lo_code
    return key >= code


def _guard(f: Features, text: str) -> B:
    """A guard of a ``prefer`` step, ``low <= 4`` (levels) or ``low <= 4 with High 6``."""
    side, op, lv = text.split(" ", 2)
    if op != "<=":
        raise PaigowError(f"the learner cannot read the guard {text!r}")
    if lv in _LEVELS:
        return (f.hi_level if side == "high" else f.lo_level) <= _LEVELS[lv]
    code = read_level(lv).code(f.rules)
    return (f.hi_code if side == "high" else f.lo_code) <= code


def _pick_max(allowed: B, key: I64) -> B:
    big = np.where(allowed, key, np.iinfo(np.int64).min)
    top = big.max(axis=1, keepdims=True)
    out: B = allowed & (big == top)
    return out


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


def _step(allowed: B, f: Features, step: str) -> B:
    if step == "high is Wong, Gong or High Nine":  # a criterion: kept where some setting meets it
        keep: B = allowed & _requirement(f, step)
        some: B = np.asarray(keep.any(axis=1), dtype=np.bool_)
        kept: B = np.where(some[:, None], keep, allowed)
        return kept
    if " if " in step:
        inner, guard = step.split(" if ", 1)
        ok = _guard(f, guard)
        every: B = np.asarray(np.where(allowed, ok, True).all(axis=1), dtype=np.bool_)
        guarded: B = np.where(every[:, None], _step(allowed, f, inner), allowed)
        return guarded
    if step == "max high":
        return _pick_max(allowed, f.hi_level)
    if step == "max low":
        return _pick_max(allowed, f.lo_level)
    if step == "max total":
        return _pick_max(allowed, f.hi_level + f.lo_level)
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


def apply_rule(spec: RuleSpec, f: Features) -> tuple[B, I8]:
    """Which groups the rule applies to, and the split it plays for each (this module's
    reading of the format, over arrays)."""
    cond = _condition(spec, f)
    allowed = f.valid.copy()
    if spec.play == "keep":
        allowed &= f.pair_together
    elif spec.play == "split":
        allowed &= ~f.pair_together
    for r in spec.require:
        allowed &= _requirement(f, r)
    applies = cond & allowed.any(axis=1)
    for step in PREFERENCES[spec.prefer][0]:
        allowed = _step(allowed, f, step)
    return applies, _strongest(allowed, f)


# ------------------------------------------------------------------------------ candidates


#: tile words a threshold may carry ("low >= 6 with Day": six points whose highest tile is
#: Day or better), highest first
_WITH_WORDS: tuple[str, ...] = (
    "Teen", "Day", "High 8", "High 4", "High 10", "High 6", "Low 4", "11", "Low 10",
    "High 7", "Low 6", "9", "Low 8", "Low 7")


def _levels_only(small: bool) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [(), ("high is Wong, Gong or High Nine",)]
    lows = (2, 4, 6) if small else tuple(range(1, 10))
    out += [(f"low >= {a}",) for a in lows]
    out += [(f"high >= {b}",) for b in (("8",) if small else ("7", "8", "9", "Gong"))]
    if not small:
        for a in range(2, 9):
            for b in ("7", "8", "9", "Gong"):
                if _LEVELS[b] > a:
                    out.append((f"low >= {a}", f"high >= {b}"))
    return out


def _with_tiles(small: bool) -> list[tuple[str, ...]]:
    """Thresholds that name the highest tile too (``low >= 3 with High 6``)."""
    if small:
        return [("low >= 3 with High 6",)]
    out: list[tuple[str, ...]] = []
    for n in range(1, 10):
        out += [(f"low >= {n} with {w}",) for w in _WITH_WORDS]
    for n in range(6, 10):
        out += [(f"high >= {n} with {w}",) for w in _WITH_WORDS]
    return out


def candidates(small: bool = False) -> list[RuleSpec]:
    """Every rule the learner may choose (``small``: a few dozen, for tests)."""
    out: list[RuleSpec] = []
    basic = ("high", "low", "close") if small else ("high", "low", "close", "total high",
                                                   "total low")
    guarded = tuple(k for k in PREFERENCES
                    if k not in basic and " if " in k and k not in GUARDED_WITH)
    if small:
        guarded = ("total, high if low <= 4", "wgh, total, high if low <= 4 with High 4")
    plain = _levels_only(small)
    fine = plain + _with_tiles(small)
    for hand in (None, "no pair"):
        for req, pref in product(fine, basic):
            out.append(RuleSpec(hand=hand, require=req, prefer=pref))
        for req, pref in product(plain, guarded):
            out.append(RuleSpec(hand=hand, require=req, prefer=pref))
        if not small:
            out += [RuleSpec(hand=hand, prefer=pref) for pref in GUARDED_WITH]
    has_words = ("Teen or Day", "Gee", "5", "10") if small else _HAS_WORDS
    scopes = [(w,) for w in has_words] + ([] if small else [("Teen", "Day")])
    for has in scopes:
        for req, pref in product(plain, basic):
            out.append(RuleSpec(hand="no pair", has=has, require=req, prefer=pref))
        for req, pref in product(plain[:2] if not small else [()], guarded):
            out.append(RuleSpec(hand="no pair", has=has, require=req, prefer=pref))
    pair_words = ("Teen or Day", "9") if small else _PAIR_WORDS
    for w in pair_words:
        out.append(RuleSpec(pair=w, play="keep", prefer="high"))
        for req in plain:
            if req and req[0].startswith("high is"):
                continue
            for pref in ("high", "low"):
                out.append(RuleSpec(pair=w, play="split", require=req, prefer=pref))
    return out


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


class _Pool:
    """The candidates' applicability and plays over every group."""

    def __init__(self, specs: list[RuleSpec], labels: TileLabels, f: Features,
                 progress: Progress | None) -> None:
        n = len(specs)
        self.specs = specs
        self.applies = np.zeros((n, N_FACE), dtype=np.bool_)
        self.play = np.zeros((n, N_FACE), dtype=np.int8)
        rows = np.arange(N_FACE)
        keep = np.zeros(n, dtype=np.bool_)
        seen: set[bytes] = set()
        for c, spec in enumerate(specs):
            a, p = apply_rule(spec, f)
            self.applies[c], self.play[c] = a, p
            # a rule that applies nowhere, or repeats another's effect exactly, is dropped
            val = np.where(a, labels.score[rows, p.astype(np.int64)], 0)
            key = a.tobytes() + val.tobytes()
            if a.any() and key not in seen:
                keep[c] = True
                seen.add(key)
            if progress is not None and (c % 64 == 63 or c == n - 1):
                progress(c + 1, n)
        self.alive = np.flatnonzero(keep)
        self.score = labels.score

    def values(self, ids: npt.NDArray[np.int64]) -> I64:
        """The summed score of each group under each candidate's play: ``[len(ids), G]``."""
        rows = np.arange(N_FACE)
        out: I64 = self.score[rows[None, :], self.play[ids].astype(np.int64)]
        return out


def _decide(order: list[int], pool: _Pool, base: I8) -> tuple[I8, B]:
    """The splits a rule list plays (``base`` where no rule applies) and the groups some
    rule takes."""
    out = base.copy()
    taken = np.zeros(N_FACE, dtype=np.bool_)
    for c in order:
        new = pool.applies[c] & ~taken
        out[new] = pool.play[c][new]
        taken |= new
    return out, taken


def _best_insert(
    order: list[int], pool: _Pool, labels: TileLabels, base: I8, chunk: int = 512,
) -> tuple[int, int, int]:
    """The (gain, candidate, place) of the best single insertion into ``order`` (the
    groups a rule at place ``p`` takes are those no rule before it takes)."""
    rows = np.arange(N_FACE)
    cur, _ = _decide(order, pool, base)
    cur_val = labels.score[rows, cur.astype(np.int64)]
    free = np.ones((len(order) + 1, N_FACE), dtype=np.float64)
    taken = np.zeros(N_FACE, dtype=np.bool_)
    for p, c in enumerate(order):
        taken |= pool.applies[c]
        free[p + 1] = ~taken
    best = (0, -1, -1)
    used = set(order)
    alive = np.array([c for c in pool.alive if c not in used], dtype=np.int64)
    for start in range(0, len(alive), chunk):
        ids = alive[start:start + chunk]
        gain = np.where(pool.applies[ids], pool.values(ids) - cur_val[None, :], 0)
        # every place at once; the sums are integers well below 2**53, so exact in float64
        g = gain.astype(np.float64) @ free.T
        k = int(g.argmax())
        ci, p = divmod(k, g.shape[1])
        if round(g[ci, p]) > best[0]:
            best = (round(g[ci, p]), int(ids[ci]), p)
    return best


def learn(
    labels: TileLabels,
    max_rules: int = 12,
    small: bool = False,
    shapes: Sequence[str] = ("exceptions", "own"),
    progress: Callable[[str, int, int], None] | None = None,
) -> Derived:
    """Learn a way of at most ``max_rules`` rules (the ``otherwise`` line counted) from
    ``labels``; the better of the ``shapes`` tried (see the module's description)."""
    if max_rules < 2:
        raise PaigowError(f"--max-rules {max_rules}: a learned way needs at least 2 rules "
                          "(the dealer's way and one exception, or two rules of its own)")
    if max_rules > MAX_RULES:
        raise PaigowError(f"--max-rules {max_rules}: at most {MAX_RULES} rules")
    t0 = time.perf_counter()
    f = features(labels.rules)
    specs = candidates(small)

    def tick(what: str) -> Progress | None:
        if progress is None:
            return None
        return lambda d, t: progress(what, d, t)

    pool = _Pool(specs, labels, f, tick("scoring the candidate rules on every hand"))
    results = []
    for shape in shapes:
        results.append(_learn_shape(pool, labels, max_rules, shape, tick(f"learning ({shape})")))
    best = max(results, key=lambda d: (labels.total(d.splits), -d.n_rules))
    best.seconds = time.perf_counter() - t0
    best.other = {d.shape: d for d in results if d is not best}
    return best


def _learn_shape(
    pool: _Pool, labels: TileLabels, max_rules: int, shape: str, progress: Progress | None,
) -> Derived:
    base = labels.dealer_split.copy()
    order: list[int] = []
    budget = max_rules - 1 if shape == "exceptions" else max_rules
    curve: list[Step] = []
    if shape == "exceptions":
        curve.append(Step(1, labels.total(base)))
    elif shape == "own":
        # the best rule for every hand it takes, the rest by the best of the rules that
        # take every hand
        full = [c for c in pool.alive if pool.applies[c].all()]
        if not full:  # pragma: no cover - the candidates always hold catch-all rules
            raise PaigowError("no rule of the learner applies to every hand")
        sums = pool.values(np.array(full, dtype=np.int64)).sum(axis=1)
        top = int(full[int(sums.argmax())])
        order.append(top)
        base = pool.play[top].copy()
        curve.append(Step(1, labels.total(base)))
    else:
        raise PaigowError(f"unknown shape {shape!r}: exceptions or own")
    fixed = 0 if shape == "exceptions" else 1  # the catch-all stays last
    while len(order) < budget:
        gain, c, p = _best_insert(order[: len(order) - fixed], pool, labels,
                                  _decide(order[len(order) - fixed:], pool, base)[0]
                                  if fixed else base)
        if c < 0 or gain <= 0:
            break
        order.insert(p, c)
        splits, _ = _decide(order, pool, base)
        curve.append(Step(len(order) + (1 if shape == "exceptions" else 0),
                          labels.total(splits)))
        if progress is not None:
            progress(len(order), budget)
    order = _polish(order, pool, labels, base, fixed)
    splits, _ = _decide(order, pool, base)
    specs = [pool.specs[c] for c in order]
    # a rule that sets no hand (earlier rules take all its hands) is dropped
    used = []
    taken = np.zeros(N_FACE, dtype=np.bool_)
    for c in order:
        if (pool.applies[c] & ~taken).any():
            used.append(c)
        taken |= pool.applies[c]
    if len(used) != len(order):
        order = used
        specs = [pool.specs[c] for c in order]
        splits, _ = _decide(order, pool, base)
    if progress is not None:
        progress(budget, budget)
    return Derived(labels, specs, shape == "exceptions", splits, curve, shape)


def _polish(order: list[int], pool: _Pool, labels: TileLabels, base: I8, fixed: int) -> list[int]:
    """Take each rule out in turn and put in the best rule for its place, while that gains."""
    improved = True
    rounds = 0
    while improved and rounds < 6:
        improved = False
        rounds += 1
        for i in range(len(order) - fixed):
            now, _ = _decide(order, pool, base)
            before = labels.total(now)
            rest = order[:i] + order[i + 1:]
            head = rest[: len(rest) - fixed]
            tail_base = _decide(rest[len(rest) - fixed:], pool, base)[0] if fixed else base
            _, c, p = _best_insert(head, pool, labels, tail_base)
            if c < 0:
                continue
            cand = [*head[:p], c, *head[p:], *rest[len(rest) - fixed:]]
            after = labels.total(_decide(cand, pool, base)[0])
            if after > before:
                order = cand
                improved = True
    return order


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
