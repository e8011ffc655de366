"""Luger's optimal split table and Harrah's house way (seed 000).

Luger's table says, for each pair, with which other two tiles to split it, in a Banker and a
Player column ("SAME": as the banker). A hand whose pair no cell of its row matches keeps the
pair together. Harrah's plays the table's banker column except for its three stated points.

The tables say nothing about hands without a pair: those are played by the Australian house
way's play for hands without a pair (its clauses 4 to 7, :class:`AustralianHouseWay`), and
the Decision's rule says so. A hand with two pairs plays them as two hands (every cell names
two unpaired tiles, as Luger's "Unpaired 10's" spells out).

>>> from paigow.tiles.tile import parse_tiles as p
>>> LugerWay().choose(p("3-3 3-3 6-6 1-1"), banking=True).rule.text
'luger (banker column): Long, split with (2, 12) w/ (2, 11, 12)'
>>> LugerWay().choose(p("3-3 3-3 6-6 1-1"), banking=False).rule.text
'luger (player column): Long, NEVER split: keep the pair'
>>> HarrahsWay().choose(p("3-3 3-3 6-6 1-1")).rule.text
'harrahs 3: never split Long, Big Head Six, or the Mixed Five'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting, make_setting
from paigow.tiles.tile import DAY, GEE_JOON, TEEN, Tile
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
    YUN,
    as_hand,
    keep_pair,
    level,
    match,
    pairs_in,
    rest,
    split_pair,
)
from paigow.tiles.ways.australian import AustralianHouseWay

__all__ = [
    "LUGER_TABLE",
    "Cell",
    "HarrahsWay",
    "LugerBankerWay",
    "LugerPlayerWay",
    "LugerRow",
    "LugerWay",
]


@dataclass(frozen=True)
class Cell:
    """One line of a cell: the seed's words and the pairs of tiles (words of
    :data:`paigow.tiles.ways._common.TOKENS`) with which the pair is split."""

    text: str
    others: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class LugerRow:
    """A row of Luger's table: the pair's classes, its name in the seed, and the lines of
    the Banker and Player cells (no lines: NEVER)."""

    pair: frozenset[int]
    name: str
    banker: tuple[Cell, ...]
    player: tuple[Cell, ...]


def _w(a: Sequence[str], b: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """Every ``a`` word with every ``b`` word: the seed's "(x, y) w/ (u, v)"."""
    return tuple((x, y) for x in a for y in b)


_TWO_AND_TWELVE = Cell("2 and 12", (("2", "12"),))
_NEVER: tuple[Cell, ...] = ()

_HEAVEN_EARTH = (
    Cell("God w/ 7, 8, 9", _w(["Gee"], ["7", "8", "9"])),
    Cell("4 w/ 6, 7, 8, 9", _w(["4"], ["6", "7", "8", "9"])),
    Cell("(6 or 7) w/ 5, 6, 7, 8, 9", _w(["6", "7"], ["5", "6", "7", "8", "9"])),
    Cell("8 w/ 5, 8", _w(["8"], ["5", "8"])),
    Cell("MIXED 8 w/ 9", (("Low 8", "9"),)),
    Cell("9 w/ 5, 11", _w(["9"], ["5", "11"])),
)
_MAN = (
    Cell("(2, 10, 12) w/ 10 or 11", _w(["2", "10", "12"], ["10", "11"])),
    Cell("2 w/ 12", (("2", "12"),)),
    Cell("9 w/ 11", (("9", "11"),)),
)
_TWELVE_W_TEN_ELEVEN = Cell("(2, 12) w/ (10, 11)", _w(["2", "12"], ["10", "11"]))
_MIXED_EIGHT = (
    _TWO_AND_TWELVE,
    Cell("(2, 10, 12) w/ 10, 11", _w(["2", "10", "12"], ["10", "11"])),
    Cell("9 and 11", (("9", "11"),)),
)
_MIXED_SEVEN = (
    _TWO_AND_TWELVE,
    Cell("(2, 10, 12) w/ 10, 11", _w(["2", "10", "12"], ["10", "11"])),
)

#: Luger's table, one row per pair, in the seed's order.
LUGER_TABLE: tuple[LugerRow, ...] = (
    LugerRow(frozenset({GEE_JOON}), "Gee Joon",
             (Cell("Any 6 w/ 4, 5, 6", _w(["6"], ["4", "5", "6"])),),
             (Cell("Any 6 w/ 4, 5, 6", _w(["6"], ["4", "5", "6"])),)),
    LugerRow(frozenset({TEEN, DAY}), "Hev. and Earth", _HEAVEN_EARTH, _HEAVEN_EARTH),
    LugerRow(frozenset({YUN}), "Man", _MAN, _MAN),
    LugerRow(frozenset({GOR}), "Goose", _NEVER, _NEVER),
    LugerRow(frozenset({MOOY}), "Flower", _NEVER, _NEVER),
    LugerRow(frozenset({CHONG}), "Long",
             (Cell("(2, 12) w/ (2, 11, 12)", _w(["2", "12"], ["2", "11", "12"])),), _NEVER),
    LugerRow(frozenset({BON}), "Board", _NEVER, _NEVER),
    LugerRow(frozenset({FOO}), "Hatchet", _NEVER, _NEVER),
    LugerRow(frozenset({PING}), "P'ttn", _NEVER, _NEVER),
    LugerRow(frozenset({TIT}), "Long Leg Seven",
             (_TWO_AND_TWELVE, _TWELVE_W_TEN_ELEVEN, Cell("10 and 11", (("10", "11"),))),
             (_TWO_AND_TWELVE, _TWELVE_W_TEN_ELEVEN,
              Cell("FLOWER 10 and 11", (("Flower 10", "11"),)))),
    LugerRow(frozenset({LOOK}), "Big Head Six",
             (_TWO_AND_TWELVE,
              Cell("(2, 12) w/ (FLOWER 10, 11)", _w(["2", "12"], ["Flower 10", "11"]))),
             (_TWO_AND_TWELVE,)),
    LugerRow(frozenset({CHOP_GOW}), "Mixed Nine",
             (_TWO_AND_TWELVE, Cell("10 w/ 2, 12", _w(["10"], ["2", "12"])),
              Cell("Unpaired 10's", (("High 10", "Low 10"),))),
             (_TWO_AND_TWELVE, Cell("10 w/ 2, 12", _w(["10"], ["2", "12"])),
              Cell("Unpaired 10's", (("High 10", "Low 10"),)))),
    LugerRow(frozenset({CHOP_BOT}), "Mixed Eight", _MIXED_EIGHT, _MIXED_EIGHT),
    LugerRow(frozenset({CHOP_CHIT}), "Mixed Seven", _MIXED_SEVEN, _MIXED_SEVEN),
    LugerRow(frozenset({CHOP_NG}), "Mixed Five", (_TWO_AND_TWELVE,), _NEVER),
)

_ROW_OF: dict[int, LugerRow] = {c: row for row in LUGER_TABLE for c in row.pair}

#: Harrah's point 2: the sevens are split as (2, 12) w/ 2, 10, 11, 12.
HARRAHS_SEVENS = Cell("(2, 12) w/ 2, 10, 11, 12", _w(["2", "12"], ["2", "10", "11", "12"]))


class _TableWay:
    """Shared play of the split-table ways: two pairs, one pair by the table, no pair by the
    Australian house way."""

    name = "table"

    def __init__(self, *, rules: TileRules = DEFAULT_RULES):
        self.rules = rules
        self._house = AustralianHouseWay(rules=rules)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rules={self.rules!r})"

    def _label(self, banking: bool) -> str:
        return self.name

    def _rule(self, label: str, words: str, number: str | None = None) -> Rule:
        """This way's rule, named ``label`` where that is not the way's name."""
        return Rule(self.name, number, words, cite="" if label == self.name else label)

    def _one_pair(
        self, hand: Sequence[Tile], cls: int, pair: tuple[Tile, Tile], banking: bool
    ) -> Decision[Setting]:
        raise NotImplementedError

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision[Setting]:
        """The table's setting of four tiles and the cell (or house-way clause) that decided."""
        hand = as_hand(tiles)
        label = self._label(banking)
        pairs = pairs_in(hand)
        if not pairs:
            d = self._house.no_pair_play(hand)
            return Decision(d.setting, self._rule(
                label, f"no pair, the table is silent, so the house way: {d.rule}"))
        if len(pairs) == 2:
            return Decision(
                make_setting(pairs[0][1], pairs[1][1], self.rules),
                self._rule(label, "two pairs, play the two pairs as two hands"),
            )
        cls, pair = pairs[0]
        return self._one_pair(hand, cls, pair, banking)

    def _by_cells(
        self,
        hand: Sequence[Tile],
        pair: tuple[Tile, Tile],
        cells: tuple[Cell, ...],
        row_name: str,
        label: str,
        number: str | None = None,
        unmatched: str = "no cell matches",
    ) -> Decision[Setting]:
        others = rest(hand, pair)
        for cell in cells:
            if any(match(others, o) for o in cell.others):
                return Decision(split_pair(hand, pair, self.rules), self._rule(
                    label, f"{row_name}, split with {cell.text}", number))
        if not cells:
            return Decision(keep_pair(hand, pair, self.rules), self._rule(
                label, f"{row_name}, NEVER split: keep the pair", number))
        return Decision(keep_pair(hand, pair, self.rules), self._rule(
            label, f"{row_name}, {unmatched}: keep the pair", number))


class LugerBankerWay(_TableWay):
    """Luger's optimal split table, Banker column, whoever banks.

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> LugerBankerWay().choose(p("5-1 5-1 6-6 5-5")).rule.text
    'luger-banker: Big Head Six, split with (2, 12) w/ (FLOWER 10, 11)'
    """

    name = "luger-banker"
    column = "banker"

    def _one_pair(
        self, hand: Sequence[Tile], cls: int, pair: tuple[Tile, Tile], banking: bool
    ) -> Decision[Setting]:
        row = _ROW_OF[cls]
        cells = row.banker if self._column(banking) == "banker" else row.player
        return self._by_cells(hand, pair, cells, row.name, self._label(banking))

    def _column(self, banking: bool) -> str:
        return self.column


class LugerPlayerWay(LugerBankerWay):
    """Luger's optimal split table, Player column, whoever banks.

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> LugerPlayerWay().choose(p("5-1 5-1 6-6 5-5")).rule.text
    'luger-player: Big Head Six, no cell matches: keep the pair'
    """

    name = "luger-player"
    column = "player"


class LugerWay(LugerBankerWay):
    """Luger's optimal split table: the Banker column when banking, else the Player column."""

    name = "luger"

    def _column(self, banking: bool) -> str:
        return "banker" if banking else "player"

    def _label(self, banking: bool) -> str:
        return f"luger ({self._column(banking)} column)"


class HarrahsWay(_TableWay):
    """Harrah's house way: Luger's Banker column, except (1) Heaven or Earth is split to make
    6-8 or better, (2) the sevens are split as (2, 12) w/ 2, 10, 11, 12, and (3) Long, Big
    Head Six and the Mixed Five are never split. A house way: the same whoever banks.

    >>> from paigow.tiles.tile import parse_tiles as p
    >>> d = HarrahsWay().choose(p("6-6 6-6 4-2 3-1"))
    >>> print(d.rule)
    harrahs 1: split Heaven or Earth to make 6-8 or better (here 6 and 8)
    """

    name = "harrahs"

    def _one_pair(
        self, hand: Sequence[Tile], cls: int, pair: tuple[Tile, Tile], banking: bool
    ) -> Decision[Setting]:
        row = _ROW_OF[cls]
        if cls in (TEEN, DAY):
            split: Setting = split_pair(hand, pair, self.rules)
            lo, hi = level(split.low_value), level(split.high_value)
            if lo >= 6 and hi >= 8:
                return Decision(split, Rule("harrahs", "1", (
                    f"split Heaven or Earth to make 6-8 or better (here {lo} and {_pts(hi)})")))
            return Decision(keep_pair(hand, pair, self.rules), Rule("harrahs", "1", (
                f"keep Heaven or Earth, splitting makes only {lo} and {_pts(hi)}"
                " (not 6-8 or better)")))
        if cls in (TIT, CHOP_CHIT):
            return self._by_cells(hand, pair, (HARRAHS_SEVENS,), row.name, self.name, "2",
                                  "not so split")
        if cls in (CHONG, LOOK, CHOP_NG):
            return Decision(
                keep_pair(hand, pair, self.rules),
                Rule("harrahs", "3", "never split Long, Big Head Six, or the Mixed Five"),
            )
        return self._by_cells(hand, pair, row.banker, row.name, "harrahs (Luger banker column)")


def _pts(level_: int) -> str:
    return {10: "Gong", 11: "Wong"}.get(level_, str(level_))
