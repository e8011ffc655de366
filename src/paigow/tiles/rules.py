"""Rule variants of the tile game, as an explicit object (never a global).

``gee_joon_tiebreak``: how a single Gee Joon tile (1-2 or 2-4) counts when equal hands
are decided by their highest tile (RULES.md 1.3).

* ``"ranked"`` (default; seeds 000 and 002): 2-4 ranks below the sevens and above the
  fives, 1-2 ranks last of all.
* ``"no_value"`` (seed 001): a single Gee Joon tile has no value in a tie-break; it
  loses to every other tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from paigow.errors import RuleError

GeeJoonTiebreak = Literal["ranked", "no_value"]
"""How a lone Gee Joon tile breaks ties: ``"ranked"`` or ``"no_value"`` (RULES.md 1.3)."""


@dataclass(frozen=True)
class TileRules:
    """The rule variants in force at a tile table.

    >>> TileRules().gee_joon_tiebreak
    'ranked'
    >>> TileRules("sideways")
    Traceback (most recent call last):
    ...
    paigow.errors.RuleError: unknown gee_joon_tiebreak 'sideways': choose ranked or no_value
    """

    gee_joon_tiebreak: GeeJoonTiebreak = "ranked"

    def __post_init__(self) -> None:
        if self.gee_joon_tiebreak not in ("ranked", "no_value"):
            raise RuleError(
                f"unknown gee_joon_tiebreak {self.gee_joon_tiebreak!r}: choose ranked or no_value"
            )


DEFAULT_RULES = TileRules()
"""The seeds' rules (a lone Gee Joon tile ``"ranked"``): the one default every function of
the tile game falls back to."""
