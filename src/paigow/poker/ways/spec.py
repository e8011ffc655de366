"""The house-way file format: a Pai Gow Poker house way written as data (TOML).

A casino prints its house way as numbered rules by hand type, each with its conditions
and the setting it makes. A way file says the same thing, in the same order::

    [way]
    name = "example"
    title = "An example house way"

    [[two_pair]]
    rule = "3.1"
    high_pair = "J+"            # a condition: the high pair is jacks or better
    set = "low pair"            # the setting: the low pair in front
    text = "high pair jacks or better: split"

    [[two_pair]]
    rule = "3.2"
    set = "singles 1-2"         # no condition: every other two-pair hand

The full reference (every section, condition and setting) is ``docs/poker-house-way-files.md``.
:func:`parse_way` reads a file into a :class:`WaySpec`; every error is a
:class:`~paigow.errors.RuleError` that names the rule and the line. :meth:`WaySpec.compile`
turns it into the arrays the numba kernel (:mod:`paigow.poker.ways.file_fast`) interprets.

>>> spec = parse_way('''
... [way]
... name = "tiny"
... [[no_pair]]
... rule = "1"
... set = "singles 2-3"
... [[one_pair]]
... rule = "2"
... set = "singles 1-2"
... ''')
>>> spec.name, [r.rule for r in spec.rules]
('tiny', ['1', '2'])
>>> parse_way('[way]\\nname = "x"\\n[[one_pair]]\\nrule = "2"\\nset = "low pair"\\n')
Traceback (most recent call last):
...
paigow.errors.RuleError: rule 2 (line 5): one_pair hands have no low pair to set
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.errors import CardNotationError, RuleError
from paigow.poker.cards import RANKS, Rank
from paigow.poker.rank import PACK, pack

I64 = npt.NDArray[np.int64]

# ---------------------------------------------------------------- hand types (sections)

# section key -> (readable name, group shapes it covers)
HAND_TYPES: dict[str, tuple[str, tuple[tuple[int, ...], ...]]] = {
    "no_pair": ("no pair", ((1, 1, 1, 1, 1, 1, 1),)),
    "one_pair": ("one pair", ((2, 1, 1, 1, 1, 1),)),
    "two_pair": ("two pair", ((2, 2, 1, 1, 1),)),
    "three_pair": ("three pair", ((2, 2, 2, 1),)),
    "trips": ("three of a kind", ((3, 1, 1, 1, 1),)),
    "full_house": ("full house", ((3, 2, 1, 1),)),
    "full_house_and_pair": ("full house and a pair", ((3, 2, 2),)),
    "two_trips": ("two three of a kinds", ((3, 3, 1),)),
    "quads": ("four of a kind", ((4, 1, 1, 1),)),
    "quads_and_pair": ("four of a kind and a pair", ((4, 2, 1),)),
    "quads_and_trips": ("four of a kind and three of a kind", ((4, 3),)),
    "five_aces": ("five aces (wild: five of a kind)", ((5, 1, 1), (5, 2))),
}
HAND_KEYS: tuple[str, ...] = tuple(HAND_TYPES)
SF_SECTION = "straights_and_flushes"
SECTIONS: tuple[str, ...] = (*HAND_KEYS, SF_SECTION)
SF = len(HAND_KEYS)  # section index of the straights-and-flushes section

SHAPE_TYPE: dict[tuple[int, ...], int] = {
    shape: i for i, key in enumerate(HAND_KEYS) for shape in HAND_TYPES[key][1]
}

# ------------------------------------------------------------------------- features

ABSENT = 127  # the value of a feature the hand does not have (no low pair, no single …)
MAX_VALUE = 126  # feature values a condition can allow: 0..126 (two 64-bit words)

# condition key -> feature index
FEATURES: dict[str, int] = {
    "high_pair": 0,
    "mid_pair": 1,
    "low_pair": 2,
    "trips": 3,
    "low_trips": 4,
    "quads": 5,
    "five": 6,
    "top_single": 7,
    "second_single": 8,
    "third_single": 9,
    "joker": 10,
    "pair_sum": 11,
    "hand": 12,
    "joker_broadway_only": 13,
    "pair_in_front": 14,
    "front_improves": 15,
    "best_back": 16,
    "top_back": 17,
    "has_straight": 18,
    "has_flush": 19,
    "front": 20,
    "single_in_front": 21,
    "straight_or_flush": 22,
    "fourth_single": 23,
    "fifth_single": 24,
}
N_FEATURES = len(FEATURES)
ALIASES = {"pair": "high_pair", "single": "top_single"}
RANK_FEATURES = frozenset(
    ("high_pair", "mid_pair", "low_pair", "trips", "low_trips", "quads", "five",
     "top_single", "second_single", "third_single", "fourth_single", "fifth_single")
)
BOOL_FEATURES = frozenset(("joker", "joker_broadway_only", "pair_in_front", "front_improves",
                           "has_straight", "has_flush", "single_in_front",
                           "straight_or_flush"))
SF_ONLY_FEATURES = frozenset(("hand", "joker_broadway_only", "pair_in_front", "front_improves",
                              "best_back", "top_back", "has_straight", "has_flush", "front",
                              "single_in_front"))
# the five-card hands a straight-or-flush setting can put behind (best_back, top_back)
BACKS = ("straight", "flush", "straight flush", "royal flush")
# the settings that play a straight or flush: name -> filter of the backs they choose among
SF_SETTINGS = {"straight or flush": 0, "best straight or flush": 0, "straight": 1,
               "flush": 2, "straight flush": 3, "straight or flush, single 1 in front": 4}
COMPARES_FRONTS = 1 << 20  # flag in CompiledWay.sf_hands: the way uses front_improves
# flag in CompiledWay.sf_hands: some rule of the way (any layer) asks straight_or_flush,
# so the kernel scans every hand for a straight or better before its hand-type rules
ASKS_SF = 1 << 21

# groups a setting can take cards from: name -> (group id, feature that holds its rank)
GROUPS: dict[str, tuple[int, str]] = {
    "high pair": (0, "high_pair"),
    "mid pair": (1, "mid_pair"),
    "low pair": (2, "low_pair"),
    "trips": (3, "trips"),
    "low trips": (4, "low_trips"),
    "quads": (5, "quads"),
    "five": (6, "five"),
}
GROUP_ALIASES = {"pair": "high pair", "high trips": "trips", "four of a kind": "quads"}

# actions: (kind, a, b)
ACT_GROUP, ACT_SINGLES, ACT_GROUP_SINGLE, ACT_BEST_SF, ACT_BY_HAND = range(5)


def section_has(section: str, feature: str) -> bool | None:
    """Whether every hand of ``section`` has ``feature`` (True), none has it (False), or
    some do (None)."""
    if section == SF_SECTION:
        return None
    if feature in ("joker", "straight_or_flush", *SF_ONLY_FEATURES):
        return True
    shapes = HAND_TYPES[section][1]
    has = {_shape_has(s, feature) for s in shapes}
    return has.pop() if len(has) == 1 else None


def _shape_has(shape: tuple[int, ...], feature: str) -> bool:
    n = {k: shape.count(k) for k in range(1, 6)}
    need = {
        "high_pair": n[2] >= 1, "mid_pair": n[2] >= 3, "low_pair": n[2] >= 2,
        "trips": n[3] >= 1, "low_trips": n[3] >= 2, "quads": n[4] >= 1, "five": n[5] >= 1,
        "top_single": n[1] >= 1, "second_single": n[1] >= 2, "third_single": n[1] >= 3,
        "fourth_single": n[1] >= 4, "fifth_single": n[1] >= 5, "pair_sum": n[2] >= 2,
    }
    return need[feature]


# ---------------------------------------------------------------------- the spec


@dataclass(frozen=True)
class Rule:
    """One numbered rule: where it sits, its conditions and the setting it makes."""

    section: str
    rule: str
    line: int
    conditions: dict[str, frozenset[int]]
    action: tuple[int, int, int]
    setting: str
    text: str

    @property
    def where(self) -> str:
        """``rule 3.2 (line 14)``: how every message names the rule."""
        return f"rule {self.rule} (line {self.line})"

    @property
    def label(self) -> str:
        """The rule as a decision reports it: ``3.2: <text>``."""
        return f"{self.rule}: {self.text}"


@dataclass(frozen=True)
class WaySpec:
    """A house way read from a file (see the module description)."""

    name: str
    title: str
    source: str
    url: str
    notes: str
    rules: tuple[Rule, ...]
    digest: str = field(repr=False)
    otherwise: WaySpec | None = None  # the way that sets every hand no rule here sets
    otherwise_line: int = 0  # the line of ``otherwise`` in the file

    def section(self, key: str) -> tuple[Rule, ...]:
        """The rules of one section, in the file's order."""
        return tuple(r for r in self.rules if r.section == key)

    def chain(self) -> tuple[WaySpec, ...]:
        """This way, then its ``otherwise`` way, then that one's, …: the layers a hand is
        offered to in turn."""
        out: list[WaySpec] = []
        way: WaySpec | None = self
        while way is not None:
            out.append(way)
            way = way.otherwise
        return tuple(out)

    def compile(self) -> CompiledWay:
        """The arrays the numba kernel interprets: per layer (this way, then each
        ``otherwise`` way in turn) its sections in :data:`SECTIONS` order."""
        layers = [way._compile_layer() for way in self.chain()]
        if any("straight_or_flush" in r.conditions for w in self.chain() for r in w.rules):
            # the kernel reads the flag of the first layer (meta[4]) for every layer
            first = layers[0]
            layers[0] = replace(first, sf_hands=first.sf_hands | ASKS_SF,
                                layer_sf_hands=(first.sf_hands | ASKS_SF,))
        if len(layers) == 1:
            return layers[0]
        n = sum(len(c.rules) for c in layers)
        mask = np.zeros((n, 1 + 3 * N_FEATURES), dtype=np.int64)
        act = np.zeros((n, 3), dtype=np.int64)
        start = np.zeros(len(SECTIONS) * len(layers), dtype=np.int64)
        count = np.zeros(len(SECTIONS) * len(layers), dtype=np.int64)
        k = 0
        for i, c in enumerate(layers):
            m = len(c.rules)
            mask[k:k + m] = c.mask[:m]
            act[k:k + m] = c.action[:m]
            start[i * len(SECTIONS):(i + 1) * len(SECTIONS)] = c.start + k
            count[i * len(SECTIONS):(i + 1) * len(SECTIONS)] = c.count
            k += m
        return CompiledWay(mask, act, start, count, layers[0].sf_hands,
                           tuple(r for c in layers for r in c.rules), len(layers[0].rules),
                           tuple(c.sf_hands for c in layers),
                           tuple(w.name for w in self.chain()),
                           tuple(len(c.rules) for c in layers))

    def _compile_layer(self) -> CompiledWay:
        """This file's own rules as arrays (its ``otherwise`` way aside)."""
        ordered = [r for key in SECTIONS for r in self.section(key)]
        n = len(ordered)
        # per rule: the number of conditions, then (feature, allowed-values mask) pairs
        mask = np.zeros((max(n, 1), 1 + 3 * N_FEATURES), dtype=np.int64)
        act = np.zeros((max(n, 1), 3), dtype=np.int64)
        start = np.zeros(len(SECTIONS), dtype=np.int64)
        count = np.zeros(len(SECTIONS), dtype=np.int64)
        k = 0
        for s, key in enumerate(SECTIONS):
            start[s] = k
            for r in self.section(key):
                for j, (cond, values) in enumerate(sorted(r.conditions.items())):
                    words = [0, 0]
                    for v in values:
                        words[v >> 6] |= 1 << (v & 63)
                    mask[k, 1 + 3 * j] = FEATURES[cond]
                    for w in range(2):  # as a signed 64-bit word
                        mask[k, 2 + 3 * j + w] = words[w] - (1 << 64 if words[w] >> 63 else 0)
                mask[k, 0] = len(r.conditions)
                act[k] = r.action
                k += 1
            count[s] = k - start[s]
        sf_hands = 0
        for r in self.section(SF_SECTION):
            allowed = r.conditions.get("hand", frozenset(range(len(HAND_KEYS))))
            for h in allowed:
                sf_hands |= 1 << h
            if "front_improves" in r.conditions:
                sf_hands |= COMPARES_FRONTS
        return CompiledWay(mask, act, start, count, sf_hands, tuple(ordered), n, (sf_hands,),
                           (self.name,), (n,))


@dataclass(frozen=True)
class CompiledWay:
    """A way as data for the kernel: per rule its conditions (``mask[rule]``: their number
    ``n``, then ``n`` triples of a feature index and a bit mask, in two 64-bit words, of
    the values 0..126 allowed) and an action; per section the first rule and the number
    of rules. A way with an ``otherwise`` way is several *layers*, each its 13 sections
    (``start`` and ``count`` hold 13 entries a layer; ``rules`` all the layers' rules, the
    file's own first: ``rules[:own]``); a hand no rule of a layer sets goes to the next."""

    mask: I64
    action: I64
    start: I64
    count: I64
    sf_hands: int
    rules: tuple[Rule, ...]  # in kernel order: rule index -> Rule
    own: int = -1  # how many of ``rules`` are the file's own (the first layer's)
    layer_sf_hands: tuple[int, ...] = ()  # sf_hands of each layer
    layer_names: tuple[str, ...] = ()  # the way of each layer
    layer_sizes: tuple[int, ...] = ()  # rules of each layer

    @property
    def layers(self) -> int:
        """How many ways the hands are offered to in turn (1 without ``otherwise``)."""
        return max(1, len(self.layer_sf_hands))

    def layer_of(self, index: int) -> int:
        """The layer of rule ``index`` (0: the file's own rules).

        >>> way = parse_way('''
        ... [way]
        ... otherwise = "foxwoods"
        ... [[two_pair]]
        ... rule = "1"
        ... top_single = "A"
        ... set = "singles 1-2"
        ... ''').compile()
        >>> way.layers, way.own, way.layer_names, way.layer_of(0), way.layer_of(way.own)
        (2, 1, ('way', 'foxwoods'), 0, 1)
        """
        k = 0
        for i, m in enumerate(self.layer_sizes or (len(self.rules),)):
            k += m
            if index < k:
                return i
        raise IndexError(index)


# ------------------------------------------------------------------------- parsing

_KNOWN_RULE_KEYS = frozenset({"rule", "set", "text", *FEATURES, *ALIASES})
_WAY_KEYS = frozenset({"name", "title", "source", "url", "notes", "otherwise"})
MAX_CHAIN = 8  # ways an ``otherwise`` chain may hold (a longer one is surely a mistake)


def _fail(where: str, message: str) -> RuleError:
    return RuleError(f"{where}: {message}")


def rank_index(token: str) -> int:
    """The :class:`~paigow.poker.cards.Rank` (0..12) of ``A``, ``K`` … ``2`` (``10`` for
    ten too), as a way file's rule reads it.

    >>> rank_index("A"), rank_index("10"), rank_index("t")
    (12, 8, 8)
    """
    try:
        return int(Rank.parse(token))
    except CardNotationError as exc:
        raise RuleError(str(exc)) from None


def parse_ranks(value: object, named: dict[str, frozenset[int]] | None = None) -> frozenset[int]:
    """A set of ranks: ``"A"``, ``"K+"`` (kings or better), ``"2-6"``, ``"7-T"``, a
    name from the file's ``[ranks]`` table, ``"any"``, or a list or comma list of these.

    >>> "".join(Rank(i).symbol for i in sorted(parse_ranks("J+")))
    'JQKA'
    >>> "".join(Rank(i).symbol for i in sorted(parse_ranks(["2-4", "A"])))
    '234A'

    """
    items: list[str]
    if isinstance(value, list):
        items = [str(v) for v in value]
    elif isinstance(value, str):
        items = [p for p in value.split(",")]
    else:
        raise RuleError(f"ranks must be a string or a list of strings, got {value!r}")
    out: set[int] = set()
    for item in items:
        t = item.strip()
        low = t.lower()
        if named and low in named:
            out |= named[low]
        elif low == "any":
            out |= set(range(13))
        elif t.endswith("+") and len(t) > 1:
            out |= set(range(rank_index(t[:-1]), 13))
        elif "-" in t.strip("-"):
            a, b = (rank_index(x) for x in t.split("-", 1))
            if a > b:
                a, b = b, a
            out |= set(range(a, b + 1))
        else:
            out.add(rank_index(t))
    if not out:
        raise RuleError(f"empty rank set {value!r}")
    return frozenset(out)


def parse_backs(value: object) -> frozenset[int]:
    """Five-card hands a straight-or-flush setting puts behind: ``"straight"``,
    ``"flush"``, ``"straight flush"``, ``"royal flush"``, a comma list or a list.

    >>> sorted(parse_backs("straight, flush"))
    [0, 1]
    """
    items = value if isinstance(value, list) else str(value).split(",")
    out = set()
    for item in items:
        t = " ".join(str(item).lower().replace("_", " ").split())
        if t not in BACKS:
            raise RuleError(f"unknown hand behind {item!r}: choose among {', '.join(BACKS)}")
        out.add(BACKS.index(t))
    return frozenset(out)


def front_class(high: int, low: int) -> int:
    """The class 0..90 of a two-card hand of rank indices ``high >= low`` (12 = ace), in
    the two-card order: high cards (0 = 3-2 … 77 = A-K), then pairs (78 = 2-2 … 90 = A-A).

    >>> front_class(1, 0), front_class(12, 11), front_class(0, 0), front_class(12, 12)
    (0, 77, 78, 90)
    """
    if high == low:
        return 78 + high
    return high * (high - 1) // 2 + low


_ONE_RANK = f"[{RANKS}]|10"
_FRONT = re.compile(rf"^({_ONE_RANK})(?:({_ONE_RANK}))?(\+)?$")


def parse_front(value: object) -> frozenset[int]:
    """Two-card hands in front, as classes (:func:`front_class`): ``"K"`` any king-high
    hand, ``"AJ"`` exactly ace-jack, ``"77"`` a pair of sevens, each with ``+`` for that
    hand or better (``"K+"`` king-high or better: every ace-high hand and every pair too),
    ``"pair"`` any pair; a comma list or a list of these.

    >>> len(parse_front("K+")), len(parse_front("AJ+")), len(parse_front("pair"))
    (36, 16, 13)
    """
    items = value if isinstance(value, list) else str(value).split(",")
    out: set[int] = set()
    for item in items:
        t = str(item).strip().upper()
        if t == "PAIR":
            out |= set(range(78, 91))
            continue
        m = _FRONT.match(t)
        if m is None:
            raise RuleError(
                f"bad front hand {item!r}: write e.g. \"K+\" (king-high or better), "
                "\"AJ+\", \"77+\" or \"pair\""
            )
        a = rank_index(m.group(1))
        if m.group(2) is None:  # any hand led by that rank
            if a == 0:
                raise RuleError(f"bad front hand {item!r}: no two-card hand is two-high")
            lo, hi = front_class(a, 0), front_class(a, a - 1)
        else:
            b = rank_index(m.group(2))
            if b > a:
                raise RuleError(f"bad front hand {item!r}: write the higher rank first")
            lo = hi = front_class(a, b)
        out |= set(range(lo, 91 if m.group(3) else hi + 1))
    return frozenset(out)


PAIR_SUM_OFFSET = 2 * PACK
"""A way file's pair sum less the sum of its two :class:`Rank` values (two 0 ... ace 12)."""
_SUM = re.compile(r"^\s*(<=|>=|<|>|=)?\s*(\d+)\s*(?:-\s*(\d+))?\s*$")


def parse_sum(value: object) -> frozenset[int]:
    """A range of pair-rank sums, each rank counted as people count it (two 2 ... jack 11,
    queen 12, king 13, ace 14: :func:`~paigow.poker.rank.pack`): ``"<=15"``, ``"9-15"``,
    ``">=20"`` or a number. Stored as the sum of the two :class:`Rank` values (``sum -
    PAIR_SUM_OFFSET``).

    >>> sorted(parse_sum("<=9"))  # 2+3 .. 4+5, 2+7 … as index sums 1..5
    [1, 2, 3, 4, 5]
    """
    m = _SUM.match(str(value))
    if m is None:
        raise RuleError(f"bad pair_sum {value!r}: write e.g. \"<=15\", \"9-15\" or \">=20\"")
    op, a, b = m.group(1), int(m.group(2)), m.group(3)
    values = range(pack(Rank.TWO) + pack(Rank.THREE), pack(Rank.KING) + pack(Rank.ACE) + 1)
    if b is not None:
        keep = [v for v in values if a <= v <= int(b)]
    elif op in (None, "="):
        keep = [v for v in values if v == a]
    else:
        keep = [v for v in values if {"<=": v <= a, ">=": v >= a, "<": v < a, ">": v > a}[op]]
    if not keep:
        raise RuleError(f"pair_sum {value!r} holds no sum of two pairs (5..27)")
    return frozenset(v - PAIR_SUM_OFFSET for v in keep)


def parse_action(text: str, section: str) -> tuple[int, int, int]:
    """The setting a rule makes, as ``(kind, a, b)`` (see the format reference)."""
    t = " ".join(str(text).lower().replace("_", " ").split())
    m = re.fullmatch(r"singles? (\d)\s*(?:-|,|and)\s*(\d)", t)
    if m:
        i, j = int(m.group(1)), int(m.group(2))
        if not 1 <= i < j <= 7:
            raise RuleError(f"bad setting {text!r}: singles I-J with 1 <= I < J")
        return ACT_SINGLES, i - 1, j - 1
    m = re.fullmatch(r"(.+?) \+ single (\d)", t)
    if m:
        g = GROUP_ALIASES.get(m.group(1), m.group(1))
        if g not in GROUPS:
            raise RuleError(f"bad setting {text!r}: unknown group {m.group(1)!r}")
        return ACT_GROUP_SINGLE, GROUPS[g][0], int(m.group(2)) - 1
    if t in SF_SETTINGS:
        return ACT_BEST_SF, SF_SETTINGS[t], 0
    if t in ("by hand type", "as hand type"):
        if section != SF_SECTION:
            raise RuleError(f"setting {text!r} belongs to the {SF_SECTION} section only")
        return ACT_BY_HAND, 0, 0
    g = GROUP_ALIASES.get(t, t)
    if g.endswith(" pair") and g not in GROUPS and g[:-5] in GROUPS:
        g = g[:-5]  # "trips pair", "quads pair": two cards of that group
    if g in GROUPS:
        return ACT_GROUP, GROUPS[g][0], 0
    raise RuleError(
        f"unknown setting {text!r}: write e.g. \"singles 1-2\", \"low pair\", \"trips pair\", "
        "\"trips + single 1\", \"straight or flush\", \"flush\" or \"by hand type\""
    )


def _lines(text: str) -> dict[tuple[str, int], tuple[int, dict[str, int]]]:
    """Line of each ``[[section]]`` table (by section and index) and of each key in it."""
    out: dict[tuple[str, int], tuple[int, dict[str, int]]] = {}
    seen: dict[str, int] = {}
    current: tuple[str, int] | None = None
    header = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_\-]+)\s*\]\]")
    table = re.compile(r"^\s*\[")
    key = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")
    for n, line in enumerate(text.splitlines(), start=1):
        m = header.match(line)
        if m:
            sec = m.group(1)
            idx = seen.get(sec, 0)
            seen[sec] = idx + 1
            current = (sec, idx)
            out[current] = (n, {})
            continue
        if table.match(line):
            current = None
            continue
        k = key.match(line)
        if k and current is not None:
            out[current][1].setdefault(k.group(1), n)
    return out


def parse_way(
    text: str, default_name: str = "way", base: Path | None = None,
    chain: tuple[str, ...] = (),
) -> WaySpec:
    """Read a way file's text into a :class:`WaySpec`, checking every rule's form (the
    hand-by-hand checks are :func:`paigow.poker.ways.file_way.check_way`).

    ``[way] otherwise = "NAME-or-PATH"`` names the way that sets every hand no rule of
    the file sets (a shipped way, ``house`` for the shipped ``seeds`` file, or a path,
    relative to ``base``: the folder of the file); it is read too, and ``chain`` (the
    files already being read) refuses a loop."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"the way file is not valid TOML: {exc}") from None
    lines = _lines(text)
    way = data.get("way", {})
    if not isinstance(way, dict):
        raise RuleError("[way] must be a table (name, title, source, url, notes)")
    extra = set(way) - _WAY_KEYS
    if extra:
        raise RuleError(f"[way] has unknown keys: {', '.join(sorted(extra))}")
    named: dict[str, frozenset[int]] = {}
    ranks_table = data.get("ranks", {})
    if not isinstance(ranks_table, dict):
        raise RuleError("[ranks] must be a table of names, e.g. low = \"2-6\"")
    for k, v in ranks_table.items():
        try:
            named[k.lower()] = parse_ranks(v)
        except RuleError as exc:
            raise RuleError(f"[ranks] {k}: {exc}") from None
    unknown = set(data) - {"way", "ranks", *SECTIONS}
    if unknown:
        raise RuleError(
            f"unknown section(s) {', '.join(sorted(unknown))}: the sections are "
            + ", ".join(SECTIONS)
        )
    rules: list[Rule] = []
    numbers: dict[str, str] = {}
    # the file's order of sections (their first line) is the casino's order, kept as read
    order = sorted(
        (key for key in SECTIONS if key in data),
        key=lambda key: lines.get((key, 0), (0, {}))[0],
    )
    for key in order:
        entries = data[key]
        if not isinstance(entries, list):
            line = lines.get((key, 0), (0, {}))[0]
            raise RuleError(f"{key} (line {line}): write each rule as a [[{key}]] table")
        for idx, entry in enumerate(entries):
            line, keylines = lines.get((key, idx), (0, {}))
            rules.append(_parse_rule(key, idx, entry, line, keylines, named, numbers))
    otherwise: WaySpec | None = None
    line = _way_key_line(text, "otherwise")
    if "otherwise" in way:
        otherwise = _read_otherwise(way["otherwise"], base, chain, line)
    if not rules and otherwise is None:
        raise RuleError("the way file has no rules")
    name = str(way.get("name", default_name)).strip() or default_name
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    if otherwise is not None:  # the way changes when its otherwise way does
        digest = hashlib.sha256(f"{digest}:{otherwise.digest}".encode()).hexdigest()[:16]
    return WaySpec(name, str(way.get("title", name)), str(way.get("source", "")),
                   str(way.get("url", "")), str(way.get("notes", "")), tuple(rules), digest,
                   otherwise, line)


def _way_key_line(text: str, key: str) -> int:
    """The line of ``key = …`` in the file's ``[way]`` table (0 if absent)."""
    inside = False
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped.replace(" ", "") == "[way]"
        elif inside and re.match(rf"{key}\s*=", stripped):
            return n
    return 0


def _read_otherwise(value: object, base: Path | None, chain: tuple[str, ...],
                    line: int) -> WaySpec:
    """The ``otherwise`` way of a file, read (see :func:`parse_way`)."""
    from paigow.poker.ways.file_way import read_way

    where = f"[way] otherwise (line {line})"
    if not isinstance(value, str) or not value.strip():
        raise RuleError(f"{where}: give the name of a way file or a path, e.g. "
                        "otherwise = \"trump-plaza\"")
    target = value.strip()
    if target.lower() == "house":
        target = "seeds"  # the built-in house way, as its file (equal on every hand)
    if len(chain) >= MAX_CHAIN:
        raise RuleError(f"{where}: more than {MAX_CHAIN} ways chained by otherwise")
    try:
        return read_way(target, base=base, chain=chain)
    except RuleError as exc:
        raise RuleError(f"{where}: {exc}") from None


def _parse_rule(
    section: str, idx: int, entry: Any, line: int, keylines: dict[str, int],
    named: dict[str, frozenset[int]], numbers: dict[str, str],
) -> Rule:
    if not isinstance(entry, dict):
        raise RuleError(f"{section} entry {idx + 1} (line {line}) is not a table")
    number = str(entry.get("rule", "")).strip()
    where = f"rule {number} (line {line})" if number else f"{section} entry {idx + 1} (line {line})"
    if not number:
        raise _fail(where, "every rule needs a number: rule = \"3.2\"")
    if number in numbers:
        raise _fail(where, f"the number {number} is already used ({numbers[number]})")
    numbers[number] = f"line {line}"
    unknown = set(entry) - _KNOWN_RULE_KEYS
    if unknown:
        bad = sorted(unknown)[0]
        raise _fail(f"rule {number} (line {keylines.get(bad, line)})",
                    f"unknown key {bad!r}: conditions are {', '.join(FEATURES)}")
    if "set" not in entry:
        raise _fail(where, "every rule needs the setting it makes: set = \"…\"")
    try:
        action = parse_action(str(entry["set"]), section)
    except RuleError as exc:
        raise _fail(f"rule {number} (line {keylines.get('set', line)})", str(exc)) from None
    conditions: dict[str, frozenset[int]] = {}
    for raw_key, value in entry.items():
        if raw_key in ("rule", "set", "text"):
            continue
        cond = ALIASES.get(str(raw_key), str(raw_key))
        here = f"rule {number} (line {keylines.get(raw_key, line)})"
        if cond in conditions:
            raise _fail(here, f"the condition {cond} is given twice ({raw_key})")
        try:
            conditions[cond] = _parse_condition(cond, value, section, named)
        except RuleError as exc:
            raise _fail(here, str(exc)) from None
    _check_action(section, action, conditions, f"rule {number} (line {keylines.get('set', line)})")
    text = str(entry.get("text", "")).strip() or _describe(section, conditions, entry)
    return Rule(section, number, line, conditions, action, str(entry["set"]), text)


def _parse_condition(
    cond: str, value: object, section: str, named: dict[str, frozenset[int]]
) -> frozenset[int]:
    if cond == "hand":
        if section != SF_SECTION:
            raise RuleError(f"the hand condition belongs to the {SF_SECTION} section only")
        names = value if isinstance(value, list) else [value]
        out = set()
        for n in names:
            k = str(n).strip().lower().replace(" ", "_").replace("-", "_")
            if k not in HAND_KEYS:
                raise RuleError(f"unknown hand type {n!r}: choose among {', '.join(HAND_KEYS)}")
            out.add(HAND_KEYS.index(k))
        return frozenset(out)
    if cond in SF_ONLY_FEATURES and section != SF_SECTION:
        raise RuleError(f"{cond} belongs to the {SF_SECTION} section only")
    if cond in BOOL_FEATURES:
        if not isinstance(value, bool):
            raise RuleError(f"{cond} must be true or false, got {value!r}")
        return frozenset({int(value)})
    if cond in ("best_back", "top_back"):
        return parse_backs(value)
    if cond == "front":
        return parse_front(value)
    has = section_has(section, cond)
    if has is False:
        raise RuleError(f"{section} hands have no {cond.replace('_', ' ')}")
    if cond == "pair_sum":
        return parse_sum(value)
    return parse_ranks(value, named)


def _shapes(section: str, conditions: dict[str, frozenset[int]]) -> list[tuple[int, ...]]:
    """The group shapes a rule can meet: its section's, or in the straights-and-flushes
    section those of the hand types its ``hand`` condition allows."""
    if section != SF_SECTION:
        return list(HAND_TYPES[section][1])
    allowed = conditions.get("hand", frozenset(range(len(HAND_KEYS))))
    return [s for h in sorted(allowed) for s in HAND_TYPES[HAND_KEYS[h]][1]]


_SINGLE_FEATURES = ("top_single", "second_single", "third_single", "fourth_single",
                    "fifth_single")


def _check_action(
    section: str, action: tuple[int, int, int], conditions: dict[str, frozenset[int]],
    where: str,
) -> None:
    kind, a, b = action
    shapes = _shapes(section, conditions)
    needs: list[tuple[str, str]] = []  # (feature or "", what is needed)
    if kind in (ACT_GROUP, ACT_GROUP_SINGLE):
        group = next(name for name, (gid, _) in GROUPS.items() if gid == a)
        needs.append((GROUPS[group][1], f"{group} to set"))
    if kind in (ACT_SINGLES, ACT_GROUP_SINGLE):
        feature = _SINGLE_FEATURES[b] if b < len(_SINGLE_FEATURES) else ""
        needs.append((feature, f"{b + 1} singles (side cards)"))
    for feature, what in needs:
        if feature and feature in conditions:
            continue  # a condition on it: it is there whenever the rule applies
        if feature:
            have = {_shape_has(s, feature) for s in shapes}
        else:
            have = {s.count(1) > b for s in shapes}
        if have == {True}:
            continue
        if have == {False}:
            raise RuleError(f"{where}: {section} hands have no {what}")
        cond = f": add a condition on {feature}" if feature else ""
        raise RuleError(f"{where}: not every hand this rule meets has {what}{cond}")


def _describe(section: str, conditions: dict[str, frozenset[int]], entry: dict[str, Any]) -> str:
    parts = [HAND_TYPES[section][0] if section in HAND_TYPES else "straight or flush"]
    for k, v in entry.items():
        if k not in ("rule", "set", "text"):
            parts.append(f"{k} {v}")
    return f"{', '.join(parts)}: {entry['set']}"


__all__ = [
    "FEATURES",
    "HAND_KEYS",
    "HAND_TYPES",
    "SECTIONS",
    "SF_SECTION",
    "CompiledWay",
    "Rule",
    "WaySpec",
    "parse_action",
    "parse_backs",
    "parse_front",
    "parse_ranks",
    "parse_sum",
    "parse_way",
]
