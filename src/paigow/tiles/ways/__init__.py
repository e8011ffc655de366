"""Hand-setting ways for the tile game (RULES.md 1.7).

A way is an object with one job: given four tiles and whether it is banking, return a
:class:`~paigow.ways.Decision` (the setting, and the :class:`~paigow.ways.Rule` of the way
that decided it: one class of each for both games). House ways, the
optimal way, a table loaded from a file and a person at a prompt all have this shape, so
the table and the analysis take any of them.

Names understood by :func:`paigow.ways.get_way` (with :class:`TileRules`):

* ``australian`` — the Australian casino house way of seed 000 (the default dealer way)
* ``luger-banker`` / ``luger-player`` (``luger`` picks the column by ``banking``) and
  ``harrahs`` — the split tables of seed 000, with the house way's general play elsewhere
* ``eighty`` — the seed's "80% of the time" rules
* ``optimal`` — best exact expected value against a dealer way
* ``table:PATH`` — a strategy table file (CSV ``hand,high,low``)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from paigow.tiles.setting import Setting
from paigow.tiles.tile import Tile
from paigow.ways import Decision, Rule


@runtime_checkable
class TileWay(Protocol):
    """A hand-setting way for four tiles."""

    name: str

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision[Setting]:
        """The setting this way plays for ``tiles``, as banker when ``banking``."""
        ...


__all__ = ["Decision", "Rule", "TileWay"]
