"""House ways as files: a tile house way written in TOML the way casinos print theirs.

A way file is a ``[way]`` table and a list of ``[[rule]]`` tables in the casino's order.
Each rule names the hands it is about (a pair and the two other tiles, a listed exception
hand, hands without a pair, ...) and how to set them (keep or split the pair, play two
named tiles together, prefer a Wong, bring the hands close together, ...). Rules without
``after`` decide: the first that applies to a hand sets it. Rules with ``after`` adjust:
applied in order to a setting that one of the rules they name has chosen (the Australian
way's "after bringing both hands closer together ..."). docs/tiles-ways.md describes every
key and criterion; :data:`paigow.tiles.ways._common.TOKENS` and the class names are the
tile words.

A file is checked when it is loaded: every key and word is known, and every one of the
8,130 distinct hands (35,960 deals) gets exactly one setting in each role; an error names
the rule and its line. A rule that no hand reaches is reported in :attr:`FileWay.unreached`.
Loading sets every hand once (a few seconds) and keeps the result in the user's cache,
keyed on the file's content and the code.

>>> way = read_way_text('''
... [way]
... name = "demo"
... [[rule]]
... id = "1"
... text = "Keep every pair."
... hand = "one pair"
... play = "keep"
... [[rule]]
... id = "2"
... text = "Two pairs: play them as two hands."
... hand = "two pairs"
... play = "pairs"
... [[rule]]
... id = "3"
... text = "Otherwise the highest low hand."
... prefer = ["max low"]
... ''', "demo.toml", use_cache=False)
>>> from paigow.tiles.tile import parse_tiles
>>> d = way.choose(parse_tiles("6-6 6-6 4-5 2-6"))
>>> str(d.setting), d.rule.text
('6-6 6-6 / 5-4 6-2', 'demo 1: Keep every pair.')
>>> way.unreached
()
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from paigow.errors import PaigowError, WayFileError
from paigow.tiles.hand import GONG_RANK, PAIR_BASE, WONG_RANK, HandValue, tiebreak_strength
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import SPLITS, Setting, make_setting, settings
from paigow.tiles.tile import CLASSES, DAY, GEE_JOON, Tile
from paigow.tiles.ways import Decision, TileWay
from paigow.tiles.ways._cache import cache_dir, save_atomically, tiles_source_hash
from paigow.tiles.ways._common import (
    TOKENS,
    TOP_SIX,
    as_hand,
    level,
    pairs_in,
    pareto,
    ranked_tiles,
    strongest,
    together,
)
from paigow.tiles.ways.table_file import FaceKey, distinct_hands, face_key
from paigow.ways import Rule as WayRule

__all__ = [
    "SHIPPED_DIR",
    "FileWay",
    "WayFileError",
    "load_way_file",
    "read_way_text",
    "shipped_way_files",
]

FORMAT_VERSION = 1
SHIPPED_DIR = Path(__file__).resolve().parent / "files"
Progress = Callable[[int, int], None]




# ------------------------------------------------------------------------------- words


def _key(word: str) -> str:
    return " ".join(word.lower().split())


_CLASS_WORDS: dict[str, frozenset[int]] = {}
for _c in CLASSES:
    for _n in (_c.name, _c.english, *_c.aliases):
        _CLASS_WORDS[_n.lower()] = frozenset({_c.index})
_CLASS_WORDS["gee"] = frozenset({GEE_JOON})
_CLASS_WORDS["first six"] = TOP_SIX
_CLASS_WORDS["any"] = frozenset(range(len(CLASSES)))
_TOKEN_WORDS = {k.lower(): v for k, v in TOKENS.items() if k not in ("6g",)}


def read_word(text: str) -> frozenset[int]:
    """The rank classes a tile word names: a word of the seed's notation (``"High 8"``,
    ``"9"``, ``"2|12"``), a class name (``"Teen"``, ``"Chop Gow"``, ``"Gee Joon"``, English
    names too), ``"first six"`` (the six highest single tiles), ``"any"``, or several
    joined by ``or``.

    >>> sorted(read_word("High 6 or 5")), sorted(read_word("teen/day"))
    ([6, 15], [1, 2])
    >>> read_word("Hihg 6")
    Traceback (most recent call last):
    ...
    paigow.errors.PaigowError: unknown tile word 'Hihg 6'
    """
    key = _key(text)
    if key in _TOKEN_WORDS:
        return _TOKEN_WORDS[key]
    if key in _CLASS_WORDS:
        return _CLASS_WORDS[key]
    parts = [p for p in re.split(r"\s+or\s+|\s*[|/,]\s*", key) if p]
    if len(parts) > 1:
        out: frozenset[int] = frozenset()
        for p in parts:
            out |= read_word(p)
        return out
    raise PaigowError(f"unknown tile word {text!r}")


# ------------------------------------------------------------------------------- levels


@dataclass(frozen=True)
class Level:
    """A hand level to compare with: a category (points 0-9, Gong 10, Wong 11, any pair
    20) and, for ``"<n> with <word>"``, the tile the hand's highest tile must reach."""

    rank: int
    with_class: int | None = None

    def code(self, rules: TileRules) -> int:
        """The comparison code of the weakest hand at this level."""
        if self.with_class is None:
            return self.rank * 32
        tile = Tile(*CLASSES[self.with_class].faces[0])
        return self.rank * 32 + tiebreak_strength(tile, rules)


_LEVEL_NAMES = {"gong": GONG_RANK, "wong": WONG_RANK, "pair": PAIR_BASE}


def read_level(text: str) -> Level:
    """``"7"``, ``"Gong"``, ``"Wong"``, ``"pair"``, ``"High Nine"`` (9 with Day) or
    ``"<n> with <word>"`` (n points, highest tile at least that word's highest tile).

    >>> read_level("3 with High 4"), read_level("high nine")
    (Level(rank=3, with_class=4), Level(rank=9, with_class=2))
    """
    key = _key(text)
    if key in _LEVEL_NAMES:
        return Level(_LEVEL_NAMES[key])
    if key == "high nine":
        return Level(9, DAY)
    m = re.fullmatch(r"(\d)(?: with (.+))?", key)
    if not m:
        raise PaigowError(f"unknown hand level {text!r}: a number 0-9, Gong, Wong, pair, "
                          "High Nine or '<n> with <tile word>'")
    if m.group(2) is None:
        return Level(int(m.group(1)))
    return Level(int(m.group(1)), min(read_word(m.group(2))))


# ------------------------------------------------------------------------------- criteria


@dataclass
class _Hand:
    """One hand being set: its tiles, candidate settings and the facts rules look at."""

    tiles: tuple[Tile, Tile, Tile, Tile]
    rules: TileRules
    banking: bool
    cands: list[Setting]
    pairs: list[tuple[int, tuple[Tile, Tile]]]
    ranked: list[Tile]
    chosen: Setting | None = None
    matched: dict[str, Tile] = field(default_factory=dict)
    house_way: TileWay | None = None
    _house: Setting | None = None

    def named(self, who: str) -> Setting:
        """A setting a ``when`` condition names: ``house`` (the ``otherwise`` way's own
        setting of the hand, in the role asked for), ``best high`` (the strongest high hand,
        then the strongest low hand beside it) or ``best low`` (the other way round)."""
        if who == "house":
            if self._house is None:
                if self.house_way is None:
                    raise PaigowError("'house' is the setting of the way [way] otherwise "
                                      "names, and this way has none")
                self._house = self.house_way.choose(self.tiles, self.banking).setting
            return self._house
        if who == "best high":
            return max(self.cands, key=lambda s: (s.high_value.code, s.low_value.code))
        return max(self.cands, key=lambda s: (s.low_value.code, s.high_value.code))


Pred = Callable[[Setting, _Hand], bool]
Cond = Callable[[_Hand], bool]
Step = Callable[[list[Setting], _Hand], list[Setting]]

_OPS: dict[str, Callable[[int, int], bool]] = {
    "=": lambda a, b: a == b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}
_SIDE = r"(low|high)"
_OP = r"(==|!=|<=|>=|=|<|>)"


def _value(s: Setting, side: str) -> HandValue:
    return s.high_value if side == "high" else s.low_value


def _kind_of(v: HandValue) -> str:
    if v.kind in ("wong", "gong", "pair"):
        return v.kind
    return "high nine" if v.name == "high nine" else "points"


def _tile_ref(word: str) -> Callable[[_Hand], list[Tile]]:
    """The hand's tiles a word in a criterion names: ``high tile`` / ``second tile`` (by
    the single-tile order), a word matched by the rule's ``tiles`` pattern, or a tile word."""
    key = _key(word)
    if key == "high tile":
        return lambda h: h.ranked[:1]
    if key == "second tile":
        return lambda h: h.ranked[1:2]
    classes = read_word(word)

    def ref(h: _Hand) -> list[Tile]:
        if key in h.matched:
            return [h.matched[key]]
        return [t for t in h.tiles if t.class_index in classes]

    return ref


def _in_hand(s: Setting, side: str, tiles: list[Tile]) -> bool:
    hand = s.high if side == "high" else s.low
    return any(t in hand for t in tiles)


def _level_pred(side: str, op: str, lv: Level) -> Pred:
    cmp = _OPS[op]
    if lv.with_class is None:
        return lambda s, h: cmp(level(_value(s, side)), lv.rank)
    return lambda s, h: cmp(_value(s, side).code, lv.code(h.rules))


def read_predicate(text: str) -> Pred:
    """A test of one setting (see docs/tiles-ways.md for the list)."""
    t = " ".join(text.split())
    low = t.lower()
    if low.startswith("not "):
        inner = read_predicate(t[4:])
        return lambda s, h: not inner(s, h)
    if m := re.fullmatch(rf"{_SIDE} {_OP} chosen {_SIDE}", low):
        side, op, other = m.groups()
        cmp = _OPS[op]

        def rel(s: Setting, h: _Hand) -> bool:
            if h.chosen is None:
                raise PaigowError("'chosen' is only known in a rule with 'after'")
            return cmp(level(_value(s, side)), level(_value(h.chosen, other)))

        return rel
    if m := re.fullmatch(rf"{_SIDE} {_OP} (.+)", low):
        side, op, lv = m.groups()
        return _level_pred(side, op, read_level(lv))
    if m := re.fullmatch(rf"{_SIDE} is (.+)", low):
        side = m.group(1)
        kinds = {k.strip() for k in re.split(r",|\bor\b", m.group(2)) if k.strip()}
        bad = kinds - {"wong", "gong", "high nine", "pair", "points"}
        if bad:
            raise PaigowError(f"unknown hand kind {sorted(bad)[0]!r} in {text!r}: "
                              "Wong, Gong, High Nine, pair or points")
        return lambda s, h: _kind_of(_value(s, side)) in kinds
    if low == "points as chosen":
        def same(s: Setting, h: _Hand) -> bool:
            c = h.chosen
            if c is None:
                raise PaigowError("'chosen' is only known in a rule with 'after'")
            return (level(s.low_value) == level(c.low_value)
                    and level(s.high_value) == level(c.high_value))
        return same
    if low in ("pair together", "pair split"):
        want = low == "pair together"

        def pair_pred(s: Setting, h: _Hand) -> bool:
            if not h.pairs:
                return False
            a, b = h.pairs[0][1]
            return together(a, b, s) == want

        return pair_pred
    if low == "pairs together":
        return lambda s, h: all(together(a, b, s) for _, (a, b) in h.pairs)
    if low == "two highest tiles apart":
        return lambda s, h: not together(h.ranked[0], h.ranked[1], s)
    if m := re.fullmatch(rf"(.+) in {_SIDE} hand", t, re.IGNORECASE):
        ref, side = _tile_ref(m.group(1)), m.group(2).lower()
        return lambda s, h: _in_hand(s, side, ref(h))
    if m := re.fullmatch(r"(.+) and (.+) (together|apart)", t, re.IGNORECASE):
        ra, rb, want_t = _tile_ref(m.group(1)), _tile_ref(m.group(2)), m.group(3).lower()

        def pair_of(s: Setting, h: _Hand) -> bool:
            hit = any(together(a, b, s) for a in ra(h) for b in rb(h) if a is not b)
            return hit == (want_t == "together")

        return pair_of
    if m := re.fullmatch(r"two (.+) together", t, re.IGNORECASE):
        classes = read_word(m.group(1))
        return lambda s, h: any(
            all(x.class_index in classes for x in hand) for hand in (s.high, s.low))
    if m := re.fullmatch(r"separate the two (.+)", t, re.IGNORECASE):
        classes = read_word(m.group(1))

        def separate(s: Setting, h: _Hand) -> bool:
            c = h.chosen
            if c is None:
                raise PaigowError("'chosen' is only known in a rule with 'after'")
            for hand in (c.high, c.low):
                if all(x.class_index in classes for x in hand):
                    return not together(hand[0], hand[1], s)
            return True

        return separate
    raise PaigowError(f"cannot read the criterion {text!r}")


_HAND_NAME = (r"(house low|house high|best high's low|best high's high|best low's low|"
              r"best low's high|best low|best high)")


def _hand_name(text: str) -> tuple[str, str]:
    """``best high's low`` as (the setting ``best high``, its ``low`` hand)."""
    words = text.lower().replace("'s", "").split()
    if words[0] == "house":
        return "house", words[1]
    return f"best {words[1]}", words[-1]


def read_condition(text: str) -> tuple[Cond, bool]:
    """A ``when`` condition: a criterion (as ``require`` takes) about one setting of the
    hand that the condition names first (docs/tiles-ways.md): ``house low < 4 with High 8``
    (the setting the ``otherwise`` way makes), ``best high >= 6 with High 6`` (the
    strongest high hand any setting makes), ``best high's low >= 3`` (the low hand beside
    it), ``best low >= 6``, ``best low's high < 9``; or two such hands compared by their
    full strength, ``best high's low >= best low`` (one setting is best in both hands);
    ``not ...`` negates. Also returns whether it looks at the house way.

    >>> from paigow.tiles.tile import parse_tiles
    >>> t = parse_tiles("6-6 5-4 3-1 2-1")
    >>> h = _Hand(t, DEFAULT_RULES, False, settings(t), pairs_in(t),
    ...           ranked_tiles(t, DEFAULT_RULES))
    >>> [read_condition(c)[0](h) for c in
    ...  ("best high is Wong", "best high's low >= 8", "best low >= 7", "not best low >= 7")]
    [True, False, True, False]
    >>> read_condition("best high's low >= best low")[0](h)   # Teen Wong / 7 beats all
    True
    """
    t = " ".join(text.split())
    if t.lower().startswith("not "):
        inner, house = read_condition(t[4:])
        return (lambda h: not inner(h)), house
    if m := re.fullmatch(rf"{_HAND_NAME} {_OP} {_HAND_NAME}", t, re.IGNORECASE):
        (wa, sa), op, (wb, sb) = _hand_name(m.group(1)), m.group(2), _hand_name(m.group(3))
        cmp = _OPS[op]

        def both(h: _Hand) -> bool:
            return cmp(_value(h.named(wa), sa).code, _value(h.named(wb), sb).code)

        return both, "house" in (wa, wb)
    if m := re.fullmatch(r"(house|best high's|best low's) (.+)", t, re.IGNORECASE):
        who, rest = m.group(1).lower().removesuffix("'s"), m.group(2)
    elif m := re.fullmatch(rf"best {_SIDE} ((?:is|{_OP}) .+)", t, re.IGNORECASE):
        side = m.group(1).lower()
        who, rest = f"best {side}", f"{side} {m.group(2)}"
    else:
        raise PaigowError(f"cannot read the condition {text!r}: it names a setting (house, "
                          "best high, best low, best high's, best low's), then a criterion "
                          "(house low < 4, best high >= 8, best high's low >= 3)")
    pred = read_predicate(rest)
    return (lambda h: pred(h.named(who), h)), who == "house"


def _objective(name: str) -> Callable[[Setting], int] | None:
    return {
        "max low": lambda s: level(s.low_value),
        "max high": lambda s: level(s.high_value),
        "min gap": lambda s: level(s.low_value) - level(s.high_value),
        "max total": lambda s: level(s.low_value) + level(s.high_value),
        "strongest high": lambda s: s.high_value.code,
        "strongest low": lambda s: s.low_value.code,
    }.get(name)


def _not_beaten(cands: list[Setting], h: _Hand) -> list[Setting]:
    return pareto(cands)


def read_step(text: str) -> Step:
    """One step of ``prefer``: an objective (``max low``, ``max high``, ``min gap``,
    ``max total``, ``not beaten in both hands``), or a criterion the way prefers (kept when
    some setting meets it); ``A, else B`` (B only when A changes nothing); ``... if <side>
    <op> <level>`` (the step only when every setting left is so)."""
    t = " ".join(text.split())
    if m := re.fullmatch(rf"(.+) if {_SIDE} {_OP} (.+)", t, re.IGNORECASE):
        inner = read_step(m.group(1).rstrip(", "))
        guard = _level_pred(m.group(2).lower(), m.group(3), read_level(m.group(4)))
        return lambda c, h: inner(c, h) if all(guard(s, h) for s in c) else c
    if ", else " in t:
        first, second = t.split(", else ", 1)
        a, b = read_step(first), read_step(second)

        def or_else(c: list[Setting], h: _Hand) -> list[Setting]:
            got = a(c, h)
            return got if len(got) < len(c) else b(c, h)

        return or_else
    low = t.lower()
    if low == "not beaten in both hands":
        return _not_beaten
    obj = _objective(low)
    if obj is not None:
        key = obj

        def best(c: list[Setting], h: _Hand) -> list[Setting]:
            top = max(key(s) for s in c)
            return [s for s in c if key(s) == top]

        return best
    pred = read_predicate(t)

    def prefer(c: list[Setting], h: _Hand) -> list[Setting]:
        kept = [s for s in c if pred(s, h)]
        return kept if kept else c

    return prefer


# ------------------------------------------------------------------------------- rules

_HAND_KINDS = {"two pairs": 2, "one pair": 1, "no pair": 0}
_PLAYS = {"keep": "pair together", "split": "pair split", "pairs": "pairs together"}
_RULE_KEYS = {"id", "text", "after", "role", "hand", "pair", "with", "tiles", "has", "chosen",
              "when", "play", "together", "require", "prefer"}
_WAY_KEYS = {"name", "title", "source", "format", "otherwise"}


@dataclass
class Rule:
    """One compiled rule of a way file."""

    id: str
    text: str
    line: int
    after: frozenset[str] = frozenset()
    role: bool | None = None
    pairs: int | None = None
    pair: frozenset[int] | None = None
    with_: tuple[tuple[str, ...], ...] = ()
    tiles: tuple[str, ...] = ()
    has: tuple[str, ...] = ()
    with_sets: tuple[tuple[frozenset[int], ...], ...] = ()
    tiles_sets: tuple[frozenset[int], ...] = ()
    has_sets: tuple[frozenset[int], ...] = ()
    chosen: tuple[Pred, ...] = ()
    when: tuple[Cond, ...] = ()
    uses_house: bool = False
    together: tuple[str, str] | None = None
    require: tuple[Pred, ...] = ()
    prefer: tuple[Step, ...] = ()

    def where(self) -> str:
        return f"rule {self.id} (line {self.line})"

    def applies(self, h: _Hand) -> list[Setting] | None:
        """The settings this rule leaves for ``h``, or None when it does not apply."""
        if self.role is not None and self.role != h.banking:
            return None
        if self.pairs is not None and len(h.pairs) != self.pairs:
            return None
        if self.pair is not None:
            if len(h.pairs) != 1 or h.pairs[0][0] not in self.pair:
                return None
            if self.with_:
                cls = h.pairs[0][0]
                others = [t for t in h.tiles if t.class_index != cls]
                if not any(_match(others, w) for w in self.with_sets):
                    return None
        h.matched = {}
        if self.tiles:
            m = _match(h.tiles, self.tiles_sets)
            if m is None:
                return None
            h.matched = {_key(w): t for w, t in zip(self.tiles, m, strict=True)}
        if self.has and _match(h.tiles, self.has_sets, partial=True) is None:
            return None
        if self.chosen:
            c = h.chosen
            if c is None or not all(p(c, h) for p in self.chosen):
                return None
        if not all(cond(h) for cond in self.when):
            return None
        cands = h.cands
        if self.together is not None:
            a, b = (h.matched[_key(w)] for w in self.together)
            cands = [s for s in cands if together(a, b, s)]
        for p in self.require:
            cands = [s for s in cands if p(s, h)]
        if not cands:
            return None
        for step in self.prefer:
            cands = step(cands, h)
        return cands


def _match(
    tiles: Sequence[Tile], wanted: Sequence[frozenset[int]], partial: bool = False,
) -> tuple[Tile, ...] | None:
    """The tiles matched one to one to the word classes ``wanted`` (the first assignment in
    permutation order, as :func:`paigow.tiles.ways._common.match`), or None. ``partial``:
    the words need only name some of the tiles."""
    n = len(wanted)
    if len(tiles) != n and not (partial and n <= len(tiles)):
        return None
    classes = [t.class_index for t in tiles]
    if not partial:
        union = frozenset().union(*wanted)
        if any(c not in union for c in classes):
            return None
    if any(not any(c in w for c in classes) for w in wanted):
        return None
    for perm in permutations(range(len(tiles)), n):
        if all(classes[i] in w for i, w in zip(perm, wanted, strict=True)):
            return tuple(tiles[i] for i in perm)
    return None


_WORD_CACHE: dict[str, frozenset[int]] = {}


def _word(word: str) -> frozenset[int]:
    """:func:`read_word`, remembered."""
    if word not in _WORD_CACHE:
        _WORD_CACHE[word] = read_word(word)
    return _WORD_CACHE[word]


def _rule_lines(text: str) -> list[int]:
    """Line numbers of the ``[[rule]]`` headers, in order."""
    return [n for n, line in enumerate(text.splitlines(), 1)
            if re.match(r"\s*\[\[\s*rule\s*\]\]", line)]


def _words(value: Any, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PaigowError(f"'{what}' must be a list of tile words")
    for v in value:
        _word(v)
    return tuple(value)


def _texts(value: Any, what: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PaigowError(f"'{what}' must be a list of strings")
    return list(value)


def _compile_rule(raw: dict[str, Any], line: int, n: int) -> Rule:
    rid = raw.get("id", str(n))
    if not isinstance(rid, str | int):
        raise PaigowError("'id' must be a string")
    rule = Rule(id=str(rid), text=str(raw.get("text", "")), line=line)
    unknown = sorted(set(raw) - _RULE_KEYS)
    if unknown:
        raise PaigowError(f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(_RULE_KEYS))})")
    if "after" in raw:
        rule.after = frozenset(_texts(raw["after"], "after"))
    if "role" in raw:
        if raw["role"] not in ("banker", "player"):
            raise PaigowError(f"'role' must be banker or player, got {raw['role']!r}")
        rule.role = raw["role"] == "banker"
    if "hand" in raw:
        if raw["hand"] not in _HAND_KINDS:
            raise PaigowError(f"'hand' must be one of {', '.join(_HAND_KINDS)}, got {raw['hand']!r}")
        rule.pairs = _HAND_KINDS[raw["hand"]]
    if "pair" in raw:
        classes: frozenset[int] = frozenset()
        for w in _words(raw["pair"], "pair"):
            classes |= _word(w)
        rule.pair = classes
    if "with" in raw:
        if rule.pair is None:
            raise PaigowError("'with' names the two tiles beside a pair: give 'pair' too")
        rows = raw["with"]
        if not isinstance(rows, list) or not rows:
            raise PaigowError("'with' must be a list of two-word lists")
        if all(isinstance(r, str) for r in rows):
            rows = [rows]
        out = []
        for r in rows:
            ws = _words(r, "with")
            if len(ws) != 2:
                raise PaigowError(f"each 'with' entry names the two other tiles, got {list(ws)}")
            out.append(ws)
        rule.with_ = tuple(out)
        rule.with_sets = tuple(tuple(_word(w) for w in ws) for ws in out)
    if "tiles" in raw:
        rule.tiles = _words(raw["tiles"], "tiles")
        if len(rule.tiles) != 4:
            raise PaigowError(f"'tiles' names the four tiles of a hand, got {len(rule.tiles)}")
        rule.tiles_sets = tuple(_word(w) for w in rule.tiles)
    if "has" in raw:
        rule.has = _words(raw["has"], "has")
        if len(rule.has) > 4:
            raise PaigowError(f"'has' names at most the four tiles of a hand, got {len(rule.has)}")
        rule.has_sets = tuple(_word(w) for w in rule.has)
    if "chosen" in raw:
        if not rule.after:
            raise PaigowError("'chosen' looks at the setting another rule chose: give 'after'")
        rule.chosen = tuple(read_predicate(x) for x in _texts(raw["chosen"], "chosen"))
    if "when" in raw:
        read = [read_condition(x) for x in _texts(raw["when"], "when")]
        rule.when = tuple(c for c, _ in read)
        rule.uses_house = any(house for _, house in read)
    require = []
    if "play" in raw:
        if raw["play"] not in _PLAYS:
            raise PaigowError(f"'play' must be one of {', '.join(_PLAYS)}, got {raw['play']!r}")
        if raw["play"] in ("keep", "split") and rule.pair is None and rule.pairs != 1:
            raise PaigowError(f"play = {raw['play']!r} is about a pair: give 'pair' or "
                              "hand = \"one pair\"")
        if raw["play"] == "pairs" and rule.pairs != 2:
            raise PaigowError("play = 'pairs' is about two pairs: give hand = \"two pairs\"")
        require.append(read_predicate(_PLAYS[raw["play"]]))
    if "together" in raw:
        ws = _words(raw["together"], "together")
        keys = [_key(w) for w in rule.tiles]
        if len(ws) != 2 or _key(ws[0]) == _key(ws[1]) or any(keys.count(_key(w)) != 1 for w in ws):
            raise PaigowError("'together' names two different words, each once in 'tiles'")
        rule.together = (ws[0], ws[1])
    require += [read_predicate(x) for x in _texts(raw.get("require", []), "require")]
    rule.require = tuple(require)
    rule.prefer = tuple(read_step(x) for x in _texts(raw.get("prefer", []), "prefer"))
    return rule


def compile_rules(text: str, source: str) -> tuple[dict[str, str], list[Rule]]:
    """Parse and check a way file's text: its ``[way]`` fields and its rules."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise WayFileError(f"{source}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - {"way", "rule"})
    if unknown:
        raise WayFileError(f"{source}: unknown table {unknown[0]!r}: a way file has [way] and "
                           "[[rule]] tables")
    way = data.get("way", {})
    if not isinstance(way, dict) or set(way) - _WAY_KEYS:
        bad = sorted(set(way) - _WAY_KEYS) if isinstance(way, dict) else ["way"]
        raise WayFileError(f"{source}: unknown [way] key {bad[0]!r} "
                           f"(keys: {', '.join(sorted(_WAY_KEYS))})")
    if way.get("format", FORMAT_VERSION) != FORMAT_VERSION:
        raise WayFileError(f"{source}: format {way['format']!r} is not known "
                           f"(this paigow reads format {FORMAT_VERSION})")
    raws = data.get("rule", [])
    if not isinstance(raws, list) or not raws:
        raise WayFileError(f"{source}: no [[rule]] tables: a way needs at least one rule")
    lines = _rule_lines(text)
    rules: list[Rule] = []
    for n, raw in enumerate(raws):
        line = lines[n] if n < len(lines) else 0
        try:
            rule = _compile_rule(raw, line, n + 1)
        except PaigowError as exc:
            rid = raw.get("id", n + 1) if isinstance(raw, dict) else n + 1
            raise WayFileError(f"{source}, rule {rid} (line {line}): {exc}") from None
        if any(r.id == rule.id for r in rules):
            raise WayFileError(f"{source}, {rule.where()}: the id {rule.id!r} is used twice")
        rules.append(rule)
    ids = {r.id for r in rules}
    for r in rules:
        missing = sorted(r.after - ids)
        if missing:
            raise WayFileError(f"{source}, {r.where()}: 'after' names no rule {missing[0]!r}")
    fields = {k: str(v) for k, v in way.items()}
    if "otherwise" not in fields:
        for r in rules:
            if r.uses_house:
                raise WayFileError(f"{source}, {r.where()}: 'when' names the house way's "
                                   "setting, and [way] has no otherwise naming that way")
    return fields, rules


# ------------------------------------------------------------------------------- evaluation


def _evaluate(
    rules: list[Rule], tiles: tuple[Tile, Tile, Tile, Tile], banking: bool, trules: TileRules,
    house: TileWay | None = None,
) -> tuple[Setting, int, list[int]] | None:
    """The setting of one hand, the index of the rule that set it last and every rule that
    applied; None when no rule decides the hand. ``house``: the ``otherwise`` way."""
    h = _Hand(tiles, trules, banking, settings(tiles, trules), pairs_in(tiles),
              ranked_tiles(tiles, trules), house_way=house)
    chosen: Setting | None = None
    by = -1
    applied: list[int] = []
    for n, r in enumerate(rules):
        if r.after:
            continue
        got = _apply(r, h)
        if got is not None:
            chosen, by = strongest(got), n
            applied.append(n)
            break
    if chosen is None:
        return None
    for n, r in enumerate(rules):
        if not r.after or rules[by].id not in r.after:
            continue
        h.chosen = chosen
        got = _apply(r, h)
        if got is not None:
            chosen, by = strongest(got), n
            applied.append(n)
    return chosen, by, applied


class _RuleFailed(Exception):
    def __init__(self, rule: Rule, reason: str) -> None:
        super().__init__(reason)
        self.rule, self.reason = rule, reason


def _apply(r: Rule, h: _Hand) -> list[Setting] | None:
    try:
        return r.applies(h)
    except PaigowError as exc:
        raise _RuleFailed(r, str(exc)) from None


def _split_index(hand: Sequence[Tile], s: Setting) -> int:
    key = sorted((sorted(map(str, s.high)), sorted(map(str, s.low))))
    for n, ((i, j), (k, m)) in enumerate(SPLITS):
        got = sorted((sorted((str(hand[i]), str(hand[j]))), sorted((str(hand[k]), str(hand[m])))))
        if got == key:
            return n
    raise AssertionError("a setting of the hand is one of its splits")  # pragma: no cover


def _hand_text(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def _deal_counts() -> list[int]:
    """How many of the 35,960 deals each distinct hand stands for."""
    out = []
    for hand in distinct_hands():
        faces: dict[tuple[int, int], int] = {}
        for t in hand:
            faces[(t.hi, t.lo)] = faces.get((t.hi, t.lo), 0) + 1
        n = 1
        for (hi, lo), k in faces.items():
            n *= comb(Tile(hi, lo).copies, k)
        out.append(n)
    return out


def _cache_path(sha: str, trules: TileRules) -> Path:
    spec = json.dumps([FORMAT_VERSION, sha, tiles_source_hash(), repr(trules)])
    return cache_dir("tiles-way-files") / f"{hashlib.sha256(spec.encode()).hexdigest()[:24]}.npz"


def _set_all(
    rules: list[Rule], source: str, trules: TileRules, progress: Progress | None,
    otherwise: TileWay | None = None,
) -> tuple[Any, Any, Any]:
    """Set every distinct hand in both roles: (split index [2, 8130], last rule [2, 8130],
    hands each rule applied to [2, rules]). A hand no rule sets is set by ``otherwise``
    (its last rule is then ``len(rules)``), or is an error when there is none."""
    hands = distinct_hands()
    both = otherwise is not None or any(r.role is not None for r in rules)
    roles = (False, True) if both else (False,)
    split = np.zeros((2, len(hands)), dtype=np.int8)
    last = np.zeros((2, len(hands)), dtype=np.int16)
    hits = np.zeros((2, len(rules)), dtype=np.int64)
    total = len(hands) * len(roles)
    done = 0
    for role in roles:
        r = int(role)
        for n, hand in enumerate(hands):
            try:
                got = _evaluate(rules, as_hand(hand), role, trules, otherwise)
            except _RuleFailed as exc:
                raise WayFileError(f"{source}, {exc.rule.where()}: {exc.reason}") from None
            if got is None and otherwise is not None:
                d = otherwise.choose(as_hand(hand), role)
                split[r, n] = _split_index(hand, d.setting)
                last[r, n] = len(rules)
                done += 1
                if progress is not None and (done % 256 == 0 or done == total):
                    progress(done, total)
                continue
            if got is None:
                who = "as banker" if role else "as a player"
                raise WayFileError(
                    f"{source}: no rule sets the hand {_hand_text(hand)} ({who}); every hand "
                    "needs a rule: end the way with a rule that applies to every hand left")
            s, by, applied = got
            split[r, n] = _split_index(hand, s)
            last[r, n] = by
            hits[r, applied] += 1
            done += 1
            if progress is not None and (done % 256 == 0 or done == total):
                progress(done, total)
    if len(roles) == 1:
        split[1], last[1], hits[1] = split[0], last[0], hits[0]
    return split, last, hits


# ------------------------------------------------------------------------------- the way


class FileWay:
    """A tile house way read from a way file (a :class:`~paigow.tiles.ways.TileWay`).

    ``unreached`` lists the ids of rules no hand reaches; ``hits(rule_id)`` the distinct
    hands (of 8,130) and deals (of 35,960) each rule applied to, as a player and as banker.
    """

    def __init__(
        self, name: str, source: str, sha256: str, fields: dict[str, str], rules: list[Rule],
        trules: TileRules, split: Any, last: Any, hits: Any, otherwise: TileWay | None = None,
    ) -> None:
        self.name = name
        self.source = source
        self.sha256 = sha256
        self.title = fields.get("title", "")
        self.source_note = fields.get("source", "")
        self.otherwise: TileWay | None = otherwise
        #: how the file names its otherwise way (``[way] otherwise``), or None
        self.otherwise_name: str | None = fields.get("otherwise")
        self.rules = trules
        self.rule_list = rules
        self._hits = hits
        self._split = split
        self._last = last
        self._row: dict[FaceKey, int] = {face_key(h): n for n, h in enumerate(distinct_hands())}
        self._made: dict[tuple[int, int], Setting] = {}
        counts = np.array(_deal_counts(), dtype=np.int64)
        # one more column: the deals the otherwise way set
        self._deals = np.zeros((2, len(rules) + 1), dtype=np.int64)
        for role in (0, 1):
            np.add.at(self._deals[role], np.asarray(last[role], dtype=np.int64), counts)
        self.unreached: tuple[str, ...] = tuple(
            r.id for n, r in enumerate(rules) if hits[0, n] == 0 and hits[1, n] == 0)

    def __repr__(self) -> str:
        return f"FileWay(name={self.name!r}, sha256={self.sha256[:24]!r})"

    def hits(self, rule_id: str) -> tuple[int, int]:
        """Distinct hands (as a player, as banker) the rule applied to."""
        n = next(i for i, r in enumerate(self.rule_list) if r.id == rule_id)
        return int(self._hits[0, n]), int(self._hits[1, n])

    def decided(self, rule_id: str) -> tuple[int, int]:
        """Deals of 35,960 (as a player, as banker) whose final setting this rule made."""
        n = next(i for i, r in enumerate(self.rule_list) if r.id == rule_id)
        return int(self._deals[0, n]), int(self._deals[1, n])

    def label(self, rule: Rule) -> WayRule:
        """The decision's rule: this file's rule ``rule.id`` and its text."""
        return WayRule(self.name, str(rule.id), rule.text)

    def otherwise_deals(self) -> tuple[int, int]:
        """Deals of 35,960 (as a player, as banker) that no rule set: the ``otherwise``
        way set them."""
        n = len(self.rule_list)
        return int(self._deals[0, n]), int(self._deals[1, n])

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision[Setting]:
        """The file's setting of ``tiles`` and the rule that made it."""
        hand = as_hand(tiles)
        role, row = int(bool(banking)), self._row[face_key(hand)]
        s = self._made.get((role, row))
        if s is None:
            rep = distinct_hands()[row]
            (i, j), (k, m) = SPLITS[int(self._split[role, row])]
            s = make_setting((rep[i], rep[j]), (rep[k], rep[m]), self.rules)
            self._made[role, row] = s
        by = int(self._last[role, row])
        if by == len(self.rule_list) and self.otherwise is not None:
            theirs = self.otherwise.choose(hand, banking).rule
            return Decision(s, WayRule(theirs.way, theirs.number, theirs.words,
                                       cite=f"{self.name} otherwise: {theirs.head}"))
        return Decision(s, self.label(self.rule_list[by]))


def read_way_text(
    text: str,
    source: str = "way.toml",
    rules: TileRules = DEFAULT_RULES,
    progress: Progress | None = None,
    use_cache: bool = True,
    name: str | None = None,
) -> FileWay:
    """Read, check and set every hand of a way file's text (see the module docstring)."""
    fields, compiled = compile_rules(text, source)
    sha = hashlib.sha256(text.encode()).hexdigest()
    otherwise, other_key = _otherwise_way(fields, source, rules)
    path = _cache_path(sha + other_key, rules)
    arrays = _load_cached(path, len(compiled), otherwise is not None) if use_cache else None
    if arrays is None:
        arrays = _set_all(compiled, source, rules, progress, otherwise)
        if use_cache:
            split, last, hits = arrays
            save_atomically(path, lambda fh: np.savez(fh, split=split, last=last, hits=hits))
    split, last, hits = arrays
    way_name = name or fields.get("name") or Path(source).stem
    return FileWay(way_name, source, sha, fields, compiled, rules, split, last, hits, otherwise)


def _otherwise_way(
    fields: dict[str, str], source: str, rules: TileRules,
) -> tuple[TileWay | None, str]:
    """The way named by ``[way] otherwise`` (a built-in way or a way file, never
    ``optimal``) and a key naming it for the cache (a file's content hash)."""
    name = fields.get("otherwise")
    if name is None:
        return None, ""
    from paigow.ways import get_way

    if name.strip().lower() == "optimal":
        raise WayFileError(f"{source}: otherwise = 'optimal' is not a way a person can ask "
                           "the dealer for: name a house way (australian, a way file, ...)")
    try:
        way = get_way(name, rules)
    except PaigowError as exc:
        raise WayFileError(f"{source}: [way] otherwise: {exc}") from None
    key = getattr(way, "sha256", None) or repr(way)
    return way, f"+otherwise:{key}"


def _load_cached(path: Path, n_rules: int, otherwise: bool = False) -> tuple[Any, Any, Any] | None:
    try:
        with np.load(path) as data:
            split, last, hits = data["split"], data["last"], data["hits"]
    except (OSError, ValueError, KeyError):
        return None
    n = len(distinct_hands())
    ok = (split.shape == (2, n) and last.shape == (2, n) and hits.shape == (2, n_rules)
          and int(split.min()) >= 0 and int(split.max()) <= 2
          and int(last.min()) >= 0 and int(last.max()) < n_rules + int(otherwise))
    return (split, last, hits) if ok else None


_LOADED: dict[tuple[str, str, TileRules], FileWay] = {}


def load_way_file(
    path: str | Path, rules: TileRules = DEFAULT_RULES, progress: Progress | None = None,
) -> FileWay:
    """Load the way file at ``path`` (kept in memory per content and rules)."""
    p = Path(path)
    try:
        text = p.read_bytes().decode("utf-8")
    except OSError as exc:
        raise WayFileError(f"cannot read the way file {str(p)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise WayFileError(f"the way file {str(p)!r} is not UTF-8 text") from None
    sha = hashlib.sha256(text.encode()).hexdigest()
    key = (str(p), sha, rules)
    if key not in _LOADED:
        _LOADED[key] = read_way_text(text, str(p), rules, progress)
    return _LOADED[key]


def shipped_way_files() -> dict[str, Path]:
    """The way files shipped with paigow, by file name (``australian.toml``)."""
    return {p.name: p for p in sorted(SHIPPED_DIR.glob("*.toml"))}
