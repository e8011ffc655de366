"""The plain-Python reference for tile odds: it reads like the rules and is slow on purpose.

For one four-tile hand and each of its settings, deal the opponent every four-tile hand of
the 28 tiles left, let the opponent's way set it, compare high with high and low with low
by :func:`paigow.tiles.hand.compare` (RULES.md 1.3: copies and 0-0 go to the banker) and
settle the bet by :func:`paigow.settle.outcome_of` (RULES.md 1.5). The fast kernels in
:mod:`paigow.analysis.tiles_kernels` must give the same counts; the tests check it.

>>> from paigow.tiles.tile import parse_tiles
>>> len(remaining_tiles(parse_tiles("6-6 6-6 2-1 4-2")))
28
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from paigow.settle import HandResult, Outcome, expected_value, outcome_of
from paigow.tiles.hand import compare
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting, settings
from paigow.tiles.tile import DECK, Tile, check_available
from paigow.tiles.ways import TileWay


@dataclass(frozen=True)
class ReferenceOdds:
    """One setting's exact outcome counts over every opponent hand, and its EV."""

    setting: Setting
    win: int
    push: int
    lose: int
    ev: Fraction


def remaining_tiles(tiles: Sequence[Tile]) -> list[Tile]:
    """The 28 tiles of the set left after ``tiles`` are dealt (one copy removed per tile)."""
    check_available(tiles)
    rest = list(DECK)
    for t in tiles:
        rest.remove(t)
    return rest


class _Memo:
    """Remembers the opponent way's settings and the hand comparisons already made (the
    same two-tile hands meet many times); the answers are exactly those of the engine."""

    def __init__(self, way: TileWay, banking: bool, rules: TileRules) -> None:
        self.way, self.banking, self.rules = way, banking, rules
        self.settings: dict[tuple[Tile, ...], Setting] = {}
        self.winners: dict[tuple[tuple[Tile, ...], tuple[Tile, ...]], str] = {}

    def setting(self, hand: tuple[Tile, ...]) -> Setting:
        key = tuple(sorted(hand, key=DECK.index))
        if key not in self.settings:
            self.settings[key] = self.way.choose(key, self.banking).setting
        return self.settings[key]

    def winner(self, player: tuple[Tile, ...], banker: tuple[Tile, ...]) -> str:
        key = (player, banker)
        if key not in self.winners:
            self.winners[key] = compare(player, banker, self.rules).winner
        return self.winners[key]


def reference_advise(
    tiles: Sequence[Tile],
    dealer_way: TileWay,
    banking: bool = False,
    commission: Fraction = Fraction(5, 100),
    rules: TileRules = DEFAULT_RULES,
) -> list[ReferenceOdds]:
    """Exact win/push/lose counts and EV of each setting of ``tiles``.

    Not banking: the hand is a player's, against a banker who sets by ``dealer_way`` as
    banker. Banking: the hand is the bank, against a player who sets by ``dealer_way`` as
    a player; the counts are the bank's wins and losses.
    """
    rest = remaining_tiles(tiles)
    memo = _Memo(dealer_way, not banking, rules)
    out: list[ReferenceOdds] = []
    for mine in settings(tiles, rules):
        counts: Counter[Outcome] = Counter()
        for other_hand in combinations(rest, 4):
            theirs = memo.setting(other_hand)
            if banking:  # the other hand is the player's
                high = memo.winner(theirs.high, mine.high)
                low = memo.winner(theirs.low, mine.low)
                me = "banker"
            else:
                high = memo.winner(mine.high, theirs.high)
                low = memo.winner(mine.low, theirs.low)
                me = "player"
            counts[outcome_of(
                HandResult.WIN if high == me else HandResult.LOSE,
                HandResult.WIN if low == me else HandResult.LOSE,
            )] += 1
        w, p, lo = counts[Outcome.WIN], counts[Outcome.PUSH], counts[Outcome.LOSE]
        out.append(ReferenceOdds(mine, w, p, lo, expected_value(w, p, lo, commission)))
    return out
