"""Where optimal play's gain over a dealer's tile way lies (docs/tiles-derive.md, section 3).

Every figure is an exact share of what optimal play gains over playing the dealer's own
way (as a player, or ``--banking`` as the bank), from the exact labels of
:func:`paigow.analysis.tiles_derive.label` (all 736,281,000 matchups):

* by hand: no pair, one pair, two pairs;
* by what optimal changes on the hands where it plays otherwise: more points in the high
  hand (and fewer in the low), more in the low hand, or the same points in both hands with
  the tiles placed otherwise (the pair kept or split counted apart);
* by the tiles: hands without a pair holding a Teen or a Day, a Gee Joon tile, neither;
* two bounds: the best any way can do that chooses among a hand's settings from their
  points alone (each distinct list of the settings' points of high and low hands played
  its best way; among settings of equal points the strongest low hand, reading N2), and
  from their full strength (points and highest tiles).

Usage: ``python scripts/tiles_gap.py [--dealer australian] [--banking]``; a few seconds.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from fractions import Fraction

import numpy as np

from paigow.analysis import tiles_derive as td
from paigow.tiles.tile import DAY, GEE_JOON, TEEN
from paigow.tiles.ways.registry import get_way


def _bound(labels: td.TileLabels, f: td.Features, hi: np.ndarray, lo: np.ndarray) -> int:
    """The summed score of the best way that sees, of each setting, only ``hi`` and ``lo``."""
    tie = f.lo_code * 4096 + f.hi_code
    seen: dict[tuple[tuple[int, int], ...], dict[tuple[int, int], int]] = defaultdict(
        lambda: defaultdict(int))
    picks = []
    for g in range(td.N_FACE):
        opts: dict[tuple[int, int], int] = {}
        for s in range(3):
            if not f.valid[g, s]:
                continue
            k = (int(hi[g, s]), int(lo[g, s]))
            if k not in opts or tie[g, s] > tie[g, opts[k]]:
                opts[k] = s
        key = tuple(sorted(opts))
        picks.append((key, opts))
        for k, s in opts.items():
            seen[key][k] += int(labels.score[g, s])
    total = 0
    for g, (key, opts) in enumerate(picks):
        best = max(seen[key], key=lambda k: seen[key][k])
        total += int(labels.score[g, opts[best]])
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dealer", default="australian")
    ap.add_argument("--banking", action="store_true")
    a = ap.parse_args()
    labels = td.label(get_way(a.dealer), a.banking)
    f = td.features()
    rows = np.arange(td.N_FACE)
    d, b = labels.dealer_split.astype(np.int64), labels.best_split.astype(np.int64)
    gain = labels.score[rows, b] - labels.score[rows, d]
    whole = int(gain.sum())

    def share(part: int) -> str:
        x = Fraction(part, whole)
        return f"{float(x):6.1%}  ({x})"

    role = "the bank" if a.banking else "a player"
    print(f"optimal's gain over {a.dealer}'s own way, as {role}: exactly "
          f"{Fraction(whole, labels.unit)} a bet ({float(Fraction(whole, labels.unit)):.4%})")
    print("by hand:")
    for n, name in ((0, "no pair"), (1, "one pair"), (2, "two pairs")):
        print(f"  {name:10s} {share(int(gain[f.n_pairs == n].sum()))}")
    print("by what optimal changes:")
    up_hi = f.hi_level[rows, b] > f.hi_level[rows, d]
    up_lo = f.lo_level[rows, b] > f.lo_level[rows, d]
    pair_move = (f.n_pairs == 1) & (f.pair_together[rows, b] != f.pair_together[rows, d])
    same = ~up_hi & ~up_lo & ~pair_move
    for name, m in (("a pair kept or split otherwise", pair_move),
                    ("more points in the high hand", up_hi & ~pair_move),
                    ("more points in the low hand", up_lo & ~pair_move),
                    ("the same points, the tiles otherwise", same)):
        print(f"  {name:38s} {share(int(gain[m].sum()))}")
    print("hands without a pair, by their tiles:")
    has = np.isin(f.classes, [TEEN, DAY]).any(axis=1)
    gee = np.isin(f.classes, [GEE_JOON]).any(axis=1)
    none = f.n_pairs == 0
    for name, m in (("with a Teen or a Day", none & has), ("with a Gee Joon tile, no Teen "
                    "or Day", none & gee & ~has), ("with neither", none & ~gee & ~has)):
        print(f"  {name:38s} {share(int(gain[m].sum()))}")
    base = labels.total(labels.dealer_split)
    print("the best choice among a hand's settings from:")
    for name, hi, lo in (("their points alone", f.hi_level, f.lo_level),
                         ("their full strength (points, highest tile)", f.hi_code, f.lo_code)):
        print(f"  {name:43s} {share(_bound(labels, f, hi, lo) - base)}")


if __name__ == "__main__":
    main()
