"""The Australian casino house way (seed 000, "This is the 'house way' as given by the
Australian Casino"), clause by clause. The default dealer way.

Clauses are tried in this order (docs/tiles-ways.md gives the readings behind each):

1. two ranking pairs: play the two pairs;
2. one pair the seed never splits: keep it;
3. one other pair: split it when the split table lists the other two tiles, else keep it;
4. and 5. no pair and a Wong, Gong or high nine can be made: play one (which one: 4.2, 4.3,
   5.1, 5.2);
7. no pair and the hand is one of the listed exception hands: play the listed setting;
6. general play (6.1 to 6.4), then the exceptions' alternative formulation (7.b1 to 7.b4)
   applied to the result of general play.

>>> from paigow.tiles.tile import parse_tiles
>>> way = AustralianHouseWay()
>>> d = way.choose(parse_tiles("6-6 6-6 4-4 3-4"))
>>> d.rule.text
'australian 3: split Teen/Day with 8 and 8, 7, 6, 5, 4'
>>> str(d.setting), d.setting.high_value.name, d.setting.low_value.name
('6-6 4-4 / 6-6 4-3', 'Teen Gong', 'high nine')
>>> d = way.choose(parse_tiles("5-5 6-4 3-3 6-1"))
>>> d.rule.text
'australian 7.17: High 10, Low 10, High 6 with any 7. Play 6 and 7 with the high 10 on the high hand'
>>> str(d.setting)
'5-5 6-1 / 3-3 6-4'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from paigow.errors import RuleError
from paigow.tiles.hand import HandValue, tiebreak_strength
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting, make_setting, settings
from paigow.tiles.tile import CLASSES, DAY, GEE_JOON, TEEN, Tile
from paigow.tiles.ways import Decision, Rule
from paigow.tiles.ways._common import (
    BON,
    CHONG,
    CHOP_BOT,
    CHOP_CHIT,
    CHOP_GOW,
    CHOP_NG,
    FOO,
    GOR,
    LOOK,
    MOOY,
    PING,
    TIT,
    TOP_SIX,
    YUN,
    as_hand,
    balanced,
    is_tile,
    keep_pair,
    level,
    match,
    pairs_in,
    prefer,
    ranked_tiles,
    split_pair,
    strongest,
    together,
    with_hand,
)

__all__ = ["EXCEPTIONS", "NEVER_SPLIT", "SPLIT_TABLE", "AustralianHouseWay", "ExceptionHand"]

Exceptions = Literal["both", "list", "formulation"]

#: Clause 2: the pairs never split, with the seed's names for them.
NEVER_SPLIT: dict[int, str] = {
    GOR: "Ngor (High Four)",
    FOO: "Foo Tau (Eleven)",
    MOOY: "Mooy (High Ten)",
    PING: "Hoong Tau Sap (Low Ten)",
    CHONG: "Cheong Sum (High Six)",
    LOOK: "Lim Lum Lok (Low Six)",
    BON: "Ban Tang (Low Four)",
    CHOP_NG: "Chap Ng (Mixed Fives)",
}


@dataclass(frozen=True)
class SplitRow:
    """A row of clause 3: split a pair of one of ``pairs`` when the two other tiles match one
    of ``others`` (words of :data:`paigow.tiles.ways._common.TOKENS`)."""

    pairs: frozenset[int]
    pair_text: str
    text: str
    others: tuple[tuple[str, str], ...]


_TD = frozenset({TEEN, DAY})
_NINES = frozenset({CHOP_GOW})
_EIGHTS = frozenset({YUN, CHOP_BOT})
_SEVENS = frozenset({TIT, CHOP_CHIT})

#: Clause 3, one entry per row of the seed's table (read as described in docs/tiles-ways.md).
SPLIT_TABLE: tuple[SplitRow, ...] = (
    SplitRow(frozenset({GEE_JOON}), "Gee Joon", "High 6 and 6, 5, 4",
             (("High 6", "6"), ("High 6", "5"), ("High 6", "4"))),
    SplitRow(_TD, "Teen/Day", "9 and 8, 7, 6, 5, 4",
             tuple(("9", x) for x in ("8", "7", "6g", "5", "4"))),
    SplitRow(_TD, "Teen/Day", "8 and 8, 7, 6, 5, 4",
             tuple(("8", x) for x in ("8", "7", "6g", "5", "4"))),
    SplitRow(_TD, "Teen/Day", "7 and 7, 6, 5, 4",
             tuple(("7", x) for x in ("7", "6g", "5", "4"))),
    SplitRow(_NINES, "Chap Gow (nines)", "Teen and Day", (("12", "2"),)),
    SplitRow(_NINES, "Chap Gow (nines)", "Teen/Day and 10", (("2|12", "10"),)),
    SplitRow(_NINES, "Chap Gow (nines)", "10 and 10", (("10", "10"),)),
    SplitRow(_EIGHTS, "Yun and Chap Paat (eights)", "Teen and Day", (("12", "2"),)),
    SplitRow(_EIGHTS, "Yun and Chap Paat (eights)", "Teen/Day and 11, 10",
             (("2|12", "11"), ("2|12", "10"))),
    SplitRow(_EIGHTS, "Yun and Chap Paat (eights)", "10 and 10", (("10", "10"),)),
    SplitRow(_EIGHTS, "Yun and Chap Paat (eights)", "10 and 11, 10",
             (("10", "11"), ("10", "10"))),
    SplitRow(_EIGHTS, "Yun and Chap Paat (eights)", "11 and 9", (("11", "9"),)),
    SplitRow(_SEVENS, "Ko Kiok Chaat and Chap Chaat (sevens)", "Teen and Day", (("12", "2"),)),
    SplitRow(_SEVENS, "Ko Kiok Chaat and Chap Chaat (sevens)", "Teen/Day and 11, 10",
             (("2|12", "11"), ("2|12", "10"))),
)


@dataclass(frozen=True)
class ExceptionHand:
    """An exception hand of clause 7: the four tiles (seed words) and the two that form the
    high hand (positions in ``tokens``); the other two form the low hand."""

    number: int
    text: str
    tokens: tuple[str, str, str, str]
    high: tuple[int, int]


#: Clause 7, the list of exception hands, in the seed's order.
EXCEPTIONS: tuple[ExceptionHand, ...] = (
    ExceptionHand(1, "High 10. Low 10, any 6 with 2 or 12. Play 0 and 8",
                  ("High 10", "Low 10", "6", "2|12"), (2, 3)),
    ExceptionHand(2, "High 10, Low 10, 11 any 7 or 8. Play 0 and 8 or 0 and 9",
                  ("High 10", "Low 10", "11", "7"), (2, 3)),
    ExceptionHand(3, "High 8, High 10, 11 any 7. Play 7 and 9",
                  ("High 8", "High 10", "11", "7"), (0, 2)),
    ExceptionHand(4, "High 6, 5, Gee Joon any 2 or 12. Play 7 and 9",
                  ("High 6", "5", "Gee", "2|12"), (0, 2)),
    ExceptionHand(5, "High 6, 5, Gee Joon any 7. Play 2 and 9",
                  ("High 6", "5", "Gee", "7"), (0, 2)),
    ExceptionHand(6, "High 6, 5, Gee Joon any 8. Play 3 and 9",
                  ("High 6", "5", "Gee", "8"), (0, 2)),
    ExceptionHand(7, "High 6, 5, Gee Joon any 10. Play 5 and 9",
                  ("High 6", "5", "Gee", "10"), (0, 2)),
    ExceptionHand(8, "High 6, 5, Gee Joon and 11. Play 6 and 9",
                  ("High 6", "5", "Gee", "11"), (0, 2)),
    ExceptionHand(9, "High 6, Low 6, 5 and Gee Joon. Play 1 and 9",
                  ("High 6", "Low 6", "5", "Gee"), (0, 3)),
    ExceptionHand(10, "High 6, 5, Gee Joon and nine. Play 4 and 9",
                  ("High 6", "5", "Gee", "9"), (0, 2)),
    ExceptionHand(11, "High 4, Low 4, 5 any 6. Play 0 and 9",
                  ("High 4", "Low 4", "5", "6"), (0, 2)),
    ExceptionHand(12, "High 6, Low 6, 2 or 12 with any 4 or 5. Play 0 and 8 or 1 and 8",
                  ("High 6", "Low 6", "2|12", "4"), (1, 2)),
    ExceptionHand(13, "High 4, Low 4, 5, Gee Joon. Play 7 and 9 with the high 4 on the high hand",
                  ("High 4", "Low 4", "5", "Gee"), (0, 2)),
    ExceptionHand(14, "High 8, Low 8, High 6 with any 7. "
                  "Play 4 and 5 with the high 8 on the high hand",
                  ("High 8", "Low 8", "High 6", "7"), (0, 3)),
    ExceptionHand(15, "High 8, Low 8, High 4 with any 7. "
                  "Play 2 and 5 with the high 8 on the high hand",
                  ("High 8", "Low 8", "High 4", "7"), (0, 3)),
    ExceptionHand(16, "High 8, Low 8, High 4 with any 6. "
                  "Play 2 and 4 with the High 8 on the high hand",
                  ("High 8", "Low 8", "High 4", "6"), (0, 3)),
    ExceptionHand(17, "High 10, Low 10, High 6 with any 7. "
                  "Play 6 and 7 with the high 10 on the high hand",
                  ("High 10", "Low 10", "High 6", "7"), (0, 3)),
    ExceptionHand(18, "High 4, High 10, Low 4, Eleven. Play 4 and 5 with High 4 on the high hand",
                  ("High 4", "High 10", "Low 4", "11"), (0, 3)),
    ExceptionHand(19, "High 10, High 8, Low 8 and 9. Play 7 and 8 with the High 8 on the low hand",
                  ("High 10", "High 8", "Low 8", "9"), (0, 2)),
)

# 7.2 and 7.12 name a choice of fourth tile ("any 7 or 8", "any 4 or 5"): their other words.
_ALTERNATE_TOKENS: dict[int, tuple[str, str, str, str]] = {
    2: ("High 10", "Low 10", "11", "8"),
    12: ("High 6", "Low 6", "2|12", "5"),
}

_KIND_NAMES = {"wong": "Wong", "gong": "Gong", "nine": "High Nine"}


def _special(v: HandValue) -> str | None:
    """``wong``, ``gong`` or ``nine`` when the hand is a Wong, a Gong or a high nine."""
    if v.kind in ("wong", "gong"):
        return v.kind
    if v.name == "high nine":
        return "nine"
    return None


def _has(hand: Sequence[Tile], cls: int) -> bool:
    return any(t.class_index == cls for t in hand)


class AustralianHouseWay:
    """The Australian casino house way of seed 000 (clauses 1-7), the default dealer way.

    ``exceptions`` chooses how clause 7 applies: ``"both"`` (default) plays the listed
    exception hands as listed and applies the alternative formulation (7.b1-7.b4) to every
    other hand after general play; ``"list"`` only the listed hands; ``"formulation"`` only
    the formulation (7.b5 repeats list item 7.3, which it then stands for).

    The way is the same whether or not it banks.

    >>> from paigow.tiles.tile import parse_tiles
    >>> AustralianHouseWay().choose(parse_tiles("6-5 3-2 6-4 4-3")).rule.text
    'australian 6.1: bring the hands as close together as possible (6 and 7)'
    """

    name = "australian"

    def __init__(self, *, rules: TileRules = DEFAULT_RULES, exceptions: Exceptions = "both"):
        if exceptions not in ("both", "list", "formulation"):
            raise RuleError(
                f"unknown exceptions {exceptions!r}: choose both, list or formulation"
            )
        self.rules = rules
        self.exceptions: Exceptions = exceptions

    def __repr__(self) -> str:
        return f"AustralianHouseWay(rules={self.rules!r}, exceptions={self.exceptions!r})"

    # -- the way ---------------------------------------------------------------------------

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision[Setting]:
        """The house way's setting of four tiles and the clause that decided it."""
        hand = as_hand(tiles)
        decided = self.pair_play(hand)
        if decided is not None:
            return decided
        return self.no_pair_play(hand)

    def pair_play(self, hand: Sequence[Tile]) -> Decision[Setting] | None:
        """Clauses 1-3: a hand with a pair; None when the hand has no pair."""
        pairs = pairs_in(hand)
        if not pairs:
            return None
        if len(pairs) == 2:
            return Decision(
                make_setting(pairs[0][1], pairs[1][1], self.rules),
                Rule("australian", "1", "two ranking pairs, play the two pairs as two hands"),
            )
        cls, pair = pairs[0]
        if cls in NEVER_SPLIT:
            return Decision(
                keep_pair(hand, pair, self.rules),
                Rule("australian", "2", f"never split {NEVER_SPLIT[cls]}"),
            )
        others = [t for t in hand if t.class_index != cls]
        for row in SPLIT_TABLE:
            if cls in row.pairs and any(match(others, o) for o in row.others):
                return Decision(
                    split_pair(hand, pair, self.rules),
                    Rule("australian", "3", f"split {row.pair_text} with {row.text}"),
                )
        return Decision(
            keep_pair(hand, pair, self.rules),
            Rule("australian", "3", f"keep the pair of {CLASSES[cls].name}"
            " (no row of the split table matches)"),
        )

    def no_pair_play(self, hand: Sequence[Tile]) -> Decision[Setting]:
        """Clauses 4-7 for a hand without a pair (the general play of the house way)."""
        all_s = settings(hand, self.rules)
        decided = self.wong_gong_nine(hand, all_s)
        if decided is not None:
            return decided
        if self.exceptions in ("both", "list"):
            decided = self.exception_hand(hand)
            if decided is not None:
                return decided
        general = self.general_play(hand, all_s)
        if self.exceptions == "list":
            return general
        if self.exceptions == "formulation":
            item3 = self.exception_hand(hand, only=(3,))
            if item3 is not None:
                s = item3.setting
                return Decision(s, Rule("australian", "7.b5", "High 8, High 10, 11 any 7, Play 7 and 9"))
        return self.formulation(hand, general, all_s)

    # -- clauses 4 and 5 -------------------------------------------------------------------

    def wong_gong_nine(
        self, hand: Sequence[Tile], all_s: list[Setting] | None = None
    ) -> Decision[Setting] | None:
        """Clauses 4 and 5: play a Wong, Gong or High Nine when one can be made."""
        all_s = settings(hand, self.rules) if all_s is None else all_s
        cands = [s for s in all_s if _special(s.high_value)]
        if not cands:
            return None
        if _has(hand, TEEN) and _has(hand, DAY):
            teen_high, narrowed = prefer(cands, lambda s: _has(s.high, TEEN))
            if narrowed:
                return Decision(
                    strongest(teen_high),
                    Rule("australian", "4.3", "a choice of Wong, Gong or High Nine with a Teen and Day,"
                    " play the Teen on the high hand"),
                )
            return Decision(strongest(cands), self._rule_4_1(strongest(cands)))
        kinds = {_special(s.high_value) for s in cands}
        if len(kinds) == 1:
            return Decision(strongest(cands), self._rule_4_1(strongest(cands)))
        # one Teen or Day, and two or three tiles of 7, 8 or 9 pips to play it with
        plain = [t for t in hand if t.class_index not in (TEEN, DAY)]
        fourth = [t for t in plain if t.is_gee_joon or t.pips not in (7, 8, 9)]
        f = fourth[0] if len(fourth) == 1 else None
        if f is not None and "wong" in kinds and is_tile(f, "11"):
            order, rule = ("wong", "gong", "nine"), (
                Rule("australian", "5.2", "play Wong over Gong or High Nine when the fourth tile is eleven"))
        elif f is not None and {"gong", "nine"} <= kinds and is_tile(f, "4"):
            order, rule = ("gong", "nine", "wong"), (
                Rule("australian", "5.1", "play Gong over High Nine when the fourth tile is four"))
        else:
            order, rule = ("nine", "gong", "wong"), (
                Rule("australian", "4.2", "play High Nine instead of Gong or Wong and Gong instead of Wong"
                " when given a choice"))
        best = next(k for k in order if k in kinds)
        return Decision(strongest(s for s in cands if _special(s.high_value) == best), rule)

    @staticmethod
    def _rule_4_1(s: Setting) -> Rule:
        kind = _special(s.high_value) or "nine"
        return (
            Rule("australian", "4.1", "if no higher play is possible, always play Wong, Gong or High Nine"
            f" (here {_KIND_NAMES[kind]}), even at the expense of the low hand")
        )

    # -- clause 7, the list ----------------------------------------------------------------

    def exception_hand(
        self, hand: Sequence[Tile], only: tuple[int, ...] | None = None
    ) -> Decision[Setting] | None:
        """Clause 7: the listed exception hands, played as listed."""
        for item in EXCEPTIONS:
            if only is not None and item.number not in only:
                continue
            words = [item.tokens]
            if item.number in _ALTERNATE_TOKENS:
                words.append(_ALTERNATE_TOKENS[item.number])
            for w in words:
                m = match(hand, w)
                if m is not None:
                    i, j = item.high
                    s = with_hand(hand, m[i], m[j], self.rules)
                    return Decision(s, Rule("australian", f"7.{item.number}", item.text))
        return None

    # -- clause 6 --------------------------------------------------------------------------

    def _place_tiles(
        self, hand: Sequence[Tile], cands: list[Setting]
    ) -> tuple[Setting, Rule | None]:
        """Clauses 6.2-6.4 among settings of equal points, then the last tie-break."""
        top, second = ranked_tiles(hand, self.rules)[:2]
        hi = level(cands[0].high_value)
        if hi <= 7:
            cands, by_62 = prefer(cands, lambda s: top in s.low)
            if by_62:
                return strongest(cands), (
                    Rule("australian", "6.2", "the high hand is seven or less, play the high tile on the"
                    " low hand"))
        else:
            cands, by_63 = prefer(cands, lambda s: top in s.high)
            if by_63:
                return strongest(cands), (
                    Rule("australian", "6.3", "the high hand is eight or better, play the high tile on"
                    " the high hand"))
        cands, by_64 = prefer(cands, lambda s: not together(top, second, s))
        if by_64:
            return strongest(cands), (
                Rule("australian", "6.4", "do not play the two highest tiles on the same hand"))
        return strongest(cands), None

    def general_play(
        self, hand: Sequence[Tile], all_s: list[Setting] | None = None
    ) -> Decision[Setting]:
        """Clause 6: bring the hands close together unless they can be set higher (6.1),
        then place the high tile by the high hand's points (6.2, 6.3) and keep the two
        highest tiles apart (6.4)."""
        all_s = settings(hand, self.rules) if all_s is None else all_s
        close = balanced(all_s)
        s, why = self._place_tiles(hand, close)
        pts = f"{level(s.low_value)} and {level(s.high_value)}"
        rule = why or (
            Rule("australian", "6.1", "bring the hands as close together as possible"
            f" ({pts})"))
        if why is None and len(close) > 1:
            rule = replace(rule, words=rule.words + "; of equal settings, the stronger low hand")
        return Decision(s, rule)

    # -- clause 7, the alternative formulation ---------------------------------------------

    def _best_of(self, hand: Sequence[Tile], cands: list[Setting]) -> Setting:
        lo = max(level(s.low_value) for s in cands)
        cands = [s for s in cands if level(s.low_value) == lo]
        return self._place_tiles(hand, cands)[0]

    def formulation(
        self, hand: Sequence[Tile], general: Decision[Setting], all_s: list[Setting] | None = None
    ) -> Decision[Setting]:
        """Clause 7's alternative formulation, applied to the result of general play."""
        s = general.setting
        all_s = settings(hand, self.rules) if all_s is None else all_s
        lo, hi = level(s.low_value), level(s.high_value)
        rule = general.rule
        moved: Setting | None = None
        if lo == 1:
            up = [o for o in all_s if level(o.high_value) in (8, 9) and level(o.high_value) > hi]
            if up:
                top = max(level(o.high_value) for o in up)
                moved = self._best_of(hand, [o for o in up if level(o.high_value) == top])
                rule = (Rule("australian", "7.b1", "1 on the low hand and it is possible to make 8 or 9 on"
                        " the high hand, play the eight or nine"))
        elif lo == 2 and hi < 8:
            up = [o for o in all_s if level(o.high_value) == 8
                  and (_has(o.high, TEEN) or _has(o.high, DAY))]
            if up:
                moved = self._best_of(hand, up)
                rule = (Rule("australian", "7.b2", "2 on the low hand and it is possible to make 8 using a"
                        " Teen or Day, play the 8"))
        if moved is None and any(
            {t.class_index for t in h} == {CHOP_NG, GEE_JOON} and level(v) == 8
            for h, v in ((s.high, s.high_value), (s.low, s.low_value))
        ):
            chong = tiebreak_strength(Tile(3, 3), self.rules)
            up = [o for o in all_s if level(o.high_value) >= 9 and (
                level(o.high_value) > 9
                or (o.high_value.high_tile is not None
                    and tiebreak_strength(o.high_value.high_tile, self.rules) >= chong))]
            if up and not any(s.same_way(o) for o in up):
                moved = self._best_of(hand, up)
                rule = (Rule("australian", "7.b4", "an 8 with 5, Gee Joon and it is possible to make a"
                        " high 6 ranked nine or better, do so"))
        if moved is not None:
            s = moved
        for h in (s.high, s.low):
            six = [t for t in h if t.class_index in TOP_SIX]
            if len(six) == 2:
                a, b = six
                apart = [o for o in all_s
                         if level(o.low_value) == level(s.low_value)
                         and level(o.high_value) == level(s.high_value)
                         and not together(a, b, o)]
                if apart:
                    s = self._place_tiles(hand, apart)[0]
                    rule = (Rule("australian", "7.b3", "two tiles of the first six rankings on the same"
                            " hand, separate them without altering the point totals"))
                break
        return Decision(s, rule)
