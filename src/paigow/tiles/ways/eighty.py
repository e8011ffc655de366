"""The seed's simple player strategy: "About 80% of the time, you should play your hand by
using the following strategy" (seed 000, "Strategy"), rules 1-4, first that applies.

1. play a pair, matched or unmatched (two pairs: both);
2. play Teen or Day with a tile of 7, 8 or 9 pips;
3. play together the two smallest tiles that total 7, 8 or 9 pips;
4. otherwise balance the high and low hands.

Where a rule leaves a choice (two ways to play Teen or Day with a 7, 8 or 9, two
combinations of equally small tiles), rule 4 decides among them; where rule 4 leaves a choice
(settings of equal points), the stronger low hand, then the stronger high hand.

>>> from paigow.tiles.tile import parse_tiles as p
>>> d = EightyWay().choose(p("5-6 3-2 6-4 4-3"))      # the seed's worked example: option B
>>> d.setting.low_value.points, d.setting.high_value.points
(6, 7)
"""

from __future__ import annotations

from collections.abc import Sequence

from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting, make_setting, settings
from paigow.tiles.tile import CLASSES, DAY, TEEN, Tile
from paigow.tiles.ways import Decision, Rule
from paigow.tiles.ways._common import as_hand, balanced, keep_pair, level, pairs_in, strongest

__all__ = ["EightyWay", "small_total"]


def small_total(a: Tile, b: Tile) -> int | None:
    """The pips of two tiles when they total 7, 8 or 9 (a Gee Joon tile counting 3 or 6),
    else None.

    >>> from paigow.tiles.tile import parse_tile as t
    >>> small_total(t("3-2"), t("1-3")), small_total(t("2-4"), t("1-3")), small_total(t("6-5"), t("3-4"))
    (9, 7, None)
    """
    pa = (3, 6) if a.is_gee_joon else (a.pips,)
    pb = (3, 6) if b.is_gee_joon else (b.pips,)
    totals = [x + y for x in pa for y in pb if 7 <= x + y <= 9]
    return max(totals) if totals else None


def _teen_day_with_789(hand: Sequence[Tile]) -> bool:
    a, b = hand
    for big, other in ((a, b), (b, a)):
        if big.class_index in (TEEN, DAY) and not other.is_gee_joon and other.pips in (7, 8, 9):
            return True
    return False


class EightyWay:
    """The "80% of the time" strategy of seed 000 (rules 1-4), with rule 4 as the fallback.

    The way is the same whether or not it banks.
    """

    name = "eighty"

    def __init__(self, *, rules: TileRules = DEFAULT_RULES):
        self.rules = rules

    def __repr__(self) -> str:
        return f"EightyWay(rules={self.rules!r})"

    def _balance(self, cands: Sequence[Setting]) -> Setting:
        return strongest(balanced(cands))

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision[Setting]:
        """The 80% strategy's setting of four tiles and the rule that decided it."""
        hand = as_hand(tiles)
        pairs = pairs_in(hand)
        if len(pairs) == 2:
            return Decision(
                make_setting(pairs[0][1], pairs[1][1], self.rules),
                Rule("eighty", "1", "look for pairs: play the two pairs"),
            )
        if pairs:
            cls, pair = pairs[0]
            kind = "pair" if CLASSES[cls].civil else "unmatched pair"
            return Decision(
                keep_pair(hand, pair, self.rules),
                Rule("eighty", "1", f"look for pairs and unmatched pairs: play the {kind} of "
                f"{CLASSES[cls].name} ({' '.join(sorted(map(str, pair), reverse=True))})"),
            )
        all_s = settings(hand, self.rules)
        two = [s for s in all_s if _teen_day_with_789(s.high) or _teen_day_with_789(s.low)]
        if two:
            return Decision(
                self._balance(two),
                Rule("eighty", "2", "play the Teen or Day with any tile totaling 7, 8 or 9"),
            )
        small: list[tuple[int, Setting]] = []
        for s in all_s:
            for h in (s.high, s.low):
                total = small_total(*h)
                if total is not None:
                    small.append((total, s))
        if small:
            least = min(t for t, _ in small)
            chosen = self._balance([s for t, s in small if t == least])
            return Decision(
                chosen,
                Rule("eighty", "3", f"play the two smallest tiles that total 7, 8 or 9 (here {least})"),
            )
        s = self._balance(all_s)
        return Decision(
            s,
            Rule("eighty", "4", "balance the high and low hands "
            f"({level(s.low_value)} and {level(s.high_value)})"),
        )
