"""Simple, fully stated ways for the odds tests: defined here, never the code under test."""

from __future__ import annotations

from collections.abc import Sequence

from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import settings
from paigow.tiles.tile import Tile
from paigow.tiles.ways import Decision
from paigow.ways import Rule


class HighestHigh:
    """Test way, blind to its role: the highest high hand, then the highest low hand."""

    name = "highest-high"

    def __init__(self, rules: TileRules = DEFAULT_RULES) -> None:
        self.rules = rules

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision:
        s = max(settings(tiles, self.rules), key=lambda s: (s.high_value.code, s.low_value.code))
        return Decision(s, Rule(self.name, None, "", cite="highest high hand"))


class RoleAware:
    """Test way that plays differently by role: as banker the best low hand, as a player
    the lowest high hand (a poor way, which makes the optimal way's gain large, and makes
    the role written to a table file visible)."""

    name = "role-aware"

    def __init__(self, rules: TileRules = DEFAULT_RULES) -> None:
        self.rules = rules

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision:
        ss = settings(tiles, self.rules)
        if banking:
            s = max(ss, key=lambda s: (s.low_value.code, s.high_value.code))
        else:
            s = min(ss, key=lambda s: (s.high_value.code, s.low_value.code))
        return Decision(s, Rule(self.name, None, "", cite="role test way"))
