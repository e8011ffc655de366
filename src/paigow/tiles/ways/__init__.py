"""Hand-setting ways for the tile game (RULES.md 1.7).

A way is an object with one job: given four tiles and whether it is banking, return a
:class:`Decision` (the setting, and the rule of the way that decided it). House ways, the
optimal way, a table loaded from a file and a person at a prompt all have this shape, so
the table and the analysis take any of them.

Names understood by :func:`get_way`:

* ``australian`` — the Australian casino house way of seed 000 (the default dealer way)
* ``luger-banker`` / ``luger-player`` (``luger`` picks the column by ``banking``) and
  ``harrahs`` — the split tables of seed 000, with the house way's general play elsewhere
* ``eighty`` — the seed's "80% of the time" rules
* ``optimal`` — best exact expected value against a dealer way
* ``table:PATH`` — a strategy table file (CSV ``hand,high,low``)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from paigow.tiles.setting import Setting
from paigow.tiles.tile import Tile


@dataclass(frozen=True)
class Decision:
    """A way's choice for one hand: the setting and the rule that decided it."""

    setting: Setting
    rule: str

    def __str__(self) -> str:
        return f"{self.setting}  ({self.rule})"

    def _repr_html_(self) -> str:
        """The setting as the browser draws it, and the rule (Jupyter)."""
        from html import escape

        return self.setting._repr_html_() + f"<div><small>{escape(self.rule)}</small></div>"

    def to_json(self) -> dict[str, object]:
        return {
            "high": [str(t) for t in self.setting.high],
            "low": [str(t) for t in self.setting.low],
            "rule": self.rule,
            "high_value": self.setting.high_value.name,
            "low_value": self.setting.low_value.name,
        }


@runtime_checkable
class TileWay(Protocol):
    """A hand-setting way for four tiles."""

    name: str

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision:
        """The setting this way plays for ``tiles``, as banker when ``banking``."""
        ...
