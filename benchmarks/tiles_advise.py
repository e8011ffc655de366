"""Benchmark: exact advice for one four-tile hand (all settings x 20,475 dealer hands).

Prints, on this machine: the dealer way's setup (``choose`` over 8,130 distinct hands),
the cold first call, the warm time per hand of the fast path (numba, one-hand brute
force), and the baseline measured in the same run: the plain-Python reference
(:func:`paigow.analysis.tiles_reference.reference_advise`) on a few hands, with the ratio.

Usage: ``python benchmarks/tiles_advise.py [--dealer australian] [--small]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from paigow.analysis.tiles_odds import advise
from paigow.analysis.tiles_reference import reference_advise
from paigow.analysis.tiles_tables import N_HANDS, tiles_of, way_choices
from paigow.ways import TILES, get_way


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dealer", default="australian")
    ap.add_argument("--small", action="store_true", help="smoke run")
    a = ap.parse_args()
    rng = random.Random(2024)
    n_fast = 200 if a.small else 5000
    n_ref = 1 if a.small else 4
    print(f"machine: {os.cpu_count()} cores")

    dealer = get_way(a.dealer, TILES)
    t = time.perf_counter()
    way_choices(dealer, True)
    print(f"way setup ({a.dealer}.choose over 8,130 hands, banker role): "
          f"{time.perf_counter() - t:.2f} s")

    hands = [tiles_of(rng.randrange(N_HANDS)) for _ in range(n_fast)]
    t = time.perf_counter()
    advise(hands[0], dealer)
    print(f"cold advise (first call, kernel loaded or compiled): "
          f"{(time.perf_counter() - t) * 1000:.0f} ms")

    t = time.perf_counter()
    for h in hands:
        advise(h, dealer)
    fast = (time.perf_counter() - t) / n_fast
    print(f"warm advise: {fast * 1000:.2f} ms a hand over {n_fast} hands "
          f"({3 * 20475 / fast / 1e6:.0f} M setting-matchups/s)")

    ref_times = []
    for h in hands[:n_ref]:
        t = time.perf_counter()
        reference_advise(h, dealer)
        ref_times.append(time.perf_counter() - t)
    ref = statistics.mean(ref_times)
    print(f"baseline: plain-Python reference: {ref * 1000:.0f} ms a hand over {n_ref} hands")
    print(f"ratio reference / fast: {ref / fast:.0f}x")


if __name__ == "__main__":
    main()
