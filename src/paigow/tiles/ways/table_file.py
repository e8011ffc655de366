"""Strategy tables: a hand-setting way written to, and read from, a CSV file.

The file has the header ``hand,high,low`` and one row per distinct four-tile hand by tile
face (8,130 rows). Each field holds tiles in the usual notation separated by spaces, in any
order: the hand's four tiles, then the two tiles of one hand of the setting and the two of
the other (which is the high hand is worked out from the values, so swapping the columns
is harmless). A table holds one role's strategy: it answers the same whether banking or
not. Lines that are empty or start with ``#`` are skipped.

Loading checks the whole file: a malformed tile, a setting that does not use its hand's
tiles, a repeated hand or a missing hand is a :class:`~paigow.errors.PaigowError` naming
the line.

>>> import io
>>> text = "hand,high,low\\n6-6 4-2 5-3 1-1,6-6 5-3,1-1 4-2\\n"
>>> rows = read_rows(io.StringIO(text), "demo.csv")
>>> rows[0][1].high_value.name
'Teen Gong'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import TextIO

from paigow.errors import PaigowError, TableError
from paigow.tiles.rules import DEFAULT_RULES, TileRules
from paigow.tiles.setting import Setting, make_setting, setting_from_text
from paigow.tiles.tile import DECK, Tile, parse_tiles
from paigow.tiles.ways import Decision, Rule, TileWay

HEADER = ("hand", "high", "low")

FaceKey = tuple[tuple[int, int], ...]
Progress = Callable[[int, int], None]




def face_key(tiles: Iterable[Tile]) -> FaceKey:
    """The tiles as a sorted tuple of faces: one key per distinct hand."""
    return tuple(sorted((t.hi, t.lo) for t in tiles))


@cache
def distinct_hands() -> tuple[tuple[Tile, ...], ...]:
    """The 8,130 distinct four-tile hands by face, in the order tables are written.

    >>> hands = distinct_hands()
    >>> len(hands), " ".join(map(str, hands[0]))
    (8130, '2-1 4-2 6-6 6-6')
    """
    seen: set[FaceKey] = set()
    out: list[tuple[Tile, ...]] = []
    for combo in combinations(DECK, 4):
        key = face_key(combo)
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return tuple(out)


def _tiles_text(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def write_table(
    way: TileWay,
    banking: bool,
    path: str | Path | TextIO,
    progress: Progress | None = None,
) -> int:
    """Write ``way``'s setting of every distinct hand (as banker when ``banking``) to
    ``path`` (a file name or an open text stream). Returns the number of rows written.

    ``progress``, when given, is called as ``progress(done, total)``.
    """
    hands = distinct_hands()
    if isinstance(path, str | Path):
        with open(path, "w", newline="", encoding="utf-8") as f:
            return _write(way, banking, hands, f, progress)
    return _write(way, banking, hands, path, progress)


def _write(
    way: TileWay, banking: bool, hands: Sequence[tuple[Tile, ...]], f: TextIO,
    progress: Progress | None,
) -> int:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(HEADER)
    for n, hand in enumerate(hands, 1):
        s = way.choose(hand, banking).setting
        w.writerow((_tiles_text(hand), _tiles_text(s.high), _tiles_text(s.low)))
        if progress is not None and (n % 256 == 0 or n == len(hands)):
            progress(n, len(hands))
    return len(hands)


def read_rows(
    f: TextIO, source: str = "table", rules: TileRules = DEFAULT_RULES
) -> list[tuple[int, Setting]]:
    """Read and check a table's rows: ``(line number, setting)`` per row, in file order.

    Checks the header, each row's tiles and setting, and that no hand repeats; the check
    that every hand is present is :func:`load_table`'s.
    """
    out: list[tuple[int, Setting]] = []
    seen: dict[FaceKey, int] = {}
    two: dict[str, tuple[Tile, ...]] = {}
    made: dict[tuple[tuple[Tile, ...], tuple[Tile, ...]], Setting] = {}

    def parsed(field: str) -> tuple[Tile, ...]:  # the same two-tile hands recur: read once
        if field not in two:
            two[field] = parse_tiles(field, count=2)
        return two[field]

    header_done = False
    for line_no, row in enumerate(csv.reader(f), 1):
        if not row or not "".join(row).strip() or row[0].lstrip().startswith("#"):
            continue
        fields = [x.strip() for x in row]
        if not header_done:
            if tuple(x.lower() for x in fields) != HEADER:
                raise TableError(
                    f"{source}, line {line_no}: the header must be 'hand,high,low', "
                    f"got {','.join(row)!r}"
                )
            header_done = True
            continue
        if len(fields) != 3:
            raise TableError(
                f"{source}, line {line_no}: expected 3 fields (hand,high,low), got {len(fields)}"
            )
        try:
            hand = parse_tiles(fields[0], count=4)
            high, low = parsed(fields[1]), parsed(fields[2])
            if face_key(hand) != face_key((*high, *low)):
                setting_from_text(hand, high, low, rules)  # raises, saying why
            if (high, low) not in made:
                made[high, low] = make_setting(high, low, rules)
            setting = made[high, low]
        except PaigowError as exc:
            raise TableError(f"{source}, line {line_no}: {exc}") from None
        key = face_key(hand)
        if key in seen:
            raise TableError(
                f"{source}, line {line_no}: the hand {_tiles_text(hand)} repeats line {seen[key]}"
            )
        seen[key] = line_no
        out.append((line_no, setting))
    if not header_done:
        raise TableError(f"{source}: empty table, expected the header 'hand,high,low'")
    return out


@dataclass
class TableWay:
    """A way that plays the settings of a strategy table (the same whether banking)."""

    name: str
    source: str
    settings: dict[FaceKey, tuple[int, Setting]]

    def choose(self, tiles: Sequence[Tile], banking: bool = False) -> Decision[Setting]:
        """The table's setting for ``tiles``."""
        hand = parse_tiles(list(tiles), count=4)
        line_no, s = self.settings[face_key(hand)]
        return Decision(s, Rule(self.name, None, "", cite=f"{self.source}, line {line_no}"))


def load_table(
    f: TextIO, source: str = "table", rules: TileRules = DEFAULT_RULES, name: str | None = None
) -> TableWay:
    """Read a whole table from an open stream; every distinct hand must have its row."""
    rows = read_rows(f, source, rules)
    by_key: dict[FaceKey, tuple[int, Setting]] = {}
    for line_no, s in rows:
        by_key[face_key((*s.high, *s.low))] = (line_no, s)
    for hand in distinct_hands():
        if face_key(hand) not in by_key:
            raise TableError(
                f"{source}: no row for the hand {_tiles_text(hand)} "
                f"({len(by_key)} hands found, a table needs all 8,130; "
                f"the last line read is {rows[-1][0] if rows else 1})"
            )
    return TableWay(name or f"table:{source}", source, by_key)


def load_table_way(path: str | Path, rules: TileRules = DEFAULT_RULES) -> TableWay:
    """Load the strategy table file at ``path`` as a :class:`~paigow.tiles.ways.TileWay`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise TableError(f"cannot read the strategy table {str(p)!r}: {exc.strerror}") from None
    return load_table(io.StringIO(text, newline=""), str(p), rules, name=f"table:{p}")
